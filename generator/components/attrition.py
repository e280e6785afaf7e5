"""Attrition tables (`attrition`): strength bands against strength bands, each cell giving
several numbers at once (BitE 3.0) — the grid shaded by whom a result favours, what each
number gives, the shifts along the table and the strength modifiers, as blocks that the
`crt` document and the player aids print with the other combat tables."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.components.chart_document import bullet_blocks, chart_heading_blocks, heading_block
from generator.components.table_keys import swatch_key_block
from generator.components.text import game_text, source_text, ui_text
from generator.layout.blocks import Block, beside_or_below
from generator.layout.grid import Cell, fit_widths, grid_block, natural_width_mm, widen_for
from generator.model.tables import AttritionTable

RESULT_PT = 9.0
KEYS_MM = 55.0
SIDE_GAP_MM = 6.0
ARROWS = {"right": "→", "left": "←", "down": "↓", "up": "↑"}


def balance(table: AttritionTable, cell: str) -> int:
    """The first number of a result less the second: what the column side gains over the
    row side (BitE: hits on the non-phasing player less hits on the phasing player)."""
    values = table.values(cell)
    groups = table.groups
    if len(groups) < 2 or groups[0] not in values or groups[1] not in values:
        return 0
    return values[groups[0]] - values[groups[1]]


def shade(table: AttritionTable, cell: str) -> str:
    difference = balance(table, cell)
    if difference >= 3:
        return cs.ATTACKER_STRONG
    if difference >= 1:
        return cs.ATTACKER_LIGHT
    if difference <= -3:
        return cs.DEFENDER_STRONG
    return cs.DEFENDER_LIGHT if difference <= -1 else cs.EVEN


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
    """A small grid: a value column, a condition column (wrapping) and a rule column."""
    header = [Cell(text, "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start" if i == 1 else "middle")
              for i, text in enumerate(head)]
    body = [[Cell(row[0], "sans-bold", cs.BODY_PT), Cell(row[1], "sans", cs.SMALL_PT, align="start"),
             Cell(row[2], "condensed", cs.SMALL_PT)] for row in rows]
    first = min(max(natural_width_mm(r[0]) for r in [header, *body]), 28.0)
    last = min(max([natural_width_mm(r[2]) for r in [header, *body]] + [12.0]), 24.0)
    return grid_block([header, *body], [first, width_mm - first - last, last], header_rows=1, style=cs.COMPACT_GRID)


def shift_text(context, shift) -> str:
    """'→ 1 column', '↓ 2 rows'."""
    if shift.direction in ("right", "left"):
        words = ui_text(context, "1 column") if shift.amount == 1 else ui_text(context, "{n} columns", n=shift.amount)
    else:
        words = ui_text(context, "1 row") if shift.amount == 1 else ui_text(context, "{n} rows", n=shift.amount)
    return f"{ARROWS[shift.direction]} {words}"


def shift_blocks(context, table, width_mm: float) -> list[Block]:
    """The shifts along a table (attrition or odds), under a heading; none without shifts."""
    if not table.shifts:
        return []
    t = game_text(context)
    rows = [[shift_text(context, s), t.shift_condition(table, i), t.rule_cited(table, "shift", i, s.rule)]
            for i, s in enumerate(table.shifts)]
    head = [ui_text(context, "Shift"), ui_text(context, "Condition"), ui_text(context, "Rule")]
    return [heading_block(ui_text(context, "Shifts"), width_mm), _rows_block(context, head, rows, width_mm)]


def attrition_blocks(context, table: AttritionTable, width_mm: float, *, new_page: bool = False,
                     heading: bool = False) -> list[Block]:
    """Everything about one attrition table, top to bottom."""
    t = game_text(context)
    source = source_text(context, table)
    subtitle = source and ui_text(context, "Source: {source}", source=source)
    grid = attrition_grid_block(context, table, width_mm)
    blocks = [*chart_heading_blocks(t.of(table), width_mm, subtitle or None, heading=heading,
                                    page_break_before=new_page),
              *beside_or_below(grid, lambda room: _keys(context, table, room), width_mm, SIDE_GAP_MM, KEYS_MM)]
    blocks += shift_blocks(context, table, width_mm)
    if table.modifiers:
        rows = [[t.modifier_value(table, i), t.modifier_condition(table, i), t.rule_cited(table, "modifier", i, m.rule)]
                for i, m in enumerate(table.modifiers)]
        blocks += [heading_block(ui_text(context, "Strength modifiers"), width_mm),
                   _rows_block(context, [ui_text(context, "Strength"), ui_text(context, "Condition"),
                                         ui_text(context, "Rule")], rows, width_mm)]
    if table.notes:
        notes = [t.table_note(table, i) for i in range(len(table.notes))]
        blocks += [heading_block(ui_text(context, "Notes"), width_mm),
                   *bullet_blocks(notes, width_mm, size_pt=cs.SMALL_PT)]
    return blocks
