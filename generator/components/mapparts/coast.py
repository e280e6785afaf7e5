"""Coasts: land hexes next to water get a strip of water and a coastline along those sides.

The sides where land meets water (automatically where a land hex touches a sea or lake hex,
plus the `coast` sides a hex lists) are chained into long lines. The coastline is a smooth
curve a varying depth inside the land, pinned to the hex corners where a chain ends, so
neighbouring hexes' coasts join into one natural-looking shore rather than a hex outline.
"""

from __future__ import annotations

import math
from collections import defaultdict

from generator.components.mapparts.curves import Point, chain, noise, rounded, smooth_path
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import COASTLINE, WATER_FILL
from generator.layout.primitives import Item, Path, Style

DEPTH = 0.13  # mean depth of the water strip, in hex sizes
RELAX_PASSES = 3  # smoothing passes over the shore points (removes V-shaped inlets)
RING_PASSES = 1  # a closed shore (an island, a lone sea hex) keeps its wobble: one pass


def coast_items(view: MapView) -> list[Item]:
    """Water strips and coastlines, one path per water kind."""
    items: list[Item] = []
    for kind, (segments, land) in sorted(_coast_segments(view).items()):
        water_commands: list[tuple] = []
        shore_commands: list[tuple] = []
        for line in chain(segments):
            closed = line[0] == line[-1]
            inner = _relaxed(_shore(line, land, view.grid.size_mm), closed)
            shore = smooth_path(inner, closed=closed)
            shore_commands += shore
            water_commands += _strip(line, shore, closed)
        if water_commands:
            items.append(Path(water_commands, Style.filled(WATER_FILL[kind]), fill_rule="evenodd"))
            items.append(Path(shore_commands, COASTLINE))
    return items


def _coast_segments(view: MapView):
    """kind -> (segments, {segment key: land centre}) of every land/water side."""
    grid = view.grid
    found: dict[str, tuple[list, dict]] = defaultdict(lambda: ([], {}))
    for cell in view.cells:
        hex_view = view.hexes[cell]
        if hex_view.is_water:
            continue
        sides = {d: "sea" for d in hex_view.coast if d in grid.directions}
        if view.spec.auto_coast:
            for direction, neighbour in grid.neighbours(*cell):
                other = view.hexes[neighbour]
                if other.is_water:
                    sides[direction] = other.style
        centre = grid.centre_mm(*cell)
        for direction in grid.directions:
            kind = sides.get(direction)
            if kind is None:
                continue
            a, b = grid.hexside_segment_mm(*cell, direction)
            segments, land = found[kind]
            segments.append((a, b))
            land.setdefault(frozenset((rounded(a), rounded(b))), centre)
    return found


def _shore(line: list[Point], land: dict, size_mm: float) -> list[Point]:
    """Points of the coastline: side midpoints and inner corners pushed into the land; the
    ends of an open line stay on their corners so the shore meets the next one there."""
    closed = line[0] == line[-1]
    normals = [_towards_land(a, b, land) for a, b in zip(line, line[1:])]
    out: list[Point] = []
    for i, normal in enumerate(normals):
        corner, following = line[i], line[i + 1]
        if closed or i > 0:
            out.append(_push(corner, _bisector(normals[i - 1], normal), size_mm, ("corner", corner)))
        else:
            out.append(corner)
        middle = ((corner[0] + following[0]) / 2, (corner[1] + following[1]) / 2)
        out.append(_push(middle, normal, size_mm, ("side", middle)))
    out.append(out[0] if closed else line[-1])
    return out


def _relaxed(points: list[Point], closed: bool) -> list[Point]:
    """Each point moved towards its neighbours' average, a few times (straightens the
    zig-zag the hexsides give the shore). The ends of an open line stay on their corners,
    and their neighbours count themselves in place of the end, so a short strip keeps its
    depth instead of being pulled back onto the hexside."""
    for _ in range(RING_PASSES if closed else RELAX_PASSES):
        ring = points[:-1] if closed else points
        count = len(ring)
        moved = list(ring)
        for i in range(count) if closed else range(1, count - 1):
            before = ring[(i - 1) % count] if closed or i > 1 else ring[i]
            after = ring[(i + 1) % count] if closed or i < count - 2 else ring[i]
            x, y = ring[i]
            moved[i] = (0.5 * x + 0.25 * (before[0] + after[0]), 0.5 * y + 0.25 * (before[1] + after[1]))
        points = moved + [moved[0]] if closed else moved
    return points


def _towards_land(a: Point, b: Point, land: dict) -> Point:
    centre = land.get(frozenset((a, b)))
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if centre is None:
        return (0.0, 0.0)
    dx, dy = centre[0] - mx, centre[1] - my
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _bisector(n1: Point, n2: Point) -> Point:
    """Direction into the land at a corner, scaled so the strip keeps its depth there."""
    x, y = n1[0] + n2[0], n1[1] + n2[1]
    length = math.hypot(x, y)
    if length < 0.2:  # the line doubles back: leave the corner on the side
        return (0.0, 0.0)
    cos_half = length / 2
    return x / length / max(cos_half, 0.6), y / length / max(cos_half, 0.6)


def _push(point: Point, direction: Point, size_mm: float, key) -> Point:
    depth = DEPTH * size_mm * (1 + 0.35 * noise(key[0], rounded(key[1])))
    return point[0] + direction[0] * depth, point[1] + direction[1] * depth


def _strip(line: list[Point], shore: list[tuple], closed: bool) -> list[tuple]:
    """The water between the hexsides and the coastline."""
    outline = [("M", *line[0])] + [("L", *p) for p in line[1:]]
    if closed:
        return outline + [("Z",)] + shore  # two rings, filled even-odd
    # Open: along the sides, then back along the reversed shore curve.
    return outline + _reversed(shore)[1:] + [("Z",)]


def _reversed(commands: list[tuple]) -> list[tuple]:
    """The same M/C curve run backwards."""
    points = [commands[0][1:3]]
    controls = []
    for command in commands[1:]:
        if command[0] == "C":
            controls.append((command[1:3], command[3:5]))
            points.append(command[5:7])
        else:  # L
            controls.append(None)
            points.append(command[1:3])
    out: list[tuple] = [("M", *points[-1])]
    for index in range(len(controls) - 1, -1, -1):
        pair = controls[index]
        target = points[index]
        out.append(("L", *target) if pair is None else ("C", *pair[1], *pair[0], *target))
    return out
