"""A map's board image scale and the HexGrid + HexGridNumbering that reproduce its hex ids.

The board image is the printed map rendered at `px_per_mm`, chosen so a hex of the main map
is exactly an even number of pixels tall (`dy`); the drawing is shifted by less than a pixel
so the grid's origin falls on a whole pixel: VASSAL keeps the origin as integers, its
spacing as doubles. (On a map sheet that is the scenario's map; the other maps' origins are
rounded to the nearest pixel, half a pixel at most off the printed hexes.) The grid's
attributes come from `generator.geometry` (the same HexGrid that drew the map), so they
cannot drift from the picture.

VASSAL's numbering (mapgrid/HexGridNumbering.java) counts hexes from the origin hex along two
axes: "columns" along the axis the hex lines run across (x for flat-topped hexes; y for
pointy-topped ones, its `sideways` grids, where every x/y attribute is swapped) and "rows"
along each line. A descending axis counts back from a maximum VASSAL derives from the
board's size (width / dy and height / dx, as its source does; a grid in a zone of a map
sheet's board counts from the zone's size, Zone.getSize), and `stagger` numbers the odd
lines one higher (or lower).

Naming a hex (getRow) reads the parity of its line as counted from the origin, but finding a
hex by its id (getCenterPoint) reads the parity of the line's *number*: with `stagger` on
and a descending column axis whose maximum is odd, the two disagree and a hex found by id
lands half a line off. So the export never staggers. Instead it puts the origin on a hex
line whose hexes stand half a hex before those of the neighbouring lines with the same row
number ("upper" lines; a line before the first when the first is not one): then the hexes
of every odd line, half a hex further along, share the number of the even line's hex before
them, which is what an unstaggered VASSAL grid says. The origin is also the first line and
the first row (every hex counts from it forwards), since VASSAL truncates a centre towards
zero. Name and lookup are then exact inverses for every convention:

- the label along the lines' axis (A) is VASSAL's column (hOff, hLeading); the other (B)
  its row (vOff, vLeading) — for pointy hexes A is warkit's row, B its column;
- hOff and vOff are the labels at the origin, less VASSAL's maximum where an axis descends.

Each hex is then at VASSAL's snap point of its line i and row k (HexGrid.hexX/hexY):
x0 + (int)(i·dx), y0 + (int)(k·dy) or, on odd lines, (int)(k·dy + (int)(dy/2)) — the
point `vassal_point` gives, where the export sets pieces up.
"""

from __future__ import annotations

import functools
import math
import re
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
    """The board of a map page at `px_per_mm`, shifted to put the grid's VASSAL origin on a
    whole pixel; `origin_mm` is where the grid's (0, 0) lies on the page (a map of a sheet)."""
    x, y = (a + b for a, b in zip(Lattice.of(grid).origin_mm, origin_mm))
    shift = (math.ceil(x * px_per_mm) - x * px_per_mm, math.ceil(y * px_per_mm) - y * px_per_mm)
    width = math.ceil(page_mm[0] * px_per_mm + shift[0])
    height = math.ceil(page_mm[1] * px_per_mm + shift[1])
    return BoardScale(px_per_mm, shift, (width, height))


@dataclass(frozen=True)
class Lattice:
    """A hex grid as VASSAL's unstaggered numbering counts it. In VASSAL's frame `a` runs
    across the hex lines (x for flat hexes, y for pointy ones) and `b` along them."""

    grid: HexGrid
    origin_mm: tuple[float, float]  # the origin hex's centre on the grid's page (x, y)
    a_label: int  # the line label (A) of the origin's line
    b_label: int  # the row label (B) of the origin
    cells: dict[tuple[int, int], tuple[int, int]]  # (col, row) -> (line i, row k) from the origin

    @property
    def flat(self) -> bool:
        return self.grid.orientation == "flat"

    @property
    def a_grows(self) -> bool:
        """Line labels grow with a (rightwards for flat hexes, downwards for pointy ones)."""
        return _grows(self.grid, "a")

    @property
    def b_grows(self) -> bool:
        """Row labels grow with b (downwards for flat hexes, rightwards for pointy ones)."""
        return _grows(self.grid, "b")

    @classmethod
    def of(cls, grid: HexGrid) -> "Lattice":
        return _lattice(grid)


