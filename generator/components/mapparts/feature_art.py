"""Symbols of things in a hex: towns, cities, capitals, fortresses, ports, passes …

Each is a SymbolDef centred on (0, 0), sized from the hex, defined once and placed with Use
in every hex that has the feature (and in the legend, so the legend shows exactly what the
map shows). `place_features` decides which symbols a hex gets and where.

A symbol is made for a feature's *look* (model/mapstyles.feature_look): its style's drawing,
with the symbol's ground in the feature's colour (the glyph turned light or dark to stay
readable) and its mark printed in it — so two features of one style do not draw alike.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.palette import FORTRESS, PAPER, PORT, RIDGE, SETTLEMENT, pen
from generator.layout.primitives import Circle, Group, Item, Path, Polygon, Rect, Style, SymbolDef, Text, Use
from generator.model.mapstyles import look_parts, look_style

# Settlement symbols drawn at the centre, strongest first; one per hex.
SETTLEMENTS = ("capital", "city", "town")
# Small marks put beside the settlement, each side filling its spots in this order
# (dx, dy in hex sizes): upper left, then left of the centre; upper right, then right.
BESIDE = {"port": -1, "supply": -1, "gateway": -1, "oil": -1, "mine": -1,
          "victory": 1, "rail_hub": 1, "airfield": 1, "industry": 1, "generic": 1}
SPOTS = ((0.25, -0.17), (0.37, -0.02))
SYMBOL_STYLES = (*SETTLEMENTS, "fortress", "pass", "port_access", *BESIDE)


def feature_symbol_id(look: str) -> str:
    """The SymbolDef id of a look: "feature-supply", "feature-supply--9e1b1b-"."""
    return "feature-" + re.sub(r"[^A-Za-z0-9_-]", "-", look) if "~" in look else f"feature-{look}"


def needed_feature_styles(feature_looks, hexside_styles=()) -> set[str]:
    """The feature symbols to define: the looks used, plus the ones other art places (a pass
    hexside draws the pass mark; a fortress alone sits on the town symbol)."""
    needed = set(feature_looks)
    if "pass" in hexside_styles:
        needed.add("pass")
    if "fortress" in {look_style(look) for look in needed}:
        needed.add("town")
    return needed


MAKERS = {}  # filled below the drawings


def feature_symbols(shape: HexShape, looks: set[str]) -> list[SymbolDef]:
    """The symbols for the feature looks in use, in a fixed order (by style, then look)."""
    order = {style: n for n, style in enumerate(SYMBOL_STYLES)}
    out = []
    for look in sorted((lk for lk in looks if look_style(lk) in order), key=lambda lk: (order[look_style(lk)], lk)):
        style, colour, mark = look_parts(look)
        items, half = MAKERS[style](shape)
        items = _variant(items, colour, mark, half, shape)
        box = shape.bbox() if style == "port_access" else (-half, -half, half, half)
        out.append(SymbolDef(feature_symbol_id(look), box, tuple(items)))
    return out


def _by_style(looks) -> dict[str, str]:
    """style -> the first look of that style among a hex's looks."""
    out: dict[str, str] = {}
    for look in looks:
        out.setdefault(look_style(look), look)
    return out


def place_features(shape: HexShape, looks: tuple[str, ...], x: float, y: float) -> list[Item]:
    """Uses for one hex's feature symbols, back to front."""
    s = shape.size_mm
    styles = _by_style(looks)
    items: list[Item] = []
    if "port_access" in styles:
        items.append(Use(feature_symbol_id(styles["port_access"]), x, y))
    if "fortress" in styles:
        items.append(Use(feature_symbol_id(styles["fortress"]), x, y))
    settlement = next((name for name in SETTLEMENTS if name in styles), None)
    if settlement:
        items.append(Use(feature_symbol_id(styles[settlement]), x, y))
    elif "pass" in styles:
        items.append(Use(feature_symbol_id(styles["pass"]), x, y))
    elif "fortress" in styles:
        items.append(Use(feature_symbol_id("town"), x, y))
    used = {-1: 0, 1: 0}
    for style, side in BESIDE.items():
        if style in styles and used[side] < len(SPOTS):
            dx, dy = SPOTS[used[side]]
            used[side] += 1
            items.append(Use(feature_symbol_id(styles[style]), x + side * dx * s, y + dy * s))
    return items


def has_symbol(looks: tuple[str, ...]) -> bool:
    styles = {look_style(look) for look in looks}
    return any(name in styles for name in (*SETTLEMENTS, "fortress", "pass"))


# -- a look's variant: the ground in the feature's colour, its mark printed in it ------------

def _variant(items: list[Item], colour: str | None, mark: str | None, half: float,
             shape: HexShape | None = None) -> list[Item]:
    if mark and shape is not None and not any(isinstance(i, Text) for i in items):
        items, _ = _circled(mark, "sans-bold", 0.065 * shape.size_mm, 4.2 if len(mark) == 1 else 3.0)
    if colour:
        items = _recoloured(items, colour)
    if mark:
        items = _marked(items, mark, half, colour)
    return items


