"""A synthetic game with a big, busy map: terrain regions, coasts, rivers along hexsides and
through hexes, rail lines, roads, towns with names, VP hexes, borders, named lines, boxes.

Used by benchmarks/bench_map.py and for looking at a large map:

    PYTHONPATH=. python benchmarks/synthetic_map.py /tmp/synth 60 40
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from generator.geometry.hexgrid import HexGrid

SYLLABLES = ("ber", "lin", "wa", "ro", "sla", "ko", "vo", "dan", "gra", "mir", "tsk", "za", "pol",
             "ne", "stra", "ku", "bel", "gor", "od", "lem", "no", "vi", "ra", "tar")
TERRAIN = """\
terrain:
  - {id: clear, name: Clear, movement: "1"}
  - {id: forest, name: Forest, movement: "2"}
  - {id: rough, name: Rough, movement: "2", combat_drm: -1}
  - {id: hills, name: Hills, movement: "2", combat_drm: -1}
  - {id: mountain, name: Mountain, movement: "3", combat_drm: -2}
  - {id: swamp, name: Swamp, movement: "2", combat_drm: -1}
  - {id: desert, name: Desert, movement: "2"}
  - {id: sea, name: Sea, movement: "P", prohibited: true}
  - {id: lake, name: Lake, movement: "P", prohibited: true}
hexside_features:
  - {id: minor_river, name: Minor river, movement: "+0", combat_drm: -1}
  - {id: major_river, name: Major river, movement: "+1", combat_drm: -1}
  - {id: all_sea, name: All-sea hexside, impassable: true}
  - {id: rail, name: Rail line}
  - {id: road, name: Road}
  - {id: pass, name: Mountain pass, movement: "1", draw: across}
hex_features:
  - {id: town, name: Town}
  - {id: city, name: City, combat_drm: -1}
  - {id: capital, name: Capital}
  - {id: fortress, name: Fortress, combat_drm: -1}
  - {id: port, name: Port}
  - {id: river, name: River hex, combat_drm: -1}
regions:
  - {id: west, name: Westmark, side: blue, colour: "#6d8fc9"}
  - {id: middle, name: Midland, neutral: true, colour: "#9a9a9a"}
  - {id: east, name: Ostland, side: red, colour: "#c96d6d"}
