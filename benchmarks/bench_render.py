"""Time drawing a 60 × 40 flat-top hex map (2,400 symbol uses + 2,400 labels) to PDF and SVG.

Run:  PYTHONPATH=. python benchmarks/bench_render.py
Timings are printed, never asserted (DESIGN.md: timings belong in benchmarks/).
"""

from __future__ import annotations

import time

from generator.geometry.hexgrid import HexGrid
from generator.layout.primitives import Page, Polygon, Style, SymbolDef, Text, Use
from generator.fonts.faces import register_fonts
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg


def hex_map_page(columns: int = 60, rows: int = 40, size_mm: float = 16.0) -> Page:
    grid = HexGrid(orientation="flat", columns=columns, rows=rows, size_mm=size_mm, margin_mm=10)
    centre_x, centre_y = grid.centre_mm(1, 1)
    outline = [(x - centre_x, y - centre_y) for x, y in grid.corners_mm(1, 1)]
    radius_mm = size_mm / 3**0.5 + 0.2
    hex_symbol = SymbolDef(
        "hex-clear",
        (-radius_mm, -radius_mm, radius_mm, radius_mm),
        (Polygon(outline, Style(fill="#f4efdc", stroke="#5a5a5a", stroke_width_mm=0.2)),),
    )
    items: list = []
    for col, row in grid.cells():
        x, y = grid.centre_mm(col, row)
        items.append(Use("hex-clear", x, y))
        items.append(Text(x, y - size_mm * 0.36, grid.hex_id(col, row), "condensed", 5,
                          anchor="middle", baseline="hanging", fill="#333333"))
    return Page(grid.width_mm, grid.height_mm, items, symbols=(hex_symbol,), title="Benchmark")


def main() -> None:
    started = time.perf_counter()
    register_fonts()  # one-off: parses the five bundled TTFs
    fonts_done = time.perf_counter()
    page = hex_map_page()
    laid_out = time.perf_counter()
    pdf = render_pdf([page], title="benchmark")
    pdf_done = time.perf_counter()
    svg = render_svg(page)
    svg_done = time.perf_counter()
    print(f"fonts  {fonts_done - started:.3f} s (once per process)")
    print(f"layout {laid_out - fonts_done:.3f} s")
    print(f"pdf    {pdf_done - laid_out:.3f} s  ({len(pdf) / 1024:.0f} KiB)")
    print(f"svg    {svg_done - pdf_done:.3f} s  ({len(svg) / 1024:.0f} KiB)")
    print(f"total  {svg_done - started:.3f} s")


if __name__ == "__main__":
    main()
