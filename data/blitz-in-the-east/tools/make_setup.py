"""Write the set-up tables of Blitz in the East's scenarios from rough real positions.

Run from the repository root (after tools/make_map.py):

    PYTHONPATH=. python data/blitz-in-the-east/tools/make_setup.py

The historical set-up is printed on the rulebook's map, a figure we do not have, so every
position here is illustrative: each unit is put in the hex of a rough real position (June
1941 for scenarios/historical-setup.csv, early August 1941 for S.0's
scenarios/dnieper-setup.csv), moved to the nearest hex it may stand in when that one is
not (sea, an enemy or neutral country, heavy terrain for armour, a full hex). The states
and step levels the rulebook does give are kept (S.0, S.1, 9.2).
"""

from __future__ import annotations

import csv
import sys
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_map import GRID, build, hex_id, hex_of  # noqa: E402

GAME = Path(__file__).resolve().parents[1]
SIDE_REGIONS = {
    "axis": {"germany", "slovakia", "hungary", "romania", "bulgaria", "finland"},
    "soviet": {"ussr"},
}
LIMITS = {"axis": 2, "soviet": 1}  # land units a hex (Intro/Stacking)

# unit: (lat, lon, steps, states) — steps 1 = cadre; None = full strength
JUNE_1941 = {
    "de-18": (55.1, 21.9, None, ""), "de-16": (54.6, 22.2, None, ""), "de-pz4": (55.0, 21.3, None, ""),
    "de-9": (54.0, 22.9, None, ""), "de-pz3": (53.9, 22.4, None, ""), "de-4": (52.4, 22.6, None, ""),
    "de-pz2": (52.1, 23.3, None, ""), "de-6": (50.8, 23.9, None, ""),
    "de-pz1": (50.5, 23.6, 1, ""),  # 9.2: the 1st Panzer Army starts at cadre and cannot blitz on turn 1
    "de-17": (49.9, 22.8, None, ""), "de-11": (47.4, 27.2, None, ""), "de-rs": (52.2, 21.0, None, ""),
    "de-rc": (53.4, 21.3, None, ""), "de-rhs": (50.2, 21.8, None, ""),
    "de-air-n": (54.7, 20.5, None, ""), "de-air-c": (52.23, 21.01, None, ""), "de-air-s": (50.05, 19.9, None, ""),
    "ro-3": (47.7, 26.4, None, ""), "ro-4": (45.9, 27.9, None, ""), "ro-air": (44.43, 26.1, None, ""),
    "hu-1": (46.77, 23.6, None, "immobilised"),  # S.1, RO.1: immobilised at Cluj
    "hu-2": (48.3, 22.6, 1, ""),  # the Rapid Corps, at cadre
    "fi-kr": (61.8, 29.9, 1, "disorganised"),  # 9.2: at cadre and disorganised
    "fi-air": (60.17, 24.94, None, ""), "it-8": (46.4, 26.9, 1, ""),  # the CSIR, at cadre
    "su-8": (55.9, 23.3, 1, ""), "su-11": (54.9, 24.2, 1, ""), "su-27": (56.5, 27.0, 1, ""),
    "su-3": (53.7, 23.9, 1, ""), "su-10": (53.1, 23.6, 1, ""), "su-4": (52.2, 24.4, 1, ""),
    "su-13": (53.9, 27.6, 1, ""), "su-5": (50.7, 25.3, 1, ""), "su-6": (49.9, 24.4, 1, ""),
    "su-26": (49.3, 23.9, 1, ""), "su-12": (48.9, 24.9, 1, ""), "su-18": (48.7, 26.8, 1, ""),
    "su-9": (47.0, 28.9, 1, ""), "su-od": (46.48, 30.72, 1, ""), "su-16": (49.8, 27.6, 1, ""),
    "su-19": (49.5, 31.0, 1, ""), "su-20": (54.8, 32.0, 1, ""), "su-21": (52.4, 31.0, 1, ""),
    "su-22": (55.5, 28.8, 1, ""), "su-23": (60.7, 28.8, 1, ""), "su-7": (61.8, 33.0, 1, ""),
    "su-3mc": (54.7, 25.3, 1, ""), "su-4mc": (49.84, 24.03, 1, ""), "su-6mc": (53.1, 24.2, 1, ""),
    "su-8mc": (49.4, 23.6, 1, ""),
    "su-3gt": (47.3, 28.4, 1, ""), "su-4gt": (49.2, 26.5, 1, ""), "su-5gt": (53.5, 25.5, 1, ""),  # cavalry sides up
    "su-6gt": (46.2, 33.7, 1, ""),  # the 2-5 cavalry at Perekop of the 4.5 example
    "su-air-n": (59.94, 30.31, 1, ""), "su-air-c": (53.9, 27.57, 1, ""), "su-air-w": (47.91, 33.39, 1, ""),
    "su-air-s": (46.48, 30.72, 1, ""), "su-air-m": (55.76, 37.62, 1, ""),
}

