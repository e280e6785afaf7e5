"""Restrictions as data (model/restrictions.py): one invalid fixture per kind, each with the
exact message a scenario author reads, and the legal case beside it that must pass.

The mini game sets up from its counters' codes: b1 and b2 (Blueland) in 0101, b3 (Greyland, the
blue side) in 0201, the heavy artillery b4 (Blueland) in 0202, r1 in 0505 (Redburg, a city of
Redland) and r3 in 0504 (Redland); the map's default region is Blueland."""

from __future__ import annotations

import pytest

from checks import issues


def restrict(g, text: str):
    """Append a `restrictions:` list (YAML lines, indented two spaces) to game.yaml."""
    g.write("game.yaml", g.read("game.yaml") + "restrictions:\n" + text)
    return g


def found(g, *codes) -> list[str]:
    return [i for i in issues(g) if i.split(": ")[2].split(":")[0] in codes or any(f" {c}:" in i for c in codes)]


PLACE = ("restriction.place",)

CASES = [
    pytest.param(
        "  - {id: grey-home, units: {nationalities: [gy]}, only_in: [{regions: [redland]}], source: rule 1.1}\n",
        None,
        ["mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening'; units of the nationality Greyland stand only in Redland (rule 1.1)"],
        id="only-in-a-region"),
    pytest.param(
        "  - {id: blue-north, units: {nationalities: [bl]}, never_in: [{beyond: [{row: 1, side: south}]}], source: rule 1.2}\n",
        None,
        ["mini/units.csv:5:7: error: restriction.place: [code] unit 'b4' is set up in hex 0202 (Blueland) in scenario "
         "'opening'; units of the nationality Blueland never stand south of hex row xx01 (rule 1.2)"],
        id="never-beyond-a-row"),
    pytest.param(
        "  - id: grey-west\n    units: {nationalities: [gy]}\n    never_in: [{beyond: [{column: 1, side: east}]}]\n"
        "    unless_with: {nationalities: [bl]}\n    source: rule 1.3\n",
        None,
        ["mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening'; units of the nationality Greyland never stand east of hex column 01xx unless stacked with units of the nationality Blueland "
         "(rule 1.3)"],
        id="unless-stacked-with"),
    pytest.param(
        "  - {id: red-cities, units: {sides: [red]}, only_in: [{features: [city]}], source: rule 1.4}\n",
        None,
        ["mini/units.csv:8:7: error: restriction.place: [code] unit 'r3' is set up in hex 0504 (Redland) in scenario "
         "'opening'; units of the side Red stand only in a place with City (rule 1.4)"],
        id="only-in-a-hex-feature"),
    pytest.param(
        "  - {id: grey-range, units: {nationalities: [gy]}, never_in: [{hexes: ['0101-0202']}], source: rule 1.5}\n",
        None,
        ["mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening'; units of the nationality Greyland never stand in hexes 0101-0202 (rule 1.5)"],
        id="never-in-a-hex-range"),
    pytest.param(
        "  - {id: blue-edge, units: {nationalities: [bl]}, when: setup, only_in: [{edges: [west]}], source: rule 1.6}\n",
        None,
        ["mini/units.csv:5:7: error: restriction.place: [code] unit 'b4' is set up in hex 0202 (Blueland) in scenario "
         "'opening'; at set-up: units of the nationality Blueland stand only on the west edge of the map (rule 1.6)"],
        id="only-on-a-map-edge"),
    pytest.param(
        "  - {id: no-guns, units: {units: [b4]}, not_used: true, source: rule 1.7}\n",
        None,
        ["mini/units.csv:5:7: error: restriction.place: [code] unit 'b4' is set up in hex 0202 (Blueland) in scenario "
         "'opening'; the units HA are not used (rule 1.7)"],
        id="not-used"),
    pytest.param(
        "  - {id: apart, units: {nationalities: [gy]}, never_with: {nationalities: [bl]}, source: rule 1.8}\n",
        lambda g: g.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0202"),
        ["mini/units.csv:4:7: error: restriction.companions: [code] unit 'b3' is set up in hex 0202 (Blueland) with "
         "'b4' in scenario 'opening'; units of the nationality Greyland never stack with units of the nationality Blueland (rule 1.8)"],
        id="never-with"),
    pytest.param(
        "  - {id: mixed, units: {nationalities: [bl]}, stacked_with: {nationalities: [gy]}, max: 1, source: rule 1.9}\n",
        lambda g: g.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0101").replace(
            "game.yaml", "{measure: weight, max: 2, name: at most 2 corps}", "{measure: weight, max: 3}"),
        ["mini/units.csv:3:7: error: restriction.cap: [code] unit 'b2' is set up in hex 0101 (Blueland) in scenario "
         "'opening', making 2 (b1, b2) there on turn 1; the limit is 1: units of the nationality Blueland in a hex that holds units "
         "of the nationality Greyland: at most 1 (rule 1.9)"],
        id="cap-in-a-mixed-stack"),
    pytest.param(
        "  - {id: blue-total, units: {sides: [blue]}, max: 2, per: total, in: [{regions: [blueland]}], source: rule 2.1}\n",
        None,
        ["mini/units.csv:4:7: error: restriction.cap: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening', making 4 (b1, b2, b3, b4) in Blueland on turn 1; the limit is 2: units of the side Blue in Blueland "
         "together: at most 2 (rule 2.1)"],
        id="cap-per-region"),
    pytest.param(
        "  - id: surge\n    units: {nationalities: [bl]}\n    max: [{max: 1, turns: '1-2'}, {max: 3, after_event: thaw}]\n"
        "    source: rule 2.2\nevents:\n  - {id: thaw, name: The thaw}\n",
        None,
        ["mini/units.csv:3:7: error: restriction.cap: [code] unit 'b2' is set up in hex 0101 (Blueland) in scenario "
         "'opening', making 2 (b1, b2) there on turn 1; the limit is 1: units of the nationality Blueland in a hex: at most 1 "
         "(turns 1-2); 3 from The thaw on (rule 2.2)"],
        id="cap-by-turn-before-the-event"),
    pytest.param(
        "  - {id: blocked, units: {nationalities: [gy]}, until_event: thaw, never_in: [{regions: [blueland]}]}\n"
        "events:\n  - {id: thaw, name: The thaw}\n",
        None,
        ["mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening'; until The thaw: units of the nationality Greyland never stand in Blueland (restriction 'blocked')"],
        id="until-an-event"),
    pytest.param(
        "  - {id: red-arrive, units: {sides: [red]}, when: arrival, only_in: [{regions: [redland]}], source: rule 2.3}\n",
        lambda g: g.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r2, turn: 2, entry: '0303'}"),
        ["mini/scenarios/opening.yaml:12:5: error: restriction.place: unit 'r2' arrives on turn 2 in hex 0303 "
         "(Blueland) in scenario 'opening'; on arrival: units of the side Red stand only in Redland (rule 2.3)"],
        id="arrival-place"),
    pytest.param(
        "  - {id: grey-box, units: {nationalities: [gy]}, never_in: [{boxes: [dead]}], source: rule 2.4}\n",
        lambda g: g.write("scenarios/boxed.yaml", "start_turn: 1\nend_turn: 2\nsetup:\n  - {unit: b3, box: dead}\n"),
        ["mini/scenarios/boxed.yaml:4:16: error: restriction.place: unit 'b3' is set up in box dead in scenario "
         "'boxed'; units of the nationality Greyland never stand in the box Dead pile (rule 2.4)"],
        id="never-in-a-box"),
    pytest.param(
        "  - {id: fresh, units: {sides: [red]}, when: arrival, strength: full, source: rule 2.5}\n",
        lambda g: g.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r2, turn: 2, entry: '0303', steps: 1}"),
        ["mini/scenarios/opening.yaml:12:40: error: restriction.strength: unit 'r2' arrives on turn 2 with 1 of its 2 "
         "steps in scenario 'opening'; on arrival: units of the side Red are at full strength (rule 2.5)"],
        id="full-strength-on-arrival"),
    pytest.param(
        "  - {id: grey-shore, units: {nationalities: [gy]}, only_in: [{coastal: true}], source: rule 2.6}\n",
        None,
        ["mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
         "'opening'; units of the nationality Greyland stand only in a coastal hex (rule 2.6)"],
        id="only-on-a-coast"),
]


