"""Filled setup charts: for each scenario, every starting unit as its counter (on the face for
its step level), grouped by side, nationality and army, labelled with its hex and place;
the units in boxes, the markers, the reinforcements by turn and the stacking check; then the
setup map (setup_map.py). The `setup` component writes setup-<scenario>.pdf.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    shortened,
    content_frame,
    document_outputs,
    framed_page,
    heading_block,
    text_block,
    title_block,
)
from generator.components.counter_hook import marker_counter, unit_counter
from generator.components.setup_map import MapSection, Piece, map_sections
from generator.components.text import game_text, ui_text
from generator.components.turn_track import selected_scenarios
from generator.i18n.marks import N_
from generator.layout.blocks import Block, paginate, side_by_side, stacked
from generator.layout.primitives import Group, Item, Page
from generator.layout.wrap import paragraph, wrap_text
from generator.model.scenario import Scenario
from generator.model.units import Unit

CARD_GAP_MM = 2.0
CARDS_PER_ROW = 4
CAPTION_MM = 6.0


@dataclass(frozen=True)
class Card:
    """One counter of the chart with its lines of text."""

    anchor: str  # "unit:<id>", "marker:<id>:<n>" or "arrival:<id>"
    draw: object  # (x, y, size) -> Group
    name: str
    where: str  # hex and place, box, turn or entry
    detail: str = ""


# -- what the scenario sets up ------------------------------------------------------------

def unit_name(context, unit: Unit) -> str:
    return game_text(context).of(unit) if unit.name else unit.designation


def place(context, map_id: str, hex_id: str) -> str:
    """'3036 Paris': the hex and its place name on that map, in the build's language."""
    found = context.game.hex_index.get((map_id, hex_id))
    name = game_text(context).hex_name(found) if found is not None else ""
    return f"{hex_id} {name}" if name else hex_id


def steps_detail(context, unit: Unit, steps: int | None) -> str:
    if steps is None or steps >= unit.steps or unit.steps <= 1:
        return ""
    return ui_text(context, "{steps} of {full} steps", steps=steps, full=unit.steps)


def unit_card(context, anchor: str, unit: Unit, steps: int | None, where: str, extra: str = "") -> Card:
    def draw(x, y, size, unit=unit, steps=steps):
        return unit_counter(context.game, unit, x, y, size, context.translator, steps)

    detail = " · ".join(x for x in (steps_detail(context, unit, steps), extra) if x)
    return Card(anchor, draw, unit_name(context, unit), where, detail)


def formation(context, unit: Unit) -> str:
    """The formation a unit is grouped under inside its nationality ('' for none)."""
    if unit.army:
        return ui_text(context, "Army {army}", army=unit.army)
    if unit.parent:
        parent = unit.parent if unit.parent.startswith("/") else f"/{unit.parent}"
        return ui_text(context, "Formation {parent}", parent=parent)
    return ""


def deployment(context, scenario: Scenario):
    """Units set up in hexes, grouped: [(side, [(nationality, [(formation, [Card])])])],
    in the order of game.yaml; within a group, in the order of the scenario."""
    game = context.game
    grouped: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is None or placement.hex_id is None:
            continue
        where = place(context, placement.map_id or scenario.map_id, placement.hex_id)
        card = unit_card(context, f"unit:{unit.unit_id}", unit, placement.steps, where)
        grouped[game.side_of(unit)][unit.nationality][formation(context, unit)].append(card)
    out = []
    for side in sorted(game.spec.sides, key=lambda s: s.id != scenario.first_side):  # who plays first, first
        nations = []
        for nationality in game.spec.nationalities:
            groups = grouped[side.id].get(nationality.id)
            if groups:
                nations.append((nationality, sorted(groups.items(), key=lambda item: _formation_order(item[0]))))
        if nations:
            out.append((side, nations))
    return out


def _formation_order(label: str):
    digits = re.findall(r"\d+", label)
    return (label == "", int(digits[0]) if digits else 0, label)


def boxed(context, scenario: Scenario) -> list[tuple[str, list[Card]]]:
    """Units set up in boxes, by box (in the map's order of boxes)."""
    game = context.game
    spec = game.maps.get(scenario.map_id)
    by_box: dict[str, list[Card]] = defaultdict(list)
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is not None and placement.box:
            by_box[placement.box].append(unit_card(context, f"unit:{unit.unit_id}", unit, placement.steps,
                                                   _box_name(context, spec, placement.box)))
    return [(_box_name(context, spec, box), cards) for box, cards in by_box.items()]


