"""Tracking sheets (turns × phases, number tracks), tables read by a value, and deck fields
printed as squares or in a corner: layout, and one invalid fixture per check."""

from __future__ import annotations

import pytest

from charts_game import context_for, texts_in
from checks import issues
from generator.components.decks.plan import plan_decks
from generator.components.dice_tables import dice_table_blocks
from generator.components.turn_track import turn_track_blocks
from generator.layout.frame import box_contains

TRACK = """turn_track:
  title: Tracking sheet
  turn_name: Round
  phases:
    - {id: draw, name: Draw cards, short: Draw}
    - {id: op1, name: Operations 1}
    - {id: op2, name: Operations 2}
  tracks:
    - {id: initiative, name: Initiative, first: 1, last: 4, sides: [blue, red], markers: [init]}
    - {id: morale, name: Morale, first: 0, last: 5, markers: [mor]}
  turns:
    - {turn: 1, label: Spring}
    - {turn: 2, label: Summer}
"""
VALUE_TABLE = """tables:
  - id: combat
    kind: value
    name: Combat Table
    row_title: Combat value
    columns: ["≤1", "2-3", "4-6", "7+"]
    rows: [Losses]
    result_pattern: '\\d'
    cells: ["0 1 2 3"]
    drms: [{value: "+1", condition: a garrison}]
"""
DECK = """decks:
  - id: events
    name: Events
    file: decks/events.csv
    total: 3
    fields:
      - {id: orders, name: Orders, kind: number, corner: top_left, colour: "#1f5fbf"}
      - {id: cubes, name: Cubes, kind: squares, colours: {white: "#ffffff", green: "#2e9e44"}}
"""


@pytest.fixture
def sheet(areamini):
    text = areamini.read("game.yaml")
    start, end = text.index("turn_track:"), text.index("units: units.csv")
    areamini.write("game.yaml", text[:start] + TRACK + VALUE_TABLE + DECK + text[end:])
    areamini.write("decks/events.csv", "id,title,copies,orders,cubes,text\n"
                                       "march,Forced march,2,3,white;white;green,Move one area further.\n"
                                       "rest,Rest,1,2,,Nothing happens.\n")
    areamini.write("markers.csv", "id,name,text,back_text,side,back_side\ninit,Initiative,Blue,Red,blue,red\n"
                                   "mor,Morale,,,,\n")
    areamini.replace("game.yaml", "units: units.csv", "units: units.csv\nmarkers: markers.csv")
    areamini.replace("scenarios/opening.yaml", "end_turn: 2", "end_turn: 2\nstart_phase: op1\nreinforcements:\n"
                                                             "  - {unit: r3, turn: 2, phase: op2, entry: redtown}\n"
                                                             "markers:\n  - {marker: init, track: initiative, value: 2, "
                                                             "side: red}")
    areamini.replace("scenarios/opening.yaml", "  - {unit: r3, box: pool}\n", "")
    return areamini


def test_the_sheet_data_is_clean(sheet):
    assert issues(sheet) == []


def _anchors(blocks):
    found = {}
    for block in blocks:
        found.update(block.anchors)
    return found


def test_turns_are_rows_of_phase_spaces_with_arrivals_in_their_phase(sheet):
    context = context_for(sheet.path)
    scenario = context.game.scenarios[0]
    blocks = turn_track_blocks(context, scenario, 190.0)
    anchors = _anchors(blocks)
    assert {name for name in anchors if name.count(":") == 2 and name.startswith("turn:")} == {
        f"turn:{turn}:{phase}" for turn in (1, 2) for phase in ("draw", "op1", "op2")}
    assert box_contains(anchors["turn:2:op2"], anchors["chip:r3:0"])
    texts = [text.text for text, _, _ in texts_in([item for block in blocks for item in block.items])]
    assert texts[0] == "Tracking sheet: Opening"
    assert {"Round", "Draw", "Operations 1", "Start", "End", "Redtown"} <= set(texts)


def test_a_two_sided_track_has_no_zero_and_the_marker_shows_its_sides_face(sheet):
    context = context_for(sheet.path)
    blocks = turn_track_blocks(context, context.game.scenarios[0], 190.0)
    anchors = _anchors(blocks)
    spaces = sorted(name for name in anchors if name.startswith("track:initiative:"))
    assert spaces == sorted(f"track:initiative:{side}:{n}" for side in ("blue", "red") for n in range(1, 5))
    assert sorted(n for n in anchors if n.startswith("track:morale:")) == sorted(f"track:morale::{n}" for n in range(6))
    placed = [(text.text, x, y) for text, x, y in texts_in([i for b in blocks for i in b.items])
              if text.text == "Red" and text.font == "sans-bold" and x > 22.0]  # not the side's name
    assert len(placed) == 1  # the two-sided marker, on the red half, shows its red back
    for block in blocks:
        if "track:initiative:red:2" in block.anchors:
            left, top, right, bottom = block.anchors["track:initiative:red:2"]
    assert left <= placed[0][1] <= right


