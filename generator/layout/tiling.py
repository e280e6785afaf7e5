"""Tiling one big drawing (a map) onto home-printer sheets, with overlap and assembly aids.

The drawing is laid out once and stored as one SymbolDef; every tile page places it with
a clipped Use, so the PDF holds the drawing once (a form XObject) and each sheet only says
where to look. Tiles are named like spreadsheet cells: the letter is the column (A = left),
the number the row (1 = top).

Assembly convention: neighbouring tiles share an `overlap_mm` strip. Trim the left and top
margins of a sheet along its crop marks, lay it over its left and upper neighbours so the
registration crosses in the shared strip coincide, and tape it down.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

Box = tuple[float, float, float, float]

# Space around the printed area: printers cannot print to the edge, and the bottom strip
# carries the tile's label and the 50 mm scale bar.
MARGIN_MM = {"left": 10.0, "top": 10.0, "right": 10.0, "bottom": 18.0}


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

    @property
    def count(self) -> int:
        return self.columns * self.rows

    @property
    def step_mm(self) -> tuple[float, float]:
        return self.window_mm[0] - self.overlap_mm, self.window_mm[1] - self.overlap_mm

    @property
    def window_box_mm(self) -> Box:
        """Where the window sits on the sheet (left, top, right, bottom)."""
        left, top = MARGIN_MM["left"], MARGIN_MM["top"]
        return left, top, left + self.window_mm[0], top + self.window_mm[1]

    @property
    def origin_mm(self) -> tuple[float, float]:
        """Drawing coordinates of tile A1's corner: the tiles' spare room split evenly."""
        covered_x = self.columns * self.step_mm[0] + self.overlap_mm
        covered_y = self.rows * self.step_mm[1] + self.overlap_mm
        return -(covered_x - self.drawing_mm[0]) / 2, -(covered_y - self.drawing_mm[1]) / 2

    def tiles(self) -> list[Tile]:
        x0, y0 = self.origin_mm
        step_x, step_y = self.step_mm
        return [
            Tile(column, row, x0 + column * step_x, y0 + row * step_y)
            for row in range(self.rows)
            for column in range(self.columns)
        ]

    def neighbours(self, tile: Tile) -> list[tuple[str, str]]:
        """(where, name) of the tiles it joins: on the left, on the right, above, below."""
        found = []
        for where, dc, dr in (("on the left", -1, 0), ("on the right", 1, 0), ("above", 0, -1), ("below", 0, 1)):
            column, row = tile.column + dc, tile.row + dr
            if 0 <= column < self.columns and 0 <= row < self.rows:
                found.append((where, f"{column_letters(column)}{row + 1}"))
        return found


def plan_tiles(drawing_mm: tuple[float, float], paper_mm: tuple[float, float], overlap_mm: float) -> TilePlan:
    """The orientation needing the fewest sheets (portrait on a tie)."""
    short, long = sorted(paper_mm)
    plans = [_plan(drawing_mm, (short, long), False, overlap_mm), _plan(drawing_mm, (long, short), True, overlap_mm)]
    return min(plans, key=lambda plan: (plan.count, plan.landscape))


def _plan(drawing_mm, sheet_mm, landscape: bool, overlap_mm: float) -> TilePlan:
    window = (
        sheet_mm[0] - MARGIN_MM["left"] - MARGIN_MM["right"],
        sheet_mm[1] - MARGIN_MM["top"] - MARGIN_MM["bottom"],
    )
    if min(window) <= 2 * overlap_mm:
        raise ValueError(f"an overlap of {overlap_mm} mm leaves no room on a {sheet_mm} mm sheet")
    columns = _count(drawing_mm[0], window[0], overlap_mm)
    rows = _count(drawing_mm[1], window[1], overlap_mm)
    return TilePlan(tuple(drawing_mm), sheet_mm, landscape, columns, rows, overlap_mm, window)


def _count(length_mm: float, window_mm: float, overlap_mm: float) -> int:
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
