"""Hostile restriction data: authoring mistakes taken from the rulebooks' own restrictions (a
scenario that breaks one, across the five games) and malformed restriction data (unknown names,
wrong types, missing keys, YAML typos). Each gives exactly one message naming the file, the
line and column (or the key) and what was expected; none gives a traceback."""

from __future__ import annotations

import pytest

from checks import issues
from test_restriction_coverage import case_issues
from test_restriction_games import copies  # noqa: F401  (the module's fixture)

GWNE_RUSSIAN_ENTRY = (
    "Russian units except the units Persian Cossack Brigade stand only on map Caucasus, in Russia, in a place with "
    "City; on map Caucasus, in hexes 4836-4849; next to Headquarters units of their own nationality, at most 3 by any "
    "one of them, all in one hex; on map Iraq, in hex 2436 (Hamadan), from Russian Persian Expeditionary Force on; or "
    "on map Caucasus, on the Black Sea shore, in an empty hex, east of hex column xx45, from Russian Amphibious "
    "Campaign until Fall of the Tsar, at most 1 a turn (rules 7.30, 7.32, 8.2, 8.7)")

MISTAKES = [
    pytest.param("when-eagles-fight", "start_turn: 1\nend_turn: 24\nevents: {brusilov: 12}\nsetup: []\n",
                 "when-eagles-fight/scenarios/case.yaml:3:10: error: restriction.refs: event 'brusilov' (Brusilov "
                 "Offensive) is dated on turn 12, but it may happen only on turns 15-18 (rule 15.1)",
                 id="wef-15.1-brusilov-dated-too-early"),
    pytest.param("when-eagles-fight", "start_turn: 1\nend_turn: 24\nsetup: []\nreinforcements:\n"
                 "  - {unit: tu-15, turn: 5, entry: '2638'}\n",
                 "when-eagles-fight/scenarios/case.yaml:5:5: error: restriction.place: unit 'tu-15' arrives on turn 5 "
                 "in hex 2638 (Romania) in scenario 'case'; on arrival: the units XV Turkish Corps stand only in "
                 "Austria-Hungary, on the south edge of the map (rule 10.2)",
                 id="wef-10.2-turkish-corps-by-the-south-edge-of-romania"),
    pytest.param("glorys-end", "start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n"
                 "  - {unit: bef-1, turn: 2, entry: E}\n",
                 "glorys-end/scenarios/case.yaml:5:5: error: restriction.place: unit 'bef-1' arrives on turn 2 by entry "
                 "code 'E' (Any hex of the east edge) in scenario 'case', which offers 35 places it may not enter (hex "
                 "1011 of map main …); on arrival: British units except the units Naval Brigade stand only in a place "
                 "with Port or on the south or west edge of the map (rule 8.3)",
                 id="ge-8.3-british-by-the-german-edge"),
    pytest.param("glorys-end", "start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n"
                 "  - {unit: bef-ind, turn: 24, entry: port}\n",
                 "glorys-end/scenarios/case.yaml:5:5: error: restriction.printed: unit 'bef-ind' arrives on turn 24 by "
                 "'port' in scenario 'case', but its counter prints 'S' (code '24S'); on arrival: all units enter by the "
                 "hex or edge printed on their counter (rules 8.2, 8.4, 8.5)",
                 id="ge-8.3-indian-corps-by-a-port"),
    pytest.param("glorys-end", "start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n"
                 "  - {unit: bef-nd, turn: 17, entry: '1334'}\n",
                 "glorys-end/scenarios/case.yaml:5:5: error: restriction.place: unit 'bef-nd' arrives on turn 17 in hex "
                 "1334 of map main (France) in scenario 'case'; on arrival: British units except the units Naval "
                 "Brigade stand only in a place with Port or on the south or west edge of the map (rule 8.3)",
                 id="ge-8.3-naval-division-landing-on-a-beach"),
    pytest.param("great-war-near-east", "start_turn: 1\nend_turn: 24\nmap: iraq\nevents: {persian-expedition: 6}\n"
                 "setup: []\nreinforcements:\n  - {unit: ru-123, turn: 5, entry: '2436'}\n",
                 "great-war-near-east/scenarios/case.yaml:7:5: error: restriction.place: unit 'ru-123' arrives on turn 5 "
                 "in hex 2436 of map iraq (Persia) in scenario 'case'; until Russian Persian Expeditionary Force: Russian "
                 "units stand only on map Caucasus (rule 3.7); and on arrival: " + GWNE_RUSSIAN_ENTRY,
                 id="gwne-7.32-the-expedition-before-its-chit"),
    pytest.param("great-war-near-east", "start_turn: 1\nend_turn: 24\nmap: caucasus\n"
                 "events: {amphibious-campaign: 9, fall-of-the-tsar: 5}\nsetup: []\n",
                 "great-war-near-east/scenarios/case.yaml:4:10: error: restriction.refs: event 'amphibious-campaign' is "
                 "dated on turn 9, not before event 'fall-of-the-tsar' (turn 5): what opens with the one and closes with "
                 "the other never opens", id="gwne-7.30-the-landing-chit-after-the-fall-of-the-tsar"),
    pytest.param("great-war-near-east", "start_turn: 1\nend_turn: 24\nmap: iraq\nsetup:\n  - {unit: tu-35, hex: '1030'}\n",
                 "great-war-near-east/scenarios/case.yaml:5:19: error: setup.code-area: unit 'tu-35' carries set-up code "
                 "'I' (Any city of Iraq but Basra) but sets up in hex 1030 of map 'iraq', region 'iraq' (rule 3.3)",
                 id="gwne-3.3-code-i-outside-a-city"),
    pytest.param("blitz-in-the-east", "start_turn: 1\nend_turn: 28\nsetup:\n  - {unit: fi-air, hex: '1002'}\n",
                 "blitz-in-the-east/scenarios/case.yaml:4:20: error: restriction.place: unit 'fi-air' is set up in hex "
                 "1002 (Finland) in scenario 'case'; air fleet units stand only in a place with Major city, Secondary "
                 "city, Fortress or Capital (Intro/Cities, Intro/Stacking)",
                 id="bite-an-air-fleet-off-its-airfield"),
    pytest.param("blitz-in-the-east", "start_turn: 1\nend_turn: 28\nsetup: []\nreinforcements:\n"
                 "  - {unit: ro-4, turn: 3, entry: '0919'}\n",
                 "blitz-in-the-east/scenarios/case.yaml:5:5: error: restriction.place: unit 'ro-4' arrives on turn 3 in "
                 "hex 0919 (Hungary) in scenario 'case'; Romanian units stand only in Romania; or in Soviet Union, "
                 "south of the Axis minors limit line (RO.1); and on arrival: Romanian units stand only in Romania, in "
                 "a place with Major city, Secondary city, Fortress or Capital (1.5, 1.6)",
                 id="bite-ro1-a-romanian-reinforcement-in-hungary"),
    pytest.param("strike-of-the-eagle", "start_turn: 1\nend_turn: 7\nrestrictions:\n"
                 "  - {id: a-garrison-on-every-key-city, off: true}\nsetup: []\nreinforcements:\n"
                 "  - {unit: gar-pl-02, turn: 3, entry: torun}\n",
                 "strike-of-the-eagle/scenarios/case.yaml:7:5: error: restriction.place: unit 'gar-pl-02' arrives on "
                 "turn 3 in area torun (North front) in scenario 'case'; garrison units stand only in a place with Key "
                 "city (rules: Preparation, Replacing garrisons)",
                 id="sote-a-garrison-replaced-off-a-key-city"),
]


