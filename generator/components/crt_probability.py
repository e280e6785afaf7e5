"""The probability view of a CRT: for a net DRM, the chance of each result per odds column
(exact fractions from the dice, the modified roll clamped), printed as small tables."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from generator.components import chart_style as cs
from generator.components.chart_document import heading_block, signed, text_block
from generator.components.crt_results import favour_fill
from generator.model.results import result_order_key
from generator.components.dice import result_chances, roll_limits
from generator.components.text import game_text, ui_text
from generator.layout.blocks import Block, side_by_side
from generator.layout.grid import Cell, grid_block, natural_width_mm
from generator.model.tables import OddsCrt

PROBABILITY_DRMS = (-2, -1, 0, 1, 2)


def probability_block(context, table: OddsCrt, drm: int, chances: list[dict[str, Fraction]]) -> Block:
    """One table: the chance (%) of each result per odds column at net DRM `drm`.
    Anchors 'p:<drm>:<result>:<c>'."""
    t = game_text(context)
    results = sorted({result for column in chances for result in column}, key=lambda r: result_order_key(table, r))
    title = [Cell(ui_text(context, "Net DRM {drm}", drm=signed(drm)), "sans-bold", cs.HEADER_PT,
                  cs.HEADER_FILL, cs.HEADER_TEXT, span=len(table.columns) + 1)]
    header = [Cell(ui_text(context, "Result"), "condensed-bold", cs.NOTE_PT, cs.LABEL_FILL)]
    header += [Cell(t.table_column(table, c), "sans-bold", cs.NOTE_PT, cs.LABEL_FILL)
               for c in range(len(table.columns))]
    rows = []
    for result in results:
        row = [Cell(result, "sans-bold", cs.NOTE_PT, favour_fill(table, result))]
        for c, column in enumerate(chances):
            row.append(Cell(percent(column.get(result, Fraction(0)), t), "sans", cs.NOTE_PT,
                            name=f"p:{drm}:{result}:{c}"))
        rows.append(row)
    label_width = max([natural_width_mm(r[0]) for r in [header, *rows]] + [9.0])
    figures = [c for row in rows for c in row[1:]]
    widths = [label_width] + [max(natural_width_mm(c) for c in header[1:] + figures) + 1.0] * len(table.columns)
    return grid_block([title, header, *rows], widths, header_rows=2, style=cs.TINY_GRID)


def probability_row(context, table: OddsCrt, drms, chances_by_drm: list[list[dict[str, Fraction]]],
                    gap_mm: float) -> list[Block]:
    """Every net DRM's table in one row: the same rows in each (every result any DRM gives,
    '·' where this one never does), the results named once, at the left of the first; the
    columns as narrow as their figures. Anchors 'p:<drm>:<result>:<c>' as probability_block's."""
    t = game_text(context)
    results = sorted({result for chances in chances_by_drm for column in chances for result in column},
                     key=lambda r: result_order_key(table, r))
    count = len(table.columns)
    labels = [Cell(ui_text(context, "Result"), "condensed-bold", cs.NOTE_PT, cs.LABEL_FILL)]
    labels += [Cell(result, "sans-bold", cs.NOTE_PT, favour_fill(table, result)) for result in results]
    odds = [Cell(t.table_column(table, c), "sans-bold", cs.NOTE_PT, cs.LABEL_FILL) for c in range(count)]
    grids = []
    for index, (drm, chances) in enumerate(zip(drms, chances_by_drm)):
        title = [Cell(ui_text(context, "Net DRM {drm}", drm=signed(drm)), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL,
                      cs.HEADER_TEXT, span=count)]
        rows = [title, list(odds)]
        rows += [[Cell(percent(column.get(result, Fraction(0)), t), "sans", cs.NOTE_PT, name=f"p:{drm}:{result}:{c}")
                  for c, column in enumerate(chances)] for result in results]
        figures = [cell for row in rows[1:] for cell in row]
        widths = [max(natural_width_mm(cell, cs.TINY_GRID) for cell in figures) + 0.3] * count
        if index == 0:  # the results' names, under an empty corner
            rows = [[Cell("", border=False), *title], *([label, *row] for label, row in zip(labels, rows[1:]))]
            widths = [max(natural_width_mm(cell, cs.TINY_GRID) for cell in labels) + 1.0, *widths]
        grids.append(grid_block(rows, widths, header_rows=2, style=cs.TINY_GRID))
    return side_by_side(grids, sum(g.width_mm for g in grids) + gap_mm * len(grids), gap_mm)


def percent(chance: Fraction, t=None) -> str:
    """A chance as a whole number of percent in the locale of the Translator `t` (None:
    plain digits); '·' for none and '<1' for less than half a percent."""
    if chance == 0:
        return "·"
    value = chance * 100
    if value < Fraction(1, 2):
        return "<" + _number(1, t)
    return _number(int(value + Fraction(1, 2)), t)


def percent_sign(chance: Fraction, t=None) -> str:
    """The same with the locale's percent sign: '17%' (en), '17 %' (es); '·' for none."""
    if chance == 0:
        return "·"
    value = chance * 100
    if value < Fraction(1, 2):
        return "<" + (t.percent(Decimal("0.01")) if t is not None else "1%")
    whole = int(value + Fraction(1, 2))
    return t.percent(Decimal(whole) / 100) if t is not None else f"{whole}%"


def _number(value: int, t) -> str:
    return t.number(value) if t is not None else str(value)


def probability_note(context, table: OddsCrt) -> str:
    """What the chances assume: the dice, how a modified roll beyond the table counts."""
    limits = roll_limits(table.rows, table.roll_min, table.roll_max)
    t = game_text(context)
    return ui_text(context, "Rolling {dice}; the modified roll counts as {low} when lower and {high} when higher. "
                            "Percentages are rounded.", dice=table.dice, low=t.number(limits[0]), high=t.number(limits[1]))


def probability_blocks(context, table: OddsCrt, width_mm: float, drms=PROBABILITY_DRMS, *,
                       note: bool = True, heading: bool = True) -> list[Block]:
    """The probability view: a heading (left out with `heading=False`: a document of this
    view alone, whose title says it), what it assumes, and one small table per net DRM: all
    in one row, the results named once, where that fits `width_mm`, else as many to a row as
    fit."""
    tables, chances_by_drm = [], []
    for drm in drms:
        chances = result_chances(table, drm)
        if chances is None:
            return []
        chances_by_drm.append(chances)
        tables.append(probability_block(context, table, drm, chances))
    t = game_text(context)
    head = [heading_block(ui_text(context, "{table}: chance of each result (%)", table=t.of(table)), width_mm)] \
        if heading else []
    explain = [text_block(probability_note(context, table), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED,
                          keep_with_next=True)] if note else []
    row = probability_row(context, table, drms, chances_by_drm, 2.0)
    if len(row) == 1 and row[0].width_mm <= width_mm:
        return [*head, *explain, *row]
    return [*head, *explain, *side_by_side(tables, width_mm, 4.0)]
