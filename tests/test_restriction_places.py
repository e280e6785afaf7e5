"""The places a restriction may name beyond where a spot lies: links of an area map (closed to
some units, or the only ones they may use), hexes near a unit or near the unit's own hex in
another scenario, empty hexes; arrivals along a link (`via`); set-up marks of a side. Each kind
has an invalid fixture with its exact message and the legal case beside it.

The area mini game (tests/fixtures/areamini) sets up b1, b2 and the garrison bg in Bluetown, b3
and bk1 in Ford, bk2 in Pass, r1 in Redtown, r2 in Harbour and r3 in the force pool. Hill Fort
has two links: Ford–Hill (road) and Hill–Redtown (rail). The hex mini game (tests/fixtures/mini)
sets up b1 and b2 in 0101, b3 in 0201, b4 (heavy artillery) in 0202, r1 in 0505 and r3 in 0504;
0201 and 0202 are next to each other, 0303 is two hexes from 0202 and three from 0201."""

from __future__ import annotations

import pytest

from checks import issues


def restrict(g, text: str):
    g.write("game.yaml", g.read("game.yaml").rstrip("\n") + "\nrestrictions:\n" + text)
    return g


def found(g, *codes) -> list[str]:
    return [i for i in issues(g) if any(f" {code}" in i for code in codes)]


# -- links of an area map ---------------------------------------------------------------

def test_a_unit_set_up_where_only_closed_links_lead_is_refused(areamini):
    restrict(areamini, "  - {id: hill-closed, units: {sides: [blue]}, never_in: [{links: [{to: {areas: [hill]}}]}],"
                       " source: rule 5.1}\n")
    areamini.replace("scenarios/opening.yaml", "{unit: b3, area: ford}", "{unit: b3, area: hill}")
    assert found(areamini, "restriction.") == [
        "areamini/scenarios/opening.yaml:9:16: error: restriction.link: unit 'b3' is set up in area hill (North front) "
        "in scenario 'opening', which it could reach only along links closed to it; units of the side Blue never move along "
        "links that end in the area Hill Fort (rule 5.1)"]
    areamini.replace("scenarios/opening.yaml", "{unit: b3, area: hill}", "{unit: r3, area: hill}")
    areamini.replace("scenarios/opening.yaml", "{unit: r3, box: pool}", "{unit: b3, box: pool}")
    assert found(areamini, "restriction.") == []  # red units may use those links


def test_a_unit_that_moves_only_along_some_links_stands_where_one_of_them_ends(areamini):
    restrict(areamini, "  - {id: rail-only, units: {units: [r1]}, only_in: [{links: [{between: [pass, harbour]}]}],"
                       " source: rule 5.2}\n")
    assert found(areamini, "restriction.") == [
        "areamini/scenarios/opening.yaml:10:16: error: restriction.link: unit 'r1' is set up in area redtown (South "
        "front) in scenario 'opening', which it could reach only along links closed to it; the units 1 move only "
        "along the link Pass–Harbour (rule 5.2)"]
    areamini.replace("scenarios/opening.yaml", "{unit: r1, area: redtown}", "{unit: r1, area: harbour}")
    assert found(areamini, "restriction.") == []


def test_an_arrival_along_a_closed_link_is_refused(areamini):
    restrict(areamini, "  - {id: rail-closed, units: {sides: [blue]}, never_in: [{links: [{kinds: [rail]}]}],"
                       " source: rule 5.3}\n")
    areamini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: b3, turn: 2, entry: hill, via: redtown}\n"
                                              "  - {unit: bk1, turn: 2, entry: hill, via: ford}")
    areamini.replace("scenarios/opening.yaml", "  - {unit: b3, area: ford}\n", "")
    areamini.replace("scenarios/opening.yaml", "  - {unit: bk1, area: ford, steps: 3}\n", "")
    assert found(areamini, "restriction.") == [
        "areamini/scenarios/opening.yaml:14:5: error: restriction.link: unit 'b3' arrives on turn 2 in area hill "
        "(North front) along the link from area redtown in scenario 'opening'; units of the side Blue never move along "
        "Railway links (rule 5.3)"]  # bk1 comes along the road from Ford: open to it


def test_an_arrival_via_an_area_comes_along_a_link_of_the_map(areamini):
    areamini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r3, turn: 2, entry: hill, via: bluetown}\n"
                                              "  - {unit: b3, turn: 2, entry: hill, via: hills}")
    assert found(areamini, "reinforcement.via", "ref.unknown-area") == [
        "areamini/scenarios/opening.yaml:16:38: error: reinforcement.via: unit 'r3' enters area hill from area "
        "bluetown in scenario 'opening', but no link of map 'land' joins them",
        "areamini/scenarios/opening.yaml:17:38: error: ref.unknown-area: unknown area 'hills'; did you mean 'hill'? "
        "(known: bluetown, ford, harbour, hill, mire, pass, redtown)"]


