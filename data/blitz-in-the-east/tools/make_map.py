"""Write map/hexes.csv and map/hexsides.csv for Blitz in the East from rough real geography.

Run from the repository root:

    PYTHONPATH=. python data/blitz-in-the-east/tools/make_map.py

The rulebook gives no hex numbers at all (its map is a figure the text we used lacks), so the
whole map is illustrative: a sinusoidal projection about 32°E puts hexes 100 km apart (the
rule's scale), and coasts, borders, rivers, terrain and places come from rough latitudes and
longitudes below. Facts the rulebook does give are kept: the named places, which cities are
capitals, ports, supply sources (G1, G2, S1, S2) and victory cities with their values, the
seven Kazakh hexes east of the lower Volga, Perekop a swamp hex, Leningrad a fortress. The output
is deterministic. `hex_of` is imported by tools/make_setup.py.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import yaml

from generator.geometry.mapgrid import grid_for
from generator.model.mapdata import GridSpec

GAME = Path(__file__).resolve().parents[1]
SPEC = yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8"))
GRID = grid_for(GridSpec.model_validate(SPEC["maps"][0]["grid"]))
HEXES = list(GRID.cells())

LON0, LAT_TOP, WEST_KM = 32.0, 62.8, -1330.0  # the centre of hex 0101 is at (WEST_KM, 0) from (LAT_TOP, LON0)
KM_PER_DEG = 111.2
KM_PER_MM = 100.0 / GRID.size_mm  # 100 km between neighbouring hex centres (Intro/Map)
ORIGIN = GRID.centre_mm(1, 1)


def km_of(lat: float, lon: float) -> tuple[float, float]:
    return (lon - LON0) * KM_PER_DEG * math.cos(math.radians(lat)), (LAT_TOP - lat) * KM_PER_DEG


def latlon_of(hex_: tuple[int, int]) -> tuple[float, float]:
    x, y = GRID.centre_mm(*hex_)
    x_km, y_km = WEST_KM + (x - ORIGIN[0]) * KM_PER_MM, (y - ORIGIN[1]) * KM_PER_MM
    lat = LAT_TOP - y_km / KM_PER_DEG
    return lat, LON0 + x_km / (KM_PER_DEG * math.cos(math.radians(lat)))


def mm_of(lat: float, lon: float) -> tuple[float, float]:
    x_km, y_km = km_of(lat, lon)
    return ORIGIN[0] + (x_km - WEST_KM) / KM_PER_MM, ORIGIN[1] + y_km / KM_PER_MM


def hex_of(lat: float, lon: float) -> tuple[int, int] | None:
    return GRID.hex_at_mm(*mm_of(lat, lon))


def hex_id(hex_: tuple[int, int]) -> str:
    return GRID.hex_id(*hex_)


# -- areas (lat, lon), rough --------------------------------------------------------------

def inside(lat: float, lon: float, polygon) -> bool:
    """Even-odd test in the (lon, lat) plane."""
    hit = False
    for (lat1, lon1), (lat2, lon2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (lat1 > lat) != (lat2 > lat) and lon < lon1 + (lat - lat1) / (lat2 - lat1) * (lon2 - lon1):
            hit = not hit
    return hit


SEAS = {
    "baltic": [(53.9, 8.0), (54.1, 11.0), (54.2, 13.0), (53.9, 14.3), (54.3, 16.2), (54.8, 18.4), (54.4, 19.6),
               (55.3, 21.0), (56.3, 21.0), (57.5, 21.6), (57.6, 22.6), (57.0, 23.4), (57.5, 24.3),
               (58.4, 24.0), (58.9, 23.4), (59.4, 24.6), (59.6, 26.8), (59.6, 28.2), (59.9, 29.6),
               (60.2, 29.2), (60.4, 27.0), (60.2, 24.6), (60.0, 22.9), (60.5, 21.4), (62.0, 21.2),
               (63.0, 21.0), (63.0, 18.5), (61.5, 17.4), (60.2, 18.9), (59.2, 18.3), (58.0, 16.7),
               (56.6, 16.4), (56.1, 14.8), (55.4, 14.2), (55.4, 12.9), (56.3, 12.5), (57.5, 11.8),
               (59.0, 10.5), (59.0, 8.0)],
    "black": [(46.6, 30.8), (46.2, 30.3), (45.6, 29.8), (45.1, 29.7), (44.2, 28.7), (43.2, 28.0), (42.0, 27.9),
              (41.2, 29.0), (41.1, 31.0), (41.6, 33.0), (42.0, 35.0), (41.6, 37.0), (41.0, 39.0), (41.0, 41.2),
              (41.6, 41.6), (42.6, 41.5), (43.5, 40.0), (44.4, 38.2), (44.8, 37.3), (45.0, 36.6), (45.0, 35.5),
              (44.6, 34.5), (44.4, 33.6), (44.8, 33.4), (45.3, 32.6), (45.8, 33.2), (46.1, 32.6),
              (46.5, 31.8)],
    "azov": [(45.5, 35.2), (46.1, 35.0), (46.7, 36.5), (47.1, 38.0), (47.2, 39.2), (46.6, 39.0), (46.0, 38.2),
             (45.4, 37.0), (45.3, 36.6)],
    "caspian": [(47.0, 49.0), (47.0, 51.5), (46.6, 53.5), (37.0, 53.5), (36.8, 50.5), (37.5, 49.1), (38.4, 48.9),
                (39.5, 49.3), (40.3, 49.6), (40.6, 50.2), (41.0, 49.2), (42.0, 48.3), (43.0, 47.5),
                (44.2, 47.2), (45.0, 47.0), (45.6, 47.6), (46.3, 48.3)],
    "adriatic": [(45.8, 12.0), (45.6, 13.6), (45.3, 14.5), (44.3, 15.2), (43.5, 16.4), (42.6, 18.1), (41.9, 19.4),
                 (40.9, 19.4), (40.3, 19.4), (39.6, 20.0), (38.6, 21.0), (37.6, 21.6), (36.0, 21.6), (36.0, 12.0)],
    "aegean": [(40.9, 23.7), (40.6, 22.9), (40.1, 22.6), (39.4, 23.0), (38.4, 23.8), (37.9, 24.0), (37.4, 23.3),
               (36.4, 22.8), (36.0, 22.8), (36.0, 28.0), (37.2, 27.3), (38.5, 26.8), (39.5, 26.2), (40.1, 26.2),
               (40.6, 26.0), (40.9, 25.0)],
    "marmara": [(41.0, 27.5), (40.9, 29.0), (40.4, 29.0), (40.4, 27.0)],
}
LAKES = {
    "ladoga": [(60.0, 30.6), (60.7, 30.3), (61.6, 30.8), (61.4, 32.6), (60.5, 32.9), (60.1, 31.6)],
    "onega": [(61.0, 35.2), (61.6, 34.6), (62.6, 34.7), (62.7, 36.0), (61.7, 36.2), (61.1, 36.0)],
}

REGIONS = [  # checked in order; the first that holds a point wins
    ("sweden", [(55.2, 10.0), (55.2, 13.5), (56.0, 15.0), (57.2, 16.6), (59.0, 17.5), (60.5, 17.5), (63.0, 18.0),
                (63.0, 10.0)]),
    ("finland", [(60.0, 21.0), (60.2, 24.0), (60.4, 27.5), (60.6, 28.7), (61.3, 29.6), (62.1, 31.0), (62.9, 31.6),
                 (63.0, 21.0)]),
    ("turkey", [(42.2, 26.4), (41.6, 28.2), (41.0, 29.2), (41.6, 33.0), (42.0, 35.0), (41.6, 37.0), (41.0, 39.0),
                (41.3, 41.4), (41.0, 43.0), (40.0, 44.0), (39.3, 44.4), (36.0, 44.5), (36.0, 26.0),
                (40.2, 26.0), (40.8, 26.2), (41.4, 26.6)]),
    ("iran", [(39.8, 44.3), (39.0, 45.6), (38.9, 46.6), (39.7, 47.8), (38.4, 48.9), (37.5, 49.1), (36.0, 49.2),
              (36.0, 44.5), (39.3, 44.4)]),
    ("kazakhstan", [(51.4, 46.3), (50.1, 45.6), (48.8, 44.8), (47.6, 46.3), (46.4, 48.4), (46.4, 53.5),
                    (51.4, 53.5)]),
    ("germany", [(56.0, 8.0), (54.2, 13.0), (54.8, 18.4), (55.4, 20.9), (55.3, 21.6), (54.4, 22.8), (53.4, 22.2),
                 (52.9, 22.9), (52.2, 23.5), (51.5, 23.6), (50.8, 24.0), (50.4, 24.0), (49.4, 22.6),
                 (49.4, 21.0), (49.5, 19.3), (49.9, 18.4), (50.3, 16.6), (50.8, 14.8), (50.3, 12.2),
                 (48.9, 13.5), (48.6, 14.9), (48.8, 16.9), (48.0, 17.1), (47.7, 16.6), (46.9, 16.1),
                 (46.5, 15.9), (46.4, 13.7), (46.0, 8.0)]),
    ("slovakia", [(49.4, 21.0), (49.4, 22.6), (48.9, 22.4), (48.4, 21.0), (48.0, 18.8), (47.8, 17.6), (48.0, 17.1),
                  (48.8, 16.9), (49.5, 19.3)]),
    ("hungary", [(48.4, 21.0), (48.9, 22.4), (48.2, 24.5), (47.9, 25.0), (47.1, 25.3), (46.6, 25.8), (46.2, 25.4),
                 (46.7, 23.0), (46.1, 20.5), (45.8, 18.6), (46.5, 15.9), (47.7, 16.6), (48.0, 17.1),
                 (47.8, 17.6), (48.0, 18.8)]),
    ("ussr", [(54.4, 22.8), (55.3, 21.6), (56.3, 21.0), (57.5, 21.6), (59.6, 26.8), (59.9, 29.6), (60.6, 28.7),
              (61.3, 29.6), (62.1, 31.0), (62.9, 31.6), (63.0, 60.0), (36.0, 60.0), (38.4, 48.9),
              (39.7, 47.8), (38.9, 46.6), (39.0, 45.6), (39.8, 44.3), (41.0, 43.0), (41.3, 41.4),
              (41.6, 41.6), (44.0, 38.0), (46.0, 31.0), (45.3, 29.7), (45.5, 28.2), (46.5, 28.2),
              (47.8, 27.2), (48.3, 26.6), (48.2, 24.5), (48.9, 22.4), (49.4, 22.6), (50.4, 24.0),
              (50.8, 24.0), (51.5, 23.6), (52.2, 23.5), (52.9, 22.9), (53.4, 22.2)]),
    ("romania", [(48.2, 24.5), (48.3, 26.6), (47.8, 27.2), (46.5, 28.2), (45.5, 28.2), (45.3, 29.7), (44.8, 29.7),
                 (43.8, 28.6), (44.0, 27.3), (43.7, 25.3), (43.7, 24.0), (44.2, 22.7), (44.6, 22.4),
                 (45.1, 21.4), (46.1, 20.5), (46.7, 23.0), (46.2, 25.4), (46.6, 25.8), (47.1, 25.3),
                 (47.9, 25.0)]),
    ("bulgaria", [(44.0, 27.3), (43.8, 28.6), (42.0, 28.0), (41.8, 26.4), (41.4, 25.0), (41.4, 23.0), (42.3, 22.4),
                  (43.2, 22.6), (44.2, 22.7), (43.7, 24.0), (43.7, 25.3)]),
    ("greece", [(41.4, 23.0), (41.4, 25.0), (41.8, 26.4), (40.8, 26.2), (36.0, 26.0), (36.0, 20.8), (39.6, 20.0),
                (40.6, 20.8), (41.1, 21.5)]),
    ("yugoslavia", [(46.5, 15.9), (45.8, 18.6), (46.1, 20.5), (45.1, 21.4), (44.6, 22.4), (44.2, 22.7),
                    (43.2, 22.6), (42.3, 22.4), (41.1, 21.5), (40.6, 20.8), (39.6, 20.0), (42.0, 19.2),
                    (43.5, 16.4), (45.3, 14.5), (46.4, 13.7)]),
]

TERRAIN_AREAS = [  # (terrain, polygon); later entries win
    ("forest", [(63.0, 27.0), (60.8, 28.5), (59.2, 30.5), (57.8, 32.0), (56.8, 34.0), (56.6, 38.0), (56.0, 44.0),
                (56.5, 52.0), (63.0, 52.0)]),   # the northern forest belt and Karelia
    ("forest", [(55.0, 25.5), (55.2, 28.5), (54.0, 29.0), (53.5, 26.5)]),            # Belarus woods
    ("forest", [(53.8, 32.5), (53.8, 35.0), (52.6, 35.0), (52.6, 32.5)]),            # Bryansk woods
    ("hills", [(58.4, 31.8), (58.4, 34.6), (56.9, 34.6), (56.9, 31.8)]),              # Valdai hills
    ("hills", [(52.8, 36.0), (52.8, 38.6), (50.6, 38.6), (50.6, 36.0)]),              # Central Russian upland
    ("hills", [(49.0, 37.0), (49.0, 39.8), (47.8, 39.8), (47.8, 37.0)]),              # Donets ridge
    ("hills", [(51.5, 43.0), (51.5, 46.0), (49.5, 46.0), (49.5, 43.0)]),              # Volga uplands
    ("hills", [(49.3, 28.0), (49.3, 30.5), (48.0, 30.5), (48.0, 28.0)]),              # Podolian upland
    ("hills", [(45.0, 33.9), (45.0, 35.4), (44.4, 35.4), (44.4, 33.9)]),              # Crimean hills
    ("forest", [(49.0, 13.0), (49.0, 16.5), (48.2, 16.5), (48.2, 13.0)]),             # Bohemian forest
    ("hills", [(44.5, 19.5), (44.5, 22.0), (42.5, 22.0), (42.5, 19.5)]),              # Serbian highlands
    ("hills", [(42.0, 45.0), (42.0, 49.0), (40.6, 49.0), (40.6, 45.0)]),              # eastern Transcaucasia
    ("hills", [(39.4, 44.2), (39.4, 47.8), (36.5, 47.8), (36.5, 44.2)]),              # Azerbaijan (Iran)
    ("swamp", [(52.7, 23.8), (52.7, 30.6), (51.3, 30.6), (51.3, 23.8)]),              # Pripet marshes
    ("swamp", [(59.3, 31.2), (59.3, 33.6), (58.1, 33.6), (58.1, 31.2)]),              # Volkhov and Ilmen
    ("swamp", [(45.6, 28.8), (45.6, 29.9), (45.0, 29.9), (45.0, 28.8)]),              # Danube delta
]
MOUNTAIN_RIDGES = [  # polylines (lat, lon); hexes whose centre lies within `km` of them are mountains
    ([(49.4, 19.0), (49.0, 21.5), (48.5, 23.5), (47.8, 25.0), (47.0, 25.7), (45.6, 25.9), (45.4, 24.0),
      (45.2, 22.6)], 70),                                                              # Carpathians
    ([(43.0, 22.6), (42.8, 24.5), (42.7, 26.5)], 40),                                 # Balkan range
    ([(44.5, 16.0), (43.3, 18.2), (42.3, 19.8), (41.0, 20.6)], 50),                   # Dinaric Alps
    ([(44.4, 38.8), (43.3, 42.0), (42.6, 44.5), (41.8, 46.5), (41.2, 48.5)], 60),     # Caucasus
    ([(41.6, 42.6), (40.6, 44.0), (39.4, 46.0)], 45),                                 # Lesser Caucasus
    ([(47.7, 13.5), (47.3, 15.5)], 45),                                               # eastern Alps
]

RIVERS = {  # polylines (lat, lon), source to mouth
    "river": [
        [(55.8, 31.0), (55.9, 30.0), (55.5, 28.8), (55.9, 27.0), (56.5, 25.0), (57.0, 24.1)],                   # Dvina
        [(55.9, 33.5), (54.8, 32.0), (54.1, 30.6), (53.0, 30.3), (51.9, 30.6), (50.45, 30.6), (49.4, 32.1),
         (48.45, 35.0), (47.8, 35.1), (47.5, 34.3), (46.75, 33.0), (46.5, 32.2)],                              # Dnieper
        [(48.3, 25.8), (47.2, 27.6), (46.0, 28.1), (45.5, 28.2)],                                               # Prut
        [(49.5, 23.8), (48.8, 26.5), (48.3, 28.2), (47.0, 29.5), (46.4, 30.2)],                                # Dniester
        [(49.8, 27.0), (49.2, 28.5), (48.3, 30.0), (47.4, 31.2), (46.9, 32.0)],                                # Bug
        [(48.1, 17.1), (47.75, 18.5), (47.5, 19.05), (46.2, 18.8), (45.2, 19.9), (44.8, 20.5), (44.6, 22.3),
         (43.8, 24.0), (43.7, 25.5), (44.1, 27.0), (44.5, 28.0), (45.3, 28.2), (45.45, 28.8), (45.2, 29.7)],  # Danube
        [(57.0, 33.5), (56.85, 35.9), (57.6, 38.0), (57.6, 39.9), (56.3, 44.0), (55.8, 48.0), (55.0, 49.3),
         (53.2, 50.0), (53.2, 48.5), (51.5, 46.0)],                                                              # upper Volga
        [(61.0, 35.5), (60.7, 34.0), (60.5, 32.9)],                                                             # Svir
        [(53.8, 38.5), (52.0, 39.0), (50.3, 41.0), (49.6, 42.7), (48.8, 43.6), (48.5, 43.0), (47.6, 41.0),
         (47.3, 40.2), (47.1, 39.3)],                                                                          # Don
        [(50.0, 19.9), (51.4, 21.9), (52.25, 21.0), (53.0, 18.6), (54.3, 18.9)],                               # Vistula
    ],
    "lower_volga": [
        [(51.5, 46.0), (50.1, 45.4), (48.7, 44.7), (47.5, 46.0), (46.3, 48.0), (45.8, 48.3)],                 # below Saratov; Stalingrad on the west bank
    ],
}

PLACES = [
    # name, lat, lon, features, vp, terrain (None: keep the area's), source
    ("Berlin (G1)", 52.52, 13.40, "capital supply_source rail_junction", "", "urban", "1.3, S.3 (sudden death)"),
    ("Vienna (G2)", 48.21, 16.37, "supply_source rail_junction", "soviet=1", "urban", "1.3, S.3"),
    ("Breslau", 51.11, 17.03, "city rail_junction", "", None, "Festung card (RA.3)"),
    ("Danzig", 54.35, 18.65, "major_port", "", None, "1.3.1"),
    ("Warsaw", 52.23, 21.01, "city rail_junction", "", None, "illustrative"),
    ("Bratislava", 48.15, 17.11, "capital", "soviet=1", None, "Intro/Capitals, S.3"),
    ("Budapest", 47.50, 19.04, "capital rail_junction", "", "urban", "Intro/Capitals"),
    ("Cluj", 46.77, 23.60, "city", "", None, "S.1"),
    ("Bucharest", 44.43, 26.10, "capital rail_junction", "soviet=1", "urban", "Intro/Capitals, S.3"),
    ("Ploiesti", 44.94, 26.02, "oilfield", "", None, "illustrative"),
    ("Constanta", 44.17, 28.63, "major_port", "", None, "1.3.1"),
    ("Sofia", 42.70, 23.32, "capital", "soviet=1", "urban", "Intro/Capitals, S.3"),
    ("Belgrade", 44.79, 20.45, "city", "", None, "illustrative"),
    ("Helsinki", 60.17, 24.94, "capital major_port", "soviet=1", "urban", "Intro/Capitals, 1.3.1, S.3"),
    ("Viborg", 60.71, 28.75, "city", "", None, "RO.1"),
    ("Joensuu", 62.60, 29.76, "city", "", None, "S.1"),
    ("Leningrad", 59.94, 30.31, "fortress major_port factory rail_junction", "axis=3", "urban", "3.2, 1.3.1, S.2"),
    ("Novaya Ladoga", 60.11, 32.31, "city", "", None, "RO.4"),
    ("Tallinn", 59.44, 24.75, "minor_port", "", None, "illustrative"),
    ("Riga", 56.95, 24.11, "minor_port rail_junction", "axis=1", "urban", "S.2"),
    ("Vilna", 54.69, 25.28, "city rail_junction", "", None, "4.5 and 5.0 examples (five hexes from Kiev)"),
    ("Minsk", 53.90, 27.57, "rail_junction", "axis=1", "urban", "S.2"),
    ("Smolensk", 54.78, 32.05, "rail_junction", "axis=2", "urban", "S.2"),
    ("Moscow", 55.76, 37.62, "capital factory rail_junction", "axis=4", "urban", "Intro/Capitals, S.2, S.3"),
    ("Tula", 54.19, 37.62, "factory", "axis=3", "urban", "S.2"),
    ("Kalinin", 56.86, 35.90, "city", "", None, "illustrative"),
    ("Gorky", 56.33, 44.00, "factory", "", "urban", "illustrative"),
    ("Kirov (S1)", 58.60, 49.66, "supply_source", "soviet=1", None, "1.3, S.3"),
    ("Kuibyshev", 53.20, 50.15, "factory", "", "urban", "illustrative"),
    ("Saratov (S2)", 51.53, 46.03, "supply_source", "soviet=1", None, "1.3, S.3"),
    ("Stalingrad", 48.71, 44.51, "factory rail_junction", "", "urban", "S.3"),
    ("Voronezh", 51.67, 39.21, "city rail_junction", "", None, "illustrative"),
    ("Kursk", 51.73, 36.19, "city", "", None, "illustrative"),
    ("Bryansk", 53.24, 34.36, "city rail_junction", "", None, "illustrative"),
    ("Lvov", 49.84, 24.03, "city rail_junction", "axis=1", None, "S.2"),
    ("Vinnitsa", 49.23, 28.48, "city", "", None, "4.5 example"),
    ("Kishinev", 47.01, 28.86, "city", "", None, "4.5 example"),
    ("Kiev", 50.45, 30.52, "factory rail_junction", "axis=2", "urban", "S.2"),
    ("Kharkov", 49.99, 36.23, "factory rail_junction", "axis=3", "urban", "S.2"),
    ("Krivoy Rog", 47.91, 33.39, "city mine", "", None, "4.1 and 5.0 examples (five hexes from Lvov, two from Kiev)"),
    ("Stalino", 48.00, 37.80, "mine", "", None, "illustrative"),
    ("Odesa", 46.48, 30.72, "minor_port", "axis=2", "urban", "S.2"),
    ("Perekop", 46.15, 33.69, "", "", "swamp", "4.5 example (a swamp hex)"),
    ("Sevastopol", 44.62, 33.52, "fortress major_port", "axis=4", "urban", "1.3.1, S.2, S.3"),
    ("Kerch", 45.36, 36.47, "minor_port", "", None, "RA.2"),
    ("Rostov", 47.24, 39.71, "rail_junction", "axis=4", "urban", "S.2"),
    ("Novorossiysk", 44.72, 37.77, "minor_port", "", None, "illustrative"),
    ("Maikop", 44.61, 40.10, "oilfield", "", None, "illustrative"),
    ("Grozny", 43.32, 45.69, "oilfield", "", None, "illustrative"),
    ("Astrakhan", 46.35, 48.03, "city", "", None, "illustrative"),
    ("Batumi", 41.64, 41.64, "major_port", "", None, "1.3.1"),
    ("Tiflis", 41.72, 44.79, "city rail_junction", "", None, "illustrative"),
    ("Baku", 40.41, 49.87, "oilfield", "", "urban", "S.3"),
    ("Tabriz", 38.08, 46.29, "capital", "soviet=1", None, "Intro/Capitals, S.3"),
    ("Murmansk railway", 61.8, 34.4, "lend_lease", "", None, "RA.3 (place illustrative)"),
    ("Arkhangelsk route", 61.7, 40.5, "lend_lease", "", None, "RA.3 (place illustrative)"),
    ("Persian corridor", 39.2, 47.5, "lend_lease", "", None, "RA.3 (place illustrative)"),
]
# Places whose hex the rulebook's examples pin by distance rather than by geography: an air fleet
# flies five hexes from Lvov to Krivoy Rog (4.1) and lands at Kiev two hexes away (5.0); another
# flies five hexes from Vilna to Kiev and back (4.5, 5.0).
PLACE_HEX = {"Krivoy Rog": "1517", "Vilna": "1211"}
KERCH = ((45.36, 36.47), (45.22, 37.0))  # the strait: Kerch against the Taman peninsula
KAZAKH_HEXES = 7  # Intro/Map: Kazakhstan is the seven hexes on the east bank of the lower Volga


def _distance_km(point, line) -> float:
    px, py = km_of(*point)
    best = float("inf")
    for a, b in zip(line, line[1:]):
        (ax, ay), (bx, by) = km_of(*a), km_of(*b)
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def region_of(lat: float, lon: float) -> str | None:
    return next((name for name, polygon in REGIONS if inside(lat, lon, polygon)), None)


def terrain_of(lat: float, lon: float, region: str | None) -> str:
    if any(inside(lat, lon, p) for p in SEAS.values()):
        return "sea"
    if any(inside(lat, lon, p) for p in LAKES.values()):
        return "lake"
    if region in ("sweden", "turkey", None) or (region == "iran" and lat < 37.4):
        return "unplayable"
    if region == "kazakhstan":  # beyond the Volga: out of play, except the east-bank hexes (see kazakhstan())
        return "unplayable"
    terrain = "clear"
    for name, polygon in TERRAIN_AREAS:
        if inside(lat, lon, polygon):
            terrain = name
    if any(_distance_km((lat, lon), line) <= km for line, km in MOUNTAIN_RIDGES):
        terrain = "mountain"
    return terrain


def _east_of_river(hex_, other, line) -> bool:
    """True when `hex_` lies on the left (east) bank of the river `line`, which runs downstream,
    measured against the segment nearest the middle of the hexside between `hex_` and `other`."""
    a, b = latlon_of(hex_), latlon_of(other)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    segment = min(zip(line, line[1:]), key=lambda s: _distance_km(middle, list(s)))
    (lat1, lon1), (lat2, lon2) = segment
    return (lon2 - lon1) * (a[0] - lat1) - (lat2 - lat1) * (a[1] - lon1) > 0


def kazakhstan(sides) -> set:
    """The hexes on the east bank of the lower Volga: Kazakhstan, in play but barred to the Axis."""
    line = RIVERS["lower_volga"][0]
    east = set()
    for a, b, feature in sides:
        if feature == "lower_volga":
            h, o = GRID.parse_id(a), GRID.parse_id(b)
            east.add(h if _east_of_river(h, o, line) else o)
    if len(east) != KAZAKH_HEXES:
        raise SystemExit(f"{len(east)} hexes east of the lower Volga, the rulebook says {KAZAKH_HEXES}")
    return east


def _crosses(p1, p2, q1, q2) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return side(p1, p2, q1) * side(p1, p2, q2) < 0 and side(q1, q2, p1) * side(q1, q2, p2) < 0


def hexsides(land: set) -> list[tuple[str, str, str]]:
    """(hex, neighbour, feature) for every pair of land hexes a river runs between, or
    water (a strait narrower than a hex: the Gulf of Finland) lies between."""
    out = []
    lines = [(feature, [mm_of(*p) for p in line]) for feature, group in RIVERS.items() for line in group]
    for hex_ in HEXES:
        for _, other in GRID.neighbours(*hex_):
            if other <= hex_ or hex_ not in land or other not in land:
                continue
            a, b = GRID.centre_mm(*hex_), GRID.centre_mm(*other)
            middle = [(p + q) / 2 for p, q in zip(latlon_of(hex_), latlon_of(other))]
            if any(inside(*middle, polygon) for polygon in SEAS.values()):
                out.append((hex_id(hex_), hex_id(other), "all_sea"))
                continue
            for feature, points in lines:
                if any(_crosses(a, b, p, q) for p, q in zip(points, points[1:])):
                    out.append((hex_id(hex_), hex_id(other), feature))
                    break
    saratov = hex_of(51.53, 46.03)  # the lower Volga begins south of Saratov (Intro/Map, 2.0)
    out = [(a, b, "river" if f == "lower_volga" and saratov in (GRID.parse_id(a), GRID.parse_id(b)) else f)
           for a, b, f in out]
    kerch, taman = (hex_of(*p) for p in KERCH)
    if kerch and taman and GRID.direction_between(kerch, taman):
        out = [row for row in out if {row[0], row[1]} != {hex_id(kerch), hex_id(taman)}]
        out.append((hex_id(kerch), hex_id(taman), "kerch"))
    return sorted(out)


def build() -> tuple[list[dict], list[tuple[str, str, str]]]:
    rows = {}
    for hex_ in HEXES:
        lat, lon = latlon_of(hex_)
        region = region_of(lat, lon)
        rows[hex_] = {"hex": hex_id(hex_), "terrain": terrain_of(lat, lon, region), "name": "", "features": "",
                      "region": region or "", "vp": "", "source": "illustrative"}
    for name, lat, lon, features, vp, terrain, source in PLACES:
        hex_ = GRID.parse_id(PLACE_HEX[name]) if name in PLACE_HEX else hex_of(lat, lon)
        if hex_ is None:
            raise SystemExit(f"{name} ({lat}, {lon}) is off the map")
        row = rows[hex_]
        if row["name"]:  # two places in one 100 km hex: the first keeps its name, both their features
            merged = row["features"].split() + [f for f in features.split() if f not in row["features"].split()]
            row["features"] = " ".join(merged)
            print(f"note: {name} shares hex {row['hex']} with {row['name']}")
            continue
        if row["terrain"] in ("sea", "lake", "unplayable"):
            row["terrain"] = "clear"  # a coastal place keeps its hex on land
        if terrain == "urban" and not {"capital", "fortress"} & set(features.split()):
            features = f"major_city {features}".strip()  # its symbol puts the name under it, clear of the VP
        where = "hex from the examples' distances" if name in PLACE_HEX else "hex illustrative"
        row.update(name=name, features=features, vp=vp, source=f"place from {source}; {where}")
        if terrain:
            row["terrain"] = terrain
    land = {h for h, row in rows.items() if row["terrain"] not in ("sea", "lake")}
    sides = hexsides(land)
    east_bank = kazakhstan(sides)
    for hex_, row in rows.items():
        if hex_ in east_bank:
            source = f"{row['source']}; one of the seven Kazakh hexes (Intro/Map)" if row["name"] else \
                "Intro/Map (one of the seven Kazakh hexes); position illustrative"
            row.update(terrain="kazakh_steppe", region="kazakhstan", source=source)
        elif row["region"] == "kazakhstan":
            row["region"] = ""  # the steppe beyond: off the playing area
    for row in rows.values():
        if row["terrain"] in ("sea", "lake"):
            row["region"] = ""
    return [rows[h] for h in HEXES], sides


def main() -> None:
    hexes, sides = build()
    default_region = SPEC["maps"][0]["default_region"]
    with open(GAME / "map" / "hexes.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["hex", "terrain", "name", "features", "region", "vp", "source"])
        for row in hexes:
            if row["terrain"] == "clear" and not row["name"] and row["region"] == default_region:
                continue  # the map's defaults
            writer.writerow([row[k] for k in ("hex", "terrain", "name", "features", "region", "vp", "source")])
    with open(GAME / "map" / "hexsides.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["hex", "neighbour", "feature", "source"])
        for a, b, feature in sides:
            writer.writerow([a, b, feature, "illustrative (course from rough geography)"])
    print(f"{len(hexes)} hexes, {len(sides)} hexsides")


if __name__ == "__main__":
    main()