def test_a_value_table_is_read_across_with_its_modifiers(sheet):
    context = context_for(sheet.path)
    table = context.game.tables["combat"]
    blocks = dice_table_blocks(context, table, 180.0)
    texts = {text.text for text, _, _ in texts_in([i for b in blocks for i in b.items])}
    assert {"Combat Table", "Combat value", "≤1", "7+", "Losses", "3", "Modifier", "a garrison"} <= texts
    assert "Die roll" not in texts and "Chance" not in texts  # no dice


def test_deck_fields_in_a_corner_and_as_squares(sheet):
    context = context_for(sheet.path)
    (plan,) = plan_decks(context.game, context.translator, 15.875)
    march = plan.cards[0].front
    assert march.corners == (("top_left", "3", "#1f5fbf"),)
    assert march.squares == (("Cubes", ("#ffffff", "#ffffff", "#2e9e44")),)
    assert march.values == ()  # neither is printed again as "name: value"
    assert plan.cards[1].front.squares == ()


CASES = [
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "phase: op2", "phase: op3"), "track",
        "areamini/scenarios/opening.yaml:6:5: error: track.phase: unit 'r3' arrives in phase 'op3', which the turn "
        "track does not declare (phases: draw, op1, op2)",
        id="arrival-in-unknown-phase"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "start_phase: op1", "start_phase: op9"), "track",
        "areamini/scenarios/opening.yaml:1: error: track.phase: scenario 'opening': start_phase phase 'op9', which "
        "the turn track does not declare (phases: draw, op1, op2)",
        id="scenario-starts-in-unknown-phase"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "value: 2, side: red", "value: 0, side: red"), "track",
        "areamini/scenarios/opening.yaml:8:5: error: track.markers: marker 'init' on track 'initiative' at 0; the "
        "track runs 1-4",
        id="marker-off-its-track"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "value: 2, side: red", "value: 2"), "track",
        "areamini/scenarios/opening.yaml:8:5: error: track.markers: marker 'init' on two-sided track 'initiative' "
        "needs 'side': one of blue, red",
        id="marker-without-its-side"),
    pytest.param(
        lambda g: g.replace("game.yaml", 'columns: ["≤1", "2-3", "4-6", "7+"]', 'columns: ["≤1", "2-3", "5-6", "7+"]'),
        "crt",
        "areamini/game.yaml:74:28: error: crt.columns: table 'combat': column '5-6' leaves a gap after column '2-3'; "
        "the values must run on without gaps (the next column should start at 4)",
        id="value-table-gap"),
    pytest.param(
        lambda g: g.replace("game.yaml", 'columns: ["≤1", "2-3", "4-6", "7+"]', 'columns: ["≤1", "2-3", "3-6", "7+"]'),
        "crt",
        "areamini/game.yaml:74:28: error: crt.columns: table 'combat': column '3-6' overlaps column '2-3'; the values "
        "must run on without gaps (the next column should start at 4)",
        id="value-table-overlap"),
    pytest.param(
        lambda g: g.replace("game.yaml", 'columns: ["≤1", "2-3", "4-6", "7+"]', 'columns: ["≤1", "2-3", "four", "7+"]'),
        "crt",
        "areamini/game.yaml:74:28: error: crt.columns: table 'combat': column 'four' should be a value ('5'), a range "
        "('3-4') or an open end ('≤0', '16+')",
        id="value-table-not-a-value"),
    pytest.param(
        lambda g: g.replace("decks/events.csv", "white;white;green", "white;purple"), "decks",
        "areamini/decks/events.csv:2:5: error: decks.field: [cubes] 'cubes' holds squares of the colours white, "
        "green; found 'purple'",
        id="square-of-an-undeclared-colour"),
    pytest.param(
        lambda g: g.replace("game.yaml", "kind: squares, colours", "kind: text, colours"), "game",
        "areamini/game.yaml:86:9: error: game.schema: decks[0].fields[1]: field 'cubes': 'colours' are for fields of "
        "kind squares",
        id="colours-on-a-text-field"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_sheet_fixture_gives_exact_message(sheet, edit, code, expected):
    edit(sheet)
    assert issues(sheet, code) == [expected]
