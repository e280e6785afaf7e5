"""Tiling one big drawing (a map) onto home-printer sheets, with overlap and assembly aids.

The drawing is laid out once and stored as one SymbolDef; every tile page places it with
a clipped Use, so the PDF holds the drawing once (a form XObject) and each sheet only says
where to look. Tiles are named like spreadsheet cells: the letter is the column (A = left),
the number the row (1 = top).

Assembly convention: neighbouring tiles share an `overlap_mm` strip. Trim the left and top
margins of a sheet along its crop marks, lay it over its left and upper neighbours so the
registration crosses in the shared strip coincide, and tape it down.

A plan may take rows of both orientations (portrait sheets in some rows, landscape in the
others) where that needs fewer sheets: each row is a strip of sheets of one orientation, the
strips overlapping like the sheets of a row, a sheet naming each sheet above and below it.
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]

# Space around the printed area: printers cannot print to the edge, and the bottom strip
# carries the tile's label and the 50 mm scale bar.
MARGIN_MM = {"left": 7.0, "top": 7.0, "right": 7.0, "bottom": 15.0}  # home printers print from 3 to 6 mm


@dataclass(frozen=True)
class Tile:
    column: int  # 0 = leftmost
    row: int  # 0 = top
    x_mm: float  # the drawing's coordinates of the tile's top-left corner
    y_mm: float

    @property
    def name(self) -> str:
        return f"{column_letters(self.column)}{self.row + 1}"


@dataclass(frozen=True)
class TilePlan:
    drawing_mm: tuple[float, float]
    sheet_mm: tuple[float, float]  # paper as printed (portrait or landscape)
    landscape: bool
    columns: int
    rows: int
    overlap_mm: float
    window_mm: tuple[float, float]  # the part of the drawing each sheet shows
    origin: tuple[float, float] | None = None  # drawing coordinates of A1's corner (None: centred)
    # The tiles printed, as (column, row); None: all. A tile whose window holds nothing of
    # the drawing's content (only margin, or empty sea) is left out: a gap in the grid.
    kept: frozenset[tuple[int, int]] | None = None
    # Rows of both orientations: each row's orientation (True: landscape), top to bottom, its
    # columns and the drawing x of its first window; empty: every row `landscape`, `columns`
    # wide, from the origin. `sheet_mm` and `window_mm` are then the first row's.
    row_landscape: tuple[bool, ...] = ()
    row_columns: tuple[int, ...] = ()
    row_x: tuple[float, ...] = ()

    @property
    def mixed(self) -> bool:
        return bool(self.row_landscape)

    def sheet_of(self, row: int) -> tuple[float, float]:
        """The sheet (as printed) of a row's tiles."""
        if not self.mixed or self.row_landscape[row] == self.row_landscape[0]:
            return self.sheet_mm
        return self.sheet_mm[1], self.sheet_mm[0]

    def window_of(self, row: int) -> tuple[float, float]:
        """The part of the drawing a row's sheets show."""
        if not self.mixed:
            return self.window_mm
        return _window(self.sheet_of(row))

    def window_box_of(self, row: int) -> Box:
        """Where a row's window sits on its sheet (left, top, right, bottom)."""
        left, top = MARGIN_MM["left"], MARGIN_MM["top"]
        width, height = self.window_of(row)
        return left, top, left + width, top + height

    def columns_of(self, row: int) -> int:
        return self.row_columns[row] if self.mixed else self.columns

    @property
    def count(self) -> int:
        return self.grid_count if self.kept is None else len(self.kept)

    @property
    def grid_count(self) -> int:
        """The tiles of the grid, printed or left out."""
        return sum(self.row_columns) if self.mixed else self.columns * self.rows

    @property
    def step_mm(self) -> tuple[float, float]:
        return self.window_mm[0] - self.overlap_mm, self.window_mm[1] - self.overlap_mm

    @property
    def window_box_mm(self) -> Box:
        """Where the window sits on the sheet (left, top, right, bottom)."""
        left, top = MARGIN_MM["left"], MARGIN_MM["top"]
        return left, top, left + self.window_mm[0], top + self.window_mm[1]

    @property
    def covered_mm(self) -> tuple[float, float]:
        """The size of the whole grid of windows, overlaps counted once (rows of both
        orientations: the widest row's)."""
        if self.mixed:
            x0 = min(self.row_x)
            right = max(x + n * (self.window_of(r)[0] - self.overlap_mm) + self.overlap_mm
                        for r, (x, n) in enumerate(zip(self.row_x, self.row_columns)))
            return right - x0, sum(self.window_of(r)[1] - self.overlap_mm for r in range(self.rows)) + self.overlap_mm
        return (self.columns * self.step_mm[0] + self.overlap_mm, self.rows * self.step_mm[1] + self.overlap_mm)

    @property
    def origin_mm(self) -> tuple[float, float]:
        """Drawing coordinates of tile A1's corner: by default the tiles' spare room split evenly."""
        if self.origin is not None:
            return self.origin
        covered_x, covered_y = self.covered_mm
        return -(covered_x - self.drawing_mm[0]) / 2, -(covered_y - self.drawing_mm[1]) / 2

    def grid(self) -> list[Tile]:
        """Every tile of the grid, printed or left out."""
        x0, y0 = self.origin_mm
        if self.mixed:
            tiles, y = [], y0
            for row, (x, columns) in enumerate(zip(self.row_x, self.row_columns)):
                width, height = self.window_of(row)
                tiles += [Tile(column, row, x + column * (width - self.overlap_mm), y) for column in range(columns)]
                y += height - self.overlap_mm
            return tiles
        step_x, step_y = self.step_mm
        return [
            Tile(column, row, x0 + column * step_x, y0 + row * step_y)
            for row in range(self.rows)
            for column in range(self.columns)
        ]

    def tiles(self) -> list[Tile]:
        """The tiles printed, row by row."""
        return [tile for tile in self.grid() if self.printed(tile.column, tile.row)]

    def printed(self, column: int, row: int) -> bool:
        return self.kept is None or (column, row) in self.kept

    def neighbours(self, tile: Tile) -> list[tuple[str, str]]:
        """(where, name) of the printed tiles it joins: on the left, on the right, above, below
        (rows of both orientations: every sheet of the row above or below that it overlaps,
        left to right)."""
        if self.mixed:
            return [(where, other.name) for where, other, _ in self.joined(tile)]
        found = []
        for where, dc, dr in (("on the left", -1, 0), ("on the right", 1, 0), ("above", 0, -1), ("below", 0, 1)):
            column, row = tile.column + dc, tile.row + dr
            if 0 <= column < self.columns and 0 <= row < self.rows and self.printed(column, row):
                found.append((where, f"{column_letters(column)}{row + 1}"))
        return found


    def joined(self, tile: Tile) -> list[tuple[str, Tile, tuple[float, float]]]:
        """(where, the printed tile, the drawing x span the two share) of each neighbour of
        `tile`; a neighbour on the left or right shares the tile's whole height (span None
        there: its x span is the shared strip)."""
        found = []
        width = self.window_of(tile.row)[0]
        for other in self.tiles():
            if other.row == tile.row and abs(other.column - tile.column) == 1:
                where = "on the left" if other.column < tile.column else "on the right"
                found.append((0 if where == "on the left" else 1, other.x_mm, where, other,
                              (max(tile.x_mm, other.x_mm), min(tile.x_mm, other.x_mm) + width)))
            elif abs(other.row - tile.row) == 1:
                span = (max(tile.x_mm, other.x_mm),
                        min(tile.x_mm + width, other.x_mm + self.window_of(other.row)[0]))
                if span[1] - span[0] > SHARED_LEAST * self.overlap_mm:  # more than a corner
                    where = "above" if other.row < tile.row else "below"
                    found.append((2 if where == "above" else 3, other.x_mm, where, other, span))
        return [(where, other, span) for _, _, where, other, span in sorted(found, key=lambda f: (f[0], f[1]))]


