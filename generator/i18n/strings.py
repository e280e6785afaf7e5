"""Every translatable string of a game, with its stable key: the list extraction writes to
game.pot and `i18n.untranslated` counts against.

Printed text is extracted, the designer's prose of the designer appendix too (`source`,
`notes` of unit types, maps and the turn track: i18n/designer.py); ids, codes, numbers,
factor patterns, result codes and colours are not.
Table columns and rows are extracted only when they hold words ("Clear", "Mud"), not odds,
years or die rolls. A turn label that only spells its date ("Aug 1914" for `1914-08`) is not
extracted either: every language prints the date in its own spelling.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from generator.i18n import keys
from generator.i18n.designations import designation_strings
from generator.i18n.designer import designer_strings
from generator.i18n.formatting import label_is_date
from generator.model.clauses import CLAUSE_KINDS
from generator.model.game import Game
from generator.model.source import Location


@dataclass(frozen=True)
class GameString:
    key: str  # stable id, the msgctxt in game.po
    source: str  # the text in the data's source language, the msgid
    comment: str  # for translators: what and where it is
    where: Location | None = None  # file (relative to the game folder) and line


def game_strings(game: Game) -> list[GameString]:
    """Every translatable string of `game`, in data order, each key once (worked out once for
    the game last asked about: the checks of translations and of fonts both ask)."""
    return list(_strings_of(_Same(game)))


class _Same:
    """A game as a cache's key: equal to the very same game only, which it does not keep alive."""

    __slots__ = ("ref", "ident")

    def __init__(self, game: Game):
        self.ref, self.ident = weakref.ref(game), id(game)

    def __hash__(self) -> int:
        return self.ident

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and self.ref() is not None and self.ref() is other.ref()


@lru_cache(maxsize=1)
def _strings_of(key: _Same) -> tuple[GameString, ...]:
    game = key.ref()
    out: dict[str, GameString] = {}
    for item in _collect(game):
        if item.source.strip() and item.key not in out:
            out[item.key] = item
    return tuple(out.values())


def _collect(game: Game):
    spec, at = game.spec, _Where(game)
    yield GameString(keys.game("title"), spec.title, "Title of the game (cover, headers)", at.spec("title"))
    if spec.subtitle:
        yield GameString(keys.game("subtitle"), spec.subtitle, "Subtitle of the game", at.spec("subtitle"))
    for name, value in spec.scale.items():
        yield GameString(keys.scale(name), value, f"Game scale, '{name}' (cover)", at.spec("scale", name))
    yield from _rules_model(game, at)
    yield from _maps(game, at)
    yield from _turn_track(game, at)
    yield from _tables(game, at)
    yield from _phases(spec.sequence_of_play, at, ("sequence_of_play",), None)
    yield from _scenarios(game, at)
    yield from _units_and_markers(game, at)
    yield from _decks(game, at)
    for key, word, comment, unit in designation_strings(game):
        yield GameString(key, word, comment, at.row(unit.where))
    for key, text, comment, where in designer_strings(game, at):
        yield GameString(key, text, comment, where)


# what a translator needs to know of a field beyond its name
_NOTES = {"adjective": " (the words that follow 'units' in this language: es 'alemanas', 'del Eje')"}


def _named(items, path: str | tuple, what: str, at: "_Where", extra: tuple[str, ...] = ()):
    path = path if isinstance(path, tuple) else (path,)
    for n, item in enumerate(items):
        yield GameString(keys.of(item), item.name, f"{what} '{item.id}'", at.spec(*path, n, "name"))
        for field in extra:
            value = getattr(item, field)
            if value:
                yield GameString(keys.of(item, field), value, f"{what} '{item.id}': {field}{_NOTES.get(field, '')}",
                                 at.spec(*path, n, field))


