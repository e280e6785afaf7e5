#!/usr/bin/env python3
"""Generate the hex tables of The Great War in the Near East's three front maps.

Run from the repository root:

    PYTHONPATH=. python data/great-war-near-east/tools/make_maps.py

It writes map/<front>-hexes.csv and map/<front>-hexsides.csv for the Caucasus, Iraq
(Mesopotamia) and Egypt/Palestine maps.

The rulebook numbers about forty hexes (rules 3.2-3.3, 7.11-7.32, 11.8-13.22) and says how
each map counts its hexes only by example. Everything else - coasts, borders, terrain,
rivers, places it names without a hex - is an illustrative reconstruction made to agree
with the numbered hexes: each map's numbering (which pair of digits is the column, which way
the numbers grow) is the one that puts the numbered places in their real order. The
rulebook's Van (3378) cannot sit east of Baku (3653) on any such numbering; Van is drawn at
2744 here. Each row of the tables says which values are rulebook facts.
"""

from __future__ import annotations

import csv
from pathlib import Path

from generator.geometry.hexgrid import HexGrid

GAME = Path(__file__).resolve().parent.parent
GENERATED = "illustrative (tools/make_maps.py)"
SIZE_MM = 15.0


def grid(**numbering) -> HexGrid:
    return HexGrid(orientation="flat", stagger="odd", size_mm=SIZE_MM, margin_mm=12, **numbering)


# Caucasus: ids are row then column; rows grow south to north (Russia's edge, row 48, is the
# north edge), columns west to east ("east of hexrow xx35", rule 3.3).
CAUCASUS = grid(columns=29, rows=23, first_column=30, first_row=26, column_direction="west_east",
                row_direction="south_north", id_format="{row:02d}{col:02d}")
# Iraq: column then row; columns west to east, rows north to south ("south of xx44", 7.18).
IRAQ = grid(columns=18, rows=25, first_column=10, first_row=30, column_direction="west_east",
            row_direction="north_south", id_format="{col:02d}{row:02d}")
# Egypt/Palestine: column then row; columns grow east to west (the pipeline runs 4011 ->
# 3112 eastwards, rule 11.11), rows south to north ("north of xx13", rule 11.12).
EGYPT = grid(columns=29, rows=30, first_column=16, first_row=2, column_direction="east_west",
             row_direction="south_north", id_format="{col:02d}{row:02d}")


class Front:
    """One map being made: terrain, regions, places and hexsides by hex."""

    def __init__(self, name: str, hexgrid: HexGrid):
        self.name, self.grid = name, hexgrid
        self.terrain: dict = {}
        self.region: dict = {}
        self.places: dict = {}  # cell -> (name, features, vp, source)
        self.sides: list = []  # (a, b, feature, source, notes)

    def cell(self, hex_id: str):
        return self.grid.parse_id(hex_id)

    def place(self, hex_id: str, name: str, features: str = "", vp: str = "", source: str = GENERATED):
        self.places[self.cell(hex_id)] = (name, features, vp, source)

    def river(self, hex_ids: list[str], feature: str, shift=(0.3, 0.2), source: str = GENERATED, notes: str = ""):
        """Hexsides a line crosses: the line runs past the centres of `hex_ids` (shifted by
        `shift` hex sizes so it passes beside them), and every side whose two hexes lie on
        either side of it is a river hexside - the sides a unit crosses to get over."""
        points = [self.grid.centre_mm(*self.cell(h)) for h in hex_ids]
        points = [(x + shift[0] * SIZE_MM, y + shift[1] * SIZE_MM) for x, y in points]
        found = set()
        for a in self.grid.cells():
            for _, b in self.grid.neighbours(*a):
                if a < b and _crosses(self.grid.centre_mm(*a), self.grid.centre_mm(*b), points):
                    found.add((a, b))
        self.sides += [(a, b, feature, source, notes) for a, b in sorted(found)]

    def between(self, first, second, feature: str, source: str = GENERATED, notes: str = ""):
        """Every side between a hex of `first` and one of `second` (predicates on cells)."""
        for a in self.grid.cells():
            if not first(a):
                continue
            for _, b in self.grid.neighbours(*a):
                if second(b):
                    self.sides.append((a, b, feature, source, notes))

    def write(self):
        hexes = GAME / "map" / f"{self.name}-hexes.csv"
        with hexes.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["hex", "terrain", "name", "features", "region", "vp", "source"])
            for cell in self.grid.cells():
                name, features, vp, source = self.places.get(cell, ("", "", "", GENERATED))
                writer.writerow([self.grid.hex_id(*cell), self.terrain.get(cell, "clear"), name, features,
                                 self.region.get(cell, ""), vp, source])
        sides = GAME / "map" / f"{self.name}-hexsides.csv"
        with sides.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["hex", "neighbour", "feature", "source", "notes"])
            seen = set()
            for a, b, feature, source, notes in self.sides:
                key = (min(a, b), max(a, b), feature)
                if key not in seen:
                    seen.add(key)
                    writer.writerow([self.grid.hex_id(*a), self.grid.hex_id(*b), feature, source, notes])


