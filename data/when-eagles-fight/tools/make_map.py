"""Generate map/hexes.csv and map/hexsides.csv for When Eagles Fight.

Run from the repository root:

    PYTHONPATH=. python data/when-eagles-fight/tools/make_map.py

The rulebook gives only a few hex numbers (Warsaw 2419, Königsberg 2314, Czernowitz 3229,
Przemysl 2726, Jassy 3532, Odessa 4233, Kovno 2913, Łomża 2617, Osowiec 2816, the passes
2528 2529 2629 2830 …). Everything else is illustrative: an affine projection from latitude
and longitude is fitted to those anchors, then 1914 borders, coasts, rivers, railways,
mountains, swamps and forests are drawn from rough real-world coordinates. The output is
deterministic (no randomness beyond a fixed hash).
"""

from __future__ import annotations

import csv
import hashlib
import math
from pathlib import Path
from statistics import NormalDist

import yaml

from generator.geometry.hexgrid import HexGrid

GAME = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------------------
# grid (read from game.yaml so the two never disagree)

_spec = yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8"))
_g = _spec["maps"][0]["grid"]
GRID = HexGrid(
    orientation=_g["orientation"], columns=_g["columns"], rows=_g["rows"],
    first_column=_g["first_column"], first_row=_g["first_row"], stagger=_g["stagger"],
    column_direction=_g["column_direction"], row_direction=_g["row_direction"],
    id_format=_g["id_format"], size_mm=_g["hex_size_mm"], margin_mm=_g["margin_mm"],
)
HEXES = list(GRID.cells())


def hid(c: int, r: int) -> str:
    return GRID.hex_id(c, r)


def parse(h: str) -> tuple[int, int]:
    return GRID.parse_id(h)


# --------------------------------------------------------------------------------------
# projection: least-squares affine (lat, lon) -> page mm, fitted on the rulebook's hexes

ANCHORS = {  # hex: (lat, lon) of the real place
    "2419": (52.23, 21.01),  # Warsaw
    "2314": (54.71, 20.51),  # Königsberg
    "3229": (48.29, 25.94),  # Czernowitz
    "2726": (49.78, 22.77),  # Przemysl
    "3532": (47.16, 27.59),  # Jassy
    "4233": (46.48, 30.72),  # Odessa
    "2913": (54.90, 23.90),  # Kovno
    "2617": (53.18, 22.07),  # Łomża
    "2816": (53.48, 22.65),  # Osowiec
}


def _solve3(a, b):
    """Solve a 3x3 linear system by Cramer's rule."""
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(a)
    out = []
    for i in range(3):
        m = [row[:] for row in a]
        for k in range(3):
            m[k][i] = b[k]
        out.append(det(m) / d)
    return out


def _fit():
    rows = [(lat, lon, 1.0) for lat, lon in ANCHORS.values()]
    xs = [GRID.centre_mm(*parse(h)) for h in ANCHORS]
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    coef = []
    for axis in range(2):
        atb = [sum(r[i] * p[axis] for r, p in zip(rows, xs)) for i in range(3)]
        coef.append(_solve3(ata, atb))
    return coef


COEF = _fit()


def to_page(lat: float, lon: float) -> tuple[float, float]:
    cx, cy = COEF
    return (cx[0] * lat + cx[1] * lon + cx[2], cy[0] * lat + cy[1] * lon + cy[2])


def to_latlon(x: float, y: float) -> tuple[float, float]:
    (a, b, c), (d, e, f) = COEF
    det = a * e - b * d
    lat = ((x - c) * e - b * (y - f)) / det
    lon = (a * (y - f) - d * (x - c)) / det
    return lat, lon


def hex_of(lat: float, lon: float):
    return GRID.hex_at_mm(*to_page(lat, lon))


CENTRE = {h: GRID.centre_mm(*h) for h in HEXES}
LATLON = {h: to_latlon(*CENTRE[h]) for h in HEXES}

# --------------------------------------------------------------------------------------
# polygons (lat, lon) - 1914 borders and coasts, rough


def inside(point, poly) -> bool:
    lat, lon = point
    hit = False
    for (a_lat, a_lon), (b_lat, b_lon) in zip(poly, poly[1:] + poly[:1]):
        if (a_lon > lon) != (b_lon > lon):
            t = (lon - a_lon) / (b_lon - a_lon)
            if lat < a_lat + t * (b_lat - a_lat):
                hit = not hit
    return hit