def test_via_needs_an_entry_and_an_area_map(mini, areamini):
    areamini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r3, turn: 2, box: pool, via: ford}")
    assert [i for i in issues(areamini) if "schema" in i] == [  # one message: not also "not a valid string"
        "areamini/scenarios/opening.yaml:16:5: error: scenario.schema: reinforcements[0]: 'via' is the area an "
        "arrival comes from into its 'entry': give it with an entry, not with a box"]
    mini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r2, turn: 2, entry: '0303', via: '0202'}")
    assert found(mini, "reinforcement.via") == [
        "mini/scenarios/opening.yaml:12:40: error: reinforcement.via: unit 'r2' comes via '0202' in scenario "
        "'opening', but map 'main' is a hex map: 'via' names the area of an area map an arrival comes from"]


def test_links_in_a_restriction_name_real_links(areamini, mini):
    restrict(areamini, "  - {id: a, never_in: [{links: [{between: [bluetown, hill]}]}]}\n"
                       "  - {id: b, never_in: [{links: [{kinds: [canal], to: {areas: [hil]}}]}]}\n")
    assert found(areamini, "restriction.refs", "ref.unknown") == [
        "areamini/game.yaml:62:5: error: restriction.refs: restriction 'a', never_in[0]: no link joins areas 'bluetown' and "
        "'hill'",
        "areamini/game.yaml:63:5: error: ref.unknown-area: restriction 'b', never_in[0]: unknown area 'hil'; did you mean 'hill'? (known: bluetown, "
        "ford, harbour, hill, mire, pass, redtown)",
        "areamini/game.yaml:63:5: error: ref.unknown-link-kind: restriction 'b', never_in[0]: unknown link kind 'canal' (known: rail, road)"]
    restrict(mini, "  - {id: a, never_in: [{links: [{kinds: [road]}]}]}\n")
    assert found(mini, "restriction.refs") == [
        "mini/game.yaml:136:5: error: restriction.refs: restriction 'a', never_in[0]: a place of links needs an area map; "
        "the game has none"]


@pytest.mark.parametrize("text, message", [
    ("{id: x, never_in: [{links: [{kinds: [road]}], areas: [hill]}]}",
     "a place of 'links' names links only; list the areas as another place"),
    ("{id: x, never_in: [{links: [{kinds: [road]}]}, {areas: [hill]}]}",
     "a restriction's places are either links (where units move) or places where units stand"),
    ("{id: x, max: 1, per: total, in: [{near: {units: {types: [inf]}}}]}",
     "a cap counts the units standing in places of the map: 'links', 'near', 'empty', event windows and limits do not go in 'in'"),
    ("{id: x, only_in: [{near: {start: opening, units: {types: [inf]}}}]}",
     "'start' is the unit's own hex: give it without 'units', 'same' or 'other'"),
    ("{id: x, never_in: [{links: [{}]}]}", "links need at least one of between, kinds or to"),
])
def test_a_place_says_one_kind_of_thing(areamini, text, message):
    restrict(areamini, f"  - {text}\n")
    schema = [i for i in issues(areamini) if "game.schema" in i]
    assert len(schema) == 1 and message in schema[0]


# -- near a unit, near its own start, empty ------------------------------------------------

def test_a_unit_sets_up_next_to_a_unit_the_selector_picks(mini):
    restrict(mini, "  - {id: by-the-guns, units: {nationalities: [gy]}, when: setup, only_in: "
                   "[{near: {units: {types: [art]}, hexes: 1, exactly: true}}], source: rule 6.1}\n")
    assert found(mini, "restriction.") == []  # b3 in 0201 is next to the guns in 0202
    mini.replace("units.csv", "5-5-3|2-3-3,0201", "5-5-3|2-3-3,0303")
    assert found(mini, "restriction.") == [
        "mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0303 (Blueland) in scenario "
        "'opening'; at set-up: units of the nationality Greyland stand only next to Heavy artillery units (rule 6.1)"]
    mini.replace("units.csv", "5-5-3|2-3-3,0303", "5-5-3|2-3-3,0202")
    assert len(found(mini, "restriction.place")) == 1  # in the very hex of the guns: not next to it