@pytest.mark.parametrize("game, body, message", MISTAKES)
def test_an_authoring_mistake_from_the_rulebook_gives_one_message(copies, game, body, message):  # noqa: F811
    assert case_issues(copies(game), body) == [message]


MALFORMED = [
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{regions: [redlnd]}]}\n",
                 "mini/game.yaml:136:5: error: ref.unknown-region: restriction 'a', only_in[0]: unknown region "
                 "'redlnd'; did you mean 'redland'? (known: blueland, neutralia, redland)", id="unknown-region"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{regions: [redland], after_event: thaw}]}\n",
                 "mini/game.yaml:136:5: error: ref.unknown-event: restriction 'a', only_in[0]: unknown event 'thaw': "
                 "game.yaml declares no events", id="unknown-event"),
    pytest.param("  - {id: a, units: {sides: [red]}, max: three}\n",
                 "mini/game.yaml:136:36: error: game.schema: restrictions[0].max: Input should be a valid integer or a "
                 "valid list, found 'three'", id="wrong-type"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{shore_of: redland}]}\n",
                 "mini/game.yaml:136:47: error: game.schema: restrictions[0].only_in[0].shore_of: Input should be a "
                 "valid list, found 'redland'", id="a-word-for-a-list"),
    pytest.param("  - {units: {sides: [red]}, only_in: [{regions: [redland]}]}\n",
                 "mini/game.yaml:136:5: error: game.schema: missing required key 'id' in restrictions[0]",
                 id="missing-id"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{}]}\n",
                 "mini/game.yaml:136:46: error: game.schema: restrictions[0].only_in[0]: a place needs at least one of "
                 "maps, regions, terrain, features, hexes, areas, edges, coastal, shore_of, beyond, near, empty, boxes "
                 "or links", id="an-empty-place"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{regions: [redland]}]\n",
                 "mini/game.yaml:137:1: error: load.yaml: YAML syntax error: did not find expected ',' or '}'",
                 id="yaml-unclosed-brace"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_inn: [{regions: [redland]}]}\n",
                 "mini/game.yaml:136:36: error: game.schema: unknown key 'only_inn'; did you mean 'only_in'? (expected "
                 "one of: after_event, as_printed, id, in_, max, min, name, never_in, never_with, not_used, off, "
                 "only_in, per, source, stacked_with, strength, turns, units, unless_with, until_event, when)",
                 id="key-typo"),
    pytest.param("  - {id: a, units: {side: [red]}, only_in: [{regions: [redland]}]}\n",
                 "mini/game.yaml:136:21: error: game.schema: unknown key 'side'; did you mean 'sides'? (expected one of: "
                 "armies, codes, exclude, nationalities, setup_codes, sides, sizes, steps, types, units)",
                 id="selector-key-typo"),
    pytest.param("  - {id: a, units: {sides: [red]}, never_in: [{beyond: [{row: 2, side: est}]}]}\n",
                 "mini/game.yaml:136:66: error: game.schema: restrictions[0].never_in[0].beyond[0].side: Input should "
                 "be 'north', 'south', 'east' or 'west', found 'est'", id="compass-typo"),
    pytest.param("  - {id: a, units: {sides: [red]}, only_in: [{regions: [redland], limit: {max: 3, per: near}}]}\n",
                 "mini/game.yaml:136:46: error: game.schema: restrictions[0].only_in[0]: a limit 'per: near' counts the "
                 "units placed next to the units its place's 'near' names: give the place a 'near'",
                 id="a-limit-per-near-without-near"),
    pytest.param("  - {id: a, units: {sides: [red]}, never_in: [{regions: [redland], limit: {max: 1}}]}\n",
                 "mini/game.yaml:136:5: error: game.schema: restrictions[0]: a place's 'limit' counts the units it lets "
                 "in: it goes in only_in, not never_in", id="a-limit-in-never-in"),
    pytest.param("  - {id: a, when: setup, as_printed: true}\n",
                 "mini/game.yaml:136:5: error: game.schema: restrictions[0]: 'as_printed' weighs arrivals by the entry "
                 "their counters print: give it 'when: arrival' or 'always'", id="as-printed-at-set-up"),
    pytest.param("  id: a\n", "mini/game.yaml:135:1: error: game.schema: restrictions: Input should be a valid list",
                 id="a-mapping-for-the-list"),
]


