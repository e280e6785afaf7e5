"""The pieces the checks are built of, each with a hand-worked table: whether a restriction's
place holds a spot of the mini game's map (6 columns x 5 rows, ids colrow, west to east and
north to south), rows and columns and named lines a hex lies beyond, map edges whichever way
a map is numbered, and the report's formats and exit codes."""

from __future__ import annotations

import json
from types import SimpleNamespace as NS

import pytest

from generator.errors import InputError
from generator.io.loader import load_game
from generator.model.restrictions import Beyond, Place
from generator.model.source import Location
from generator.validation.places import Spot, _on_edge, beyond, holds, in_range, region_of
from generator.validation.report import Issue, Report, Severity

from conftest import FIXTURES


@pytest.fixture(scope="module")
def game():
    loaded = load_game(FIXTURES / "mini")
    assert loaded.game is not None
    return loaded.game


def hex_(place: str) -> Spot:
    return Spot("main", place)


# mini's hexes.csv: 0101 clear city blueland; 0303 forest; 0404 sea; 0505 clear city redland;
# 0504 clear redland; 0601 neutralia; every other hex clear in blueland (the map's defaults).
# The sea hex 0404 makes 0303, 0304, 0403, 0405, 0503 and 0504 coastal.
HOLDS = [
    (Place(features=["city"]), hex_("0101"), True),
    (Place(features=["city"]), Spot("elsewhere", "0101"), False),  # no such map
    (Place(maps=["main"]), Spot("main", None), False),
    (Place(maps=["main"]), Spot(None, None, "dead"), False),  # a place on the map holds no box
    (Place(boxes=["dead"]), Spot(None, None, "dead"), True),
    (Place(boxes=["dead"]), Spot(None, None, "pool"), False),
    (Place(boxes=["dead"]), hex_("0101"), False),
    (Place(maps=["main"]), hex_("0202"), True),
    (Place(maps=["east"]), hex_("0202"), False),
    (Place(areas=["0202"]), hex_("0202"), True),
    (Place(areas=["0202"]), hex_("0203"), False),
    (Place(regions=["blueland"]), hex_("0101"), True),
    (Place(regions=["blueland"]), hex_("0303"), True),  # no region written: the map's default
    (Place(regions=["blueland"]), hex_("0505"), False),
    (Place(regions=["redland", "neutralia"]), hex_("0601"), True),
    (Place(terrain=["clear"]), hex_("0202"), True),  # the map's default terrain
    (Place(terrain=["clear"]), hex_("0303"), False),
    (Place(terrain=["forest", "sea"]), hex_("0404"), True),
    (Place(features=["city"]), hex_("0505"), True),
    (Place(features=["city", "port"]), hex_("0101"), True),
    (Place(features=["city"]), hex_("0504"), False),
    (Place(hexes=["0101-0202"]), hex_("0102"), True),
    (Place(hexes=["0202-0101"]), hex_("0201"), True),  # a range written either way round
    (Place(hexes=["0101-0202"]), hex_("0203"), False),
    (Place(hexes=["0101-0202"]), hex_("0301"), False),
    (Place(hexes=["0303", "0505"]), hex_("0505"), True),
    (Place(hexes=["0101-0909"]), hex_("0303"), False),  # an end off the map: no range
    (Place(edges=["west"]), hex_("0103"), True),
    (Place(edges=["west"]), hex_("0203"), False),
    (Place(edges=["east"]), hex_("0603"), True),
    (Place(edges=["east"]), hex_("0503"), False),
    (Place(edges=["north"]), hex_("0301"), True),
    (Place(edges=["north"]), hex_("0302"), False),
    (Place(edges=["south"]), hex_("0305"), True),
    (Place(edges=["south", "north"]), hex_("0304"), False),
    (Place(coastal=True), hex_("0303"), True),
    (Place(coastal=True), hex_("0101"), False),
    (Place(beyond=[Beyond(row=3, side="north")]), hex_("0302"), True),
    (Place(beyond=[Beyond(row=3, side="north")]), hex_("0303"), False),  # the row itself is on neither side
    (Place(beyond=[Beyond(row=3, side="south")]), hex_("0304"), True),
    (Place(beyond=[Beyond(row=3, side="south")]), hex_("0303"), False),
    (Place(beyond=[Beyond(column=4, side="east")]), hex_("0503"), True),
    (Place(beyond=[Beyond(column=4, side="east")]), hex_("0403"), False),
    (Place(beyond=[Beyond(column=4, side="west")]), hex_("0303"), True),
    (Place(beyond=[Beyond(column=4, side="west"), Beyond(row=2, side="south")]), hex_("0303"), True),
    (Place(beyond=[Beyond(column=4, side="west"), Beyond(row=3, side="south")]), hex_("0303"), False),
    (Place(regions=["blueland"], terrain=["forest"], coastal=True), hex_("0303"), True),
    (Place(regions=["blueland"], terrain=["clear"], coastal=True), hex_("0303"), False),
]