def _box_name(context, spec, box_id: str) -> str:
    for box in spec.boxes if spec is not None else []:
        if box.id == box_id:
            return game_text(context).box_name(spec.id, box)
    return box_id


def marker_cards(context, scenario: Scenario) -> list[Card]:
    game, t = context.game, game_text(context)
    spec = game.maps.get(scenario.map_id)
    cards = []
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if marker is None:
            continue
        if placed.hex_id:
            where = place(context, scenario.map_id, placed.hex_id)
        elif placed.box:
            where = _box_name(context, spec, placed.box)
        else:
            where = _turn(context, placed.turn)

        def draw(x, y, size, marker=marker):
            return marker_counter(game, marker, x, y, size, context.translator)

        cards.append(Card(f"marker:{marker.marker_id}:{number}", draw, t.marker_text(marker), where))
    return cards


def _turn(context, turn: int | None) -> str:
    if turn is None:
        return ""
    found = next((x for x in context.game.spec.turn_track.turns if x.turn == turn), None)
    label = game_text(context).turn_label(found) if found is not None else ""
    return ui_text(context, "Turn {turn} ({label})", turn=turn, label=label) if label else \
        ui_text(context, "Turn {turn}", turn=turn)


def arrivals(context, scenario: Scenario) -> list[tuple[str, list[Card]]]:
    """Reinforcements by turn of arrival."""
    game = context.game
    by_turn: dict[int, list[Card]] = defaultdict(list)
    for arrival in scenario.reinforcements:
        unit = game.unit_index.get(arrival.unit_id)
        if unit is None:
            continue
        entry = ui_text(context, "enters: {entry}", entry=arrival.entry) if arrival.entry else ""
        by_turn[arrival.turn].append(unit_card(context, f"arrival:{unit.unit_id}", unit, arrival.steps, entry))
    return [(_turn(context, turn), by_turn[turn]) for turn in sorted(by_turn)]


def stacks(context, scenario: Scenario) -> dict[str, dict[str, list[Piece]]]:
    """map id -> hex id -> the counters set up there (units, then markers)."""
    game = context.game
    out: dict[str, dict[str, list[Piece]]] = defaultdict(lambda: defaultdict(list))
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is not None and placement.hex_id:
            out[placement.map_id or scenario.map_id][placement.hex_id].append(
                Piece(f"unit:{unit.unit_id}", unit=unit, steps=placement.steps))
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if marker is not None and placed.hex_id:
            out[scenario.map_id][placed.hex_id].append(Piece(f"marker:{marker.marker_id}:{number}", marker=marker))
    return {map_id: dict(hexes) for map_id, hexes in out.items() if map_id in game.maps}


# -- the stacking check -----------------------------------------------------------------

STACKING_WORDS = {
    "stacking.setup-limit": N_("over a stacking limit"),
    "stacking.type-limit": N_("too many units of one type"),
    "stacking.enemy": N_("units of both sides"),
    "stacking.nationalities": N_("nationalities that may not stack together"),
}


def stacking_issues(context, scenario: Scenario) -> list[tuple[str, str]]:
    """(hex id, what is wrong) for every issue the stacking checks find at set-up, in the
    build's language (warkit's own messages, in full, when it is English)."""
    import generator.validation.rules  # noqa: F401 - registers the checks
    from generator.validation.registry import RULES, Context

    check = Context(context.game, (scenario.scenario_id,))
    found = []
    for registered in RULES:
        if not registered.code.startswith("stacking."):
            continue
        for issue in registered.check(check):
            match = re.search(r"\bhex (\S+?)(?=[\s,;:]|$)", issue.message)
            hex_id = match.group(1) if match else ""
            if context.translator.translates_ui:
                words = ui_text(context, STACKING_WORDS[issue.code]) if issue.code in STACKING_WORDS else issue.code
                found.append((hex_id, f"{hex_id}: {words}" if hex_id else words))
            else:
                found.append((hex_id, issue.message))
    return found


# -- blocks -----------------------------------------------------------------------------

