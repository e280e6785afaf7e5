"""The side panel: title and compass, the legend, and the holding / off-map boxes.

It sits to the right of a tall map or below a wide one (`panel:` in the map's spec
overrides), so the printed sheet stays close to the shape of the hexes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.components.mapparts.panel_flow import COLUMN_MM, GAP_MM, Block, flow, place
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.legend import legend_blocks
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import FRAME, INK, PAPER, SOFT_INK, pen
from generator.layout.primitives import Circle, Item, Polygon, Rect, Style, Text
from generator.layout.text_metrics import fit_text_size, text_width_mm
from generator.layout.tiling import plan_tiles
from generator.layout.wrap import wrap_text

BOX_KIND = {"holding": "holding box", "off_map": "off-map box", "track": "track", "pool": "pool"}


@dataclass(frozen=True)
class Panel:
    side: str  # right | bottom | none
    width_mm: float
    height_mm: float
    items: tuple[Item, ...]


def build_panel(view: MapView, shape: HexShape, counter_mm: float, tiling: tuple | None = None,
                legend: list[Block] | None = None) -> Panel:
    """The panel on the side the map asks for (`auto`: either), its columns as tall as
    gives the fewest tiled sheets (when `tiling` = (paper_mm, overlap_mm) is given), then the
    smallest, most paper-shaped sheet. `legend`: the legend's blocks (default: a hex map's).
    `view` may be any map's view with `spec`, `game`, `words`, `width_mm`, `height_mm` and
    `margin_mm` (an area map's too)."""
    if view.spec.panel == "none":
        return Panel("none", 0.0, 0.0, ())
    legend = legend_blocks(view, shape) if legend is None else legend
    blocks = [title_block(view)] + legend + [box_block(view, b, counter_mm) for b in view.spec.boxes]
    sides = ("bottom", "right") if view.spec.panel == "auto" else (view.spec.panel,)
    grid = view
    tallest = max(b.height_mm for b in blocks)
    total = sum(b.height_mm + GAP_MM for b in blocks)
    options = []
    for side in sides:
        start = max(tallest, grid.height_mm - 2 * view.margin_mm) if side == "right" else tallest
        height = start
        while True:
            options.append(_panel(view, blocks, side, height))
            if height >= total:
                break
            height += 5.0
    return min(options, key=lambda p: (_sheets(grid, p, tiling), _score(grid, p)))


def page_size(grid, panel: Panel) -> tuple[float, float]:
    """The sheet holding the hexes (or the board: anything with width_mm, height_mm) and the panel."""
    if panel.side == "right":
        return grid.width_mm + panel.width_mm, max(grid.height_mm, panel.height_mm)
    if panel.side == "bottom":
        return max(grid.width_mm, panel.width_mm), grid.height_mm + panel.height_mm
    return grid.width_mm, grid.height_mm


def _sheets(grid, panel: Panel, tiling: tuple | None) -> int:
    if tiling is None:
        return 0
    paper_mm, overlap_mm = tiling
    return plan_tiles(page_size(grid, panel), paper_mm, overlap_mm).count


def _score(grid, panel: Panel) -> float:
    width, height = page_size(grid, panel)
    aspect = max(width, height) / min(width, height)
    return width * height * (1 + 0.15 * abs(math.log(aspect / math.sqrt(2))))


def _panel(view: MapView, blocks: list[Block], side: str, column_mm: float) -> Panel:
    margin = view.margin_mm
    placed = flow(blocks, column_mm)
    if side == "right":
        items = place(blocks, placed, 0.0, margin)
        return Panel(side, placed.width_mm + margin, placed.height_mm + 2 * margin, tuple(items))
    items = place(blocks, placed, margin, 0.0)
    return Panel(side, placed.width_mm + 2 * margin, placed.height_mm + margin, tuple(items))


def title_block(view: MapView) -> Block:
    spec, words = view.game.spec, view.words
    text_mm = COLUMN_MM - 20
    title = words.game_title(spec.title)
    title_pt = fit_text_size(title, "sans-bold", text_mm, 15, 7) or 7
    items: list[Item] = [Text(0, 0, title, "sans-bold", title_pt, baseline="hanging", fill=INK)]
    y = title_pt * 0.3528 + 2.2
    lines = [(words.of(view.spec, "title"), "sans", 9.5, INK)]
    lines += [(f"{key.capitalize()}: {words.scale(key, value)}", "condensed", 7, SOFT_INK)
              for key, value in spec.scale.items()]
    for text, font, size_pt, colour in lines:
        for line in wrap_text(text, font, size_pt, text_mm if y < 17 else COLUMN_MM):
            items.append(Text(0, y, line, font, size_pt, baseline="hanging", fill=colour))
            y += size_pt * 0.3528 + 1.3
        y += 0.3
    items += compass(COLUMN_MM - 8, 8)
    return Block(tuple(items), max(y, 17))


def compass(x: float, y: float, radius_mm: float = 6.5) -> list[Item]:
    """A north arrow: the map is always printed north up."""
    r = radius_mm
    return [
        Circle(x, y, r, Style(fill=PAPER, stroke=FRAME, stroke_width_mm=0.3)),
        Polygon([(x, y - r * 0.85), (x + r * 0.3, y + r * 0.25), (x, y + r * 0.05)], Style.filled(INK)),
        Polygon([(x, y - r * 0.85), (x - r * 0.3, y + r * 0.25), (x, y + r * 0.05)],
                Style(fill=PAPER, stroke=INK, stroke_width_mm=0.2)),
        Text(x, y + r * 0.62, "N", "sans-bold", r * 0.9, anchor="middle", baseline="middle", fill=INK),
    ]


def box_block(view: MapView, box, counter_mm: float) -> Block:
    """A box with room for two rows of counters, faint slots showing the counter size; a
    long name wraps under its kind rather than running into it."""
    kind = view.words.phrase(BOX_KIND.get(box.kind, box.kind))
    room = COLUMN_MM - 7 - text_width_mm(kind, "condensed", 6)
    lines = wrap_text(view.words.box(view.spec.id, box), "sans-bold", 7.5, room)
    top = 3.6 + 3.1 * len(lines)  # where the counter slots begin
    slot = counter_mm + 2.0
    per_row = max(1, int((COLUMN_MM - 4) // slot))
    height = top + 2 * slot + 1.5
    items: list[Item] = [
        Rect(0, 0, COLUMN_MM, height, Style(fill="#fffdf7", stroke=FRAME, stroke_width_mm=0.45), corner_radius_mm=1.5),
        Text(COLUMN_MM - 2.5, 2.5, kind, "condensed", 6, anchor="end", baseline="hanging", fill=SOFT_INK),
    ]
    items += [Text(2.5, 2.5 + 3.1 * n, line, "sans-bold", 7.5, baseline="hanging", fill=INK) for n, line in enumerate(lines)]
    left = (COLUMN_MM - per_row * slot) / 2
    for row in range(2):
        for col in range(per_row):
            items.append(Rect(left + col * slot + 1, top + row * slot, counter_mm, counter_mm,
                              pen("#c9c0ae", 0.2, dash_mm=(1.0, 0.8), cap="butt"), corner_radius_mm=0.8))
    return Block(tuple(items), height)