def _rules_model(game: Game, at: "_Where"):
    spec = game.spec
    yield from _named(spec.sides, "sides", "Side name", at, ("victory_name", "adjective"))
    yield from _named(spec.nationalities, "nationalities", "Nationality name", at, ("abbreviation", "adjective"))
    yield from _named(spec.unit_types, "unit_types", "Unit type name", at, ("turned_label",))
    yield from _named(spec.sizes, "sizes", "Unit size name (echelon)", at)
    yield from _named(spec.unit_states, "unit_states", "Unit state (setup charts)", at)
    for n, limit in enumerate(spec.stacking.limits):
        if limit.name:
            yield GameString(keys.stacking_limit(n), limit.name, f"Stacking limit {n + 1} (player aid)",
                             at.spec("stacking", "limits", n, "name"))
    for n, note in enumerate(spec.stacking.notes):
        yield GameString(keys.stacking_note(n), note, f"Stacking, point {n + 1} (player aid)",
                         at.spec("stacking", "notes", n))
    for n, point in enumerate(spec.supply.summary if spec.supply else []):
        yield GameString(keys.supply_summary(n), point, f"Supply summary, point {n + 1} (player aid)",
                         at.spec("supply", "summary", n))
    yield from _named(spec.terrain, "terrain", "Terrain type (terrain effects chart, map key)", at, ("notes",))
    yield from _named(spec.hexside_features, "hexside_features", "Hexside feature (terrain effects chart)", at, ("notes",))
    yield from _named(spec.hex_features, "hex_features", "Hex feature (terrain effects chart)", at, ("notes",))
    for path in ("terrain", "hexside_features", "hex_features"):
        yield from _combat_words(getattr(spec, path), path, at)
    for path in ("terrain", "hexside_features"):  # a cost in words: "1 (2 in rain or snow)", "1 area"
        for n, entry in enumerate(getattr(spec, path)):
            if has_words(entry.movement):
                yield GameString(keys.of(entry, "movement"), entry.movement,
                                 f"'{entry.id}': its movement cost (terrain effects chart, map key)",
                                 at.spec(path, n, "movement"))
    yield from _named(spec.regions, "regions", "Region name", at)
    yield from _named(spec.events, "events", "Event the rules refer to (printed restrictions)", at)
    for n, item in enumerate(spec.restrictions):
        if item.name:
            yield GameString(keys.of(item), item.name, f"Restriction '{item.id}' in words (player aids, set-up charts)",
                             at.spec("restrictions", n, "name"))
    yield from _named(spec.scenario_rules, "scenario_rules", "Rule a scenario switches on or off (setup charts)", at)
    yield from _named(spec.parameters, "parameters", "Value a scenario may override (setup charts)", at)
    for n, layout in enumerate(spec.factor_layouts):
        if layout.pattern:
            yield GameString(keys.of(layout), layout.name, f"Factor layout '{layout.id}': how a counter's factors "
                             "read (player aid, reading the counters)", at.spec("factor_layouts", n, "name"))
    for n, face_mark in enumerate(spec.face_marks):
        yield GameString(keys.face_mark(face_mark.mark), face_mark.meaning,
                         f"What the mark {face_mark.mark!r} printed on a counter face means "
                         "(player aid, reading the counters)", at.spec("face_marks", n, "meaning"))
    for n, form in enumerate(spec.counter_codes):
        if form.name:
            yield GameString(keys.counter_code_name(n), form.name, f"Corner code {form.pattern!r}: what it is "
                             "(player aid, reading the counters)", at.spec("counter_codes", n, "name"))
        for code, meaning in form.entries.items():
            yield GameString(keys.counter_code_entry(n, code), meaning,
                             f"Where a reinforcement with entry code {code!r} comes in (scenario sheet, set-up)",
                             at.spec("counter_codes", n, "entries", code))
        if form.arrival:
            yield GameString(keys.counter_code_arrival(n), form.arrival,
                             f"When units with counter code {form.pattern!r} arrive (scenario sheet)",
                             at.spec("counter_codes", n, "arrival"))
    for n, code in enumerate(spec.setup_codes):
        owner = f" of side '{code.side}'" if code.side else ""
        yield GameString(keys.setup_code(code.side, code.code), code.name,
                         f"Where set-up code '{code.code}'{owner} places a unit (setup charts)",
                         at.spec("setup_codes", n, "name"))


def _combat_words(entries, path: str, at: "_Where"):
    """The words of combat effects: a condition, or an effect said in words."""
    for n, entry in enumerate(entries):
        for i, effect in enumerate(entry.combat):
            for field in ("condition", "effect"):
                text = getattr(effect, field)
                if text:
                    yield GameString(keys.combat_item(entry, i, field), text,
                                     f"'{entry.id}': the {field} of combat effect {i + 1} (terrain effects chart, map key)",
                                     at.spec(path, n, "combat", i, field))


def _boxes(owner, path: tuple, what: str, at: "_Where"):
    for n, box in enumerate(owner.boxes):
        yield GameString(keys.box(owner.id, box), box.name, f"Box '{box.id}' printed on {what} '{owner.id}'",
                         at.spec(*path, "boxes", n, "name"))
        if box.notes:
            yield GameString(keys.box_notes(owner.id, box), box.notes, f"Box '{box.id}': note printed in the box",
                             at.spec(*path, "boxes", n, "notes"))