# S.0 (turn 2): the front on the Dnieper. Boxes as S.0 says: the Romanian air force and the
# encircled Soviets (eight infantry armies, one armour, three air fleets) are destroyed.
AUGUST_1941 = {
    "de-18": (58.6, 28.5, None, ""), "de-16": (57.6, 29.5, None, ""), "de-pz4": (58.3, 29.9, None, ""),
    "de-9": (55.3, 30.4, None, ""), "de-pz3": (55.2, 31.2, None, ""), "de-4": (53.9, 30.3, None, ""),
    "de-pz2": (53.0, 31.0, None, ""), "de-6": (50.4, 29.6, None, ""), "de-pz1": (48.6, 32.2, None, ""),
    "de-17": (49.0, 30.6, None, ""), "de-11": (47.2, 30.3, None, ""), "de-rs": (51.4, 27.8, None, ""),
    "de-rc": (54.0, 28.2, None, "disorganised"), "de-rhs": (55.9, 26.7, None, ""),
    "de-air-n": (56.95, 24.11, None, ""), "de-air-c": (53.9, 27.57, None, ""), "de-air-s": (49.84, 24.03, None, ""),
    "ro-3": (46.9, 29.6, None, ""), "ro-4": (46.8, 30.4, None, ""),
    "hu-1": (46.77, 23.6, None, "immobilised"), "hu-2": (48.3, 30.4, 1, ""),
    "fi-kr": (61.6, 31.5, 1, ""), "fi-air": (60.17, 24.94, None, ""), "it-8": (47.9, 30.7, 1, ""),
    "su-8": (59.3, 28.9, 1, ""), "su-11": (57.7, 31.3, 1, ""), "su-27": (57.0, 31.9, 1, ""),
    "su-22": (56.2, 31.6, 1, ""), "su-19": (55.0, 32.9, 1, ""), "su-20": (54.3, 32.3, 1, ""),
    "su-13": (53.5, 32.6, 1, ""), "su-21": (52.4, 31.6, 1, ""), "su-5": (51.3, 30.9, 1, "disorganised"),
    "su-26": (49.6, 32.0, 1, ""), "su-18": (47.9, 34.2, 1, ""), "su-od": (46.48, 30.72, 1, ""),
    "su-4mc": (50.45, 30.52, 1, ""), "su-7": (61.4, 33.4, 1, ""), "su-23": (60.2, 29.9, 1, ""),
    "su-6gt": (46.2, 33.7, 1, ""), "su-5gt": (51.0, 33.7, 1, ""), "su-4gt": (49.0, 34.2, 1, ""),
    "su-air-n": (59.94, 30.31, 1, ""), "su-air-w": (47.91, 33.39, 1, ""),
}
AUGUST_1941_BOXES = {
    "ro-air": "axis-destroyed",
    **{unit: "soviet-destroyed" for unit in ("su-3", "su-4", "su-6", "su-9", "su-10", "su-12", "su-16", "su-3mc",
                                             "su-air-c", "su-air-s", "su-air-m")},
}
AUGUST_1941_STEPS = {"su-3": 1, "su-4": 1, "su-6": 1, "su-9": 1, "su-10": 1, "su-12": 1, "su-16": 1, "su-3mc": 1,
                     "su-air-c": 1, "su-air-s": 1, "su-air-m": 1}


def _units() -> dict[str, dict]:
    with open(GAME / "units.csv", encoding="utf-8") as table:
        return {row["id"]: row for row in csv.DictReader(table)}


SIDE_OF = {"de": "axis", "ro": "axis", "hu": "axis", "fi": "axis", "it": "axis", "su": "soviet"}


def place(positions: dict, units: dict, hexes: dict, conquered: set = frozenset()) -> list[tuple[str, str, int | None, str]]:
    """Each unit in the hex of its position, or the nearest one it may stand in; the Axis
    may also stand in the `conquered` regions (and never with Soviet units)."""
    land, air, owner = Counter(), Counter(), {}
    placed = []
    for unit_id, (lat, lon, steps, states) in positions.items():
        unit = units[unit_id]
        side = SIDE_OF[unit["nationality"]]
        is_air = unit["type"] == "air"

        def allowed(hex_) -> bool:
            row = hexes[hex_]
            regions = SIDE_REGIONS[side] | (conquered if side == "axis" else set())
            if row["terrain"] in ("sea", "lake", "unplayable") or row["region"] not in regions:
                return False
            if owner.get(hex_, side) != side:
                return False
            if unit["type"] == "armour" and row["terrain"] in ("swamp", "mountain"):
                return False
            return air[hex_] < 1 if is_air else land[hex_] < LIMITS[side]

        found = _nearest(hex_of(lat, lon), allowed)
        (air if is_air else land)[found] += 1
        owner[found] = side
        placed.append((unit_id, hex_id(found), steps, states))
    return placed


def _nearest(start, allowed):
    queue, seen = deque([start]), {start}
    while queue:
        hex_ = queue.popleft()
        if allowed(hex_):
            return hex_
        for _, other in GRID.neighbours(*hex_):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    raise SystemExit(f"no hex found near {start}")


def write(name: str, rows: list[tuple[str, str, str, int | None, str]], source: str) -> None:
    with open(GAME / "scenarios" / name, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["unit", "hex", "box", "steps", "state", "source"])
        for unit_id, hex_, box, steps, states in rows:
            writer.writerow([unit_id, hex_, box, steps or "", states, source])


def main() -> None:
    hex_rows, _ = build()
    hexes = {GRID.parse_id(row["hex"]): row for row in hex_rows}
    units = _units()
    june = place(JUNE_1941, units, hexes)
    write("historical-setup.csv", [(u, h, "", s, st) for u, h, s, st in june],
          "position illustrative; step levels and states S.1, 9.2")
    august = place(AUGUST_1941, units, hexes, conquered={"ussr"})
    boxed = [(u, "", box, AUGUST_1941_STEPS.get(u), "") for u, box in AUGUST_1941_BOXES.items()]
    write("dnieper-setup.csv", [(u, h, "", s, st) for u, h, s, st in august] + boxed,
          "position illustrative; states and boxes S.0")
    print(f"{len(june)} units in June 1941, {len(august)} + {len(boxed)} in August 1941")


if __name__ == "__main__":
    main()
