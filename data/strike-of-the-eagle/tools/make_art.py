#!/usr/bin/env python3
"""Render the painted board of Strike of the Eagle: art/board.svg, under the area map.

Run from the repository root:

    PYTHONPATH=. python data/strike-of-the-eagle/tools/make_art.py

A parchment ground with the country the campaign crossed, drawn through the areas' own
positions (map/areas.csv, made by tools/make_map.py): the Pripet Marshes between the two
fronts, the great rivers (Vistula, Bug, Neman, Dnieper, Pripet, Dniester) as soft blue
strokes from town to town along their rough courses (illustrative), and a few forests. One SVG unit is a
tenth of a millimetre of the board, the board's (0, 0) at the picture's (0, 0); game.yaml
registers it by three reference areas (this script prints their pixels). Everything is
seeded, so the output is the same on every run; the picture is the project's own, under its
licence (art/LICENSE.md).
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent
UNIT = 10  # SVG units per millimetre
BOARD_MM = (1000.0, 690.0)
REFERENCES = ("torun", "yartsevo", "elizavetgrad")
# Rivers as lists of areas they pass (or run beside, nudged in mm), west to east or upstream down.
RIVERS = {
    "vistula": [("przemysl", -20, -30), ("zamosc", -70, -40), ("deblin", -8, 10), ("warsaw", -14, -4),
                ("plock", 0, -14), ("torun", 14, 18), (None, 0, 150)],
    "bug": [("lwow", 10, -30), ("chelm", 22, 0), ("brest", -10, 16), ("siedlce", 10, -26), ("warsaw", 24, -24)],
    "neman": [("grodno", 24, 0), ("kaunas", -10, 20), (None, 330, 80)],
    "dnieper": [("orsha", -14, 0), ("mogilev", -14, 0), ("gomel", -30, 40), ("kiev", -4, -28),
                ("cherkasy", -20, -24), (None, 960, 690)],
    "pripet": [("brest", 40, 40), ("pinsk", 0, 24), ("mozyr", 0, 26), ("kiev", -30, -60)],
    "dniester": [("stanislawow", 24, 30), ("tarnopol", 10, 60), ("vinnitsa", -20, 60), (None, 900, 690)],
}
FORESTS = [("pinsk", 40, 50), ("sarny", 0, -40), ("bialystok", 30, 30), ("korosten", 0, 30),
           ("volkovysk", 20, 30), ("bobruisk", 10, 40)]


def main() -> None:
    areas = _areas()
    art = GAME / "art"
    art.mkdir(exist_ok=True)
    (art / "board.svg").write_text(board_svg(areas), encoding="utf-8")
    for area in REFERENCES:
        x, y = areas[area]
        print(f"{area}: [{x * UNIT:.0f}, {y * UNIT:.0f}]")


def _areas() -> dict[str, tuple[float, float]]:
    with (GAME / "map/areas.csv").open(encoding="utf-8") as handle:
        return {row["id"]: (float(row["x"]), float(row["y"])) for row in csv.DictReader(handle)}


def board_svg(areas: dict[str, tuple[float, float]]) -> str:
    width, height = BOARD_MM[0] * UNIT, BOARD_MM[1] * UNIT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}">',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#efe4c6"/>']
    rng = random.Random("strike-of-the-eagle board")
    out.append(_blotches(rng, width, height))
    out.append(_marshes(rng, areas))
    for centre, dx, dy in FORESTS:
        x, y = areas[centre]
        out.append(_forest(rng, (x + dx) * UNIT, (y + dy) * UNIT))
    for name, course in RIVERS.items():
        out.append(_river(areas, course))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _ellipse(x: float, y: float, rx: float, ry: float) -> str:
    return f"M{x - rx:.0f} {y:.0f} a{rx:.0f} {ry:.0f} 0 1 0 {2 * rx:.0f} 0 a{rx:.0f} {ry:.0f} 0 1 0 {-2 * rx:.0f} 0 Z"


def _blotches(rng, width, height) -> str:
    """The parchment's stains: large, faint."""
    d = " ".join(_ellipse(rng.uniform(0, width), rng.uniform(0, height), rng.uniform(300, 900), rng.uniform(200, 600))
                 for _ in range(40))
    return f'<path d="{d}" fill="#d9c79c" fill-opacity="0.16"/>'


def _marshes(rng, areas) -> str:
    """The Pripet Marshes: a band of reedy green between the fronts, from Brest to Mozyr."""
    west, east = areas["brest"][0] + 20, areas["mozyr"][0] + 40
    y = (areas["pinsk"][1] + areas["sarny"][1]) / 2
    blobs, reeds = [], []
    for _ in range(70):
        x = rng.uniform(west, east) * UNIT
        cy = (y + rng.uniform(-28, 28)) * UNIT
        blobs.append(_ellipse(x, cy, rng.uniform(120, 260), rng.uniform(50, 110)))
        for _ in range(3):
            rx, ry = x + rng.uniform(-150, 150), cy + rng.uniform(-60, 60)
            reeds.append(f"M{rx:.0f} {ry:.0f} l{rng.uniform(-15, 15):.0f} -60")
    return (f'<path d="{" ".join(blobs)}" fill="#a9b98a" fill-opacity="0.45"/>\n'
            f'<path d="{" ".join(reeds)}" fill="none" stroke="#5f7448" stroke-width="9" stroke-opacity="0.6"/>')


def _forest(rng, x, y) -> str:
    d = " ".join(_ellipse(x + rng.uniform(-260, 260), y + rng.uniform(-160, 160), rng.uniform(30, 60),
                          rng.uniform(30, 60)) for _ in range(45))
    return f'<path d="{d}" fill="#6f8a55" fill-opacity="0.5"/>'


def _river(areas, course) -> str:
    points = []
    for area, dx, dy in course:
        if area is None:  # a point off the areas (where the river leaves the board), in mm
            points.append((dx * UNIT, dy * UNIT))
        else:
            x, y = areas[area]
            points.append(((x + dx) * UNIT, (y + dy) * UNIT))
    d = f"M{points[0][0]:.0f} {points[0][1]:.0f}"
    for (x0, y0), (x1, y1) in zip(points, points[1:]):  # gentle bends: a control point off the chord
        mx, my = (x0 + x1) / 2 + (y1 - y0) * 0.12, (y0 + y1) / 2 - (x1 - x0) * 0.12
        d += f" Q{mx:.0f} {my:.0f} {x1:.0f} {y1:.0f}"
    return (f'<path d="{d}" fill="none" stroke="#7fa7c9" stroke-width="38" stroke-linecap="round" '
            f'stroke-linejoin="round" stroke-opacity="0.85"/>')


if __name__ == "__main__":
    main()
