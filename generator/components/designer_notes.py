"""The designer appendix (`designer-notes.pdf`): what the data says about itself and the
player's pages leave out — where every figure comes from (`source`, the rules a modifier
cites, the citations inside the game's text), the designer's notes (on unit types, stacking,
maps, the turn track, the number tracks), how many hexsides each drawn line follows, and
every value marked illustrative. Printed beside the kit, never in it: a player plays from
the charts and aids, a designer or translator checks them against the rulebook here.

The game's own words keep their citations here (the translator's `keeping_citations`); the
designer's prose (`source`, notes) is printed as the data writes it, in the data's language.
"""

from __future__ import annotations

from collections import defaultdict

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
from generator.components.text import ui_text
from generator.i18n.citations import has_citation
from generator.i18n.strings import game_strings
from generator.layout.blocks import Block

STEM = "designer-notes"


def _item(name: str, text: str) -> str:
    return f"{name}: {text}" if text else name


def entry_sources(context) -> list[tuple[str, list[str]]]:
    """(section title, lines) of every entry of game.yaml that gives a `source`."""
    spec, t = context.game.spec, context.translator.keeping_citations()
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
            source = getattr(entry, "source", None)
            notes = getattr(entry, "notes", None) if not isinstance(getattr(entry, "notes", None), list) else None
            parts = [x for x in (source, notes if _designer_notes(entry) else None) if x]
            if parts:
                lines.append(_item(_name(t, entry), " — ".join(parts)))
        if lines:
            out.append((title, lines))
    return out


def _designer_notes(entry) -> bool:
    """Notes of a unit type are the designer's (the player's pages do not print them)."""
    from generator.model.rules import UnitType

    return isinstance(entry, UnitType)


def _name(t, entry) -> str:
    try:
        return t.of(entry)
    except TypeError:
        return getattr(entry, "name", None) or getattr(entry, "id", "")


def modifier_rules(context) -> list[str]:
    """The rule each table modifier, shift and strength modifier cites."""
    t = context.translator.keeping_citations()
    lines = []
    for table in context.game.spec.tables:
        for kind, items in (("drms", getattr(table, "drms", [])), ("shifts", getattr(table, "shifts", [])),
                            ("modifiers", getattr(table, "modifiers", []))):
            for item in items:
                if item.rule:
                    lines.append(f"{t.of(table)} — {item.condition}: {item.rule}")
    for entries in (context.game.spec.terrain, context.game.spec.hexside_features, context.game.spec.hex_features):
        for entry in entries:
            for effect in entry.combat:
                if effect.rule:
                    lines.append(f"{t.of(entry)} — {effect.kind}: {effect.rule}")
    return lines


def designer_remarks(context) -> list[str]:
    """The designer's notes the player's pages leave out: stacking, maps (and the hexsides
    each drawn line follows), the turn track and its number tracks, each unit type's notes."""
    spec = context.game.spec
    lines = []
    if spec.stacking.source:
        lines.append(_item(ui_text(context, "Stacking"), spec.stacking.source))
    for limit in spec.stacking.limits:
        if limit.source:
            lines.append(_item(limit.name or ui_text(context, "Stacking"), limit.source))
    if spec.supply and spec.supply.source:
        lines.append(_item(ui_text(context, "Supply"), spec.supply.source))
    for spec_map in spec.maps:
        for note in spec_map.notes:
            lines.append(_item(spec_map.title, note))
        for line in spec_map.lines:
            if line.hexsides:
                lines.append(_item(f"{spec_map.title} — {line.name}",
                                   ui_text(context, "{count} hexsides", count=len(line.hexsides))))
    for sheet in spec.map_sheets:
        for note in sheet.notes:
            lines.append(_item(sheet.title, note))
    track = spec.turn_track
    for note in track.notes:
        lines.append(_item(ui_text(context, "Turn track"), note))
    for number_track in track.tracks:
        if number_track.source:
            lines.append(_item(number_track.name, number_track.source))
    return lines


def turn_sources(context) -> list[str]:
    track = context.game.spec.turn_track
    return [_item(ui_text(context, "Turn {turn}", turn=turn.turn), turn.source) for turn in track.turns if turn.source]


def row_sources(context) -> list[str]:
    """Units, markers and map rows grouped by the source they give: 'rule 2.7: 12 units'."""
    game = context.game
    grouped: dict[str, list[str]] = defaultdict(list)
    for unit in game.units:
        if unit.source:
            grouped[unit.source].append(unit.unit_id)
    for marker in game.markers:
        if marker.source:
            grouped[marker.source].append(marker.marker_id)
    for place in (*game.hexes, *game.areas):
        if place.source:
            grouped[place.source].append(getattr(place, "hex_id", None) or getattr(place, "area_id", ""))
    for scenario in game.scenarios:
        if scenario.source:
            grouped[scenario.source].append(scenario.scenario_id)
    lines = []
    for source, ids in grouped.items():
        shown = ", ".join(ids[:12]) + (" …" if len(ids) > 12 else "")
        lines.append(f"{source} ({len(ids)}): {shown}")
    return lines


def cited_text(context) -> list[str]:
    """The game's printed strings whose citations the player's pages leave out, as written."""
    t = context.translator.keeping_citations()
    lines = []
    for string in game_strings(context.game):
        text = t.game(string.key, string.source)
        if has_citation(text):
            lines.append(text)
    return lines


def illustrative_entries(context) -> list[str]:
    """Every entry whose source says some of its values are illustrative."""
    spec, t = context.game.spec, context.translator.keeping_citations()
    entries = [*spec.nationalities, *spec.unit_types, *spec.terrain, *spec.hexside_features, *spec.hex_features,
               *spec.tables, *spec.turn_track.tracks, *spec.decks, *spec.setup_codes]
    lines = [_item(_name(t, e), e.source) for e in entries if is_illustrative(getattr(e, "source", None))]
    turns = [turn for turn in spec.turn_track.turns if is_illustrative(turn.source)]
    if turns:
        lines.append(_item(ui_text(context, "Turn track"), ui_text(context, "turns {turns}",
                                                                  turns=", ".join(str(t.turn) for t in turns))))
    game = context.game
    for what, rows in ((ui_text(context, "Units"), game.units), (ui_text(context, "Markers"), game.markers)):
        marked = [getattr(r, "unit_id", None) or r.marker_id for r in rows if is_illustrative(r.source)]
        if marked:
            lines.append(_item(what, f"{len(marked)}: " + ", ".join(marked[:20]) + (" …" if len(marked) > 20 else "")))
    return lines


def designer_blocks(context, width_mm: float) -> list[Block]:
    title = ui_text(context, "Designer notes")
    blocks = [title_block(title, width_mm, context.game.spec.source or None),
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
