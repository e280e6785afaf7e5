"""Hexside features: drawn along the side (rivers, sea hexsides, ridges, passes) or across
it from centre to centre (rail lines, roads, river courses).

Entries of one style are chained into long lines first, so a river is one smooth stroke
with round joins rather than a row of separate dashes, and dash patterns (rail ties) run
on without restarting at every hexside. The drawing functions take plain polylines, so the
legend draws its samples with exactly the same code.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from generator.components.mapparts.curves import Point, chain, filleted_path, smooth_path, unit_normal, wobble
from generator.components.mapparts.feature_art import feature_symbol_id
from generator.components.mapparts.mapview import MapView, SideEntry
from generator.components.mapparts.palette import (
    BORDER,
    INK,
    RAIL,
    RIDGE,
    RIVER_BLUE,
    RIVER_DARK,
    ROAD,
    ROAD_CORE,
    SOFT_INK,
    TERRAIN,
    pen,
)
from generator.layout.primitives import Item, Path, Style, Use

# Drawing order of along-styles (wide water first, thin marks last).
ALONG_ORDER = ("water", "lake", "major_river", "minor_river", "canal", "ridge", "fortified", "border",
               "pass", "rail", "road", "generic")
ACROSS_ORDER = ("minor_river", "major_river", "canal", "pass", "road", "rail", "water", "lake", "ridge",
                "fortified", "border", "generic")


def along_lines(view: MapView, entries: Iterable[SideEntry]) -> list[list[Point]]:
    grid = view.grid
    segments = []
    for entry in entries:
        direction = grid.direction_between(entry.a, entry.b)
        segments.append(grid.hexside_segment_mm(*entry.a, direction))
    return chain(segments)


def across_lines(view: MapView, entries: Iterable[SideEntry]) -> list[list[Point]]:
    grid = view.grid
    return chain((grid.centre_mm(*e.a), grid.centre_mm(*e.b)) for e in entries)


def draw_along(style: str, lines: Sequence[Sequence[Point]], size_mm: float) -> list[Item]:
    """Items for lines that follow hexsides."""
    if style in ("minor_river", "major_river"):
        return _rivers(style, lines, size_mm, along=True)
    if style in ("water", "lake"):
        edge, fill = ("#7ea6c3", TERRAIN["sea"][0]) if style == "water" else ("#8db4cd", TERRAIN["lake"][0])
        return _stroked(lines, [pen(edge, 0.14 * size_mm), pen(fill, 0.10 * size_mm)])
    if style == "pass":
        return _pass_marks(lines)
    if style == "ridge":
        return _stroked(lines, [pen(RIDGE, 0.5)]) + _ticks(lines, 0.06 * size_mm)
    return _common(style, lines, size_mm)


def draw_across(style: str, lines: Sequence[Sequence[Point]], size_mm: float) -> list[Item]:
    """Items for lines that run from hex centre to hex centre."""
    if style in ("minor_river", "major_river"):
        return _rivers(style, lines, size_mm, along=False)
    if style == "pass":
        dashes = _stroked(lines, [pen(RIDGE, 0.5, dash_mm=(1.2, 0.8), cap="butt")], fillet_mm=0.2 * size_mm)
        return dashes + _pass_marks(lines, turn_deg=90.0)
    return _common(style, lines, size_mm)


def _common(style: str, lines, size_mm: float) -> list[Item]:
    fillet = 0.22 * size_mm
    if style == "rail":
        return _stroked(lines, [pen(RAIL, 0.45), pen(RAIL, 1.4, dash_mm=(0.25, 1.45), cap="butt")], fillet)
    if style == "road":
        return _stroked(lines, [pen(ROAD, 1.0), pen(ROAD_CORE, 0.45)], fillet)
    if style == "canal":
        return _stroked(lines, [pen(RIVER_BLUE, 0.9), pen("#ffffff", 0.3)])
    if style == "border":
        return _stroked(lines, [pen(BORDER, 0.55, dash_mm=(2.2, 0.8, 0.5, 0.8), cap="butt")])
    if style == "fortified":
        return _stroked(lines, [pen(INK, 0.4), pen(INK, 1.2, dash_mm=(0.8, 0.8), cap="butt")])
    return _stroked(lines, [pen(SOFT_INK, 0.6, dash_mm=(1.5, 0.8), cap="butt")])


def _stroked(lines, pens: list[Style], fillet_mm: float = 0.0) -> list[Item]:
    """Each pen over all the lines (as one path per pen, so joins between lines are clean)."""
    commands: list[tuple] = []
    for line in lines:
        commands += filleted_path(line, fillet_mm) if fillet_mm else _polyline(line)
    return [Path(commands, style) for style in pens] if commands else []


def _rivers(style: str, lines, size_mm: float, along: bool) -> list[Item]:
    amplitude = 0.025 * size_mm if along else 0.07 * size_mm
    commands: list[tuple] = []
    for line in lines:
        bent = wobble(line, amplitude, style, pieces=3 if along else 2)
        commands += smooth_path(bent, closed=len(line) > 3 and line[0] == line[-1])
    if not commands:
        return []
    if style == "major_river":
        return [Path(commands, pen(RIVER_DARK, 1.7)), Path(commands, pen(RIVER_BLUE, 1.05))]
    width = 0.8 if along else 0.6
    return [Path(commands, pen(RIVER_BLUE, width))]


def _pass_marks(lines, turn_deg: float = 0.0) -> list[Item]:
    """A ")(" mark on the middle of each segment, its gap across the hexside. Along a side
    the segment is the side; across, it runs centre to centre, a quarter turn from it."""
    items: list[Item] = []
    for line in lines:
        for a, b in zip(line, line[1:]):
            x, y = _midpoint(a, b)
            angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) + turn_deg
            items.append(Use(feature_symbol_id("pass"), x, y, rotation_deg=round(angle, 3)))
    return items


def _ticks(lines, length_mm: float) -> list[Item]:
    """Short hachures on one side of a ridge line."""
    commands: list[tuple] = []
    for line in lines:
        for a, b in zip(line, line[1:]):
            nx, ny = unit_normal(a, b)
            for k in range(1, 6):
                t = k / 6
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                commands += [("M", x, y), ("L", x + nx * length_mm, y + ny * length_mm)]
    return [Path(commands, pen(RIDGE, 0.3, cap="butt"))] if commands else []


def _polyline(line: Sequence[Point]) -> list[tuple]:
    return [("M", *line[0])] + [("L", *p) for p in line[1:]]


def _midpoint(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