BALTIC = [
    (62, 8), (62, 29.5), (60.05, 29.5), (59.9, 29.0), (59.75, 28.5), (59.5, 28.0), (59.5, 27.0),
    (59.5, 25.5), (59.45, 24.6), (59.3, 24.0), (59.0, 23.5), (58.6, 23.5), (58.4, 24.3),
    (58.35, 24.5), (57.9, 24.35), (57.4, 24.4), (57.05, 24.05), (57.1, 23.4), (57.3, 23.0),
    (57.75, 22.6), (57.6, 22.0), (57.4, 21.6), (57.0, 21.2), (56.5, 21.0), (56.0, 21.05),
    (55.7, 21.08), (55.3, 20.95), (54.96, 20.5), (54.95, 20.0), (54.88, 19.95), (54.65, 19.9),
    (54.45, 19.6), (54.35, 18.95), (54.4, 18.6), (54.6, 18.5), (54.83, 18.3), (54.75, 17.5),
    (54.6, 16.9), (54.45, 16.4), (54.2, 15.6), (54.1, 14.9), (53.95, 14.25), (54.1, 13.8),
    (54.2, 13.0), (54.5, 12.0), (54.5, 8),
]
BLACK_SEA = [
    (46.62, 33), (46.62, 31.1), (46.5, 30.78), (46.35, 30.65), (46.2, 30.3), (45.95, 30.05),
    (45.7, 29.75), (45.45, 29.7), (45.2, 29.7), (44.9, 29.6), (44.5, 28.9), (44.2, 28.7),
    (43.5, 28.6), (42, 28.6), (42, 33),
]
# Germany's border with Russian Poland and Russia, north to south, then with Austria
GER_EAST = [
    (55.87, 21.1), (55.5, 21.9), (55.08, 22.6), (54.85, 22.75), (54.6, 22.78), (54.35, 22.8),
    (54.2, 22.7), (53.95, 22.55), (53.7, 22.45), (53.45, 22.05), (53.3, 21.6), (53.2, 21.0),
    (53.2, 20.5), (53.15, 20.1), (53.1, 19.7), (52.95, 19.3), (52.85, 18.8), (52.6, 18.5),
    (52.35, 18.2), (52.2, 17.9), (51.95, 17.95), (51.6, 18.2), (51.25, 18.35), (51.0, 18.7),
    (50.8, 18.95), (50.45, 19.15), (50.22, 19.2),
]
GER_SOUTH = [  # with Austria, east to west
    (50.0, 18.9), (49.95, 18.2), (50.2, 17.8), (50.3, 17.2), (50.45, 16.9), (50.2, 16.7),
    (50.4, 16.3), (50.75, 15.8), (50.85, 15.0), (50.95, 14.5), (50.75, 13.5), (50.4, 12.5),
    (50.2, 8),
]
GERMANY = [(56.2, 8), (56.2, 21.05)] + GER_EAST + GER_SOUTH
# Russian Poland: east border (Neman, Bug) north to south, then Austria east to west
RP_EAST = [
    (55.08, 22.6), (55.0, 23.4), (54.9, 23.82), (54.6, 24.0), (54.3, 24.1), (54.0, 23.8),
    (53.85, 23.6), (53.7, 23.2), (53.5, 22.85), (53.2, 22.8), (52.9, 22.5), (52.6, 22.6),
    (52.4, 23.1), (52.2, 23.5), (52.05, 23.6), (51.6, 23.6), (51.2, 23.9), (50.9, 24.1),
    (50.6, 24.1), (50.45, 24.0),
]
AH_NORTH = [  # Austria's border with Russian Poland, east to west
    (50.45, 24.0), (50.5, 23.9), (50.45, 23.4), (50.3, 22.9), (50.45, 22.35), (50.55, 22.0),
    (50.68, 21.75), (50.4, 21.1), (50.25, 20.45), (50.1, 19.8), (50.22, 19.2),
]
RUSSIAN_POLAND = list(reversed(GER_EAST[2:])) + RP_EAST + AH_NORTH[1:]
AH_EAST = [  # Austria's border with Russia, then with Romania, north to south
    (50.45, 24.0), (50.4, 24.15), (50.25, 24.6), (50.1, 25.1), (49.85, 25.5), (49.6, 26.05),
    (49.2, 26.0), (48.8, 26.0), (48.6, 26.2), (48.4, 26.3), (48.25, 26.55),
]
AH_ROMANIA = [
    (48.25, 26.55), (47.68, 26.28), (47.5, 25.9), (47.3, 25.6), (46.9, 26.0), (46.4, 26.2),
    (46.0, 26.5), (45.75, 26.5), (45.55, 26.1), (45.45, 25.6), (45.45, 25.2), (45.35, 24.5),
    (45.5, 23.8), (45.35, 23.3), (45.15, 22.7), (44.7, 22.45),
]
AUSTRIA_HUNGARY = (
    [(50.2, 8)] + list(reversed(GER_SOUTH[:-1])) + [(50.22, 19.2)] + list(reversed(AH_NORTH))[1:]
    + AH_EAST[1:] + AH_ROMANIA[1:] + [(44.3, 21.5), (44.4, 20.45), (43.0, 19.5), (43.0, 8)]
)
ROMANIA = AH_ROMANIA + [
    (44.6, 22.7), (44.2, 22.7), (43.7, 24.0), (43.65, 25.3), (43.9, 26.0), (44.1, 27.3),
    (43.8, 28.6), (44.2, 28.7), (45.2, 29.7), (45.4, 29.0), (45.47, 28.2), (45.9, 28.15),
    (46.3, 28.15), (46.8, 28.1), (47.2, 27.9), (47.6, 27.4), (48.0, 27.0),
]

