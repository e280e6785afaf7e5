"""Model pieces: turn windows, step systems, factor layouts, scenario inheritance, spreadsheets."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import check_game
from generator.io.loader import load_game
from generator.model.rules import StepSystem, compile_layout
from generator.model.track import parse_window

TRACK = tuple(range(1, 31))


@pytest.mark.parametrize(
    "text, turns",
    [
        ("all", TRACK),
        (None, TRACK),
        ("5-7", (5, 6, 7)),
        ("not 1", TRACK[1:]),
        ("2,6,11", (2, 6, 11)),
        ("10-12, not 11", (10, 12)),
    ],
)
def test_turn_windows(text, turns):
    assert parse_window(text).turns(TRACK) == turns


@pytest.mark.parametrize("text", ["5-", "turns 5-24", "7-3", "not"])
def test_bad_turn_windows_say_what_was_expected(text):
    with pytest.raises(ValueError, match="turn window"):
        parse_window(text)


def test_two_counter_levels_pick_counter_and_face():
    # GE 2.11: "1 XXX(4)" shows counter A front, "9 XXX(3)" at 3 of 3 steps also A front,
    # and a 4-step unit down to 2 steps shows the dotted B counter.
    system = StepSystem(
        id="big", name="Two counters", kind="two_counter",
        levels={4: ["A.front", "A.back", "B.front", "B.back"], 3: ["A.front", "A.back", "B.front"]},
    )
    assert system.face_of_level(4, 4) == "A.front"
    assert system.face_of_level(4, 2) == "B.front"
    assert system.face_of_level(3, 1) == "B.front"


def test_flip_and_reformed_faces():
    flip = StepSystem(id="f", name="Flip", kind="flip")
    reformed = StepSystem(id="r", name="Reformed", kind="reformed")
    assert (flip.face_of_level(2, 2), flip.face_of_level(2, 1)) == ("A.front", "A.back")
    assert reformed.face_of_level(1, 1) == "A.front"  # WEF 2.12: the back only after rebuilding


def test_two_counter_levels_must_match_step_count():
    with pytest.raises(ValueError, match="levels for 4 steps must list 4 faces"):
        StepSystem(id="b", name="B", kind="two_counter", levels={4: ["A.front", "A.back"]})


def test_factor_layouts_parse_literal_text_and_numbers():
    cavalry = compile_layout("({vs_cavalry}) {combat}-{movement}")
    assert cavalry.fullmatch("(2) 3-6").groupdict() == {"vs_cavalry": "2", "combat": "3", "movement": "6"}
    assert cavalry.fullmatch("2 3-6") is None
    fortress = compile_layout("{defence}+{siege}")
    assert fortress.fullmatch("4+3").groupdict() == {"defence": "4", "siege": "3"}


def test_scenario_extends_inherits_what_it_does_not_say(mini):
    mini.write("scenarios/late.yaml", "extends: opening\ntitle: Late start\nstart_turn: 3\n")
    game = load_game(mini.path).game
    late = game.scenario_index["late"]
    opening = game.scenario_index["opening"]
    assert (late.title, late.start_turn, late.end_turn) == ("Late start", 3, 4)
    assert late.special_rules == opening.special_rules
    assert {p.unit_id for p in late.setup} == {p.unit_id for p in opening.setup}


def test_scenario_extending_an_unknown_scenario(mini):
    mini.write("scenarios/bad.yaml", "extends: nosuch\nstart_turn: 1\nend_turn: 2\n")
    messages = [i.format() for i in check_game(mini.path).issues]
    assert messages == ["mini/scenarios/bad.yaml:1:1: error: scenario.extends: extends unknown scenario 'nosuch' (known: bad, opening)"]


def test_units_from_an_xlsx_sheet_keep_line_numbers(mini):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for line in mini.read("units.csv").splitlines():
        sheet.append(line.split(","))
    sheet.cell(row=3, column=2, value="bx")  # b2's nationality, on sheet row 3
    book.save(mini.path / "units.xlsx")
    mini.replace("game.yaml", "units: units.csv", "units: units.xlsx")
    messages = [i.format() for i in check_game(mini.path).issues]
    assert messages == [
        "mini/units.xlsx:3:2: error: ref.unknown-nationality: [nationality] unknown nationality 'bx' (known: bl, gy, rd)"
    ]


def test_setup_from_codes_places_hex_coded_units_and_brings_turn_coded_ones(mini):
    game = load_game(mini.path).game
    opening = game.scenario_index["opening"]
    assert {(p.unit_id, p.hex_id) for p in opening.setup} == {
        ("b1", "0101"), ("b2", "0101"), ("b3", "0201"), ("b4", "0202"), ("r1", "0505"), ("r3", "0504"),
    }
    assert [(r.unit_id, r.turn) for r in opening.reinforcements] == [("r2", 2)]


def test_setup_table_beside_a_scenario_with_a_relative_game_path(mini, monkeypatch):
    mini.write("scenarios/table.yaml", "start_turn: 1\nend_turn: 2\nsetup: table-setup.csv\n")
    mini.write("scenarios/table-setup.csv", "unit,hex,steps\nb1,0101,2\nr1,0505,\n")
    monkeypatch.chdir(mini.path.parent)
    game = load_game(Path("mini")).game
    placed = {(p.unit_id, p.hex_id, p.steps, p.where.line) for p in game.scenario_index["table"].setup}
    assert placed == {("b1", "0101", 2, 2), ("r1", "0505", None, 3)}


def test_a_setup_table_gives_the_army_a_unit_joined(mini):
    mini.write("scenarios/table.yaml", "start_turn: 1\nend_turn: 2\nsetup: table-setup.csv\n")
    mini.write("scenarios/table-setup.csv", "unit,hex,army\nb1,0101,3\nr1,0505,\n")
    game = load_game(mini.path).game
    assert {(p.unit_id, p.army) for p in game.scenario_index["table"].setup} == {("b1", "3"), ("r1", None)}
