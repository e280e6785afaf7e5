"""VASSAL's hex grid and its numbering, re-implemented from its source for the tests.

What VASSAL does with a board's HexGrid and HexGridNumbering attributes, rule for rule:
`snap` is HexGrid.snapToHex (hexX/hexY, with a sideways grid's x and y swapped), `name`
is HexGridNumbering.getColumn/getRow with RegularGridNumbering.getName and the location
format, and `location` is the way back from a name to a point, RegularGridNumbering
.getLocation (the location format made a regular expression, each number
`-?[0-9]{leading+1,}`) then HexGridNumbering.getCenterPoint, which reads the stagger from
the parity of the column's *number* where getRow reads it from the column counted from the
origin. Java's integer casts truncate toward zero and Math.round is floor(x + 0.5); both
are spelt out so the arithmetic is VASSAL's, not Python's.

A board whose grid is a ZonedGrid (a map sheet: a zone per map, each with its own HexGrid)
is read as `Zoned`: ZonedGrid.findZone takes the first zone whose polygon contains the
point (java.awt.Polygon.contains), then that zone's grid snaps and names it, its location
format wrapping the grid's name (Zone.locationName); outside every zone the background
grid does, if any. A grid inside a zone counts a descending axis from the zone's size
(Zone.getSize: its polygon's bounds), not the board's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from generator.export.vassal.sequence import decode


class BadCoords(Exception):
    """MapGrid.BadCoords: a name the grid cannot find."""


def _trunc(value: float) -> int:
    return int(value)  # Java's (int) cast of a double


def _round(value: float) -> int:
    return math.floor(value + 0.5)  # Java's Math.round


def _even(value: int) -> bool:
    return value % 2 == 0  # Java's n % 2 == 0 holds for the same n


@dataclass(frozen=True)
class Grid:
    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool
    first: str
    sep: str
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    h_descend: bool
    v_descend: bool
    stagger: bool
    location_format: str
    board: tuple[int, int]  # the container's width and height: the board image's, or the zone's

    @classmethod
    def from_xml(cls, grid, numbering, container: tuple[int, int]) -> "Grid":
        flag = {"true": True, "false": False}
        g, n = grid.attrib, numbering.attrib
        assert n["hType"] == n["vType"] == "N"
        return cls(int(g["x0"]), int(g["y0"]), float(g["dx"]), float(g["dy"]), flag[g["sideways"]],
                   n["first"], n["sep"], int(n["hLeading"]), int(n["vLeading"]), int(n["hOff"]), int(n["vOff"]),
                   flag[n["hDescend"]], flag[n["vDescend"]], flag[n["stagger"]], n["locationFormat"], container)

    # -- HexGrid ---------------------------------------------------------------------------

    def _rotated(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        """HexGrid.snapToHex: the nearest hex centre."""
        x, y = self._rotated(x, y)
        dx, dy = self.dx, self.dy
        hex_x = _trunc(dx * math.floor((x - self.x0 + dx / 2) / dx) + self.x0)
        nx = math.floor((x - self.x0 + dx / 2) / dx)
        if _even(nx):
            hex_y = _trunc(dy * math.floor((y - self.y0 + dy / 2) / dy) + self.y0)
        else:
            hex_y = _trunc(dy * math.floor((y - self.y0) / dy) + _trunc(dy / 2) + self.y0)
        return self._rotated(hex_x, hex_y)

    # -- HexGridNumbering ------------------------------------------------------------------

    def _raw_column(self, x: int, y: int) -> int:
        x, y = self._rotated(x, y)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def _raw_row(self, x: int, y: int) -> int:
        x, y = self._rotated(x, y)
        nx = _round((x - self.x0) / self.dx)
        if _even(nx):
            return _round((y - self.y0) / self.dy)
        return _round((y - self.y0 - self.dy / 2) / self.dy)

    def _max_rows(self) -> int:
        return math.floor(self.board[1] / self.dx + 0.5)

    def _max_columns(self) -> int:
        return math.floor(self.board[0] / self.dy + 0.5)

    def column(self, x: int, y: int) -> int:
        c = self._raw_column(x, y)
        if self.v_descend and self.sideways:
            c = self._max_rows() - c
        if self.h_descend and not self.sideways:
            c = self._max_columns() - c
        return c

    def row(self, x: int, y: int) -> int:
        r = self._raw_row(x, y)
        if self.v_descend and not self.sideways:
            r = self._max_rows() - r
        if self.h_descend and self.sideways:
            r = self._max_columns() - r
        if self.stagger and not _even(self._raw_column(x, y)):
            descending = self.h_descend if self.sideways else self.v_descend
            r += -1 if descending else 1
        return r

    # -- RegularGridNumbering --------------------------------------------------------------

    @staticmethod
    def _label(number: int, leading: int) -> str:
        text = "-" if number < 0 else ""
        number = abs(number)
        while leading > 0 and number < 10 ** leading:
            text += "0"
            leading -= 1
        return text + str(number)

    # -- from a name back to a point -----------------------------------------------------

    def center_point(self, col: int, row: int) -> tuple[int, int]:
        """HexGridNumbering.getCenterPoint of the column and row numbers less hOff and vOff."""
        if self.stagger and col % 2 != 0:  # Java's col % 2 != 0 holds for the same col
            descending = self.h_descend if self.sideways else self.v_descend
            row += 1 if descending else -1
        if self.sideways:
            if self.v_descend:
                col = self._max_rows() - col
            if self.h_descend:
                row = self._max_columns() - row
        else:
            if self.h_descend:
                col = self._max_columns() - col
            if self.v_descend:
                row = self._max_rows() - row
        x = _trunc(col * self.dx) + self.x0
        y = (_trunc(row * self.dy) if col % 2 == 0 else _trunc(row * self.dy + self.dy / 2)) + self.y0
        return self._rotated(x, y)

    @staticmethod
    def _matching(leading: int) -> str:
        return "-?[0-9]{" + str(leading + 1) + ",}"  # RegularGridNumbering.getMatchingPattern, numeric

    def location(self, name: str) -> tuple[int, int]:
        """RegularGridNumbering.getLocation: the point whose locationName is `name`."""
        regex, groups = "", []
        for token, is_property in format_parts(self.location_format):
            if not is_property:
                regex += re.escape(token)
            elif token == "gridLocation":
                h, v = "(" + self._matching(self.h_leading) + ")", "(" + self._matching(self.v_leading) + ")"
                if self.first == "H":
                    regex += h + (re.escape(self.sep) if self.sep else "") + v
                    groups += ["column", "row"]
                else:
                    regex += v + re.escape(self.sep) + h
                    groups += ["row", "column"]
            elif token in ("row", "column"):
                regex += "(" + self._matching(self.v_leading if token == "row" else self.h_leading) + ")"
                groups.append(token)
        found = re.fullmatch(regex, name) if regex and {"row", "column"} <= set(groups) else None
        if found is None:
            raise BadCoords(name)
        values = {group: int(found.group(n + 1)) for n, group in enumerate(groups)}  # the last of each wins
        return self.center_point(values["column"] - self.h_off, values["row"] - self.v_off)

    def name(self, x: int, y: int) -> str:
        """locationName: the location format with $gridLocation$, $row$ and $column$."""
        row, col = self.row(x, y), self.column(x, y)
        row_text = self._label(row + self.v_off, self.v_leading)
        col_text = self._label(col + self.h_off, self.h_leading)
        grid_location = col_text + self.sep + row_text if self.first == "H" else row_text + self.sep + col_text
        return formatted(self.location_format, {"gridLocation": grid_location, "row": row_text, "column": col_text})


def format_parts(location_format: str):
    """A location format's non-empty parts as getLocation walks them (SequenceEncoder.Decoder
    at '$'): (text, whether it is a $property$ — every other part, but never the last)."""
    tokens = decode(location_format, "$")
    for index, token in enumerate(tokens):
        if token:
            yield token, index % 2 == 1 and index < len(tokens) - 1


def formatted(location_format: str, values: dict[str, str]) -> str:
    """A location format with its $name$ properties filled in (FormattedString)."""
    parts = location_format.split("$")
    return "".join(values.get(part, part) if i % 2 else part for i, part in enumerate(parts))


def board_size(board) -> tuple[int, int]:
    return int(board.attrib["width"]), int(board.attrib["height"])


# -- ZonedGrid and its zones -----------------------------------------------------------------

GRID = "VASSAL.build.module.map.boardPicker.board."


def polygon_contains(points: tuple[tuple[int, int], ...], x: float, y: float) -> bool:
    """java.awt.Polygon.contains: inside the bounding box (left and top edges in, right and
    bottom out), then an odd number of edge crossings on a ray towards -x."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if len(points) <= 2 or not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
        return False
    hits = 0
    for start, end in zip((points[-1], *points[:-1]), points):
        (low_x, low_y), (high_x, high_y) = sorted((start, end), key=lambda p: p[1])
        if low_y == high_y or x >= max(low_x, high_x) or not low_y <= y < high_y:
            continue  # horizontal, wholly left of the point, or above or below it
        if x < min(low_x, high_x) or x - low_x < (y - low_y) / (high_y - low_y) * (high_x - low_x):
            hits += 1  # the edge crosses the point's height right of it
    return hits % 2 == 1