def _maps(game: Game, at: "_Where"):
    for m, spec in enumerate(game.spec.map_sheets):
        yield GameString(keys.of(spec, "title"), spec.title, f"Title of map sheet '{spec.id}'",
                         at.spec("map_sheets", m, "title"))
        yield from _boxes(spec, ("map_sheets", m), "map sheet", at)
    for m, spec in enumerate(game.spec.maps):
        yield GameString(keys.of(spec, "title"), spec.title, f"Title of map '{spec.id}'", at.spec("maps", m, "title"))
        if spec.scale:
            yield GameString(keys.of(spec, "scale"), spec.scale, f"Scale of map '{spec.id}', under its title",
                             at.spec("maps", m, "scale"))
        if spec.board is not None and spec.board.squares_name:
            yield GameString(keys.squares_name(spec.id), spec.board.squares_name,
                             f"What the squares printed on the areas of map '{spec.id}' stand for (map key)",
                             at.spec("maps", m, "board", "squares_name"))
        yield from _boxes(spec, ("maps", m), "map", at)
        for n, line in enumerate(spec.lines):
            yield GameString(keys.line(spec.id, line), line.name, f"Named line '{line.id}' on map '{spec.id}'",
                             at.spec("maps", m, "lines", n, "name"))
        for n, edge in enumerate(spec.edges):
            if edge.label:
                yield GameString(keys.edge(spec.id, edge.edge), edge.label, f"Label of the {edge.edge} edge of map '{spec.id}'",
                                 at.spec("maps", m, "edges", n, "label"))
    for hex_ in game.hexes:
        if hex_.name:
            yield GameString(keys.hex_name(hex_.map_id, hex_.hex_id), hex_.name,
                             f"Place name in hex {hex_.hex_id} of map '{hex_.map_id}'", at.row(hex_.where))
    for area in game.areas:
        if area.name:
            yield GameString(keys.area_name(area.map_id, area.area_id), area.name,
                             f"Name of area '{area.area_id}' of map '{area.map_id}'", at.row(area.where))


def _turn_track(game: Game, at: "_Where"):
    source_language = game.spec.source_language
    seasons: dict[str, tuple] = {}
    track = game.spec.turn_track
    if track.title:
        yield GameString(keys.game("turn_track_title"), track.title, "Title of the turn track (tracking sheet)",
                         at.spec("turn_track", "title"))
    if track.turn_name:
        yield GameString(keys.game("turn_name"), track.turn_name, "What the game calls a turn (tracking sheet)",
                         at.spec("turn_track", "turn_name"))
    yield from _named(track.phases, ("turn_track", "phases"), "Phase space of each turn on the tracking sheet", at,
                      ("short",))
    yield from _named(track.tracks, ("turn_track", "tracks"), "Number track on the tracking sheet", at)
    for n, number_track in enumerate(track.tracks):
        for i, note in enumerate(number_track.notes):
            yield GameString(f"{keys.of(number_track, 'note')}.{i}", note, f"Track '{number_track.id}': note {i + 1}",
                             at.spec("turn_track", "tracks", n, "notes", i))
    for n, turn in enumerate(game.spec.turn_track.turns):
        here = ("turn_track", "turns", n)
        if turn.label and not label_is_date(turn.label, turn.date, source_language):
            dated = f" (date {turn.date})" if turn.date else ""
            yield GameString(keys.turn_label(turn.turn), turn.label, f"Label of turn {turn.turn} on the turn track{dated}",
                             at.spec(*here, "label"))
        for name, value in turn.annotations.items():
            yield GameString(keys.turn_annotation(turn.turn, name), name,
                             f"Turn {turn.turn}: name of an annotation in the turn box (its value: {value!r})",
                             at.spec(*here, "annotations", name))
            if has_words(str(value)):
                yield GameString(keys.annotation_value(turn.turn, name), str(value),
                                 f"Turn {turn.turn}: value of the annotation '{name}' in the turn box",
                                 at.spec(*here, "annotations", name))
        for i, note in enumerate(turn.note_texts):
            yield GameString(keys.turn_note(turn.turn, i), note, f"Turn {turn.turn}: note {i + 1} in the turn box",
                             at.spec(*here, "notes", i))
        for field, key in (("season", keys.season), ("weather", keys.weather)):
            value = getattr(turn, field)
            if value and (field, value) not in seasons:
                seasons[(field, value)] = True
                yield GameString(key(value), value, f"A {field} on the turn track", at.spec(*here, field))
        for map_id, value in turn.weather_by_map.items():
            if ("weather", value) not in seasons:
                seasons[("weather", value)] = True
                yield GameString(keys.weather(value), value, "A weather on the turn track",
                                 at.spec(*here, "weather_by_map", map_id))
    for n, weather in enumerate(track.weathers):
        if ("weather", weather.id) not in seasons:
            seasons[("weather", weather.id)] = True
            yield GameString(keys.weather(weather.id), weather.id, "A weather on the turn track",
                             at.spec("turn_track", "weathers", n, "id"))
        for i, effect in enumerate(weather.effects):
            yield GameString(keys.weather_effect(weather.id, i), effect,
                             f"Weather '{weather.id}': effect {i + 1} (player aids)", at.spec("turn_track", "weathers", n,
                                                                                              "effects", i))


