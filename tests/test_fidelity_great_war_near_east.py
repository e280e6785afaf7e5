"""The Great War in the Near East: figures of the Spanish rulebook pinned in the sample data.

Each test names the rule it pins; expected values are written out by hand from the rulebook
(docs/fidelity/great-war-near-east.md lists every fact checked).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.io.loader import load_game

GAME_DIR = Path(__file__).resolve().parent.parent / "data" / "great-war-near-east"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR).game


def hex_(game, map_id, hex_id):
    return game.hex_index[(map_id, hex_id)]


def test_rule_1_3_map_anomalies(game):
    assert hex_(game, "egypt", "2430").name == "to Beirut"
    assert hex_(game, "egypt", "3611").name == "Pipeline Station" and "town" not in hex_(game, "egypt", "3611").features
    assert hex_(game, "egypt", "4208").name == "Bitter Lake"


def test_rule_2_4_and_2_5_example_counters(game):
    seven = game.unit_index["bi-7in"]
    assert (seven.faces[0].text, seven.code) == ("3-4-4", "G")
    xxi = game.unit_index["bp-hq-21"]
    assert [f.text for f in xxi.faces] == ["[1] 3", "[0] 3"]
    assert game.maps["egypt"].movement_factor == 2                      # 2.10: movement doubled there


def test_rule_3_1_units_without_codes(game):
    coded = {u.unit_id for u in game.units if u.code}
    for prefix in ("ana-", "arm-", "gst-"):
        assert not {u for u in coded if u.startswith(prefix)}, prefix
    assert "bp-10na" not in coded and "ge-ak" not in coded
    assert len([u for u in game.units if u.type_id == "shock"]) == 6   # 4.4: six shocktroops


def test_rules_3_2_3_3_set_up_codes(game):
    codes = {(c.side, c.code): c for c in game.spec.setup_codes}
    assert codes[("allied", "I")].hex == "2252" and hex_(game, "iraq", "2252").name == "Basra"
    assert codes[("cp", "P")].hex == "2913" and hex_(game, "egypt", "2913").name == "Gaza"
    assert codes[("cp", "S")].hex == "1728" and hex_(game, "egypt", "1728").name == "Damascus"
    assert {code for side, code in codes if side == "cp"} == {"A", "C", "I", "P", "S", "T"}
    assert {code for side, code in codes if side == "allied"} == {"C", "E", "I"}


def test_rule_3_7_three_persian_units(game):
    persians = sorted(u.unit_id for u in game.units if u.nationality in ("spr", "gndm") or u.designation == "PC")
    assert persians == ["gndm-1", "ru-pc", "spr-1"]


def test_rules_4_2_and_16_2_arabia_and_the_reserve(game):
    arabia = [u for u in game.units if u.code == "(A)"]
    assert len(arabia) == 4                                             # below 4 the Allies gain a TS hex
    reserve = [u for u in game.units if u.code == "(T)"]
    assert len(reserve) == 11 and {u.type_id for u in reserve} == {"inf"}   # 16.2: 11 divisions
    assert game.unit_index["tu-58"].code == "K"


def test_rule_4_3_every_hex_west_of_the_suez_canal_is_a_victory_hex(game):
    egypt = [h for h in game.hexes if h.map_id == "egypt" and h.region == "egypt" and h.terrain != "sea"]
    assert egypt and all({(v.side, v.value) for v in h.victory} == {("cp", 1)} for h in egypt)
    assert ("cp", 1) in {(v.side, v.value) for v in hex_(game, "caucasus", "3653").victory}   # Baku


def test_rule_4_2_baghdad_is_one_ts_hex(game):
    assert {(v.side, v.value) for v in hex_(game, "iraq", "1442").victory} == {("allied", 1)}


def test_rule_6_3_fall_of_the_tsar_from_the_first_strategic_turn(game):
    lettered = [t for t in game.spec.turn_track.turns if t.letter]
    assert lettered[0].letter == "A" and lettered[0].annotations.get("FoC")
    assert all(t.annotations.get("FoC") in ("4", "5", "6") for t in lettered)


def test_rule_16_2_reserve_dice(game):
    dice = {t.letter: t.annotations.get("Reserve") for t in game.spec.turn_track.turns if t.letter}
    assert dice["C"] == "1d6" and dice["O"] == "1d6"
    assert all(dice[letter] == "2d6" for letter in "DEFGHIJKLMN")


def test_rules_11_8_and_13_22_named_hexes(game):
    edge = sorted(h.hex_id for h in game.hexes if h.map_id == "caucasus" and "allied_supply" in h.features)
    assert edge == [f"48{c}" for c in range(36, 50)]                    # 4836-4849
    assert hex_(game, "iraq", "2552").name == "Abadan" and hex_(game, "iraq", "2436").name == "Hamadan"
    assert hex_(game, "iraq", "1845").name == "Kut"
    assert sorted(h.hex_id for h in game.hexes if "k_hex" in h.features) == ["1846", "1944", "1945"]
    pipeline = [h.hex_id for h in game.hexes if "pipeline" in h.features]
    assert sorted(pipeline) == ["3112", "3311", "3611", "4011"]
    assert hex_(game, "egypt", "2711").name == "Beersheba"
    assert sorted(h.hex_id for h in game.hexes if "gaza_line" in h.features) == ["2712", "2813"]
    assert hex_(game, "caucasus", "3045").name == "Trebizond" and hex_(game, "caucasus", "3653").name == "Baku"


def test_rule_10_2_stacking(game):
    (limit,) = game.spec.stacking.limits
    assert (limit.measure, limit.max) == ("units", 6)
    assert game.unit_types["hq"].max_per_hex == 1


def test_rules_13_10_to_13_15_crt(game):
    a, b = game.tables["crt-a"], game.tables["crt-b"]
    assert a.columns == b.columns == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
    assert (a.below, b.below) == ("2/0", "4/0")
    assert a.cells[a.rows.index("2")][a.columns.index("2:1")] == "2/1"        # 13.12 example
    de_columns = {a.columns[c] for row in a.cells for c, cell in enumerate(row) if cell == "DE"}
    assert de_columns <= {"3:1", "4:1", "5:1"} and "3:1" in de_columns     # DE from 3:1 on
    assert (a.roll_min, a.roll_max) == (0, 6)                               # 13.15


def test_rule_15_provisional_government_replaces_the_movement_4_divisions(game):
    fours = [u for u in game.units if u.nationality == "ru" and u.type_id == "inf" and u.size == "XX"
             and u.faces[0].values.get("movement") == 4]
    assert len(fours) == len([u for u in game.units if u.nationality == "pg"]) == 4


def test_rule_3_4_first_turn(game):
    first = game.spec.turn_track.turns[0]
    assert first.date == "1914-11/1914-12" and first.weather_by_map == {"caucasus": "snow"}
    last = game.spec.turn_track.turns[-1]
    assert last.date == "1918-11/1918-12"
