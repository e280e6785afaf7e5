"""The designer appendix (`designer-notes.pdf`): what the data says about itself and the
player's pages leave out — where every figure comes from (`source`, the rules a modifier
cites, the citations inside the game's text), the designer's notes (on unit types, stacking,
maps, the turn track, the number tracks), how many hexsides each drawn line follows, and
every value marked illustrative. Printed beside the kit, never in it: a player plays from
the charts and aids, a designer or translator checks them against the rulebook here.

The game's own words keep their citations here (the translator's `keeping_citations`); the
designer's prose (`source`, notes) comes through the game's catalog too (i18n/designer.py):
translated in the build's language, or printed as written and reported when untranslated.
"""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_pages,
    content_frame,
    document_outputs,
    heading_block,
    text_block,
    title_block,
)
from generator.components.illustrative import MARK, is_illustrative
from generator.components.combat_words import CombatWords
from generator.components.text import ui_text
from generator.i18n import designer, keys
from generator.i18n.citations import has_citation
from generator.i18n.strings import game_strings
from generator.layout.blocks import Block
from generator.model.rules import SetupCode, UnitType

STEM = "designer-notes"


def _item(name: str, text: str) -> str:
    return f"{name}: {text}" if text else name


def _t(context):
    """The build's translator keeping the citations: the appendix prints them."""
    return context.translator.keeping_citations()


def _source(t, entry) -> str:
    """An entry's `source` in the build's language ('' when it gives none)."""
    return t.game(keys.of(entry, "source"), entry.source) if getattr(entry, "source", None) else ""


def entry_sources(context) -> list[tuple[str, list[str]]]:
    """(section title, lines) of every entry of game.yaml that gives a `source` (and the
    designer's note of each unit type)."""
    spec, t = context.game.spec, _t(context)
    sections = [
        (ui_text(context, "Sides and nationalities"), [*spec.sides, *spec.nationalities]),
        (ui_text(context, "Unit types"), spec.unit_types),
        (ui_text(context, "Unit states"), spec.unit_states),
        (ui_text(context, "Terrain"), spec.terrain),
        (ui_text(context, "Hexside features"), spec.hexside_features),
        (ui_text(context, "Hex features"), spec.hex_features),
        (ui_text(context, "Tables"), spec.tables),
        (ui_text(context, "Scenario rules and parameters"), [*spec.scenario_rules, *spec.parameters]),
        (ui_text(context, "Decks and cups"), spec.decks),
    ]
    out = []
    for title, entries in sections:
        lines = []
        for entry in entries:
            notes = t.of(entry, "notes") if isinstance(entry, UnitType) and entry.notes else ""
            parts = [x for x in (_source(t, entry), notes) if x]
            if parts:
                lines.append(_item(_name(t, entry), " — ".join(parts)))
        if lines:
            out.append((title, lines))
    return out


def _name(t, entry) -> str:
    """An entry's name in the build's language: set-up codes by their own key."""
    if isinstance(entry, SetupCode):
        return t.setup_code_name(entry)
    return t.of(entry)


def _entry_source(t, entry) -> str:
    if isinstance(entry, SetupCode):
        return t.game(designer.setup_code_key(entry), entry.source)
    return _source(t, entry)


def modifier_rules(context) -> list[str]:
    """The rule each table modifier, shift and strength modifier cites, and each combat
    effect of terrain and features."""
    t, game = _t(context), context.game
    lines = []
    conditions = {"drms": t.drm_condition, "shifts": t.shift_condition, "modifiers": t.modifier_condition}
    for table in game.spec.tables:
        for kind, condition in conditions.items():
            for i, item in enumerate(getattr(table, kind, [])):
                if item.rule:
                    rule = designer.cited_rule(t, designer.table_rule_key(table, kind, i), item.rule)
                    lines.append(f"{t.of(table)} — {condition(table, i)}: {rule}")
    words = CombatWords(game, t)
    for entries, hexside in ((game.spec.terrain, False), (game.spec.hexside_features, True),
                             (game.spec.hex_features, False)):
        for entry in entries:
            for i, effect in enumerate(entry.combat):
                if effect.rule:
                    rule = designer.cited_rule(t, designer.effect_rule_key(entry, i), effect.rule)
                    lines.append(f"{t.of(entry)} — {words.effect(effect, hexside, entry)}: {rule}")
    return lines


def designer_remarks(context) -> list[str]:
    """The designer's notes the player's pages leave out: stacking, maps (and the hexsides
    each drawn line follows), the turn track and its number tracks."""
    spec, t = context.game.spec, _t(context)
    lines = []
    if spec.stacking.source:
        lines.append(_item(ui_text(context, "Stacking"), t.game("stacking.source", spec.stacking.source)))
    for n, limit in enumerate(spec.stacking.limits):
        if limit.source:
            name = t.stacking_limit(n, limit) or ui_text(context, "Stacking")
            lines.append(_item(name, t.game(designer.stacking_limit_key(n), limit.source)))
    if spec.supply and spec.supply.source:
        lines.append(_item(ui_text(context, "Supply"), t.game("supply.source", spec.supply.source)))
    for spec_map in spec.maps:
        title = t.of(spec_map, "title")
        for i, note in enumerate(spec_map.notes):
            lines.append(_item(title, t.game(designer.map_note_key(spec_map, i), note)))
        for line in spec_map.lines:
            if line.hexsides:
                lines.append(_item(f"{title} — {t.line_name(spec_map.id, line)}",
                                   ui_text(context, "{count} hexsides", count=len(line.hexsides))))
    for sheet in spec.map_sheets:
        title = t.of(sheet, "title")
        for i, note in enumerate(sheet.notes):
            lines.append(_item(title, t.game(designer.map_note_key(sheet, i), note)))
    for deck in spec.decks:
        for i, note in enumerate(deck.notes):
            lines.append(_item(t.of(deck), t.game(designer.map_note_key(deck, i), note)))
    track = spec.turn_track
    for i, note in enumerate(track.notes):
        lines.append(_item(ui_text(context, "Turn track"), t.game(designer.track_note_key(i), note)))
    for number_track in track.tracks:
        if number_track.source:
            lines.append(_item(t.of(number_track), _source(t, number_track)))
    return lines