def _crosses(p, q, line) -> bool:
    return any(_segments_cross(p, q, a, b) for a, b in zip(line, line[1:]))


def _segments_cross(p, q, a, b) -> bool:
    def side(u, v, w):
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    return side(p, q, a) * side(p, q, b) < 0 and side(a, b, p) * side(a, b, q) < 0


# -- the Caucasus (rules 3.2-3.3, 7.11-7.13, 7.30-7.32, 8.2, 11.8) ----------------------

def caucasus() -> Front:
    front = Front("caucasus", CAUCASUS)
    for col, row in CAUCASUS.cells():
        cell = (col, row)
        black_sea = row <= 44 and ((col <= 44 and row >= 31) or (col <= 46 and row >= 32) or (col == 47 and row >= 34))
        caspian = row <= 44 and ((col >= 55 and row >= 31) or (col == 54 and row >= 33))
        if black_sea or caspian:
            front.terrain[cell], front.region[cell] = "sea", "sea"
            continue
        if row >= 45 or (row >= 35 and col >= 47) or (row >= 34 and col >= 48):
            front.region[cell] = "russia"
        elif col >= 50 and row <= 33:
            front.region[cell] = "persia"
        else:
            front.region[cell] = "turkey"
        front.terrain[cell] = _caucasus_terrain(col, row)
    for lake in ("2743", "2742", "2842", "2852", "2952", "2753"):  # Lakes Van and Urmia
        front.terrain[front.cell(lake)] = "lake"
    for hex_id, name, features, vp in (
        ("3045", "Trebizond", "city;port", "allied=1"), ("3653", "Baku", "city;port", "cp=1"),
        ("3448", "Batum", "town;port", ""), ("4150", "Tiflis", "city", "cp=1"), ("3550", "Kars", "city", ""),
        ("3450", "Sarikamish", "town", ""), ("2848", "Erzurum", "city;fort", "allied=1"),
        ("2943", "Erzincan", "town", ""), ("2744", "Van", "town", ""), ("2853", "Tabriz", "city", ""),
        ("3851", "Erivan", "town", ""), ("3033", "Sivas", "town;cp_supply", ""), ("2635", "Kharput", "town;cp_supply", ""),
        ("4745", "Ekaterinodar", "city", ""), ("4654", "Petrovsk", "town", ""), ("4148", "Kutais", "town", ""),
        ("2956", "Ardabil", "town", ""), ("2846", "Bayburt", "town", ""), ("3948", "Akhaltsikhe", "town", ""),
    ):
        source = "rules 4.3, 7.13, 7.30, 7.32" if hex_id in ("3045", "3653") else GENERATED
        front.place(hex_id, name, features, vp, source)
    for col in range(36, 50):  # rule 8.2, 11.8: the Russian supply edge, hexes 4836-4849
        cell = (col, 48)
        name, features, vp, _ = front.places.get(cell, ("", "", "", ""))
        front.places[cell] = (name, ";".join(x for x in (features, "allied_supply") if x), vp, "rules 8.2, 11.8")
    front.river(["2848", "3049", "3251", "3352", "3353", "3454"], "river", notes="Araxes")
    front.river(["4150", "4051", "3952", "3853", "3754"], "river", notes="Kura")
    front.between(lambda c: c == front.cell("3951"), lambda c: c in (front.cell("3952"), front.cell("4052")), "all_lake",
                  notes="Lake Sevan")
    return front


