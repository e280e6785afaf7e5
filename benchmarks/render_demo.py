"""Visual check: a small hex map with every kind of item, rendered to PDF, SVG and PNG.

Run:  PYTHONPATH=. python benchmarks/render_demo.py [OUT_DIR]     (default /tmp)
Writes draw-demo.pdf, draw-demo.svg and draw-demo.png (the PDF rasterised by pdfium) for a
person to look at: hexes as symbol uses, a label in every hex, a river on hexsides, towns
with fitted names, a rotated title and a clipped inset.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pypdfium2 as pdfium

from generator.geometry.hexgrid import HexGrid
from generator.layout.primitives import (
    Circle,
    Group,
    Item,
    Page,
    Polygon,
    Polyline,
    Rect,
    Style,
    SymbolDef,
    Text,
    Use,
)
from generator.fonts.metrics import fit_text_size
from generator.layout.transform import Transform
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg

TERRAIN = {"clear": "#f3edd6", "forest": "#b9d3a0", "rough": "#d9c3a0"}
TOWNS = {(3, 4): "Łódź", (7, 2): "Przemyśl", (5, 8): "Göttingen", (9, 9): "İstanbul"}
# Hexsides in order along the river: down the boundary between columns 4 and 5, then
# round the north-west of hex 0407.
RIVER = [((4, row), side) for row in range(1, 7) for side in ("NE", "SE")] + [
    ((4, 7), "N"), ((4, 7), "NW"), ((4, 7), "SW"),
]  # fmt: skip


def demo_page() -> Page:
    grid = HexGrid(orientation="flat", columns=10, rows=10, size_mm=16, margin_mm=12)
    symbols = tuple(_hex_symbol(grid, name, colour) for name, colour in TERRAIN.items())
    items: list[Item] = [Rect(0, 0, grid.width_mm + 40, grid.height_mm, Style.filled("#ffffff"))]
    for col, row in grid.cells():
        x, y = grid.centre_mm(col, row)
        terrain = ("clear", "forest", "rough")[(col * 7 + row * 3) % 5 % 3]
        items.append(Use(f"hex-{terrain}", x, y))
        items.append(Text(x, y - 6.2, grid.hex_id(col, row), "condensed", 5.5,
                          anchor="middle", baseline="hanging", fill="#555555"))  # fmt: skip
    items += _river(grid) + _towns(grid)
    title_x = grid.width_mm + 8
    items.append(Text(title_x, grid.height_mm / 2, "Demo map — hexes, labels, river", "sans-bold",
                      14, anchor="middle", baseline="middle", rotation_deg=90))  # fmt: skip
    items.append(_inset(grid.width_mm + 22, 30))
    return Page(grid.width_mm + 40, grid.height_mm, items, symbols=symbols, title="Demo")


def _hex_symbol(grid: HexGrid, name: str, colour: str) -> SymbolDef:
    cx, cy = grid.centre_mm(1, 1)
    outline = [(x - cx, y - cy) for x, y in grid.corners_mm(1, 1)]
    reach_mm = grid.size_mm / 3**0.5 + 0.3
    style = Style(fill=colour, stroke="#6b6b6b", stroke_width_mm=0.25)
    return SymbolDef(f"hex-{name}", (-reach_mm, -reach_mm, reach_mm, reach_mm), (Polygon(outline, style),))


def _river(grid: HexGrid) -> list[Item]:
    """One polyline through the hexside segments, each joined at the corner it shares."""
    first, second = grid.hexside_segment_mm(*RIVER[0][0], RIVER[0][1])
    points = [first, second]
    for hex_, direction in RIVER[1:]:
        start, end = grid.hexside_segment_mm(*hex_, direction)
        if math.dist(start, points[-1]) < 1e-6:
            points.append(end)
        elif math.dist(end, points[-1]) < 1e-6:
            points.append(start)
        else:
            raise ValueError(f"river side {hex_} {direction} does not continue the river")
    style = Style(stroke="#3a78c2", stroke_width_mm=1.2, line_cap="round", line_join="round")
    return [Polyline(points, style)]


def _towns(grid: HexGrid) -> list[Item]:
    items: list[Item] = []
    for (col, row), name in TOWNS.items():
        x, y = grid.centre_mm(col, row)
        size_pt = fit_text_size(name, "sans-bold", 13, max_size_pt=7, min_size_pt=4) or 4
        items.append(Circle(x, y, 1.6, Style(fill="#c0392b", stroke="#000000", stroke_width_mm=0.3)))
        items.append(Text(x, y + 4.5, name, "sans-bold", size_pt, anchor="middle", baseline="middle"))
    return items


def _inset(x_mm: float, y_mm: float) -> Group:
    """A compass rose clipped to a circle: the square corners must not show."""
    rose = (
        Rect(-12, -12, 24, 24, Style(fill="#fde9a9", stroke=None)),
        Polygon([(0, -11), (2, 0), (0, 11), (-2, 0)], Style(fill="#333333", stroke=None)),
        Polygon([(-11, 0), (0, -2), (11, 0), (0, 2)], Style(fill="#999999", stroke=None)),
        Text(-5, -5, "N", "sans-bold", 7, anchor="middle", baseline="middle", fill="#c0392b"),
    )
    return Group(rose, Transform.translate(x_mm, y_mm), clip=Circle(0, 0, 9))


def main(out_dir: Path) -> None:
    page = demo_page()
    pdf = render_pdf([page], title="warkit draw demo")
    (out_dir / "draw-demo.pdf").write_bytes(pdf)
    (out_dir / "draw-demo.svg").write_bytes(render_svg(page))
    bitmap = pdfium.PdfDocument(pdf)[0].render(scale=150 / 72)
    bitmap.to_pil().save(out_dir / "draw-demo.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp"))
