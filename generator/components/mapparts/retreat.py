"""The retreat compass (GE 13.19): for each side, the directions its units may retreat in,
drawn as arrows out of a hex of the map's own orientation in the side's colour; printed on
the map's panel and in the player aids (`retreat_compass_items` is the drawing both use)."""

from __future__ import annotations

import math

from generator.components.mapparts.palette import FRAME, INK, PAPER, SOFT_INK
from generator.layout.primitives import Item, Path, Polygon, Style, Text
from generator.layout.text_metrics import fit_text_size

# Screen angles (y down) of the compass directions; a hex's sides face these.
ANGLES = {"E": 0, "SE": 60, "S": 90, "SW": 120, "W": 180, "NW": -120, "N": -90, "NE": -60}
FLAT_ANGLES = {"NE": -30, "SE": 30, "SW": 150, "NW": -150}  # a flat-topped hex's slanted sides


def direction_angle(direction: str, orientation: str) -> float:
    if orientation == "flat" and direction in FLAT_ANGLES:
        return FLAT_ANGLES[direction]
    return ANGLES[direction]


def direction_name(t, direction: str) -> str:
    """A compass direction as the build's language abbreviates it (es: W is O, SW is SO);
    the calls are spelt out so that extraction finds each."""
    if t is None:
        return direction
    names = {"N": t.pgettext("compass", "N"), "NE": t.pgettext("compass", "NE"), "E": t.pgettext("compass", "E"),
             "SE": t.pgettext("compass", "SE"), "S": t.pgettext("compass", "S"), "SW": t.pgettext("compass", "SW"),
             "W": t.pgettext("compass", "W"), "NW": t.pgettext("compass", "NW")}
    return names[direction]


def rose_items(cx: float, cy: float, radius_mm: float, orientation: str, directions, colour: str,
               label: str, t=None) -> list[Item]:
    """One side's rose: a hex, an arrow out through each allowed side, the side's name under it."""
    start = 30 if orientation == "pointy" else 0
    corners = [(cx + radius_mm * 0.55 * math.cos(math.radians(start + 60 * k)),
                cy + radius_mm * 0.55 * math.sin(math.radians(start + 60 * k))) for k in range(6)]
    items: list[Item] = [Polygon(corners, Style(fill=PAPER, stroke=FRAME, stroke_width_mm=0.3))]
    for direction in directions:
        angle = math.radians(direction_angle(direction, orientation))
        dx, dy = math.cos(angle), math.sin(angle)
        tip = (cx + dx * radius_mm, cy + dy * radius_mm)
        base = (cx + dx * radius_mm * 0.2, cy + dy * radius_mm * 0.2)
        items.append(Path([("M", *base), ("L", cx + dx * radius_mm * 0.72, cy + dy * radius_mm * 0.72)],
                          Style(stroke=colour, stroke_width_mm=0.9, line_cap="round")))
        head = radius_mm * 0.3
        left = (tip[0] - dx * head - dy * head * 0.55, tip[1] - dy * head + dx * head * 0.55)
        right = (tip[0] - dx * head + dy * head * 0.55, tip[1] - dy * head - dx * head * 0.55)
        items.append(Polygon([tip, left, right], Style.filled(colour)))
        text_at = (cx + dx * radius_mm * 1.22, cy + dy * radius_mm * 1.22)
        items.append(Text(*text_at, direction_name(t, direction), "condensed-bold", radius_mm * 0.55, anchor="middle",
                          baseline="middle", fill=SOFT_INK))
    size = fit_text_size(label, "sans-bold", radius_mm * 3.0, 7.5, 4.5) or 4.5
    items.append(Text(cx, cy + radius_mm * 1.62, label, "sans-bold", size, anchor="middle", baseline="middle",
                      fill=INK))
    return items


def retreat_compass_items(spec, orientation: str, name_of, colour_of, width_mm: float,
                          radius_mm: float = 7.5, t=None) -> tuple[list[Item], float]:
    """Every side's rose of a map's `retreat` in a row across `width_mm` (items from y = 0)
    and their height; `name_of(side_id)` and `colour_of(side_id)` say how each is labelled."""
    roses = spec.retreat
    if not roses:
        return [], 0.0
    step = width_mm / len(roses)
    cy = radius_mm * 1.35
    items: list[Item] = []
    for index, rose in enumerate(roses):
        cx = step * index + step / 2
        items += rose_items(cx, cy, radius_mm, orientation, rose.directions, colour_of(rose.side), name_of(rose.side),
                            t)
    return items, cy + radius_mm * 1.62 + 2.0
