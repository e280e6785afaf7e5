"""The drawings inside (and beside) NATO-style frames, and the small type icons.

Each land icon is a function of the frame's box (left, top, right, bottom) and the
SymbolStyle; each small icon of a centre and a height. `symbols.py` puts them in frames.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from generator.layout.primitives import Circle, Item, Line, Path, Polygon, Rect, Style, Text
from generator.fonts.metrics import fit_text_size
from generator.i18n.marks import N_

FRAME_RATIO = 1.5  # width : height of a friendly land frame (APP-6)
HEADQUARTERS = N_("HQ")  # printed inside the headquarters frame, in the build's language
# symbol -> the words its icon prints; the caller passes their translations in SymbolStyle.words
SYMBOL_WORDS: dict[str, tuple[str, ...]] = {"headquarters": (HEADQUARTERS,)}
Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class SymbolStyle:
    """Lines and icon in `line`; the frame filled with `fill` (None: the counter shows through)."""

    line: str = "#000000"
    fill: str | None = None
    line_mm: float = 0.3
    # the words a symbol prints (SYMBOL_WORDS), in the build's language: (("HQ", "CG"),)
    words: tuple[tuple[str, str], ...] = ()

    def word(self, text: str) -> str:
        return dict(self.words).get(text, text)


# -- icons inside the land frame ---------------------------------------------------------


def _lines(style: SymbolStyle, width_share: float = 1.0) -> Style:
    return Style(stroke=style.line, stroke_width_mm=style.line_mm * width_share)


def _cross(box: Box, style: SymbolStyle) -> list[Item]:
    left, top, right, bottom = box
    return [Line(left, top, right, bottom, _lines(style)), Line(left, bottom, right, top, _lines(style))]


def _slash(box: Box, style: SymbolStyle) -> list[Item]:
    left, top, right, bottom = box
    return [Line(left, bottom, right, top, _lines(style))]


def _oval(box: Box, style: SymbolStyle, filled: bool = False) -> list[Item]:
    """The armour 'track': a stadium in the middle of the frame."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    radius = h * 0.22
    cx, cy = (left + right) / 2, (top + bottom) / 2
    half = w * 0.3
    paint = Style(fill=style.line, stroke=None) if filled else _lines(style)
    return [Rect(cx - half, cy - radius, 2 * half, 2 * radius, paint, corner_radius_mm=radius)]


def _infantry(box, style):
    return _cross(box, style)


def _cavalry(box, style):
    return _slash(box, style)


def _armour(box, style):
    return _oval(box, style)


def _mechanised(box, style):
    return _cross(box, style) + _oval(box, style)


def _motorised(box, style):
    left, top, right, bottom = box
    cx = (left + right) / 2
    return _cross(box, style) + [Line(cx, top, cx, bottom, _lines(style))]


def _armoured_cars(box, style):
    """Armoured reconnaissance: the cavalry slash over the armour track."""
    return _slash(box, style) + _oval(box, style)


def _dot(box: Box, style: SymbolStyle, share: float = 0.16) -> tuple[float, float, float]:
    left, top, right, bottom = box
    return (left + right) / 2, (top + bottom) / 2, (bottom - top) * share


def _artillery(box, style):
    cx, cy, r = _dot(box, style)
    return [Circle(cx, cy, r, Style.filled(style.line))]


def _siege_guns(box, style):
    """A heavy gun: a wheel with a long barrel raised to the upper right."""
    left, top, right, bottom = box
    h = bottom - top
    cx, cy, r = (left + right) / 2 - h * 0.12, top + h * 0.62, h * 0.2
    angle = math.radians(-35)
    length = h * 0.72
    tip = cx + length * math.cos(angle), cy + length * math.sin(angle)
    barrel = Style(stroke=style.line, stroke_width_mm=h * 0.16, line_cap="butt")
    return [Line(cx, cy, *tip, barrel), Circle(cx, cy, r, Style.filled(style.line))]


def _mountain(box, style):
    left, top, right, bottom = box
    h = bottom - top
    cx = (left + right) / 2
    peak = Polygon([(cx - h * 0.3, bottom), (cx, bottom - h * 0.38), (cx + h * 0.3, bottom)], Style.filled(style.line))
    return _cross(box, style) + [peak]


