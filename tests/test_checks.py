"""One invalid fixture per check, each asserting the exact message the author will read."""

from __future__ import annotations

import pytest

from checks import assert_exact, issues


def test_mini_game_is_clean(mini):
    assert issues(mini) == []


CASES = [
    pytest.param(
        lambda g: g.append("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0202,1,illustrative,,"),
        "ids.duplicate",
        "mini/units.csv:9:1: error: ids.duplicate: [id] duplicate unit id 'b1' (first defined at mini/units.csv:2:1)",
        id="duplicate-unit-id",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "  - {id: forest, name: Forest", "  - {id: clear, name: Forest"),
        "ids.duplicate",
        "mini/game.yaml:54:6: error: ids.duplicate: duplicate terrain id 'clear' (first defined at mini/game.yaml:53:6)",
        id="duplicate-terrain-id",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "b2,bl,", "b2,bx,"),
        "ref",
        "mini/units.csv:3:2: error: ref.unknown-nationality: [nationality] unknown nationality 'bx' (known: bl, gy, rd)",
        id="unknown-nationality",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "b2,bl,inf", "b2,bl,infantry"),
        "ref",
        "mini/units.csv:3:3: error: ref.unknown-unit-type: [type] unknown unit type 'infantry' (known: art, cav, inf)",
        id="unknown-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: steps, max: 6, name: at most 6 steps}",
                            "{measure: steps, max: 6, name: at most 6 steps, exempt: [{units: [b9], sizes: [II]}, "
                            "{nationalities: [bll]}]}"),
        "ref",
        ["mini/game.yaml:51:64: error: ref.unknown-unit: unknown unit 'b9' (known: b1, b2, b3, b4, r1, r2, r3)",
         "mini/game.yaml:51:92: error: ref.unknown-nationality: unknown nationality 'bll'; did you mean 'bl'? "
         "(known: bl, gy, rd)"],
        id="stacking-exempt-selector-naming-unknown-ids",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "b2,bl,inf,XX,", "b2,bl,inf,X,"),
        "ref",
        "mini/units.csv:3:4: error: ref.unknown-size: [size] unknown size 'X'; did you mean 'XX'? (known: II, XX, XXX)",
        id="unknown-size",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "0303,forest", "0303,jungle"),
        "ref",
        "mini/map/hexes.csv:3:2: error: ref.unknown-terrain: [terrain] unknown terrain 'jungle' (known: clear, forest, sea)",
        id="unknown-terrain",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "Blueton,city", "Blueton,metropolis"),
        "ref",
        "mini/map/hexes.csv:2:4: error: ref.unknown-feature: [features] unknown feature 'metropolis' (known: city)",
        id="unknown-feature",
    ),
    pytest.param(
        lambda g: g.replace("map/hexsides.csv", "0303,0304,river", "0303,0304,canal"),
        "ref",
        "mini/map/hexsides.csv:2:3: error: ref.unknown-hexside-feature: [feature] unknown hexside feature 'canal' (known: river)",
        id="unknown-hexside-feature",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "0504,clear,,,redland", "0504,clear,,,redlnd"),
        "ref",
        "mini/map/hexes.csv:6:5: error: ref.unknown-region: [region] unknown region 'redlnd'; did you mean 'redland'? "
        "(known: blueland, neutralia, redland)",
        id="unknown-region",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "0303,forest", "303,forest"),
        "hex",
        "mini/map/hexes.csv:3:1: error: hex.malformed: [hex] hex '303' is not a hex id of map 'main' (expected the form "
        "'0101'); a lost leading zero? did you mean '0303'? (format the column as text in the spreadsheet)",
        id="malformed-hex",
    ),
    pytest.param(
        lambda g: g.replace("map/hexes.csv", "0303,forest", "0909,forest"),
        "hex",
        "mini/map/hexes.csv:3:1: error: hex.off-map: [hex] hex '0909' is off map 'main' (hexes run from 0101 to 0605)",
        id="hex-off-map",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "0505,1,", "0907,1,"),
        "setup",
        "mini/units.csv:6:7: error: setup.hex-exists: [code] set-up hex '0907' is off map 'main' (hexes run from 0101 to 0605)",
        id="setup-hex-off-map",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "2-3-4,0505", "2-3-4,0404"),
        "setup",
        "mini/units.csv:6:7: error: setup.prohibited-terrain: [code] unit 'r1' is set up in hex 0404, which is Sea "
        "(no unit may stand there)",
        id="setup-in-sea",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "0505,1,", "0601,1,"),
        "setup",
        "mini/units.csv:6:7: error: setup.prohibited-region: [code] unit 'r1' is set up in hex 0601, in neutral Neutralia",
        id="setup-in-neutral-region",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{id: redland, name: Redland, side: red}",
                            "{id: redland, name: Redland, side: red, prohibited_to: [rd]}"),
        "setup",
        [
            "mini/units.csv:6:7: error: setup.prohibited-region: [code] unit 'r1' (rd) may not set up in Redland (hex 0505)",
            "mini/units.csv:8:7: error: setup.prohibited-region: [code] unit 'r3' (rd) may not set up in Redland (hex 0504)",
        ],
        id="setup-in-prohibited-region",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0101"),
        "stacking",
        "mini/units.csv:4:7: error: stacking.setup-limit: [code] unit 'b3' overstacks hex 0101 in scenario 'opening': "
        "it holds 2.5 weight (b1, b2, b3); the limit is at most 2 corps (game.yaml: stacking)",
        id="stacking-weight",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "3-3-4,0101", "3-3-4,0505"),
        "stacking",
        "mini/units.csv:6:7: error: stacking.enemy: [code] unit 'r1' of side 'red' is set up in hex 0505 in scenario "
        "'opening' with units of side 'blue' (b2); units of two sides never stack together (game.yaml: stacking)",
        id="stacking-enemy",
    ),
    pytest.param(
        lambda g: g.append("units.csv", "b5,bl,art,II,HA2,,0202,1,illustrative,,"),
        "stacking",
        "mini/units.csv:9:7: error: stacking.type-limit: [code] unit 'b5' is set up in hex 0202 in scenario 'opening', "
        "making 2 Heavy artillery units there (b4, b5); at most 1 may stack (game.yaml: stacking)",
        id="stacking-per-type",
    ),
    pytest.param(
        lambda g: g.write("scenarios/opening.yaml", g.read("scenarios/opening.yaml") + "setup:\n  - {unit: r3, hex: '0504', steps: 4}\n  - {unit: r3, hex: '0505'}\n"),
        "setup.duplicate",
        "mini/scenarios/opening.yaml:13:5: error: setup.duplicate: unit 'r3' is set up twice in scenario 'opening' "
        "(first at mini/scenarios/opening.yaml:12:5)",
        id="set-up-twice",
    ),
    pytest.param(
        lambda g: g.write("scenarios/opening.yaml", g.read("scenarios/opening.yaml")
                          + "setup:\n  - {unit: r3, hex: '0504'}\nreinforcements:\n  - {unit: r3, turn: 2}\n"),
        "setup.also",
        "mini/scenarios/opening.yaml:14:5: error: setup.also-reinforcement: unit 'r3' is both set up (at "
        "mini/scenarios/opening.yaml:12:5) and arriving on turn 2",
        id="set-up-and-reinforcement",
    ),
    pytest.param(
        lambda g: g.write("scenarios/opening.yaml", g.read("scenarios/opening.yaml") + "setup:\n  - {unit: r3, hex: '0504', steps: 5}\n"),
        "setup.step",
        "mini/scenarios/opening.yaml:12:5: error: setup.step-level: unit 'r3' is set up with 5 steps but has only 4",
        id="step-level-above-steps",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "(0) 1-6,2,", "(0) 1-6,9,"),
        "reinforcement",
        "mini/units.csv:7:7: error: reinforcement.turn-range: [code] unit 'r2' arrives on turn 9, outside the turn track (1-4)",
        id="reinforcement-off-track",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "6-7-4|3-4-4", "6-7-4|3-8-4"),
        "units",
        "mini/units.csv:2:6: error: units.faces: [factors] face 2 '3-8-4' has defence 8, above the 7 of the stronger face '6-7-4'",
        id="reduced-above-full",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "5-6-4|2-3-4,0505,1,illustrative,,", "5-6-4,0505,1,illustrative,,two"),
        "units",
        "mini/units.csv:6:6: error: units.faces: [factors] a two-step unit needs back (reduced) values, e.g. '6-7-4|3-4-3'",
        id="two-step-without-back",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "5-6-4|2-3-4,0505,1,illustrative,,", "5-6-4|2-3-4,0505,1,illustrative,,one"),
        "units",
        "mini/units.csv:6:6: error: units.faces: [factors] a one-step unit prints factors on its front only; found 2 "
        "faces (use a flip or reformed step system for a printed back)",
        id="one-step-with-back",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "2-2-4,0504,1,illustrative,4,big", "2-2-4,0504,1,illustrative,2,big"),
        "units",
        "mini/units.csv:8:10: error: units.steps: [steps] step system 'big' maps 3, 4 steps; the unit lists 2",
        id="two-counter-step-count",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "5-6-4|2-3-4", "5-x-4|2-3-4"),
        "units",
        "mini/units.csv:6:6: error: units.factors: [factors] face 1 '5-x-4' does not match the factor layout 'adm' "
        "('{attack}-{defence}-{movement}'); every factor must be a whole number",
        id="non-numeric-factor",
    ),
    pytest.param(
        lambda g: g.replace("units.csv", "5-6-4|2-3-4,0505", "5-6-4|2-3-4,X505"),
        "units",
        "mini/units.csv:6:7: error: units.code: [code] corner code 'X505' matches none of the game's forms "
        "('set-up hex', 'entry turn')",
        id="corner-code-grammar",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", '"1/1 0/1 0/2R"', '"1/1 0/1 0/2Q"'),
        "crt",
        "mini/game.yaml:95:9: error: crt.cell-grammar: table 'crt' row '4' column '3:1': cell '0/2Q' does not follow "
        "the result grammar '(?P<attacker>\\\\d|E)/(?P<defender>\\\\d|E)(?P<retreat>R)?'",
        id="crt-cell-grammar",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", '"0/1 0/2R 0/E"', '"0/1 0/2R"'),
        "crt",
        "mini/game.yaml:97:9: error: crt.shape: table 'crt' row '6' has 2 cells; expected one per column (3: 1:1 2:1 3:1)",
        id="crt-missing-column",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", '      - "0/1 0/2R 0/E"\n', ""),
        "crt",
        "mini/game.yaml:91:5: error: crt.shape: table 'crt' declares 6 rows but gives 5 rows of cells",
        id="crt-missing-row",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", 'turns: "2-4"', 'turns: "2-9"'),
        "sop",
        "mini/game.yaml:101:5: error: sop.turn-window: phase 'events': turn window '2-9' names turn 9, outside the track (1-4)",
        id="sop-window-off-track",
    ),
    pytest.param(
        lambda g: g.replace("map/hexsides.csv", "0303,0403", "0303,0505"),
        "hexside",
        "mini/map/hexsides.csv:3:2: error: hexside.not-adjacent: [neighbour] hexes 0303 and 0505 are not adjacent, "
        "so they share no hexside",
        id="hexside-not-adjacent",
    ),
    pytest.param(
        lambda g: g.append("map/hexsides.csv", "0304,0303,river"),
        "hexside",
        "mini/map/hexsides.csv:4: error: hexside.duplicate: hexside 0304/0303 already has 'river' (at mini/map/hexsides.csv:2)",
        id="hexside-duplicate",
    ),
    # decks of cards and cups of chits
    pytest.param(
        lambda g: g.replace("game.yaml", "    total: 4\n", "    total: 5\n"),
        "decks",
        "mini/game.yaml:118:5: error: decks.total: deck 'blue-events' holds 4 cards (the sum of copies in "
        "decks/blue-events.csv), but total says 5",
        id="deck-total",
    ),
    pytest.param(
        lambda g: g.replace("decks/supply.csv", "depot,Depot,2,", "depot,Depot,3,"),
        "decks",
        "mini/game.yaml:131:5: error: decks.total: cup 'supply' holds 4 chits (the sum of copies in decks/supply.csv), "
        "but total says 3",
        id="cup-total",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", ",once,", ",onse,"),
        "ref",
        "mini/decks/blue-events.csv:3:5: error: ref.unknown-deck-flag: [flags] unknown deck flag 'onse'; did you mean "
        "'once'? (known: must_play, once)",
        id="deck-unknown-flag",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", ",2,Blueton,", ",two,Blueton,"),
        "decks",
        "mini/decks/blue-events.csv:3:7: error: decks.field: [turn] 'turn' is a number field; found 'two' (expected a "
        "number such as 2, -1 or 1.5)",
        id="deck-number-field",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", ",Blueton,", ",Blueton;;Redburg,"),
        "decks",
        "mini/decks/blue-events.csv:3:8: error: decks.field: [requires] 'requires' is a list field; 'Blueton;;Redburg' "
        "has an empty entry (separate entries with a single ';')",
        id="deck-list-field",
    ),
    pytest.param(
        lambda g: g.append("decks/blue-events.csv", "storm,Storm again,1,,,,,,illustrative"),
        "ids",
        "mini/decks/blue-events.csv:5:1: error: ids.duplicate: [id] duplicate card id 'storm' in deck 'blue-events' "
        "(first defined at mini/decks/blue-events.csv:4:1)",
        id="deck-duplicate-card",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{id: once, name: Once per game}", "{id: must_play, name: Once per game}"),
        "ids",
        "mini/game.yaml:122:10: error: ids.duplicate: duplicate flag id 'must_play' in deck 'blue-events' (first "
        "defined at mini/game.yaml:121:10)",
        id="deck-duplicate-flag",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", ",landscape,", ",sideways,"),
        "decks",
        "mini/decks/blue-events.csv:2:6: error: decks.orientation: [orientation] orientation 'sideways': expected "
        "portrait or landscape (empty: the deck's, portrait)",
        id="deck-orientation",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", "turn,requires,source", "turn,requirement,source"),
        "decks",
        "mini/decks/blue-events.csv:1:8: error: decks.columns: [requirement] unknown column 'requirement'; did you mean "
        "'requires'? (expected columns: id, title, copies, text, flags, orientation, image, source, notes, turn, "
        "requires)",
        id="deck-unknown-column",
    ),
    pytest.param(
        lambda g: g.replace("decks/blue-events.csv", "ambush,Ambush,2,", "ambush,Ambush,none,"),
        "decks",  # one message: the deck's total is not checked against a count that could not be read
        "mini/decks/blue-events.csv:2:3: error: decks.copies: [copies] expected a whole number from 1 to 1000000, found 'none'",
        id="deck-copies",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    owner: blue\n", "    owner: green\n"),
        "ref",
        "mini/game.yaml:114:5: error: ref.unknown-side: unknown side 'green' (known: blue, red)",
        id="deck-unknown-owner",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    size: mini\n", "    size: mini\n    size_mm: [50, 70]\n"),
        "game",
        "mini/game.yaml:111:5: error: game.schema: decks[0]: give either size (a preset) or size_mm ([width, height]), "
        "not both",
        id="deck-two-sizes",
    ),
    # unit states, prohibited terrain, per-side stacking, back types, attrition tables
    pytest.param(
        lambda g: (g.append("game.yaml", "unit_states:\n  - {id: disorganised, name: Disorganised}"),
                   g.replace("scenarios/opening.yaml", "reinforcements_from_codes: true\n",
                             "reinforcements_from_codes: true\nsetup:\n  - {unit: b4, hex: '0201', state: [disorganized]}\n")),
        "ref",
        "mini/scenarios/opening.yaml:9:5: error: ref.unknown-unit-state: unknown unit state 'disorganized'; did you "
        "mean 'disorganised'? (known: disorganised)",
        id="unit-state-not-declared",
    ),
    pytest.param(
        lambda g: (g.replace("game.yaml", '{id: forest, name: Forest, movement: "2"}',
                             '{id: forest, name: Forest, movement: "2", prohibited_to: [cav]}'),
                   g.replace("units.csv", "(0) 1-6,2,", "(0) 1-6,0303,")),
        "setup",
        "mini/units.csv:7:7: error: setup.prohibited-terrain: [code] unit 'r2' is set up in hex 0303, which is Forest, "
        "prohibited to unit type 'cav'",
        id="terrain-prohibited-to-a-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", '{id: forest, name: Forest, movement: "2"}',
                            '{id: forest, name: Forest, movement: "2", prohibited_to: [cavalry]}'),
        "ref",
        "mini/game.yaml:54:47: error: ref.unknown-side-nationality-or-unit-type: unknown side, nationality or unit type "
        "'cavalry'; did you mean 'cav'? (known: art, bl, blue, cav, gy, inf, rd, red)",
        id="terrain-prohibited-to-unknown",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                            "{measure: units, max: 1, name: one unit, sides: [blue]}"),
        "stacking",  # the same limit for red only: no issue (test_checks_per_side_limit below)
        "mini/units.csv:3:7: error: stacking.setup-limit: [code] unit 'b2' overstacks hex 0101 in scenario 'opening': "
        "it holds 2 units (b1, b2); the limit is one unit (game.yaml: stacking)",
        id="stacking-limit-of-one-side",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: steps, max: 6, name: at most 6 steps}",
                            "{measure: steps, max: 6, name: at most 6 steps, sides: [green]}"),
        "ref",
        "mini/game.yaml:51:55: error: ref.unknown-side: unknown side 'green' (known: blue, red)",
        id="stacking-unknown-side",
    ),
    pytest.param(
        lambda g: (g.replace("units.csv", "source,steps,step_system", "source,steps,step_system,back_type"),
                   g.replace("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,",
                             "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,,cavalry")),
        "ref",
        "mini/units.csv:2:12: error: ref.unknown-unit-type: [back_type] unknown unit type 'cavalry'; did you mean 'cav'? "
        "(known: art, cav, inf)",
        id="unknown-back-type",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", 'pattern: "{attack}-{defence}-{movement}"}',
                            'pattern: "{attack}-{defence}-{movement}", dice: [hit]}'),
        "game",
        "mini/game.yaml:42:5: error: game.schema: factor_layouts[0]: dice names 'hit', which is not a factor of "
        "'{attack}-{defence}-{movement}'",
        id="die-face-factor-not-in-layout",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "tables:\n", "tables:\n" + ATTRITION),
        "attrition",
        "mini/game.yaml:83:31: error: attrition.bands: table 'attrition': column '21+' should start at 20 (the band "
        "before it, '10-19', ends at 19)",
        id="attrition-bands-gap",
    ),
]