# --------------------------------------------------------------------------------------
# terrain sources

MOUNTAIN_RIDGES = [  # (polyline, half-width km)
    ([(49.5, 18.3), (49.3, 19.0), (49.1, 19.9), (49.1, 20.6), (49.0, 21.4), (48.85, 22.1),
      (48.7, 22.8), (48.5, 23.5), (48.3, 24.2), (48.05, 24.7), (47.8, 25.1), (47.5, 25.4),
      (47.1, 25.6), (46.6, 25.9), (46.15, 26.1), (45.75, 26.15), (45.5, 25.8), (45.4, 25.2),
      (45.35, 24.5), (45.4, 23.8), (45.3, 23.0), (45.05, 22.6)], 42),
    ([(47.0, 22.5), (46.55, 22.8), (46.25, 22.9)], 28),   # Apuseni
    ([(50.8, 15.0), (50.5, 16.2), (50.2, 17.0), (49.9, 17.6)], 25),   # Sudetes
    ([(47.6, 8.0), (47.4, 12.5), (47.2, 14.0), (46.9, 15.0)], 60),    # Alps
]
SWAMPS = [  # (polygon, share of hexes that are swamp)
    ([(52.55, 24.4), (52.6, 28.0), (52.4, 30.6), (51.3, 30.6), (51.1, 28.5), (51.3, 26.0),
      (51.55, 24.5)], 0.8),                                            # Pripet marshes
    ([(53.75, 22.35), (53.75, 23.1), (53.35, 22.95), (53.3, 22.35)], 0.9),   # Biebrza marshes
    ([(45.45, 28.7), (45.45, 29.7), (45.1, 29.7), (45.1, 28.7)], 0.9),       # Danube delta
    ([(58.8, 27.5), (58.8, 31.0), (57.3, 31.0), (57.3, 28.0)], 0.35),        # Pskov lowlands
]
FOREST_SHARE = {"russia": 0.24, "russian_poland": 0.14, "germany": 0.16,
                "austria_hungary": 0.15, "romania": 0.12}
FOREST_BLOBS = [  # centres of real forests (lat, lon), radius km
    ((53.95, 23.1), 30),   # Augustów forest
    ((52.7, 23.8), 35),    # Białowieża
    ((54.35, 22.45), 18),  # Rominten heath
    ((53.55, 21.45), 25),  # Johannisburg heath
    ((53.65, 17.9), 30),   # Tuchel heath
    ((50.9, 20.9), 28),    # Holy Cross mountains
    ((56.8, 26.5), 50),    # Livonian forests
    ((49.9, 15.5), 40),    # Bohemian-Moravian uplands
]

RIVERS = {
    "Vistula": [(50.05, 19.95), (50.3, 21.0), (50.68, 21.75), (51.56, 21.85), (52.23, 21.01),
                (52.43, 20.7), (52.55, 19.7), (53.01, 18.6), (53.48, 18.75), (54.35, 18.65)],
    "Narew": [(53.2, 22.77), (53.18, 22.07), (53.08, 21.57), (52.88, 21.4), (52.7, 21.08), (52.43, 20.7)],
    "Bug": [(50.48, 24.28), (50.85, 24.3), (52.09, 23.69), (52.4, 22.66), (52.5, 21.05)],
    "San": [(49.1, 22.6), (49.56, 22.2), (49.78, 22.77), (50.02, 22.68), (50.68, 21.75)],
    "Dniester": [(49.2, 22.9), (49.12, 24.73), (48.65, 25.73), (48.5, 26.5), (48.45, 27.8),
                 (48.16, 28.3), (46.83, 29.48), (46.2, 30.25)],
    "Prut": [(48.53, 25.04), (48.3, 25.93), (48.0, 26.8), (47.2, 27.95), (46.5, 28.15), (45.45, 28.2)],
    "Neman": [(53.68, 23.83), (54.9, 23.9), (55.08, 22.6), (55.08, 21.88), (55.3, 21.3)],
    "Dvina": [(55.19, 30.2), (55.49, 28.78), (55.87, 26.53), (56.5, 25.85), (57.05, 24.1)],
    "Oder": [(50.09, 18.22), (50.67, 17.93), (51.11, 17.03), (51.66, 16.08), (52.34, 14.55), (53.43, 14.55)],
    "Warta": [(50.81, 19.12), (51.6, 18.73), (52.22, 18.25), (52.41, 16.93), (52.57, 14.64)],
    "Danube": [(48.21, 16.37), (48.15, 17.11), (47.76, 18.12), (47.5, 19.04), (45.99, 18.68),
               (44.82, 20.45), (44.7, 22.4), (43.7, 24.5), (43.9, 26.0), (44.1, 27.3),
               (45.0, 28.0), (45.45, 28.05), (45.3, 29.0), (45.15, 29.65)],
    "Tisza": [(48.43, 22.2), (48.12, 21.4), (47.17, 20.2), (46.25, 20.15), (45.15, 20.3)],
    "Dnieper": [(54.5, 30.4), (53.9, 30.33), (52.36, 30.39), (51.3, 30.3), (50.45, 30.52)],
    "Pripet": [(51.75, 24.0), (52.11, 26.1), (52.05, 29.25), (51.3, 30.3)],
}

