"""A table of cells laid out as a block: header rows, striped body rows, wrapped text.

Every chart table (CRT, dice tables, DRM lists, legends, the probability view) goes through
`grid_block`, so they share one look and every cell's rectangle is known as an anchor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Literal

from generator.layout.blocks import Block
from generator.layout.primitives import Box, FontKey, Item, Line, Rect, Style
from generator.fonts.metrics import text_width_mm
from generator.layout.wrap import paragraph, wrap_text, wrapped_height_mm


@dataclass(frozen=True)
class Cell:
    text: str = ""
    font: FontKey = "sans"
    size_pt: float = 8.0
    fill: str | None = None  # background; None: the row's stripe (or nothing)
    colour: str = "#000000"
    align: Literal["start", "middle", "end"] = "middle"
    span: int = 1  # how many columns the cell covers
    border: bool = True  # False: an empty corner, neither filled nor ruled
    name: str | None = None  # anchor name; default "cell:<row>:<column>"


@dataclass(frozen=True)
class GridStyle:
    padding_mm: float = 1.0
    min_row_height_mm: float = 5.0
    rule: str = "#8c8c8c"
    rule_width_mm: float = 0.15
    frame_width_mm: float = 0.4
    stripe: str | None = "#f0f0f0"
    leading: float = 1.15


DEFAULT_GRID = GridStyle()


def natural_width_mm(cell: Cell, style: GridStyle = DEFAULT_GRID) -> float:
    """Width the cell's text needs on one line (each explicit line), padding included."""
    widest = max((text_width_mm(line, cell.font, cell.size_pt) for line in cell.text.split("\n")), default=0.0)
    return widest + 2 * style.padding_mm


def longest_word_mm(cell: Cell, style: GridStyle = DEFAULT_GRID) -> float:
    """Width of the cell's longest word, padding included: a column at least this wide never
    breaks a word in two."""
    longest = max((text_width_mm(word, cell.font, cell.size_pt) for word in cell.text.split()), default=0.0)
    return longest + 2 * style.padding_mm + 0.2


def fit_widths(natural_mm: list[float], total_mm: float, minimum_mm: list[float] | None = None) -> list[float]:
    """Column widths summing to at most `total_mm`: natural where they fit, otherwise the
    wide columns give up width (down to their minimum) in proportion to what they can spare."""
    if sum(natural_mm) <= total_mm:
        return list(natural_mm)
    minimum = list(minimum_mm) if minimum_mm else [0.0] * len(natural_mm)
    minimum = [min(m, n) for m, n in zip(minimum, natural_mm)]
    if sum(minimum) >= total_mm:
        scale = total_mm / sum(minimum)
        return [m * scale for m in minimum]
    spare = [n - m for n, m in zip(natural_mm, minimum)]
    cut = (sum(natural_mm) - total_mm) / sum(spare)
    return [n - s * cut for n, s in zip(natural_mm, spare)]