def test_near_a_unit_of_its_own_nationality_or_another_side(mini):
    restrict(mini, "  - {id: with-own, units: {units: [b3, b4]}, only_in: [{near: {same: [nationality], hexes: 2}}]}\n"
                   "  - {id: off-enemy, never_in: [{near: {other: [side], hexes: 1}}], source: rule 6.2}\n")
    mini.replace("units.csv", "3-3-4,0101", "3-3-4,0504")  # b2 next to r3 (and r1)
    assert found(mini, "restriction.") == [
        "mini/units.csv:3:7: error: restriction.place: [code] unit 'b2' is set up in hex 0504 (Redland) in scenario "
        "'opening'; no unit may stand in or next to the hex of a unit of another side (rule 6.2)",
        "mini/units.csv:4:7: error: restriction.place: [code] unit 'b3' is set up in hex 0201 (Blueland) in scenario "
        "'opening'; the units 3 or HA stand only within 2 hexes of a unit of their own nationality "
        "(restriction 'with-own')",
        "mini/units.csv:6:7: error: restriction.place: [code] unit 'r1' is set up in hex 0505 (Redland) in scenario "
        "'opening'; no unit may stand in or next to the hex of a unit of another side (rule 6.2)",
        "mini/units.csv:8:7: error: restriction.place: [code] unit 'r3' is set up in hex 0504 (Redland) in scenario "
        "'opening'; no unit may stand in or next to the hex of a unit of another side (rule 6.2)"]


def test_an_arrival_near_a_unit_is_refused_only_when_no_such_unit_could_be_there(mini):
    restrict(mini, "  - {id: by-a-cav, units: {units: [r1]}, when: arrival, only_in: "
                   "[{near: {units: {types: [cav]}, hexes: 1, exactly: true}}], source: rule 6.3}\n")
    mini.replace("units.csv", "5-6-4|2-3-4,0505", "5-6-4|2-3-4,3")  # r1 arrives on turn 3
    mini.replace("units.csv", "(1) 2-6|(0) 1-6,2", "(1) 2-6|(0) 1-6,")  # the cavalry r2 never comes
    mini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r1, turn: 3, entry: '0505'}")
    assert found(mini, "restriction.") == [
        "mini/scenarios/opening.yaml:12:5: error: restriction.place: unit 'r1' arrives on turn 3 in hex 0505 (Redland) "
        "in scenario 'opening'; on arrival: the units 1 stand only next to Cavalry units (rule 6.3)"]
    # the cavalry arrives on turn 2: where it stands by turn 3 is up to play
    mini.append("scenarios/opening.yaml", "  - {unit: r2, turn: 2, entry: '0303'}")
    assert found(mini, "restriction.") == []
    # arriving with it on turn 3, two hexes away: known, and not next to it
    mini.replace("scenarios/opening.yaml", "{unit: r2, turn: 2, entry: '0303'}", "{unit: r2, turn: 3, entry: '0303'}")
    assert len(found(mini, "restriction.place")) == 1
    mini.replace("scenarios/opening.yaml", "{unit: r2, turn: 3, entry: '0303'}", "{unit: r2, turn: 3, entry: '0504'}")
    assert found(mini, "restriction.") == []


def test_a_unit_sets_up_on_its_start_or_in_an_empty_hex_next_to_it(mini):
    mini.write("scenarios/choice.yaml", "extends: opening\ntitle: Choice\nrestrictions:\n"
                                        "  - id: shifted\n    units: {sides: [blue]}\n    when: setup\n"
                                        "    only_in:\n      - {near: {start: opening, hexes: 0}}\n"
                                        "      - {near: {start: opening, hexes: 1, exactly: true}, empty: true}\n"
                                        "    source: rule 6.4\n"
                                        "changes:\n  move:\n    - {unit: b3, hex: '0301'}\n"
                                        "    - {unit: b1, hex: '0202'}\n")
    assert found(mini, "restriction.") == [
        "mini/scenarios/choice.yaml:14:7: error: restriction.place: unit 'b1' is set up in hex 0202 (Blueland) in "
        "scenario 'choice'; at set-up: units of the side Blue stand only in their hex of scenario Opening moves; or next to "
        "their hex of scenario Opening moves, in an empty hex (rule 6.4)"]  # b4 stands in 0202
    mini.replace("scenarios/choice.yaml", "{unit: b1, hex: '0202'}", "{unit: b1, hex: '0102'}")
    assert found(mini, "restriction.") == []
    mini.replace("scenarios/choice.yaml", "{unit: b1, hex: '0102'}", "{unit: b1, hex: '0103'}")
    assert len(found(mini, "restriction.place")) == 1  # two hexes from its start


def test_an_empty_hex_holds_no_other_unit_at_set_up(mini):
    restrict(mini, "  - {id: alone, units: {units: [b2]}, when: setup, only_in: [{empty: true}], source: rule 6.5}\n")
    assert found(mini, "restriction.") == [
        "mini/units.csv:3:7: error: restriction.place: [code] unit 'b2' is set up in hex 0101 (Blueland) in scenario "
        "'opening'; at set-up: the units 2 stand only in an empty hex (rule 6.5)"]