# --------------------------------------------------------------------------------------
# places: (name, hex or None to project, lat, lon, features, source)
R = "rule"
ILL = "illustrative"
PLACES = [
    # given by the rulebook
    ("Warsaw", "2419", 52.23, 21.01, "city fortress river rail", "rules 2.2, 7.2 A, 16"),
    ("Königsberg", "2314", 54.71, 20.51, "city fortress sea_supply rail", "rules 9.6, 10.2; fortress illustrative"),
    ("Czernowitz", "3229", 48.29, 25.94, "town victory river rail", "rule 4.3"),
    ("Przemysl", "2726", 49.78, 22.77, "town fortress victory river rail", "rule 4.3; fortress from the player's notes"),
    ("Dukla Pass", "2529", 49.40, 21.70, "pass victory rail", "rules 4.3, 12.10; name illustrative"),
    ("", "2528", None, None, "pass", "rule 12.10"),
    ("", "2629", None, None, "pass", "rule 12.10"),
    ("", "2830", None, None, "pass", "rules 4.3, 12.10 (not a victory hex)"),
    ("Jassy", "3532", 47.16, 27.59, "city rail", "rules 10.4, 15.6"),
    ("Odessa", "4233", 46.48, 30.72, "city fortress sea_supply rail_no_exit", "rules 9.6, 9.12, 16"),
    ("", "4231", None, None, "rail_no_exit", "rule 9.6"),
    ("", "4232", None, None, "rail_no_exit", "rule 9.6"),
    ("Kovno", "2913", 54.90, 23.90, "city fortress_no_drm river rail", "rule 13.15"),
    ("Łomża", "2617", 53.18, 22.07, "town fortress river", "player's notes (Tannenberg opening: an automatic B/E against it); fortress inferred"),
    ("Osowiec", "2816", 53.48, 22.65, "fortress", "player's notes (Osowiec gambit)"),
    # named in the rulebook without a hex number: positions illustrative
    ("Berlin", "1019", 52.52, 13.40, "city capital rail", "rule 4.2; hex illustrative"),
    ("Vienna", None, 48.21, 16.37, "city capital victory river rail", "rules 4.2, 4.3; hex illustrative"),
    ("Budapest", "2031", 47.50, 19.04, "city capital victory river rail", "rules 4.2, 4.3; hex illustrative"),
    ("Petrograd", "4201", 59.94, 30.31, "city capital rail", "rules 4.2, 9.7; hex illustrative"),
    ("Kronstadt", "4101", 59.99, 29.77, "town fortress", "rule 16; hex illustrative"),
    ("Riga", None, 56.95, 24.10, "city fortress river rail", "rule 16; hex illustrative"),
    ("Vilna", None, 54.69, 25.28, "city rail", "rule 7.2 A; hex illustrative"),
    ("Brest-Litovsk", None, 52.09, 23.69, "city fortress river rail", "rule 7.2 A; hex illustrative"),
    ("Lemberg", None, 49.84, 24.03, "city victory rail", "rule 7.2 J; hex illustrative"),
    ("Kraków", None, 50.06, 19.94, "city fortress victory river rail", "player's notes; hex illustrative"),
    ("Łódź", None, 51.76, 19.46, "city rail", "player's notes; hex illustrative"),
    ("Lötzen", "2515", 54.04, 21.77, "town rail", "player's notes; hex illustrative"),
    ("Insterburg", "2614", 54.63, 21.80, "town rail", "player's notes; hex illustrative"),
    ("Posen", None, 52.41, 16.93, "city fortress river rail", "rule 10.14; hex illustrative"),
    ("Thorn", "1918", 53.01, 18.60, "city fortress river rail", "rule 10.14; hex illustrative"),
    ("Breslau", None, 51.11, 17.03, "city fortress river rail", "rule 10.14; hex illustrative"),
    ("Szawli", None, 55.93, 23.31, "town rail", "player's notes; hex illustrative"),
    ("Dvinsk", None, 55.87, 26.53, "city river rail", "player's notes; hex illustrative"),
    # not named in the rulebook at all: illustrative
    ("Danzig", None, 54.35, 18.65, "city rail", ILL),
    ("Stettin", None, 53.43, 14.55, "city river rail", ILL),
    ("Memel", "2511", 55.71, 21.13, "town", ILL),
    ("Allenstein", "2316", 53.78, 20.49, "town rail", ILL),
    ("Oppeln", None, 50.67, 17.93, "town river rail", ILL),
    ("Kattowitz", None, 50.26, 19.02, "town rail", ILL),
    ("Novogeorgievsk", "2319", 52.43, 20.70, "town fortress river", ILL),
    ("Ivangorod", None, 51.56, 21.85, "town fortress river rail", ILL),
    ("Lublin", None, 51.25, 22.57, "city rail", ILL),
    ("Kalisz", None, 51.76, 18.09, "town rail", ILL),
    ("Częstochowa", None, 50.81, 19.12, "town river rail", ILL),
    ("Kielce", None, 50.87, 20.63, "town rail", ILL),
    ("Radom", None, 51.40, 21.15, "town rail", ILL),
    ("Płock", None, 52.55, 19.70, "town river", ILL),
    ("Suwałki", "2815", 54.10, 22.93, "town", ILL),
    ("Grodno", None, 53.68, 23.83, "town fortress river rail", ILL),
    ("Białystok", None, 53.13, 23.16, "town rail", ILL),
    ("Libau", None, 56.50, 21.00, "town rail", ILL),
    ("Mitau", None, 56.65, 23.72, "town rail", ILL),
    ("Reval", None, 59.44, 24.75, "town", ILL),
    ("Pskov", None, 57.82, 28.33, "city rail", ILL),
    ("Vitebsk", None, 55.19, 30.20, "city river rail", ILL),
    ("Mogilev", None, 53.90, 30.33, "town river rail", ILL),
    ("Minsk", None, 53.90, 27.57, "city rail", ILL),
    ("Baranovichi", None, 53.13, 26.00, "town rail", ILL),
    ("Pinsk", None, 52.11, 26.10, "town river rail", ILL),
    ("Mozyr", None, 52.05, 29.25, "town river rail", ILL),
    ("Kovel", None, 51.21, 24.70, "town rail", ILL),
    ("Lutsk", None, 50.75, 25.33, "town rail", ILL),
    ("Rovno", None, 50.62, 26.25, "town rail", ILL),
    ("Zhitomir", None, 50.25, 28.66, "town rail", ILL),
    ("Kiev", None, 50.45, 30.52, "city river rail", ILL),
    ("Vinnitsa", None, 49.23, 28.48, "town rail", ILL),
    ("Proskurov", None, 49.42, 27.00, "town rail", ILL),
    ("Kamenets-Podolsk", None, 48.68, 26.58, "town river", ILL),
    ("Kishinev", None, 47.01, 28.86, "town rail", ILL),
    ("Tarnów", None, 50.01, 20.99, "town rail", ILL),
    ("Gorlice", None, 49.65, 21.16, "town", ILL),
    ("Tarnopol", None, 49.55, 25.59, "town rail", ILL),
    ("Stanislau", None, 48.92, 24.71, "town rail", ILL),
    ("Kolomea", None, 48.53, 25.04, "town river rail", ILL),
    ("Kassa", None, 48.72, 21.26, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Munkács", "2728", 48.44, 22.72, "town", ILL),
    ("Debrecen", None, 47.53, 21.63, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Kolozsvár", None, 46.77, 23.60, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Brassó", None, 45.65, 25.60, "town rail", ILL),
    ("Nagyszeben", None, 45.79, 24.13, "town rail", ILL),
    ("Temesvár", None, 45.75, 21.23, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Szeged", None, 46.25, 20.15, "city victory river rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Pressburg", None, 48.15, 17.11, "city victory river rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Brünn", None, 49.20, 16.60, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Olmütz", None, 49.59, 17.25, "town rail", ILL),
    ("Prague", None, 50.08, 14.44, "city victory river rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Graz", None, 47.07, 15.44, "city victory rail", "rule 4.3 (A-H cities); city and hex illustrative"),
    ("Botoșani", None, 47.75, 26.67, "town", ILL),
    ("Focșani", None, 45.70, 27.18, "town rail", ILL),
    ("Galați", None, 45.43, 28.05, "city river rail", ILL),
    ("Ploiești", None, 44.94, 26.03, "town rail", ILL),
]

# railways as chains of place names (hexes between are drawn as straight hex lines)
RAILWAYS = [
    ["@1019", "Stettin", "Danzig", "Königsberg", "Insterburg", "Kovno", "Vilna", "Dvinsk", "Pskov", "Petrograd"],
    ["Berlin", "Posen", "Thorn", "Allenstein", "Insterburg"],
    ["Königsberg", "Lötzen", "Białystok"],
    ["Berlin", "Breslau", "Oppeln", "Kattowitz", "Kraków", "Tarnów", "Przemysl", "Lemberg",
     "Tarnopol", "Proskurov", "Vinnitsa", "@4130", "@4231", "@4232", "Odessa"],
    ["Posen", "Breslau"],
    ["Thorn", "Warsaw", "Brest-Litovsk", "Baranovichi", "Minsk", "@4215"],
    ["Kalisz", "Łódź", "Warsaw"],
    ["Kattowitz", "Częstochowa", "Łódź"],
    ["Warsaw", "Białystok", "Grodno", "Vilna"],
    ["Warsaw", "Radom", "Ivangorod", "Lublin", "Kovel", "Rovno", "Zhitomir", "Kiev", "@4223"],
    ["Kielce", "Radom"],
    ["Libau", "Szawli", "Vilna", "Minsk"],
    ["Riga", "Mitau", "Szawli"],
    ["Riga", "Dvinsk", "Vitebsk", "@4211"],
    ["Vitebsk", "Mogilev", "@4217"],
    ["Brest-Litovsk", "Pinsk", "Mozyr", "@4219"],
    ["Brest-Litovsk", "Kovel"],
    ["Lemberg", "Stanislau", "Kolomea", "Czernowitz", "Jassy", "Kishinev", "Odessa"],
    ["Vienna", "Brünn", "Olmütz", "Kraków"],
    ["@1027", "Prague", "Brünn"],
    ["Vienna", "Pressburg", "Budapest", "Szeged", "Temesvár"],
    ["@1030", "Vienna", "Graz"],
    ["Budapest", "Debrecen", "Kolozsvár", "Nagyszeben", "Brassó", "Ploiești"],
    ["Budapest", "Kassa", "Dukla Pass", "Przemysl"],
    ["Jassy", "Focșani", "Galați"],
    ["Focșani", "Ploiești"],
    ["Lutsk", "Rovno"],
]

# hexsides given by the rules or drawn by hand
EXPLICIT_HEXSIDES = [
    ("2412", "2413", "all_sea", "rule 12.3 (example)", "Curonian lagoon"),
    ("2514", "2614", "lake", ILL, "Mauer lakes"),
    ("2515", "2516", "lake", ILL, "Löwentin lake"),
    ("2516", "2616", "lake", ILL, "Spirding lake"),
    ("2516", "2617", "lake", ILL, "Roś lake"),
    ("2628", "2528", "pass_path", "rule 12.10 (example)", "pass path"),
    ("2528", "2529", "pass_path", ILL, "pass path"),
    ("2629", "2630", "pass_path", ILL, "pass path"),
    ("2830", "2831", "pass_path", ILL, "pass path"),
]
LAKE_POLYGONS = [  # midpoints of land-land hexsides inside them become lake hexsides
    ("Lake Peipus", [(58.95, 26.9), (58.95, 27.9), (57.85, 28.1), (57.85, 27.3)]),
    ("Lake Balaton", [(47.05, 17.25), (47.05, 18.2), (46.7, 18.2), (46.7, 17.25)]),
]

# hexes whose terrain or region the rules or the opening fix
FORCE_TERRAIN = {
    "2528": "mountain", "2529": "mountain", "2629": "mountain", "2830": "mountain",
    "2628": "mountain",  # the 12.10 example moves from it onto the pass path
    "2816": "swamp",     # Osowiec in the Biebrza marshes (fits 5:1 +1 in the player's notes)
    "2726": "clear", "2425": "clear", "3229": "clear", "3237": "clear",
}
HEX_NOTES = {  # hexes the rulebook mentions without naming a place: (source, note)
    "2628": ("rule 12.10 (example); terrain illustrative", "moving 2628 to 2528 follows the pass path (1 MP); 2628 to 2629 does not (2 MP)"),
    "2412": ("rule 12.3 (example); terrain illustrative", "all-sea hexside to 2413"),
    "2413": ("rule 12.3 (example); terrain illustrative", "all-sea hexside to 2412"),
    "2425": ("rule 2.4 (A-H I Corps set-up); terrain illustrative", ""),
    "1820": ("rule 13.3 (example); terrain illustrative", "a unit here may not attack both 1919 and 1920 in one phase"),
    "2317": ("player's notes; terrain illustrative", "Russian 1 Corps at the start"),
    "2417": ("player's notes; terrain illustrative", "three Russian corps at the start"),
    "2316": ("player's notes; terrain illustrative", "Tannenberg opening: FR moves here"),
    "2318": ("player's notes; terrain illustrative", "Tannenberg opening: 20 Corps moves here; OberOst placed here"),
    "2616": ("player's notes; terrain illustrative", "Tannenberg opening: 1 and 17 Corps and 3R move here"),
    "2715": ("player's notes; terrain illustrative", "Osowiec gambit: 1 Corps and 3R advance here"),
    "2716": ("player's notes; terrain illustrative", "Osowiec gambit: 17 Corps advances here"),
    "2218": ("player's notes; terrain illustrative", "retreat hex for the Russian 1 Corps"),
    "2217": ("player's notes; terrain illustrative", "retreat hex for the Russian 1 Corps"),
    "2516": ("player's notes; terrain illustrative", "retreat hex for the corps in 2417"),
    "2418": ("player's notes; terrain illustrative", "1 Corps advances here after Łomża"),
    "2416": ("player's notes; terrain illustrative", "Tannenberg opening: 1 Cav moves here"),
}
FORCE_LAND = {"2412", "2413"}  # both sides of the 12.3 example hexside are land
FORCE_REGION = {
    "2412": "germany", "2413": "germany", "1821": "russian_poland",
    # Tannenberg opening: Russians already inside East Prussia; Łomża and Osowiec Russian Poland
    "2317": "germany", "2417": "germany", "2316": "germany", "2318": "germany",
    "2218": "germany", "2217": "germany", "2416": "germany", "2515": "germany",
    "2516": "germany", "2616": "germany", "2715": "germany", "2714": "germany",
    "2617": "russian_poland", "2716": "russian_poland", "2816": "russian_poland",
    "2418": "russian_poland", "2419": "russian_poland", "2319": "russian_poland",
    "2913": "russia", "2425": "austria_hungary", "2726": "austria_hungary",
    "3229": "austria_hungary", "3532": "romania", "4233": "russia",
}


# --------------------------------------------------------------------------------------
# helpers

def km_between(a, b) -> float:
    lat = math.radians((a[0] + b[0]) / 2)
    dy = (a[0] - b[0]) * 111.2
    dx = (a[1] - b[1]) * 111.2 * math.cos(lat)
    return math.hypot(dx, dy)


def km_to_polyline(p, line) -> float:
    best = float("inf")
    lat0 = math.radians(p[0])
    def xy(q):
        return (q[1] * 111.2 * math.cos(lat0), q[0] * 111.2)
    px, py = xy(p)
    for a, b in zip(line, line[1:]):
        ax, ay = xy(a)
        bx, by = xy(b)
        dx, dy = bx - ax, by - ay
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def noise(h, salt: str) -> float:
    digest = hashlib.sha256(f"{salt}:{h[0]}:{h[1]}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def smooth_noise(h, salt: str) -> float:
    values = [noise(h, salt)] + [noise(n, salt) for _, n in GRID.neighbours(*h)]
    return 0.5 * values[0] + 0.5 * sum(values[1:]) / (len(values) - 1)


def FOREST_CUT(share: float) -> float:
    """Threshold of smooth_noise (mean 0.5, sd about 0.156) above which `share` of hexes lie."""
    return 0.5 + NormalDist().inv_cdf(1 - share) * 0.156


def line_hexes(a, b):
    """Hexes on the straight line between two hex centres (sampled)."""
    (ax, ay), (bx, by) = GRID.centre_mm(*a), GRID.centre_mm(*b)
    steps = max(2, int(math.hypot(bx - ax, by - ay) / (GRID.size_mm / 4)))
    out = []
    for i in range(steps + 1):
        t = i / steps
        h = GRID.hex_at_mm(ax + t * (bx - ax), ay + t * (by - ay))
        if h is not None and (not out or out[-1] != h):
            out.append(h)
    return out


def polyline_hexes(points):
    """Hexes a lat/lon polyline passes through (sampled every ~5 km)."""
    out = []
    for a, b in zip(points, points[1:]):
        n = max(2, int(km_between(a, b) / 5))
        for i in range(n + 1):
            t = i / n
            h = hex_of(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            if h is not None and h not in out:
                out.append(h)
    return out


def land_region(p) -> str:
    for poly, name in ((GERMANY, "germany"), (RUSSIAN_POLAND, "russian_poland"),
                       (AUSTRIA_HUNGARY, "austria_hungary"), (ROMANIA, "romania")):
        if inside(p, poly):
            return name
    return "russia"


# --------------------------------------------------------------------------------------
# build

def build():
    region, terrain, features, names, sources, notes = {}, {}, {}, {}, {}, {}
    for h in HEXES:
        if hid(*h) not in FORCE_LAND and (inside(LATLON[h], BALTIC) or inside(LATLON[h], BLACK_SEA)):
            region[h], terrain[h] = "sea", "sea"
        else:
            region[h], terrain[h] = land_region(LATLON[h]), "clear"
        features[h] = []

    # places
    place_hex = {}
    for name, fixed, lat, lon, feats, source in PLACES:
        h = parse(fixed) if fixed else hex_of(lat, lon)
        if h is None:
            raise SystemExit(f"{name} falls off the map")
        if h in names and names[h] and name:
            raise SystemExit(f"{name} and {names[h]} share hex {hid(*h)}")
        if name:
            names[h] = name
            place_hex[name] = h
        features[h] += feats.split()
        sources[h] = source
        if terrain[h] == "sea":
            region[h], terrain[h] = land_region(LATLON[h]), "clear"

    for h_text, value in FORCE_REGION.items():
        region[parse(h_text)] = value
    land = {h for h in HEXES if terrain[h] != "sea"}

    # mountains
    for h in land:
        for line, width in MOUNTAIN_RIDGES:
            if km_to_polyline(LATLON[h], line) <= width:
                terrain[h] = "mountain"
    # swamps
    for h in land:
        for poly, share in SWAMPS:
            if terrain[h] == "clear" and inside(LATLON[h], poly) and noise(h, "swamp") < share:
                terrain[h] = "swamp"
    # forests: real forests plus smoothed noise by country
    for h in land:
        if terrain[h] != "clear":
            continue
        blob = any(km_between(LATLON[h], c) <= r for c, r in FOREST_BLOBS)
        share = FOREST_SHARE.get(region[h], 0.15)
        if blob or smooth_noise(h, "forest") > FOREST_CUT(share):
            terrain[h] = "forest"
    for h_text, value in FORCE_TERRAIN.items():
        terrain[parse(h_text)] = value
    for h in names:  # cities and towns sit on open ground unless forced
        if terrain[h] == "forest" and hid(*h) not in FORCE_TERRAIN:
            terrain[h] = "clear"

    # rivers
    for river, points in RIVERS.items():
        for h in polyline_hexes(points):
            if h in land and "river" not in features[h]:
                features[h].append("river")
    # the player's notes: Osowiec gives no river DRM (5:1 +1 works with fortress and swamp)
    osowiec = parse("2816")
    if "river" in features[osowiec]:
        features[osowiec].remove("river")

    # railways
    def point(name):
        return parse(name[1:]) if name.startswith("@") else place_hex[name]
    for chain in RAILWAYS:
        for a, b in zip(chain, chain[1:]):
            for h in line_hexes(point(a), point(b)):
                if (h in land and "rail" not in features[h] and "rail_no_exit" not in features[h]
                        and names.get(h) != "Kronstadt"):
                    features[h].append("rail")

    # victory values: A-H victory hexes count for the Russian player
    vp = {h: "russia=1" for h in land if "victory" in features[h]}

    # hexsides
    sides = []
    seen = set()
    def add(a, b, feature, source, note):
        key = (min(a, b), max(a, b), feature)
        if key in seen:
            return
        seen.add(key)
        sides.append((hid(*a), hid(*b), feature, source, note))
    for a_text, b_text, feature, source, note in EXPLICIT_HEXSIDES:
        add(parse(a_text), parse(b_text), feature, source, note)
    for h in sorted(land):
        for _, n in GRID.neighbours(*h):
            if n <= h or n not in land:
                continue
            mid = to_latlon(*[(p + q) / 2 for p, q in zip(CENTRE[h], CENTRE[n])])
            if inside(mid, BALTIC) or inside(mid, BLACK_SEA):
                add(h, n, "all_sea", ILL, "coast")
            for lake, poly in LAKE_POLYGONS:
                if inside(mid, poly):
                    add(h, n, "lake", ILL, lake)
    # Kronstadt sits on an island: water all round except towards the south shore
    kron = parse("4101")
    for _, n in GRID.neighbours(*kron):
        if n in land and hid(*n) != "4102":
            add(kron, n, "all_sea", ILL, "Kotlin island")

    return region, terrain, features, names, sources, vp, sides


ORDER = ["city", "town", "capital", "fortress", "fortress_no_drm", "victory", "pass",
         "sea_supply", "river", "rail", "rail_no_exit"]


def write(region, terrain, features, names, sources, vp, sides):
    with open(GAME / "map" / "hexes.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "terrain", "name", "features", "region", "vp", "source", "notes"])
        for h in sorted(HEXES):
            feats = sorted(features[h], key=ORDER.index)
            source, note = HEX_NOTES.get(hid(*h), (sources.get(h, ILL), ""))
            w.writerow([hid(*h), terrain[h], names.get(h, ""), ";".join(feats), region[h],
                        vp.get(h, ""), source, note])
    with open(GAME / "map" / "hexsides.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "neighbour", "feature", "source", "notes"])
        for row in sides:
            w.writerow(row)


def main():
    data = build()
    write(*data)
    region, terrain, features, names, *_ = data
    counts = {}
    for h in HEXES:
        counts[terrain[h]] = counts.get(terrain[h], 0) + 1
    print(f"{len(HEXES)} hexes, {len(names)} named, terrain {counts}, {len(data[-1])} hexsides")
    print(f"grid {GRID.width_mm:.0f} x {GRID.height_mm:.0f} mm")


if __name__ == "__main__":
    main()