def card_block(context, card: Card, width_mm: float, counter_mm: float) -> Block:
    """The counter, and beside it the name, where, and any detail."""
    text_x = counter_mm + 1.8
    room = width_mm - text_x
    items: list[Item] = [card.draw(0.0, 0.0, counter_mm)]
    y = 0.2
    for text, font, size, colour, most in ((card.name, "sans-bold", cs.SMALL_PT, cs.INK, 3),
                                           (card.where, "sans", cs.SMALL_PT, cs.INK, 2),
                                           (card.detail, "sans-oblique", cs.NOTE_PT, cs.MUTED, 2)):
        if not text:
            continue
        lines = wrap_text(text, font, size, room)
        if len(lines) > most:  # cut, and say so
            lines = lines[:most - 1] + [shortened(" ".join(lines[most - 1:]), font, size, room)]
        laid = paragraph(text_x, y, room, "\n".join(lines), font, size, fill=colour)
        items.extend(laid.items)
        y += laid.height_mm
    height = max(counter_mm, y) + 0.6
    anchors = {card.anchor: (0.0, 0.0, counter_mm, counter_mm), f"{card.anchor}:text": (text_x, 0.0, width_mm, y)}
    return Block(width_mm, height, tuple(items), anchors)


def card_rows(context, cards: list[Card], width_mm: float) -> list[Block]:
    """The cards, CARDS_PER_ROW to a row of `width_mm`."""
    card_w = (width_mm - (CARDS_PER_ROW - 1) * CARD_GAP_MM) / CARDS_PER_ROW
    return _rows(context, cards, card_w, width_mm)


def _rows(context, cards: list[Card], card_w: float, width_mm: float) -> list[Block]:
    counter = min(context.options.counter_size_mm, 16.0)
    blocks = [card_block(context, card, card_w, counter) for card in cards]
    rows = side_by_side(blocks, width_mm, CARD_GAP_MM)
    return [Block(r.width_mm, r.height_mm, r.items, r.anchors, gap_after_mm=1.5) for r in rows]


def formation_blocks(context, groups: list[tuple[str, list[Card]]], width_mm: float) -> list[Block]:
    """Each formation as a labelled group of cards (as wide as its cards need), groups set
    side by side where they fit, so small formations share a row."""
    card_w = (width_mm - (CARDS_PER_ROW - 1) * CARD_GAP_MM) / CARDS_PER_ROW
    if len(groups) == 1 and not groups[0][0]:
        return _rows(context, groups[0][1], card_w, width_mm)
    boxes = []
    for label, cards in groups:
        columns = min(len(cards), CARDS_PER_ROW)
        group_w = columns * card_w + (columns - 1) * CARD_GAP_MM
        title = subheading(label or ui_text(context, "Other units"), group_w, cs.SMALL_PT, cs.MUTED)
        boxes.append(stacked([title, *_rows(context, cards, card_w, group_w)], 0.0))
    rows = side_by_side(boxes, width_mm, CARD_GAP_MM)
    return [Block(r.width_mm, r.height_mm, r.items, r.anchors, gap_after_mm=1.5) for r in rows]


def subheading(text: str, width_mm: float, size_pt: float = cs.BODY_PT + 0.5, colour: str = cs.INK) -> Block:
    laid = paragraph(0.0, 0.0, width_mm, text, "sans-bold", size_pt, fill=colour)
    return Block(width_mm, laid.height_mm + 0.6, laid.items, keep_with_next=True, gap_after_mm=1.0)


def setup_blocks(context, scenario: Scenario, width_mm: float) -> list[Block]:
    t = game_text(context)
    blocks = [title_block(setup_title(context, scenario), width_mm, _subtitle(context, scenario))]
    if scenario.description:
        blocks.append(text_block(t.of(scenario, "description"), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED))
    for side, nations in deployment(context, scenario):
        blocks.append(heading_block(t.of(side), width_mm))
        for nationality, groups in nations:
            count = sum(len(cards) for _, cards in groups)
            blocks.append(subheading(f"{t.of(nationality)} ({count})", width_mm))
            blocks += formation_blocks(context, groups, width_mm)
    in_boxes = boxed(context, scenario)
    if in_boxes:
        blocks.append(heading_block(ui_text(context, "In boxes off the map"), width_mm))
        for name, cards in in_boxes:
            blocks += [subheading(name, width_mm), *card_rows(context, cards, width_mm)]
    markers = marker_cards(context, scenario)
    if markers:
        blocks += [heading_block(ui_text(context, "Markers"), width_mm), *card_rows(context, markers, width_mm)]
    arriving = arrivals(context, scenario)
    if arriving:
        blocks.append(heading_block(ui_text(context, "Reinforcements"), width_mm))
        for label, cards in arriving:
            blocks += [subheading(label, width_mm), *card_rows(context, cards, width_mm)]
    blocks.append(heading_block(ui_text(context, "Stacking check"), width_mm))
    issues = stacking_issues(context, scenario)
    if issues:
        blocks.append(text_block(ui_text(context, "These hexes break the stacking rules as set up (ringed in red "
                                                  "on the setup map):"), width_mm, size_pt=cs.SMALL_PT))
        blocks += bullet_blocks([text for _, text in issues], width_mm, size_pt=cs.SMALL_PT, colour="#b00000")
    else:
        blocks.append(text_block(ui_text(context, "Every hex is within the stacking limits at set-up."), width_mm,
                                 size_pt=cs.SMALL_PT))
    return blocks


