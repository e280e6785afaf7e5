"""Render the generated pictures of Blitz in the East: the painted map under the hexes and the
card illustrations. Run from the repository root:

    PYTHONPATH=. python data/blitz-in-the-east/tools/make_art.py

- `art/background.svg`: every hex of map/hexes.csv painted in its terrain's colour (the
  colours warkit's own map uses, so the legend still reads) with brush-like marks of its own
  (trees, ridges, reeds, waves), one SVG unit a tenth of a millimetre of the map's body, the
  grid's (0, 0) at the picture's (0, 0). game.yaml registers it by three reference hexes;
  this script prints their positions.
- `art/axis-card.png`, `art/soviet-card.png`: the card illustrations, posterised scenes of
  a horizon with armour and aircraft, 900 x 560 pixels (about 300 dpi on a poker card).

Everything is seeded, so the output is the same on every run. The pictures are the
project's own, under its licence (art/LICENSE.md).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw

from generator.components.mapparts.palette import TERRAIN
from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game
from generator.model.mapstyles import terrain_style

GAME = Path(__file__).resolve().parents[1]
ART = GAME / "art"
UNIT = 10  # SVG units per millimetre
REFERENCES = ("0101", "3501", "0129")


def main() -> None:
    game = load_game(GAME).game
    if game is None:
        sys.exit("the game does not load; fix its data first")
    spec = game.maps["east"]
    grid = grid_for(spec.grid)
    ART.mkdir(exist_ok=True)
    (ART / "background.svg").write_text(background_svg(game, spec, grid), encoding="utf-8")
    for hex_id in REFERENCES:
        x, y = grid.centre_mm(*grid.parse_id(hex_id))
        print(f'"{hex_id}": [{x * UNIT:.1f}, {y * UNIT:.1f}]')
    card_scene((92, 104, 118), (168, 178, 186), (96, 94, 78), 1941).save(ART / "axis-card.png", optimize=True)
    card_scene((150, 70, 52), (232, 178, 120), (84, 96, 62), 1942).save(ART / "soviet-card.png", optimize=True)


# -- the painted map ------------------------------------------------------------------------


def background_svg(game, spec, grid) -> str:
    width, height = grid.width_mm * UNIT, grid.height_mm * UNIT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}">',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#efe6cc"/>']
    rows = {h.hex_id: h for h in game.hexes if h.map_id == spec.id}
    cells = sorted(grid.cells())
    painted = []
    for cell in cells:
        row = rows.get(grid.hex_id(*cell))
        terrain = game.terrain.get(row.terrain if row else spec.default_terrain)
        style = terrain_style(terrain.id, terrain.style) if terrain is not None else "clear"
        painted.append((cell, style))
    for cell, style in painted:  # the ground, a little larger than the hex so no seam shows
        out.append(_hex(grid, cell, _shade(TERRAIN.get(style, TERRAIN["plain"])[0], cell), 1.06))
    for cell, style in painted:
        out += _marks(grid, cell, style)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _hex(grid, cell, fill: str, scale: float) -> str:
    cx, cy = grid.centre_mm(*cell)
    points = " ".join(f"{(cx + (x - cx) * scale) * UNIT:.0f},{(cy + (y - cy) * scale) * UNIT:.0f}"
                      for x, y in grid.corners_mm(*cell))
    return f'<polygon points="{points}" fill="{fill}"/>'


def _shade(colour: str, cell, spread: float = 0.05) -> str:
    """The colour a little lighter or darker, the same for a hex on every run."""
    rng = random.Random(f"shade{cell}")
    factor = 1 + rng.uniform(-spread, spread)
    channels = [min(255, max(0, round(int(colour[i:i + 2], 16) * factor))) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)


def _marks(grid, cell, style: str) -> list[str]:
    """Brush marks of the terrain, one path per kind of mark in a hex: soft blobs, then its
    own signs (a few elements a hex keeps the picture quick to read)."""
    rng = random.Random(f"marks{cell}{style}")
    cx, cy = (v * UNIT for v in grid.centre_mm(*cell))
    r = grid.size_mm * UNIT / 2
    fill, ink, accent = TERRAIN.get(style, TERRAIN["plain"])
    blobs = " ".join(_ellipse(cx + rng.uniform(-0.5, 0.5) * r, cy + rng.uniform(-0.5, 0.5) * r,
                              rng.uniform(0.25, 0.45) * r, rng.uniform(0.15, 0.3) * r) for _ in range(2))
    out = [f'<path d="{blobs}" fill="{accent}" fill-opacity="0.18"/>']
    sign = _SIGNS.get(style)
    if sign is not None:
        out.append(sign(rng, cx, cy, r, ink, accent))
    return out


def _ellipse(x: float, y: float, rx: float, ry: float) -> str:
    return f"M{x - rx:.0f} {y:.0f} a{rx:.0f} {ry:.0f} 0 1 0 {2 * rx:.0f} 0 a{rx:.0f} {ry:.0f} 0 1 0 {-2 * rx:.0f} 0 Z"


def _spots(rng, cx, cy, r, count):
    for _ in range(count):
        angle, distance = rng.uniform(0, 2 * math.pi), r * 0.62 * math.sqrt(rng.random())
        yield cx + distance * math.cos(angle), cy + distance * math.sin(angle)


def _dots(rng, cx, cy, r, count, size, colour, opacity) -> str:
    d = " ".join(_ellipse(x, y, size, size) for x, y in _spots(rng, cx, cy, r, count))
    return f'<path d="{d}" fill="{colour}" fill-opacity="{opacity}"/>'


def _trees(rng, cx, cy, r, ink, accent):
    return _dots(rng, cx, cy, r, 9, r * 0.11, ink, 0.55)


def _ridges(rng, cx, cy, r, ink, accent):
    parts = []
    for x, y in _spots(rng, cx, cy, r, 4):
        w = r * rng.uniform(0.22, 0.32)
        parts.append(f"M{x - w:.0f} {y + w * 0.3:.0f} Q{x:.0f} {y - w * 0.8:.0f} {x + w:.0f} {y + w * 0.3:.0f}")
    return f'<path d="{" ".join(parts)}" fill="none" stroke="{ink}" stroke-width="{r * 0.05:.0f}" stroke-opacity="0.6"/>'


def _peaks(rng, cx, cy, r, ink, accent):
    parts = []
    for x, y in _spots(rng, cx, cy, r, 4):
        w = r * rng.uniform(0.2, 0.3)
        parts.append(f"M{x - w:.0f} {y + w * 0.6:.0f} L{x:.0f} {y - w:.0f} L{x + w:.0f} {y + w * 0.6:.0f} Z")
    return (f'<path d="{" ".join(parts)}" fill="{accent}" fill-opacity="0.7" stroke="{ink}" '
            f'stroke-width="{r * 0.04:.0f}"/>')


def _reeds(rng, cx, cy, r, ink, accent):
    d = " ".join(f"M{x - r * 0.12:.0f} {y:.0f} L{x + r * 0.12:.0f} {y:.0f}" for x, y in _spots(rng, cx, cy, r, 10))
    return f'<path d="{d}" stroke="{accent}" stroke-width="{r * 0.05:.0f}" stroke-linecap="round"/>'


def _waves(rng, cx, cy, r, ink, accent):
    parts = []
    for x, y in _spots(rng, cx, cy, r, 5):
        w = r * 0.14
        parts.append(f"M{x - 2 * w:.0f} {y:.0f} Q{x - w:.0f} {y - w * 0.6:.0f} {x:.0f} {y:.0f} "
                     f"Q{x + w:.0f} {y + w * 0.6:.0f} {x + 2 * w:.0f} {y:.0f}")
    return (f'<path d="{" ".join(parts)}" fill="none" stroke="{ink}" stroke-width="{r * 0.035:.0f}" '
            f'stroke-opacity="0.7"/>')


def _roofs(rng, cx, cy, r, ink, accent):
    side = r * 0.12
    d = " ".join(f"M{x:.0f} {y:.0f} h{side:.0f} v{side:.0f} h{-side:.0f} Z" for x, y in _spots(rng, cx, cy, r, 8))
    return f'<path d="{d}" fill="{ink}" fill-opacity="0.5"/>'


def _grass(rng, cx, cy, r, ink, accent):
    return _dots(rng, cx, cy, r, 12, r * 0.035, ink, 0.5)


_SIGNS = {"woods": _trees, "hills": _ridges, "rough": _ridges, "mountain": _peaks, "alpine": _peaks,
          "swamp": _reeds, "sea": _waves, "lake": _waves, "urban": _roofs, "desert": _grass, "plain": _grass}


# -- the card illustrations -----------------------------------------------------------------


def card_scene(sky_top, sky_bottom, ground, seed: int) -> Image.Image:
    """A posterised horizon: sky bands, a low sun, hills, a column of tanks and two aircraft."""
    width, height = 900, 560
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    bands = 12
    for band in range(bands):
        t = band / (bands - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(sky_top, sky_bottom))
        draw.rectangle((0, band * 380 // bands, width, (band + 1) * 380 // bands), fill=colour)
    draw.ellipse((640, 120, 760, 240), fill=tuple(min(255, c + 50) for c in sky_bottom))
    rng = random.Random(seed)
    hills = [(0, 400)] + [(x, 360 + rng.randint(-25, 25)) for x in range(0, width + 100, 100)] + [(width, 400)]
    draw.polygon(hills + [(width, height), (0, height)], fill=tuple(max(0, c - 20) for c in ground))
    draw.rectangle((0, 420, width, height), fill=ground)
    dark = (34, 32, 30)
    for n in range(4):
        _tank(draw, 90 + n * 190, 470 - n * 14, 1.0 - n * 0.12, dark)
    for x, y in ((230, 120), (420, 170)):
        _plane(draw, x, y, dark)
    return image.quantize(colors=32, dither=Image.Dither.NONE)


def _tank(draw, x, y, s, colour):
    draw.rectangle((x, y - 30 * s, x + 140 * s, y), fill=colour)
    draw.rectangle((x + 30 * s, y - 55 * s, x + 95 * s, y - 30 * s), fill=colour)
    draw.rectangle((x + 90 * s, y - 48 * s, x + 150 * s, y - 42 * s), fill=colour)
    draw.rounded_rectangle((x - 8 * s, y - 4 * s, x + 148 * s, y + 22 * s), radius=12 * s, fill=colour)


def _plane(draw, x, y, colour):
    draw.polygon([(x, y), (x + 90, y - 6), (x + 96, y), (x + 90, y + 6)], fill=colour)
    draw.polygon([(x + 40, y), (x + 58, y - 44), (x + 66, y - 44), (x + 60, y), (x + 66, y + 44), (x + 58, y + 44)],
                 fill=colour)
    draw.polygon([(x + 4, y), (x + 10, y - 14), (x + 16, y - 14), (x + 14, y), (x + 16, y + 14), (x + 10, y + 14)],
                 fill=colour)


if __name__ == "__main__":
    main()