@dataclass(frozen=True)
class Zone:
    name: str
    points: tuple[tuple[int, int], ...]
    location_format: str
    grid: Grid | None  # its own grid (useParentGrid false), or None

    @classmethod
    def from_xml(cls, zone) -> "Zone":
        points = tuple(tuple(int(v) for v in p.split(",")) for p in zone.get("path").split(";"))
        size = (max(p[0] for p in points) - min(p[0] for p in points),
                max(p[1] for p in points) - min(p[1] for p in points))
        grid_node = zone.find(GRID + "HexGrid")
        grid = None
        if grid_node is not None:
            grid = Grid.from_xml(grid_node, grid_node.find(GRID + "mapgrid.HexGridNumbering"), size)
        return cls(zone.get("name"), points, zone.get("locationFormat", "$name$"), grid)

    def contains(self, x: float, y: float) -> bool:
        return polygon_contains(self.points, x, y)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        return self.grid.snap(x, y) if self.grid is not None else (x, y)

    def name_at(self, x: int, y: int) -> str:
        grid_location = self.grid.name(x, y) if self.grid is not None else ""
        return formatted(self.location_format, {"name": self.name, "gridLocation": grid_location})

    def location(self, name: str) -> tuple[int, int]:
        """Zone.getLocation: the zone's format made an expression ($name$ the zone's name,
        $gridLocation$ anything, handed to its grid); without a grid, the mean of its
        corners (integer division), or its first corner when that is outside."""
        regex, groups = "", 0
        for token, is_property in format_parts(self.location_format):
            if not is_property:
                regex += re.escape(token)
            elif token == "name":
                regex += re.escape(self.name)
            elif token == "gridLocation" and self.grid is not None:
                regex += "(.*)"
                groups += 1
        found = re.fullmatch(regex, name) if regex else None
        if found is None:
            raise BadCoords(name)
        if groups:
            point = self.grid.location(found.group(groups))
            if not self.contains(*point):
                raise BadCoords(name)
            return point
        x = _java_div(sum(p[0] for p in self.points), len(self.points))
        y = _java_div(sum(p[1] for p in self.points), len(self.points))
        return (x, y) if self.contains(x, y) else self.points[0]


