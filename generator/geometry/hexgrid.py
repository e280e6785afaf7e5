"""Hex-grid math for printed maps: numbering, page positions, adjacency, hexsides, distance.

Page coordinates are millimetres, origin top-left, y down (as in SVG). Internally a hex is
held in axial coordinates (q, r) after Red Blob Games, where neighbours, distance and
rounding are one-liners; the printed (col, row) numbering is an offset layout on top.

The grid is first laid out in a *logical* frame where printed column numbers grow to the
right and row numbers grow downwards, then mirrored onto the page when `column_direction`
or `row_direction` say the numbers grow the other way. A mirror maps a hex grid onto
itself, so which printed ids are adjacent never depends on the directions; only page
positions and the compass names of directions do.

`stagger`: flat-top, the columns whose printed number has this parity sit half a hex
further along the row numbering (lower on the page when rows grow north→south); pointy-top,
the rows with this parity sit half a hex further along the column numbering.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from generator.geometry.hex_ids import HexIdFormat

Hex = tuple[int, int]
Point = tuple[float, float]
Orientation = Literal["flat", "pointy"]

FLAT_DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}

# Compass direction -> signs of its (rightward, downward) components on the page.
_PAGE_SIGNS = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}  # fmt: skip
# Axial step, keyed by the signs of its (rightward, downward) components in the logical frame.
_STEPS = {
    "flat": {(0, -1): (0, -1), (1, -1): (1, -1), (1, 1): (1, 0),
             (0, 1): (0, 1), (-1, 1): (-1, 1), (-1, -1): (-1, 0)},
    "pointy": {(1, -1): (1, -1), (1, 0): (1, 0), (1, 1): (0, 1),
               (-1, 1): (-1, 1), (-1, 0): (-1, 0), (-1, -1): (0, -1)},
}  # fmt: skip
# The two corners (indices into corners_mm) bounding the side that faces each direction.
_SIDE_CORNERS = {
    "flat": {"SE": (0, 1), "S": (1, 2), "SW": (2, 3), "NW": (3, 4), "N": (4, 5), "NE": (5, 0)},
    "pointy": {"E": (0, 1), "SE": (1, 2), "SW": (2, 3), "W": (3, 4), "NW": (4, 5), "NE": (5, 0)},
}
# Angle of corner 0; corners follow clockwise on the page every 60°.
_FIRST_CORNER_DEG = {"flat": 0.0, "pointy": -30.0}


@dataclass(frozen=True, kw_only=True)
class HexGrid:
    """A rectangular block of hexes as printed on a map, with its numbering convention."""

    orientation: Orientation
    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    stagger: Literal["odd", "even"] = "odd"
    column_direction: Literal["west_east", "east_west"] = "west_east"
    row_direction: Literal["north_south", "south_north"] = "north_south"
    id_format: str = "{col:02d}{row:02d}"
    size_mm: float  # distance between opposite flat sides
    margin_mm: float = 0.0

    def __post_init__(self) -> None:
        _check_choice("orientation", self.orientation, ("flat", "pointy"))
        _check_choice("stagger", self.stagger, ("odd", "even"))
        _check_choice("column_direction", self.column_direction, ("west_east", "east_west"))
        _check_choice("row_direction", self.row_direction, ("north_south", "south_north"))
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a hex grid needs at least one column and row, got {self}")
        if self.first_column < 0 or self.first_row < 0:
            raise ValueError("hex numbering cannot start below 0")
        if not self.size_mm > 0 or not self.margin_mm >= 0:
            raise ValueError("size_mm must be positive and margin_mm not negative")
        ids = self._ids  # validates the format
        if not ids.fits(self.last_column, "col") or not ids.fits(self.last_row, "row"):
            raise ValueError(f"hex id format {self.id_format!r} is too narrow for this grid")

    # -- numbering -------------------------------------------------------------------------

    @property
    def last_column(self) -> int:
        return self.first_column + self.columns - 1

    @property
    def last_row(self) -> int:
        return self.first_row + self.rows - 1

    @property
    def directions(self) -> tuple[str, ...]:
        return FLAT_DIRECTIONS if self.orientation == "flat" else POINTY_DIRECTIONS

    def hex_id(self, col: int, row: int) -> str:
        return self._ids.format(col, row)

    def parse_id(self, text: str) -> Hex:
        """(col, row) of a printed id; ValueError when malformed. Does not check the map."""
        return self._ids.parse(text)

    def contains(self, col: int, row: int) -> bool:
        first_column, last_column, first_row, last_row = self._bounds
        return first_column <= col <= last_column and first_row <= row <= last_row

    @cached_property
    def _bounds(self) -> tuple[int, int, int, int]:
        return self.first_column, self.last_column, self.first_row, self.last_row

    def cells(self) -> Iterator[Hex]:
        """Every hex, column by column, rows ascending within a column."""
        for col in range(self.first_column, self.last_column + 1):
            for row in range(self.first_row, self.last_row + 1):
                yield col, row

    # -- page geometry ---------------------------------------------------------------------

    @property
    def width_mm(self) -> float:
        x_min, x_max, _, _ = self._logical_extent
        return 2 * (self.margin_mm + self._half_width_mm) + x_max - x_min

    @property
    def height_mm(self) -> float:
        _, _, y_min, y_max = self._logical_extent
        return 2 * (self.margin_mm + self._half_height_mm) + y_max - y_min

    def centre_mm(self, col: int, row: int) -> Point:
        """Centre of a hex on the page; also defined for hexes off the map."""
        x_logical, y_logical = self._logical_centre(self._to_axial(col, row))
        x_origin, x_sign, y_origin, y_sign = self._page_frame
        return x_origin + x_sign * x_logical, y_origin + y_sign * y_logical

    def corners_mm(self, col: int, row: int) -> list[Point]:
        """The six corners, clockwise on the page: flat from the east corner, pointy from ENE."""
        x, y = self.centre_mm(col, row)
        return [(x + dx, y + dy) for dx, dy in self._corner_offsets]

    def hex_at_mm(self, x_mm: float, y_mm: float) -> Hex | None:
        """The on-map hex containing a page point, or None."""
        return self.hex_locator(x_mm, y_mm)

    @cached_property
    def hex_locator(self) -> Callable[[float, float], Hex | None]:
        """`hex_at_mm` as a function with the grid's constants looked up once (for a great
        many points: `locate = grid.hex_locator`)."""
        x_origin, x_sign, y_origin, y_sign = self._page_frame
        spacing, size, flat = 1.5 * self._radius_mm, self.size_mm, self.orientation == "flat"
        sign = -1 if self.stagger == "odd" else 1  # as _offset_half
        first_column, last_column, first_row, last_row = self._bounds

        def locate(x_mm: float, y_mm: float) -> Hex | None:
            # _axial_round and _from_axial written out: a map's labels locate 20,000 points
            x_logical, y_logical = (x_mm - x_origin) * x_sign, (y_mm - y_origin) * y_sign
            if flat:
                q = x_logical / spacing
                r = y_logical / size - q / 2
            else:
                r = y_logical / spacing
                q = x_logical / size - r / 2
            s = -q - r
            rq, rr, rs = round(q), round(r), round(s)
            dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
            if dq > dr and dq > ds:
                rq = -rr - rs
            elif dr > ds:
                rr = -rq - rs
            if flat:
                col, row = rq, rr + (rq + sign * (rq & 1)) // 2
            else:
                col, row = rq + (rr + sign * (rr & 1)) // 2, rr
            return (col, row) if first_column <= col <= last_column and first_row <= row <= last_row else None

        return locate

    @cached_property
    def centre_rows_mm(self) -> tuple[float, float]:
        """(y0, step): the page y of every hex centre is y0 plus a whole number of steps (to
        within rounding), so how far a point lies below the nearest row of centres is a
        remainder, found without locating its hex."""
        _, _, y_origin, _ = self._page_frame
        return y_origin, self.size_mm / 2 if self.orientation == "flat" else 1.5 * self._radius_mm

    # -- adjacency -------------------------------------------------------------------------

    def neighbour(self, col: int, row: int, direction: str) -> Hex:
        """The adjacent hex in a compass direction; may be off the map (check `contains`)."""
        key = (col, row, direction)
        found = self._neighbours.get(key)
        if found is None:  # a map's drawing asks for each hex's neighbours several times over
            found = self._neighbours[key] = self._neighbour(col, row, direction)
        return found

    @cached_property
    def _neighbours(self) -> dict[tuple[int, int, str], Hex]:
        return {}

    def _neighbour(self, col: int, row: int, direction: str) -> Hex:
        step = self._step_by_direction.get(direction)
        if step is None:
            raise ValueError(f"{direction!r} is not one of {', '.join(self.directions)}")
        q, r = self._to_axial(col, row)
        dq, dr = step
        return self._from_axial((q + dq, r + dr))

    def neighbours(self, col: int, row: int) -> tuple[tuple[str, Hex], ...]:
        """On-map neighbours in the fixed order of `directions` (worked out once per hex: a
        map's coasts, borders and lines each ask for every hex's)."""
        found = self._neighbour_lists.get((col, row))
        if found is None:
            q, r = self._to_axial(col, row)
            from_axial, contains = self._from_axial, self.contains
            pairs = [(d, from_axial((q + dq, r + dr))) for d, (dq, dr) in self._step_by_direction.items()]
            found = self._neighbour_lists[col, row] = tuple((d, hex_) for d, hex_ in pairs if contains(*hex_))
        return found

    @cached_property
    def _neighbour_lists(self) -> dict[Hex, tuple[tuple[str, Hex], ...]]:
        return {}

    def direction_between(self, a: Hex, b: Hex) -> str | None:
        """Compass direction from hex a to adjacent hex b, or None when not adjacent."""
        qa, ra = self._to_axial(*a)
        qb, rb = self._to_axial(*b)
        return self._direction_by_step.get((qb - qa, rb - ra))

    def hexside_key(self, a: Hex, b: Hex) -> tuple[Hex, Hex]:
        """The same key for the side shared by a and b, whichever hex is named first."""
        if self.direction_between(a, b) is None:
            raise ValueError(f"hexes {a} and {b} are not adjacent, so share no hexside")
        return (a, b) if a <= b else (b, a)

    def hexside_segment_mm(self, col: int, row: int, direction: str) -> tuple[Point, Point]:
        """End points of a side. Always computed from the lower hex of the pair, so both
        neighbours get bit-identical points and shared sides join exactly."""
        other = self.neighbour(col, row, direction)
        if other < (col, row):
            col, row, direction = *other, OPPOSITE[direction]
        first, second = _SIDE_CORNERS[self.orientation][direction]
        corners = self.corners_mm(col, row)
        return corners[first], corners[second]

    def distance(self, a: Hex, b: Hex) -> int:
        qa, ra = self._to_axial(*a)
        qb, rb = self._to_axial(*b)
        dq, dr = qb - qa, rb - ra
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # -- internals -------------------------------------------------------------------------

    @cached_property
    def _ids(self) -> HexIdFormat:
        return HexIdFormat(self.id_format)

    @cached_property
    def _radius_mm(self) -> float:
        return self.size_mm / math.sqrt(3)  # centre to corner

    @property
    def _half_width_mm(self) -> float:
        return self._radius_mm if self.orientation == "flat" else self.size_mm / 2

    @property
    def _half_height_mm(self) -> float:
        return self.size_mm / 2 if self.orientation == "flat" else self._radius_mm

    def _offset_half(self, n: int) -> int:
        """Half of the shifted-line count before line n, rounded the way the stagger says."""
        sign = -1 if self.stagger == "odd" else 1
        return (n + sign * (n & 1)) // 2

    def _to_axial(self, col: int, row: int) -> Hex:
        if self.orientation == "flat":
            return col, row - self._offset_half(col)
        return col - self._offset_half(row), row

    def _from_axial(self, axial: Hex) -> Hex:
        q, r = axial
        if self.orientation == "flat":
            return q, r + self._offset_half(q)
        return q + self._offset_half(r), r

    def _logical_centre(self, axial: Hex) -> Point:
        q, r = axial
        spacing = 1.5 * self._radius_mm
        if self.orientation == "flat":
            return spacing * q, self.size_mm * (r + q / 2)
        return self.size_mm * (q + r / 2), spacing * r

    @cached_property
    def _logical_extent(self) -> tuple[float, float, float, float]:
        """x_min, x_max, y_min, y_max of hex centres in the logical frame."""
        cols = {self.first_column, min(self.first_column + 1, self.last_column), self.last_column}
        rows = {self.first_row, min(self.first_row + 1, self.last_row), self.last_row}
        centres = [self._logical_centre(self._to_axial(c, r)) for c in cols for r in rows]
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        return min(xs), max(xs), min(ys), max(ys)

    @cached_property
    def _page_frame(self) -> tuple[float, int, float, int]:
        """x_origin, x_sign, y_origin, y_sign with page = origin + sign * logical."""
        x_min, x_max, y_min, y_max = self._logical_extent
        x_left = self.margin_mm + self._half_width_mm
        y_top = self.margin_mm + self._half_height_mm
        if self.column_direction == "west_east":
            x_origin, x_sign = x_left - x_min, 1
        else:
            x_origin, x_sign = x_left + x_max, -1
        if self.row_direction == "north_south":
            return x_origin, x_sign, y_top - y_min, 1
        return x_origin, x_sign, y_top + y_max, -1

    @cached_property
    def _step_by_direction(self) -> dict[str, Hex]:
        _, x_sign, _, y_sign = self._page_frame
        steps = _STEPS[self.orientation]
        return {
            name: steps[(_PAGE_SIGNS[name][0] * x_sign, _PAGE_SIGNS[name][1] * y_sign)]
            for name in self.directions
        }

    @cached_property
    def _direction_by_step(self) -> dict[Hex, str]:
        return {step: name for name, step in self._step_by_direction.items()}

    @cached_property
    def _corner_offsets(self) -> tuple[Point, ...]:
        start_deg = _FIRST_CORNER_DEG[self.orientation]
        angles = [math.radians(start_deg + 60 * k) for k in range(6)]
        return tuple((self._radius_mm * math.cos(a), self._radius_mm * math.sin(a)) for a in angles)


def _axial_round(q: float, r: float) -> Hex:
    """Nearest hex to fractional axial coordinates (cube rounding keeps q + r + s = 0)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def _check_choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")