def _naval_infantry(box, style):
    """An anchor (GE 2.7: the Royal Naval Division)."""
    left, top, right, bottom = box
    h = bottom - top
    cx = (left + right) / 2
    stroke = Style(stroke=style.line, stroke_width_mm=style.line_mm * 0.9, line_cap="round")
    ring_r = h * 0.09
    ring_y = top + h * 0.2
    shank_top, shank_bottom = ring_y + ring_r, bottom - h * 0.14
    arm = h * 0.3
    bow = h * 0.2
    items: list[Item] = [
        Circle(cx, ring_y, ring_r, stroke),
        Line(cx, shank_top, cx, shank_bottom, stroke),
        Line(cx - arm * 0.55, top + h * 0.4, cx + arm * 0.55, top + h * 0.4, stroke),
        Path(
            (("M", cx - arm, shank_bottom - bow), ("C", cx - arm, shank_bottom, cx - arm * 0.2,
             shank_bottom + bow * 0.3, cx, shank_bottom + bow * 0.3), ("C", cx + arm * 0.2,
             shank_bottom + bow * 0.3, cx + arm, shank_bottom, cx + arm, shank_bottom - bow)),
            stroke,
        ),
    ]
    return items


def battlements(left: float, right: float, base_y: float, height: float, count: int) -> list[tuple[float, float]]:
    """The top outline of a wall with `count` merlons, from left to right."""
    step = (right - left) / (2 * count - 1)
    points = []
    for i in range(2 * count - 1):
        x0, x1 = left + i * step, left + (i + 1) * step
        y = base_y - height if i % 2 == 0 else base_y
        points += [(x0, y), (x1, y)]
    return points


def _fortress(box, style):
    """A crenellated tower; its gate is a notch, so the counter shows through it."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx = (left + right) / 2
    half, gate_half, gate_top = w * 0.2, w * 0.045, bottom - h * 0.24
    outline = [(cx - gate_half, bottom), (cx - half, bottom),
               *battlements(cx - half, cx + half, top + h * 0.38, h * 0.16, 3),
               (cx + half, bottom), (cx + gate_half, bottom), (cx + gate_half, gate_top),
               (cx - gate_half, gate_top)]  # fmt: skip
    return [Polygon(outline, Style.filled(style.line))]


def _fortress_infantry(box, style):
    return _cross(box, style)


def _shock_troops(box, style):
    """Infantry with an assault wedge driving in from the left."""
    left, top, right, bottom = box
    h = bottom - top
    cy = (top + bottom) / 2
    wedge = Polygon([(left, cy - h * 0.3), (left + h * 0.55, cy), (left, cy + h * 0.3)], Style.filled(style.line))
    return _cross(box, style) + [wedge]


def _active_corps(box, style):
    """WEF 13.19 German active corps: infantry with a solid bar along the foot of the frame."""
    left, top, right, bottom = box
    h = bottom - top
    return _cross(box, style) + [Rect(left, bottom - h * 0.22, right - left, h * 0.22, Style.filled(style.line))]


def _engineer(box, style):
    """The APP-6 engineer 'bridge': a beam on three legs."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx, cy = (left + right) / 2, (top + bottom) / 2
    half, leg = w * 0.25, h * 0.22
    stroke = _lines(style)
    return [
        Line(cx - half, cy - leg / 2, cx + half, cy - leg / 2, stroke),
        *(Line(x, cy - leg / 2, x, cy + leg / 2, stroke) for x in (cx - half, cx, cx + half)),
    ]


def _recon(box, style):
    return _slash(box, style)


def _headquarters(box, style):
    left, top, right, bottom = box
    h = bottom - top
    word = style.word(HEADQUARTERS)
    size = fit_text_size(word, "condensed-bold", (right - left) * 0.7, h * 0.62 / 0.2578, 1.0) or 1.0
    return [Text((left + right) / 2, (top + bottom) / 2, word, "condensed-bold", size, anchor="middle",
                 baseline="middle", fill=style.line)]


def _supply(box, style):
    left, top, right, bottom = box
    y = bottom - (bottom - top) * 0.28
    return [Line(left, y, right, y, _lines(style))]


def _leader(box, style):
    left, top, right, bottom = box
    return [Polygon(_star((left + right) / 2, (top + bottom) / 2, (bottom - top) * 0.36), Style.filled(style.line))]


