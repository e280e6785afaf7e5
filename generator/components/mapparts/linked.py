"""Rivers and railways given as hexes they run through (WEF 12.9: a river hex is one a river
runs through; WEF's rail hexes likewise).

When the data only says which hexes hold a river or a railway (a hex feature of style
`river` or `rail`), warkit links adjacent such hexes into lines along a spanning tree —
three mutually adjacent hexes would otherwise draw a triangle. A river's ends run on to the
far side of its last hex. For an exact course, list the crossings in hexsides.csv with a
feature drawn `across` instead (see docs/data-format.md).
"""

from __future__ import annotations

from generator.components.mapparts.curves import Point, chain, noise
from generator.components.mapparts.mapview import Cell, MapView


def linked_lines(view: MapView, feature_style: str, extend_ends: bool) -> list[list[Point]]:
    cells = [cell for cell in view.cells if view.hexes[cell].has(feature_style)]
    if not cells:
        return []
    tree = _spanning_tree(view, cells)
    degree: dict[Cell, list[Cell]] = {cell: [] for cell in cells}
    for a, b in tree:
        degree[a].append(b)
        degree[b].append(a)
    grid = view.grid
    segments = [(grid.centre_mm(*a), grid.centre_mm(*b)) for a, b in tree]
    for cell, linked in degree.items():
        centre = grid.centre_mm(*cell)
        if len(linked) == 1 and extend_ends:  # a stream's end: carry on to the far side of the hex
            other = grid.centre_mm(*linked[0])
            segments.append((centre, (1.5 * centre[0] - 0.5 * other[0], 1.5 * centre[1] - 0.5 * other[1])))
        elif not linked and extend_ends:  # a lone river hex: a short stream straight through it
            segments.append(_through(view, cell))
    return chain(segments)


def _spanning_tree(view: MapView, cells: list[Cell]) -> list[tuple[Cell, Cell]]:
    """Kruskal over adjacent river hexes in id order, so the result is repeatable."""
    inside = set(cells)
    parent = {cell: cell for cell in cells}

    def root(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    tree = []
    for cell in cells:
        for _, neighbour in view.grid.neighbours(*cell):
            if neighbour in inside and cell < neighbour:
                a, b = root(cell), root(neighbour)
                if a != b:
                    parent[a] = b
                    tree.append((cell, neighbour))
    return tree


def _through(view: MapView, cell: Cell) -> tuple[Point, Point]:
    grid = view.grid
    directions = grid.directions
    direction = directions[int((noise("lone river", cell) + 1) * 1.5) % 3]
    a, b = grid.hexside_segment_mm(*cell, direction)
    c, d = grid.hexside_segment_mm(*cell, directions[(directions.index(direction) + 3) % 6])
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), ((c[0] + d[0]) / 2, (c[1] + d[1]) / 2)