@pytest.mark.parametrize("text, message", MALFORMED)
def test_malformed_restriction_data_gives_one_message(mini, text, message):
    mini.write("game.yaml", mini.read("game.yaml") + "restrictions:\n" + text)
    assert issues(mini) == [message]


@pytest.mark.parametrize("body, message", [
    ("extends: opening\nrestrictions:\n  - {id: x, units: {sides: [red]}, only_in: [{regions: [redlnd]}]}\n",
     "mini/scenarios/bad.yaml:3:5: error: ref.unknown-region: restriction 'x', only_in[0]: unknown region 'redlnd'; "
     "did you mean 'redland'? (known: blueland, neutralia, redland)"),
    ("extends: opening\nrestrictions:\n  - {id: x, units: {sides: [red]}, only_in: [{regions: [redland], "
     "limit: {max: 1, per: hex}}]}\n",
     "mini/scenarios/bad.yaml:3:83: error: scenario.schema: restrictions[0].only_in[0].limit.per: Input should be "
     "'turn' or 'near', found 'hex'"),
    ("extends: opening\nevents: {thaw: two}\n",
     "mini/scenarios/bad.yaml:2:10: error: scenario.schema: events.thaw: Input should be a valid integer, unable to "
     "parse string as an integer, found 'two'"),
    ("extends: opening\nrestrictions:\n  - id: x\n    only_in: [{regions: [redland]}]\n   units: {sides: [red]}\n",
     "mini/scenarios/bad.yaml:5:4: error: load.yaml: YAML syntax error: did not find expected '-' indicator"),
])
def test_malformed_scenario_restrictions_give_one_message(mini, body, message):
    mini.write("scenarios/bad.yaml", body)
    assert issues(mini) == [message]