ATTRITION = """  - id: attrition
    kind: attrition
    name: Attrition
    columns: ["0-9", "10-19", "21+"]
    rows: ["0-9", "10+"]
    result_pattern: '(?P<x>\\d)-(?P<y>\\d)'
    outputs: [{group: x, name: hits on the defender}, {group: y, name: hits on the attacker}]
    cells: ["1-0 2-0 3-1", "0-1 1-1 2-2"]
"""


def test_checks_per_side_limit(mini):
    mini.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                 "{measure: units, max: 1, name: one unit, sides: [red]}")
    assert issues(mini, "stacking") == []  # blue's two units in 0101 are not counted


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_fixture_gives_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)


def _reduced_cavalry(g, steps: str):
    """b3 becomes a two-step infantry corps whose reduced face is cavalry (BitE 1.5d), set up in the
    forest 0303, which is barred to cavalry, at `steps` ('' for full strength)."""
    g.replace("game.yaml", '{id: forest, name: Forest, movement: "2"}',
              '{id: forest, name: Forest, movement: "2", prohibited_to: [cav]}')
    g.replace("units.csv", "steps,step_system", "steps,step_system,back_type")
    g.replace("units.csv", "b3,gy,inf,XXX,3,5-5-3|2-3-3,0201,1,illustrative,,", "b3,gy,inf,XXX,3,5-5-3|2-3-3,,1,illustrative,2,two,cav")
    g.replace("scenarios/opening.yaml", "setup_from_codes: true\n",
              f"setup_from_codes: true\nsetup:\n  - {{unit: b3, hex: '0303', steps: {steps or 'null'}}}\n")