"""


def write_synthetic_game(folder: Path, columns: int = 60, rows: int = 40, seed: int = 7) -> Path:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "map").mkdir(exist_ok=True)
    grid = HexGrid(orientation="flat", columns=columns, rows=rows, first_column=1, first_row=1, size_mm=16.0,
                   margin_mm=12.0, id_format="{col:02d}{row:02d}")
    terrain = _terrain(grid, rng)
    towns = _towns(grid, terrain, rng)
    (folder / "game.yaml").write_text(_game_yaml(columns, rows), encoding="utf-8")
    (folder / "units.csv").write_text("id,nationality,type\nb1,bl,inf\n", encoding="utf-8")
    (folder / "map" / "hexes.csv").write_text(_hexes_csv(grid, terrain, towns, rng), encoding="utf-8")
    (folder / "map" / "hexsides.csv").write_text(_hexsides_csv(grid, terrain, towns, rng), encoding="utf-8")
    return folder


def _terrain(grid: HexGrid, rng: random.Random) -> dict:
    waves = [(rng.uniform(0.05, 0.25), rng.uniform(0.05, 0.25), rng.uniform(0, 6)) for _ in range(6)]

    def field(col, row, k):
        a, b, phase = waves[k]
        return math.sin(col * a + phase) + math.cos(row * b + phase * 1.7) + math.sin((col + row) * a * 0.7)

    out = {}
    for col, row in grid.cells():
        coast = col < 4 + 3 * math.sin(row / 5) or row < 2 + 2 * math.sin(col / 7)
        if coast:
            out[(col, row)] = "sea"
            continue
        height, wet, green = field(col, row, 0), field(col, row, 1), field(col, row, 2)
        if height > 2.1:
            kind = "mountain"
        elif height > 1.6:
            kind = "hills"
        elif wet > 2.2:
            kind = "lake"
        elif wet > 1.5:
            kind = "swamp"
        elif green > 1.4:
            kind = "forest"
        elif field(col, row, 3) > 2.0:
            kind = "rough"
        elif col > grid.last_column * 0.8 and row > grid.last_row * 0.75:
            kind = "desert"
        else:
            kind = "clear"
        out[(col, row)] = kind
    return out


def _towns(grid: HexGrid, terrain: dict, rng: random.Random) -> dict:
    towns = {}
    land = [cell for cell, kind in terrain.items() if kind not in ("sea", "lake")]
    for cell in rng.sample(land, k=max(4, len(land) // 14)):
        size = rng.random()
        kind = "city" if size > 0.8 else "town"
        towns[cell] = (kind, _name(rng))
    capitals = sorted(towns)[:: max(1, len(towns) // 3)][:3]
    for cell in capitals:
        towns[cell] = ("capital", towns[cell][1])
    return towns


def _name(rng: random.Random) -> str:
    parts = [rng.choice(SYLLABLES) for _ in range(rng.choice((2, 2, 3, 4)))]
    name = "".join(parts).capitalize()
    if rng.random() < 0.12:
        name += "-" + rng.choice(SYLLABLES).capitalize() + rng.choice(SYLLABLES)
    return name


def _region(grid: HexGrid, col: int, row: int) -> str:
    third = grid.columns / 3
    shift = 2 * math.sin(row / 4)
    if col < third + shift:
        return "west"
    return "middle" if col < 1.5 * third + shift else "east"


def _hexes_csv(grid: HexGrid, terrain: dict, towns: dict, rng: random.Random) -> str:
    lines = ["hex,terrain,name,features,region,vp"]
    river_hexes = _river_hex_path(grid, terrain, rng)
    for cell in sorted(terrain):
        kind = terrain[cell]
        features, name, vp = [], "", ""
        if cell in towns:
            size, name = towns[cell]
            features.append(size)
            if size != "town" and rng.random() < 0.5:
                vp = rng.choice(("blue=2", "red=3", "red=5c", "blue=1;red=4"))
            if rng.random() < 0.15:
                features.append("fortress")
            if any(terrain.get(n) == "sea" for _, n in grid.neighbours(*cell)):
                features.append("port")
        if cell in river_hexes:
            features.append("river")
        region = "" if kind in ("sea", "lake") else _region(grid, *cell)
        lines.append(f"{grid.hex_id(*cell)},{kind},{name},{';'.join(features)},{region},{vp}")
    return "\n".join(lines) + "\n"


def _river_hex_path(grid: HexGrid, terrain: dict, rng: random.Random) -> set:
    cells = set()
    col, row = grid.columns * 2 // 3, grid.first_row + 2
    for _ in range(grid.rows):
        if terrain.get((col, row)) in ("sea", None):
            break
        cells.add((col, row))
        col, row = grid.neighbour(col, row, rng.choice(("S", "S", "SE", "SW")))
    return cells


def _hexsides_csv(grid: HexGrid, terrain: dict, towns: dict, rng: random.Random) -> str:
    rows: dict = {}
    for feature, count in (("major_river", 2), ("minor_river", 4)):
        for _ in range(count):
            for a, b in _river_walk(grid, rng):
                rows.setdefault((frozenset((a, b)), feature), (a, b))
    cities = sorted(cell for cell, (kind, _) in towns.items() if kind != "town")
    for feature, pairs in (("rail", zip(cities, cities[1:])), ("road", zip(cities[::2], cities[2::3]))):
        for start, end in pairs:
            for a, b in _hex_walk(grid, terrain, start, end):
                rows.setdefault((frozenset((a, b)), feature), (a, b))
    lines = ["hex,neighbour,feature"]
    lines += [f"{grid.hex_id(*a)},{grid.hex_id(*b)},{key[1]}" for key, (a, b) in rows.items()]
    return "\n".join(lines) + "\n"


def _river_walk(grid: HexGrid, rng: random.Random) -> list:
    """A river along hexsides: walk the corners of the grid, heading roughly east."""
    sides = {}
    for col, row in grid.cells():
        for direction, neighbour in grid.neighbours(col, row):
            a, b = grid.hexside_segment_mm(col, row, direction)
            key = (round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))
            sides.setdefault(key[0], []).append((key[1], (col, row), neighbour))
            sides.setdefault(key[1], []).append((key[0], (col, row), neighbour))
    corner = rng.choice(sorted(sides))
    pairs, seen = [], {corner}
    for _ in range(grid.columns * 2):
        options = [o for o in sides[corner] if o[0] not in seen]
        if not options:
            break
        options.sort(key=lambda o: -o[0][0] + rng.uniform(-8, 8))
        corner, a, b = options[0]
        seen.add(corner)
        pairs.append((a, b))
    return pairs


def _hex_walk(grid: HexGrid, terrain: dict, start, end) -> list:
    path, cell = [], start
    while cell != end and len(path) < 200:
        step = min((n for _, n in grid.neighbours(*cell)), key=lambda n: (grid.distance(n, end), n))
        path.append((cell, step))
        cell = step
    return [(a, b) for a, b in path if terrain[a] not in ("sea", "lake") and terrain[b] not in ("sea", "lake")]


def _game_yaml(columns: int, rows: int) -> str:
    return f"""\
id: synthetic
title: Synthetic Front
source: generated (illustrative)
scale: {{hex: 16 km, turn: 1 week}}
sides:
  - {{id: blue, name: Blue, colour: "#1f4e99"}}
  - {{id: red, name: Red, colour: "#b3261e"}}
nationalities:
  - {{id: bl, name: Blueland, side: blue, colours: {{background: "#9ec9e8"}}}}
unit_types:
  - {{id: inf, name: Infantry}}
step_systems:
  - {{id: one, name: One step, kind: single}}
factor_layouts:
  - {{id: adm, name: ADM, pattern: "{{attack}}-{{defence}}-{{movement}}"}}
{TERRAIN}maps:
  - id: front
    title: The Front
    grid: {{orientation: flat, columns: {columns}, rows: {rows}, hex_size_mm: 16, margin_mm: 12}}
    hexes: map/hexes.csv
    hexsides: map/hexsides.csv
    default_region: middle
    edges:
      - {{edge: west, friendly_to: blue}}
      - {{edge: east, friendly_to: red, label: Red supply edge}}
    boxes:
      - {{id: dead, name: Dead pile}}
      - {{id: reserve, name: Strategic reserve, kind: off_map}}
    lines:
      - {{id: row10, name: Row xx10, row: 10}}
turn_track:
  turns:
    - {{turn: 1, label: Week 1}}
    - {{turn: 2, label: Week 2}}
"""


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/synthetic")
    size = [int(v) for v in sys.argv[2:4]] or [60, 40]
    print(write_synthetic_game(target, *size))