@pytest.mark.parametrize("text, edit, expected", CASES)
def test_each_kind_of_restriction_gives_its_exact_message(mini, text, edit, expected):
    restrict(mini, text)
    if edit is not None:
        edit(mini)
    got = [i for i in issues(mini) if " restriction." in i or " ref." in i]
    assert got == expected


def test_the_legal_edge_cases_pass(mini):
    # the row itself is not south of it; a grey unit stacked with a blue one may stand east of column 1;
    # 0504 lies next to the sea hex 0404: on the coast
    restrict(mini, "  - {id: a, units: {nationalities: [gy]}, never_in: [{beyond: [{row: 1, side: north}]}]}\n"
                   "  - {id: b, units: {nationalities: [gy]}, never_in: [{beyond: [{column: 1, side: east}]}],"
                   " unless_with: {nationalities: [bl]}}\n"
                   "  - {id: c, units: {nationalities: [bl]}, max: [{max: 1, turns: '3-4'}, {max: 2, turns: '1-2'}]}\n"
                   "  - {id: d, units: {types: [art]}, only_in: [{hexes: ['0202']}]}\n"
                   "  - {id: e, units: {units: [r3]}, only_in: [{coastal: true}]}\n")
    mini.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0202")
    assert [i for i in issues(mini) if " restriction." in i] == []