def test_near_names_a_real_scenario_and_real_units(mini):
    restrict(mini, "  - {id: a, only_in: [{near: {start: openng}}]}\n"
                   "  - {id: b, only_in: [{near: {units: {types: [hq]}}}]}\n")
    assert found(mini, "ref.unknown") == [
        "mini/game.yaml:136:5: error: ref.unknown-scenario: restriction 'a', only_in[0]: unknown scenario 'openng'; did you mean 'opening'? "
        "(known: opening)",
        "mini/game.yaml:137:5: error: ref.unknown-unit-type: restriction 'b', only_in[0]: unknown unit type 'hq' (known: art, cav, inf)"]


# -- set-up marks ------------------------------------------------------------------------------

def test_a_set_up_mark_takes_only_its_sides_units_and_holds_so_many(mini):
    mini.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                 "  - {id: city, name: City, combat_drm: -1}\n"
                 "  - {id: blue_mark, name: Blue set-up mark, setup_mark: {side: blue, holds: 1}, source: rule 7.1}")
    mini.replace("map/hexes.csv", "0101,clear,Blueton,city,", "0101,clear,Blueton,city;blue_mark,")
    mini.replace("map/hexes.csv", "0505,clear,Redburg,city,", "0505,clear,Redburg,city;blue_mark,")
    assert found(mini, "restriction.") == [
        "mini/units.csv:3:7: error: restriction.cap: [code] unit 'b2' is set up in hex 0101 (Blueland) in scenario "
        "'opening', making 2 (b1, b2) there on turn 1; the limit is 1: at set-up: all units in a hex in a place with "
        "Blue set-up mark: at most 1 (rule 7.1)",
        "mini/units.csv:6:7: error: restriction.place: [code] unit 'r1' is set up in hex 0505 (Redland) in scenario "
        "'opening'; at set-up: units of sides other than Blue never stand in a place with Blue set-up mark (rule 7.1)"]
    # a scenario lifts the mark's rules by their ids
    mini.append("scenarios/opening.yaml", "restrictions:\n  - {id: blue_mark.side, off: true}\n"
                                          "  - {id: blue_mark.holds, off: true}")
    assert found(mini, "restriction.", "ref.unknown") == []


def test_a_set_up_mark_names_a_real_side(mini):
    mini.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                 "  - {id: city, name: City, combat_drm: -1}\n  - {id: mark, name: Mark, setup_mark: {side: bleu}}")
    assert found(mini, "ref.unknown") == [
        "mini/game.yaml:60:41: error: ref.unknown-side: unknown side 'bleu'; did you mean 'blue'? (known: blue, red)"]


def test_the_set_up_chart_prints_where_an_arrival_comes_from_and_the_rules_of_links(areamini):
    from charts_game import context_for, texts_in

    from generator.build.components import BuildContext
    from generator.components.player_aid import restriction_points
    from generator.components.setup_chart import setup_blocks

    restrict(areamini, "  - {id: rail-closed, units: {sides: [blue]}, never_in: [{links: [{kinds: [rail]}]}]}\n")
    areamini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r3, turn: 2, entry: hill, via: redtown, notes: by night}")
    en = context_for(areamini.path)
    es = BuildContext(en.game, en.options, "es")
    scenario = en.game.scenario_index["opening"]
    printed = {lang: " ".join(t.text for b in setup_blocks(context, scenario, 190.0) for t, _, _ in texts_in(b.items))
               for lang, context in (("en", en), ("es", es))}
    assert "enters: Hill Fort, from Redtown" in printed["en"]
    assert "entra: Hill Fort, desde Redtown" in printed["es"]
    assert restriction_points(en) == ["Units of the side Blue never move along Railway links"]
    assert restriction_points(es) == ["Las unidades del bando Blue nunca pueden moverse por los enlaces de Railway"]


def test_a_change_brings_an_arrival_along_a_link_and_a_diff_keeps_it(areamini):
    restrict(areamini, "  - {id: rail-closed, units: {sides: [red]}, never_in: [{links: [{kinds: [rail]}]}]}\n")
    areamini.write("scenarios/later.yaml", "extends: opening\ntitle: Later\nchanges:\n  remove: [r3]\n  add:\n"
                                           "    - {unit: r3, turn: 2, entry: hill, via: redtown}\n")
    assert found(areamini, "restriction.") == [
        "areamini/scenarios/later.yaml:6:7: error: restriction.link: unit 'r3' arrives on turn 2 in area hill (North "
        "front) along the link from area redtown in scenario 'later'; units of the side Red never move along Railway links "
        "(restriction 'rail-closed')"]
    from generator.io.loader import load_game
    from generator.scenarios.diff import _state, unit_changes

    game = load_game(areamini.path).game
    before, after = (_state(game.scenario_index[s]) for s in ("opening", "later"))
    assert unit_changes(before, after) == {"remove": ["r3"], "add": [{"unit": "r3", "turn": 2, "entry": "hill",
                                                                       "via": "redtown"}]}