@pytest.mark.parametrize("place, spot, expected", HOLDS)
def test_whether_a_place_holds_a_spot(game, place, spot, expected):
    assert holds(game, place, spot) is expected


def test_regions_ranges_and_labels(game):
    assert region_of(game, hex_("0505")) == "redland"
    assert region_of(game, hex_("0202")) == "blueland"
    assert region_of(game, Spot("elsewhere", "0101")) is None
    assert region_of(game, Spot("main", None)) is None
    assert in_range(game, "main", ("0102", "0304"), (2, 3)) is True
    assert in_range(game, "main", ("0102", "0304"), (4, 3)) is False
    assert in_range(game, "main", ("0102", "0304"), (2, 1)) is False
    assert in_range(game, "main", ("0102", "9999"), (2, 3)) is False
    assert Spot(None, None, "dead").label(game) == "box dead"
    assert hex_("0101").label(game) == "hex 0101"  # one map: not named


def _map(row_direction="north_south", column_direction="west_east", lines=()):
    grid = NS(row_direction=row_direction, column_direction=column_direction, first_column=1, columns=6,
              first_row=1, rows=5)
    return NS(maps={"m": NS(grid=grid, lines=list(lines))})


FRONT = NS(id="front", row=20, column=None)  # drawn between rows 19 and 20
RIVER = NS(id="river", row=None, column=35)
NOWHERE = NS(id="nowhere", row=None, column=None)


@pytest.mark.parametrize("rule, coords, expected", [
    (Beyond(row=20, side="north"), (1, 19), True),
    (Beyond(row=20, side="north"), (1, 20), False),
    (Beyond(row=20, side="south"), (1, 20), False),
    (Beyond(row=20, side="south"), (1, 21), True),
    (Beyond(line="front", side="north"), (1, 19), True),
    (Beyond(line="front", side="north"), (1, 20), False),
    (Beyond(line="front", side="south"), (1, 20), True),  # a line's row N lies on its south side
    (Beyond(line="front", side="south"), (1, 19), False),
    (Beyond(line="front", side="east"), (1, 25), False),  # a row has no east side
    (Beyond(line="river", side="east"), (35, 1), True),
    (Beyond(line="river", side="west"), (34, 1), True),
    (Beyond(line="river", side="west"), (35, 1), False),
    (Beyond(line="nowhere", side="north"), (1, 1), False),  # a line with neither row nor column
    (Beyond(line="unknown", side="north"), (1, 1), False),
    (Beyond(column=35, side="east"), (35, 1), False),
    (Beyond(column=35, side="east"), (36, 1), True),
    (Beyond(column=35, side="west"), (34, 1), True),
])
def test_beyond_a_row_a_column_or_a_line(rule, coords, expected):
    assert beyond(_map(lines=(FRONT, RIVER, NOWHERE)), "m", rule, coords) is expected


@pytest.mark.parametrize("rule, coords, expected", [
    # rows numbered south to north: north of row 20 is rows 21 and up
    (Beyond(row=20, side="north"), (1, 21), True),
    (Beyond(row=20, side="north"), (1, 19), False),
    (Beyond(row=20, side="south"), (1, 19), True),
    (Beyond(line="front", side="north"), (1, 20), True),
    (Beyond(line="front", side="south"), (1, 19), True),
    # columns numbered east to west: east of column 35 is columns 34 and down
    (Beyond(column=35, side="east"), (34, 1), True),
    (Beyond(column=35, side="west"), (36, 1), True),
    (Beyond(column=35, side="west"), (34, 1), False),
])
def test_beyond_on_a_map_numbered_the_other_way(rule, coords, expected):
    game = _map("south_north", "east_west", lines=(FRONT,))
    assert beyond(game, "m", rule, coords) is expected


