"""One symbol per terrain style: the hex filled, with the style's pattern clipped to it.

Each terrain is drawn once as a SymbolDef (a form XObject in the PDF, a <g> in the SVG's
defs) and placed in every hex with Use, so 2,400 forest hexes cost one drawing. Pattern
marks keep out of the band at the top of the hex where the hex number is printed.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.components.mapparts.curves import noise
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.palette import pen, terrain_colours
from generator.layout.primitives import Circle, Group, Item, Path, Polygon, Style, SymbolDef

Point = tuple[float, float]


def terrain_symbol_id(style: str) -> str:
    return f"terrain-{style}"


def terrain_symbol(style: str, shape: HexShape) -> SymbolDef:
    fill, ink, accent = terrain_colours(style)
    outline = Polygon(shape.corners, Style.filled(fill))
    marks = PATTERNS.get(style, _no_marks)(shape, ink, accent)
    items: list[Item] = [outline]
    if marks:
        items.append(Group(tuple(marks), clip=Polygon(shape.corners, Style.filled(fill))))
    return SymbolDef(terrain_symbol_id(style), shape.bbox(), tuple(items))


def spots(shape: HexShape, spacing: float, seed: str, jitter: float = 0.3) -> list[Point]:
    """Points on a staggered lattice inside the hex (clear of its top band), jittered."""
    s = shape.size_mm
    step = spacing * s
    top = shape.id_dy + 0.09 * s  # below the hex number
    out = []
    row = 0
    y = top + step * 0.4
    while y < shape.half_height_mm - step * 0.25:
        half = shape.width_at(y) / 2 - step * 0.35
        x = -half + (step / 2 if row % 2 else 0.0)
        while x <= half:
            dx = jitter * step * noise(seed, row, round(x, 2), "x")
            dy = jitter * step * noise(seed, row, round(x, 2), "y")
            out.append((x + dx, y + dy))
            x += step
        y += step * 0.8
        row += 1
    return out


def _no_marks(shape: HexShape, ink: str, accent: str) -> list[Item]:
    return []


def _woods(shape: HexShape, ink: str, accent: str) -> list[Item]:
    r = 0.062 * shape.size_mm
    crown = Style(fill=accent, stroke=ink, stroke_width_mm=0.16)
    items: list[Item] = []
    for x, y in spots(shape, 0.17, "woods"):
        items.append(Circle(x, y, r * (0.85 + 0.2 * noise("w", x, y)), crown))
    return items


def _rough(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    items: list[Item] = []
    for k, (x, y) in enumerate(spots(shape, 0.2, "rough", 0.35)):
        w = 0.05 * s
        items.append(Path(
            [("M", x - w, y + w * 0.5), ("L", x - w * 0.2, y - w * 0.6), ("L", x + w * 0.4, y + w * 0.1),
             ("L", x + w, y - w * 0.3)], pen(ink if k % 2 else accent, 0.22)))
    return items


def _hills(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    items: list[Item] = []
    for x, y in spots(shape, 0.24, "hills", 0.25):
        w = 0.08 * s
        items.append(Path([("M", x - w, y), ("C", x - w * 0.5, y - w * 0.9, x + w * 0.5, y - w * 0.9, x + w, y)],
                          pen(ink, 0.25)))
    return items


# (x, y, height) of a mountain hex's peaks as shares of the hex size, back to front
PEAKS = sorted([(-0.2, 0.12, 0.22), (0.17, 0.16, 0.19), (0.0, -0.02, 0.25), (-0.3, -0.08, 0.14), (0.31, -0.04, 0.14)],
               key=lambda p: p[1])


def _mountain(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    items: list[Item] = []
    for px, py, height in PEAKS:
        x, y, h = px * s, py * s, height * s
        w = h * 0.95
        items.append(Polygon([(x - w, y + h * 0.35), (x, y - h * 0.65), (x + w, y + h * 0.35)],
                             Style(fill=accent, stroke=ink, stroke_width_mm=0.22, line_join="round")))
        items.append(Polygon([(x, y - h * 0.65), (x + w, y + h * 0.35), (x + w * 0.15, y + h * 0.35)],
                             Style.filled(ink, 0.45)))
    return items


def _alpine(shape: HexShape, ink: str, accent: str) -> list[Item]:
    """Mountains with snow on their peaks (GWNE 12.5: alpine hexes, mountain units only)."""
    s = shape.size_mm
    items = _mountain(shape, ink, accent)
    snow = Style(fill="#ffffff", stroke=ink, stroke_width_mm=0.15, line_join="round")
    for px, py, height in PEAKS:
        x, y, h = px * s, py * s, height * s
        top, w, cap = y - h * 0.65, h * 0.95, 0.4
        items.append(Polygon([(x - w * cap, top + h * cap), (x, top), (x + w * cap, top + h * cap)], snow))
    return items


def _swamp(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    items: list[Item] = []
    for k, (x, y) in enumerate(spots(shape, 0.2, "swamp", 0.25)):
        w = 0.07 * s
        if k % 3 == 2:
            items.append(Path([("M", x - w, y), ("L", x + w, y)], pen(accent, 0.3)))
            continue
        tuft = [("M", x - w, y), ("L", x + w, y), ("M", x, y), ("L", x, y - w * 0.9),
                ("M", x - w * 0.5, y), ("L", x - w * 0.75, y - w * 0.6),
                ("M", x + w * 0.5, y), ("L", x + w * 0.75, y - w * 0.6)]
        items.append(Path(tuft, pen(ink, 0.2)))
    return items


def _desert(shape: HexShape, ink: str, accent: str) -> list[Item]:
    dot = Style.filled(ink)
    return [Circle(x, y, 0.012 * shape.size_mm + 0.1, dot) for x, y in spots(shape, 0.1, "desert", 0.45)]


def _water(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    commands: list[tuple] = []
    for x, y in spots(shape, 0.22, "sea", 0.3):
        w = 0.06 * s
        commands += [("M", x - w, y), ("C", x - w * 0.5, y - w * 0.5, x, y - w * 0.5, x, y),
                     ("C", x, y + w * 0.5 - w * 0.5, x + w * 0.5, y - w * 0.5, x + w, y)]
    return [Path(commands, pen(ink, 0.22))] if commands else []


def _lake(shape: HexShape, ink: str, accent: str) -> list[Item]:
    """Still water: short level ripples (the sea has waves), so the two differ in greyscale."""
    s = shape.size_mm
    commands: list[tuple] = []
    for x, y in spots(shape, 0.2, "lake", 0.15):
        w = 0.055 * s
        commands += [("M", x - w, y), ("L", x + w, y), ("M", x - w * 0.5, y + w * 0.45), ("L", x + w * 0.5, y + w * 0.45)]
    return [Path(commands, pen(ink, 0.22))] if commands else []


def _urban(shape: HexShape, ink: str, accent: str) -> list[Item]:
    s = shape.size_mm
    block = Style(fill=accent, stroke=ink, stroke_width_mm=0.12)
    items: list[Item] = []
    for x, y in spots(shape, 0.16, "urban", 0.2):
        w = 0.045 * s * (1 + 0.3 * noise("u", x, y))
        items.append(Polygon([(x - w, y - w), (x + w, y - w), (x + w, y + w), (x - w, y + w)], block))
    return items


def _clear(shape: HexShape, ink: str, accent: str) -> list[Item]:
    return []


PATTERNS: dict[str, Callable[[HexShape, str, str], list[Item]]] = {
    "clear": _clear,
    "woods": _woods,
    "rough": _rough,
    "hills": _hills,
    "mountain": _mountain,
    "alpine": _alpine,
    "swamp": _swamp,
    "desert": _desert,
    "sea": _water,
    "lake": _lake,
    "urban": _urban,
}
