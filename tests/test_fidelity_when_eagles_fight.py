"""When Eagles Fight: figures of the Spanish rulebook pinned in the sample data.

Each test names the rule it pins; the expected values are written out by hand from the
rulebook (docs/fidelity/when-eagles-fight.md lists every fact checked).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game

GAME_DIR = Path(__file__).resolve().parent.parent / "data" / "when-eagles-fight"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR).game


def hex_(game, hex_id):
    return game.hex_index[("main", hex_id)]


def units_coded(game, code):
    return {u.unit_id for u in game.units if u.code == code}


def distance(game, a, b):
    grid = grid_for(game.maps["main"].grid)
    return grid.distance(grid.parse_id(a), grid.parse_id(b))


def test_rule_2_4_and_2_12_austro_hungarian_i_corps(game):
    ah1 = game.unit_index["ah-1"]
    assert (ah1.code, ah1.steps, [f.text for f in ah1.faces]) == ("2425", 1, ["6-7-4", "3-4-3"])
    assert game.nationalities["ah"].step_system == "reformed"


def test_rule_2_5_the_turkish_corps_is_german(game):
    tu = next(u for u in game.units if u.designation == "TU")
    assert tu.nationality == "de"
    assert set(game.nationalities) == {"de", "ah", "ru", "ro"}


def test_rule_2_2_9_6_named_hexes(game):
    assert hex_(game, "2419").name == "Warsaw"
    assert hex_(game, "2314").name == "Königsberg" and "sea_supply" in hex_(game, "2314").features
    assert hex_(game, "4233").name == "Odessa" and {"sea_supply", "rail_no_exit"} <= set(hex_(game, "4233").features)
    assert {h.hex_id for h in game.hexes if "rail_no_exit" in h.features} == {"4231", "4232", "4233"}
    assert hex_(game, "3532").name == "Jassy" and hex_(game, "3532").region == "romania"  # 10.4, 15.6


def test_rule_4_3_austro_hungarian_victory_hexes_beyond_cities(game):
    assert hex_(game, "3229").name == "Czernowitz" and "victory" in hex_(game, "3229").features
    assert hex_(game, "2726").name == "Przemysl" and "victory" in hex_(game, "2726").features
    assert {"pass", "victory"} <= set(hex_(game, "2529").features)
    assert "pass" in hex_(game, "2830").features and "victory" not in hex_(game, "2830").features


def test_rule_12_10_mountain_passes_and_the_pass_path_example(game):
    assert {h.hex_id for h in game.hexes if "pass" in h.features} == {"2528", "2529", "2629", "2830"}
    paths = {frozenset((s.hex_a, s.hex_b)) for s in game.hexsides if s.feature == "pass_path"}
    assert frozenset(("2628", "2528")) in paths          # 2628 -> 2528 costs 1 MP
    assert frozenset(("2628", "2629")) not in paths      # 2628 -> 2629 costs 2 MP
    assert hex_(game, "2629").terrain == "mountain" and game.terrain["mountain"].movement == "2"


def test_rule_12_3_all_sea_hexside_example(game):
    assert any({s.hex_a, s.hex_b} == {"2412", "2413"} and s.feature == "all_sea" for s in game.hexsides)


def test_rule_13_15_kovno_fortress_gives_no_drm(game):
    assert hex_(game, "2913").name == "Kovno" and "fortress_no_drm" in hex_(game, "2913").features
    assert game.unit_index["ru-fort-kovno"].code == "2913"


def test_rule_13_3_example_hexes_touch(game):
    assert distance(game, "1820", "1919") == 1 and distance(game, "1820", "1920") == 1


def test_designers_notes_no_austro_hungarian_or_russian_cavalry_at_the_start(game):
    starting = [u for u in game.units if u.code.isdigit() and len(u.code) == 4]
    assert [u.unit_id for u in starting if u.type_id == "cavalry" and u.nationality in ("ah", "ru")] == []


def test_rule_3_9_free_setup_cavalry(game):
    fs = {(u.nationality, u.type_id, u.size) for u in game.units if u.code == "FS"}
    assert sorted(u.nationality for u in game.units if u.code == "FS") == ["ah", "ah", "ah", "ru"]
    assert fs == {("ah", "cavalry", "XXX"), ("ru", "cavalry", "XXX")}


def test_players_notes_tannenberg_opening_positions(game):
    at = {}
    for u in game.units:
        at.setdefault(u.code, set()).add(u.unit_id)
    assert "ru-1" in at["2317"]                                      # the Russian 1 Corps in 2317
    assert len({u for u in at["2417"] if game.unit_index[u].size == "XXX"}) == 3  # three corps in 2417
    assert game.unit_index["ru-fort-lomza"].code == "2617"          # 'Lumja' falls to an automatic B/E
    assert game.unit_index["ru-fort-osowiec"].code == "2816"        # the Osowiec gambit
    assert hex_(game, "2515").name == "Lötzen"                      # OberOst in Lötzen reaches 2715/2716
    assert distance(game, "2515", "2715") <= 2 and distance(game, "2515", "2716") <= 2
    assert distance(game, "2316", "2317") == 1 and distance(game, "2318", "2317") == 1
    # 15 attack factors against the 0-1-0 fort: 5:1 with +10 - 2, so every roll gives B/E
    assert game.unit_index["ru-fort-lomza"].faces[0].values["defence"] == 1


def test_rule_3_5_three_corps_of_the_second_army(game):
    assert sorted(u.designation for u in game.units if u.parent == "/2") == ["12", "4", "7"]


def test_rules_10_3_to_10_5_conditional_arrivals(game):
    assert {game.unit_index[u].designation for u in units_coded(game, "REG")} == {"1C", "2TN"}
    german = [u for u in game.units if u.code.startswith("B+") and u.nationality == "de"]
    assert len(german) == 7                                          # 10.5: seven German units
    assert {u.code for u in german} == {"B+1", "B+2", "B+3"}
    assert units_coded(game, "B+3") >= {"ro-4"}                      # 10.4: the Romanian 4th Army


def test_rule_10_14_fortress_conversions(game):
    turns = {game.unit_index[u].designation: game.unit_index[u].code for u in ("de-pl", "de-tl", "de-bl")}
    assert turns == {"PL": "2", "TL": "2", "BL": "4"}
    assert {game.unit_index[u].faces[0].text for u in ("de-fort-posen-2", "de-fort-thorn-2", "de-fort-breslau-2")} == {"0-1-0"}


def test_rules_10_16_and_13_18_guards_army_and_heavy_artillery(game):
    assert len(units_coded(game, "14") & {u.unit_id for u in game.units if u.nationality == "ru"}) == 3
    assert len([u for u in game.units if u.type_id == "siege_guns"]) == 2


def test_rule_17_schlieffen_east(game):
    assert len(units_coded(game, "SEV")) == 17
    sev = game.scenario_index["schlieffen-east"]
    assert (sev.start_turn, sev.end_turn, sev.first_side) == (1, 3, "cp")


def test_rule_16_plan_19_keeps_four_russian_forts(game):
    plan19 = game.scenario_index["plan-19"]
    forts = {p.unit_id for p in plan19.setup if game.unit_index[p.unit_id].type_id == "fortress"
             and game.unit_index[p.unit_id].nationality == "ru"}
    assert forts == {"ru-fort-warsaw", "ru-fort-riga", "ru-fort-kronstadt", "ru-fort-odessa"}


def test_rules_13_10_13_11_13_20_crt(game):
    crt = game.tables["crt"]
    assert crt.columns == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
    assert (crt.roll_min, crt.roll_max, crt.below) == (1, 9, "E/0")
    assert crt.cells[crt.rows.index("6")][crt.columns.index("3:1")] == "1/E"


def test_rules_12_8_and_13_13_terrain(game):
    assert {t: game.terrain[t].movement for t in ("clear", "forest", "swamp", "mountain")} == {
        "clear": "1", "forest": "2", "swamp": "2", "mountain": "2"}
    def drms(entry):  # the terrain's DRMs, as its combat effects give them
        return [e.drm for e in entry.effects if e.kind == "drm" and not e.instead]

    assert (drms(game.terrain["swamp"]), drms(game.terrain["mountain"])) == ([-1], [-2])
    drm = {k: drms(f) for k, f in game.hex_features.items()}
    assert (drm["city"], drm["river"], drm["fortress"]) == ([-1], [-1], [-1])


def test_rule_8_1_stacking(game):
    (limit,) = game.spec.stacking.limits
    assert (limit.measure, limit.max) == ("weight", 3.0)
    assert {s.id: s.weight for s in game.sizes.values()}["XX"] == 0.5


def test_rules_4_1_5_2_10_8_turn_track(game):
    turns = {t.turn: t for t in game.spec.turn_track.turns}
    assert len(turns) == 24
    assert [n for n, t in turns.items() if "Russ. Victory" in t.annotations] == [2, 6, 11, 15, 20, 24]
    assert turns[11].annotations["Russ. Victory"] == "4/3"          # 4.3 example
    assert turns[6].annotations["Replacements"] == "G2/A2/R5"       # 10.8 example
    assert [n for n, t in turns.items() if t.date.startswith("1914")] == [1, 2, 3, 4]  # 6.4: 1914 = turns 1-4


def test_rules_7_1_and_9_9_examples(game):
    events = game.tables["random-events"]
    assert events.cells[events.rows.index("7")][0] == "A"           # turn 5, roll 7: event A
    ammo = game.tables["ammunition"]
    assert ammo.cells[ammo.rows.index("5")][0] == "4"               # turn 2, roll 5: four units


def test_rule_5_2_random_events_from_turn_5(game):
    phase = next(p for p in game.spec.sequence_of_play if p.id == "random-events")
    assert phase.turns == "5-24"
