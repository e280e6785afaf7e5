#!/usr/bin/env python3
"""Generate the area map of Strike of the Eagle: map/areas.csv and map/links.csv.

Run from the repository root:

    python data/strike-of-the-eagle/tools/make_map.py

The rulebook gives no map data: it names four places (the Soviet Eastern Links Yartsevo,
Klintsy and Elizavetgrad, and Kaunas, the Lithuanian strategic city), says that areas are
joined by roads and railways, that the Pripet Marshes split the map into a North and a South
front, and that key cities, strategic key cities, supply depots and fortifications are
printed on it. Everything else here is an illustrative reconstruction: the towns of the
1920 campaign placed by their real latitude and longitude (an equirectangular projection
onto the board, nudged by hand where two towns would overlap), the front of each by which
side of the Pripet it lies on, and roads and railways along the real main lines.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent
BOARD_MM = (1000.0, 690.0)  # room for areas of 44 mm: four 19 mm blocks in each
MARGIN_MM = 40.0
WEST, EAST, NORTH, SOUTH = 18.3, 33.2, 55.9, 48.2  # degrees: the corners of the board
PRIPET_LAT = 51.95  # north of it the North front, south of it the South front

# id: (name, latitude, longitude, features, nudge in mm (dx, dy), source)
PLACES = {
    "torun": ("Toruń", 53.01, 18.60, "", (0, 0), "illustrative"),
    "plock": ("Płock", 52.55, 19.70, "", (0, 8), "illustrative"),
    "mlawa": ("Mława", 53.11, 20.38, "", (0, 0), "illustrative"),
    "warsaw": ("Warsaw", 52.23, 21.01, "key_city;strategic_city;supply_depot;fortification", (6, 8), "illustrative"),
    "ostroleka": ("Ostrołęka", 53.08, 21.57, "", (0, 4), "illustrative"),
    "lomza": ("Łomża", 53.18, 22.06, "key_city", (18, -10), "illustrative"),
    "bialystok": ("Białystok", 53.13, 23.16, "key_city;supply_depot", (0, 0), "illustrative"),
    "siedlce": ("Siedlce", 52.17, 22.29, "", (0, 8), "illustrative"),
    "brest": ("Brest-Litovsk", 52.10, 23.69, "key_city;supply_depot;fortification", (0, 0), "illustrative"),
    "grodno": ("Grodno", 53.68, 23.83, "key_city;fortification", (0, -6), "illustrative"),
    "kaunas": ("Kaunas", 54.90, 23.90, "key_city;strategic_city", (0, 0), "Refuerzos estratégicos"),
    "vilnius": ("Wilno", 54.69, 25.28, "key_city;supply_depot", (0, 0), "illustrative"),
    "lida": ("Lida", 53.89, 25.30, "", (0, 0), "illustrative"),
    "volkovysk": ("Wołkowysk", 53.15, 24.45, "", (0, 0), "illustrative"),
    "slonim": ("Słonim", 53.09, 25.32, "", (6, 0), "illustrative"),
    "baranovichi": ("Baranowicze", 53.13, 26.01, "key_city", (14, 10), "illustrative"),
    "pinsk": ("Pińsk", 52.11, 26.10, "", (0, 0), "illustrative"),
    "molodechno": ("Mołodeczno", 54.31, 26.85, "", (-4, 0), "illustrative"),
    "polotsk": ("Połock", 55.49, 28.79, "key_city", (0, 4), "illustrative"),
    "minsk": ("Mińsk", 53.90, 27.56, "key_city;strategic_city;supply_depot", (0, 0), "illustrative"),
    "borisov": ("Borysów", 54.23, 28.50, "", (0, 0), "illustrative"),
    "vitebsk": ("Witebsk", 55.19, 30.20, "key_city;supply_depot", (0, 0), "illustrative"),
    "orsha": ("Orsza", 54.51, 30.41, "", (0, 0), "illustrative"),
    "mogilev": ("Mohylew", 53.91, 30.34, "key_city", (0, 6), "illustrative"),
    "bobruisk": ("Bobrujsk", 53.14, 29.22, "key_city;fortification", (0, 0), "illustrative"),
    "gomel": ("Homel", 52.44, 30.98, "key_city;supply_depot", (0, 0), "illustrative"),
    "yartsevo": ("Yartsevo", 55.07, 32.70, "eastern_link;supply_depot", (0, 0), "Enlaces orientales"),
    "klintsy": ("Klintsy", 52.76, 32.24, "eastern_link;supply_depot", (0, 0), "Enlaces orientales"),
    "mozyr": ("Mozyrz", 52.05, 29.25, "", (0, 0), "illustrative"),
    "lublin": ("Lublin", 51.25, 22.57, "key_city;supply_depot", (0, 0), "illustrative"),
    "deblin": ("Dęblin", 51.56, 21.85, "fortification", (-10, 8), "illustrative"),
    "chelm": ("Chełm", 51.14, 23.47, "", (0, 0), "illustrative"),
    "zamosc": ("Zamość", 50.72, 23.25, "", (-14, 14), "illustrative"),
    "kovel": ("Kowel", 51.21, 24.71, "key_city", (0, 0), "illustrative"),
    "lutsk": ("Łuck", 50.75, 25.34, "", (0, 12), "illustrative"),
    "rovno": ("Równe", 50.62, 26.25, "key_city", (6, 0), "illustrative"),
    "sarny": ("Sarny", 51.34, 26.60, "", (0, 0), "illustrative"),
    "korosten": ("Korosteń", 50.95, 28.64, "", (0, 0), "illustrative"),
    "brody": ("Brody", 50.08, 25.15, "", (-8, 8), "illustrative"),
    "lwow": ("Lwów", 49.84, 24.03, "key_city;strategic_city;supply_depot", (0, 0), "illustrative"),
    "przemysl": ("Przemyśl", 49.78, 22.77, "fortification", (0, 0), "illustrative"),
    "tarnopol": ("Tarnopol", 49.55, 25.59, "key_city", (12, 12), "illustrative"),
    "stanislawow": ("Stanisławów", 48.92, 24.71, "", (0, 0), "illustrative"),
    "proskurov": ("Płoskirów", 49.42, 27.00, "", (0, 0), "illustrative"),
    "zhitomir": ("Żytomierz", 50.25, 28.66, "key_city;supply_depot", (4, 0), "illustrative"),
    "berdichev": ("Berdyczów", 49.90, 28.60, "", (-18, 20), "illustrative"),
    "vinnitsa": ("Winnica", 49.23, 28.47, "key_city", (8, 16), "illustrative"),
    "kiev": ("Kijów", 50.45, 30.52, "key_city;strategic_city;supply_depot", (0, 0), "illustrative"),
    "bila_tserkva": ("Biała Cerkiew", 49.80, 30.11, "", (0, 4), "illustrative"),
    "uman": ("Humań", 48.75, 30.22, "", (0, 0), "illustrative"),
    "cherkasy": ("Czerkasy", 49.44, 32.06, "", (0, 0), "illustrative"),
    "elizavetgrad": ("Elizavetgrad", 48.51, 32.26, "eastern_link;supply_depot", (0, 0), "Enlaces orientales"),
}

# The strategic key cities' reinforcement squares (cubes its controller draws, by colour):
# the rules give none, so the counts are illustrative.
SQUARES = {"warsaw": "white=2;black=1", "kaunas": "white=1", "minsk": "white=1;black=1", "lwow": "white=1;green=1",
           "kiev": "white=2;green=1"}
AREA_MM = 44.0  # the side of an area's square (game.yaml: board.area_size_mm)

# (from, to, kinds): roads everywhere, railways along the main lines of 1920.
LINKS = [
    ("torun", "plock", "road;rail"), ("torun", "mlawa", "road"), ("plock", "warsaw", "road"),
    ("plock", "mlawa", "road"), ("mlawa", "warsaw", "road;rail"), ("mlawa", "ostroleka", "road"),
    ("warsaw", "ostroleka", "road"),
    ("warsaw", "siedlce", "road;rail"), ("warsaw", "deblin", "road;rail"), ("ostroleka", "lomza", "road;rail"),
    ("lomza", "bialystok", "road"), ("siedlce", "bialystok", "road;rail"),
    ("siedlce", "brest", "road;rail"), ("bialystok", "grodno", "road;rail"), ("bialystok", "volkovysk", "road;rail"),
    ("bialystok", "brest", "road;rail"), ("brest", "volkovysk", "road"), ("brest", "pinsk", "road;rail"),
    ("brest", "kovel", "road;rail"), ("brest", "chelm", "road;rail"), ("grodno", "kaunas", "road;rail"),
    ("grodno", "lida", "road"), ("grodno", "volkovysk", "road"), ("kaunas", "vilnius", "road;rail"),
    ("vilnius", "lida", "road;rail"), ("vilnius", "molodechno", "road;rail"), ("vilnius", "polotsk", "road"),
    ("lida", "molodechno", "rail"), ("lida", "baranovichi", "road;rail"), ("lida", "slonim", "road"),
    ("volkovysk", "slonim", "road;rail"), ("slonim", "baranovichi", "road;rail"), ("baranovichi", "minsk", "road;rail"),
    ("baranovichi", "pinsk", "road;rail"), ("molodechno", "minsk", "road;rail"), ("molodechno", "polotsk", "road;rail"),
    ("molodechno", "borisov", "road"), ("minsk", "borisov", "road;rail"), ("minsk", "bobruisk", "road;rail"),
    ("polotsk", "vitebsk", "road;rail"), ("polotsk", "borisov", "road"), ("borisov", "orsha", "road;rail"),
    ("vitebsk", "orsha", "road;rail"), ("vitebsk", "yartsevo", "road"), ("orsha", "yartsevo", "road;rail"),
    ("orsha", "mogilev", "road;rail"), ("borisov", "bobruisk", "road"), ("mogilev", "bobruisk", "road"),
    ("mogilev", "gomel", "road;rail"), ("mogilev", "klintsy", "road"), ("bobruisk", "gomel", "road;rail"),
    ("bobruisk", "mozyr", "road"), ("gomel", "klintsy", "road;rail"), ("gomel", "mozyr", "road"),
    ("pinsk", "mozyr", "road;rail"), ("pinsk", "sarny", "road"),
    ("deblin", "lublin", "road;rail"), ("warsaw", "lublin", "road"), ("lublin", "chelm", "road;rail"),
    ("lublin", "zamosc", "road"), ("chelm", "zamosc", "road"), ("chelm", "kovel", "road;rail"),
    ("zamosc", "lwow", "road"), ("zamosc", "lutsk", "road"), ("kovel", "lutsk", "road"),
    ("kovel", "sarny", "road;rail"), ("lutsk", "rovno", "road;rail"), ("lutsk", "brody", "road"),
    ("sarny", "rovno", "road;rail"), ("sarny", "korosten", "road;rail"), ("rovno", "korosten", "road"),
    ("rovno", "zhitomir", "road;rail"), ("rovno", "brody", "road;rail"), ("brody", "lwow", "road;rail"),
    ("brody", "tarnopol", "road"), ("lwow", "przemysl", "road;rail"), ("lwow", "tarnopol", "road;rail"),
    ("lwow", "stanislawow", "road;rail"), ("przemysl", "zamosc", "road"), ("tarnopol", "stanislawow", "road"),
    ("tarnopol", "proskurov", "road;rail"), ("proskurov", "vinnitsa", "road;rail"), ("proskurov", "berdichev", "road"),
    ("korosten", "zhitomir", "road"), ("korosten", "kiev", "road;rail"), ("korosten", "mozyr", "rail"),
    ("zhitomir", "berdichev", "road;rail"), ("zhitomir", "kiev", "road"), ("berdichev", "vinnitsa", "road"),
    ("berdichev", "kiev", "rail"), ("berdichev", "bila_tserkva", "road"), ("vinnitsa", "uman", "road"),
    ("kiev", "bila_tserkva", "road;rail"), ("kiev", "cherkasy", "road"), ("kiev", "gomel", "road;rail"),
    ("bila_tserkva", "uman", "road"), ("bila_tserkva", "cherkasy", "rail"), ("uman", "elizavetgrad", "road;rail"),
    ("cherkasy", "elizavetgrad", "road;rail"), ("vinnitsa", "bila_tserkva", "rail"),
]


def position(lat: float, lon: float, nudge: tuple[float, float]) -> tuple[float, float]:
    width, height = BOARD_MM
    x = MARGIN_MM + (lon - WEST) / (EAST - WEST) * (width - 2 * MARGIN_MM)
    y = MARGIN_MM + (NORTH - lat) / (NORTH - SOUTH) * (height - 2 * MARGIN_MM)
    return round(x + nudge[0], 1), round(y + nudge[1], 1)


def main() -> None:
    rows = []
    for area_id, (name, lat, lon, features, nudge, source) in PLACES.items():
        x, y = position(lat, lon, nudge)
        front = "north" if lat >= PRIPET_LAT else "south"
        vp = "polish=1;soviet=1" if "key_city" in features and "strategic_city" not in features else \
            "polish=2;soviet=2" if "strategic_city" in features else ""
        rows.append([area_id, name, f"{x:g}", f"{y:g}", "clear", features, front, vp, SQUARES.get(area_id, ""), source])
    with open(GAME / "map" / "areas.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["id", "name", "x", "y", "terrain", "features", "region", "vp", "squares", "source"])
        writer.writerows(rows)
    with open(GAME / "map" / "links.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["from", "to", "kind", "source"])
        for a, b, kinds in LINKS:
            writer.writerow([a, b, kinds, "illustrative"])
    # Two square areas overlap (or touch) when both their centres' distances across and down
    # are under a side and a few mm: print such pairs, to nudge them apart.
    places = {a: position(*PLACES[a][1:3], PLACES[a][4]) for a in PLACES}
    close = [(a, b, max(abs(places[a][0] - places[b][0]), abs(places[a][1] - places[b][1])))
             for i, a in enumerate(PLACES) for b in list(PLACES)[:i]]
    for a, b, d in [c for c in sorted(close, key=lambda c: c[2]) if c[2] < AREA_MM + 3]:
        print(f"{a:>14} {b:<14} {d:5.1f} mm")


if __name__ == "__main__":
    main()
