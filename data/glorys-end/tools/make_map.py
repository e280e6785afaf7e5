#!/usr/bin/env python3
"""Generate the hex tables of 1914: Glory's End (campaign map and Marne mini-map).

Run from the repository root:

    PYTHONPATH=. python data/glorys-end/tools/make_map.py

It writes map/hexes.csv, map/hexsides.csv, map/marne-hexes.csv and map/marne-hexsides.csv
and prints the hexside lists of the named lines (Meuse, Meuse Line, "Paris is in Danger!")
in YAML, to be pasted into game.yaml (`--lines`), or an ASCII picture of the map (`--ascii`).

Hex ids follow the printed map: the first pair is the row (growing north to south), the
second the column (growing east to west); hexes are pointy-topped and odd rows sit half a
hex further west. The rulebook gives about forty hex numbers (rules 2.2-16.4). Everything
else - coastline, borders, terrain, rivers, the position of places it names without a hex -
is an illustrative reconstruction: real coordinates (latitude, longitude) are projected onto
the grid by an affine fit to the hexes the rulebook does number, then tidied by hand where
the printed numbers disagree with the fit (the map squeezes the Seine estuary, for instance).
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

from generator.geometry.hexgrid import HexGrid

GAME = Path(__file__).resolve().parent.parent
GENERATED = "illustrative (tools/make_map.py)"

MAIN = dict(first_row=10, rows=36, first_column=11, columns=47)  # rows 10-45, columns 11-57
MARNE = dict(first_row=22, rows=16, first_column=22, columns=21)  # rows 22-37, columns 22-42


def make_grid(spec: dict) -> HexGrid:
    return HexGrid(orientation="pointy", stagger="odd", column_direction="east_west",
                   row_direction="north_south", id_format="{row:02d}{col:02d}", size_mm=17.5,
                   margin_mm=12, **{"columns": spec["columns"], "rows": spec["rows"],
                                    "first_column": spec["first_column"], "first_row": spec["first_row"]})


GRID = make_grid(MAIN)
MARNE_GRID = make_grid(MARNE)


def hid(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def parse(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def gx(row: int, col: int) -> tuple[float, float]:
    """Position of a hex centre in (row, x) units: x grows westward, odd rows +0.5."""
    return float(row), col + 0.5 * (row % 2)


# --- projection: (lat, lon) -> (row, x), fitted to the numbered hexes -----------------------
R0, RA, RO = 422.657, -8.06516, 0.434035
X0, XA, XO = 54.5488, -0.173645, -4.46190


def L(lat: float, lon: float) -> tuple[float, float]:
    row = R0 + RA * lat + RO * lon
    x = X0 + XA * lat + XO * lon
    squeeze = max(0.0, min(1.0, (x - 41.0) / 4.5))  # the map squeezes Normandy towards Rouen
    return row - 1.6 * squeeze, x - 1.5 * squeeze


def G(row: float, x: float) -> tuple[float, float]:
    return row, x


def inside(point, polygon) -> bool:
    y, x = point
    result = False
    n = len(polygon)
    for i in range(n):
        y1, x1 = polygon[i]
        y2, x2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                result = not result
    return result


# --- the sea: Channel and North Sea, drawn on the grid itself --------------------------------
SEA = [
    G(0, 31.0), G(9.5, 31.2), G(10.0, 32.5), G(11.0, 34.0), G(12.0, 34.5), G(12.6, 35.0),
    G(12.6, 38.2), G(13.3, 38.8), G(14.0, 39.5), G(15.0, 40.0), G(16.0, 39.5), G(17.0, 40.0),
    G(18.0, 39.5), G(19.0, 40.0), G(20.0, 40.5), G(20.6, 41.0), G(20.6, 43.9), G(21.0, 44.0),
    G(22.0, 44.5), G(22.6, 44.2), G(23.0, 44.0), G(23.6, 44.6), G(23.6, 49.0), G(23.2, 49.8),
    G(20.5, 49.6), G(19.5, 50.0), G(19.4, 53.6), G(20.0, 53.4), G(22.0, 52.9), G(24.0, 52.4),
    G(26.6, 52.1), G(27.5, 51.6), G(28.3, 51.2), G(28.4, 52.2), G(27.6, 53.0), G(27.6, 55.6),
    G(28.4, 57.0), G(28.4, 70.0), G(0, 70.0),
]

# --- countries (1914 borders, rough) --------------------------------------------------------
GERMANY = [L(*p) for p in [
    (53.0, 6.8), (51.85, 6.1), (51.55, 6.2), (51.37, 6.2), (51.05, 6.17), (50.87, 6.07),
    (50.76, 6.02), (50.65, 5.95), (50.5, 5.95), (50.35, 5.95), (50.17, 6.02), (50.13, 6.13),
    (49.95, 6.22), (49.8, 6.5), (49.48, 6.37), (49.47, 5.95), (49.3, 5.95), (49.1, 5.89),
    (48.95, 5.95), (48.9, 6.1), (48.75, 6.2), (48.72, 6.45), (48.65, 6.8), (48.5, 7.08),
    (48.3, 7.05), (48.15, 7.1), (47.95, 6.95), (47.82, 6.85), (47.6, 7.05), (47.5, 7.08),
    (47.49, 7.5), (47.58, 7.59), (47.6, 10.0), (53.0, 10.0)]]
LUXEMBOURG = [L(*p) for p in [
    (50.18, 6.03), (50.13, 6.13), (49.95, 6.22), (49.8, 6.5), (49.48, 6.37), (49.47, 5.95),
    (49.55, 5.82), (49.8, 5.75)]]
HOLLAND = [L(*p) for p in [
    (53.0, 3.0), (51.37, 3.37), (51.27, 3.55), (51.22, 3.9), (51.33, 4.2), (51.36, 4.25),
    (51.48, 4.45), (51.43, 4.75), (51.45, 5.0), (51.28, 5.2), (51.25, 5.5), (51.15, 5.8),
    (50.95, 5.75), (50.8, 5.68), (50.76, 6.02), (50.87, 6.07), (51.05, 6.17), (51.37, 6.2),
    (51.55, 6.2), (51.85, 6.1), (53.0, 6.8)]]
BELGIUM = [L(*p) for p in [
    (51.09, 2.55), (51.3, 2.3), (51.6, 3.0), (51.37, 3.37), (51.27, 3.55), (51.22, 3.9), (51.33, 4.2), (51.36, 4.25),
    (51.48, 4.45), (51.43, 4.75), (51.45, 5.0), (51.28, 5.2), (51.25, 5.5), (51.15, 5.8),
    (50.95, 5.75), (50.8, 5.68), (50.76, 6.02), (50.65, 5.95), (50.5, 5.95), (50.35, 5.95),
    (50.17, 6.02), (50.13, 6.13), (50.18, 6.03), (49.8, 5.75), (49.55, 5.82), (49.55, 5.45),
    (49.7, 5.2), (49.8, 4.95), (49.95, 4.85), (50.15, 4.85), (50.1, 4.7), (49.97, 4.45),
    (50.05, 4.15), (50.3, 4.05), (50.35, 3.75), (50.5, 3.6), (50.63, 3.28), (50.8, 3.1),
    (50.72, 2.9), (50.85, 2.65)]]
SWITZERLAND = [L(*p) for p in [
    (47.58, 7.59), (47.49, 7.5), (47.43, 7.2), (47.5, 7.0), (47.3, 6.95), (47.1, 6.75),
    (46.9, 6.45), (46.0, 6.0), (46.0, 10.0), (47.6, 10.0)]]

# --- terrain ---------------------------------------------------------------------------------
MOUNTAINS = {
    "Vosges": [L(*p) for p in [(48.78, 7.12), (48.62, 7.32), (48.3, 7.25), (48.0, 7.17),
                               (47.78, 7.02), (47.7, 6.82), (47.87, 6.66), (48.1, 6.78),
                               (48.35, 6.88), (48.6, 6.93)]],
    "Jura": [L(*p) for p in [(47.45, 6.95), (47.3, 7.2), (46.8, 6.9), (46.8, 6.2), (47.1, 6.25),
                             (47.35, 6.6)]],
    "Black Forest": [L(*p) for p in [(48.8, 7.97), (48.8, 9.0), (47.6, 9.0), (47.65, 7.85),
                                     (48.0, 7.9), (48.4, 8.0)]],
}
FORESTS = {
    "Ardennes": [L(*p) for p in [(50.3, 4.5), (50.36, 5.6), (50.3, 6.0), (50.0, 6.1), (49.75, 5.9),
                                 (49.68, 5.2), (49.74, 4.6), (50.0, 4.4)]],
    "Eifel": [L(*p) for p in [(50.55, 6.35), (50.5, 7.0), (50.15, 7.0), (50.05, 6.45), (50.3, 6.2)]],
    "Hunsrück": [L(*p) for p in [(50.02, 7.0), (49.95, 7.8), (49.68, 7.6), (49.6, 6.9)]],
    "Pfälzerwald": [L(*p) for p in [(49.5, 7.6), (49.45, 8.1), (49.05, 8.1), (49.1, 7.55)]],
    "Hardt": [L(*p) for p in [(49.06, 7.25), (49.0, 7.7), (48.8, 7.5), (48.85, 7.2)]],
    "Argonne": [L(*p) for p in [(49.38, 4.83), (49.38, 5.07), (48.95, 5.07), (48.95, 4.85)]],
    "Hauts de Meuse": [L(*p) for p in [(49.25, 5.45), (49.25, 5.7), (48.95, 5.7), (48.95, 5.5)]],
    "Compiègne": [L(*p) for p in [(49.5, 2.78), (49.47, 3.12), (49.33, 3.12), (49.33, 2.8)]],
    "Retz": [L(*p) for p in [(49.31, 3.0), (49.29, 3.28), (49.19, 3.22), (49.21, 2.95)]],
    "Fontainebleau": [L(*p) for p in [(48.47, 2.5), (48.45, 2.85), (48.3, 2.85), (48.33, 2.5)]],
}
SWAMP = {"3028", "3029"}  # the St-Gond marshes (rule 12.8 terrain; position illustrative)

FORCE_REGION = {"1631": "belgium", "2519": "belgium", "1520": "holland", "4212": "switzerland",
                # rule 8.2: the German map edge runs to 4511, so the edge column stays German there
                "4311": "germany", "4411": "germany", "4511": "germany"}
FORCE_SEA = {"2144", "2245", "2344"}
FORCE_LAND = {"1032", "1133", "1335", "1337", "1439", "1839", "1939", "2141", "2244", "2343", "2444"}

# --- places --------------------------------------------------------------------------------
# hex: (name, features, vp, source, notes)
PLACES: dict[str, tuple] = {
    # numbered in the rulebook
    "1032": ("Ostend", "town;port", "german=3c", "rule 4.3 (conditional VP; value illustrative); rule 7.9", ""),
    "1335": ("Dunkirk", "town;port", "german=3c", "rule 4.3 (conditional VP; value illustrative); rule 7.9", ""),
    "1337": ("Calais", "town;port", "german=3c", "rule 4.3 (conditional VP; value illustrative); rule 7.9", ""),
    "1439": ("Boulogne", "town;port", "german=3c", "rule 4.3 (conditional VP; value illustrative); rule 7.9", ""),
    "2244": ("Le Havre", "city;port;port_access", "german=4", "rule 4.2; rule 7.9", "also a river-access hex of Rouen"),
    "2442": ("Rouen", "city;interior_port", "", "rule 7.9", "interior port: access hexes 2243 2244 2342 2343 2443"),
    "2243": ("", "port_access", "", "rule 7.9", "river access to Rouen"),
    "2342": ("", "port_access", "", "rule 7.9", "river access to Rouen"),
    "2343": ("", "port_access", "", "rule 7.9", "river access to Rouen"),
    "2443": ("", "port_access", "", "rule 7.9", "river access to Rouen"),
    "1226": ("Antwerp", "city;interior_port;fortress", "", "rule 2.2; rule 7.9", "interior port: access hexes 1126 1127 1227"),
    "1126": ("", "port_access", "", "rule 7.9", "river access to Antwerp"),
    "1127": ("", "port_access", "", "rule 7.9", "river access to Antwerp"),
    "1227": ("", "port_access", "", "rule 7.9", "river access to Antwerp"),
    "3912": ("Vogelsheim", "town", "allied=4", "rule 4.2", "printed 'Vogelseheim' in the rulebook"),
    "1632": ("Lille", "city", "allied=5;german=5", "rule 4.2", "the only hex worth VP to both sides"),
    "2013": ("Koblenz", "city", "allied=5c", "rule 4.3 (5c); name and side illustrative",
             "rule 4.3 calls hex 2013 'Le Cateau', but by the numbering 2013 lies in the Rhineland "
             "(Le Cateau is near 2030); we read it as a German city and give the conditional 5 VP to the Allies"),
    "3036": ("Paris", "city;capital", "german=10", "rule 4.2; rule 6.3",
             "rule 4.2 gives 10 VP for 'the Paris hex'; we print it on 3036 only"),
    "3037": ("Paris", "city;capital", "", "rule 6.3", "Paris hex: only French units may end a move here"),
    "3136": ("Paris", "city;capital;rail_hub", "", "rule 6.3; rule 11.3", "southern Paris: rail hub (-4 Allied rail capacity if lost)"),
    "3334": ("Melun", "town;rail_hub", "", "rule 11.3; rule 16.4", "rail hub (-4 Allied rail capacity if lost)"),
    "1525": ("Brussels", "city;capital", "", "rule 7.10", "only Belgian supply source"),
    "1621": ("Liège", "city;fortress", "", "rule 7.11; rule 14.2", ""),
    "2038": ("Abbeville", "town", "", "rule 7.11; rule 7.13", "row 20 bottleneck"),
    "1415": ("Cologne", "city", "", "rule 8.2", "German entry hex"),
    "2822": ("Verdun", "town;fortress", "", "rule 14.10", ""),
    "3320": ("Toul", "town;fortress", "", "rule 14.10", ""),
    "3716": ("Épinal", "town;fortress", "", "rule 14.10", ""),
    "4115": ("Belfort", "town;fortress", "", "rule 14.10", ""),
    "3223": ("Bar-le-Duc", "town", "", "rule 3.4 (hex); name illustrative", "French 4th Army mobilization hex"),
    # named without a hex in the rulebook (positions illustrative)
    "1928": ("Maubeuge", "town;fortress", "", "rule 14.2 (fortress); position illustrative", ""),
    "2529": ("Laon", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "2627": ("Rethel", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "2728": ("Reims", "city", "german=2", "rule 16.4 (Marne objective); position and VP illustrative", ""),
    "3027": ("Châlons", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "3226": ("Vitry-le-François", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "2928": ("Épernay", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "2930": ("Château-Thierry", "town", "", "rule 16.4 (Marne objective); position illustrative", ""),
    "1433": ("Ypres", "town", "allied=5c", "designer's note to rule 4.3 (Ypres held at the end of turn 30 is worth VP to the Allies); position illustrative",
             "5c: the designer's historical narrow Allied win is -7 + 7 (Plan XVII) + 15 (Eastern Front) + Ypres = 20"),
    "2918": ("Metz", "city", "allied=5", "position and VP illustrative", ""),
    "3412": ("Strasbourg", "city", "allied=5", "position and VP illustrative", ""),
    "1824": ("Namur", "town;fortress", "", "position illustrative", ""),
    "2030": ("Le Cateau", "town", "", "position illustrative", "see the note on hex 2013"),
}
TOWNS = """
2135 Amiens city german=3
1833 Arras
1931 Cambrai
2231 Saint-Quentin
1830 Valenciennes
1832 Douai
2228 Hirson
2631 Soissons
2533 Compiègne
2433 Noyon
2536 Beauvais
2334 Montdidier
2132 Péronne
1436 Saint-Omer
1534 Hazebrouck
1634 Béthune
2141 Dieppe port
2841 Évreux
2838 Mantes
2837 Pontoise
2734 Senlis
2933 Meaux
2932 La Ferté-sous-Jouarre
2331 La Fère
2324 Mézières
2424 Sedan
2024 Givet
2622 Montmédy
2620 Longwy
3121 Saint-Mihiel
2924 Sainte-Menehould
3324 Saint-Dizier
3318 Nancy city german=3
3417 Lunéville
3615 Saint-Dié
3817 Remiremont
4216 Montbéliard
4419 Besançon city
4118 Vesoul
3922 Langres
3723 Chaumont
3520 Neufchâteau
3527 Troyes city
3625 Bar-sur-Aube
3129 Sézanne
3231 Provins
3032 Coulommiers
3030 Montmirail
3128 Fère-Champenoise
3330 Nogent-sur-Seine
3531 Sens
3930 Auxerre
3734 Montargis
3433 Fontainebleau
3737 Orléans city
3339 Chartres
3137 Versailles
4323 Dijon city
4221 Gray
3925 Châtillon-sur-Seine
2444 Honfleur
2446 Caen city
2544 Lisieux
2052 Cherbourg port
2449 Saint-Lô
2850 Avranches
2854 Saint-Malo port
3252 Rennes city
3348 Laval
3144 Alençon
3444 Le Mans city
4042 Tours city
1329 Ghent city
1131 Bruges
1133 Nieuport
1233 Dixmude
1431 Courtrai
1631 Tournai
1728 Mons
1826 Charleroi city
1923 Dinant
1425 Louvain
1325 Malines
1422 Hasselt
1722 Huy
2220 Bastogne
2519 Arlon
2022 Marche
1523 Tirlemont
1327 Termonde
1520 Maastricht
2518 Luxembourg city capital
1619 Aachen city
1215 Düsseldorf city
1714 Bonn
2416 Trier city allied=2
2914 Saarbrücken city allied=2
2717 Thionville
3314 Sarrebourg
3813 Colmar allied=2
4113 Mulhouse city allied=3
3313 Saverne
2711 Kaiserslautern
1918 Malmedy
1617 Düren
2217 Bitburg
3116 Morhange
3014 Sarreguemines
3911 Freiburg city
4212 Basel city
"""
for line in TOWNS.strip().splitlines():
    parts = line.split()
    h, rest = parts[0], parts[1:]
    kinds = [p for p in rest if p in ("city", "port", "capital")]
    vps = [p for p in rest if "=" in p]
    name = " ".join(p for p in rest if p not in kinds and p not in vps)
    features = ["city" if "city" in kinds else "town"] + [k for k in kinds if k != "city"]
    assert h not in PLACES, h
    PLACES[h] = (name, ";".join(features), ";".join(vps),
                 "position and VP illustrative" if vps else "position illustrative", "")

# --- rivers (polylines; a river runs along every hexside whose centre link it crosses) -------
MEUSE_START, MEUSE_END, MARNE_JOIN = ("1520", "1620"), ("3621", "3720"), ("3921", "3922")


def mid(a: str, b: str) -> tuple[float, float]:
    (ra, xa), (rb, xb) = gx(*parse(a)), gx(*parse(b))
    return (ra + rb) / 2, (xa + xb) / 2


MAJOR = {
    "Meuse": [L(51.6, 6.1), L(51.37, 6.17), L(51.19, 5.99), L(50.95, 5.72), mid(*MEUSE_START),
              G(16.3, 21.6), L(50.52, 5.24), L(50.47, 4.87), L(50.26, 4.91), L(50.14, 4.83),
              L(49.99, 4.70), L(49.77, 4.72), L(49.70, 4.94), L(49.49, 5.19), L(49.38, 5.18),
              G(27.9, 22.3), G(28.6, 22.0), L(48.89, 5.54), L(48.76, 5.59), G(33.0, 20.9),
              L(48.36, 5.70), G(35.8, 20.4), G(36.45, 20.45), mid(*MEUSE_END), G(36.6, 21.4),
              G(37.3, 22.3)],
    "Marne": [L(48.82, 2.41), G(30.4, 35.2), L(48.96, 2.88), L(48.95, 3.13), L(49.05, 3.40),
              L(49.07, 3.64), L(49.04, 3.95), L(48.96, 4.36), L(48.72, 4.58), L(48.64, 4.95),
              L(48.44, 5.14), L(48.11, 5.14), G(38.6, 22.3), mid(*MARNE_JOIN), G(39.6, 22.6),
              G(41.0, 22.3), G(42.5, 22.6), G(44.0, 22.2), G(46.0, 22.5)],
    "Seine": [G(23.1, 44.8), G(23.4, 43.9), G(23.8, 43.0), G(24.0, 42.5), L(49.35, 1.2),
              L(49.25, 1.41), L(49.09, 1.49), L(48.99, 1.72), L(48.93, 2.05), G(30.55, 36.4),
              G(30.6, 35.6), L(48.61, 2.48), G(32.9, 34.6), L(48.38, 2.95), L(48.49, 3.50),
              L(48.52, 3.73), L(48.30, 4.08), L(48.11, 4.38), L(47.86, 4.57), L(47.49, 4.72)],
    "Oise": [L(50.0, 4.3), L(49.92, 4.08), L(49.9, 3.63), L(49.66, 3.37), L(49.62, 3.22),
             L(49.58, 3.0), L(49.42, 2.83), L(49.26, 2.47), L(49.05, 2.10), L(48.99, 2.06)],
    "Aisne": [L(48.85, 5.0), L(49.09, 4.90), L(49.40, 4.70), L(49.51, 4.37), L(49.43, 4.03),
              L(49.40, 3.9), L(49.38, 3.32), L(49.42, 2.83)],
    "Moselle": [L(47.88, 6.9), L(48.02, 6.59), L(48.17, 6.45), L(48.37, 6.29), L(48.62, 5.95),
                L(48.75, 6.0), L(48.90, 6.06), L(49.12, 6.18), L(49.36, 6.17), L(49.47, 6.37),
                L(49.75, 6.64), L(49.92, 7.07), L(50.15, 7.17), L(50.36, 7.59)],
    "Rhine": [L(47.56, 7.59), L(48.02, 7.58), L(48.58, 7.80), L(48.97, 8.23), L(49.5, 8.45),
              L(50.0, 8.27), L(49.97, 7.9), L(50.1, 7.75), L(50.36, 7.59), L(50.73, 7.10),
              L(50.94, 6.96), L(51.23, 6.78), L(51.6, 6.6)],
}
MINOR = {
    "Somme": [L(49.85, 3.29), L(49.93, 2.93), L(49.89, 2.30), L(50.11, 1.83), G(18.6, 39.4)],
    "Scheldt": [L(50.18, 3.24), L(50.36, 3.52), L(50.61, 3.39), L(50.85, 3.6), L(51.05, 3.72),
                L(51.1, 4.1), L(51.22, 4.35), L(51.35, 4.25), L(51.45, 4.0)],
    "Sambre": [L(50.15, 3.75), L(50.28, 3.97), L(50.41, 4.44), L(50.47, 4.87)],
    "Yser": [L(50.8, 2.45), L(50.95, 2.75), L(51.03, 2.86), L(51.13, 2.75)],
    "Lys": [L(50.64, 2.4), L(50.69, 2.88), L(50.83, 3.26), L(51.05, 3.72)],
    "Ourcq": [L(49.3, 3.55), L(49.18, 3.13), L(49.02, 3.02), L(48.97, 3.03)],
    "Grand Morin": [L(48.75, 3.85), L(48.81, 3.08), L(48.87, 2.8)],
    "Petit Morin": [L(48.85, 3.95), L(48.9, 3.5), L(48.95, 3.2)],
    "Aube": [L(47.8, 5.0), L(48.23, 4.71), L(48.53, 4.14), L(48.52, 3.73)],
    "Meurthe": [L(48.1, 7.0), L(48.28, 6.95), L(48.59, 6.50), L(48.69, 6.18), L(48.74, 6.1)],
    "Saar": [L(48.55, 7.1), L(48.73, 7.05), L(49.11, 7.07), L(49.23, 7.0), L(49.44, 6.64), L(49.7, 6.58)],
    "Vesle": [L(48.95, 4.4), L(49.26, 4.03), L(49.31, 3.68), L(49.38, 3.45)],
    "Somme-Soude": [L(48.75, 4.3), L(48.85, 4.1)],
    "Ill": [L(47.6, 7.3), L(47.75, 7.34), L(48.08, 7.36), L(48.58, 7.75)],
    "Ornain": [L(48.6, 5.3), L(48.77, 5.16), L(48.75, 4.7)],
}
ALL_SEA = [("1839", "1939", "rule 12.3", "the Somme estuary"),
           ("2343", "2444", "illustrative", "the Seine estuary"),
           ("1639", "1739", "illustrative", "the Canche estuary")]

JITTER = (0.0131, 0.0173)  # keeps polylines off hex centres


def links(grid: HexGrid):
    """Every pair of adjacent on-map hexes once, as ((row, col), (row, col))."""
    for col, row in grid.cells():
        for _, (ncol, nrow) in grid.neighbours(col, row):
            if (row, col) < (nrow, ncol):
                yield (row, col), (nrow, ncol)


def _cross(p, q, a, b):
    """Parameter along p-q where it crosses a-b (strictly inside a-b), else None."""
    (py, px), (qy, qx), (ay, ax), (by, bx) = p, q, a, b
    d = (qx - px) * (by - ay) - (qy - py) * (bx - ax)
    if abs(d) < 1e-12:
        return None
    t = ((ax - px) * (by - ay) - (ay - py) * (bx - ax)) / d
    u = ((ax - px) * (qy - py) - (ay - py) * (qx - px)) / d
    if 0 <= t <= 1 and 0 < u < 1:
        return t
    return None


def river_sides(points, pairs):
    """Hexsides a polyline runs along, in order along the line."""
    pts = [(y + JITTER[0], x + JITTER[1]) for y, x in points]
    found = {}
    for a, b in pairs:
        ca, cb = gx(*a), gx(*b)
        for i in range(len(pts) - 1):
            t = _cross(pts[i], pts[i + 1], ca, cb)
            if t is not None:
                key = (hid(*a), hid(*b))
                found[key] = min(found.get(key, 1e9), i + t)
    return [k for k, _ in sorted(found.items(), key=lambda kv: kv[1])]


def vertices(grid: HexGrid, a: str, b: str):
    """The two corners of hexside a/b, each as the frozenset of the three hexes meeting there."""
    ra, ca = parse(a)
    rb, cb = parse(b)
    na = {grid.neighbour(ca, ra, d) for d in grid.directions}
    nb = {grid.neighbour(cb, rb, d) for d in grid.directions}
    return [frozenset({(ca, ra), (cb, rb), c}) for c in na & nb]


def check_chain(grid: HexGrid, sides, label: str):
    for (a, b), (c, d) in zip(sides, sides[1:]):
        if not set(vertices(grid, a, b)) & set(vertices(grid, c, d)):
            print(f"warning: {label}: {a}/{b} and {c}/{d} do not meet", file=sys.stderr)


def cut(sides, start, end):
    keys = [frozenset(s) for s in sides]
    i, j = keys.index(frozenset(start)), keys.index(frozenset(end))
    return sides[min(i, j): max(i, j) + 1]


def build():
    hexes = {}
    for col, row in GRID.cells():
        h = hid(row, col)
        p = gx(row, col)
        if h in FORCE_SEA or (inside(p, SEA) and h not in FORCE_LAND):
            hexes[h] = {"terrain": "sea", "region": "sea"}
            continue
        if inside(p, SWITZERLAND):
            region = "switzerland"
        elif inside(p, LUXEMBOURG):
            region = "luxembourg"
        elif inside(p, HOLLAND):
            region = "holland"
        elif inside(p, BELGIUM):
            region = "belgium"
        elif inside(p, GERMANY):
            region = "germany"
        else:
            region = "france"
        terrain = "clear"
        if any(inside(p, poly) for poly in FORESTS.values()):
            terrain = "forest"
        if any(inside(p, poly) for poly in MOUNTAINS.values()):
            terrain = "mountain"
        if h in SWAMP:
            terrain = "swamp"
        hexes[h] = {"terrain": terrain, "region": region}
    for h in ("3036", "3037", "3136", "3334"):
        hexes[h]["terrain"] = "clear"
    for h, region in FORCE_REGION.items():
        hexes[h]["region"] = region
    return hexes


def hexsides(hexes):
    pairs = [(a, b) for a, b in links(GRID)
             if hexes[hid(*a)]["terrain"] != "sea" and hexes[hid(*b)]["terrain"] != "sea"]
    rows, lines, taken = [], {}, set()
    for a, b, source, note in ALL_SEA:
        rows.append((a, b, "all_sea", source, note))
        taken.add(frozenset((a, b)))
    majors = {}
    for name, points in MAJOR.items():
        sides = river_sides(points, pairs)
        if name != "Rhine":  # the Rhine leaves the map east of Strasbourg and comes back
            check_chain(GRID, sides, name)
        majors[name] = sides
        for a, b in sides:
            if frozenset((a, b)) in taken:
                continue
            taken.add(frozenset((a, b)))
            src = "rule 3.8 (course illustrative)" if name in ("Meuse", "Marne") else "illustrative"
            if name == "Marne" and parse(a)[0] >= 39 and parse(b)[0] >= 39 and (a, b) != MARNE_JOIN:
                src = "rule 3.8 (the Marne to the south edge; course illustrative)"
            rows.append((a, b, "major_river", src, name))
    for name, points in MINOR.items():
        for a, b in river_sides(points, pairs):
            if frozenset((a, b)) in taken:
                continue
            taken.add(frozenset((a, b)))
            rows.append((a, b, "minor_river", "illustrative", name))
    meuse = cut(majors["Meuse"], MEUSE_START, MEUSE_END)
    marne = majors["Marne"]
    keys = [frozenset(s) for s in marne]
    marne_south = marne[keys.index(frozenset(MARNE_JOIN)):]
    drawn = river_sides([mid(*MEUSE_END), G(37.3, 21.3), G(38.3, 21.7), mid(*MARNE_JOIN)],
                        [(a, b) for a, b in links(GRID)])
    drawn = [s for s in drawn if frozenset(s) not in {frozenset(MEUSE_END), frozenset(MARNE_JOIN)}]
    line = meuse + drawn + marne_south
    check_chain(GRID, line, "Meuse line")
    lines["meuse"] = line
    lines["meuse-line"] = [MEUSE_END] + drawn + [MARNE_JOIN]
    # "Paris is in Danger!": the ring of hexsides four hexes out from the Paris hexes
    paris = [parse(h) for h in ("3036", "3037", "3136")]
    def near(r, c):
        return min(GRID.distance((c, r), (pc, pr)) for pr, pc in paris) <= 4
    ring = []
    for a, b in links(GRID):
        if near(*a) != near(*b):
            ring.append((hid(*a), hid(*b)) if near(*a) else (hid(*b), hid(*a)))
    centre = gx(30, 36.3)
    ring.sort(key=lambda s: math.atan2(gx(*parse(s[0]))[0] - centre[0], gx(*parse(s[0]))[1] - centre[1]))
    lines["paris-danger"] = ring
    return rows, lines


def write_hexes(path: Path, hexes, grid: HexGrid, marne: bool):
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "terrain", "name", "features", "region", "vp", "source", "notes"])
        for col, row in sorted(grid.cells(), key=lambda cr: (cr[1], cr[0])):
            h = hid(row, col)
            cell = hexes[h]
            name, features, vp, source, notes = PLACES.get(h, ("", "", "", GENERATED, ""))
            if marne:
                vp = MARNE_VP.get(h, "")
                if h in MARNE_VP:
                    source = source + "; VP rule 16.4"
            if h in SWAMP:
                notes = (notes + "; " if notes else "") + "St-Gond marshes"
            w.writerow([h, cell["terrain"], name, features, cell["region"], vp, source, notes])


MARNE_VP = {"2529": "allied=2", "2627": "allied=2", "2728": "allied=1", "3027": "allied=1",
            "3226": "allied=1", "2928": "allied=1", "2930": "allied=1"}


def write_sides(path: Path, rows, grid: HexGrid):
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "neighbour", "feature", "source", "notes"])
        for a, b, feature, source, note in rows:
            if all(grid.contains(*reversed(parse(h))) for h in (a, b)):
                w.writerow([a, b, feature, source, note])


def ascii_map(hexes, rows):
    sym = {"sea": "~", "clear": ".", "forest": "f", "mountain": "^", "swamp": "s"}
    reg = {"france": "", "germany": "G", "belgium": "B", "holland": "H", "luxembourg": "L",
           "switzerland": "S", "sea": ""}
    for row in range(MAIN["first_row"], MAIN["first_row"] + MAIN["rows"]):
        cols = range(MAIN["first_column"] + MAIN["columns"] - 1, MAIN["first_column"] - 1, -1)
        out = [" " if row % 2 else ""]
        for col in cols:
            h = hid(row, col)
            c = hexes[h]
            ch = sym[c["terrain"]]
            if c["terrain"] == "clear" and reg[c["region"]]:
                ch = reg[c["region"]].lower()
            if h in PLACES and PLACES[h][0]:
                ch = PLACES[h][0][0].upper()
            out.append(ch + " ")
        print(f"{row:02d} " + "".join(out))
    print("    cols " + " ".join(str(c % 10) for c in range(57, 10, -1)))


def main():
    hexes = build()
    rows, lines = hexsides(hexes)
    if "--ascii" in sys.argv:
        ascii_map(hexes, rows)
        return
    if "--lines" in sys.argv:
        for label, grid in (("main", GRID), ("marne", MARNE_GRID)):
            for name, sides in lines.items():
                sides = [(a, b) for a, b in sides
                         if all(grid.contains(*reversed(parse(h))) for h in (a, b))]
                if not sides:
                    continue
                print(f"# {label} map, {name}: {len(sides)} hexsides")
                text = ", ".join(f'"{a}/{b}"' for a, b in sides)
                print(f"hexsides: [{text}]")
        return
    write_hexes(GAME / "map" / "hexes.csv", hexes, GRID, marne=False)
    write_hexes(GAME / "map" / "marne-hexes.csv", hexes, MARNE_GRID, marne=True)
    write_sides(GAME / "map" / "hexsides.csv", rows, GRID)
    write_sides(GAME / "map" / "marne-hexsides.csv", rows, MARNE_GRID)
    counts = {}
    for _, _, feature, _, _ in rows:
        counts[feature] = counts.get(feature, 0) + 1
    print(f"{len(hexes)} hexes, hexsides {counts}")


if __name__ == "__main__":
    main()