def _tables(game: Game, at: "_Where"):
    for t, table in enumerate(game.spec.tables):
        here, tid = ("tables", t), table.id
        yield GameString(keys.of(table), table.name, f"Title of table '{tid}'", at.spec(*here, "name"))
        for field in ("row_title", "column_title", "odds_rounding", "column_side", "row_side"):
            value = getattr(table, field, None)
            if value:
                yield GameString(keys.table_field(tid, field), value, f"Table '{tid}': {field.replace('_', ' ')}",
                                 at.spec(*here, field))
        for kind, values in (("column", table.columns), ("row", table.rows)):
            for i, value in enumerate(values):
                if has_words(value):
                    yield GameString(keys.table_item(tid, kind, i), value, f"Table '{tid}': heading of {kind} {i + 1}",
                                     at.spec(*here, kind + "s", i))
        if table.kind == "dice":  # cells that hold words rather than result codes ("frozen")
            for r, cells in enumerate(table.cells):
                for c, text in enumerate(cells):
                    if has_words(text) and text not in table.entries:
                        yield GameString(keys.table_item(tid, "cell", f"{r}.{c}"), text,
                                         f"Table '{tid}': cell of row {r + 1}, column {c + 1}", at.spec(*here, "cells", r))
        for code, meaning in getattr(table, "entries", {}).items():
            yield GameString(keys.table_item(tid, "entry", code), meaning, f"Table '{tid}': what result '{code}' means",
                             at.spec(*here, "entries", code))
        for i, result in enumerate(getattr(table, "results", [])):
            yield GameString(keys.table_item(tid, "result", result.code), result.meaning,
                             f"Table '{tid}': meaning of result code '{result.code}'", at.spec(*here, "results", i, "meaning"))
        for i, drm in enumerate(getattr(table, "drms", [])):
            rule = f", rule {drm.rule}" if drm.rule else ""
            yield GameString(keys.table_item(tid, "drm", i), drm.condition,
                             f"Table '{tid}': condition of die-roll modifier {drm.value}{rule}", at.spec(*here, "drms", i, "condition"))
            if has_words(drm.value):
                yield GameString(keys.drm_value(tid, i), drm.value, f"Table '{tid}': die-roll modifier value",
                                 at.spec(*here, "drms", i, "value"))
        for i, output in enumerate(getattr(table, "outputs", [])):
            yield GameString(keys.table_item(tid, "output", i), output.name,
                             f"Table '{tid}': what the number '{output.group}' of a result gives",
                             at.spec(*here, "outputs", i, "name"))
        for kind, items in (("shift", getattr(table, "shifts", [])), ("modifier", getattr(table, "modifiers", []))):
            for i, item in enumerate(items):
                rule = f", rule {item.rule}" if item.rule else ""
                yield GameString(keys.table_item(tid, kind, i), item.condition,
                                 f"Table '{tid}': condition of {kind} {i + 1}{rule}", at.spec(*here, kind + "s", i, "condition"))
        for i, modifier in enumerate(getattr(table, "modifiers", [])):
            if has_words(modifier.value):
                yield GameString(keys.table_item(tid, "modifier_value", i), modifier.value,
                                 f"Table '{tid}': strength modifier value", at.spec(*here, "modifiers", i, "value"))
        for i, note in enumerate(table.notes):
            yield GameString(keys.table_item(tid, "note", i), note, f"Table '{tid}': note {i + 1} under the table",
                             at.spec(*here, "notes", i))


