"""Text on the map: hex numbers, place names fitted to their hex, VP values.

Place names are fitted to the width of the hex where they sit: shrunk down to a minimum
size, then broken at a space or hyphen onto two lines, and only then allowed to run past
the hex — always on a light plate so they stay legible over patterns, rivers and rails.
"""

from __future__ import annotations

from generator.components.mapparts.feature_art import has_symbol
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.mapview import HexView, MapView
from generator.components.mapparts.palette import HEX_ID, INK, PAPER, SOFT_INK
from generator.layout.primitives import FontKey, Group, Item, Rect, Style, Text
from generator.fonts.metrics import MM_PER_PT, fit_text_size, text_width_mm
from generator.layout.transform import Transform
from generator.fonts.faces import cap_height_em

NAME_FONT: FontKey = "condensed-bold"
PLAIN_NAME_FONT: FontKey = "sans-oblique"


def hex_number(shape: HexShape, hex_view: HexView, x: float, y: float, plated: bool = False) -> list[Item]:
    """The hex's number at its top; on a plate where a rail, road or river runs under it."""
    text = Text(x, y + shape.id_dy, hex_view.hex_id, "condensed", shape.id_size_pt, anchor="middle",
                baseline="hanging", fill=HEX_ID)
    if not plated:
        return [text]
    left, top, right, bottom = number_box(shape, hex_view.hex_id, x, y)
    plate = Rect(left, top, right - left, bottom - top, Style.filled(PAPER, opacity=0.85), corner_radius_mm=0.3)
    return [plate, text]


def number_box(shape: HexShape, hex_id: str, x: float, y: float) -> tuple[float, float, float, float]:
    """The box the hex number covers, with a little room around it."""
    half = text_width_mm(hex_id, "condensed", shape.id_size_pt) / 2 + 0.35
    cap = _cap_mm("condensed", shape.id_size_pt)
    top = y + shape.id_dy
    return x - half, top - 0.35, x + half, top + cap + 0.35


def crossed_numbers(view: MapView, shape: HexShape, lines) -> set:
    """Hexes whose number a line (rail, road, river course) runs across, found by walking
    each line in half-millimetre steps."""
    grid = view.grid
    locate = grid.hex_locator
    found: set = set()
    boxes: dict = {}
    # A number's box (number_box), and the 0.6 mm around it, reaches from `low` below its
    # hex's centre to `reach` further down: a point farther from every row of centres than
    # that is near no number, and its hex need not be found.
    y0, step = grid.centre_rows_mm
    low = shape.id_dy - 0.35 - 0.6 - 1e-6
    reach = _cap_mm("condensed", shape.id_size_pt) + 2 * (0.35 + 0.6) + 2e-6
    for line in lines:
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            steps = max(1, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / 0.6))
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                if (y - y0 - low) % step > reach:
                    continue
                cell = locate(x, y)
                if cell is None or cell in found:
                    continue
                box = boxes.get(cell)
                if box is None:
                    box = boxes[cell] = number_box(shape, view.hexes[cell].hex_id, *grid.centre_mm(*cell))
                left, top, right, bottom = box
                if left - 0.6 <= x <= right + 0.6 and top - 0.6 <= y <= bottom + 0.6:
                    found.add(cell)
    return found


def place_name(shape: HexShape, hex_view: HexView, x: float, y: float) -> list[Item]:
    if not hex_view.name:
        return []
    if has_symbol(hex_view.features):
        return _fitted_lines(shape, hex_view.name, NAME_FONT, INK, x, y, shape.name_dy)
    top_dy = -_cap_mm(PLAIN_NAME_FONT, shape.name_size_pt) / 2
    return _fitted_lines(shape, hex_view.name, PLAIN_NAME_FONT, SOFT_INK, x, y, top_dy)


def victory_badges(shape: HexShape, view: MapView, hex_view: HexView, x: float, y: float) -> list[Item]:
    items: list[Item] = []
    size_pt = shape.vp_size_pt
    for index, vp in enumerate(hex_view.victory):
        colour = view.side_colour(vp.side)
        text = f"{vp.value}c" if vp.conditional else str(vp.value)
        dx = -shape.side_dx if index == 0 else shape.side_dx
        dy = 0.0 if index < 2 else (index - 1) * shape.size_mm * 0.17
        items += plated_text(x + dx, y + dy, text, "sans-bold", size_pt, colour,
                             plate=Style(fill="#ffffff", stroke=colour, stroke_width_mm=0.2, opacity=0.9))
    return items


def plated_text(x: float, y: float, text: str, font: FontKey, size_pt: float, colour: str,
                rotation_deg: float = 0.0, plate: Style | None = None) -> list[Item]:
    """Text centred on (x, y) on a light rounded plate, optionally turned about that point."""
    cap = _cap_mm(font, size_pt)
    width = text_width_mm(text, font, size_pt) + cap * 0.7
    height = cap * 1.75
    plate = plate or Style.filled(PAPER, opacity=0.75)
    items = (
        Rect(-width / 2, -height / 2, width, height, plate, corner_radius_mm=cap * 0.35),
        Text(0, 0, text, font, size_pt, anchor="middle", baseline="middle", fill=colour),
    )
    if rotation_deg:
        return [Group(items, Transform.placement(x, y, rotation_deg))]
    return [
        Rect(x - width / 2, y - height / 2, width, height, plate, corner_radius_mm=cap * 0.35),
        Text(x, y, text, font, size_pt, anchor="middle", baseline="middle", fill=colour),
    ]


def fit_lines(shape: HexShape, text: str, font: FontKey, top_dy: float) -> tuple[list[str], float]:
    """The name's lines and size: one line if it fits, else two, else one at the minimum."""
    max_pt, min_pt = shape.name_size_pt, shape.name_min_pt
    line_gap = _cap_mm(font, max_pt) * 1.45
    size = fit_text_size(text, font, _room(shape, top_dy, font, max_pt), max_pt, min_pt)
    if size is not None:
        return [text], size
    split = _split(text)
    if split:
        sizes = [fit_text_size(part, font, _room(shape, top_dy + n * line_gap, font, max_pt), max_pt, min_pt)
                 for n, part in enumerate(split)]
        if all(sizes):
            return list(split), min(sizes)
    return [text], min_pt


def _fitted_lines(shape: HexShape, text: str, font: FontKey, colour: str, x: float, y: float,
                  top_dy: float) -> list[Item]:
    lines, size_pt = fit_lines(shape, text, font, top_dy)
    cap = _cap_mm(font, size_pt)
    items: list[Item] = []
    for n, line in enumerate(lines):
        middle = y + top_dy + cap / 2 + n * cap * 1.45
        items += plated_text(x, middle, line, font, size_pt, colour)
    return items


def _room(shape: HexShape, top_dy: float, font: FontKey, size_pt: float) -> float:
    """Width available for a line whose capitals start top_dy below the centre."""
    bottom = top_dy + _cap_mm(font, size_pt) * 1.2
    return max(1.0, shape.width_at(max(abs(top_dy), abs(bottom))) - 1.2)


def _split(text: str) -> tuple[str, str] | None:
    """Two lines broken at the space or hyphen nearest the middle."""
    breaks = [i for i, char in enumerate(text) if char in " -"]
    if not breaks:
        return None
    cut = min(breaks, key=lambda i: abs(i - len(text) / 2))
    if text[cut] == "-":
        return text[: cut + 1], text[cut + 1 :]
    return text[:cut], text[cut + 1 :]


def _cap_mm(font: FontKey, size_pt: float) -> float:
    return cap_height_em(font) * size_pt * MM_PER_PT
