"""Set-up forms: for each scenario with a free deployment, one form per side that still has
units (or markers) to place — every one of them as its counter with an empty box for the hex
(and for the army, where the player chooses it), under the constraints in words. A hidden
deployment (GE 3.5) is written on the form unseen and revealed when both sides are done.
The `setup-form` component writes one document per side, setup-form-<side>.pdf: that side's
forms one after another, each starting where the one before ends (a form never shares a
sheet with the other side's, so a hidden deployment stays hidden).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_pages,
    content_frame,
    document_outputs,
    framed_page,
    heading_block,
    fitted_line,
    text_block,
    title_block,
)
from generator.components.counter_hook import marker_counter, unit_counter
from generator.components.deployment_words import (
    fixed_words,
    group_title,
    group_words,
    marker_rule_words,
    order_line,
    setup_restriction_words,
    stacking_words,
)
from generator.components.setup_content import formation, unit_name
from generator.components.text import game_text, ui_text
from generator.components.turn_track import selected_scenarios
from generator.layout.blocks import Block, paginate_snug, side_by_side
from generator.layout.primitives import Item, Line, Rect, Style, Text
from generator.fonts.metrics import text_width_mm
from generator.layout.wrap import wrap_text
from generator.model.base import whole_number
from generator.model.scenario import Scenario
from generator.validation.placing import marker_hexes

COLUMN_GAP_MM = 4.0
MIN_NAME_MM = 28.0  # room a unit's name needs beside its counter: rows go three across when it has it
LABEL_MM, UNLABELLED_MM = 2.2, 0.4  # room over a row's counter and boxes: with the boxes' labels, without
BOX = Style(fill="#ffffff", stroke="#333333", stroke_width_mm=0.3)


@dataclass(frozen=True)
class RowSize:
    """A form row's measures: its counter (a picture to tell the unit by, not the piece at
    true size), its boxes' height, the gap under it, and where its lines of text sit (the
    name's first baseline and line spacing for two lines, the detail under them; the
    baselines of a one-line name and its detail)."""

    counter_mm: float
    box_mm: float
    gap_mm: float
    name_mm: float
    line_mm: float
    detail_mm: float
    one_line_mm: float
    one_detail_mm: float


USUAL = RowSize(10.0, 8.0, 1.2, 3.0, 2.9, 9.0, 3.6, 7.4)
# a side's forms that overrun a page: rows 2.4 mm lower (an 8 mm counter, a 7 mm box), the
# same type sizes, taken only where that saves a page
DENSE = RowSize(8.0, 7.0, 0.6, 2.5, 2.55, 7.7, 3.1, 6.5)
COUNTER_MM = USUAL.counter_mm
ROW_GAP_MM = USUAL.gap_mm
HEX_BOX_W_MM = 15.0  # four digits written by hand
ARMY_BOX_W_MM = 11.0


def form_sides(scenario: Scenario, game) -> list[str]:
    """The sides that still place units or markers, in the deployment's order."""
    plan = scenario.deployment
    if plan is None:
        return []
    free = set(scenario.free_units())
    placed_markers = marker_hexes(scenario)
    order = plan.sides_in_order([s.id for s in game.spec.sides])
    return [side for side in order
            if any(g.spec.side == side and free & set(g.unit_ids) for g in plan.groups)
            or any(r.spec.side == side and set(r.spec.markers) - set(placed_markers) for r in plan.marker_rules)]


def form_title(context, scenario: Scenario | list[Scenario]) -> str:
    """The form's title, naming every scenario it serves."""
    t = game_text(context)
    scenarios = scenario if isinstance(scenario, list) else [scenario]
    names = ", ".join(t.of(s, "title") or s.scenario_id for s in scenarios)
    return ui_text(context, "Set-up form: {scenario}", scenario=names)


# -- rows -------------------------------------------------------------------------------

def _box(x: float, y: float, size: tuple[float, float], label: str) -> list[Item]:
    """An empty box to write in, its label (if any) small above its top-left corner."""
    width, height = size
    box: list[Item] = [Rect(x, y, width, height, BOX, corner_radius_mm=0.8)]
    return box + ([Text(x + 0.6, y - 0.6, label, "sans", cs.NOTE_PT - 1.0, fill=cs.MUTED)] if label else [])


def form_row(context, anchor: str, draw, name: str, detail: str, width_mm: float, army_box: bool,
             labelled: bool = True, size: RowSize = USUAL) -> Block:
    """A counter, its name and detail, an army box when asked, and the hex box at the right;
    the boxes' labels above them when `labelled` (the first row of a list: the rows under it
    share its labels)."""
    counter, box_h = size.counter_mm, size.box_mm
    top = LABEL_MM if labelled else UNLABELLED_MM  # room for the box labels
    items: list[Item] = [draw(0.0, top / 2, counter)]
    right = width_mm - HEX_BOX_W_MM
    box_top, box_bottom = top + (counter - box_h) / 2, top + (counter + box_h) / 2
    items += _box(right, box_top, (HEX_BOX_W_MM, box_h), ui_text(context, "Hex") if labelled else "")
    boxes_left = right
    if army_box:
        boxes_left = right - 2.0 - ARMY_BOX_W_MM
        items += _box(boxes_left, box_top, (ARMY_BOX_W_MM, box_h), ui_text(context, "Army") if labelled else "")
    room = boxes_left - COUNTER_MM - 3.0  # the room of the usual rows: a denser row breaks no name otherwise
    x = counter + 1.8
    lines = _name_lines(name, room)
    if lines is None:  # too long for two lines: one line, smaller (or shortened)
        line, type_size = fitted_line(name, "sans-bold", cs.SMALL_PT, room)
        lines = [line]
    else:
        type_size = cs.SMALL_PT
    two = len(lines) > 1
    for n, line in enumerate(lines):  # a name may take two lines beside the counter, the detail under it
        items.append(Text(x, top + (size.name_mm + n * size.line_mm if two else size.one_line_mm), line,
                          "sans-bold", type_size))
    if detail:
        detail, small = fitted_line(detail, "sans", cs.NOTE_PT, room)
        items.append(Text(x, top + (size.detail_mm if two else size.one_detail_mm), detail, "sans", small,
                          fill=cs.MUTED))
    height = top + counter + 0.4
    items.append(Line(0.0, height, width_mm, height, Style(stroke="#cccccc", stroke_width_mm=0.15)))
    anchors = {anchor: (0.0, top / 2, counter, top / 2 + counter),
               f"{anchor}:hex": (right, box_top, width_mm, box_bottom)}
    if army_box:
        anchors[f"{anchor}:army"] = (boxes_left, box_top, boxes_left + ARMY_BOX_W_MM, box_bottom)
    return Block(width_mm, height, tuple(items), anchors, gap_after_mm=size.gap_mm)


def _name_lines(name: str, room_mm: float) -> list[str] | None:
    """A unit's name in one or two lines of `room_mm` at the form's size, every word whole;
    None when it needs more."""
    lines = wrap_text(name, "sans-bold", cs.SMALL_PT, room_mm)
    if len(lines) > 2 or any(text_width_mm(line, "sans-bold", cs.SMALL_PT) > room_mm + 0.01 for line in lines):
        return None
    return lines