@functools.lru_cache(maxsize=64)
def _lattice(grid: HexGrid) -> Lattice:
    flat = grid.orientation == "flat"
    dx, dy = grid.size_mm * math.sqrt(3) / 2, grid.size_mm

    def frame(col: int, row: int) -> tuple[float, float, int, int]:
        """(a, b, line label A, row label B) of a hex."""
        x, y = grid.centre_mm(col, row)
        return (x, y, col, row) if flat else (y, x, row, col)

    placed = {cell: frame(*cell) for cell in grid.cells()}
    a_min = min(a for a, _, _, _ in placed.values())
    # A line's "phase": where its row 0 would stand; the upper lines have the smaller one.
    b_sign = 1 if _grows(grid, "b") else -1
    phase: dict[int, float] = {}
    for a, b, _, label_b in placed.values():
        phase.setdefault(round((a - a_min) / dx), b - b_sign * label_b * dy)
    upper = min(phase, key=lambda j: (phase[j], j))
    a0 = a_min if upper % 2 == 0 else a_min - dx
    line = {cell: round((a - a0) / dx) for cell, (a, _, _, _) in placed.items()}
    b0 = min(b - (line[cell] % 2) * dy / 2 for cell, (_, b, _, _) in placed.items())
    cells = {cell: (line[cell], round((b - (line[cell] % 2) * dy / 2 - b0) / dy))
             for cell, (_, b, _, _) in placed.items()}
    a_sign = 1 if _grows(grid, "a") else -1
    some = next(iter(placed))
    i, k = cells[some]
    a_label = placed[some][2] - a_sign * i
    b_label = placed[some][3] - b_sign * k
    for cell, (i, k) in cells.items():  # an unstaggered grid numbers every hex so
        _, _, label_a, label_b = placed[cell]
        if (label_a, label_b) != (a_label + a_sign * i, b_label + b_sign * k):
            raise AssertionError(f"hex {grid.hex_id(*cell)} does not fit VASSAL's unstaggered numbering")
    origin = (a0, b0) if flat else (b0, a0)
    return Lattice(grid, origin, a_label, b_label, cells)


