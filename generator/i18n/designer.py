"""The designer's own prose, as the designer appendix (designer-notes.pdf) prints it: where
each figure comes from (`source`), the notes on unit types, maps, map sheets and the turn
track, the decks; the `notes` column of units, markers, places and cards. It goes through
the game's catalog like every other printed string, so a Spanish kit
prints it in Spanish, and an untranslated one is printed as written and reported.

Keys follow the data's ids (`terrain.forest.source`, `unit_type.inf.notes`,
`map.main.note.2`, `turn.6.source`). The rows of units.csv, markers.csv, the maps and the
scenarios often share one source text ("rule 16.2 (Marne set-up)" for fourteen units): the
appendix prints it once with the ids it covers, and the catalog holds it once, keyed by the
first row that gives it (`unit.de-gd.source`); reordering the rows changes that key, and
`warkit i18n update` then refills the new entry from the old one (same text, same kind).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.i18n import keys

# spec collections whose entries may give a `source` the appendix prints (keys.of knows them)
ENTRY_KINDS = ("sides", "nationalities", "unit_types", "unit_states", "terrain", "hexside_features", "hex_features",
               "tables", "scenario_rules", "parameters", "decks")


@dataclass(frozen=True)
class SourceGroup:
    """One source text of data rows, the rows that give it (ids in data order) and its key."""

    text: str
    key: str
    ids: tuple[str, ...]


def row_key(row, field: str = "source") -> str:
    """The key of a data row's `source` (or `notes`): unit, marker, hex, area, scenario, card."""
    if hasattr(row, "hex_id"):
        return f"hex.{row.map_id}.{row.hex_id}.{field}"
    if hasattr(row, "area_id"):
        return f"area.{row.map_id}.{row.area_id}.{field}"
    if hasattr(row, "card_id"):
        return keys.card(row, field)
    return keys.of(row, field)


def row_id(row) -> str:
    for attr in ("unit_id", "marker_id", "hex_id", "area_id", "scenario_id", "card_id"):
        value = getattr(row, attr, None)
        if value is not None:
            return value
    return ""


def _rows(game, field: str) -> tuple:
    """The data rows that may give `field`: sources of units, markers, places and scenarios;
    the designer's notes of units, markers, places and cards."""
    if field == "notes":
        return (*game.units, *game.markers, *game.hexes, *game.areas, *game.cards)
    return (*game.units, *game.markers, *game.hexes, *game.areas, *game.scenarios)


def row_groups(game, field: str = "source") -> list[SourceGroup]:
    """Rows grouped by the `source` (or `notes`) they give, in data order."""
    grouped: dict[str, list] = {}
    for row in _rows(game, field):
        text = getattr(row, field, "")
        if text and isinstance(text, str):
            grouped.setdefault(text, []).append(row)
    # a place on two maps (a mini-map's hexes) is one id
    return [SourceGroup(text, row_key(_owner(game, rows[0], field), field),
                        tuple(dict.fromkeys(row_id(r) for r in rows))) for text, rows in grouped.items()]


def _owner(game, row, field: str):
    """The row whose key a text takes: a scenario that inherits its source through `extends`
    (a generated deployment, which may sort first) takes the key of the one that wrote it."""
    from generator.i18n.strings import scenario_owner
    from generator.model.scenario import Scenario

    return scenario_owner(game, row, field) if isinstance(row, Scenario) else row


def source_groups(game) -> list[SourceGroup]:
    """Units, markers, places and scenarios grouped by the source they give, in data order."""
    return row_groups(game, "source")


def setup_code_key(code) -> str:
    return f"setup_code.{code.side or 'all'}.{code.code}.source"


def stacking_limit_key(index: int) -> str:
    return f"stacking.limit.{index}.source"


def map_note_key(owner, index: int) -> str:
    """A note of a map, a map sheet or a deck: map.main.note.0, sheet.board.note.1."""
    return f"{keys.of(owner, 'note')}.{index}"


def track_note_key(index: int) -> str:
    return f"turn_track.note.{index}"


def turn_source_key(turn: int) -> str:
    return f"turn.{turn}.source"


def effect_rule_key(entry, index: int) -> str:
    """The rule a terrain's or feature's combat effect cites, when it holds words."""
    return keys.combat_item(entry, index, "rule")


def table_rule_key(table, kind: str, index: int) -> str:
    """The rule a table's DRM, shift or modifier cites (kind: drms, shifts, modifiers)."""
    return f"{keys.table_item(table.id, kind.rstrip('s'), index)}.rule"