def _caucasus_terrain(col: int, row: int) -> str:
    if 42 <= row <= 44 and 47 <= col <= 54:
        return "alpine" if row == 43 and 49 <= col <= 52 else "mountain"  # the Greater Caucasus
    if 31 <= row <= 33 and 44 <= col <= 46:
        return "alpine"  # the Pontic peaks above Trebizond
    if row <= 34 and 38 <= col <= 49:
        return "mountain" if (col + row) % 3 else "rough"  # the Armenian highlands
    if 38 <= row <= 40 and col == 53:
        return "swamp"  # the Kura delta
    if row <= 33 and col >= 50:
        return "rough" if (col + 2 * row) % 4 == 0 else "clear"
    return "rough" if (col * 7 + row * 3) % 11 == 0 else "clear"


# -- Iraq (rules 3.2-3.3, 7.18, 11.8, 13.21-13.22, 14.4) ---------------------------------

def iraq() -> Front:
    front = Front("iraq", IRAQ)
    for col, row in IRAQ.cells():
        cell = (col, row)
        gulf = (row >= 54 and col >= 20) or (row == 53 and col >= 24)
        if gulf:
            front.terrain[cell], front.region[cell] = "sea", "sea"
            continue
        persia = (col >= 21 and row <= 41) or (col >= 23 and row <= 47) or (col >= 24 and row >= 48)
        front.region[cell] = "persia" if persia else "iraq"
        front.terrain[cell] = _iraq_terrain(col, row, persia)
    for hex_id, name, features, vp, source in (
        ("2252", "Basra", "city;port;allied_supply", "cp=1", "rules 3.2, 8.3, 11.8, 13.21"),
        ("2552", "Abadan", "town;port;allied_supply", "", "rules 8.3, 11.8"),
        ("2436", "Hamadan", "city;russian_supply", "", "rules 3.6, 7.32, 11.8"),
        ("1845", "Kut", "town;potential_fort", "", "rule 13.22"),
        ("1846", "", "k_hex", "", "rule 13.22"), ("1944", "", "k_hex", "", "rule 13.22"),
        ("1945", "", "k_hex", "", "rule 13.22"),
        ("1442", "Baghdad", "city", "allied=1", "rule 4.2 (a TS hex; 3 permanent TS points if taken during 1915); hex illustrative"),
        ("1543", "Ctesiphon", "town", "", GENERATED), ("2148", "Amara", "town", "", GENERATED),
        ("2150", "Qurna", "town", "", GENERATED), ("1951", "Nasiriyah", "town", "", GENERATED),
        ("1338", "Samarra", "town", "", GENERATED), ("1230", "Mosul", "city;cp_supply", "", GENERATED),
        ("1535", "Kirkuk", "town", "", GENERATED), ("2138", "Kermanshah", "city;cp_city", "", "rule 3.6 (hex illustrative)"),
        ("2549", "Ahwaz", "town", "", GENERATED), ("1046", "Karbala", "town;cp_supply", "", GENERATED),
        ("2642", "Dizful", "town", "", GENERATED), ("2732", "Kazvin", "town", "", GENERATED),
    ):
        front.place(hex_id, name, features, vp, source)
    front.river(["1230", "1334", "1338", "1442", "1543", "1845", "2148", "2150", "2252", "2553"], "river",
                notes="Tigris")
    front.river(["1040", "1046", "1449", "1951", "2150"], "river", shift=(0.3, -0.2), notes="Euphrates")
    return front


def _iraq_terrain(col: int, row: int, persia: bool) -> str:
    if persia and row <= 47:
        return "mountain" if (col + row) % 3 else "rough"  # the Zagros
    if 19 <= col <= 21 and 47 <= row <= 50:
        return "swamp"  # the marshes
    if col <= 15 and row >= 46:
        return "desert"
    if row <= 33 and col <= 14:
        return "rough"
    return "desert" if col <= 12 and row >= 40 else "clear"


# -- Egypt/Palestine (rules 3.2-3.3, 7.21, 11.11-11.12, 12.9, 13.14-13.16) ---------------

SINAI_COAST = {30: 12, 31: 12, 32: 12}  # the last land row of each Sinai column (default 11)
PALESTINE_COAST = {13: 29, 14: 28, 15: 28, 16: 28, 17: 27, 18: 27, 19: 27, 20: 26, 21: 26, 22: 26, 23: 26,
                   24: 25, 25: 25, 26: 25, 27: 25, 28: 24, 29: 24, 30: 24, 31: 24}  # row -> westmost land column