def _recoloured(items: list[Item], colour: str) -> list[Item]:
    """The first filled shape (the symbol's ground) in `colour`, at full opacity; what is
    drawn on it — a glyph, a line drawing such as the anchor — turned white or black,
    whichever reads on that colour."""
    out = list(items)
    ground = next((i for i, item in enumerate(out) if getattr(item, "style", None) is not None and item.style.fill), None)
    if ground is None:
        return out
    out[ground] = replace(out[ground], style=replace(out[ground].style, fill=colour, opacity=1.0))
    ink = contrast(colour)
    for index, item in enumerate(out):
        if isinstance(item, Text):
            out[index] = replace(item, fill=ink)
        elif index > ground and getattr(item, "style", None) is not None and not item.style.fill and item.style.stroke:
            out[index] = replace(item, style=replace(item.style, stroke=ink))
    return out


def _marked(items: list[Item], mark: str, half: float, colour: str | None) -> list[Item]:
    """The mark in place of the symbol's glyph (a symbol without one is drawn as a circled
    glyph first, `_variant`), or over its centre."""
    texts = [i for i in items if isinstance(i, Text)]
    if texts:
        return [replace(i, text=mark, size_pt=i.size_pt * (0.8 if len(mark) > 1 else 1.0)) if i is texts[0] else i
                for i in items]
    ink = contrast(colour) if colour else "#ffffff"
    size = max(half * (2.6 if len(mark) == 1 else 1.8), 2.0)
    return [*items, Text(0, 0, mark, "sans-bold", size, anchor="middle", baseline="middle", fill=ink)]


