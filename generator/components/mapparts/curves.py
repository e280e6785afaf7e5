"""Plane geometry for map art: chaining segments into lines, smoothing, repeatable wobble.

Points are (x, y) page millimetres. Nothing here is random: "noise" is a hash of a key, so
the same map always gets the same meanders and builds stay byte-identical.
"""

from __future__ import annotations

import math
import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Segment = tuple[Point, Point]


def noise(*key: object) -> float:
    """A repeatable number in [-1, 1] for a key (crc32 of its text)."""
    return zlib.crc32(repr(key).encode()) / 0x7FFFFFFF - 1.0


def rounded(point: Point) -> Point:
    """A point snapped to a micrometre, so hexside corners computed twice compare equal."""
    return round(point[0], 3), round(point[1], 3)


def chain(segments: Iterable[Segment]) -> list[list[Point]]:
    """Join segments that share end points into polylines.

    A polyline breaks wherever more or fewer than two segments meet; a closed ring comes
    back with its first point repeated at the end. Output order depends only on the input
    order, so it is deterministic.
    """
    edges: list[Segment] = []
    seen: set[frozenset] = set()
    for a, b in segments:
        a, b = rounded(a), rounded(b)
        key = frozenset((a, b))
        if a != b and key not in seen:
            seen.add(key)
            edges.append((a, b))
    links: dict[Point, list[int]] = defaultdict(list)
    for index, (a, b) in enumerate(edges):
        links[a].append(index)
        links[b].append(index)
    used = [False] * len(edges)
    lines = []
    # Open lines start at ends and branch points; whatever is left is made of rings.
    starts = [p for p, ids in links.items() if len(ids) != 2]
    for start in starts + [edges[i][0] for i in range(len(edges))]:
        for index in links[start]:
            if not used[index]:
                lines.append(_walk(start, index, edges, links, used))
    return lines


def _walk(start: Point, index: int, edges, links, used) -> list[Point]:
    line = [start]
    point = start
    while True:
        used[index] = True
        a, b = edges[index]
        point = b if a == point else a
        line.append(point)
        following = [i for i in links[point] if not used[i]]
        if len(links[point]) != 2 or not following:
            return line
        index = following[0]


def smooth_path(points: Sequence[Point], closed: bool = False) -> list[tuple]:
    """Path commands (M, C …) of a Catmull-Rom spline through the points."""
    if len(points) < 3:
        return [("M", *points[0])] + [("L", *p) for p in points[1:]]
    ring = list(points[:-1]) if closed else list(points)
    count = len(ring)
    commands: list[tuple] = [("M", *ring[0])]
    for i in range(count if closed else count - 1):
        p0 = ring[(i - 1) % count] if closed or i > 0 else ring[0]
        p1, p2 = ring[i % count], ring[(i + 1) % count]
        p3 = ring[(i + 2) % count] if closed or i + 2 < count else ring[-1]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        commands.append(("C", *c1, *c2, *p2))
    if closed:
        commands.append(("Z",))
    return commands


def filleted_path(points: Sequence[Point], radius_mm: float) -> list[tuple]:
    """Path commands of a polyline whose corners are rounded off (rails, roads): it still
    runs straight through every vertex where it does not turn."""
    commands: list[tuple] = [("M", *points[0])]
    for before, vertex, after in zip(points, points[1:], points[2:]):
        entry = _towards(vertex, before, radius_mm)
        leave = _towards(vertex, after, radius_mm)
        # A quadratic curve with its control at the vertex, written as a cubic.
        c1 = _lerp(entry, vertex, 2 / 3)
        c2 = _lerp(leave, vertex, 2 / 3)
        commands += [("L", *entry), ("C", *c1, *c2, *leave)]
    commands.append(("L", *points[-1]))
    return commands


def wobble(points: Sequence[Point], amplitude_mm: float, key: object, pieces: int = 3) -> list[Point]:
    """The polyline with each segment bent a little sideways (repeatable per segment), its
    vertices unmoved so neighbouring pieces still meet."""
    out = [points[0]]
    for a, b in zip(points, points[1:]):
        normal = unit_normal(a, b)
        for k in range(1, pieces):
            t = k / pieces
            shift = amplitude_mm * noise(key, rounded(a), rounded(b), k)
            x, y = _lerp(a, b, t)
            out.append((x + normal[0] * shift, y + normal[1] * shift))
        out.append(b)
    return out


def relax(points: Sequence[Point], pinned: set, passes: int = 2) -> list[Point]:
    """The polyline with its free vertices pulled towards their neighbours (zig-zags through
    staggered hex centres become straight runs); ends and pinned points stay put."""
    out = list(points)
    for _ in range(passes):
        moved = out[:]
        for i in range(1, len(out) - 1):
            if rounded(points[i]) in pinned:
                continue
            (ax, ay), (x, y), (bx, by) = out[i - 1], out[i], out[i + 1]
            moved[i] = (0.5 * x + 0.25 * (ax + bx), 0.5 * y + 0.25 * (ay + by))
        out = moved
    return out


def unit_normal(a: Point, b: Point) -> Point:
    """The unit vector perpendicular to a→b (turned clockwise on a y-down page)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return -dy / length, dx / length


def polyline_length(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def point_at(points: Sequence[Point], fraction: float) -> tuple[Point, float]:
    """The point at a fraction of the length, and the angle (degrees) of the line there."""
    target = polyline_length(points) * fraction
    for a, b in zip(points, points[1:]):
        step = math.dist(a, b)
        if step and target <= step:
            angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            return _lerp(a, b, target / step), angle
        target -= step
    a, b = points[-2], points[-1]
    return b, math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def upright(angle_deg: float) -> float:
    """An angle for text along a line, turned so the text never reads upside down."""
    angle = (angle_deg + 180) % 360 - 180
    if angle > 90:
        return angle - 180
    if angle < -90:
        return angle + 180
    return angle


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _towards(origin: Point, target: Point, distance_mm: float) -> Point:
    length = math.dist(origin, target)
    return _lerp(origin, target, min(0.5, distance_mm / length) if length else 0.0)