# Sheets of rows above and below each other join where they share more than this many
# overlaps of their edge (room for two registration crosses); less is a corner, which the
# sheets beside them hold in place.
SHARED_LEAST = 2.5
ALIGNMENTS = (0.5, 0.0, 1.0)  # the spare room split evenly (preferred on a tie), all after, all before
CONTENT_EPSILON_MM = 0.5  # a window must hold more than this of a content box to be printed


def plan_tiles(drawing_mm: tuple[float, float], paper_mm: tuple[float, float], overlap_mm: float,
               content: Sequence[Box] | None = None) -> TilePlan:
    """The plan needing the fewest sheets: portrait or landscape, the grid of windows laid
    over the content's extent (the drawing trimmed to it) with its spare room before, after
    or split; tiles holding no content left out. `content`: boxes (left, top, right,
    bottom) of what must be printed; default the whole drawing. Portrait and the spare
    room split evenly on a tie."""
    boxes = [tuple(box) for box in content] if content else [(0.0, 0.0, drawing_mm[0], drawing_mm[1])]
    extent = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    short, long = sorted(paper_mm)
    candidates = []
    for landscape, sheet in ((False, (short, long)), (True, (long, short))):
        for rank, (ax, ay) in enumerate((ax, ay) for ax in ALIGNMENTS for ay in ALIGNMENTS):
            plan = _plan(drawing_mm, sheet, landscape, overlap_mm, extent, (ax, ay), boxes)
            candidates.append(((plan.count, False, landscape, plan.grid_count, rank), plan))
    best = min(candidates, key=lambda candidate: candidate[0])
    if best[1].rows > 1:  # rows of both orientations, where they take fewer sheets
        # (a tie goes to one orientation, so a mixed plan's count is worked out only while
        # it stays under the best plan's)
        for rank, (ax, ay) in enumerate((ax, ay) for ax in ALIGNMENTS for ay in ALIGNMENTS):
            for plan in _mixed_plans(drawing_mm, (short, long), overlap_mm, extent, (ax, ay), boxes,
                                     best[1].count):
                candidates.append(((plan.count, True, plan.row_landscape[0], plan.grid_count, rank), plan))
    return min(candidates, key=lambda candidate: candidate[0])[1]


