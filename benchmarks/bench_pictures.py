"""Time a game's pictures: reading and sanitising them, svglib's reading of an SVG and its PDF
drawing (once per build), and the Blitz in the East map with and without its painted
background (PDF, SVG, A4 tiles, each a further document of the build); and a sheet of 600
counters each carrying the same picture (one XObject however many draw it).

Run:  PYTHONPATH=. python benchmarks/bench_pictures.py [--repeat N]
Timings are printed, never asserted (DESIGN.md: timings belong in benchmarks/).
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path

from generator.build.options import PAPER_MM
from generator.components.map import tile_pages_for, whole_page
from generator.components.mapparts.drawing import draw_map
from generator.io.loader import load_game
from generator.io.svgsafe import clean_svg
from generator.layout.pictures import picture_items
from generator.layout.primitives import Page
from generator.render.fonts import register_fonts
from generator.render.pdf import render_pdf
from generator.render.pictures import recorded_form
from generator.render.svg import render_svg

BLITZ = Path(__file__).resolve().parent.parent / "data" / "blitz-in-the-east"


def timed(what: str, work, results: dict):
    start = time.perf_counter()
    value = work()
    results.setdefault(what, []).append(time.perf_counter() - start)
    return value


def run_once(results: dict) -> dict[str, int]:
    sizes = {}
    game = timed("load the game (its pictures read and sanitised)", lambda: load_game(BLITZ).game, results)
    background = game.pictures["art/background.svg"]
    raw = (BLITZ / "art/background.svg").read_bytes()
    timed("sanitise the painted map (470 KiB, 2,600 elements)", lambda: clean_svg(raw), results)
    timed("svglib's reading of it and its PDF drawing (once per build)", lambda: recorded_form(background), results)
    spec = game.maps["east"]
    plain = dataclasses.replace(game, spec=game.spec.model_copy(update={"maps": [
        spec.model_copy(update={"background": None})]}))
    for label, which in (("without background", plain), ("with background", game)):
        drawing = timed(f"map layout {label}", lambda: draw_map(which, which.maps["east"]), results)
        page = whole_page(drawing, spec.title)
        pdf = timed(f"map PDF {label}", lambda: render_pdf([page], title=spec.title), results)
        svg = timed(f"map SVG {label}", lambda: render_svg(page), results)
        tiles = tile_pages_for(drawing, spec.title, "A4", PAPER_MM["A4"], 10.0)
        tiled = timed(f"A4 tiles PDF {label}", lambda: render_pdf(tiles, title=spec.title), results)
        sizes[f"map PDF {label}"], sizes[f"map SVG {label}"], sizes[f"tiles PDF {label}"] = len(pdf), len(svg), len(tiled)
    silhouette = game.pictures["art/air-fleet.svg"]
    items = [item for n in range(600) for item in picture_items(silhouette, (n % 12 * 16.0, n // 12 * 5.0,
                                                                             n % 12 * 16.0 + 15, n // 12 * 5.0 + 4))]
    sheet = Page(200, 260, items)
    pdf = timed("a page drawing one SVG picture 600 times", lambda: render_pdf([sheet], title="t"), results)
    sizes["the page of 600 pictures"] = len(pdf)
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    register_fonts()
    results: dict[str, list[float]] = {}
    sizes = {}
    for _ in range(args.repeat):
        sizes = run_once(results)
    for what, times in results.items():
        print(f"{what:60s} best {min(times):6.2f} s  (of {len(times)})")
    for what, size in sizes.items():
        print(f"{what:60s} {size / 1024:8.0f} KiB")


if __name__ == "__main__":
    main()
