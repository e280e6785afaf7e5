"""Map sheets, boxes, set-up codes, lettered turns and turn fields of decks: one invalid
fixture per check, each asserting the exact message (GWNE 1.2, 3.1-3.3, 7.1)."""

from __future__ import annotations

import pytest

from checks import assert_exact, issues

# The mini game's turn 2 becomes the lettered turn S; units may carry a circled set-up code
# "(D)" or a plain entry letter "S"; Blue declares set-up codes D (the dead pile) and W (an area).
LETTERED = ("    - {turn: 2, label: Summer}", "    - {turn: 2, label: Summer, letter: S}")
TURN_FORM = "  - {kind: turn, name: entry turn, pattern: '(?P<turn>\\d{1,2})'}"
FORMS = (TURN_FORM, TURN_FORM + "\n"
         "  - {kind: setup, name: set-up code, pattern: '\\((?P<setup>[A-Z])\\)', show: setup, circled: true}\n"
         "  - {kind: letter, name: entry letter, pattern: '(?P<letter>[A-Z])'}")
CODES = ("setup_codes:\n  - {code: D, side: blue, name: The dead pile, box: dead}\n"
         "  - {code: W, side: blue, name: West of Blueland, map: main, region: blueland}")
B2 = "b2,bl,inf,XX,2,3-3-4,0101,"


def coded(g, code: str):
    g.replace("game.yaml", *LETTERED).replace("game.yaml", *FORMS).append("game.yaml", CODES)
    return g.replace("units.csv", B2, B2.replace("0101", code))


def in_scenario(g, text: str):
    return g.replace("scenarios/opening.yaml", "special_rules:", text + "\nspecial_rules:")