def _window(sheet_mm: tuple[float, float]) -> tuple[float, float]:
    return (sheet_mm[0] - MARGIN_MM["left"] - MARGIN_MM["right"], sheet_mm[1] - MARGIN_MM["top"] - MARGIN_MM["bottom"])


def _mixed_plans(drawing_mm, portrait_mm, overlap_mm: float, extent: Box, align: tuple[float, float],
                 boxes: list, below: int) -> list[TilePlan]:
    """Plans of rows of one orientation over rows of the other (some of each), each just tall
    enough: every split of the rows whose strips cover the content's height, that prints
    fewer than `below` sheets."""
    landscape_mm = portrait_mm[1], portrait_mm[0]
    width, height = extent[2] - extent[0], extent[3] - extent[1]
    plans = []
    for first in (False, True):
        kinds = (first, not first)
        windows = [_window(landscape_mm if kind else portrait_mm) for kind in kinds]
        if min(min(w) for w in windows) <= 2 * overlap_mm:
            continue
        most = [_count(height, w[1], overlap_mm) for w in windows]
        for upper in range(1, most[0]):
            lower = next((n for n in range(1, most[1] + 1)
                          if windows[0][1] + (upper - 1) * (windows[0][1] - overlap_mm)
                          + n * (windows[1][1] - overlap_mm) >= height - CONTENT_EPSILON_MM), None)
            if lower is None:
                continue
            row_landscape = (kinds[0],) * upper + (kinds[1],) * lower
            plan = _mixed(drawing_mm, portrait_mm, row_landscape, overlap_mm, extent, align, boxes, below)
            if plan is not None:
                plans.append(plan)
    return plans