def _grows(grid: HexGrid, axis: str) -> bool:
    flat = grid.orientation == "flat"
    across = grid.column_direction == "west_east"  # column labels grow rightwards
    down = grid.row_direction == "north_south"  # row labels grow downwards
    if axis == "a":
        return across if flat else down
    return down if flat else across


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

    @cached_property
    def lattice(self) -> Lattice:
        return Lattice.of(self.grid)

    def centre_px(self, col: int, row: int) -> tuple[float, float]:
        """Where the printed hex's centre is on the board image."""
        x, y = self.grid.centre_mm(col, row)
        return self.scale.to_px(x + self.origin_mm[0], y + self.origin_mm[1])

    @cached_property
    def origin_px(self) -> tuple[int, int]:
        """VASSAL's origin (x0, y0) on the board, unswapped: the origin hex's centre, rounded."""
        x, y = self.lattice.origin_mm
        px = self.scale.to_px(x + self.origin_mm[0], y + self.origin_mm[1])
        return round(px[0]), round(px[1])

    @cached_property
    def spacing(self) -> tuple[float, float]:
        """VASSAL's (dx, dy): between hex lines, and between hexes along a line."""
        along = self.grid.size_mm * self.scale.px_per_mm
        if abs(along - round(along)) < 1e-6:
            along = float(round(along))  # an even number of pixels, exactly
        return along * math.sqrt(3) / 2, along

    def vassal_point(self, col: int, row: int) -> tuple[int, int]:
        """The pixel VASSAL snaps the hex to (HexGrid.hexX/hexY at its line and row), where a
        piece dropped in the hex, or found by its id, stands."""
        i, k = self.lattice.cells[(col, row)] if (col, row) in self.lattice.cells else self._indices(col, row)
        x0, y0 = self.origin_px
        a0, b0 = (y0, x0) if self.sideways else (x0, y0)
        dx, dy = self.spacing
        a = int(dx * i + a0)
        b = int(dy * k + int(dy / 2) + b0) if i % 2 else int(dy * k + b0)
        return (b, a) if self.sideways else (a, b)

    def _indices(self, col: int, row: int) -> tuple[int, int]:
        lattice = self.lattice
        a_sign = 1 if lattice.a_grows else -1
        b_sign = 1 if lattice.b_grows else -1
        label_a, label_b = (col, row) if not self.sideways else (row, col)
        return a_sign * (label_a - lattice.a_label), b_sign * (label_b - lattice.b_label)

    def grid_attributes(self) -> dict[str, str]:
        x, y = self.origin_px
        if self.sideways:
            x, y = y, x  # VASSAL swaps x and y of a sideways grid, its origin included
        dx, dy = self.spacing
        return {
            "sideways": _flag(self.sideways), "x0": str(x), "y0": str(y), "dx": repr(dx), "dy": repr(dy),
            "snapTo": "true", "edgesLegal": "false", "cornersLegal": "false",
            "visible": "false", "dotsVisible": "false", "color": "0,0,0",
        }

    def numbering_attributes(self) -> dict[str, str]:
        lattice = self.lattice
        a_max, b_max = self._maxima()
        fields = _id_fields(self.grid.id_format)
        a_name, b_name = ("col", "row") if not self.sideways else ("row", "col")
        a_grows, b_grows = lattice.a_grows, lattice.b_grows
        return {
            "first": "H" if fields.order.index(a_name) == 0 else "V",
            "sep": fields.separator,
            "hType": "N", "hLeading": str(fields.leading(a_name)),
            "hOff": str(lattice.a_label if a_grows else lattice.a_label - a_max),
            "hDescend": _flag(not a_grows if not self.sideways else not b_grows),
            "vType": "N", "vLeading": str(fields.leading(b_name)),
            "vOff": str(lattice.b_label if b_grows else lattice.b_label - b_max),
            "vDescend": _flag(not b_grows if not self.sideways else not a_grows),
            "stagger": "false",
            "locationFormat": fields.location_format({a_name: "column", b_name: "row"}),
            "visible": "false", "fontSize": "9", "color": "0,0,0", "rotateText": "0",
            "hDrawOff": "0", "vDrawOff": "0",
        }

    def unreadable_ids(self) -> list[str]:
        """The map's hex ids VASSAL would read back as another hex: its lookup matches each
        number with `-?[0-9]{leading+1,}`, the first one greedily (RegularGridNumbering
        .getLocation), so two numbers with nothing between them split wrongly when the
        second is wider than its padding."""
        fields = _id_fields(self.grid.id_format)
        pattern = fields.vassal_pattern()
        wrong = []
        for cell in self.grid.cells():
            hex_id = self.grid.hex_id(*cell)
            found = pattern.fullmatch(hex_id)
            values = {name: int(found.group(name)) for name in fields.order} if found else None
            if values != {"col": cell[0], "row": cell[1]}:
                wrong.append(hex_id)
        return wrong

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

    def vassal_pattern(self) -> re.Pattern:
        """The expression VASSAL matches an id with: each number `-?[0-9]{leading+1,}`."""
        return re.compile("".join(re.escape(literal) + (f"(?P<{name}>-?[0-9]{{{self.leading(name) + 1},}})"
                                                        if name else "") for literal, name, _ in self.parts))


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
