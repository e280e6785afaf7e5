"""Time the map component on a synthetic 60 × 40 hex game (2,400 hexes with terrain,
coasts, place names, rivers along hexsides and through hexes, rail lines, roads, borders,
a named line): layout, whole-map PDF, SVG, and the map tiled onto A4.

Run:  PYTHONPATH=. python benchmarks/bench_map.py [columns rows] [--repeat N]
Timings are printed, never asserted (DESIGN.md: timings belong in benchmarks/).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.synthetic_map import write_synthetic_game
from generator.build.options import PAPER_MM
from generator.components.map import tile_pages_for, whole_page
from generator.components.mapparts.drawing import draw_map
from generator.io.loader import load_game
from generator.fonts.faces import register_fonts
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg


def run_once(game, spec) -> dict[str, float]:
    times = {}
    start = time.perf_counter()
    drawing = draw_map(game, spec)
    times["layout"] = time.perf_counter() - start
    mark = time.perf_counter()
    page = whole_page(drawing, spec.title)
    pdf = render_pdf([page], title=spec.title)
    times["pdf"] = time.perf_counter() - mark
    mark = time.perf_counter()
    svg = render_svg(page)
    times["svg"] = time.perf_counter() - mark
    mark = time.perf_counter()
    tiles = tile_pages_for(drawing, spec.title, "A4", PAPER_MM["A4"], 10.0)
    tiled = render_pdf(tiles, title=spec.title)
    times["tiles"] = time.perf_counter() - mark
    times["total"] = time.perf_counter() - start
    times["sizes"] = (len(pdf), len(svg), len(tiled), len(tiles))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("size", nargs="*", type=int, default=[60, 40])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    columns, rows = (args.size + [40])[:2] if len(args.size) == 1 else args.size
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        game_dir = write_synthetic_game(Path(folder) / "synthetic", columns, rows)
        game = load_game(game_dir).game
        register_fonts()
        print(f"game: {columns} × {rows} = {columns * rows} hexes, {len(game.hexsides)} hexside rows "
              f"(written and loaded in {time.perf_counter() - started:.2f} s)")
        spec = game.spec.maps[0]
        runs = [run_once(game, spec) for _ in range(args.repeat)]
    pdf_kib, svg_kib, tiles_kib, sheets = runs[0]["sizes"]
    print(f"output: PDF {pdf_kib / 1024:.0f} KiB, SVG {svg_kib / 1024:.0f} KiB, "
          f"A4 tiles {tiles_kib / 1024:.0f} KiB ({sheets} pages)")
    for key in ("layout", "pdf", "svg", "tiles", "total"):
        values = [run[key] for run in runs]
        print(f"{key:7s} first {values[0]:.3f} s   best {min(values):.3f} s   median {sorted(values)[len(values) // 2]:.3f} s")


if __name__ == "__main__":
    main()