def _mixed(drawing_mm, portrait_mm, row_landscape: tuple[bool, ...], overlap_mm: float, extent: Box,
           align: tuple[float, float], boxes: list, below: int | None = None) -> TilePlan | None:
    """The plan of these rows; None as soon as it would print `below` sheets or more."""
    width, height = extent[2] - extent[0], extent[3] - extent[1]
    sheets = [(portrait_mm[1], portrait_mm[0]) if kind else tuple(portrait_mm) for kind in row_landscape]
    windows = [_window(sheet) for sheet in sheets]
    columns = [_count(width, window[0], overlap_mm) for window in windows]
    row_x = tuple(extent[0] - (n * (w[0] - overlap_mm) + overlap_mm - width) * align[0]
                  for n, w in zip(columns, windows))
    covered_y = sum(w[1] - overlap_mm for w in windows) + overlap_mm
    y0 = extent[1] - (covered_y - height) * align[1]
    kept, y = set(), y0
    for row, (x, n, window) in enumerate(zip(row_x, columns, windows)):
        for column in _row_kept(x, y, row, n, window, overlap_mm, boxes):
            kept.add((column, row))
            if below is not None and len(kept) >= below:
                return None
        y += window[1] - overlap_mm
    return TilePlan(tuple(drawing_mm), sheets[0], row_landscape[0], max(columns), len(row_landscape), overlap_mm,
                    windows[0], (min(row_x), y0), frozenset(kept), row_landscape, tuple(columns), row_x)


def _plan(drawing_mm, sheet_mm, landscape: bool, overlap_mm: float, extent: Box, align: tuple[float, float],
          boxes: list) -> TilePlan:
    window = _window(sheet_mm)
    if min(window) <= 2 * overlap_mm:
        raise ValueError(f"an overlap of {overlap_mm} mm leaves no room on a {sheet_mm} mm sheet")
    width, height = extent[2] - extent[0], extent[3] - extent[1]
    columns = _count(width, window[0], overlap_mm)
    rows = _count(height, window[1], overlap_mm)
    step = (window[0] - overlap_mm, window[1] - overlap_mm)
    spare = (columns * step[0] + overlap_mm - width, rows * step[1] + overlap_mm - height)
    origin = (extent[0] - spare[0] * align[0], extent[1] - spare[1] * align[1])
    kept = frozenset((column, row) for row in range(rows)
                     for column in _row_kept(origin[0], origin[1] + row * step[1], row, columns, window, overlap_mm,
                                             boxes))
    return TilePlan(tuple(drawing_mm), sheet_mm, landscape, columns, rows, overlap_mm, window, origin, kept)


def _row_kept(x: float, y: float, row: int, columns: int, window: tuple[float, float], overlap_mm: float,
              boxes: list):
    """The columns of a row of windows (the first at drawing (x, y)) whose own part holds
    content: a tile's own part is its window less the strips it shares with the tiles on its
    left and above (those print them), so a sheet whose content lies all in such a strip is
    left out. The boxes the row's own strip meets are found once a row."""
    own_y = y + (overlap_mm if row else 0.0)
    bottom = own_y + (window[1] - (overlap_mm if row else 0.0))
    strip = [b for b in boxes if min(bottom, b[3]) - max(own_y, b[1]) > CONTENT_EPSILON_MM]
    step = window[0] - overlap_mm
    for column in range(columns) if strip else ():
        own_x = x + column * step + (overlap_mm if column else 0.0)
        right = own_x + (window[0] - (overlap_mm if column else 0.0))
        if any(min(right, b[2]) - max(own_x, b[0]) > CONTENT_EPSILON_MM for b in strip):
            yield column


def paper_plans(drawing_mm: tuple[float, float], overlap_mm: float, content: Sequence[Box] | None = None,
                papers: dict[str, tuple[float, float]] | None = None) -> dict[str, TilePlan]:
    """The best plan on each paper (A4, Letter, A3, Tabloid by default), to compare sheets."""
    from generator.model.printing import PAPER_MM

    return {name: plan_tiles(drawing_mm, size, overlap_mm, content) for name, size in (papers or PAPER_MM).items()}


def _count(length_mm: float, window_mm: float, overlap_mm: float) -> int:
    """Windows needed along a length; a length over by no more than CONTENT_EPSILON_MM (a
    hairline of the map's own margin, split between its two ends) takes none more."""
    length_mm -= CONTENT_EPSILON_MM
    if length_mm <= window_mm:
        return 1
    # 1e-9: a drawing that fits exactly must not get an extra sheet from rounding.
    return math.ceil((length_mm - overlap_mm) / (window_mm - overlap_mm) - 1e-9)


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA …"""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters
