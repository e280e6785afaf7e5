"""Filled setup charts: for each scenario, every starting unit as its counter (on the face for
its step level), grouped by side, nationality and army, labelled with its hex and place;
the units in boxes, the markers, the reinforcements by turn and the stacking check
(setup_content.py); then the setup map (setup_map.py). The `setup` component writes
setup-<scenario>.pdf.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    content_frame,
    document_outputs,
    framed_page,
    heading_block,
    text_block,
    title_block,
)
from generator.components.opening import heading_words
from generator.components.scenario_sheet import sheet_blocks
from generator.components.setup_content import (
    Card,
    arrivals,
    boxed,
    deployment,
    marker_cards,
    stacking_issues,
    stacks,
    waiting,
)
from generator.components.setup_map import FIT_MIN_SCALE, MapSection
from generator.components.setup_map_pages import map_pages
from generator.components.text import game_text, turn_span, ui_text
from generator.components.turn_track import selected_scenarios
from generator.layout.blocks import Block, fill_last_page, paginate_snug, side_by_side, stacked, used_height
from generator.layout.frame import Frame
from generator.layout.transform import Transform
from generator.layout.primitives import Group, Item, Page
from generator.layout.wrap import paragraph, wrap_text
from generator.fonts.metrics import text_width_mm
from generator.model.scenario import Scenario

CARD_GAP_MM = 2.0
CARDS_PER_ROW = 4  # the fewest cards to a row; more where every word still fits beside its counter
MOST_PER_ROW = 6
TEXT_ROOM_MM = 16.0  # the least room for the words beside a counter
CAPTION_MM = 6.0
# The least share of its frame the list's last page holds when map pages follow (a quarter:
# its blocks' boxes reach further down than their ink)
LIST_LEAST_FILL = 0.25
UNDER_LIST_SHARE = 2 / 3  # a setup map goes under its list at two thirds of its size alone at least


# -- blocks -----------------------------------------------------------------------------

def card_block(context, card: Card, width_mm: float, counter_mm: float) -> Block:
    """The counter, and beside it the name, where, and any detail."""
    text_x = counter_mm + 1.8
    room = width_mm - text_x
    items: list[Item] = [card.draw(0.0, 0.0, counter_mm)]
    y = 0.2
    for text, font, size, colour in ((card.name, "sans-bold", cs.SMALL_PT, cs.INK),
                                     (card.where, "sans", cs.SMALL_PT, cs.INK),
                                     (card.detail, "sans-oblique", cs.NOTE_PT, cs.MUTED)):
        if not text:
            continue
        # every line is kept (a long translation makes the card taller, never loses words)
        laid = paragraph(text_x, y, room, "\n".join(wrap_text(text, font, size, room)), font, size, fill=colour)
        items.extend(laid.items)
        y += laid.height_mm
    height = max(counter_mm, y) + 0.6
    anchors = {card.anchor: (0.0, 0.0, counter_mm, counter_mm), f"{card.anchor}:text": (text_x, 0.0, width_mm, y)}
    return Block(width_mm, height, tuple(items), anchors)


def cards_per_row(context, cards: list[Card], width_mm: float) -> int:
    """As many cards to a row of `width_mm` as leave every word of their names, places and
    details whole beside the counter (at least TEXT_ROOM_MM), never fewer than CARDS_PER_ROW."""
    words = [(word, font, size) for card in cards
             for text, font, size in ((card.name, "sans-bold", cs.SMALL_PT), (card.where, "sans", cs.SMALL_PT),
                                      (card.detail, "sans-oblique", cs.NOTE_PT))
             for word in re.split(r"(?<=[-/])|\s+", text or "") if word]  # a line may break after a hyphen
    room = max([TEXT_ROOM_MM, *(text_width_mm(w, f, z) + 0.5 for w, f, z in words)])
    card_mm = _counter_mm(context) + 1.8 + room
    fits = int((width_mm + CARD_GAP_MM) // (card_mm + CARD_GAP_MM))
    return max(CARDS_PER_ROW, min(MOST_PER_ROW, fits))


def _card_width(width_mm: float, per_row: int) -> float:
    return (width_mm - (per_row - 1) * CARD_GAP_MM) / per_row


def _counter_mm(context) -> float:
    return min(context.options.counter_size_mm, 16.0)


def card_rows(context, cards: list[Card], width_mm: float, per_row: int = CARDS_PER_ROW) -> list[Block]:
    """The cards, `per_row` to a row of `width_mm`."""
    return _rows(context, cards, _card_width(width_mm, per_row), width_mm)


def _rows(context, cards: list[Card], card_w: float, width_mm: float) -> list[Block]:
    counter = _counter_mm(context)
    blocks = [card_block(context, card, card_w, counter) for card in cards]
    rows = side_by_side(blocks, width_mm, CARD_GAP_MM)
    return [Block(r.width_mm, r.height_mm, r.items, r.anchors, gap_after_mm=1.5) for r in rows]


def formation_blocks(context, groups: list[tuple[str, list[Card]]], width_mm: float, *, label_pt: float = cs.SMALL_PT,
                     label_colour: str = cs.MUTED, per_row: int = CARDS_PER_ROW) -> list[Block]:
    """Each formation (or turn of arrival, box …) as a labelled group of cards (as wide as
    its cards need), groups set side by side where they fit, so small groups share a row."""
    card_w = _card_width(width_mm, per_row)
    if len(groups) == 1 and not groups[0][0]:
        return _rows(context, groups[0][1], card_w, width_mm)
    boxes = []
    for label, cards in groups:
        columns = min(len(cards), per_row)
        group_w = columns * card_w + (columns - 1) * CARD_GAP_MM
        title = subheading(label or ui_text(context, "Other units"), group_w, label_pt, label_colour)
        boxes.append(stacked([title, *_rows(context, cards, card_w, group_w)], 0.0))
    rows = side_by_side(boxes, width_mm, CARD_GAP_MM)
    return [Block(r.width_mm, r.height_mm, r.items, r.anchors, gap_after_mm=1.5) for r in rows]


def labelled_groups(context, groups: list[tuple[str, list[Card]]], width_mm: float,
                    per_row: int = CARDS_PER_ROW) -> list[Block]:
    """Boxes, turns of arrival, conditions: each its label and its cards. Groups of one row
    at most are set side by side where they fit (a turn bringing one unit shares its row);
    a longer group keeps the page's width, its rows free to run on to the next page."""
    blocks: list[Block] = []
    run: list[tuple[str, list[Card]]] = []
    for label, cards in [*groups, ("", [])]:
        if cards and len(cards) <= per_row:
            run.append((label, cards))
            continue
        if run:
            blocks += formation_blocks(context, run, width_mm, label_pt=cs.BODY_PT, label_colour=cs.INK,
                                       per_row=per_row)
            run = []
        if cards:
            blocks += [subheading(label, width_mm), *card_rows(context, cards, width_mm, per_row)]
    return blocks


NATION_PT = cs.BODY_PT + 0.5  # a nationality's name over its units


def subheading(text: str, width_mm: float, size_pt: float = NATION_PT, colour: str = cs.INK) -> Block:
    laid = paragraph(0.0, 0.0, width_mm, text, "sans-bold", size_pt, fill=colour)
    return Block(width_mm, laid.height_mm + 0.6, laid.items, keep_with_next=True, gap_after_mm=1.0)


def setup_blocks(context, scenario: Scenario, width_mm: float,
                 issues: list[tuple[str, str]] | None = None, after_sheet: bool = False,
                 serves: list[Scenario] | None = None) -> list[Block]:
    """The list part of the chart; `issues`: the stacking check's, when already run;
    `after_sheet`: it follows the scenario sheet, which gave the description already;
    `serves`: the scenarios that set up the same (the list is printed once, titled with
    them all, without their turns)."""
    t = game_text(context)
    if serves and len(serves) > 1:
        names = ", ".join(t.of(s, "title") or s.scenario_id for s in serves)
        blocks = [title_block(ui_text(context, "Setup: {scenario}", scenario=names), width_mm,
                              _subtitle(context, scenario, turns=False))]
    else:
        blocks = [title_block(setup_title(context, scenario), width_mm, _subtitle(context, scenario))]
    if scenario.description and not after_sheet:
        blocks.append(text_block(t.of(scenario, "description"), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED))
    deployed = deployment(context, scenario)
    in_boxes, markers = boxed(context, scenario), marker_cards(context, scenario)
    arriving, later = arrivals(context, scenario), waiting(context, scenario)
    every = [card for _, nations in deployed for _, groups in nations for _, cards in groups for card in cards]
    every += [card for groups in (in_boxes, arriving, later) for _, cards in groups for card in cards] + markers
    per_row = cards_per_row(context, every, width_mm)  # one column width for the whole list
    for side, nations in deployed:
        blocks.append(heading_block(t.of(side), width_mm))
        blocks += nation_blocks(context, nations, width_mm, per_row)
    blocks += free_deployment_blocks(context, scenario, width_mm)
    if in_boxes:
        blocks.append(heading_block(ui_text(context, "In boxes off the map"), width_mm))
        blocks += labelled_groups(context, in_boxes, width_mm, per_row)
    if markers:
        blocks += [heading_block(ui_text(context, "Markers"), width_mm), *card_rows(context, markers, width_mm, per_row)]
    # every arrival is on the turn track, in its turn's box: listed here only when its card
    # says more than the counter there (a note, the steps it arrives with)
    arriving = [(label, noted) for label, cards in arriving if (noted := [c for c in cards if c.detail])]
    if arriving:
        blocks += [heading_block(ui_text(context, "Reinforcements"), width_mm),
                   text_block(ui_text(context, "The reinforcements with a note; every reinforcement is on the "
                                               "turn track."), width_mm, size_pt=cs.SMALL_PT)]
        blocks += labelled_groups(context, arriving, width_mm, per_row)
    if later:
        blocks.append(heading_block(ui_text(context, "Conditional reinforcements"), width_mm))
        blocks += labelled_groups(context, later, width_mm, per_row)
    blocks.append(heading_block(ui_text(context, "Stacking check"), width_mm))
    issues = stacking_issues(context, scenario) if issues is None else issues
    areas = _on_area_map(context, scenario)
    if issues:
        text = ui_text(context, "These areas break the stacking rules as set up (ringed in red on the setup map):") \
            if areas else ui_text(context, "These hexes break the stacking rules as set up (ringed in red "
                                           "on the setup map):")
        blocks.append(text_block(text, width_mm, size_pt=cs.SMALL_PT))
        blocks += bullet_blocks([text for _, text in issues], width_mm, size_pt=cs.SMALL_PT, colour="#b00000")
    else:
        text = ui_text(context, "Every area is within the stacking limits at set-up.") if areas else \
            ui_text(context, "Every hex is within the stacking limits at set-up.")
        blocks.append(text_block(text, width_mm, size_pt=cs.SMALL_PT))
    return blocks


def nation_blocks(context, nations, width_mm: float, per_row: int) -> list[Block]:
    """Each nationality's units under its name and count, by formation. Nationalities of a
    row of cards at most, without formations, are set side by side where they fit (two
    allies of two units each share a row)."""
    t = game_text(context)
    blocks: list[Block] = []
    run: list[tuple[str, list[Card]]] = []
    for nationality, groups in [*nations, (None, [])]:
        count = sum(len(cards) for _, cards in groups)
        label = f"{t.of(nationality)} ({count})" if nationality is not None else ""
        if nationality is not None and len(groups) == 1 and not groups[0][0] and count <= per_row:
            run.append((label, groups[0][1]))
            continue
        if len(run) > 1:
            blocks += formation_blocks(context, run, width_mm, label_pt=NATION_PT, label_colour=cs.INK, per_row=per_row)
        elif run:
            blocks += [subheading(run[0][0], width_mm), *formation_blocks(context, [("", run[0][1])], width_mm,
                                                                          per_row=per_row)]
        run = []
        if nationality is not None:
            blocks += [subheading(label, width_mm), *formation_blocks(context, groups, width_mm, per_row=per_row)]
    return blocks


def free_deployment_blocks(context, scenario: Scenario, width_mm: float) -> list[Block]:
    """What the players still place themselves, in words (their set-up forms list it unit by unit)."""
    from generator.components.deployment_words import (
        group_title,
        group_words,
        marker_rule_words,
        order_line,
        setup_restriction_words,
    )
    from generator.validation.placing import marker_hexes

    plan = scenario.deployment
    free = set(scenario.free_units())
    placed_markers = marker_hexes(scenario)
    rules = [r for r in plan.marker_rules if set(r.spec.markers) - set(placed_markers)] if plan else []
    if not free and not rules:
        return []
    sides = context.game.sides
    lines = [x for x in [order_line(context, plan)] if x]
    lines += setup_restriction_words(context, scenario)
    lines += [f"{game_text(context).of(sides[r.spec.side])}: {marker_rule_words(context, r)}"
              if r.spec.side in sides else marker_rule_words(context, r) for r in rules]
    for group in plan.groups:
        count = len(free & set(group.unit_ids))
        if count:
            head = ui_text(context, "{group}: {count} units to place.", group=group_title(context, plan, group),
                           count=count)
            lines.append(" ".join([head, *group_words(context, plan, group, placed_markers)]))
    intro = ui_text(context, "The players deploy these units themselves, each on their set-up form:")
    return [heading_block(ui_text(context, "Free deployment"), width_mm),
            text_block(intro, width_mm, size_pt=cs.SMALL_PT), *bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT)]


def _on_area_map(context, scenario: Scenario) -> bool:
    spec = context.game.maps.get(scenario.map_id)
    return spec is not None and spec.is_area


def setup_title(context, scenario: Scenario) -> str:
    return ui_text(context, "Setup: {scenario}", scenario=game_text(context).of(scenario, "title")
                   or scenario.scenario_id)


def _subtitle(context, scenario: Scenario, turns: bool = True) -> str:
    t = game_text(context)
    parts = []
    spec = context.game.sheet_of_map.get(scenario.map_id) or context.game.maps.get(scenario.map_id)
    if spec is not None:
        parts.append(ui_text(context, "Map: {map}", map=t.of(spec, "title")))
    if turns:
        parts.append(turn_span(context, scenario.start_turn, scenario.end_turn))
    parts += heading_words(context, scenario)
    if scenario.seed is not None:
        parts.append(ui_text(context, "deployment drawn from seed {seed}", seed=scenario.seed))
    return " · ".join(parts)


# -- the document -----------------------------------------------------------------------

def setup_pages(context: BuildContext, scenario: Scenario,
                shared: dict[str, list[Scenario]] | None = None,
                lists: dict[str, list[Scenario]] | None = None) -> tuple[list[Page], dict]:
    """The list pages then the map pages; and every anchor: name -> (page index, box), and
    for the counters on the map "map:<name>" -> (page index, box, hex id, map scale).
    `shared` (from `shared_maps`): scenario id -> the scenarios whose setup map its pages
    print (itself first); a scenario missing from it prints no map. `lists` (from
    `shared_lists`): likewise for the list, which a scenario left out of it does not print
    but points to (its sheet is its own)."""
    frame = content_frame(context)
    issues = stacking_issues(context, scenario)
    by_map = stacks(context, scenario)
    if not map_adds_information(scenario, by_map):
        by_map = {}
    sharers = [scenario] if shared is None else shared.get(scenario.scenario_id, [])
    owner = None if shared is None else next((group[0] for group in shared.values()
                                               if scenario in group[1:]), None)
    served = [scenario] if lists is None else lists.get(scenario.scenario_id)
    if served is None:  # set up as another scenario: its list is printed once, with that one
        lister = next(group[0] for group in lists.values() if scenario in group[1:])
        listing = [text_block(ui_text(context, "Set up as on “{setup}”: the same units in the same places.",
                                      setup=setup_title(context, lister)), frame.width_mm, size_pt=cs.SMALL_PT)]
    else:
        listing = setup_blocks(context, scenario, frame.width_mm, issues, after_sheet=True, serves=served)
    if owner is not None:
        listing.append(text_block(ui_text(context, "The setup map is the one printed with {scenario}: the same "
                                                   "counters in the same places.",
                                          scenario=setup_title(context, owner)), frame.width_mm, size_pt=cs.SMALL_PT))
    blocks = sheet_blocks(context, scenario, frame.width_mm) + listing
    flowed = paginate_snug(blocks, frame, cs.BLOCK_GAP_MM)
    flagged_by_map: dict[str, set[str]] = defaultdict(set)
    for hex_id, _ in issues:
        flagged_by_map[scenario.map_id].add(hex_id)
    sections: list[list[MapSection]] = []  # each map page's maps
    if sharers:
        sections = map_pages(context, by_map, flagged_by_map, _map_frame(context))
    under = None  # a map page that goes on under the list's last page instead: (heading, its map)
    if len(sections) == 1 and len(sections[0]) == 1 and sections[0][0].parts == 1:
        under = _map_under_list(context, by_map, flagged_by_map, sharers or [scenario], flowed[-1], frame,
                                sections[0][0].scale)
        if under is not None:
            sections = []
    if sections:  # the map pages follow: the list's last page is not the document's, fill it
        flowed = fill_last_page(blocks, flowed, frame, cs.BLOCK_GAP_MM, LIST_LEAST_FILL)
    total = len(flowed) + len(sections)
    title = setup_title(context, scenario)
    pages: list[Page] = []
    anchors: dict = {}
    for number, placements in enumerate(flowed, start=1):
        for placement in placements:
            for name in placement.block.anchors:
                anchors.setdefault(name, (number - 1, placement.anchor(name)))
        body = [p.group() for p in placements]
        symbols: tuple = ()
        if under is not None and number == len(flowed):
            heading, section = under
            for name, (box, hex_id) in section.anchors.items():
                anchors.setdefault(f"map:{name}", (number - 1, box, hex_id, section.scale))
            body += [heading, *section.items, _caption(context, section, section.map_box[3] + 1.0)]
            symbols = section.symbols
        pages.append(framed_page(context, title, body, number, total, symbols=symbols))
    for index, page in enumerate(sections, start=len(flowed) + 1):
        for section in page:
            for name, (box, hex_id) in section.anchors.items():
                anchors.setdefault(f"map:{name}", (index - 1, box, hex_id, section.scale))
        first = page[0]
        heading = _map_title(context, sharers or [scenario], first)
        under = replace(first, map_box=(min(s.map_box[0] for s in page), first.map_box[1], first.map_box[2],
                                        max(s.map_box[3] for s in page)))  # one caption under them all
        body = [item for section in page for item in section.items]
        body.append(_caption(context, under, under.map_box[3] + 1.0))
        symbols = tuple({symbol.id: symbol for section in page for symbol in section.symbols}.values())
        pages.append(framed_page(context, heading, body, index, total, size_mm=first.page_mm, symbols=symbols))
    return pages, anchors


def _map_under_list(context, by_map, flagged, sharers: list[Scenario], last: list, frame, alone: float):
    """A scenario's one setup map, under its heading, drawn in the room the list's last page
    leaves (`last`: that page's placements) when it is readable there (FIT_MIN_SCALE at
    least, and UNDER_LIST_SHARE at least of `alone`, its scale on a page of its own): the
    list and the map then share that page and the map takes no page of its own. (heading
    item, the map's section), or None."""
    names = ", ".join(game_text(context).of(s, "title") or s.scenario_id for s in sharers)
    heading = heading_block(ui_text(context, "Setup map: {scenario}", scenario=names), frame.width_mm)
    top = frame.y_mm + used_height(last) + cs.BLOCK_GAP_MM
    room = Frame(frame.x_mm, top + heading.height_mm + 1.0, frame.width_mm,
                 frame.bottom_mm - top - heading.height_mm - 1.0 - CAPTION_MM)
    if room.height_mm < 20.0:
        return None
    paper = tuple(context.options.paper_mm)

    def frame_of(page_mm):  # the room on this page; none on a page of another shape
        return room if tuple(page_mm) == paper else Frame(0.0, 0.0, 1e-3, 1e-3)

    pages = map_pages(context, by_map, flagged, frame_of)
    if len(pages) != 1 or len(pages[0]) != 1:
        return None
    section = pages[0][0]
    if section.parts != 1 or tuple(section.page_mm) != paper \
            or section.scale < max(FIT_MIN_SCALE, UNDER_LIST_SHARE * alone) - 1e-9:
        return None
    return Group(heading.items, Transform.translate(frame.x_mm, top)), section


def _map_frame(context):
    def frame_of(page_mm):
        return content_frame(context, page_mm).inset(0.0, 0.0, 0.0, CAPTION_MM)
    return frame_of


