"""Blitz in the East: figures of the Spanish rulebook pinned in the sample data.

Each test names the rule or example it pins; expected values are written out by hand from the
rulebook (docs/fidelity/blitz-in-the-east.md lists every fact checked).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game

GAME_DIR = Path(__file__).resolve().parent.parent / "data" / "blitz-in-the-east"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR).game


@pytest.fixture(scope="module")
def grid(game):
    return grid_for(game.maps["east"].grid)


def named(game, name):
    return next(h for h in game.hexes if h.name.split(" (")[0] == name)


def distance(grid, a, b):
    return grid.distance(grid.parse_id(a), grid.parse_id(b))


def test_intro_kazakhstan_is_the_seven_hexes_east_of_the_lower_volga(game, grid):
    kazakh = {h.hex_id for h in game.hexes if h.region == "kazakhstan"}
    assert len(kazakh) == 7
    assert {h.hex_id for h in game.hexes if h.terrain == "kazakh_steppe"} == kazakh
    east_bank = set()
    for side in game.hexsides:
        if side.feature == "lower_volga":
            east_bank |= {side.hex_a, side.hex_b} & kazakh
    assert east_bank == kazakh                      # every Kazakh hex faces the lower Volga
    assert game.terrain["kazakh_steppe"].prohibited_to == ["axis"]
    assert game.hexside_features["lower_volga"].prohibited_to == ["axis"]


def test_intro_terrain_and_stacking(game):
    assert game.terrain["swamp"].prohibited_to == ["armour"] and game.terrain["mountain"].prohibited_to == ["armour"]
    assert game.hexside_features["kerch"].prohibited_to == ["armour"]
    limits = {(tuple(l.sides), l.max) for l in game.spec.stacking.limits}
    assert limits == {(("axis",), 2)}
    # Soviet: 1 land unit a hex, 2 once the Vasilevsky card is played (a cap that grows with an event)
    soviet = next(r for r in game.spec.restrictions if r.id == "soviet-stacking")
    assert soviet.units.sides == ["soviet"] and soviet.units.exclude.types == ["air"]
    assert [(c.max, c.after_event) for c in soviet.caps] == [(1, None), (2, "vasilevsky")]


def test_1_3_supply_sources_and_1_3_1_major_ports(game):
    sources = sorted(h.name for h in game.hexes if "supply_source" in h.features)
    assert sources == ["Berlin (G1)", "Kirov (S1)", "Saratov (S2)", "Vienna (G2)"]
    ports = sorted(h.name for h in game.hexes if "major_port" in h.features)
    assert ports == ["Batumi", "Constanta", "Danzig", "Helsinki", "Leningrad", "Sevastopol"]


def test_s2_war_booty_cities(game):
    booty = {h.name.split(" (")[0]: v.value for h in game.hexes for v in h.victory if v.side == "axis"}
    assert booty == {"Riga": 1, "Minsk": 1, "Lvov": 1, "Smolensk": 2, "Kiev": 2, "Odesa": 2,
                     "Leningrad": 3, "Tula": 3, "Kharkov": 3, "Moscow": 4, "Rostov": 4, "Sevastopol": 4}


def test_s3_soviet_victory_cities(game):
    cities = sorted(h.name.split(" (")[0] for h in game.hexes for v in h.victory if v.side == "soviet")
    assert cities == ["Bratislava", "Bucharest", "Helsinki", "Kirov", "Saratov", "Sofia", "Tabriz", "Vienna"]


def test_3_0_attrition_table_and_the_3_2_example(game):
    table = game.tables["attrition"]
    assert table.cells[0][0] == "1-1" and table.cells[0][1] == "1-0" and table.cells[6][6] == "6-6"
    # 3.2: Axis 70 against Soviet 30 reads 2-1; two shifts right give 4-1
    row, col = table.rows.index("27-53"), table.columns.index("54-80")
    assert table.cells[row][col] == "2-1" and table.cells[row][col + 2] == "4-1"


def test_4_5_and_5_0_ground_combat_examples(game):
    gcrt = game.tables["gcrt"]
    four = gcrt.columns.index("4:1")
    assert gcrt.cells[gcrt.rows.index("2")][four] == "2/2"              # 4.5: 4:1, roll 2, two hits each
    kills = [row[four] for row in gcrt.cells if int(row[four].split("/")[0]) >= 2]
    assert len(kills) == 5                                               # 5.0: 83 % to take Odesa at 4:1


def test_ra2_weather_in_extreme_cold(game):
    weather = game.tables["weather"]
    blizzard = weather.columns.index("Blizzard")
    assert weather.cells[weather.rows.index("Combat")][blizzard] == "Axis attackers ×¼, Axis defenders ×½"  # RO.2
    assert weather.cells[weather.rows.index("Kerch Strait")][blizzard].startswith("infantry and cavalry")


def test_1_5_production_costs(game):
    costs = game.tables["production"]
    assert costs.cells[costs.rows.index("Offensive chit")] == ["2 res. + 2 oil"] * 3
    assert costs.cells[costs.rows.index("Resupply")] == ["1 res. + 1 oil", "2 res.", "2 res. + 2 oil"]
    assert costs.cells[costs.rows.index("Reorganise")][:2] == ["1 oil", "1 res."]
    assert costs.cells[costs.rows.index("HIWIS bonus")] == ["1 oil", "1 res.", "1 res. + 1 oil"]


def test_ra3_cards(game):
    cards = {c.card_id: c for c in game.cards}
    assert sum(c.copies for c in game.cards if c.deck_id == "axis-cards") == 11
    assert sum(c.copies for c in game.cards if c.deck_id == "soviet-cards") == 17
    entry = {cid: c.values.get("turn", "") for cid, c in cards.items()}
    assert (entry["iran"], entry["paulus"], entry["gustav"], entry["fall-blau"], entry["manstein"], entry["festung"]) == (
        "2", "3", "7", "8", "11", "22")
    assert (entry["sturmovik"], entry["pearl-harbor"], entry["uranus"], entry["vasilevsky"], entry["bagration"]) == (
        "1", "4", "10", "17", "20")


def test_ra3_card_years_set_the_calendar(game):
    labels = {t.turn: t.label for t in game.spec.turn_track.turns}
    assert [n for n, label in labels.items() if label.endswith("1941")] == [1, 2, 3, 4]
    assert labels[5].endswith("1942") and labels[10].endswith("1942") and labels[11].endswith("1943")
    assert labels[17].endswith("1944") and labels[23].endswith("1945") and len(labels) == 28


def test_s1_opening_states_and_joensuu(game, grid):
    s1 = game.scenario_index["s1-blitz"]
    at = {p.unit_id: p for p in s1.setup}
    assert at["de-pz1"].steps == 1                                       # at cadre: no blitz on turn 1
    assert at["hu-1"].state == ("immobilised",) and at["hu-1"].hex_id == named(game, "Cluj").hex_id
    assert at["fi-kr"].state == ("disorganised",)
    joensuu = named(game, "Joensuu").hex_id
    soviets = [p.hex_id for p in s1.setup if p.unit_id.startswith("su-") and p.hex_id
               and game.unit_index[p.unit_id].type_id != "air"]
    assert any(distance(grid, joensuu, h) == 1 for h in soviets)         # a Soviet ZOC reaches Joensuu


def test_examples_distances_of_the_air_fleets(game, grid):
    lvov, kr, kiev, vilna = (named(game, n).hex_id for n in ("Lvov", "Krivoy Rog", "Kiev", "Vilna"))
    assert distance(grid, lvov, kr) == 5        # 4.1: S flies five hexes from Lvov
    assert distance(grid, kr, kiev) == 2        # 5.0: and lands at Kiev two hexes away
    assert distance(grid, vilna, kiev) == 5     # 4.5, 5.0: C flies five hexes from Vilna and back


class _Front:
    """S.0 as the 3.1-3.2 examples count it (figure 4)."""

    def __init__(self, game, grid):
        s0 = game.scenario_index["s0-dnieper"]
        self.game, self.grid = game, grid
        self.place = {p.unit_id: p for p in s0.setup}
        self.hexsides = {frozenset((s.hex_a, s.hex_b)): s.feature for s in game.hexsides}
        self.land = {u: p.hex_id for u, p in self.place.items() if p.hex_id and game.unit_index[u].type_id != "air"}

    def side(self, unit_id):
        return self.game.side_of(self.game.unit_index[unit_id])

    def at_front(self, unit_id):
        here = self.land[unit_id]
        return any(self.grid.distance(self.grid.parse_id(here), self.grid.parse_id(there)) == 1
                   and self.hexsides.get(frozenset((here, there))) != "all_sea"
                   and self.side(other) != self.side(unit_id) for other, there in self.land.items())

    def strength(self, unit_id):
        unit, p = self.game.unit_index[unit_id], self.place[unit_id]
        face = unit.faces[0] if not p.steps or p.steps >= unit.steps else unit.faces[-1]
        hex_ = self.game.hex_index.get(("east", self.land[unit_id]))
        return face.values["strength"] * (3 if hex_ and "fortress" in hex_.features else 1)


def test_s0_front_of_the_3_2_example(game, grid):
    front = _Front(game, grid)
    axis = [u for u in front.land if front.side(u) == "axis" and front.at_front(u) and not front.place[u].state]
    # the active player counts only organised units; the inactive player all of his
    soviet = [u for u in front.land if front.side(u) == "soviet" and front.at_front(u)]
    assert (len(axis), sum(front.strength(u) for u in axis)) == (16, 70)
    assert (len(soviet), sum(front.strength(u) for u in soviet)) == (9, 30)
    assert {"su-7", "su-23", "su-20", "su-5", "su-21", "su-19", "su-6"} <= set(soviet)
    assert front.land["su-23"] == named(game, "Leningrad").hex_id      # tripled in the fortress


def test_s0_neighbours_of_the_examples(game, grid):
    front = _Front(game, grid)

    def beside(a, b):
        return distance(grid, front.land[a], front.land[b]) == 1
    pairs = [("de-rs", "su-5"), ("de-9", "su-21"), ("de-18", "su-21"), ("de-pz2", "su-19"), ("de-16", "su-19"),
             ("it-8", "su-6"), ("de-pz1", "su-4mc"), ("de-6", "su-4mc"), ("de-11", "su-od"), ("ro-4", "su-od")]
    assert [p for p in pairs if not beside(*p)] == []
    assert front.land["su-4mc"] == named(game, "Kiev").hex_id and front.land["su-od"] == named(game, "Odesa").hex_id
    assert front.hexsides.get(frozenset((front.land["de-11"], front.land["su-od"]))) == "river"   # 11th halved
    assert front.place["su-6gt"].hex_id == named(game, "Perekop").hex_id and front.place["su-6gt"].steps == 1


def test_s0_air_and_armour_of_the_3_1_examples(game, grid):
    front = _Front(game, grid)
    air = {u: p for u, p in front.place.items() if p.hex_id and game.unit_index[u].type_id == "air"}
    assert air["de-air-c"].hex_id == named(game, "Vilna").hex_id and air["de-air-s"].hex_id == named(game, "Lvov").hex_id
    assert air["su-air-w"].hex_id == named(game, "Krivoy Rog").hex_id
    german = sorted((p.steps or 2) for u, p in air.items() if u.startswith("de-"))
    assert german == [1, 2, 2]                                          # one at cadre, two full
    assert sorted(u for u in air if u.startswith("su-")) == ["su-air-n", "su-air-w"]
    helsinki = air["fi-air"].hex_id
    axis_front = [h for u, h in front.land.items() if front.side(u) == "axis" and front.at_front(u)]
    assert min(distance(grid, helsinki, h) for h in axis_front) > 3      # out of its range of 3
    armour = [u for u in front.land if game.unit_index[u].type_id == "armour" and front.side(u) == "axis"]
    assert len(armour) == 4


def test_s0_destroyed_boxes(game):
    s0 = game.scenario_index["s0-dnieper"]
    soviet = [game.unit_index[p.unit_id] for p in s0.setup if p.box == "soviet-destroyed"]
    kinds = sorted(u.type_id for u in soviet)
    assert kinds == ["air"] * 3 + ["armour"] + ["infantry"] * 8          # 8 infantry, 1 armour, 3 air
    assert [p.unit_id for p in s0.setup if p.box == "axis-destroyed"] == ["ro-air"]
    assert {p.unit_id: p.state for p in s0.setup if p.state} == {
        "de-rc": ("disorganised",), "su-5": ("disorganised",), "hu-1": ("immobilised",)}  # S.0; S.1 (still at Cluj)
