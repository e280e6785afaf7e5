"""Friendly map edges (`edges:` of a map): a bar in the side's colour along that edge of
the hexes and the edge's label in the margin, repeated along long edges."""

from __future__ import annotations

import math

from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import pen
from generator.layout.primitives import Item, Path, Text

LABEL_EVERY_MM = 165.0  # long edges repeat their label: every A4 or Letter sheet along the edge shows one


def edge_items(view: MapView) -> list[Item]:
    """The bars and labels of the map's edges (`view`: a hex or an area map's view)."""
    grid = view
    margin = view.margin_mm
    left, top = margin * 0.72, margin * 0.72
    right, bottom = grid.width_mm - margin * 0.72, grid.height_mm - margin * 0.72
    items: list[Item] = []
    for edge in view.spec.edges:
        colour = view.side_colour(edge.friendly_to) if edge.friendly_to else "#444444"
        side = view.game.sides.get(edge.friendly_to) if edge.friendly_to else None
        words = view.words
        label = words.edge(view.spec.id, edge) or (
            words.phrase("{side} friendly edge", side=words.of(side)) if side
            else words.phrase("{edge} edge", edge=edge.edge.title()))
        bar = {
            "north": ((margin, top), (grid.width_mm - margin, top)),
            "south": ((margin, bottom), (grid.width_mm - margin, bottom)),
            "west": ((left, margin), (left, grid.height_mm - margin)),
            "east": ((right, margin), (right, grid.height_mm - margin)),
        }[edge.edge]
        (x1, y1), (x2, y2) = bar
        items.append(Path([("M", x1, y1), ("L", x2, y2)], pen(colour, 1.2, cap="butt", opacity=0.8)))
        items += _labels(edge.edge, label, colour, bar, margin)
    return items


def _labels(edge: str, label: str, colour: str, bar, margin: float) -> list[Item]:
    (x1, y1), (x2, y2) = bar
    length = abs(x2 - x1) + abs(y2 - y1)
    count = max(1, math.ceil(length / LABEL_EVERY_MM))
    size_pt = min(8.0, max(4.5, margin * 0.55))
    gap = margin * 0.36  # from the bar into the margin
    rotation = {"north": 0.0, "south": 0.0, "west": -90.0, "east": 90.0}[edge]
    shift = {"north": (0, -gap), "south": (0, gap), "west": (-gap, 0), "east": (gap, 0)}[edge]
    items: list[Item] = []
    for k in range(count):
        t = (k + 0.5) / count
        x = x1 + (x2 - x1) * t + shift[0]
        y = y1 + (y2 - y1) * t + shift[1]
        items.append(Text(x, y, f"{label}", "sans-bold", size_pt, anchor="middle", baseline="middle",
                          fill=colour, rotation_deg=rotation))
    return items