def turn_sources(context) -> list[str]:
    t = _t(context)
    return [_item(ui_text(context, "Turn {turn}", turn=turn.turn), t.game(designer.turn_source_key(turn.turn), turn.source))
            for turn in context.game.spec.turn_track.turns if turn.source]


def _ids(context, ids, shown: int) -> str:
    """The first `shown` ids, and how many more: "de-gd, de-3 and 12 more"."""
    text = ", ".join(ids[:shown])
    if len(ids) > shown:
        return ui_text(context, "{ids} and {count} more", ids=text, count=len(ids) - shown)
    return text


def row_sources(context, field: str = "source") -> list[str]:
    """Units, markers and map rows grouped by the source (or designer's note) they give:
    'rule 2.7 (12): de-1, de-2 …'."""
    t = _t(context)
    return [f"{t.game(group.key, group.text)} ({len(group.ids)}): {_ids(context, group.ids, 12)}"
            for group in designer.row_groups(context.game, field)]


def cited_text(context) -> list[str]:
    """The game's printed strings whose citations the player's pages leave out, as written."""
    t = _t(context)
    prose = {key for key, *_ in designer.designer_strings(context.game, _Nowhere())}
    lines = []
    for string in game_strings(context.game):
        if string.key in prose:  # the designer's own prose is printed in its own section
            continue
        text = t.game(string.key, string.source)
        if has_citation(text):
            lines.append(text)
    return lines


def illustrative_entries(context) -> list[str]:
    """Every entry whose source says some of its values are illustrative."""
    spec, t = context.game.spec, _t(context)
    entries = [*spec.nationalities, *spec.unit_types, *spec.terrain, *spec.hexside_features, *spec.hex_features,
               *spec.tables, *spec.turn_track.tracks, *spec.decks, *spec.setup_codes]
    lines = [_item(_name(t, e), _entry_source(t, e)) for e in entries if is_illustrative(getattr(e, "source", None))]
    turns = [turn for turn in spec.turn_track.turns if is_illustrative(turn.source)]
    if turns:
        lines.append(_item(ui_text(context, "Turn track"), ui_text(context, "turns {turns}",
                                                                  turns=", ".join(str(t.turn) for t in turns))))
    game = context.game
    for what, rows in ((ui_text(context, "Units"), game.units), (ui_text(context, "Markers"), game.markers)):
        marked = [getattr(r, "unit_id", None) or r.marker_id for r in rows if is_illustrative(r.source)]
        if marked:
            lines.append(_item(what, f"{len(marked)}: " + _ids(context, marked, 20)))
    return lines


class _Nowhere:
    """No locations: the appendix needs only the keys of the designer's prose."""

    def spec(self, *path):
        return None

    def row(self, where):
        return None


def designer_blocks(context, width_mm: float) -> list[Block]:
    title = ui_text(context, "Designer notes")
    source = context.game.spec.source
    blocks = [title_block(title, width_mm, _t(context).game(keys.game("source"), source) if source else None),
              text_block(ui_text(context, "Where the kit's figures come from and what the data assumes: the "
                                          "citations, notes and illustrative values that the charts, aids and "
                                          "maps leave out. Not needed for play. Entries marked {mark} on the "
                                          "player's pages hold values the rulebook does not give; they are "
                                          "listed first.", mark=MARK), width_mm, size_pt=cs.SMALL_PT,
                         colour=cs.MUTED)]

    def section(heading: str, lines: list[str]) -> None:
        if lines:
            blocks.append(heading_block(heading, width_mm))
            blocks.extend(bullet_blocks(lines, width_mm, size_pt=cs.NOTE_PT))

    section(ui_text(context, "Illustrative values"), illustrative_entries(context))
    for heading, lines in entry_sources(context):
        section(ui_text(context, "Sources: {what}", what=heading), lines)
    section(ui_text(context, "Rules behind the modifiers"), modifier_rules(context))
    section(ui_text(context, "Designer's remarks"), designer_remarks(context))
    section(ui_text(context, "Sources: turns"), turn_sources(context))
    section(ui_text(context, "Sources: units, markers, places and scenarios"), row_sources(context))
    section(ui_text(context, "Notes: units, markers, places and cards"), row_sources(context, "notes"))
    section(ui_text(context, "Text with its citations"), cited_text(context))
    return blocks


@component("designer-notes", order=95)
def build_designer_notes(context: BuildContext) -> list[OutputFile]:
    width = content_frame(context).width_mm
    title = ui_text(context, "Designer notes")
    pages = chart_pages(context, title, designer_blocks(context, width))
    return [_out_of_kit(f, title) for f in document_outputs(context, STEM, title, pages)]


def _out_of_kit(file: OutputFile, title: str) -> OutputFile:
    """Kept out of kit.pdf; its contents page lists it under "Printed separately"."""
    from dataclasses import replace

    return replace(file, kit=False, title=title)