@pytest.mark.parametrize("directions, edge, coords, expected", [
    (("north_south", "west_east"), "west", (1, 3), True),
    (("north_south", "west_east"), "east", (6, 3), True),
    (("north_south", "west_east"), "east", (1, 3), False),
    (("north_south", "west_east"), "north", (3, 1), True),
    (("north_south", "west_east"), "south", (3, 5), True),
    (("north_south", "west_east"), "south", (3, 1), False),
    (("south_north", "east_west"), "west", (6, 3), True),
    (("south_north", "east_west"), "west", (1, 3), False),
    (("south_north", "east_west"), "east", (1, 3), True),
    (("south_north", "east_west"), "north", (3, 5), True),
    (("south_north", "east_west"), "south", (3, 1), True),
    (("south_north", "east_west"), "north", (3, 1), False),
])
def test_map_edges_whichever_way_the_map_is_numbered(directions, edge, coords, expected):
    assert _on_edge(_map(*directions), "m", edge, coords) is expected


def test_an_issue_as_printed_and_as_json():
    issue = Issue(Location("units.csv", 4, 2, "steps"), "units.steps", "expected 1 to 4, got '9'")
    assert issue.format() == "units.csv:4:2: error: units.steps: [steps] expected 1 to 4, got '9'"
    plain = Issue(Location("game.yaml", 3), "crt.columns", "duplicate column", Severity.WARNING)
    assert plain.format() == "game.yaml:3: warning: crt.columns: duplicate column"
    long = Issue(Location("units.csv", 2), "units.code", "unknown code '" + "0" * 300 + "'")
    assert long.format() == "units.csv:2: error: units.code: unknown code '" + "0" * 60 + "'… (300 characters)"
    assert issue.as_dict() == {"severity": "error", "code": "units.steps", "file": "units.csv", "line": 4,
                               "column": 2, "column_name": "steps", "message": "expected 1 to 4, got '9'"}


def test_a_report_counts_sorts_and_sets_the_exit_code():
    report = Report()
    assert (report.failed(), report.failed(strict=True), report.exit_code(), report.exit_code(strict=True)) == (
        False, False, 0, 0)
    report.warning(Location("b.csv", 2), "w.one", "second")
    assert (report.failed(), report.failed(strict=True), report.exit_code(), report.exit_code(strict=True)) == (
        False, True, 0, 1)
    report.error(Location("a.csv", 9), "e.one", "first")
    report.error(Location("a.csv", 9), "e.one", "first")  # the same issue twice is reported once
    report.add(Location("a.csv", 3), "i.one", "noted", Severity.INFO)
    assert (report.exit_code(), len(report.errors), len(report.warnings)) == (1, 2, 1)
    assert [(i.where.file, i.where.line, i.code) for i in report.sorted()] == [
        ("a.csv", 3, "i.one"), ("a.csv", 9, "e.one"), ("b.csv", 2, "w.one")]
    data = json.loads(report.to_json())
    assert (data["errors"], data["warnings"], [i["code"] for i in data["issues"]]) == (2, 1, ["i.one", "e.one", "w.one"])
    assert report.to_json().startswith('{\n  "errors": 2,')  # indented by two


def test_an_unreadable_input_is_one_error_at_its_place_and_exit_code_two():
    report = Report()
    report.cannot_read(InputError("units.csv", "not UTF-8 text", 7, 3, "name"), "input.encoding")
    assert report.exit_code() == 2 and report.unreadable
    (issue,) = report.issues
    assert (issue.where, issue.code, issue.message, issue.severity) == (
        Location("units.csv", 7, 3, "name"), "input.encoding", "not UTF-8 text", Severity.ERROR)
    assert json.loads(report.to_json())["issues"][0]["message"] == "not UTF-8 text"
    spanish = Report()
    spanish.cannot_read(InputError("game.yaml", "ñandú: no es YAML", 1), "input.yaml")
    assert "ñandú" in spanish.to_json()  # written as it is, not escaped


def test_turn_windows_of_restrictions_and_numbers_in_stacking_messages():
    from generator.validation.rules.restrictions import in_window
    from generator.validation.rules.stacking import _num

    assert [in_window(None, 7), in_window("2-4", 2), in_window("2-4", 4), in_window("2-4", 5), in_window("2-4", 1),
            in_window("no window", 1)] == [True, True, True, False, False, False]
    assert [_num(2.0), _num(2.5), _num(3), _num(0.25), _num(0.0)] == ["2", "2.5", "3", "0.25", "0"]