def test_an_event_dated_by_the_scenario_raises_the_cap(mini):
    restrict(mini, "  - {id: surge, units: {nationalities: [bl]}, max: [{max: 1}, {max: 2, after_event: thaw}]}\n"
                   "events:\n  - {id: thaw, name: The thaw}\n")
    assert len([i for i in issues(mini) if " restriction.cap" in i]) == 1
    mini.append("scenarios/opening.yaml", "events: {thaw: 1}")
    assert [i for i in issues(mini) if " restriction." in i] == []


def test_a_cap_grows_each_turn_after_its_event(mini):
    # 4 blue units arrive together in 0303 on turn 4; the cap is 1 + 1 a turn from turn 2: 3 on turn 4
    restrict(mini, "  - {id: grow, units: {sides: [blue]}, max: [{max: 1, after_event: thaw, per_turn: 1, up_to: 9}]}\n"
                   "events:\n  - {id: thaw, name: The thaw}\n")
    mini.write("scenarios/late.yaml", "start_turn: 1\nend_turn: 4\nevents: {thaw: 2}\nsetup: []\nreinforcements:\n"
                                      + "".join(f"  - {{unit: {u}, turn: 4, entry: '0303'}}\n"
                                                for u in ("b1", "b2", "b3", "b4")))
    assert [i for i in issues(mini) if " restriction.cap" in i] == [
        "mini/scenarios/late.yaml:9:5: error: restriction.cap: unit 'b4' arrives on turn 4 in hex 0303 (Blueland) in "
        "scenario 'late', making 4 (b1, b2, b3, b4) there on turn 4; the limit is 3: units of the side Blue in a hex: at most "
        "1 from The thaw on, and 1 more each turn after, up to 9 (restriction 'grow')"]
    mini.replace("scenarios/late.yaml", "events: {thaw: 2}", "events: {thaw: 1}")
    assert [i for i in issues(mini) if " restriction.cap" in i] == []


def test_a_scenario_lifts_or_rewrites_a_game_restriction(mini):
    restrict(mini, "  - {id: grey-home, units: {nationalities: [gy]}, only_in: [{regions: [redland]}], source: rule 1.1}\n")
    mini.write("scenarios/free.yaml", "extends: opening\nrestrictions:\n  - {id: grey-home, off: true}\n")
    mini.write("scenarios/other.yaml", "extends: opening\nrestrictions:\n"
                                       "  - {id: grey-home, units: {nationalities: [gy]}, only_in: [{regions: [blueland]}]}\n")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
        "'opening'; units of the nationality Greyland stand only in Redland (rule 1.1)"]


def test_one_root_cause_gives_one_message_naming_every_scenario(mini):
    restrict(mini, "  - {id: grey-home, units: {nationalities: [gy]}, only_in: [{regions: [redland]}], source: rule 1.1}\n")
    mini.write("scenarios/again.yaml", "extends: opening\ntitle: Again\n")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenarios "
        "'again', 'opening'; units of the nationality Greyland stand only in Redland (rule 1.1)"]


