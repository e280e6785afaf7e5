"""A map's board image scale and the HexGrid + HexGridNumbering that reproduce its hex ids.

The board image is the printed map rendered at `px_per_mm`, chosen so a hex of the main map
is exactly an even number of pixels tall (`dy`); the drawing is shifted by less than a pixel
so the first hex's centre falls on a whole pixel: VASSAL keeps the grid's origin as integers, its
spacing as doubles. (On a map sheet that is the scenario's map; the other maps' origins are
rounded to the nearest pixel, half a pixel at most off the printed hexes.) The grid's
attributes come from `generator.geometry` (the same HexGrid that drew the map), so they
cannot drift from the picture.

VASSAL's numbering (mapgrid/HexGridNumbering.java) counts hexes from the origin hex along two
axes: "columns" along the axis the hex lines run across (x for flat-topped hexes; y for
pointy-topped ones, its `sideways` grids, where every x/y attribute is swapped) and "rows"
along each line. A descending axis counts back from a maximum VASSAL derives from the
board's size (width / dy and height / dx, as its source does), and `stagger` numbers the odd
lines one higher (or lower, when that axis descends). (A grid in a zone of a map sheet's
board counts from the zone's size instead: Zone.getSize is its polygon's bounds.) So a
game's own convention maps onto VASSAL's as:

- the label along the lines' axis (A) is VASSAL's column (hOff, hLeading); the other (B)
  its row (vOff, vLeading) — for pointy hexes A is warkit's row, B its column;
- a descending A or B offsets the start by that maximum (hOff = first - max);
- stagger is on when the origin's line is the one printed half a hex further along B's
  numbering, flipped when B descends.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from functools import cached_property

from generator.errors import WarkitError
from generator.geometry.hexgrid import HexGrid


@dataclass(frozen=True)
class BoardScale:
    """How a map page becomes a board image: pixels per mm and the sub-pixel shift."""

    px_per_mm: float
    shift_px: tuple[float, float]  # added to every page position (mm * px_per_mm)
    size_px: tuple[int, int]  # the image's width and height

    def to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return x_mm * self.px_per_mm + self.shift_px[0], y_mm * self.px_per_mm + self.shift_px[1]


def pixels_per_mm(grid: HexGrid, dpi: float) -> float:
    """The scale nearest `dpi` that makes the grid's hexes an even number of pixels tall."""
    dy_px = 2 * max(4, round(grid.size_mm * dpi / 25.4 / 2))
    return dy_px / grid.size_mm


def board_scale(grid: HexGrid, page_mm: tuple[float, float], px_per_mm: float,
                origin_mm: tuple[float, float] = (0.0, 0.0)) -> BoardScale:
    """The board of a map page at `px_per_mm`, shifted to put the first hex's centre on a
    whole pixel; `origin_mm` is where the grid's (0, 0) lies on the page (a map of a sheet)."""
    x, y = (a + b for a, b in zip(grid.centre_mm(grid.first_column, grid.first_row), origin_mm))
    shift = (math.ceil(x * px_per_mm) - x * px_per_mm, math.ceil(y * px_per_mm) - y * px_per_mm)
    width = math.ceil(page_mm[0] * px_per_mm + shift[0])
    height = math.ceil(page_mm[1] * px_per_mm + shift[1])
    return BoardScale(px_per_mm, shift, (width, height))