def _per_line(row_width_mm: float, width_mm: float) -> int:
    """How many rows of this width go across the form."""
    return max(1, int((width_mm + COLUMN_GAP_MM + 1e-6) // (row_width_mm + COLUMN_GAP_MM)))


def _in_pairs(rows: list[Block], width_mm: float, size: RowSize = USUAL) -> list[Block]:
    return [Block(r.width_mm, r.height_mm, r.items, r.anchors, gap_after_mm=size.gap_mm)
            for r in side_by_side(rows, width_mm, COLUMN_GAP_MM)]


def _columns(width_mm: float, army_box: bool, texts: list[tuple[str, str]] = ()) -> int:
    """Rows across the form: three when a name has MIN_NAME_MM beside its counter and boxes
    and every row's name fits whole in two lines and its detail in one (a long translation
    may shrink to 70 %), else two, else one: a name is never cut."""
    boxes = HEX_BOX_W_MM + (ARMY_BOX_W_MM + 2.0 if army_box else 0.0)
    for columns in (3, 2):
        row = (width_mm - (columns - 1) * COLUMN_GAP_MM) / columns
        room = row - boxes - COUNTER_MM - 3.0
        if room >= MIN_NAME_MM and all((_name_lines(name, room) is not None or
                                        _fits(name, "sans-bold", cs.SMALL_PT, room))
                                       and (not detail or _fits(detail, "sans", cs.NOTE_PT, room))
                                       for name, detail in texts):
            return columns
    return 1


def _fits(text: str, font: str, size_pt: float, room_mm: float) -> bool:
    return text_width_mm(text, font, size_pt * 0.7) <= room_mm


def _row_width(width_mm: float, army_box: bool = False, texts: list[tuple[str, str]] = ()) -> float:
    columns = _columns(width_mm, army_box, texts)
    return (width_mm - (columns - 1) * COLUMN_GAP_MM) / columns


def unit_rows(context, scenario: Scenario, group, width_mm: float, size: RowSize = USUAL) -> list[Block]:
    game, free = context.game, set(scenario.free_units())
    army_choice = set(group.spec.any_army)
    rows = []
    units = [game.unit_index[u] for u in group.unit_ids if u in free and u in game.unit_index]
    units.sort(key=lambda u: (u.army in army_choice, _army_key(u.army)))  # by army; those who choose last
    choosers: list[Block] = []  # units whose player picks their army: a box more, last
    texts = {}
    for unit in units:
        chooses = unit.army in army_choice
        detail = ui_text(context, "joins any army") if chooses else formation(context, unit)
        texts[unit.unit_id] = (unit_name(context, unit), detail, chooses)
    widths = {chooses: _row_width(width_mm, chooses, [(n, d) for n, d, c in texts.values() if c == chooses])
              for chooses in (False, True)}
    for unit in units:
        def draw(x, y, size, unit=unit):
            return unit_counter(game, unit, x, y, size, context.translator)

        name, detail, chooses = texts[unit.unit_id]
        kind = choosers if chooses else rows
        kind.append(form_row(context, f"unit:{unit.unit_id}", draw, name, detail, widths[chooses], chooses,
                             labelled=len(kind) < _per_line(widths[chooses], width_mm), size=size))
    return _in_pairs(rows, width_mm, size) + _in_pairs(choosers, width_mm, size)


def _army_key(army: str):
    number = whole_number(army)
    return (0, number) if number is not None else (1, army)


def marker_rows(context, scenario: Scenario, rule, width_mm: float, size: RowSize = USUAL) -> list[Block]:
    game, t = context.game, game_text(context)
    placed = marker_hexes(scenario)
    rows = []
    markers = [game.marker_index[m] for m in rule.spec.markers if m in game.marker_index and m not in placed]
    row_width = _row_width(width_mm, False, [(t.of(marker), "") for marker in markers])
    for marker in markers:
        def draw(x, y, size, marker=marker):
            return marker_counter(game, marker, x, y, size, context.translator)

        rows.append(form_row(context, f"marker:{marker.marker_id}", draw, t.of(marker), "", row_width, False,
                             labelled=len(rows) < _per_line(row_width, width_mm), size=size))
    return _in_pairs(rows, width_mm, size)


# -- the form ---------------------------------------------------------------------------

def form_blocks(context, scenario: Scenario, side: str, width_mm: float,
                serves: list[Scenario] | None = None, size: RowSize = USUAL) -> list[Block]:
    """The form's blocks; `serves`: every scenario it is printed for (default: `scenario`);
    `size`: its rows' measures."""
    game, t, plan = context.game, game_text(context), scenario.deployment
    side_name = t.of(game.sides[side]) if side in game.sides else side
    subtitle = " · ".join(x for x in (side_name, order_line(context, plan)) if x)
    if plan.hidden:
        note = ui_text(context, "Hidden deployment: fill in this form without showing it. When both players have "
                                "written theirs, reveal them and set up as written.")
    else:
        note = ui_text(context, "Write the hex of each unit, then set it up on the map.")
    # the form's head stays with its first rules: a form after another starts where it ends
    blocks = [title_block(form_title(context, serves or scenario), width_mm, subtitle),
              _player_line(context, width_mm), text_block(note, width_mm, size_pt=cs.SMALL_PT, keep_with_next=True)]
    rules = [r for r in plan.marker_rules if r.spec.side == side]
    groups = [g for g in plan.groups if g.spec.side == side and set(g.unit_ids) & set(scenario.free_units())]
    general = [w for w in (stacking_words(context), fixed_words(context, scenario, side)) if w]
    general += setup_restriction_words(context, scenario, side)
    if general:
        blocks.append(heading_block(ui_text(context, "For every unit"), width_mm))
        blocks += bullet_blocks(general, width_mm, size_pt=cs.SMALL_PT)
    for rule in rules:
        rows = marker_rows(context, scenario, rule, width_mm, size)
        if rows:
            blocks.append(heading_block(ui_text(context, "Markers"), width_mm))
            blocks += bullet_blocks([marker_rule_words(context, rule)], width_mm, size_pt=cs.SMALL_PT)
            blocks += rows
    for group in groups:
        count = len(set(group.unit_ids) & set(scenario.free_units()))
        blocks.append(heading_block(ui_text(context, "{group} ({count} units)", group=group_title(context, plan, group),
                                            count=count), width_mm))
        words = group_words(context, plan, group, marker_hexes(scenario))
        blocks += bullet_blocks(words, width_mm, size_pt=cs.SMALL_PT)
        blocks += unit_rows(context, scenario, group, width_mm, size)
    return blocks


def _player_line(context, width_mm: float) -> Block:
    label = ui_text(context, "Player:")
    x = text_width_mm(label, "sans", cs.BODY_PT) + 2.0
    items = (Text(0.0, 5.0, label, "sans", cs.BODY_PT),
             Line(x, 5.6, min(width_mm, x + 80.0), 5.6, Style(stroke="#333333", stroke_width_mm=0.25)))
    return Block(width_mm, 7.0, items, keep_with_next=True)


def form_pages(context: BuildContext, scenario: Scenario, side: str, serves: list[Scenario] | None = None):
    blocks = form_blocks(context, scenario, side, content_frame(context).width_mm, serves)
    return chart_pages(context, form_title(context, serves or scenario), blocks)


def shared_forms(context, scenarios: list[Scenario]) -> list[tuple[str, list[Scenario]]]:
    """(side, the scenarios) for each form to print: scenarios whose form for a side would
    be the same but for its title share one form, which names them all."""
    width = content_frame(context).width_mm
    groups: dict[tuple, tuple[str, list[Scenario]]] = {}
    for scenario in scenarios:
        for side in form_sides(scenario, context.game):
            blocks = form_blocks(context, scenario, side, width)
            key = (side, tuple((b.width_mm, b.height_mm, b.items) for b in blocks[1:]))
            groups.setdefault(key, (side, []))[1].append(scenario)
    return list(groups.values())


def side_documents(context, scenarios: list[Scenario]) -> list[tuple[str, list[list[Scenario]]]]:
    """(side, its forms) in the game's order of sides: every form a side fills (each the list
    of scenarios it serves) goes in one document."""
    sides: dict[str, list[list[Scenario]]] = {}
    for side, served in shared_forms(context, scenarios):
        sides.setdefault(side, []).append(served)
    order = [s.id for s in context.game.spec.sides]
    return sorted(sides.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


def side_title(context, side: str, forms: list[list[Scenario]]) -> str:
    """The document's title: its one form's, or "Set-up forms: <side>" for several."""
    name = game_text(context).of(context.game.sides[side]) if side in context.game.sides else side
    if len(forms) == 1:
        return f"{form_title(context, forms[0])} — {name}"
    return ui_text(context, "Set-up forms: {side}", side=name)


FORM_GAP_MM = 6.0  # between a form's last row and the title of the next on the same page
MOST_TRIED = 8  # a side with more forms: each on its pages, or all run together


def side_pages(context, side: str, forms: list[list[Scenario]], header: str):
    """A side's forms one after another: each starts a page of its own unless starting where
    the one before ends saves pages (of every way to run them together, the fewest pages,
    then the most forms starting a page). Rows of the usual size, or denser ones (DENSE)
    where those take fewer pages, or as many with more forms starting a page."""
    usual = _side_flow(context, side, forms, USUAL)
    dense = _side_flow(context, side, forms, DENSE)
    # the fewest pages, then the fewest forms starting under another; the usual rows on a tie
    pages = dense[0] if (len(dense[0]), dense[1]) < (len(usual[0]), usual[1]) else usual[0]
    return [framed_page(context, header, [placement.group() for placement in placements], number, len(pages))
            for number, placements in enumerate(pages, start=1)]


def _side_flow(context, side: str, forms: list[list[Scenario]], size: RowSize) -> tuple[list[list], int]:
    """The pages of a side's forms with rows of `size`, and how many forms start under
    another there."""
    width, frame = content_frame(context).width_mm, content_frame(context)
    parts = [form_blocks(context, served[0], side, width, served, size) for served in forms]
    parts = [[*blocks[:-1], replace(blocks[-1], gap_after_mm=FORM_GAP_MM)] for blocks in parts]

    def flowed(joins: tuple[bool, ...]) -> list[list]:
        runs: list[list[Block]] = []
        for blocks, joined in zip(parts, (False, *joins)):
            if joined:
                runs[-1] += blocks
            else:
                runs.append(list(blocks))
        return [page for run in runs for page in paginate_snug(run, frame, cs.BLOCK_GAP_MM)]

    choices = sorted(product((False, True), repeat=len(parts) - 1), key=sum)  # fewest joins first
    if len(parts) > MOST_TRIED:
        choices = [(False,) * (len(parts) - 1), (True,) * (len(parts) - 1)]
    return min(((flowed(choice), sum(choice)) for choice in choices), key=lambda found: (len(found[0]), found[1]))


@component("setup-form", order=72)
def build_setup_forms(context: BuildContext) -> list[OutputFile]:
    files: list[OutputFile] = []
    chosen = [scenario for scenario in selected_scenarios(context) if scenario is not None]
    for side, forms in side_documents(context, chosen):
        title = side_title(context, side, forms)
        header = form_title(context, forms[0]) if len(forms) == 1 else title
        files += document_outputs(context, f"setup-form-{side}", title, side_pages(context, side, forms, header))
    return files