def test_references_in_restrictions_are_checked(mini):
    restrict(mini, "  - {id: bad, units: {nationalities: [gx]}, only_in: [{regions: [redlnd], hexes: ['0101-0909']}],"
                   " turns: '9-'}\n")
    mini.write("scenarios/lift.yaml", "extends: opening\nrestrictions:\n  - {id: nope, off: true}\nevents: {thaw: 2}\n")
    assert [i for i in issues(mini) if " restriction.refs" in i or " ref.unknown" in i] == [
        "mini/game.yaml:136:5: error: ref.unknown-nationality: restriction 'bad', units: unknown nationality 'gx' (known: bl, gy, rd)",
        "mini/game.yaml:136:5: error: ref.unknown-region: restriction 'bad', only_in[0]: unknown region 'redlnd'; did you "
        "mean 'redland'? (known: blueland, neutralia, redland)",
        "mini/game.yaml:136:5: error: restriction.refs: restriction 'bad', only_in[0]: hex '0909' of the range 0101-0909 is "
        "on none of the maps main",
        "mini/game.yaml:136:5: error: restriction.refs: restriction 'bad', turns: turn window '9-': expected "
        "'all', '5-24', 'not 1' or '2,6,11', found '9-'",
        "mini/scenarios/lift.yaml:3:5: error: ref.unknown-restriction: unknown restriction 'nope' (known: bad)",
        "mini/scenarios/lift.yaml:4:10: error: ref.unknown-event: unknown event 'thaw': game.yaml declares no events",
    ]


def test_a_restriction_says_one_thing():
    from pydantic import ValidationError

    from generator.model.restrictions import Restriction

    with pytest.raises(ValidationError, match="says one of only_in, never_in, never_with, max, min, not_used, strength or as_printed"):
        Restriction(id="x", only_in=[{"regions": ["a"]}], never_in=[{"regions": ["b"]}])
    with pytest.raises(ValidationError, match="'unless_with' goes with only_in or never_in"):
        Restriction(id="x", max=2, unless_with={"sides": ["a"]})
    with pytest.raises(ValidationError, match="a row divides the map north from south, not east"):
        Restriction(id="x", never_in=[{"beyond": [{"row": 3, "side": "east"}]}])


def test_a_unit_in_a_box_of_the_other_side_is_refused(mini):
    mini.replace("game.yaml", "{id: dead, name: Dead pile}", "{id: dead, name: Dead pile, side: red}")
    mini.write("scenarios/boxed.yaml", "start_turn: 1\nend_turn: 2\nsetup:\n  - {unit: b3, box: dead}\n"
                                       "  - {unit: r1, box: dead}\n")
    assert [i for i in issues(mini) if " box.side" in i] == [
        "mini/scenarios/boxed.yaml:4:16: error: box.side: unit 'b3' of side 'blue' is set up in box 'dead' in "
        "scenario 'boxed', which belongs to side 'red'"]


def test_arrivals_enter_by_a_hex_or_a_declared_entry_code(mini):
    mini.write("game.yaml", mini.read("game.yaml")
               + "entry_codes:\n  - {code: E, name: East edge, place: {edges: [east]}}\n")
    mini.append("map/hexes.csv", "0605,clear,,,redland,")  # one hex of the east edge in Redland
    mini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r2, turn: 2, entry: E}\n"
                                          "  - {unit: r1, turn: 2, entry: '0505'}\n  - {unit: r3, turn: 3, entry: W}")
    assert [i for i in issues(mini) if " reinforcement.entry" in i] == [
        "mini/scenarios/opening.yaml:14:5: error: reinforcement.entry: unit 'r3' enters by 'W' in scenario 'opening', "
        "which is neither a place of map 'main' nor a declared entry code (E)"]


def test_a_stacking_limit_exempts_the_units_its_selector_picks(mini):
    mini.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0101")
    assert len([i for i in issues(mini) if " stacking.setup-limit" in i]) == 1
    mini.replace("game.yaml", "{measure: weight, max: 2, name: at most 2 corps}",
                 "{measure: weight, max: 2, name: at most 2 corps, exempt: [{nationalities: [gy]}]}")
    assert [i for i in issues(mini) if " stacking." in i] == []