@dataclass(frozen=True)
class VassalHexGrid:
    """The attributes of a HexGrid and its HexGridNumbering: on a board of its own, or in a
    zone of a map sheet's board (`origin_mm`: where the grid's (0, 0) lies on the page;
    `container_px`: the zone's width and height, from which VASSAL counts a descending axis
    — the whole board's when None)."""

    grid: HexGrid
    scale: BoardScale
    origin_mm: tuple[float, float] = (0.0, 0.0)
    container_px: tuple[int, int] | None = None

    @property
    def sideways(self) -> bool:
        return self.grid.orientation == "pointy"

    def centre_px(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.grid.centre_mm(col, row)
        return self.scale.to_px(x + self.origin_mm[0], y + self.origin_mm[1])

    @cached_property
    def spacing(self) -> tuple[float, float]:
        """VASSAL's (dx, dy): between hex lines, and between hexes along a line."""
        along = self.grid.size_mm * self.scale.px_per_mm
        return along * math.sqrt(3) / 2, along

    def grid_attributes(self) -> dict[str, str]:
        x, y = (round(v) for v in self.centre_px(self.grid.first_column, self.grid.first_row))
        if self.sideways:
            x, y = y, x  # VASSAL swaps x and y of a sideways grid, its origin included
        dx, dy = self.spacing
        return {
            "sideways": _flag(self.sideways), "x0": str(x), "y0": str(y), "dx": repr(dx), "dy": repr(dy),
            "snapTo": "true", "edgesLegal": "false", "cornersLegal": "false",
            "visible": "false", "dotsVisible": "false", "color": "0,0,0",
        }

    def numbering_attributes(self) -> dict[str, str]:
        g = self.grid
        flat = not self.sideways
        # A: the index of the hex line (warkit's column for flat hexes, row for pointy ones).
        a_first, b_first = (g.first_column, g.first_row) if flat else (g.first_row, g.first_column)
        a_grows = (g.column_direction == "west_east") if flat else (g.row_direction == "north_south")
        b_grows = (g.row_direction == "north_south") if flat else (g.column_direction == "west_east")
        a_max, b_max = self._maxima()
        shifted = (a_first % 2 == 1) == (g.stagger == "odd")  # the origin's line sits half a hex on
        fields = _id_fields(g.id_format)
        a_name, b_name = ("col", "row") if flat else ("row", "col")
        return {
            "first": "H" if fields.order.index(a_name) == 0 else "V",
            "sep": fields.separator,
            "hType": "N", "hLeading": str(fields.leading(a_name)),
            "hOff": str(a_first if a_grows else a_first - a_max),
            "hDescend": _flag(not a_grows if flat else not b_grows),
            "vType": "N", "vLeading": str(fields.leading(b_name)),
            "vOff": str(b_first if b_grows else b_first - b_max),
            "vDescend": _flag(not b_grows if flat else not a_grows),
            "stagger": _flag(shifted != (not b_grows)),
            "locationFormat": fields.location_format({a_name: "column", b_name: "row"}),
            "visible": "false", "fontSize": "9", "color": "0,0,0", "rotateText": "0",
            "hDrawOff": "0", "vDrawOff": "0",
        }

    def _maxima(self) -> tuple[int, int]:
        """VASSAL's maximum column and row of a descending axis (A, B), from the size of the
        grid's container (the board, or the zone holding the grid)."""
        width, height = self.container_px or self.scale.size_px
        dx, dy = self.spacing
        max_columns = math.floor(width / dy + 0.5)  # HexGridNumbering.getMaxColumns
        max_rows = math.floor(height / dx + 0.5)  # HexGridNumbering.getMaxRows
        return (max_columns, max_rows) if not self.sideways else (max_rows, max_columns)


@dataclass(frozen=True)
class _IdFields:
    parts: tuple[tuple[str, str | None, int | None], ...]  # (literal before, field, width)

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(name for _, name, _ in self.parts if name)

    @property
    def separator(self) -> str:
        literals = [literal for literal, _, _ in self.parts]
        return literals[1] if len(literals) > 1 else ""

    def leading(self, name: str) -> int:
        """VASSAL's 'leading zeros': one less than the padded width (0 for unpadded)."""
        width = next(w for _, n, w in self.parts if n == name)
        return max(0, (width or 1) - 1)

    def location_format(self, labels: dict[str, str]) -> str:
        return "".join(literal + (f"${labels[name]}$" if name else "") for literal, name, _ in self.parts)


def _id_fields(pattern: str) -> _IdFields:
    """The literal text and the {col}/{row} fields of a hex id format, with their widths."""
    parts = []
    for literal, name, spec, _ in string.Formatter().parse(pattern):
        if "$" in literal:
            raise WarkitError(f"hex id format {pattern!r}: VASSAL cannot show a '$' in a location name")
        width = None
        if name and spec and spec.rstrip("d").startswith("0"):
            width = int(spec.rstrip("d"))
        parts.append((literal, name or None, width))
    return _IdFields(tuple(parts))


def _flag(value: bool) -> str:
    return "true" if value else "false"
