"""Attrition tables (`attrition`): strength bands against strength bands, each cell giving
several numbers at once (BitE 3.0) — the grid shaded by whom a result favours, what each
number gives, the shifts along the table and the strength modifiers, as blocks that the
`crt` document and the player aids print with the other combat tables."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.components.chart_document import bullet_blocks, chart_heading_blocks, heading_block
from generator.components.crt_results import favour_fill
from generator.components.table_keys import swatch_key_block
from generator.components.illustrative import is_illustrative, mark_note, marked
from generator.components.text import game_text, ui_text
from generator.layout.blocks import Block, beside_or_below
from generator.layout.grid import Cell, fit_widths, grid_block, natural_width_mm, widen_for
from generator.model.tables import AttritionTable

RESULT_PT = 9.0
KEYS_MM = 55.0
SIDE_GAP_MM = 6.0
ARROWS = {"right": "→", "left": "←", "down": "↓", "up": "↑"}


def shade(table: AttritionTable, cell: str) -> str | None:
    """Whom a result favours, read through the table's grammar (the column side is its
    attacker, the row side its defender); None when the grammar cannot read it."""
    return favour_fill(table, cell)


def attrition_grid_block(context, table: AttritionTable, width_mm: float) -> Block:
    """The grid. Anchors: 'result:<r>:<c>', 'row:<r>', 'column:<c>'."""
    t = game_text(context)
    header = [Cell(border=False, name="corner"),
              Cell(t.table_title(table, "column_title") or ui_text(context, "Column strength"), "sans-bold",
                   cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, span=len(table.columns), name="column-title")]
    labels = [Cell(t.table_title(table, "row_title") or ui_text(context, "Row strength"), "condensed-bold",
                   cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, name="row-title")]
    labels += [Cell(t.table_column(table, c), "sans-bold", cs.BODY_PT, cs.HEADER_FILL, cs.HEADER_TEXT,
                    name=f"column:{c}") for c in range(len(table.columns))]
    body = []
    for r in range(len(table.rows)):
        row = [Cell(t.table_row(table, r), "sans-bold", cs.BODY_PT, cs.LABEL_FILL, name=f"row:{r}")]
        cells = table.cells[r] if r < len(table.cells) else []
        row += [Cell(text, "sans-bold", RESULT_PT, shade(table, text), name=f"result:{r}:{c}")
                for c, text in enumerate(cells)]
        body.append(row)
    label_w = max([natural_width_mm(row[0]) for row in body] + [min(natural_width_mm(labels[0]), 30.0), 16.0])
    cell_w = max([natural_width_mm(c) for row in body for c in row[1:]] + [natural_width_mm(c) for c in labels[1:]]
                 + [12.0])
    count = len(table.columns)
    widths = fit_widths([label_w] + [cell_w] * count, width_mm, [12.0] + [9.0] * count)
    widths = widen_for(header[1], widths, 1, width_mm)
    return grid_block([header, labels, *body], widths, header_rows=2, style=cs.GRID)


def result_form(table: AttritionTable) -> str:
    """A result with its numbers named by their groups: '1-1' -> 'X-Y' (groups x and y)."""
    sample = next((cell for row in table.cells for cell in row if table.regex.fullmatch(cell)), "")
    match = table.regex.fullmatch(sample)
    if match is None:
        return "-".join(g.upper() for g in table.groups)
    out, end = [], 0
    for group in table.groups:
        start, stop = match.span(group)
        if start < 0:
            continue
        out += [sample[end:start], group.upper()]
        end = stop
    return "".join(out) + sample[end:]


def outputs_block(context, table: AttritionTable, width_mm: float) -> Block:
    """'X-Y | what it gives': each number of a result, named by its group."""
    t = game_text(context)
    header = [Cell(result_form(table), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT),
              Cell(ui_text(context, "What each number gives"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL,
                   cs.HEADER_TEXT, align="start")]
    rows = [header]
    for group in table.groups:
        gives = [t.table_output(table, i) for i, output in enumerate(table.outputs) if output.group == group]
        if gives:
            rows.append([Cell(group.upper(), "sans-bold", cs.SMALL_PT),
                         Cell("; ".join(gives), "sans", cs.SMALL_PT, align="start")])
    first = min(max(natural_width_mm(row[0], cs.COMPACT_GRID) for row in rows), width_mm / 3)
    return grid_block(rows, [first, width_mm - first], header_rows=1, style=cs.COMPACT_GRID)


def _keys(context, table: AttritionTable, width_mm: float) -> list[Block]:
    blocks = [outputs_block(context, table, width_mm)]
    used = {shade(table, cell) for row in table.cells for cell in row}
    t = game_text(context)
    column = t.table_title(table, "column_side") or ui_text(context, "column side")
    row = t.table_title(table, "row_side") or ui_text(context, "row side")
    shades = [(cs.ATTACKER_STRONG, ui_text(context, "Favours the {side}", side=column)),
              (cs.ATTACKER_LIGHT, ui_text(context, "Slightly favours the {side}", side=column)),
              (cs.DEFENDER_LIGHT, ui_text(context, "Slightly favours the {side}", side=row)),
              (cs.DEFENDER_STRONG, ui_text(context, "Favours the {side}", side=row))]
    swatches = [(colour, label) for colour, label in shades if colour in used]
    if swatches:
        blocks.append(swatch_key_block(swatches, width_mm, cs.SMALL_PT))
    return blocks


def _rows_block(context, head: list[str], rows: list[list[str]], width_mm: float) -> Block:
    """A small grid: a value column and a condition column (wrapping)."""
    header = [Cell(text, "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start" if i == 1 else "middle")
              for i, text in enumerate(head)]
    body = [[Cell(row[0], "sans-bold", cs.BODY_PT), Cell(row[1], "sans", cs.SMALL_PT, align="start")] for row in rows]
    first = min(max(natural_width_mm(r[0]) for r in [header, *body]), 40.0)
    return grid_block([header, *body], [first, width_mm - first], header_rows=1, style=cs.COMPACT_GRID)


def shift_text(context, shift) -> str:
    """'→ 1 column right', '↓ 2 rows down': the arrow and the words."""
    from generator.components.combat_words import shift_words

    return f"{ARROWS[shift.direction]} {shift_words(context.translator, shift.direction, shift.amount)}"


def shift_blocks(context, table, width_mm: float) -> list[Block]:
    """The shifts along a table (attrition or odds), under a heading; none without shifts."""
    if not table.shifts:
        return []
    t = game_text(context)
    rows = [[shift_text(context, s), t.shift_condition(table, i)] for i, s in enumerate(table.shifts)]
    head = [ui_text(context, "Shift"), ui_text(context, "Condition")]
    return [heading_block(ui_text(context, "Shifts"), width_mm), _rows_block(context, head, rows, width_mm)]


def attrition_blocks(context, table: AttritionTable, width_mm: float, *, new_page: bool = False,
                     heading: bool = False, terrain: bool = True) -> list[Block]:
    """Everything about one attrition table, top to bottom."""
    from generator.components.crt import terrain_effect_blocks

    t = game_text(context)
    grid = attrition_grid_block(context, table, width_mm)
    blocks = [*chart_heading_blocks(marked(t.of(table), table.source), width_mm, None, heading=heading,
                                    page_break_before=new_page),
              *beside_or_below(grid, lambda room: _keys(context, table, room), width_mm, SIDE_GAP_MM, KEYS_MM)]
    blocks += shift_blocks(context, table, width_mm)
    if table.modifiers:
        rows = [[t.modifier_value(table, i), t.modifier_condition(table, i)] for i in range(len(table.modifiers))]
        blocks += [heading_block(ui_text(context, "Strength modifiers"), width_mm),
                   _rows_block(context, [ui_text(context, "Strength"), ui_text(context, "Condition")], rows, width_mm)]
    if terrain:
        blocks += terrain_effect_blocks(context, table, width_mm)
    notes = [t.table_note(table, i) for i in range(len(table.notes))]
    from generator.components.crt import terrain_is_illustrative

    if is_illustrative(table.source) or (terrain and terrain_is_illustrative(context, table)):
        notes.append(mark_note(context))
    if notes:
        blocks += [heading_block(ui_text(context, "Notes"), width_mm),
                   *bullet_blocks(notes, width_mm, size_pt=cs.SMALL_PT)]
    return blocks