def setup_title(context, scenario: Scenario) -> str:
    return ui_text(context, "Setup: {scenario}", scenario=game_text(context).of(scenario, "title")
                   or scenario.scenario_id)


def _subtitle(context, scenario: Scenario) -> str:
    t = game_text(context)
    parts = []
    spec = context.game.maps.get(scenario.map_id)
    if spec is not None:
        parts.append(ui_text(context, "Map: {map}", map=t.of(spec, "title")))
    parts.append(ui_text(context, "Turns {start}–{end}", start=scenario.start_turn, end=scenario.end_turn))
    if scenario.first_side in context.game.sides:
        parts.append(ui_text(context, "{side} plays first", side=t.of(context.game.sides[scenario.first_side])))
    return " · ".join(parts)


# -- the document -----------------------------------------------------------------------

def setup_pages(context: BuildContext, scenario: Scenario) -> tuple[list[Page], dict]:
    """The list pages then the map pages; and every anchor: name -> (page index, box), and
    for the counters on the map "map:<name>" -> (page index, box, hex id, map scale)."""
    frame = content_frame(context)
    flowed = paginate(setup_blocks(context, scenario, frame.width_mm), frame, cs.BLOCK_GAP_MM)
    flagged_by_map: dict[str, set[str]] = defaultdict(set)
    for hex_id, _ in stacking_issues(context, scenario):
        flagged_by_map[scenario.map_id].add(hex_id)
    sections: list[MapSection] = []
    for map_id, hexes in stacks(context, scenario).items():
        sections += map_sections(context, map_id, hexes, flagged_by_map[map_id], _map_frame(context))
    total = len(flowed) + len(sections)
    title = setup_title(context, scenario)
    pages: list[Page] = []
    anchors: dict = {}
    for number, placements in enumerate(flowed, start=1):
        for placement in placements:
            for name in placement.block.anchors:
                anchors.setdefault(name, (number - 1, placement.anchor(name)))
        pages.append(framed_page(context, title, [p.group() for p in placements], number, total))
    for index, section in enumerate(sections, start=len(flowed) + 1):
        for name, (box, hex_id) in section.anchors.items():
            anchors.setdefault(f"map:{name}", (index - 1, box, hex_id, section.scale))
        heading = _map_title(context, scenario, section)
        body = [*section.items, _caption(context, section, section.map_box[3] + 1.0)]
        pages.append(framed_page(context, heading, body, index, total, size_mm=section.page_mm,
                                 symbols=section.symbols))
    return pages, anchors


def _map_frame(context):
    def frame_of(page_mm):
        return content_frame(context, page_mm).inset(0.0, 0.0, 0.0, CAPTION_MM)
    return frame_of


def _map_title(context, scenario: Scenario, section: MapSection) -> str:
    t = game_text(context)
    text = ui_text(context, "Setup map: {scenario}", scenario=t.of(scenario, "title") or scenario.scenario_id)
    if section.parts > 1:
        text += " " + ui_text(context, "(part {part} of {parts})", part=section.part, parts=section.parts)
    return text


def _caption(context, section: MapSection, y_mm: float) -> Group:
    """One or two lines under the map (from `y_mm`): what it shows and at what scale."""
    frame = _map_frame(context)(section.page_mm)
    if section.parts > 1:
        scale = ui_text(context, "true size")
    else:
        scale = ui_text(context, "scale {percent}", percent=game_text(context).percent(round(section.scale, 2)))
    text = ui_text(context, "Starting counters in their hexes, each stack spread out so every counter shows; "
                            "the list gives each unit's hex and place. Map at {scale}.", scale=scale)
    laid = paragraph(section.map_box[0], y_mm, frame.width_mm, text, "sans", cs.NOTE_PT, fill=cs.MUTED)
    return Group(laid.items)


@component("setup", order=70)
def build_setup(context: BuildContext) -> list[OutputFile]:
    files: list[OutputFile] = []
    for scenario in selected_scenarios(context):
        if scenario is None:
            continue
        pages, _ = setup_pages(context, scenario)
        files += document_outputs(context, f"setup-{scenario.scenario_id}", setup_title(context, scenario), pages)
    return files