ATTRITION = """  - id: attrition
    kind: attrition
    name: Attrition
    columns: [{columns}]
    rows: [{rows}]
    result_pattern: '(?P<x>\\\\d)-(?P<y>\\\\d)'
    outputs: [{{group: x, name: hits on the defender}}, {{group: y, name: hits on the attacker}}]
    cells: ["1-0 2-0 3-1", "0-1 1-1 2-2"]
"""


# the table is written right after `tables:` (line 79): its columns on line 83, the first
# value's quote in column 15 ("    columns: ["), its rows on line 84 from column 12
@pytest.mark.parametrize("columns, rows, expected", [
    ('"0-9", "10-19", "20+"', '"0-9", "10+"', []),
    ('"0-9", "10+", "20-29"', '"0-9", "10+"',
     ["mini/game.yaml:83:29: error: attrition.bands: table 'attrition': column '20-29' follows the open band '10+', "
      "which must come last"]),
    ('"9-0", "10-19", "21+"', '"0-9", "10+"',
     ["mini/game.yaml:83:15: error: attrition.bands: table 'attrition': column '9-0' should be a strength band such "
      "as '0-26' or '162+'"]),
    ('"0-9", "10-19", "20+"', '"0-9", "5+"',
     ["mini/game.yaml:84:19: error: attrition.bands: table 'attrition': row '5+' should start at 10 (the band "
      "before it, '0-9', ends at 9)"]),
    ('"0-9", "9-19", "20+"', '"0-9", "10+"',
     ["mini/game.yaml:83:22: error: attrition.bands: table 'attrition': column '9-19' should start at 10 (the band "
      "before it, '0-9', ends at 9)"]),
])
def test_attrition_strength_bands_run_upwards_without_gaps(mini, columns, rows, expected):
    from checks import issues

    mini.replace("game.yaml", "tables:\n", "tables:\n" + ATTRITION.format(columns=columns, rows=rows))
    assert issues(mini, "attrition.bands") == expected


# mini's odds CRT (game.yaml 80-97): columns on line 84 from column 15, rows on line 85,
# `below` on line 90 (a key is named where it starts, column 5), the first row of cells on line 92 (column 9)
@pytest.mark.parametrize("old, new, expected", [
    ('below: "E/0"', 'below: "X"',
     ["mini/game.yaml:90:5: error: crt.cell-grammar: table 'crt': 'below' result 'X' does not follow the result "
      "grammar"]),
    ('columns: ["1:1", "2:1", "3:1"]', 'columns: ["1:1", "3:1", "2:1"]',
     ["mini/game.yaml:84:29: error: crt.columns: table 'crt': odds column '2:1' comes after '3:1'; the columns go "
      "from the worst odds to the best, each better than the one before"]),
    ('columns: ["1:1", "2:1", "3:1"]', 'columns: ["1:1", "2:1", "2:1"]',
     ["mini/game.yaml:84:29: error: crt.columns: table 'crt': odds column '2:1' comes after '2:1'; the columns go "
      "from the worst odds to the best, each better than the one before"]),
    ('columns: ["1:1", "2:1", "3:1"]', 'columns: ["1:1", "2-1", "3:1"]',
     ["mini/game.yaml:84:22: error: crt.columns: table 'crt': odds column '2-1' should look like '1:2' or '3:1'"]),
    ('columns: ["1:1", "2:1", "3:1"]', 'columns: ["1:2", "1:1", "3:2"]', []),  # 0.5, 1, 1.5: ascending
    ('rows: [1, 2, 3, 4, 5, 6]', 'rows: [1, 2, 3, 4, 5, 7]',
     ["mini/game.yaml:85:5: error: crt.shape: table 'crt': rows must be the modified rolls 1-6 (1 2 3 4 5 6), "
      "found 1 2 3 4 5 7"]),
    ('- "1/0 1/1 0/1"\n      - "1/0', '- "1/0 1/x 0/1"\n      - "1/0',
     ["mini/game.yaml:92:9: error: crt.cell-grammar: table 'crt' row '1' column '2:1': cell '1/x' does not follow "
      "the result grammar '(?P<attacker>\\\\d|E)/(?P<defender>\\\\d|E)(?P<retreat>R)?'"]),
    ('- "1/0 1/1 0/1"\n      - "1/0', '- "1/0 1/1"\n      - "1/0',
     ["mini/game.yaml:92:9: error: crt.shape: table 'crt' row '1' has 2 cells; expected one per column "
      "(3: 1:1 2:1 3:1)"]),
])
def test_odds_crt_errors_name_the_table_the_cell_and_what_is_expected(mini, old, new, expected):
    from checks import issues

    mini.replace("game.yaml", old, new)
    assert [i for i in issues(mini, "crt.") if ": crt." in i] == expected


