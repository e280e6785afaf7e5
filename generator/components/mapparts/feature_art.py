"""Symbols of things in a hex: towns, cities, capitals, fortresses, ports, passes …

Each is a SymbolDef centred on (0, 0), sized from the hex, defined once and placed with Use
in every hex that has the feature (and in the legend, so the legend shows exactly what the
map shows). `place_features` decides which symbols a hex gets and where.
"""

from __future__ import annotations

import math

from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.palette import FORTRESS, PAPER, PORT, RIDGE, SETTLEMENT, pen
from generator.layout.primitives import Circle, Group, Item, Path, Polygon, Rect, Style, SymbolDef, Text, Use

# Settlement symbols drawn at the centre, strongest first; one per hex.
SETTLEMENTS = ("capital", "city", "town")
# Small marks put beside the settlement, each side filling its spots in this order
# (dx, dy in hex sizes): upper left, then left of the centre; upper right, then right.
BESIDE = {"port": -1, "supply": -1, "gateway": -1, "oil": -1, "mine": -1,
          "victory": 1, "rail_hub": 1, "airfield": 1, "industry": 1, "generic": 1}
SPOTS = ((0.25, -0.17), (0.37, -0.02))
SYMBOL_STYLES = (*SETTLEMENTS, "fortress", "pass", "port_access", *BESIDE)


def feature_symbol_id(style: str) -> str:
    return f"feature-{style}"


def needed_feature_styles(feature_styles, hexside_styles=()) -> set[str]:
    """The feature symbols to define: those used, plus the ones other art places (a pass
    hexside draws the pass mark; a fortress alone sits on the town symbol)."""
    needed = set(feature_styles)
    if "pass" in hexside_styles:
        needed.add("pass")
    if "fortress" in needed:
        needed.add("town")
    return needed


def feature_symbols(shape: HexShape, styles: set[str]) -> list[SymbolDef]:
    """The symbols for the feature styles in use, in a fixed order."""
    makers = {
        "town": _town, "city": _city, "capital": _capital, "fortress": _fortress, "port": _port,
        "pass": _pass, "airfield": _airfield, "rail_hub": _rail_hub, "generic": _generic,
        "port_access": _port_access, "victory": _victory, "supply": _supply, "gateway": _gateway,
        "industry": _industry, "mine": _mine, "oil": _oil,
    }  # fmt: skip
    out = []
    for style in SYMBOL_STYLES:
        if style in styles:
            items, half = makers[style](shape)
            box = shape.bbox() if style == "port_access" else (-half, -half, half, half)
            out.append(SymbolDef(feature_symbol_id(style), box, tuple(items)))
    return out


def place_features(shape: HexShape, styles: tuple[str, ...], x: float, y: float) -> list[Item]:
    """Uses for one hex's feature symbols, back to front."""
    s = shape.size_mm
    items: list[Item] = []
    if "port_access" in styles:
        items.append(Use(feature_symbol_id("port_access"), x, y))
    if "fortress" in styles:
        items.append(Use(feature_symbol_id("fortress"), x, y))
    settlement = next((name for name in SETTLEMENTS if name in styles), None)
    if settlement:
        items.append(Use(feature_symbol_id(settlement), x, y))
    elif "pass" in styles:
        items.append(Use(feature_symbol_id("pass"), x, y))
    elif "fortress" in styles:
        items.append(Use(feature_symbol_id("town"), x, y))
    used = {-1: 0, 1: 0}
    for style, side in BESIDE.items():
        if style in styles and used[side] < len(SPOTS):
            dx, dy = SPOTS[used[side]]
            used[side] += 1
            items.append(Use(feature_symbol_id(style), x + side * dx * s, y + dy * s))
    return items


def has_symbol(styles: tuple[str, ...]) -> bool:
    return any(name in styles for name in (*SETTLEMENTS, "fortress", "pass"))


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
