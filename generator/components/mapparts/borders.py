"""Borders between regions, drawn wherever two adjacent land hexes lie in different regions.

Sides between land and water are coasts, not borders. A region with a `colour` also gets
a translucent band along the inside of its border, as printed maps tint their frontiers.
"""

from __future__ import annotations

import math

from generator.components.mapparts.curves import chain
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.sides import draw_along
from generator.layout.primitives import Item, Polygon, Style

BAND_MM = 1.3


def border_items(view: MapView) -> list[Item]:
    grid = view.grid
    segments = []
    bands: list[Item] = []
    for cell in view.cells:
        here = view.hexes[cell]
        if here.is_water:
            continue
        for direction, neighbour in grid.neighbours(*cell):
            there = view.hexes[neighbour]
            if there.is_water or there.region == here.region:
                continue
            segment = grid.hexside_segment_mm(*cell, direction)
            if cell < neighbour:
                segments.append(segment)
            colour = _colour(view, here.region)
            if colour:
                bands.append(_band(segment, grid.centre_mm(*cell), colour))
    return bands + draw_along("border", chain(segments), grid.size_mm)


def _colour(view: MapView, region_id: str | None) -> str | None:
    region = view.game.regions.get(region_id) if region_id else None
    return region.colour if region else None


def _band(segment, centre, colour: str) -> Polygon:
    """A strip along the inside of a side: the side and its corners moved towards the centre."""
    inset = BAND_MM / math.sin(math.radians(60))
    inner = []
    for x, y in segment:
        dx, dy = centre[0] - x, centre[1] - y
        length = math.hypot(dx, dy)
        inner.append((x + dx * inset / length, y + dy * inset / length))
    points = (segment[0], segment[1], inner[1], inner[0])
    return Polygon(points, Style.filled(colour, opacity=0.45))
