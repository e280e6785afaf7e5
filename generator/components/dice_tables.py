"""Dice tables (`dice`: random events, ammunition, siege guns, command control …) and tables
read by a value without dice (`value`: SotE's Combat Table, with the terms of the value) with
their entries and notes, as blocks; and the `tables` component that prints them all."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_heading_blocks,
    chart_pages,
    content_frame,
    document_outputs,
)
from generator.components.crt import drm_block
from generator.components.crt_probability import percent_sign
from generator.components.dice import row_chances, rows_outside_die
from generator.components.table_keys import swatch_key_block
from generator.components.illustrative import is_illustrative, mark_note, marked
from generator.components.text import game_text, ui_text
from generator.layout.blocks import Block, beside_or_below
from generator.layout.grid import Cell, fit_widths, grid_block, legend_widths, longest_word_mm, natural_width_mm, widen_for
from generator.layout.primitives import Page
from generator.model.tables import DiceTable, ValueTable

MAX_LABEL_MM = 30.0
KEYS_MM = 60.0  # narrowest column worth putting the keys beside the table
SIDE_GAP_MM = 6.0


def dice_table_block(context, table: DiceTable, width_mm: float) -> Block:
    """The table: a die-roll column, one column per table column, and, when every row is a
    roll of the natural dice, the chance of each row. Anchors 'result:<r>:<c>', 'row:<r>'."""
    t = game_text(context)
    outside = rows_outside_die(table.rows, table.dice)
    chances = None if any(outside) else row_chances(table.dice, table.rows)
    corner = ui_text(context, "Value") if isinstance(table, ValueTable) else ui_text(context, "Die roll")
    header = [Cell(t.table_title(table, "row_title") or corner, "condensed-bold", cs.HEADER_PT,
                   cs.HEADER_FILL, cs.HEADER_TEXT, name="row-title")]
    header += [Cell(t.table_column(table, i), "sans-bold", cs.BODY_PT, cs.HEADER_FILL, cs.HEADER_TEXT,
                    name=f"column:{i}") for i in range(len(table.columns))]
    if chances:
        header.append(Cell(ui_text(context, "Chance"), "condensed-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT))
    rows = [header]
    if table.column_title:
        rows.insert(0, [Cell(border=False), Cell(t.table_title(table, "column_title"), "sans-bold", cs.HEADER_PT,
                                                 cs.HEADER_FILL, cs.HEADER_TEXT, span=len(table.columns),
                                                 name="column-title")])
    for r in range(len(table.rows)):
        row = [Cell(t.table_row(table, r), "sans-oblique" if outside[r] else "sans-bold", cs.BODY_PT,
                    cs.MODIFIED_FILL if outside[r] else cs.LABEL_FILL, name=f"row:{r}")]
        cells = table.cells[r] if r < len(table.cells) else []
        row += [Cell(t.table_cell(table, r, c), "sans-bold" if len(text) <= 3 else "sans", cs.BODY_PT,
                     name=f"result:{r}:{c}") for c, text in enumerate(cells)]
        if chances:
            row.append(Cell(percent_sign(chances[r], t), "condensed", cs.SMALL_PT, colour=cs.MUTED))
        rows.append(row)
    widths = _widths(rows[len(rows) - len(table.rows) - 1 :], width_mm, bool(chances))
    if table.column_title:
        widths = widen_for(rows[0][1], widths, 1, width_mm)
    return grid_block(rows, widths, header_rows=len(rows) - len(table.rows), style=cs.GRID)


def _widths(rows: list[list[Cell]], width_mm: float, chance: bool) -> list[float]:
    """Natural widths (results at least 12 mm), long text columns giving way to fit."""
    count = len(rows[0])
    natural = [max(natural_width_mm(row[c]) for row in rows if c < len(row)) for c in range(count)]
    natural[0] = max(min(natural[0], MAX_LABEL_MM), 14.0)
    last = count - 1 if chance else count
    natural[1:last] = [max(n, 12.0) for n in natural[1:last]]
    words = [min(max(longest_word_mm(row[c]) for row in rows if c < len(row)), natural[c]) for c in range(count)]
    return fit_widths(natural, width_mm, [max(w, least) for w, least in zip(words, [12.0] + [10.0] * (count - 1))])


def entries_block(context, table: DiceTable, width_mm: float) -> Block:
    """'Result | Effect' for every entry the table names."""
    header = [Cell(ui_text(context, "Result"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT),
              Cell(ui_text(context, "Effect"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start")]
    t = game_text(context)
    rows = [[Cell(t.result_code(code), "sans-bold", cs.BODY_PT, name=f"entry:{code}"),
             Cell(t.table_entry(table, code), "sans", cs.SMALL_PT, align="start")] for code in table.entries]
    return grid_block([header, *rows], legend_widths([header, *rows], width_mm, cs.COMPACT_GRID), header_rows=1,
                      style=cs.COMPACT_GRID)


def dice_table_blocks(context, table: DiceTable, width_mm: float, *, new_page: bool = False,
                      heading: bool = False) -> list[Block]:
    t = game_text(context)
    subtitle = table.dice if table.dice != "none" else ""
    grid = dice_table_block(context, table, width_mm)
    blocks = [*chart_heading_blocks(marked(t.of(table), table.source), width_mm, subtitle, heading=heading,
                                    page_break_before=new_page),
              *beside_or_below(grid, lambda room: _keys(context, table, room), width_mm, SIDE_GAP_MM, KEYS_MM)]
    if getattr(table, "drms", None):  # a value table: what makes up and changes the value
        blocks.append(drm_block(context, table, width_mm, ui_text(context, "Modifier")))
    notes = [t.table_note(table, i) for i in range(len(table.notes))]
    if is_illustrative(table.source):
        notes.append(mark_note(context))
    if notes:
        blocks += bullet_blocks(notes, width_mm, size_pt=cs.SMALL_PT)
    return blocks


def _keys(context, table: DiceTable, width_mm: float) -> list[Block]:
    """Which rows only modified rolls reach, and what each result means."""
    keys = []
    t = game_text(context)
    outside = [t.table_row(table, r) for r, flag in enumerate(rows_outside_die(table.rows, table.dice)) if flag]
    if outside:
        keys.append(swatch_key_block([(cs.MODIFIED_FILL, ui_text(context, "Modified rolls only ({rows}): the dice alone "
                                                                     "cannot roll them", rows=", ".join(outside)))],
                                     width_mm))
    if table.entries:
        keys.append(entries_block(context, table, width_mm))
    return keys


def dice_tables(game) -> list[DiceTable]:
    return [t for t in game.spec.tables if isinstance(t, DiceTable)]


def tables_document(context: BuildContext) -> tuple[str, list[Page]]:
    """The title and pages of the dice tables (no pages when the game has none)."""
    tables = dice_tables(context.game)
    if not tables:
        return "", []
    width = content_frame(context).width_mm
    blocks: list[Block] = []
    for table in tables:
        blocks += dice_table_blocks(context, table, width)
    title = ui_text(context, "Tables")
    return title, chart_pages(context, title, blocks)


@component("tables", order=45)
def build_tables(context: BuildContext) -> list[OutputFile]:
    """tables.pdf; left out of kit.pdf when every side's player aid prints every table."""
    from generator.components.player_aid import printed_by_the_aids

    title, pages = tables_document(context)
    if not pages:
        return []
    files = document_outputs(context, "tables", title, pages, shares_pages=True)
    return printed_by_the_aids(context, files, "tables", [table.id for table in dice_tables(context.game)])
