"""`warkit map trace` reading warkit's own maps back: how many hexes come out right.

For each hex map of each sample game (or the folders given): the map (or the map sheet it is
printed on) drawn as warkit draws it, rendered at DPI, optionally blurred and saved as JPEG
(`--jpeg`), registered from three hex centres, traced with the default legend (no colours
file), and compared with the map's own terrain. Terrain drawn alike (one style) counts as
the first such terrain. Prints a Markdown table.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_trace.py [--jpeg] [--dpi N] [GAME ...]
"""

from __future__ import annotations

import argparse
import io
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageFilter

from generator.components.map import whole_page
from generator.components.mapparts.drawing import draw_map
from generator.components.mapparts.sheet import draw_sheet
from generator.geometry.mapgrid import grid_for
from generator.geometry.registration import parse_registration, register
from generator.io.loader import load_game
from generator.maptools.trace import colour_legend, trace
from generator.model.mapstyles import terrain_style
from generator.render.pdf import render_pdf

DATA = Path(__file__).resolve().parent.parent / "data"


def picture(drawing, dpi: int, jpeg: bool) -> np.ndarray:
    document = pdfium.PdfDocument(render_pdf([whole_page(drawing, "map")], title="map"))
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    if jpeg:
        buffer = io.BytesIO()
        image.filter(ImageFilter.GaussianBlur(0.8)).save(buffer, "JPEG", quality=70)
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    return np.asarray(image, dtype=np.float32)


def one_map(game, map_spec, dpi: int, jpeg: bool) -> dict:
    sheet = game.sheet_of_map.get(map_spec.id)
    drawing = draw_sheet(game, sheet, 15.875, None, None) if sheet else draw_map(game, map_spec)
    pixels = picture(drawing, dpi, jpeg)
    grid = grid_for(map_spec.grid)
    x0, y0 = dict(drawing.grids_mm)[map_spec.id][:2]
    cells = list(grid.cells())
    per_mm = dpi / 25.4
    points = " ".join(f"{grid.hex_id(*cell)}={(x0 + grid.centre_mm(*cell)[0]) * per_mm:.2f},"
                      f"{(y0 + grid.centre_mm(*cell)[1]) * per_mm:.2f}"
                      for cell in (cells[0], cells[-1], cells[len(cells) // 2 + 3]))
    traced = trace(pixels, map_spec, register(parse_registration(points), grid), colour_legend(game, None, map_spec))
    style = {t.id: terrain_style(t.id, t.style) for t in game.spec.terrain}
    first = {}
    for terrain in game.spec.terrain:
        first.setdefault(style[terrain.id], terrain.id)
    truth = {h.hex_id: first[style[h.terrain]] for h in game.hexes if h.map_id == map_spec.id}
    read = [r for r in traced.readings if r.hex_id in truth]
    wrong = [r for r in read if r.terrain != truth[r.hex_id]]
    return {"map": f"{game.spec.id}/{map_spec.id}", "hexes": len(read), "right": len(read) - len(wrong),
            "doubtful": sum(r.confidence < traced.threshold for r in read),
            "wrong_but_sure": sum(r.confidence >= traced.threshold for r in wrong),
            "confusions": Counter((truth[r.hex_id], r.terrain) for r in wrong).most_common(3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jpeg", action="store_true", help="blur 0.8 px and save as JPEG (quality 70) first")
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    games = [Path(p) for p in args.games] or sorted(p.parent for p in DATA.glob("*/game.yaml"))
    print(f"picture: {args.dpi} dpi{', blurred, JPEG' if args.jpeg else ', as rendered'}")
    print("| map | hexes | right | doubtful | wrong but sure | most confused (truth → read) |")
    print("|---|---|---|---|---|---|")
    for folder in games:
        game = load_game(folder).game
        for map_spec in (m for m in game.spec.maps if m.kind == "hex"):
            r = one_map(game, map_spec, args.dpi, args.jpeg)
            confused = ", ".join(f"{a} → {b} ×{n}" for (a, b), n in r["confusions"]) or "—"
            print(f"| {r['map']} | {r['hexes']} | {r['right']} ({100 * r['right'] / r['hexes']:.1f} %) "
                  f"| {r['doubtful']} | {r['wrong_but_sure']} | {confused} |", flush=True)


if __name__ == "__main__":
    main()