def test_a_header_typo_in_units_csv_gives_one_message(mini):
    mini.write("scenarios/listed.yaml", "start_turn: 1\nend_turn: 2\nsetup:\n  - {unit: b1, hex: '0101'}\n"
                                        "  - {unit: r1, hex: '0505'}\nreinforcements:\n  - {unit: r2, turn: 2}\n"
                                        "deployment:\n  groups:\n    - {id: g, side: blue, units: {units: [b1]}}\n")
    assert issues(mini) == []
    mini.replace("units.csv", "id,nationality,", "id,nationalty,")
    assert issues(mini) == [
        "mini/units.csv:1:2: error: units.columns: [nationalty] unknown column 'nationalty'; did you mean "
        "'nationality'? (expected columns: id, nationality, type, size, designation, parent, name, steps, "
        "step_system, factors, code, army, flags, copies, source, notes, icon, back_designation, back_type, image, "
        "back_nationality, ability)"]


def test_weather_comes_from_the_declared_set(mini):
    mini.replace("game.yaml", "turn_track:\n  turns:\n", "turn_track:\n  weathers:\n    - {id: dry, effects: [No effect]}\n"
                 "    - {id: mud, effects: [Every hex costs 2]}\n  turns:\n")
    mini.replace("game.yaml", "    - {turn: 1, label: Spring}", "    - {turn: 1, label: Spring, weather: mud}")
    mini.replace("game.yaml", "    - {turn: 2, label: Summer}", "    - {turn: 2, label: Summer, weather: sunny}")
    assert [i for i in issues(mini) if " ref.unknown-weather" in i] == [
        "mini/game.yaml:79:32: error: ref.unknown-weather: unknown weather 'sunny' (known: dry, mud)"]


def test_odds_columns_go_from_worst_to_best(mini):
    mini.replace("game.yaml", 'columns: ["1:1", "2:1", "3:1"]', 'columns: ["1:1", "3:1", "2:1"]')
    assert [i for i in issues(mini) if " crt.columns" in i] == [
        "mini/game.yaml:84:29: error: crt.columns: table 'crt': odds column '2:1' comes after '3:1'; the columns go "
        "from the worst odds to the best, each better than the one before"]


def test_a_units_steps_stay_in_its_types_range(mini):
    mini.replace("game.yaml", "  - {id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav}",
                 "  - {id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav, step_range: [1, 1]}")
    assert [i for i in issues(mini) if " units.steps" in i] == [
        "mini/units.csv:7:10: error: units.steps: [steps] unit 'r2' has 2 steps; a Cavalry has 1"]


def test_set_up_marks_belong_to_a_side_and_hold_one_unit_each(mini):
    # marks printed in hexes (a hex feature): only blue units set up on them, one to a mark
    mini.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                 "  - {id: city, name: City, combat_drm: -1}\n  - {id: blue_mark, name: Blue set-up mark}")
    mini.replace("map/hexes.csv", "0101,clear,Blueton,city,", "0101,clear,Blueton,city;blue_mark,")
    mini.replace("map/hexes.csv", "0505,clear,Redburg,city,", "0505,clear,Redburg,city;blue_mark,")
    restrict(mini, "  - {id: marks-blue, units: {sides: [red]}, when: setup, never_in: [{features: [blue_mark]}]}\n"
                   "  - {id: one-a-mark, when: setup, max: 1, in: [{features: [blue_mark]}]}\n")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/units.csv:3:7: error: restriction.cap: [code] unit 'b2' is set up in hex 0101 (Blueland) in scenario "
        "'opening', making 2 (b1, b2) there on turn 1; the limit is 1: at set-up: all units in a hex in a place with "
        "Blue set-up mark: at most 1 (restriction 'one-a-mark')",
        "mini/units.csv:6:7: error: restriction.place: [code] unit 'r1' is set up in hex 0505 (Redland) in scenario "
        "'opening'; at set-up: units of the side Red never stand in a place with Blue set-up mark (restriction 'marks-blue')"]


