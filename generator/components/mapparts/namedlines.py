"""Named lines the rules refer to: chains of hexsides (GE 3.8's Meuse Line) and row or
column boundaries (WEF 6.3: "north of hex row xx20"), drawn as a bold translucent band with
the line's name along it.

A row line runs along the edge of that row facing the lower row numbers — between rows
19 and 20 for WEF's xx20 — and a column line likewise along the column's lower-numbered
side.
"""

from __future__ import annotations

import math

from generator.components.mapparts.curves import chain, point_at, polyline_length, upright
from generator.components.mapparts.labels import plated_text
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import LINE_RED, pen
from generator.model.mapdata import NamedLine
from generator.model.mapstyles import line_style
from generator.layout.primitives import Item, Path
from generator.layout.text_metrics import text_width_mm

LABEL_PT = 5.8
LABEL_EVERY_MM = 300.0
LINE_COLOURS = {"line": LINE_RED, "front": "#8e2f7a", "boundary": "#3b5b8c", "river": "#23628f"}


def line_segments(view: MapView, line: NamedLine) -> list:
    grid = view.grid
    if line.row is not None or line.column is not None:
        return _boundary(view, line)
    segments = []
    for pair in line.hexsides:
        try:
            a, b = (grid.parse_id(part.strip()) for part in pair.split("/"))
        except ValueError:
            continue  # reported by the check (map.lines)
        direction = grid.direction_between(a, b)
        if direction is not None:
            segments.append(grid.hexside_segment_mm(*a, direction))
    return segments


def _boundary(view: MapView, line: NamedLine) -> list:
    grid = view.grid
    index = 1 if line.row is not None else 0
    number = line.row if line.row is not None else line.column
    segments = []
    for cell in view.cells:
        if cell[index] != number:
            continue
        for direction, neighbour in grid.neighbours(*cell):
            if neighbour[index] < number:
                segments.append(grid.hexside_segment_mm(*cell, direction))
    return segments


def named_line_items(view: MapView, line: NamedLine) -> list[Item]:
    lines = chain(line_segments(view, line))
    if not lines:
        return []
    colour = line.colour or LINE_COLOURS[line_style(line.style)]
    commands: list[tuple] = []
    for points in lines:
        commands += [("M", *points[0])] + [("L", *p) for p in points[1:]]
    items: list[Item] = [
        Path(commands, pen(colour, 0.11 * view.grid.size_mm, opacity=0.3)),
        Path(commands, pen(colour, 0.35, dash_mm=(2.4, 1.0), cap="butt")),
    ]
    longest = max(lines, key=polyline_length)
    name = view.words.line(view.spec.id, line)
    for fraction in label_spots(polyline_length(longest)):
        x, y, angle = chord_at(longest, fraction, text_width_mm(name, "sans-bold", LABEL_PT))
        items += plated_text(x, y, name, "sans-bold", LABEL_PT, colour, rotation_deg=upright(angle))
    return items


def label_spots(length_mm: float) -> list[float]:
    """Where along a line its name goes: once per LABEL_EVERY_MM, so each sheet of a tiled
    map shows it somewhere."""
    count = max(1, round(length_mm / LABEL_EVERY_MM))
    return [(k + 0.5) / count for k in range(count)]


def chord_at(points, fraction: float, width_mm: float) -> tuple[float, float, float]:
    """Centre and angle of the straight line fitted to the stretch of the line (width_mm
    long) around a fraction of its length: a zig-zag row boundary reads as the straight line
    it is, not as its last kink."""
    length = polyline_length(points)
    half = min(0.5, (width_mm / 2 + 4) / length) if length else 0.0
    start = max(0.0, min(fraction - half, 1.0 - 2 * half))
    samples = [point_at(points, start + 2 * half * k / 24)[0] for k in range(25)]
    x = sum(p[0] for p in samples) / len(samples)
    y = sum(p[1] for p in samples) / len(samples)
    sxx = sum((p[0] - x) ** 2 for p in samples)
    syy = sum((p[1] - y) ** 2 for p in samples)
    sxy = sum((p[0] - x) * (p[1] - y) for p in samples)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)  # the principal axis of the samples
    return x, y, math.degrees(angle)