def _map_title(context, scenarios: list[Scenario], section: MapSection) -> str:
    t = game_text(context)
    names = ", ".join(t.of(scenario, "title") or scenario.scenario_id for scenario in scenarios)
    text = ui_text(context, "Setup map: {scenario}", scenario=names)
    if section.parts > 1:
        text += " " + ui_text(context, "(part {part} of {parts})", part=section.part, parts=section.parts)
    return text


def _caption(context, section: MapSection, y_mm: float) -> Group:
    """One or two lines under the map (from `y_mm`): what it shows and at what scale."""
    frame = _map_frame(context)(section.page_mm)
    if abs(section.scale - 1.0) < 1e-9:
        scale = ui_text(context, "true size")
    else:
        scale = ui_text(context, "scale {percent}", percent=game_text(context).percent(round(section.scale, 2)))
    if context.game.maps[section.map_id].is_area:
        text = ui_text(context, "Starting pieces in their areas, each stack spread out so every piece shows. "
                                "Map at {scale}.", scale=scale)
    else:
        text = ui_text(context, "Starting counters in their hexes, each stack spread out so every counter shows; "
                                "the list gives each unit's hex and place. Map at {scale}.", scale=scale)
    room = frame.x_mm + frame.width_mm - section.map_box[0]  # a narrower map is centred: to the margin
    laid = paragraph(section.map_box[0], y_mm, room, text, "sans", cs.NOTE_PT, fill=cs.MUTED)
    return Group(laid.items)


def map_adds_information(scenario: Scenario, by_map: dict[str, dict[str, list]]) -> bool:
    """Whether a setup map tells a player more than the list: not when the players deploy
    more of the units themselves than the set-up places (the few it places, fortresses'
    garrisons, are in the list with hex and place; the rest go on the set-up forms)."""
    placed = sum(1 for hexes in by_map.values() for pieces in hexes.values() for piece in pieces
                 if piece.unit is not None)
    return placed > 0 and placed >= len(scenario.free_units())


def map_key(context, scenario: Scenario) -> tuple | None:
    """What a scenario's setup map shows (None: no map): the same key, the same pages."""
    by_map = stacks(context, scenario)
    if not map_adds_information(scenario, by_map):
        return None
    flagged = tuple(sorted(hex_id for hex_id, _ in stacking_issues(context, scenario)))
    return (flagged, tuple(sorted((map_id, place, tuple((p.anchor.rsplit(":", 1)[0] if p.marker else p.anchor, p.steps)
                                                        for p in pieces))
                                  for map_id, hexes in by_map.items() for place, pieces in hexes.items())))


def shared_maps(context, scenarios: list[Scenario]) -> dict[str, list[Scenario]]:
    """scenario id -> the scenarios showing the same setup map, for the first of them only:
    a map printed once names every scenario that uses it."""
    groups: dict[tuple, list[Scenario]] = {}
    for scenario in scenarios:
        key = map_key(context, scenario)
        if key is not None:
            groups.setdefault(key, []).append(scenario)
    return {group[0].scenario_id: group for group in groups.values()}


def shared_lists(context, scenarios: list[Scenario]) -> dict[str, list[Scenario]]:
    """scenario id -> the scenarios whose setup list is the same but for its title and turns
    (the same units in the same places, the same markers, checks and map), for the first of
    them only: a list printed once names every scenario it serves."""
    width = content_frame(context).width_mm
    groups: dict[tuple, list[Scenario]] = {}
    for scenario in scenarios:
        blocks = setup_blocks(context, scenario, width, after_sheet=True)
        key = (_subtitle(context, scenario, turns=False), tuple((b.width_mm, b.height_mm, b.items) for b in blocks[1:]))
        groups.setdefault(key, []).append(scenario)
    return {group[0].scenario_id: group for group in groups.values()}


@component("setup", order=70, runs_with="map")  # its maps are the map's body
def build_setup(context: BuildContext) -> list[OutputFile]:
    files: list[OutputFile] = []
    chosen = [scenario for scenario in selected_scenarios(context) if scenario is not None]
    shared = shared_maps(context, chosen)
    lists = shared_lists(context, chosen)
    for scenario in chosen:
        pages, _ = setup_pages(context, scenario, shared, lists)
        files += document_outputs(context, f"setup-{scenario.scenario_id}", setup_title(context, scenario), pages)
    return files