def test_set_up_table_errors_carry_the_column(mini):
    mini.write("scenarios/table.csv", "unit,hex,box,steps\nb1,0404,,\nb2,0101,,\n")
    mini.write("scenarios/table.yaml", "start_turn: 1\nend_turn: 2\nsetup: table.csv\n")
    restrict(mini, "  - {id: grey, units: {units: [b2]}, never_in: [{hexes: ['0101']}]}\n")
    assert [i for i in issues(mini) if "table.csv" in i] == [
        "mini/scenarios/table.csv:2:2: error: setup.prohibited-terrain: [hex] unit 'b1' is set up in hex 0404, which "
        "is Sea (no unit may stand there)",
        "mini/scenarios/table.csv:3:2: error: restriction.place: [hex] unit 'b2' is set up in hex 0101 (Blueland) in "
        "scenario 'table'; the units 2 never stand in hex 0101 (Blueton) (restriction 'grey')"]


def test_stacking_messages_name_the_unit_that_breaks_the_rule_and_cite_it(mini):
    # b1 and b2 (Blueland) in 0101; the Greyland b3 and the red r1 join them, listed after them
    mini.replace("game.yaml", "    - {measure: steps, max: 6, name: at most 6 steps}",
                 "    - {measure: steps, max: 6, name: at most 6 steps, source: rule 8.1}\n"
                 "  separate_nationalities: true\n  mixing_source: rule 8.2\n  source: rule 8")
    mini.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0101")
    mini.replace("units.csv", "5-6-4|2-3-4,0505", "5-6-4|2-3-4,0101")
    assert [i for i in issues(mini) if " stacking." in i] == [
        "mini/units.csv:4:7: error: stacking.nationalities: [code] unit 'b3' of nationality 'gy' is set up in hex "
        "0101 in scenario 'opening' with units of nationality 'bl' (b1, b2); nationalities may not stack together "
        "(rule 8.2)",
        "mini/units.csv:4:7: error: stacking.setup-limit: [code] unit 'b3' overstacks hex 0101 in scenario 'opening': "
        "it holds 3.5 weight (b1, b2, b3, r1); the limit is at most 2 corps (rule 8)",
        "mini/units.csv:6:7: error: stacking.enemy: [code] unit 'r1' of side 'red' is set up in hex 0101 in scenario "
        "'opening' with units of side 'blue' (b1, b2, b3); units of two sides never stack together (rule 8)"]
    mini.replace("game.yaml", "{measure: steps, max: 6, name: at most 6 steps,", "{measure: steps, max: 5,")
    assert [i for i in issues(mini) if " stacking.setup-limit" in i][1:] == [  # 2 + 1 + 2 steps, then r1's
        "mini/units.csv:6:7: error: stacking.setup-limit: [code] unit 'r1' overstacks hex 0101 in scenario 'opening': "
        "it holds 6 steps (b1, b2, b3, r1); the limit is at most 5 steps (rule 8.1)"]


def test_full_strength_refuses_a_unit_set_up_reduced_at_its_steps_cell(mini):
    # WEF 3.7 / 10.7, GE 8.5: units start, or enter, with all their steps
    mini.write("scenarios/table.csv", "unit,hex,box,steps\nb1,0101,,1\nb3,0201,,2\nr3,0504,,4\n")
    mini.write("scenarios/table.yaml", "start_turn: 1\nend_turn: 2\nsetup: table.csv\n"
                                       "reinforcements:\n  - {unit: r2, turn: 2, entry: '0303', steps: 1}\n")
    restrict(mini, "  - {id: whole, units: {nationalities: [bl, gy, rd]}, when: setup, strength: full,"
                   " source: rule 3.7}\n")
    # b3 and r3 at all their steps pass; r2 arrives reduced, which a set-up rule does not see
    assert [i for i in issues(mini) if "restriction." in i] == [
        "mini/scenarios/table.csv:2:4: error: restriction.strength: [steps] unit 'b1' is set up with 1 of its 2 steps "
        "in scenario 'table'; at set-up: units of the nationality Blueland, Greyland or Redland are at full strength (rule 3.7)"]