def _phases(phases, at: "_Where", path: tuple, parent):
    for n, phase in enumerate(phases):
        here = path + (n,)
        what = f"step '{phase.id}' of '{parent.id}'" if parent else f"phase '{phase.id}'"
        yield GameString(keys.of(phase), phase.name, f"Sequence of play: {what}", at.spec(*here, "name"))
        if phase.notes:
            yield GameString(keys.of(phase, "notes"), phase.notes, f"Sequence of play: notes of '{phase.id}'",
                             at.spec(*here, "notes"))
        yield from _phases(phase.steps, at, here + ("steps",), phase)


def _scenarios(game: Game, at: "_Where"):
    for scenario in game.scenarios:
        owner = scenario_owner
        where = at.row(scenario.where)
        sid = scenario.scenario_id
        yield GameString(keys.of(owner(game, scenario, "title"), "title"), scenario.title, f"Title of scenario '{sid}'", where)
        if scenario.description:
            yield GameString(keys.of(owner(game, scenario, "description"), "description"), scenario.description,
                             f"Scenario '{sid}': description", where)
        deployment = scenario.deployment
        for group in deployment.groups if deployment and deployment.scenario_id == sid else ():
            if group.spec.name:
                yield GameString(keys.deployment_group(sid, group.group_id), group.spec.name,
                                 f"Scenario '{sid}': name of deployment group '{group.group_id}' (set-up form)",
                                 at.row(group.where))
        for placed in scenario.restrictions:
            if placed.scenario_id == sid and placed.spec.name and not placed.spec.off:
                yield GameString(keys.scenario_restriction(sid, placed.spec.id), placed.spec.name,
                                 f"Scenario '{sid}': restriction '{placed.spec.id}' in words (set-up charts)",
                                 at.row(placed.where))
        for arrival in scenario.reinforcements:
            if arrival.entry and has_words(arrival.entry) and not _is_area(game, scenario, arrival.entry) \
                    and not _is_code(game, arrival.entry):
                yield GameString(keys.entry(arrival.entry), arrival.entry,
                                 f"Where a reinforcement enters (turn track, setup charts); scenario '{sid}'",
                                 at.row(arrival.where))
        for field, what in (("setup", "set-up"), ("reinforcements", "reinforcement")):
            owner_id = owner(game, scenario, field).scenario_id
            for i, row in enumerate(getattr(scenario, field)):
                if row.notes:
                    yield GameString(keys.scenario_row_note(owner_id, field, i), row.notes,
                                     f"Scenario '{owner_id}': note on {what} row {i + 1} (unit '{row.unit_id}'; "
                                     "setup charts, scenario sheet)", at.row(row.where))
        for field, kind in CLAUSE_KINDS.items():
            owner_id = owner(game, scenario, field).scenario_id
            for i, item in enumerate(getattr(scenario, field)):
                yield GameString(keys.scenario_item(owner_id, kind, i), item.text,
                                 f"Scenario '{owner_id}': {kind.replace('_', ' ')} {i + 1}", at.row(item.where))
        owner_id = owner(game, scenario, "turn_overlays").scenario_id
        declared = {name for turn in game.spec.turn_track.turns for name in turn.annotations}
        for change in scenario.turn_overlays:
            for name, _ in change.annotations:
                if name not in declared:
                    declared.add(name)
                    yield GameString(keys.annotation(name), name, "Name of an annotation on a scenario's turn track",
                                     at.row(change.where))
            for i, note in enumerate(change.notes):
                yield GameString(keys.scenario_turn_note(owner_id, change.turn, i), note,
                                 f"Scenario '{owner_id}': note {i + 1} on turn {change.turn} of its turn track",
                                 at.row(change.where))


def _is_code(game: Game, entry: str) -> bool:
    """An entry that is an entry code (`counter_codes[].entries`) prints what the code means."""
    return any(entry in form.entries for form in game.spec.counter_codes)


def _is_area(game: Game, scenario, entry: str) -> bool:
    """An entry that names an area of the scenario's area map prints that area's name."""
    return entry_area(game, scenario, entry) is not None


def entry_area(game: Game, scenario, entry: str):
    """The area of the scenario's area map an entry names, by id or by its name as written
    ("northgate" or "Northgate"); None when the entry is something else (a code, a card)."""
    spec = game.maps.get(scenario.map_id)
    if spec is None or not spec.is_area:
        return None
    area = game.area_index.get((scenario.map_id, entry))
    if area is not None:
        return area
    folded = entry.strip().casefold()
    return next((a for (map_id, _), a in game.area_index.items()
                 if map_id == scenario.map_id and a.name and a.name.casefold() == folded), None)