def egypt() -> Front:
    front = Front("egypt", EGYPT)
    for col, row in EGYPT.cells():
        cell = (col, row)
        sea = (row >= 13 and col > PALESTINE_COAST[row]) or (col >= 30 and row > SINAI_COAST.get(col, 11))
        if sea:
            front.terrain[cell], front.region[cell] = "sea", "sea"
            continue
        front.region[cell] = _egypt_region(col, row)
        front.terrain[cell] = _egypt_terrain(col, row)
    for lake in ("2415", "2414", "2421"):  # the Dead Sea and the Sea of Galilee
        front.terrain[front.cell(lake)] = "lake"
    for hex_id, name, features, vp, source in (
        ("2913", "Gaza", "city;fort;port", "allied=1", "rules 3.3, 11.12, 13.14"),
        ("2711", "Beersheba", "town;fort", "", "rules 11.12, 13.14"),
        ("2712", "", "gaza_line", "", "rules 7.21, 13.16"), ("2813", "", "gaza_line", "", "rules 7.21, 13.16"),
        ("1728", "Damascus", "city;cp_supply", "allied=1", "rules 3.3, 8.6"),
        ("2515", "Jerusalem", "city", "allied=1", "rule 4.2 (hex illustrative)"),
        ("2430", "to Beirut", "cp_supply", "", "rule 1.3"),
        ("3611", "Pipeline Station", "pipeline", "", "rules 1.3, 11.11"),
        ("4011", "Romani", "town;pipeline;port", "", "rule 11.11 (name illustrative)"),
        ("3311", "El Arish", "town;pipeline;port", "", "rule 11.11 (name illustrative)"),
        ("3112", "Rafa", "town;pipeline", "", "rule 11.11 (name illustrative)"),
        ("4208", "Bitter Lake", "", "", "rule 1.3"),
        ("4311", "Port Said", "town;port", "", GENERATED), ("4305", "Ismailia", "town;port", "", GENERATED),
        ("4302", "Suez", "town;port", "", GENERATED), ("4407", "Cairo", "city;port;allied_supply", "", GENERATED),
        ("2717", "Jaffa", "town;port", "", GENERATED), ("2622", "Haifa", "town;port", "", GENERATED),
        ("2116", "Amman", "town", "", GENERATED), ("2524", "Nazareth", "town", "", GENERATED),
        ("1921", "Deraa", "town", "", GENERATED), ("2208", "Ma'an", "town;cp_supply", "", GENERATED),
        ("3604", "Nekhl", "town", "", GENERATED),
    ):
        front.place(hex_id, name, features, vp, source)
    # rule 4.3: every hex west of the Suez Canal is an Allied victory hex the Central Powers count
    for cell, region in front.region.items():
        if region == "egypt" and front.terrain.get(cell) != "sea":
            name, features, vp, source = front.places.get(cell, ("", "", "", GENERATED))
            front.places[cell] = (name, features, vp or "cp=1",
                                  "rule 4.3 (west of the Suez Canal)" if source == GENERATED else f"{source}; rule 4.3")
    # rule 12.9: the Suez Canal, between the columns west and east of it
    front.between(lambda c: c[0] == 43 and c[1] <= 11, lambda c: c[0] == 42, "suez_canal", "rule 12.9",
                  "course illustrative")
    front.river(["2421", "2419", "2417", "2415"], "river", shift=(-0.35, 0.0), notes="Jordan")
    return front


def _egypt_region(col: int, row: int) -> str:
    if col >= 43:
        return "egypt"
    if col >= 30 or (col >= 28 and row <= 9):
        return "sinai"
    if row >= 23:
        return "syria"
    if col <= 22 and row <= 12:
        return "hejaz"
    return "palestine"


def _egypt_terrain(col: int, row: int) -> str:
    if col >= 43:
        return "clear"
    if col >= 30:
        return "rough" if row <= 5 and col <= 38 else "desert"  # the Sinai, its southern hills
    if 24 <= col <= 26 and 13 <= row <= 21:
        return "rough"  # the Judean and Samarian hills
    if 22 <= col <= 24 and row >= 25:
        return "mountain"  # Lebanon
    if col <= 21 or row <= 10:
        return "desert"
    return "clear"


def main() -> None:
    for front in (caucasus(), iraq(), egypt()):
        front.write()


if __name__ == "__main__":
    main()