def test_an_arrival_by_an_entry_code_is_weighed_against_the_whole_code(mini):
    # the code is a way in the player may take anywhere in its place (GE 8.2, 8.5)
    mini.append("game.yaml", "entry_codes:\n  - {code: E, name: Any hex of the east edge, place: {edges: [east]}}\n"
                             "  - {code: R, name: Any hex of Redland, place: {regions: [redland]}}\n"
                             "  - {code: SM, name: By strategic movement}\n")
    restrict(mini, "  - {id: red-in, units: {sides: [red]}, when: arrival, only_in: [{regions: [redland]}],"
                   " source: rule 8.2}\n"
                   "  - {id: no-grey, units: {nationalities: [gy]}, never_in: [{edges: [east]}], source: rule 8.3}\n"
                   "  - {id: spare, units: {units: [b2]}, not_used: true, source: rule 8.4}\n")
    mini.append("map/hexes.csv", "0605,clear,,,redland,")  # one hex of the east edge in Redland
    mini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r2, turn: 2, entry: E}\n"
                                          "  - {unit: b3, turn: 2, entry: E}\n  - {unit: b2, turn: 3, entry: SM}")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/scenarios/opening.yaml:12:5: error: restriction.place: unit 'r2' arrives on turn 2 by entry code 'E' "
        "(Any hex of the east edge) in scenario 'opening', which offers 4 places it may not enter (hex 0601 …); on "
        "arrival: units of the side Red stand only in Redland (rule 8.2)",
        "mini/scenarios/opening.yaml:13:5: error: restriction.place: unit 'b3' arrives on turn 2 by entry code 'E' "
        "(Any hex of the east edge) in scenario 'opening', none of whose places it may enter; units of the nationality Greyland never "
        "stand on the east edge of the map (rule 8.3)",
        "mini/scenarios/opening.yaml:14:5: error: restriction.place: unit 'b2' arrives on turn 3 by 'SM' in scenario "
        "'opening'; the units 2 are not used (rule 8.4)"]
    # a code wholly inside what only_in allows passes; never_in closing part of a code leaves the rest open
    mini.replace("scenarios/opening.yaml", "{unit: r2, turn: 2, entry: E}", "{unit: r2, turn: 2, entry: R}")
    mini.replace("game.yaml", "never_in: [{edges: [east]}]", "never_in: [{regions: [neutralia]}]")
    mini.replace("game.yaml", "  - {id: spare, units: {units: [b2]}, not_used: true, source: rule 8.4}\n", "")
    assert [i for i in issues(mini) if " restriction." in i] == []


def test_a_minimum_asks_each_place_or_all_of_them_for_so_many_units_at_set_up(mini):
    # SotE "Preparar": a garrison on every key city; b1 and b2 stand in Blueton, r1 in Redburg
    restrict(mini, "  - {id: held, units: {types: [inf]}, when: setup, min: 2, in: [{features: [city]}],"
                   " source: rule 3.1}\n"
                   "  - {id: reds, units: {sides: [red]}, min: 3, per: total, in: [{regions: [redland]}],"
                   " source: rule 3.2}\n")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/scenarios/opening.yaml:1: error: restriction.minimum: hex 0505 (Redburg) holds 1 of the units it needs "
        "at set-up in scenario 'opening', fewer than 2; at set-up: Infantry units in each hex in a place with City: "
        "at least 2 (rule 3.1)",
        "mini/scenarios/opening.yaml:1: error: restriction.minimum: scenario 'opening' sets up 2 of the units a "
        "restriction counts in its places, fewer than 3; units of the side Red in Redland together: at least 3 (rule 3.2)"]
    # enough in every place passes; a scenario that sets up nothing is not weighed
    mini.replace("game.yaml", "min: 2, in: [{features: [city]}]", "min: 1, in: [{features: [city]}]")
    mini.replace("game.yaml", "min: 3, per: total", "min: 2, per: total")
    mini.write("scenarios/later.yaml", "start_turn: 2\nend_turn: 4\nsetup: []\n"
                                       "reinforcements:\n  - {unit: r2, turn: 2, entry: '0505'}\n")
    assert [i for i in issues(mini) if " restriction." in i] == []