@pytest.fixture(scope="module")
def area_game():
    loaded = load_game(FIXTURES / "areamini")
    assert loaded.game is not None
    return loaded.game


# areamini's links: bluetown-ford (road, rail), ford-hill (road), hill-redtown (rail), ford-mire,
# mire-redtown, bluetown-pass (road), pass-harbour (rail), harbour-redtown (road, rail), mire-harbour
@pytest.mark.parametrize("a, b, links", [
    ("bluetown", "bluetown", 0), ("bluetown", "ford", 1), ("ford", "bluetown", 1), ("bluetown", "mire", 2),
    ("bluetown", "harbour", 2), ("bluetown", "redtown", 3), ("hill", "harbour", 2), ("pass", "mire", 2),
    ("bluetown", "atlantis", None),
])
def test_links_between_two_areas(area_game, a, b, links):
    from generator.validation.places import distance

    assert distance(area_game, "land", a, b) == links


def test_links_named_by_their_ends_kinds_and_places(area_game):
    from generator.model.restrictions import Links
    from generator.validation.places import distance, link_between, link_in, link_in_any

    assert distance(area_game, "sea", "bluetown", "ford") is None  # no such map
    ford = link_between(area_game, "land", "ford", "bluetown")
    assert (ford.area_a, ford.area_b, tuple(ford.kinds)) == ("bluetown", "ford", ("road", "rail"))
    assert link_between(area_game, "land", "bluetown", "redtown") is None
    hill_road = link_between(area_game, "land", "ford", "hill")
    hill_rail = link_between(area_game, "land", "hill", "redtown")
    assert [link_in(area_game, Links(between=["ford", "bluetown"]), link) for link in (ford, hill_road)] == [True, False]
    assert [link_in(area_game, Links(kinds=["rail"]), link) for link in (ford, hill_road, hill_rail)] == [
        True, False, True]
    to_redtown = Links(to=Place(areas=["redtown"]))
    assert [link_in(area_game, to_redtown, link) for link in (ford, hill_rail)] == [False, True]
    assert link_in(area_game, Links(kinds=["rail"], to=Place(areas=["redtown"])), hill_rail) is True
    assert link_in(area_game, Links(kinds=["road"], to=Place(areas=["redtown"])), hill_rail) is False
    assert link_in_any(area_game, [Place(links=[Links(kinds=["road"])]), Place(links=[Links(kinds=["rail"])])],
                       hill_rail) is True
    assert link_in_any(area_game, [Place(regions=["north"])], hill_rail) is False


def test_a_block_with_one_label_and_valid_steps_is_not_reported(area_game):
    from checks import issues
    from conftest import GameFolder

    assert issues(GameFolder(FIXTURES / "areamini"), "units.") == []


@pytest.mark.parametrize("events, rule, expected", [
    ("", "{id: quiet, until_event: peace, never_in: [{regions: [redland]}]}",
     "ref.unknown-event: restriction 'quiet', until_event: unknown event 'peace': game.yaml declares no events"),
    ("events:\n  - {id: war, name: War breaks out}\n  - {id: peace, name: Peace}\n",
     "{id: quiet, until_event: pease, never_in: [{regions: [redland]}]}",
     "ref.unknown-event: restriction 'quiet', until_event: unknown event 'pease'; did you mean 'peace'? (known: peace, war)"),
    ("events:\n  - {id: war, name: War breaks out}\n",
     "{id: grows, max: [{max: 1, after_event: truce, per_turn: 1}]}",
     "ref.unknown-event: restriction 'grows', max[0].after_event: unknown event 'truce' (known: war)"),
    ("events:\n  - {id: war, name: War breaks out}\n",
     "{id: grows, max: [{max: 1, after_event: war, per_turn: 1}]}", None),
])
def test_a_restriction_naming_an_unknown_event(mini, events, rule, expected):
    from checks import issues

    mini.append("game.yaml", f"{events}restrictions:\n  - {rule}\n")
    found = [i for i in issues(mini, "ref.unknown-event")]
    assert [i.split(": error: ", 1)[1] for i in found] == ([expected] if expected else [])
    assert all(i.startswith("mini/game.yaml:") for i in found)