def shortest_widths(rows: list[list[Cell]], least_mm: list[float], natural_mm: list[float], total_mm: float,
                    style: GridStyle = DEFAULT_GRID, step_mm: float = 2.0,
                    start_mm: list[float] | None = None) -> list[float]:
    """Column widths summing to `total_mm` (cells of one column each) that keep the table
    short: from each column's least width (or from `start_mm`), `step_mm` at a time to the
    column whose widening takes the most off the table's height (see `cost`), never past its
    natural width, what is left to the last column; then a step from one column to another
    while that takes more off."""
    widths = list(start_mm) if start_mm is not None else [min(m, n) for m, n in zip(least_mm, natural_mm)]
    if sum(widths) >= total_mm + 1e-6:
        return fit_widths(natural_mm, total_mm, least_mm)
    one_line = [[natural_width_mm(row[c], style) for row in rows] for c in range(len(widths))]
    line = wrapped_height_mm(1, max((cell.size_pt for row in rows for cell in row), default=8.0), style.leading)
    known: dict[tuple[int, float], list[float]] = {}

    def heights(column: int, width: float) -> list[float]:
        key = (column, round(width, 3))
        if key not in known:
            known[key] = [_cell_height(row[column], width, style, one_line[column][r] <= width)
                          for r, row in enumerate(rows)]
        return known[key]

    def cost(trial: list[float]) -> tuple[float, float]:
        """The table's height, then the sum of its rows' heights as if a cell's text
        filled its lines evenly (which tells apart widths giving the same lines)."""
        columns = [heights(c, w) for c, w in enumerate(trial)]
        even = [[line * max(1.0, one_line[c][r] / max(w - 2 * style.padding_mm, 1.0)) if rows[r][c].text else 0.0
                 for r in range(len(rows))] for c, w in enumerate(trial)]
        return sum(max(row) for row in zip(*columns)), sum(max(row) for row in zip(*even))

    def moved(trial: list[float], away: int | None, to: int) -> list[float]:
        return [w + step_mm if c == to else w - step_mm if c == away else w for c, w in enumerate(trial)]

    while sum(widths) + step_mm <= total_mm + 1e-6:
        growing = [c for c in range(len(widths)) if widths[c] < natural_mm[c] - 1e-6]
        if not growing:
            break
        widths = min((moved(widths, None, c) for c in growing), key=cost)
    widths[-1] += total_mm - sum(widths)
    for _ in range(MOST_MOVES):
        trials = [moved(widths, away, to) for away in range(len(widths)) for to in range(len(widths))
                  if away != to and widths[away] - step_mm >= least_mm[away] - 1e-6]
        best = min(trials, key=cost, default=None)
        if best is None or cost(best) >= cost(widths):
            break
        widths = best
    return widths


MOST_MOVES = 60  # steps moved from one column to another, at most


def _cell_height(cell: Cell, width_mm: float, style: GridStyle, fits: bool) -> float:
    lines = (1 if fits else len(wrap_text(cell.text, cell.font, cell.size_pt, width_mm - 2 * style.padding_mm))) \
        if cell.text else 0
    return max(style.min_row_height_mm, wrapped_height_mm(lines, cell.size_pt, style.leading) + 2 * style.padding_mm)


def widen_for(cell: Cell, widths_mm: list[float], first: int, total_mm: float, max_lines: int = 2,
              style: GridStyle = DEFAULT_GRID) -> list[float]:
    """Widths with the columns under a spanning cell (from `first`) widened evenly, a
    millimetre at a time, until the cell's text takes at most `max_lines` lines, as far as
    `total_mm` allows."""
    widths = list(widths_mm)
    span = range(first, first + cell.span)

    def lines() -> int:
        inner = sum(widths[i] for i in span) - 2 * style.padding_mm
        return len(wrap_text(cell.text, cell.font, cell.size_pt, inner))

    while lines() > max_lines and sum(widths) + 1.0 <= total_mm:
        for i in span:
            widths[i] += 1.0 / cell.span
    return widths


def legend_widths(rows: list[list[Cell]], width_mm: float, style: GridStyle = DEFAULT_GRID) -> list[float]:
    """A key's two columns: the code as wide as it needs, the text as wide as its longest
    line but no wider than what is left of `width_mm` (then it wraps)."""
    code = max(natural_width_mm(row[0], style) for row in rows)
    text = max(natural_width_mm(row[1], style) for row in rows)
    return [code, min(text + 1.0, width_mm - code)]


def grid_block(
    rows: list[list[Cell]],
    column_widths_mm: list[float],
    *,
    header_rows: int = 0,
    style: GridStyle = DEFAULT_GRID,
    stripe_offset: int = 0,
) -> Block:
    """The rows as a block as wide as the columns. Body rows alternate with the stripe colour
    (`stripe_offset`: body rows that came before, on an earlier part of the same table)."""
    heights = [_row_height(row, column_widths_mm, style) for row in rows]
    width = sum(column_widths_mm)
    items: list[Item] = []
    anchors: dict[str, Box] = {}
    texts: list[Item] = []
    y = 0.0
    for r, (row, height) in enumerate(zip(rows, heights)):
        stripe = style.stripe if r >= header_rows and (r - header_rows + stripe_offset) % 2 == 1 else None
        x = 0.0
        column = 0
        for cell in row:
            cell_width = sum(column_widths_mm[column : column + cell.span])
            box = (x, y, x + cell_width, y + height)
            anchors[cell.name or f"cell:{r}:{column}"] = box
            items.extend(_cell_background(cell, box, stripe, style))
            texts.extend(_cell_text(cell, box, style))
            x += cell_width
            column += cell.span
        y += height
    body_top = sum(heights[:header_rows])
    if y > body_top:
        frame = Style(stroke="#000000", stroke_width_mm=style.frame_width_mm)
        items.append(Rect(0.0, body_top, width, y - body_top, frame))
    return Block(width, y, (*items, *texts), anchors)


def flowing_grid(
    rows: list[list[Cell]],
    column_widths_mm: list[float],
    *,
    header_rows: int,
    style: GridStyle = DEFAULT_GRID,
    decorate: Callable[[Block, list[list[Cell]]], Block] | None = None,
    stripe_offset: int = 0,
) -> Block:
    """A table that breaks across frames between body rows, its header rows repeated on every
    part. `decorate(block, rows)` draws over each part what the grid does not (it gets that
    part's rows: anchors name only their cells)."""
    block = grid_block(rows, column_widths_mm, header_rows=header_rows, style=style, stripe_offset=stripe_offset)
    if decorate is not None:
        block = decorate(block, rows)
    head, body = rows[:header_rows], rows[header_rows:]

    def split(height_mm: float) -> tuple[Block, Block] | None:
        used = sum(_row_height(row, column_widths_mm, style) for row in head)
        count = 0
        for row in body:
            used += _row_height(row, column_widths_mm, style)
            if used > height_mm + 1e-6:
                break
            count += 1
        if count == 0 or count == len(body):
            return None
        first, rest = ([*head, *part] for part in (body[:count], body[count:]))
        part = lambda cut, offset: flowing_grid(cut, column_widths_mm, header_rows=header_rows,  # noqa: E731
                                                style=style, decorate=decorate, stripe_offset=offset)
        return part(first, stripe_offset), part(rest, stripe_offset + count)

    return replace(block, split=split)


def table_height_mm(rows: list[list[Cell]], widths_mm: list[float], style: GridStyle = DEFAULT_GRID) -> float:
    """The height of the table's rows at these column widths."""
    return sum(_row_height(row, widths_mm, style) for row in rows)


def _row_height(row: list[Cell], widths: list[float], style: GridStyle) -> float:
    tallest = 0.0
    column = 0
    for cell in row:
        inner = sum(widths[column : column + cell.span]) - 2 * style.padding_mm
        lines = len(wrap_text(cell.text, cell.font, cell.size_pt, inner)) if cell.text else 0
        tallest = max(tallest, wrapped_height_mm(lines, cell.size_pt, style.leading))
        column += cell.span
    return max(style.min_row_height_mm, tallest + 2 * style.padding_mm)


def _cell_background(cell: Cell, box: Box, stripe: str | None, style: GridStyle) -> list[Item]:
    if not cell.border:
        return []
    left, top, right, bottom = box
    fill = cell.fill or stripe
    rule = Style(fill=fill, stroke=style.rule, stroke_width_mm=style.rule_width_mm)
    return [Rect(left, top, right - left, bottom - top, rule)]


def _cell_text(cell: Cell, box: Box, style: GridStyle) -> tuple[Item, ...]:
    if not cell.text:
        return ()
    left, top, right, bottom = box
    inner = right - left - 2 * style.padding_mm
    lines = len(wrap_text(cell.text, cell.font, cell.size_pt, inner))
    height = wrapped_height_mm(lines, cell.size_pt, style.leading)
    y = top + (bottom - top - height) / 2
    block = paragraph(left + style.padding_mm, y, inner, cell.text, cell.font, cell.size_pt,
                      fill=cell.colour, anchor=cell.align, leading=style.leading)
    return block.items


def ruled_line(x1_mm: float, y_mm: float, x2_mm: float, width_mm: float = 0.3, colour: str = "#000000") -> Line:
    return Line(x1_mm, y_mm, x2_mm, y_mm, Style(stroke=colour, stroke_width_mm=width_mm))