def test_a_minimum_counts_a_whole_set_up_in_named_places():
    from pydantic import ValidationError

    from generator.model.restrictions import Restriction
    with pytest.raises(ValidationError, match="a minimum counts the units of its 'in' places: give 'in'"):
        Restriction.model_validate({"id": "x", "min": 1})
    with pytest.raises(ValidationError, match="a minimum is counted on a whole set-up"):
        Restriction.model_validate({"id": "x", "min": 1, "when": "arrival", "in": [{"regions": ["a"]}]})
    with pytest.raises(ValidationError, match="'stacked_with' goes with max"):
        Restriction.model_validate({"id": "x", "min": 1, "in": [{"regions": ["a"]}], "stacked_with": {"sides": ["a"]}})


def test_strength_reduced_refuses_a_unit_set_up_whole_and_spares_one_step_units(mini):
    # BitE S.1: every Soviet unit starts at cadre; r2 (two steps) whole, r3 (four) reduced, b4 one step
    mini.write("scenarios/table.csv", "unit,hex,box,steps\nr2,0505,,\nr3,0504,,3\nb4,0202,,\n")
    mini.write("scenarios/table.yaml", "start_turn: 1\nend_turn: 2\nsetup: table.csv\n")
    restrict(mini, "  - {id: cadre, units: {sides: [red], units: [r2, r3, b4]}, when: setup, strength: reduced,"
                   " source: S.1}\n  - {id: cadre-blue, units: {units: [b4]}, when: setup, strength: reduced}\n")
    assert [i for i in issues(mini) if "restriction." in i and "table" in i] == [
        "mini/scenarios/table.csv:2:4: error: restriction.strength: [steps] unit 'r2' is set up at full strength (2 "
        "steps) in scenario 'table'; at set-up: the units 1 Cav, 3 or HA are reduced (S.1)"]


def test_the_set_up_chart_prints_the_net_change_of_a_restriction_along_the_chain(mini):
    # a parent rewrites a game restriction, its child lifts it: the child's chart says it once
    # (on the scenario sheet, the first page of setup-<scenario>.pdf)
    from charts_game import context_for

    from generator.components.scenario_sheet import restriction_changes

    restrict(mini, "  - {id: spare, units: {units: [b4]}, not_used: true}\n")
    mini.write("scenarios/parent.yaml", "extends: opening\nrestrictions:\n"
                                        "  - {id: spare, units: {units: [b3]}, not_used: true}\n")
    mini.write("scenarios/child.yaml", "extends: parent\nrestrictions:\n  - {id: spare, off: true}\n")
    context = context_for(mini.path)
    assert restriction_changes(context, context.game.scenario_index["parent"]) == ["The units 3 are not used"]
    assert restriction_changes(context, context.game.scenario_index["child"]) == [
        "Not in force: the units HA are not used"]


def test_arrivals_enter_where_their_counter_prints(mini):
    # GE 8.5: a counter coded "2E" enters on turn 2 (or later) by the east edge, "3" by any way
    mini.replace("game.yaml", "pattern: '(?P<turn>\\d{1,2})'}", "pattern: '(?P<turn>\\d{1,2})(?P<entry>E|\\d{4})?'}")
    mini.replace("units.csv", "r2,rd,cav,XX,1 Cav,(1) 2-6|(0) 1-6,2,", "r2,rd,cav,XX,1 Cav,(1) 2-6|(0) 1-6,20505,")
    mini.write("scenarios/late.yaml", "start_turn: 1\nend_turn: 4\nsetup: []\nreinforcements:\n"
                                      "  - {unit: r2, turn: 3, entry: '0504'}\n")
    restrict(mini, "  - {id: printed, when: arrival, as_printed: true, source: rule 8.5}\n")
    assert [i for i in issues(mini) if " restriction." in i] == [
        "mini/scenarios/late.yaml:5:5: error: restriction.printed: unit 'r2' arrives on turn 3 by '0504' in scenario "
        "'late', but its counter prints '0505' (code '20505'); on arrival: all units enter by the hex or edge printed "
        "on their counter (rule 8.5)"]
    mini.replace("scenarios/late.yaml", "entry: '0504'", "entry: '0505'")  # a turn later, by its hex: legal
    assert [i for i in issues(mini) if " restriction." in i] == []