def _machine_gun(box, style):
    left, top, right, bottom = box
    h = bottom - top
    cx = (left + right) / 2
    stroke = _lines(style)
    head = h * 0.16
    return [
        Line(cx, bottom - h * 0.15, cx, top + h * 0.15, stroke),
        Line(cx - head, top + h * 0.15 + head, cx, top + h * 0.15, stroke),
        Line(cx + head, top + h * 0.15 + head, cx, top + h * 0.15, stroke),
        Line(cx - head * 1.2, bottom - h * 0.3, cx + head * 1.2, bottom - h * 0.3, stroke),
    ]


def aircraft(cx: float, cy: float, span: float, colour: str) -> tuple[Item, ...]:
    """An aircraft seen from above, nose up: fuselage, slightly swept wings, tailplane."""
    half = [(0.0, -0.78), (0.09, -0.68), (0.11, -0.22), (1.0, -0.02), (1.0, 0.13), (0.1, 0.1),
            (0.07, 0.52), (0.4, 0.64), (0.4, 0.76), (0.0, 0.74)]  # fmt: skip
    outline = half[:-1] + [(-x, y) for x, y in reversed(half[1:-1])]
    s = span / 2
    return (Polygon([(cx + x * s, cy + y * s) for x, y in outline], Style.filled(colour)),)


# -- small icons (unit type `icon`, marker art) -------------------------------------------


def _bolt(cx: float, cy: float, size: float, colour: str) -> list[Item]:
    s = size / 2
    points = [(cx + s * 0.35, cy - s), (cx - s * 0.45, cy + s * 0.12), (cx - s * 0.02, cy + s * 0.12),
              (cx - s * 0.35, cy + s), (cx + s * 0.45, cy - s * 0.18), (cx + s * 0.02, cy - s * 0.18)]  # fmt: skip
    return [Polygon(points, Style.filled(colour))]


def _double_bolt(cx, cy, size, colour):
    return _bolt(cx - size * 0.28, cy, size, colour) + _bolt(cx + size * 0.28, cy, size, colour)


def _star(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.42
        angle = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _star_icon(cx, cy, size, colour):
    return [Polygon(_star(cx, cy, size / 2), Style.filled(colour))]


def _circle_icon(cx, cy, size, colour):
    return [Circle(cx, cy, size * 0.42, Style(stroke=colour, stroke_width_mm=size * 0.12))]


def _flag_icon(cx, cy, size, colour):
    s = size / 2
    return [
        Line(cx - s * 0.6, cy - s, cx - s * 0.6, cy + s, Style(stroke=colour, stroke_width_mm=size * 0.1)),
        Polygon([(cx - s * 0.6, cy - s), (cx + s * 0.8, cy - s * 0.55), (cx - s * 0.6, cy - s * 0.1)],
                Style.filled(colour)),
    ]


def _anchor_icon(cx, cy, size, colour):
    box = (cx - size * 0.75, cy - size / 2, cx + size * 0.75, cy + size / 2)
    return _naval_infantry(box, SymbolStyle(line=colour, line_mm=size * 0.1))


def _dot_icon(cx, cy, size, colour):
    return [Circle(cx, cy, size / 2, Style.filled(colour))]


ICONS: dict[str, Callable[[Box, SymbolStyle], list[Item]]] = {
    "infantry": _infantry,
    "cavalry": _cavalry,
    "armour": _armour,
    "mechanised": _mechanised,
    "motorised": _motorised,
    "armoured_cars": _armoured_cars,
    "reconnaissance": _recon,
    "artillery": _artillery,
    "siege_guns": _siege_guns,
    "mountain": _mountain,
    "naval_infantry": _naval_infantry,
    "headquarters": _headquarters,
    "fortress": _fortress,
    "fortress_infantry": _fortress_infantry,
    "shock_troops": _shock_troops,
    "active_corps": _active_corps,
    "engineer": _engineer,
    "supply": _supply,
    "leader": _leader,
    "machine_gun": _machine_gun,
    "frame": lambda box, style: [],
}
AIR_SYMBOLS = frozenset({"air"})
ICONS.update({name: (lambda box, style: []) for name in AIR_SYMBOLS})  # listed as known

SMALL_ICONS = {
    "blitz": _bolt,
    "blitz2": _double_bolt,
    "double_blitz": _double_bolt,
    "star": _star_icon,
    "circle": _circle_icon,
    "setup": _circle_icon,
    "flag": _flag_icon,
    "anchor": _anchor_icon,
    "dot": _dot_icon,
}
