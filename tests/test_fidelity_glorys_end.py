"""1914: Glory's End: figures of the Spanish rulebook pinned in the sample data.

Each test names the rule it pins; expected values are written out by hand from the rulebook
(docs/fidelity/glorys-end.md lists every fact checked). The Marne set-up of rule 16.2 is
pinned entry by entry in tests/test_sample_games.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game

GAME_DIR = Path(__file__).resolve().parent.parent / "data" / "glorys-end"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR).game


def hex_(game, hex_id, map_id="main"):
    return game.hex_index[(map_id, hex_id)]


def vp(game, hex_id, map_id="main"):
    return {(v.side, v.value, v.conditional) for v in hex_(game, hex_id, map_id).victory}


def test_rule_2_1_counters_of_one_and_a_half_centimetres(game):
    assert game.spec.print.counter_size_mm == 15


def test_rule_2_2_antwerp_and_rule_7_9_interior_ports(game):
    assert hex_(game, "1226").name == "Antwerp" and "interior_port" in hex_(game, "1226").features
    assert hex_(game, "2442").name == "Rouen" and "interior_port" in hex_(game, "2442").features
    access = {h.hex_id for h in game.hexes if h.map_id == "main" and "port_access" in h.features}
    assert access == {"1126", "1127", "1227", "2243", "2244", "2342", "2343", "2443"}


def test_rule_2_4_german_ii_corps(game):
    de2 = game.unit_index["de-2"]
    assert (de2.steps, de2.faces[0].text, de2.army) == (4, "6-7-4", "1")


def test_rule_2_8_battalion_mark_and_rule_14_7_siege_guns(game):
    assert game.sizes["I"].mark == "I"
    guns = sorted(u.designation for u in game.units if u.type_id == "siege_guns")
    assert guns == ["305", "305", "420"]
    assert {u.size for u in game.units if u.type_id == "siege_guns"} == {"I"}


def test_rule_2_9_french_active_corps_and_reserve_groups(game):
    assert game.unit_index["fr-1"].faces[0].text == "5-4-4"
    for group in ("fr-1r", "fr-4r", "fr-5r"):
        unit = game.unit_index[group]
        assert unit.ad_hoc and unit.faces[0].values["defence"] > 4


def test_rule_3_4_army_zero_and_the_french_fourth_army(game):
    assert game.unit_index["fr-1cav"].army == "0"
    assert any(u.army == "0" for u in game.units if u.nationality == "de")
    short = game.scenario_index["short-campaign"]
    assert {m.marker_id: m.hex_id for m in short.markers if m.marker_id == "fr-mob-4"} == {"fr-mob-4": "3223"}


def test_rule_3_5_and_4_6_mobilization_markers(game):
    markers = [m for m in game.markers if m.kind == "mobilization"]
    assert sorted(m.marker_id for m in markers if m.nationality == "fr") == [f"fr-mob-{n}" for n in range(1, 6)]
    assert sorted(m.marker_id for m in markers if m.nationality == "de") == [f"de-mob-{n}" for n in range(1, 8)]


def test_rule_3_6_german_reinforcements_on_turns_5_and_14(game):
    turns = {u.code[:-1] for u in game.units if u.nationality == "de" and u.code.endswith("E")}
    assert {"5", "14"} <= turns


def test_rule_4_2_victory_hexes(game):
    assert hex_(game, "2244").name == "Le Havre" and vp(game, "2244") == {("german", 4, False)}
    assert hex_(game, "3912").name == "Vogelsheim" and vp(game, "3912") == {("allied", 4, False)}
    assert vp(game, "1632") == {("allied", 5, False), ("german", 5, False)}      # Lille, both sides
    both = [h.hex_id for h in game.hexes if h.map_id == "main" and {v.side for v in h.victory} == {"allied", "german"}]
    assert both == ["1632"]
    assert ("german", 10, False) in vp(game, "3036")                             # Paris


def test_rule_4_3_conditional_channel_ports(game):
    ports = {"1439": "Boulogne", "1337": "Calais", "1335": "Dunkirk", "1032": "Ostend"}
    for hex_id, name in ports.items():
        assert hex_(game, hex_id).name == name
        assert {(v.side, v.conditional) for v in hex_(game, hex_id).victory} == {("german", True)}


def test_designers_note_to_4_3_ypres_held_at_turn_30(game):
    assert vp(game, "1433") == {("allied", 5, True)}                             # -7 + 7 + 15 + 5 = 20


def test_rules_6_1_stacking(game):
    limits = {(l.measure, l.max) for l in game.spec.stacking.limits}
    assert limits == {("steps", 9), ("units", 2)}


def test_rules_6_3_and_11_3_paris_and_melun(game):
    paris = sorted(h.hex_id for h in game.hexes if h.map_id == "main" and h.name == "Paris")
    assert paris == ["3036", "3037", "3136"]
    assert {h.hex_id for h in game.hexes if h.map_id == "main" and "rail_hub" in h.features} == {"3136", "3334"}
    assert hex_(game, "3334").name == "Melun"


def test_rules_7_10_7_11_named_hexes(game):
    assert hex_(game, "1525").name == "Brussels"
    assert hex_(game, "1621").name == "Liège" and game.unit_index["be-liege"].code == "1621"
    assert hex_(game, "2038").name == "Abbeville"
    assert hex_(game, "1415").name == "Cologne"                                  # 8.2


def test_rule_8_2_german_edge_runs_to_4511(game):
    assert hex_(game, "4511").region == "germany" and hex_(game, "1015").region == "germany"


def test_rule_8_3_8_4_entry_codes(game):
    assert game.unit_index["bef-ind"].code == "24S"                              # Indian Corps, turn 24, south
    assert sorted(u.unit_id for u in game.units if u.code.endswith("P")) == ["fr-61r", "fr-62r"]  # the two 'P'


def test_rule_8_6_replacements(game):
    turns = {t.turn: t.annotations.get("Replacements", "") for t in game.spec.turn_track.turns}
    assert [n for n, r in turns.items() if "F3 G3" in r] == list(range(4, 31))
    assert [n for n, r in turns.items() if "B" in r] == [7, 29]
    assert "B2" in turns[7] and "B1" in turns[29]


def test_rule_12_3_and_13_5_examples(game):
    assert any({s.hex_a, s.hex_b} == {"1839", "1939"} and s.feature == "all_sea" for s in game.hexsides)
    grid = grid_for(game.maps["main"].grid)
    assert grid.distance(grid.parse_id("1820"), grid.parse_id("1919")) == 1
    assert grid.distance(grid.parse_id("1820"), grid.parse_id("1920")) == 1


def test_rules_12_8_12_9_13_14_terrain(game):
    assert {t: game.terrain[t].movement for t in ("clear", "forest", "swamp", "mountain")} == {
        "clear": "1", "forest": "2", "swamp": "3", "mountain": "3"}
    assert game.hexside_features["major_river"].movement == "+1"
    assert game.hexside_features["minor_river"].movement == "+0"
    drms = [[e.drm for e in game.terrain[t].effects if e.kind == "drm"] for t in ("swamp", "mountain")]
    assert drms == [[-1], [-2]]


def test_rules_13_3_13_11_13_12_crt(game):
    crt = game.tables["crt"]
    assert crt.columns == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
    assert crt.cells[crt.rows.index("6")][crt.columns.index("3:1")] == "0/2R"
    assert (crt.roll_min, crt.roll_max, crt.below) == (1, 6, "2/0")


def test_rule_14_10_modern_fortresses(game):
    forts = {u.code: u.designation for u in game.units if u.type_id == "fortress"}
    assert {forts[h] for h in ("2822", "3320", "3716", "4115")} == {"Verdun", "Toul", "Épinal", "Belfort"}
    assert game.unit_index["fr-verdun"].faces[0].values["siege"] == 3


def test_rule_9_1_entrenchment_table(game):
    assert game.tables["entrenchment"].cells == [["1"], ["1"], ["1"], ["1-2"], ["1-2"], ["1-2"]]


def test_rule_10_1_command_control(game):
    assert [row[0] for row in game.tables["command"].cells] == ["-", "-", "-", "-", "-", "OOC"]


def test_scenario_lengths(game):
    lengths = {s.scenario_id: (s.start_turn, s.end_turn) for s in game.scenarios}
    assert lengths == {"historical": (1, 30), "free-setup": (1, 30), "short-campaign": (1, 10), "marne": (8, 12)}


def test_rule_16_marne_markers_and_objectives(game):
    marne = game.scenario_index["marne"]
    control = sorted(m.hex_id for m in marne.markers if m.marker_id == "de-control")
    assert control == ["2331", "2435", "2529", "2627", "2829", "2932"]
    assert sorted(m.hex_id for m in marne.markers if m.marker_id == "ooc") == ["3235", "3333", "3334"]
    objectives = {h.hex_id: vp(game, h.hex_id, "marne") for h in game.hexes if h.map_id == "marne" and h.victory}
    assert objectives == {"2529": {("allied", 2, False)}, "2627": {("allied", 2, False)},
                          "2728": {("allied", 1, False)}, "3027": {("allied", 1, False)},
                          "3226": {("allied", 1, False)}, "2928": {("allied", 1, False)},
                          "2930": {("allied", 1, False)}}


def test_rule_17_2_and_7_13_channel_and_abbeville_restrictions(game):
    short = " ".join(game.scenario_index["short-campaign"].special_rules)
    assert "Abbeville (2038)" in short and "Boulogne, Calais or Dunkirk" in short
