"""Write the set-up tables of Blitz in the East's scenarios from rough real positions.

Run from the repository root (after tools/make_map.py):

    PYTHONPATH=. python data/blitz-in-the-east/tools/make_setup.py

The historical set-up is printed on the rulebook's map, a figure we do not have, so every
position here is illustrative: each unit is put in the hex of a rough real position (June
1941 for scenarios/historical-setup.csv), moved to the nearest hex it may stand in when that one is
not (sea, an enemy or neutral country, heavy terrain for armour, a full hex). S.0's
scenarios/dnieper-setup.csv is written hex by hex so that the examples of rules 3.1-5.0
hold on this map. The states and step levels the rulebook gives are kept (S.0, S.1).
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
    "de-pz1": (50.5, 23.6, 1, ""),  # S.1: the 1st Panzer Army starts at cadre and cannot blitz on turn 1
    "de-17": (49.9, 22.8, None, ""), "de-11": (47.4, 27.2, None, ""), "de-rs": (52.2, 21.0, None, ""),
    "de-rc": (53.4, 21.3, None, ""), "de-rhs": (50.2, 21.8, None, ""),
    "de-air-n": (54.7, 20.5, None, ""), "de-air-c": (52.23, 21.01, None, ""), "de-air-s": (50.05, 19.9, None, ""),
    "ro-3": (47.7, 26.4, None, ""), "ro-4": (45.9, 27.9, None, ""), "ro-air": (44.43, 26.1, None, ""),
    "hu-1": (46.77, 23.6, None, "immobilised"),  # S.1, RO.1: immobilised at Cluj
    "hu-2": (48.3, 22.6, 1, ""),  # the Rapid Corps, at cadre
    "fi-kr": (61.8, 29.9, 1, "disorganised"),  # S.1: at cadre and disorganised
    "fi-air": (60.17, 24.94, None, ""), "it-8": (46.4, 26.9, 1, ""),  # the CSIR, at cadre
    "su-8": (55.9, 23.3, 1, ""), "su-11": (54.9, 24.2, 1, ""), "su-27": (56.5, 27.0, 1, ""),
    "su-3": (53.7, 23.9, 1, ""), "su-10": (53.1, 23.6, 1, ""), "su-4": (52.2, 24.4, 1, ""),
    "su-13": (53.9, 27.6, 1, ""), "su-5": (50.7, 25.3, 1, ""), "su-6": (49.9, 24.4, 1, ""),
    "su-26": (49.3, 23.9, 1, ""), "su-12": (48.9, 24.9, 1, ""), "su-18": (48.7, 26.8, 1, ""),
    "su-9": (47.0, 28.9, 1, ""), "su-od": (46.48, 30.72, 1, ""), "su-16": (49.8, 27.6, 1, ""),
    "su-19": (49.5, 31.0, 1, ""), "su-20": (54.8, 32.0, 1, ""), "su-21": (52.4, 31.0, 1, ""),
    "su-22": (55.5, 28.8, 1, ""), "su-23": (60.7, 28.8, 1, ""), "su-7": ("1601", None, 1, ""),  # S.1: its ZOC denies the Axis Joensuu
    "su-3mc": (54.7, 25.3, 1, ""), "su-4mc": (49.84, 24.03, 1, ""), "su-6mc": (53.1, 24.2, 1, ""),
    "su-8mc": (49.4, 23.6, 1, ""),
    "su-3gt": (47.3, 28.4, 1, ""), "su-4gt": (49.2, 26.5, 1, ""), "su-5gt": (53.5, 25.5, 1, ""),  # cavalry sides up
    "su-6gt": (46.2, 33.7, 1, ""),  # the 2-5 cavalry at Perekop of the 4.5 example
    "su-air-n": (59.94, 30.31, 1, ""), "su-air-c": (53.9, 27.57, 1, ""), "su-air-w": (47.91, 33.39, 1, ""),
    "su-air-s": (46.48, 30.72, 1, ""), "su-air-m": (55.76, 37.62, 1, ""),
}

# S.0 (turn 2): the front on the Dnieper, as the examples of rules 3.1-5.0 (figures 4-6) describe
# it. The hexes are chosen on this map so that every fact the examples give holds: the units at
# the front (16 Axis worth 70, 9 Soviet worth 30 with the 23rd tripled in Leningrad), who stands
# next to whom (RS by the 5th; the 9th and 18th by the 21st; the 2nd Panzer and 16th by the 19th;
# the CSIR by the trapped 6th; the 1st Panzer and 6th by Kiev; the 11th across a river from
# Odesa and a Romanian stack beside it), the air fleets' bases and ranges, and the boxes.
AUGUST_1941 = {
    # Axis, at the front: Kr in Karelia, the rear area North before Leningrad (both more than
    # three hexes from the Finnish air force at Helsinki), the centre and the south
    "fi-kr": ("1601", 1, ""), "de-rhs": ("1604", None, ""),
    "de-4": ("1512", None, ""), "de-pz2": ("1610", None, ""), "de-16": ("1610", 1, ""),
    "de-9": ("1614", 1, ""), "de-18": ("1614", 1, ""),
    "de-rs": ("1414", None, ""), "de-6": ("1414", None, ""), "de-pz1": ("1415", None, ""),
    "it-8": ("1216", 1, ""), "hu-2": ("1216", 1, ""), "de-17": ("1317", None, ""),
    "de-11": ("1418", None, ""), "ro-3": ("1518", 1, ""), "ro-4": ("1518", 1, ""),
    # Axis, away from the front: the 3rd Panzer next to the front (valid for armour superiority),
    # the 4th Panzer out of it, RC disorganised, the Hungarian 1st Army immobilised at Cluj
    "de-pz3": ("1510", None, ""), "de-pz4": ("1208", None, ""), "de-rc": ("1311", None, "disorganised"),
    "hu-1": ("0919", None, "immobilised"),
    # Axis air: C at Vilna and S at Lvov (full), N at cadre, the Finns out of range of the front
    "de-air-c": ("1211", None, ""), "de-air-s": ("1015", None, ""), "de-air-n": ("1311", 1, ""),
    "fi-air": ("1203", None, ""),
    # Soviet, at the front (all at cadre)
    "su-7": ("1702", 1, ""), "su-23": ("1504", 1, ""), "su-20": ("1710", 1, ""), "su-19": ("1611", 1, ""),
    "su-21": ("1613", 1, ""), "su-5": ("1514", 1, "disorganised"), "su-4mc": ("1515", 1, ""),
    "su-6": ("1316", 1, ""), "su-od": ("1519", 1, ""),
    # Soviet, behind it: two armour corps next to front units, the cavalry (one at Perekop)
    "su-6mc": ("1712", 1, ""), "su-8mc": ("1810", 1, ""),
    "su-8": ("1707", 1, ""), "su-13": ("1811", 1, ""), "su-22": ("1809", 1, ""), "su-26": ("1716", 1, ""),
    "su-18": ("1717", 1, ""), "su-3gt": ("1814", 1, ""), "su-4gt": ("1816", 1, ""), "su-5gt": ("1812", 1, ""),
    "su-6gt": ("1819", 1, ""),
    "su-air-n": ("1504", 1, ""), "su-air-w": ("1517", 1, ""),
}
AUGUST_1941_BOXES = {  # S.0: the Romanian air force and the encircled Soviets (8 infantry, 1 armour, 3 air)
    "ro-air": "axis-destroyed",
    **{unit: "soviet-destroyed" for unit in ("su-3", "su-4", "su-9", "su-10", "su-11", "su-12", "su-16", "su-27",
                                             "su-3mc", "su-air-c", "su-air-s", "su-air-m")},
}
AUGUST_1941_STEPS = {unit: 1 for unit, box in AUGUST_1941_BOXES.items() if box == "soviet-destroyed"}


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

        found = GRID.parse_id(lat) if isinstance(lat, str) else _nearest(hex_of(lat, lon), allowed)
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
          "position illustrative; step levels and states S.1")
    august = [(unit, hex_, steps, states) for unit, (hex_, steps, states) in AUGUST_1941.items()]
    boxed = [(u, "", box, AUGUST_1941_STEPS.get(u), "") for u, box in AUGUST_1941_BOXES.items()]
    write("dnieper-setup.csv", [(u, h, "", s, st) for u, h, s, st in august] + boxed,
          "S.0 and the examples of rules 3.1-5.0 (figures 4-6); hexes chosen on this map to fit them")
    print(f"{len(june)} units in June 1941, {len(august)} + {len(boxed)} in August 1941")


if __name__ == "__main__":
    main()