def cited_rule(t, key: str, rule: str) -> str:
    """A cited rule as printed: a number as given ("13.14"), words translated ("Resolving
    battles")."""
    return t.game(key, rule) if has_letters_run(rule) else rule


def has_letters_run(text: str) -> bool:
    """Words in a citation ("Resolving battles"), not section codes ("RA.2", "S.1")."""
    return any(ch.islower() for run in re.findall(r"[^\W\d_]{2,}", text or "") for ch in run)


def designer_strings(game, at):
    """(key, text, comment, where) of every piece of the designer's prose, in data order;
    `at` locates a spec path or a row (strings._Where)."""
    spec = game.spec
    what = "Designer notes (designer-notes.pdf)"
    if spec.source:
        yield keys.game("source"), spec.source, f"{what}: where the game's data comes from", at.spec("source")
    for path in ENTRY_KINDS:
        for n, entry in enumerate(getattr(spec, path)):
            if getattr(entry, "source", None):
                yield keys.of(entry, "source"), entry.source, f"{what}: source of '{entry.id}'", at.spec(path, n, "source")
    for n, unit_type in enumerate(spec.unit_types):
        if unit_type.notes:
            yield (keys.of(unit_type, "notes"), unit_type.notes, f"{what}: the designer's note on unit type "
                   f"'{unit_type.id}'", at.spec("unit_types", n, "notes"))
    for n, code in enumerate(spec.setup_codes):
        if code.source:
            yield setup_code_key(code), code.source, f"{what}: source of set-up code '{code.code}'", \
                at.spec("setup_codes", n, "source")
    for n, track in enumerate(spec.turn_track.tracks):
        if track.source:
            yield keys.of(track, "source"), track.source, f"{what}: source of number track '{track.id}'", \
                at.spec("turn_track", "tracks", n, "source")
    if spec.stacking.source:
        yield "stacking.source", spec.stacking.source, f"{what}: source of the stacking rules", \
            at.spec("stacking", "source")
    for n, limit in enumerate(spec.stacking.limits):
        if limit.source:
            yield stacking_limit_key(n), limit.source, f"{what}: source of stacking limit {n + 1}", \
                at.spec("stacking", "limits", n, "source")
    if spec.supply and spec.supply.source:
        yield "supply.source", spec.supply.source, f"{what}: source of the supply rules", at.spec("supply", "source")
    for path in ("maps", "map_sheets"):
        for m, owner in enumerate(getattr(spec, path)):
            for i, note in enumerate(owner.notes):
                yield map_note_key(owner, i), note, f"{what}: note {i + 1} on '{owner.id}'", at.spec(path, m, "notes", i)
    for i, note in enumerate(spec.turn_track.notes):
        yield track_note_key(i), note, f"{what}: note {i + 1} on the turn track", at.spec("turn_track", "notes", i)
    for n, turn in enumerate(spec.turn_track.turns):
        if turn.source:
            yield turn_source_key(turn.turn), turn.source, f"{what}: source of turn {turn.turn}", \
                at.spec("turn_track", "turns", n, "source")
    for path in ("terrain", "hexside_features", "hex_features"):
        for n, entry in enumerate(getattr(spec, path)):
            for i, effect in enumerate(entry.combat):
                if has_letters_run(effect.rule):
                    yield effect_rule_key(entry, i), effect.rule, f"{what}: the rule combat effect {i + 1} of " \
                        f"'{entry.id}' cites", at.spec(path, n, "combat", i, "rule")
    for n, table in enumerate(spec.tables):
        for kind in ("drms", "shifts", "modifiers"):
            for i, item in enumerate(getattr(table, kind, [])):
                if has_letters_run(item.rule):
                    yield table_rule_key(table, kind, i), item.rule, f"{what}: the rule {kind[:-1]} {i + 1} of " \
                        f"table '{table.id}' cites", at.spec("tables", n, kind, i, "rule")
    for n, deck in enumerate(spec.decks):
        for i, note in enumerate(deck.notes):
            yield map_note_key(deck, i), note, f"{what}: note {i + 1} on '{deck.id}'", at.spec("decks", n, "notes", i)
    for field in ("source", "notes"):
        owners = (_owner(game, r, field) for r in _rows(game, field) if isinstance(getattr(r, field, ""), str)
                  and getattr(r, field, ""))  # only a row giving the text can own a group
        rows = {row_key(owner, field): owner for owner in owners}
        for group in row_groups(game, field):
            shown = ", ".join(group.ids[:8]) + (f" and {len(group.ids) - 8} more" if len(group.ids) > 8 else "")
            yield group.key, group.text, f"{what}: {field} given by {len(group.ids)} row(s): {shown}", \
                at.row(rows[group.key].where)
