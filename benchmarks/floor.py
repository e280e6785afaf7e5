"""The floor: a bare reportlab script drawing the pages `warkit build --only map,counters`
draws for the large synthetic game — the whole map (one 936 × 672 mm page: a symbol per
terrain placed in every hex, the hex grid as one path, every hex's number, the towns with
their names, the rivers along hexsides) and the double-sided counter sheets (A4, 15.875 mm
counters, each face a shared picture — colours, NATO box, size mark — with its own text on
top, fronts then backs, crop marks). No checks, no translation, no layout decisions, no
per-counter images: what the PDFs themselves cost.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/floor.py GAME OUT_FOLDER
(GAME as written by `benchmarks/synthetic_game.py`); `bench_floor.py` times it against warkit.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "generator" / "fonts"
HEX_MM, MARGIN_MM = 16.0, 12.0
TERRAIN = {"sea": "#b9d7ea", "clear": "#f3efd9", "forest": "#cfe0b5", "marsh": "#d9e6d2", "hills": "#e8d9b0",
           "mountain": "#d6c2a1", "desert": "#f2e2b8", "rough": "#e2d3b5", "lake": "#b9d7ea", "city": "#e6dccb"}
COLOURS = {"de": "#9ec9e8", "at": "#b5b5b5", "fr": "#c9e0f5", "ru": "#e8c9a0", "gb": "#e6d0a8", "it": "#cde3b4",
           "us": "#c8d6a2", "tr": "#e4c86a"}
COUNTER_MM = 15.875


def register() -> None:
    for name in ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed-Bold"):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
            for k in range(6)]


def centre(column: int, row: int) -> tuple[float, float]:
    size = HEX_MM / 2
    x = MARGIN_MM + size + (column - 1) * size * 1.5
    y = MARGIN_MM + size * math.sqrt(3) * (row - 0.5 + (0.5 if column % 2 == 0 else 0))
    return x, y


def draw_map(game: Path, out: Path) -> None:
    with open(game / "map" / "hexes.csv", newline="", encoding="utf-8") as handle:
        hexes = list(csv.DictReader(handle))
    with open(game / "map" / "hexsides.csv", newline="", encoding="utf-8") as handle:
        sides = list(csv.DictReader(handle))
    columns = max(int(h["hex"][:2]) for h in hexes)
    rows = max(int(h["hex"][2:]) for h in hexes)
    width = 2 * MARGIN_MM + HEX_MM * (0.75 * columns + 0.25) + 120  # and the panel
    height = 2 * MARGIN_MM + HEX_MM / 2 * math.sqrt(3) * (rows + 0.5)
    canvas = Canvas(str(out / "map.pdf"), pagesize=(width * mm, height * mm), pageCompression=1)
    canvas.setTitle("Synthetic Front — The Front")
    canvas.translate(0, height * mm)
    canvas.scale(mm, -mm)
    size = HEX_MM / 2
    for terrain, colour in TERRAIN.items():  # one symbol per terrain, placed in every hex
        canvas.beginForm(terrain, -size, -size, size, size)
        path = canvas.beginPath()
        points = corners(0, 0, size)
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        canvas.setFillColor(colour)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor("#6a9a4a")
        for k in range(24 if terrain == "forest" else 6):
            canvas.circle(-4 + (k * 7 % 9), -5 + (k * 3 % 10), 0.6, stroke=0, fill=1)
        canvas.endForm()
    grid = canvas.beginPath()
    canvas.setFont("DejaVuSans", 5)
    for row in hexes:
        column, line = int(row["hex"][:2]), int(row["hex"][2:])
        x, y = centre(column, line)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(row["terrain"] if row["terrain"] in TERRAIN else "clear")
        canvas.restoreState()
        points = corners(x, y, size)
        grid.moveTo(*points[0])
        for point in points[1:]:
            grid.lineTo(*point)
        grid.close()
    canvas.setStrokeColor("#777777")
    canvas.setLineWidth(0.15)
    canvas.drawPath(grid, stroke=1, fill=0)
    canvas.setFillColor("#555555")
    for row in hexes:  # hex numbers, then towns: text drawn upright in the flipped page
        x, y = centre(int(row["hex"][:2]), int(row["hex"][2:]))
        _text(canvas, x, y - size * 0.62, row["hex"], "DejaVuSans", 5)
    for row in hexes:
        if row["name"]:
            x, y = centre(int(row["hex"][:2]), int(row["hex"][2:]))
            canvas.setFillColor("#222222")
            canvas.circle(x, y, 0.8, stroke=0, fill=1)
            _text(canvas, x, y + 3, row["name"], "DejaVuSans-Bold", 6)
    canvas.setStrokeColor("#2f6db0")
    canvas.setLineWidth(1.2)
    rivers = canvas.beginPath()
    for side in sides:
        a = centre(int(side["hex"][:2]), int(side["hex"][2:]))
        b = centre(int(side["neighbour"][:2]), int(side["neighbour"][2:]))
        mx, my, dx, dy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (b[1] - a[1]) / 2, (a[0] - b[0]) / 2
        rivers.moveTo(mx - dx / math.sqrt(3), my - dy / math.sqrt(3))
        rivers.lineTo(mx + dx / math.sqrt(3), my + dy / math.sqrt(3))
    canvas.drawPath(rivers, stroke=1, fill=0)
    canvas.showPage()
    canvas.save()


def _text(canvas: Canvas, x: float, y: float, text: str, font: str, size_pt: float) -> None:
    """Centred text, upright on the y-down page."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(1, -1)
    canvas.setFont(font, size_pt * 25.4 / 72)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def draw_counters(game: Path, out: Path) -> None:
    with open(game / "units.csv", newline="", encoding="utf-8") as handle:
        units = list(csv.DictReader(handle))
    faces = []  # (look, designation, factors, code) of every front, then its back
    for unit in units:
        factors = unit["factors"].split("|")
        face = ((unit["nationality"], unit["size"]), unit["designation"], factors[0], unit["code"])
        faces += [face, face] if unit["step_system"] else [face]  # a two-counter unit has two
    page_w, page_h = 210.0, 297.0
    across, down = 11, 15
    per_page = across * down
    canvas = Canvas(str(out / "counters.pdf"), pagesize=(page_w * mm, page_h * mm), pageCompression=1)
    canvas.setTitle("Synthetic Front — Counters")
    looks = {}
    for start in range(0, len(faces), per_page):
        sheet = faces[start:start + per_page]
        for back in (False, True):
            canvas.translate(0, page_h * mm)
            canvas.scale(mm, -mm)
            left, top = (page_w - across * COUNTER_MM) / 2, 25.0
            for index, (look, designation, factors, code) in enumerate(sheet):
                column, row = index % across, index // across
                if back:
                    column = across - 1 - column
                x, y = left + column * COUNTER_MM, top + row * COUNTER_MM
                name = f"look-{look[0]}-{look[1]}-{int(back)}"
                if name not in looks:
                    looks[name] = _look(canvas, name, COLOURS.get(look[0], "#dddddd"), look[1], back)
                canvas.saveState()
                canvas.translate(x, y)
                canvas.doForm(name)
                canvas.setFillColor("#000000")
                _text(canvas, 3.2, 8.0, designation, "DejaVuSansCondensed-Bold", 8)
                _text(canvas, COUNTER_MM / 2, 14.2, factors if not back else "3-4-4", "DejaVuSans-Bold", 9)
                _text(canvas, 2.2, 1.6, code, "DejaVuSans", 3.5)
                canvas.restoreState()
            canvas.setLineWidth(0.2)
            for column in range(across + 1):  # crop marks
                x = left + column * COUNTER_MM
                canvas.line(x, top - 8, x, top - 2)
                canvas.line(x, top + down * COUNTER_MM + 2, x, top + down * COUNTER_MM + 8)
            _text(canvas, page_w / 2, 12, f"Synthetic Front — Sheet {start // per_page + 1}", "DejaVuSans", 8)
            canvas.showPage()
    canvas.save()


def _look(canvas: Canvas, name: str, colour: str, size_mark: str, back: bool) -> str:
    canvas.beginForm(name, -0.5, -0.5, COUNTER_MM + 0.5, COUNTER_MM + 0.5)
    canvas.setFillColor(colour if not back else "#ffffff")
    canvas.setStrokeColor("#333333")
    canvas.setLineWidth(0.2)
    canvas.rect(0, 0, COUNTER_MM, COUNTER_MM, stroke=1, fill=1)
    canvas.setFillColor("#ffffff")
    canvas.setLineWidth(0.35)
    canvas.rect(6.5, 4.5, 7.5, 5, stroke=1, fill=0)  # the NATO box and its cross
    canvas.line(6.5, 4.5, 14, 9.5)
    canvas.line(6.5, 9.5, 14, 4.5)
    canvas.setFillColor("#000000")
    _text(canvas, 10.25, 3.8, size_mark, "DejaVuSans-Bold", 4)
    canvas.endForm()
    return name


def main() -> None:
    game, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    register()
    draw_map(game, out)
    draw_counters(game, out)


if __name__ == "__main__":
    main()
