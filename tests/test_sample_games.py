"""Every sample game in data/ passes `warkit check` with no errors and no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import check_game
from generator.io.loader import load_game

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = sorted(p.parent for p in DATA.glob("*/game.yaml"))


@pytest.mark.parametrize("game_dir", GAMES, ids=[g.name for g in GAMES])
def test_sample_game_is_clean(game_dir):
    report = check_game(game_dir)
    assert [i.format() for i in report.issues] == []


def test_when_eagles_fight_facts_from_the_rulebook():
    game = load_game(DATA / "when-eagles-fight").game
    ah1 = next(u for u in game.units if u.code == "2425")  # WEF 2.4: A-H I Corps starts in 2425
    assert (ah1.nationality, [f.text for f in ah1.faces], ah1.steps) == ("ah", ["6-7-4", "3-4-3"], 1)
    assert game.step_systems[ah1.step_system].kind == "reformed"  # WEF 2.12
    names = {h.hex_id: h.name for h in game.hexes if h.name}
    assert names["2419"].startswith("Warsaw") and names["2314"].startswith("K")
    crt = game.tables["crt"]
    assert crt.cells[crt.rows.index("6")][crt.columns.index("3:1")] == "1/E"  # WEF 13.20
    assert (crt.roll_min, crt.roll_max, crt.below) == (1, 9, "E/0")
    assert len(game.spec.turn_track.turns) == 24


# Glory's End 16.2: the Marne deployment, as printed (designation, size, steps, hex) per army.
MARNE_162 = {
    "bef": "1 XXX 4 3334; 2 XXX 3 3235; 4 XX 2 3235; 19 X 1 3235; 1 Cav XX 2 3333",
    "fr": "1 Cav XXX 1 3237; 9 XXX 3 3230; 18 XXX 3 3631; 4 XXX 2 3036; 42 XX 2 3130; 7 Cav XX 1 3224; "
          "12 XXX 3 3326; 17 XXX 3 3327; Col XXX 2 3325; 9 Cav XX 1 3433; 1 XXX 3 3231; 2 XXX 3 3324; "
          "3 XXX 2 3331; 10 XXX 3 3231; 11 XXX 3 3229; 4R [XXX] 3 3332; 5R [XXX] 3 2936; 45 XX 2 3037; "
          "M XX 2 2936; 61R XX 2 3036; 62R XX 2 3036; 4T XXX 2 3136; 2 Cav XXX 2 3433",
    "de": "1 Cav XXX 1 3232; 2 Cav XXX 2 3233; 3 Cav XXX 2 3124; 2 XXX 3 3133; 3 XXX 2 3232; 4 XXX 2 3233; "
          "4R XXX 3 2934; 9 XXX 3 3131; Gd XXX 2 3129; 7 XXX 3 3131; 10 XXX 2 3030; 10R XXX 3 3031; "
          "12 XXX 3 3029; 12R XXX 3 2928; 19 XXX 3 3027; 8 XXX 3 3226; 8R XXX 3 3225; 18 XXX 3 3124",
}


def _printed(entry: str) -> tuple:
    *designation, size, steps, hex_id = entry.split()
    return (" ".join(designation), size, int(steps), hex_id)


def test_marne_scenario_places_every_unit_of_rule_16_2():
    game = load_game(DATA / "glorys-end").game
    marne = game.scenario_index["marne"]
    placed = {}
    for p in marne.setup:
        unit = game.unit_index[p.unit_id]
        if unit.type_id == "fortress":
            continue  # the three Paris forts (16.2) are checked below
        size = f"[{unit.size}]" if unit.ad_hoc else unit.size
        placed.setdefault(unit.nationality, set()).add((unit.designation, size, p.steps, p.hex_id))
    for nationality, entries in MARNE_162.items():
        assert placed[nationality] == {_printed(e) for e in entries.split("; ")}, nationality
    forts = [p.hex_id for p in marne.setup if game.unit_index[p.unit_id].type_id == "fortress"]
    assert sorted(forts) == ["3036", "3037", "3136"]
    assert {(r.unit_id, r.turn) for r in marne.reinforcements} == {("fr-7", 8), ("de-15", 10), ("de-7r", 10)}
    assert (marne.start_turn, marne.end_turn, marne.map_id) == (8, 12, "marne")


def test_glorys_end_step_levels_pick_the_counter_face():
    # "1 XXX(4)" shows the full counter; "9 XXX(3)" of a 4-step corps shows its reduced back;
    # a corps down to 2 steps shows the dotted second counter (GE 2.11).
    game = load_game(DATA / "glorys-end").game
    system = game.step_systems[game.unit_index["fr-9"].step_system]
    assert [system.face_of_level(4, level) for level in (4, 3, 2, 1)] == ["A.front", "A.back", "B.front", "B.back"]
    crt = game.tables["crt"]
    assert crt.cells[crt.rows.index("6")][crt.columns.index("3:1")] == "0/2R"  # GE 13.3
    assert (crt.roll_min, crt.roll_max, crt.below) == (1, 6, "2/0")


def test_blitz_in_the_east_facts_from_the_rulebook():
    game = load_game(DATA / "blitz-in-the-east").game
    attrition = game.tables["attrition"]
    assert attrition.kind == "attrition" and attrition.cells[1][2] == "2-1"  # 3.2 example: Axis 70 against 30
    assert attrition.columns[-1] == "162+" and len(attrition.rows) == 7  # 27-point bands (rule 3.0)
    cards = {deck.id: sum(c.copies for c in game.cards_of(deck.id)) for deck in game.spec.decks}
    assert cards == {"axis-cards": 11, "soviet-cards": 17}  # Intro/Cards: 28 cards, 11 Axis and 17 Soviet
    tactical = {c.card_id for c in game.cards if c.orientation == "landscape"}
    assert tactical == {"gustav", "engineers", "heavy-tanks", "katyusha", "red-guard", "airborne"}  # RA.3
    assert game.terrain["kazakh_steppe"].prohibited_to == ["axis"] and game.terrain["swamp"].prohibited_to == ["armour"]
    steppe = [h for h in game.hexes if h.terrain == "kazakh_steppe"]
    assert 5 <= len(steppe) <= 9  # Intro/Map: the seven hexes east of the lower Volga
    booty = sorted(v.value for h in game.hexes for v in h.victory if v.side == "axis")
    assert booty == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4] and sum(booty) == 30  # S.2 war booty
    opening = game.scenario_index["s1-blitz"]
    states = {p.unit_id: p.state for p in opening.setup if p.state}
    assert states == {"hu-1": ("immobilised",), "fi-kr": ("disorganised",)}  # S.1
    assert {p.box for p in game.scenario_index["s0-dnieper"].setup if p.box} == {"axis-destroyed", "soviet-destroyed"}
    assert game.scenario_index["s3-campaign"].end_turn == 28 and len(game.turn_numbers) == 28