def test_a_reduced_face_of_another_type_is_barred_as_that_type(mini):
    _reduced_cavalry(mini, "1")
    assert issues(mini, "setup.prohibited-terrain") == [
        "mini/scenarios/opening.yaml:8:16: error: setup.prohibited-terrain: unit 'b3' is set up in hex 0303, which is "
        "Forest, prohibited to unit type 'cav'"]


def test_the_full_face_keeps_the_units_own_type(mini):
    _reduced_cavalry(mini, "")
    assert issues(mini, "setup.prohibited-terrain") == []


def _three_reds_in_one_hex(g, r3_steps: str):
    """Only the 6-step limit left; r1 (2 steps), r2 (2 steps) and the 4-step r3, set up at
    `r3_steps` ('' for full strength), all in hex 0505."""
    g.replace("game.yaml", "    - {measure: weight, max: 2, name: at most 2 corps}\n", "")
    g.write("scenarios/opening.yaml", "title: Opening moves\nmap: main\nstart_turn: 1\nend_turn: 4\nsetup:\n"
                                      "  - {unit: r1, hex: '0505'}\n  - {unit: r2, hex: '0505'}\n"
                                      f"  - {{unit: r3, hex: '0505', steps: {r3_steps or 'null'}}}\n")


@pytest.mark.parametrize(("r3_steps", "expected"), [
    ("2", []),  # 2 + 2 + 2 = 6 steps: exactly the limit
    ("1", []),  # 5 steps
    ("3", ["mini/scenarios/opening.yaml:8:5: error: stacking.setup-limit: unit 'r3' overstacks hex 0505 in "
           "scenario 'opening': it holds 7 steps (r1, r2, r3); the limit is at most 6 steps (game.yaml: stacking)"]),
    ("", ["mini/scenarios/opening.yaml:8:5: error: stacking.setup-limit: unit 'r3' overstacks hex 0505 in "
          "scenario 'opening': it holds 8 steps (r1, r2, r3); the limit is at most 6 steps (game.yaml: stacking)"]),
])
def test_a_steps_stacking_limit_counts_the_step_level_a_unit_is_set_up_at(mini, r3_steps, expected):
    _three_reds_in_one_hex(mini, r3_steps)
    assert issues(mini, "stacking") == expected