CASES = [
    pytest.param(
        lambda g: coded(g, "T"),
        "units.code",
        "mini/units.csv:3:7: error: units.code: [code] corner code 'T' names entry letter 'T', which is not a "
        "lettered turn of the track (letters: S)",
        id="entry-letter-not-on-track",
    ),
    pytest.param(
        lambda g: coded(g, "(Q)"),
        "units.code",
        "mini/units.csv:3:7: error: units.code: [code] corner code '(Q)' names set-up code 'Q', which side 'blue' "
        "does not declare in setup_codes (known: D, W)",
        id="setup-code-not-declared",
    ),
    pytest.param(
        lambda g: g.append("game.yaml", "setup_codes:\n  - {code: D, side: blue, name: The dead pile, box: morgue}\n"
                                        "  - {code: H, name: Far away, map: main, hex: '0909'}"),
        "",
        ["mini/game.yaml:136:48: error: ref.unknown-box: unknown box 'morgue' (known: dead)",
         "mini/game.yaml:137:42: error: hex.off-map: set-up code 'H' hex '0909' is off map 'main' "
         "(hexes run from 0101 to 0605)"],
        id="setup-code-names-unknown-box-and-off-map-hex",
    ),
    pytest.param(
        lambda g: coded(g, "(W)"),
        "setup",
        "mini/units.csv:3:7: error: setup.code-area: [code] unit 'b2' carries set-up code 'W' (West of Blueland), "
        "an area: scenario 'opening' sets up from the codes, so its setup must give the unit's hex",
        id="area-code-without-a-hex",
    ),
    pytest.param(
        lambda g: in_scenario(coded(g, "(W)"), "setup:\n  - {unit: b2, hex: '0505'}"),
        "setup",
        "mini/scenarios/opening.yaml:9:16: error: setup.code-area: unit 'b2' carries set-up code 'W' "
        "(West of Blueland) but sets up in hex 0505 of map 'main', region 'redland'",
        id="area-code-set-up-outside-its-area",
    ),
    pytest.param(
        lambda g: in_scenario(g.write("scenarios/setup.csv", "unit,box\nb2,morgue\n"), "setup: setup.csv"),
        "ref",
        "mini/scenarios/setup.csv:2:2: error: ref.unknown-box: [box] unknown box 'morgue' (known: dead)",
        id="setup-table-in-unknown-box",
    ),
    pytest.param(
        lambda g: in_scenario(g.replace("game.yaml", *LETTERED),
                              "reinforcements:\n  - {unit: r1, turn: X}\n  - {unit: r2, turn: S, box: limbo}"),
        "",
        ["mini/scenarios/opening.yaml:9:16: error: reinforcement.turn: expected a turn number or the letter of a "
         "lettered turn (S), found 'X'",
         "mini/scenarios/opening.yaml:10:25: error: ref.unknown-box: unknown box 'limbo' (known: dead)"],
        id="reinforcement-unknown-letter-and-box",
    ),
    pytest.param(
        lambda g: g.append("game.yaml", "map_sheets:\n  - {id: all, title: All, maps: [main, north]}\n"
                                        "  - {id: again, title: Again, maps: [main], arrangement: [[main], [main]]}"),
        "",
        ["mini/game.yaml:136:27: error: ref.unknown-map: unknown map 'north' (known: main)",
         "mini/game.yaml:137:31: error: sheet.maps: map 'main' is on sheet 'all' already; a map is printed on one sheet",
         "mini/game.yaml:137:45: error: sheet.maps: sheet 'again': the arrangement must list each of its maps once "
         "(main), found main, main"],
        id="sheet-maps",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    - {turn: 1, label: Spring}",
                            "    - {turn: 1, label: Spring, weather_by_map: {mian: rain}}"),
        "",
        "mini/game.yaml:75:49: error: ref.unknown-map: unknown map 'mian'; did you mean 'main'? (known: main)",
        id="weather-of-unknown-map",
    ),
    pytest.param(
        lambda g: g.append("game.yaml", "map_sheets:\n  - id: all\n    title: All\n    maps: [main]\n    boxes:\n"
                                        "      - {id: dead, name: Another dead pile}"),
        "ids",
        "mini/game.yaml:140:10: error: ids.duplicate: duplicate box id 'dead' (first defined at mini/game.yaml:72:10)",
        id="box-id-on-map-and-sheet",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", *LETTERED)
        .replace("game.yaml", "      - {id: turn, name: Turn, kind: number}", "      - {id: turn, name: Turn, kind: turn}")
        .replace("decks/blue-events.csv", "once,,2,Blueton", "once,,Z,Blueton"),
        "decks",
        "mini/decks/blue-events.csv:3:7: error: decks.field: [turn] 'turn' is a turn field; 'Z' is not a turn of the "
        "track (turns 1-4, letters: S)",
        id="chit-entry-letter-not-on-track",
    ),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_fixture_gives_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)


def test_letters_codes_and_boxes_that_exist_are_clean(mini):
    coded(mini, "(D)")
    mini.replace("units.csv", "b3,gy,inf,XXX,3,5-5-3|2-3-3,0201,", "b3,gy,inf,XXX,3,5-5-3|2-3-3,S,")
    in_scenario(mini, "reinforcements:\n  - {unit: r2, turn: S, box: dead}")
    mini.append("game.yaml", "map_sheets:\n  - {id: all, title: All, maps: [main], boxes: [{id: reserve, name: Reserve}]}")
    assert issues(mini) == []


def test_codes_place_units_in_boxes_and_letters_bring_them_on_their_turn(mini):
    from generator.io.loader import load_game

    coded(mini, "(D)")
    mini.replace("units.csv", "b3,gy,inf,XXX,3,5-5-3|2-3-3,0201,", "b3,gy,inf,XXX,3,5-5-3|2-3-3,S,")
    in_scenario(mini, "reinforcements:\n  - {unit: r2, turn: S, box: dead}")
    scenario = load_game(mini.path).game.scenario_index["opening"]
    placed = {p.unit_id: (p.hex_id, p.box) for p in scenario.setup}
    assert placed["b2"] == (None, "dead")  # set-up code D names the dead pile
    assert placed["b1"] == ("0101", None)  # a hex code still places by hex
    arriving = {r.unit_id: (r.turn, r.box) for r in scenario.reinforcements}
    assert arriving["b3"] == (2, None)  # entry letter S is turn 2
    assert arriving["r2"] == (2, "dead")  # a listed arrival by letter, into a box
