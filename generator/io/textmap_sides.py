"""The `[sides]` layer of a text map: hexsides drawn as a grid, three characters per hex.

Each hex's cell is three characters, one for each of its sides toward the north and east
(`OWN_SIDES`: north, north-east and south-east for flat-topped hexes; north-east, east and
south-east for pointy ones). Every side between two hexes is one of the two hexes' own
sides, so each is drawn exactly once. A character is a symbol of the sides legend (a
hexside feature, or several at once: `R river;border`) or `-` for nothing:

    [legend sides]
    r river

    [sides]
    --- r-- ---   # row 1: a river on the north side of the second hex

Cells are separated by spaces, lines are hex rows in page order, as in the other layers.
The hexsides come out in page order, each hex's sides in the order above.
"""

from __future__ import annotations

from generator.geometry.hexgrid import OPPOSITE
from generator.geometry.mapgrid import grid_for
from generator.model.mapdata import Hexside, MapSpec
from generator.model.source import Location
from generator.validation.report import Report

OWN_SIDES = {"flat": ("N", "NE", "SE"), "pointy": ("NE", "E", "SE")}
_SPOKEN = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east"}


def own_side(grid, a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], str] | None:
    """The hex whose own side lies between adjacent hexes a and b, and which side it is
    (None when a and b are not adjacent)."""
    direction = grid.direction_between(a, b)
    if direction is None:
        return None
    if direction in OWN_SIDES[grid.orientation]:
        return a, direction
    return b, OPPOSITE[direction]


def layer_hexsides(sections, legend, map_spec: MapSpec, every, report: Report) -> list[Hexside]:
    """The hexsides of the `[sides]` layer; `every` is the `[hexsides]` row whose hex is
    `*` (its source is every drawn hexside's)."""
    from generator.io.textmap import NOTHING, UnknownSymbols, page_order

    lines = sections.grids.get("sides")
    if lines is None:
        return []
    try:
        grid = grid_for(map_spec.grid)
    except ValueError:
        return []  # the grid's own problem is reported by the map checks
    file = sections.file
    rows, columns = page_order(map_spec)
    own = OWN_SIDES[grid.orientation]
    if len(lines) != len(rows):
        at = lines[len(rows)].line if len(lines) > len(rows) else lines[-1].line
        report.error(Location(file, at, 1), "textmap.sides",
                     f"the [sides] layer has {len(lines)} line(s); the map has {len(rows)} hex rows "
                     "(one line per row, the northmost first)")
    source = every.cells.get("source", "") if every is not None else ""
    unknown = UnknownSymbols(legend, "textmap.sides")
    out: list[Hexside] = []
    for line, row in zip(lines, rows):
        if len(line.cells) != len(columns):
            extra = len(line.cells) > len(columns)
            column = line.cells[len(columns)][0] if extra else (line.cells[-1][0] + 3 if line.cells else 1)
            report.error(Location(file, line.line, column), "textmap.sides",
                         f"row {row} has {len(line.cells)} hex(es) in the [sides] layer; the map has {len(columns)} "
                         "columns (three characters per hex, separated by spaces)")
        for (column, cell), col in zip(line.cells, columns):
            if len(cell) != 3:
                report.error(Location(file, line.line, column, "sides"), "textmap.sides",
                             f"expected three characters for hex {grid.hex_id(col, row)}, one per side "
                             f"({', '.join(_SPOKEN[d] for d in own)}; '-' for nothing), found {cell!r}")
                continue
            for offset, (symbol, direction) in enumerate(zip(cell, own)):
                if symbol == NOTHING:
                    continue
                where = Location(file, line.line, column + offset, "sides")
                if symbol not in legend.meaning:
                    unknown.add(symbol, where, f"unknown sides symbol {symbol!r} on the {_SPOKEN[direction]} side "
                                               f"of hex {grid.hex_id(col, row)}")
                    continue
                out += _drawn(grid, map_spec, legend, (col, row), direction, symbol, where, source, report)
    unknown.report(report)
    return out


def _drawn(grid, map_spec: MapSpec, legend, position, direction: str, symbol: str, where: Location, source: str,
           report: Report) -> list[Hexside]:
    hex_id = grid.hex_id(*position)
    other = grid.neighbour(*position, direction)
    if not grid.contains(*other):
        report.error(where, "textmap.sides", f"hex {hex_id} has no neighbour on its {_SPOKEN[direction]} side "
                                             "(the map's edge): a hexside lies between two hexes")
        return []
    columns = {"hex": where.column, "neighbour": where.column, "feature": where.column}
    return [Hexside(map_spec.id, hex_id, grid.hex_id(*other), feature, where, source, columns)
            for feature in legend.meaning[symbol].split(";")]