def scenario_owner(game: Game, scenario, field: str):
    """The scenario a value was written in: an `extends` ancestor holding the same value
    gives the key, so an inherited special rule is translated once."""
    current = scenario
    while current.extends and current.extends in game.scenario_index:
        parent = game.scenario_index[current.extends]
        if getattr(parent, field) != getattr(scenario, field):
            break
        current = parent
    return current


def _units_and_markers(game: Game, at: "_Where"):
    for unit in game.units:
        if unit.name:
            yield GameString(keys.of(unit), unit.name, f"Full name of unit '{unit.unit_id}' (setup charts)", at.row(unit.where))
        if unit.ability:
            yield GameString(keys.of(unit, "ability"), unit.ability,
                             f"What unit '{unit.unit_id}' alone may do (its side's player aid)", at.row(unit.where))
    for marker in game.markers:
        mid = marker.marker_id
        yield GameString(keys.of(marker), marker.name, f"Name of marker '{mid}' (lists, setup charts)", at.row(marker.where))
        if marker.text and marker.text != marker.name:
            yield GameString(keys.of(marker, "text"), marker.text, f"Text printed on the front of marker '{mid}'",
                             at.row(marker.where))
        if marker.back_text:
            yield GameString(keys.of(marker, "back_text"), marker.back_text, f"Text printed on the back of marker '{mid}'",
                             at.row(marker.where))


def _decks(game: Game, at: "_Where"):
    for n, deck in enumerate(game.spec.decks):
        here, what = ("decks", n), f"{'Cup of chits' if deck.kind == 'chit' else 'Deck'} '{deck.id}'"
        yield GameString(keys.of(deck), deck.name, f"{what}: name", at.spec(*here, "name"))
        if deck.back.label:
            yield GameString(keys.deck_back(deck), deck.back.label, f"{what}: printed on every back",
                             at.spec(*here, "back", "label"))
        for i, flag in enumerate(deck.flags):
            yield GameString(keys.deck_flag(deck, flag.id), flag.name, f"{what}: name of flag '{flag.id}'",
                             at.spec(*here, "flags", i, "name"))
            if has_letters(flag.mark):
                yield GameString(keys.deck_flag_mark(deck, flag.id), flag.mark,
                                 f"{what}: the mark of flag '{flag.id}' on the chits, an abbreviation of its name "
                                 f"(up to 3 characters)", at.spec(*here, "flags", i, "mark"))
        for i, deck_field in enumerate(deck.fields):
            yield GameString(keys.deck_field(deck, deck_field.id), deck_field.name,
                             f"{what}: name of field '{deck_field.id}'", at.spec(*here, "fields", i, "name"))
        for card in game.cards_of(deck.id):
            where = at.row(card.where)
            yield GameString(keys.card(card, "title"), card.title, f"{what}: title of '{card.card_id}'", where)
            yield GameString(keys.card(card, "text"), card.text, f"{what}: text of '{card.card_id}'", where)
            for deck_field in deck.fields:
                value = card.values.get(deck_field.id, "")
                if deck_field.kind not in ("number", "squares") and has_words(value):
                    yield GameString(keys.card(card, deck_field.id), value,
                                     f"{what}: '{deck_field.id}' of '{card.card_id}'", where)


def has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]{2,}", text))


def has_letters(text: str | None) -> bool:
    """A short mark holding a letter ("U", "HQ") abbreviates a word; "!" or "1" does not."""
    return bool(text) and bool(re.search(r"[^\W\d_]", text))



class _Where:
    """Locations relative to the game folder, for the `#:` references of game.pot."""

    def __init__(self, game: Game):
        self.game = game

    def spec(self, *path) -> Location:
        return self._relative(self.game.spec_where(*path))

    def row(self, where: Location) -> Location:
        return self._relative(where)

    @staticmethod
    def _relative(where: Location) -> Location:
        return Location(_inside_game(where.file), where.line, where.column)


@lru_cache(maxsize=256)
def _inside_game(file: str) -> str:
    """A location's file less the game folder's name (`mini/units.csv` → `units.csv`): a few
    files, named by a thousand rows."""
    parts = PurePosixPath(file).parts
    return str(PurePosixPath(*parts[1:])) if len(parts) > 1 else file