@dataclass(frozen=True)
class Zoned:
    """A board's ZonedGrid: its zones in order and its background grid."""

    zones: tuple[Zone, ...]
    background: "Grid | Regions | None"

    @classmethod
    def from_xml(cls, zoned, board) -> "Zoned":
        grid_node = zoned.find(GRID + "HexGrid")
        background = None
        if grid_node is not None:
            background = Grid.from_xml(grid_node, grid_node.find(GRID + "mapgrid.HexGridNumbering"), board_size(board))
        return cls(tuple(Zone.from_xml(z) for z in zoned.findall(GRID + "mapgrid.Zone")), background)

    def find(self, x: int, y: int) -> Zone | None:
        return next((zone for zone in self.zones if zone.contains(x, y)), None)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        zone = self.find(x, y)
        if zone is not None:
            return zone.snap(x, y)
        return self.background.snap(x, y) if self.background is not None else (x, y)

    def name(self, x: int, y: int) -> str | None:
        zone = self.find(x, y)
        if zone is not None:
            return zone.name_at(x, y)
        return self.background.name(x, y) if self.background is not None else None

    def location(self, name: str) -> tuple[int, int]:
        """ZonedGrid.getLocation: the first zone that finds the name (at a point inside it),
        else the background grid."""
        for zone in self.zones:
            try:
                return zone.location(name)
            except BadCoords:
                continue
        if self.background is None:
            raise BadCoords(name)
        return self.background.location(name)


def _java_div(a: int, b: int) -> int:
    """Java's integer division, which truncates toward zero."""
    return int(a / b) if (a < 0) != (b < 0) else a // b


# -- any board of a module -----------------------------------------------------------------------

@dataclass(frozen=True)
class Regions:
    """A RegionGrid: its regions' names and origins; a point is named by the nearest region
    (RegionGrid.locationName for a point it snapped), a name found at its region's origin
    (RegionGrid.getLocation)."""

    origins: dict[str, tuple[int, int]]

    @classmethod
    def from_xml(cls, node) -> "Regions":
        return cls({r.get("name"): (int(r.get("originx")), int(r.get("originy"))) for r in node.iter(GRID + "Region")})

    def name(self, x: int, y: int) -> str:
        return min(self.origins, key=lambda n: (self.origins[n][0] - x) ** 2 + (self.origins[n][1] - y) ** 2)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        return self.origins[self.name(x, y)]

    def location(self, name: str) -> tuple[int, int]:
        if name not in self.origins:
            raise BadCoords(name)
        return self.origins[name]


def board_grid(board):
    """The grid of a Board element as VASSAL reads it: a ZonedGrid (`Zoned`, its background a
    HexGrid or RegionGrid), a HexGrid (`Grid`), a RegionGrid (`Regions`), or None."""
    zoned = board.find(GRID + "ZonedGrid")
    if zoned is not None:
        found = Zoned.from_xml(zoned, board)
        regions = zoned.find(GRID + "RegionGrid")
        return found if regions is None else Zoned(found.zones, Regions.from_xml(regions))
    hex_grid = board.find(GRID + "HexGrid")
    if hex_grid is not None:
        return Grid.from_xml(hex_grid, hex_grid.find(GRID + "mapgrid.HexGridNumbering"), board_size(board))
    regions = board.find(GRID + "RegionGrid")
    return Regions.from_xml(regions) if regions is not None else None