def contrast(colour: str) -> str:
    """White on a dark ground, near-black on a light one."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else "#1a1a1a"


# -- the drawings: each returns (items, half the bbox side in mm) ----------------------------


def _town(shape: HexShape) -> tuple[list[Item], float]:
    r = 0.055 * shape.size_mm
    return [Circle(0, 0, r, Style(fill=SETTLEMENT, stroke=PAPER, stroke_width_mm=0.3))], r + 0.4


def _city(shape: HexShape) -> tuple[list[Item], float]:
    r = 0.095 * shape.size_mm
    return [
        Circle(0, 0, r, Style(fill="#ffffff", stroke=SETTLEMENT, stroke_width_mm=0.45)),
        Circle(0, 0, r * 0.5, Style.filled(SETTLEMENT)),
    ], r + 0.4


def _capital(shape: HexShape) -> tuple[list[Item], float]:
    r = 0.12 * shape.size_mm
    star = _star(5, r * 0.8, r * 0.34, -90)
    return [
        Circle(0, 0, r, Style(fill="#ffffff", stroke=SETTLEMENT, stroke_width_mm=0.45)),
        Polygon(star, Style(fill=SETTLEMENT, stroke=None)),
    ], r + 0.4


def _fortress(shape: HexShape) -> tuple[list[Item], float]:
    r = 0.17 * shape.size_mm
    bastion = _star(8, r, r * 0.78, -90 + 22.5)
    return [Polygon(bastion, Style(fill="#f6efe0", stroke=FORTRESS, stroke_width_mm=0.4, line_join="miter"))], r + 0.4


def _port(shape: HexShape) -> tuple[list[Item], float]:
    h = 0.11 * shape.size_mm
    commands = [
        ("M", 0, -h * 0.55), ("L", 0, h * 0.8),  # shank
        ("M", -h * 0.35, -h * 0.3), ("L", h * 0.35, -h * 0.3),  # stock
        ("M", -h * 0.6, h * 0.3), ("C", -h * 0.5, h * 0.85, h * 0.5, h * 0.85, h * 0.6, h * 0.3),  # arms
    ]
    ring = Circle(0, -h * 0.72, h * 0.17, pen(PORT, 0.3))
    return [Circle(0, 0, h * 1.05, Style(fill="#ffffff", stroke=None, opacity=0.8)),
            Path(commands, pen(PORT, 0.35)), ring], h * 1.1


def _pass(shape: HexShape) -> tuple[list[Item], float]:
    h = 0.11 * shape.size_mm
    left = [("M", -h * 0.7, -h), ("C", -h * 0.2, -h * 0.4, -h * 0.2, h * 0.4, -h * 0.7, h)]
    right = [("M", h * 0.7, -h), ("C", h * 0.2, -h * 0.4, h * 0.2, h * 0.4, h * 0.7, h)]
    return [Path(left + right, pen(RIDGE, 0.45))], h * 1.2


def _airfield(shape: HexShape) -> tuple[list[Item], float]:
    h = 0.07 * shape.size_mm
    return [Circle(0, 0, h, Style(fill="#ffffff", stroke=SETTLEMENT, stroke_width_mm=0.25)),
            Path([("M", -h, 0), ("L", h, 0), ("M", 0, -h * 0.7), ("L", 0, h * 0.7)], pen(SETTLEMENT, 0.3))], h + 0.3


def _rail_hub(shape: HexShape) -> tuple[list[Item], float]:
    h = 0.06 * shape.size_mm
    return [Rect(-h, -h, 2 * h, 2 * h, Style(fill=SETTLEMENT, stroke=PAPER, stroke_width_mm=0.2)),
            Circle(0, 0, h * 0.45, Style.filled("#ffffff"))], h + 0.3


def _victory(shape: HexShape) -> tuple[list[Item], float]:
    """A small star: a hex that counts for victory."""
    r = 0.07 * shape.size_mm
    return [Polygon(_star(5, r, r * 0.42, -90), Style(fill="#c8102e", stroke=PAPER, stroke_width_mm=0.2,
                                                       line_join="round"))], r + 0.3


def _supply(shape: HexShape) -> tuple[list[Item], float]:
    """A supply source: a circled S."""
    return _circled("S", "sans-bold", 0.065 * shape.size_mm, 4.2)


def _circled(glyph: str, font, r: float, size_share: float) -> tuple[list[Item], float]:
    """A glyph on a white disc of radius `r` (its size `size_share` points per mm of radius)."""
    return [Circle(0, 0, r, Style(fill="#ffffff", stroke=SETTLEMENT, stroke_width_mm=0.25)),
            Text(0, 0, glyph, font, r * size_share, anchor="middle", baseline="middle", fill=SETTLEMENT)], r + 0.3


def _gateway(shape: HexShape) -> tuple[list[Item], float]:
    """A way off the map: a double chevron pointing out, on a white disc."""
    h = 0.075 * shape.size_mm
    chevrons = [("M", -h * 0.75, -h * 0.6), ("L", -h * 0.15, 0), ("L", -h * 0.75, h * 0.6),
                ("M", h * 0.05, -h * 0.6), ("L", h * 0.65, 0), ("L", h * 0.05, h * 0.6)]
    return [Circle(0, 0, h * 1.1, Style(fill="#ffffff", stroke=SETTLEMENT, stroke_width_mm=0.25)),
            Path(chevrons, pen(SETTLEMENT, 0.35))], h * 1.1 + 0.3


def _industry(shape: HexShape) -> tuple[list[Item], float]:
    """A factory: a saw-tooth roof."""
    h = 0.065 * shape.size_mm
    roof = [(-h, h * 0.8), (-h, -h * 0.1), (-h / 3, -h * 0.8), (-h / 3, -h * 0.1), (h / 3, -h * 0.8), (h / 3, -h * 0.1),
            (h, -h * 0.8), (h, h * 0.8)]
    return [Polygon(roof, Style(fill=SETTLEMENT, stroke=PAPER, stroke_width_mm=0.2, line_join="round"))], h + 0.3


def _mine(shape: HexShape) -> tuple[list[Item], float]:
    """A mine: crossed hammers."""
    return _circled("\u2692", "sans", 0.07 * shape.size_mm, 4.4)


def _oil(shape: HexShape) -> tuple[list[Item], float]:
    """An oil field: a drop of oil."""
    h = 0.075 * shape.size_mm
    w = 0.72 * h
    drop = [("M", 0, -h), ("C", h * 0.2, -h * 0.45, w, 0.0, w, h * 0.35), ("C", w, h * 0.75, h * 0.4, h, 0, h),
            ("C", -h * 0.4, h, -w, h * 0.75, -w, h * 0.35), ("C", -w, 0.0, -h * 0.2, -h * 0.45, 0, -h), ("Z",)]
    return [Path(drop, Style(fill="#1a1a1a", stroke=PAPER, stroke_width_mm=0.2))], h + 0.3


def _generic(shape: HexShape) -> tuple[list[Item], float]:
    h = 0.06 * shape.size_mm
    diamond = [(0, -h), (h, 0), (0, h), (-h, 0)]
    return [Polygon(diamond, Style(fill=SETTLEMENT, stroke=PAPER, stroke_width_mm=0.2))], h + 0.3


def _port_access(shape: HexShape) -> tuple[list[Item], float]:
    """Diagonal bands over the whole hex (GE 7.9: the river-access hexes of interior ports)."""
    s = shape.size_mm
    band = pen(PORT, 0.09 * s, cap="butt", opacity=0.22)
    commands: list[tuple] = []
    for k in range(-4, 5):
        offset = k * 0.26 * s
        commands += [("M", offset - s, s), ("L", offset + s, -s)]
    clip = Polygon(shape.corners, Style.filled("#000000"))
    return [Group((Path(commands, band),), clip=clip)], s


def _star(points: int, outer: float, inner: float, start_deg: float) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(start_deg + k * 180 / points)
        out.append((radius * math.cos(angle), radius * math.sin(angle)))
    return out


MAKERS.update({
    "town": _town, "city": _city, "capital": _capital, "fortress": _fortress, "port": _port,
    "pass": _pass, "airfield": _airfield, "rail_hub": _rail_hub, "generic": _generic,
    "port_access": _port_access, "victory": _victory, "supply": _supply, "gateway": _gateway,
    "industry": _industry, "mine": _mine, "oil": _oil,
})
