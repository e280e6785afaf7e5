"""Region names printed large and faint across the region, as printed maps name countries.

Each region with enough land hexes gets its name, spaced out in capitals, near the middle
of its hexes: of the spots whose label would lie over the region's own hexes, the one
covering fewest place names and settlements, then fewest patterned hexes (woods, swamp,
mountains), and the nearest to the region's centre.
"""

from __future__ import annotations

import math

from generator.components.mapparts.mapview import Cell, MapView
from generator.layout.primitives import Item, Text
from generator.fonts.metrics import MM_PER_PT, text_width_mm

MIN_HEXES = 6
CANDIDATES = 60  # spots tried, nearest the region's centre first
PLAIN_STYLES = ("clear", "plain", "desert")  # terrain a name reads well over
COLOUR = "#8c8170"
FONT = "sans-bold"


def region_label_items(view: MapView) -> list[Item]:
    members: dict[str, list[Cell]] = {}
    for cell in view.cells:
        hex_view = view.hexes[cell]
        if hex_view.region and not hex_view.is_water:
            members.setdefault(hex_view.region, []).append(cell)
    items: list[Item] = []
    for region in view.game.spec.regions:
        cells = members.get(region.id, [])
        if len(cells) >= MIN_HEXES:
            label = _label(view, view.words.of(region), cells)
            if label is not None:
                items.append(label)
    return items


def spaced(name: str) -> str:
    """NAME in capitals with a thin space between letters (and wider between words)."""
    return "   ".join("\u2009".join(word) for word in name.upper().split())


def _label(view: MapView, name: str, cells: list[Cell]) -> Text | None:
    grid = view.grid
    text = spaced(name)
    size_pt = min(22.0, max(8.0, grid.size_mm * 0.75))
    width = text_width_mm(text, FONT, size_pt)
    while width > 0.8 * _span_mm(grid, cells) and size_pt > 8:
        size_pt -= 1
        width = text_width_mm(text, FONT, size_pt)
    centres = {cell: grid.centre_mm(*cell) for cell in cells}
    middle = (sum(x for x, _ in centres.values()) / len(cells), sum(y for _, y in centres.values()) / len(cells))
    inside = set(cells)
    best = None
    nearest = sorted(cells, key=lambda c: math.dist(centres[c], middle))[:CANDIDATES]
    for cell in nearest:
        x, y = centres[cell]
        covered = _covered(view, x, y, width, size_pt * MM_PER_PT)
        if sum(c in inside for c in covered) < 0.8 * len(covered):
            continue  # the name would run out of its region
        crowding = sum(1 for c in covered if view.hexes[c].name or view.hexes[c].features)
        patterned = sum(1 for c in covered if view.hexes[c].style not in PLAIN_STYLES)
        score = 10 * crowding + 3 * patterned + math.dist((x, y), middle) / grid.size_mm
        if best is None or score < best[0]:
            best = (score, x, y)
    if best is None:
        return None
    _, x, y = best
    return Text(x, y + _drop(grid), text, FONT, size_pt, anchor="middle", baseline="middle", fill=COLOUR)


def _drop(grid) -> float:
    """Where in the hex row the name runs: clear of the hex numbers of this hex and of its
    staggered neighbours (flat-top: just above the centre; pointy-top: just below it)."""
    return grid.size_mm * (-0.2 if grid.orientation == "flat" else 0.22)


def _covered(view: MapView, x: float, y: float, width: float, height: float) -> list[Cell]:
    """Hexes under a label centred on (x, y), sampled along its length."""
    grid = view.grid
    found = []
    steps = max(2, int(width // (grid.size_mm / 2)))
    for k in range(steps + 1):
        for dy in (-height / 2, height / 2):
            cell = grid.hex_at_mm(x - width / 2 + width * k / steps, y + _drop(grid) + dy)
            if cell is None:
                return [None] * 99  # off the map: never a good spot
            if cell not in found:
                found.append(cell)
    return found


def _span_mm(grid, cells: list[Cell]) -> float:
    xs = [grid.centre_mm(*cell)[0] for cell in cells]
    return max(xs) - min(xs) + grid.size_mm
