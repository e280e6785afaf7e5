"""Free deployments and scenario changes: one invalid fixture per check, each asserting the
exact message (the change's own line when a change breaks a rule); and how changes resolve."""

from __future__ import annotations

from pathlib import Path

import pytest

from checks import issues
from generator.io.loader import load_game

DATA = Path(__file__).resolve().parent.parent / "data"

FREE = """title: Free opening
extends: opening
deployment:
  order: [red, blue]
  groups:
    - id: reds
      side: red
      units: {nationalities: [rd], codes: [hex]}
      regions: [redland]
"""

ARMIES = ("id,nationality,type,size,designation,factors,code,copies,source,steps,step_system,army\n"
          "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,,\n"
          "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,,\n"
          "b3,gy,inf,XXX,3,5-5-3|2-3-3,0201,1,illustrative,,,\n"
          "b4,bl,art,II,HA,,0202,1,illustrative,,,\n"
          "r1,rd,inf,XXX,1,5-6-4|2-3-4,,1,illustrative,,,1\n"
          "r2,rd,cav,XX,1 Cav,(1) 2-6|(0) 1-6,,1,illustrative,,,0\n"
          "r3,rd,inf,XXX,3,6-6-4|5-5-4|3-3-4|2-2-4,,1,illustrative,4,big,2\n")

BY_ARMY = """title: Armies
extends: opening
markers:
  - {marker: m1, hex: "0505"}
  - {marker: m2, hex: "0504"}
deployment:
  groups:
    - id: reds
      side: red
      units: {nationalities: [rd], armies: ["0", "1", "2"]}
      regions: [redland, blueland]
      within: {hexes: 1, of_marker: "m{army}"}
      any_army: ["0"]
      army_stacking: true
      at_least: [{count: 1, regions: [redland]}]
"""


def _free(g, placed: str = "", extra: str = ""):
    g.write("scenarios/free.yaml", FREE + extra)
    if placed:
        g.write("scenarios/placed.yaml", "extends: free\nsetup_from_codes: false\nsetup:\n" + placed)
    return g


def _armies(g, placed: str):
    """Red units of armies 1, 2 and 0 deploy within a hex of their army's marker (m1, m2)."""
    g.write("units.csv", ARMIES)
    g.write("markers.csv", "id,name,text,back_text,side,kind,copies\nm1,Army 1,1,,red,marker,1\n"
                           "m2,Army 2,2,,red,marker,1\nturn,Game turn,Turn,,,marker,1\n")
    g.write("scenarios/armies.yaml", BY_ARMY)
    g.write("scenarios/deployed.yaml", "extends: armies\nsetup:\n" + placed)
    return g


CASES = [
    pytest.param(
        lambda g: _free(g, '  - {unit: r1, hex: "0303"}\n  - {unit: r3, hex: "0504"}\n'),
        "deployment",
        "mini/scenarios/placed.yaml:4:5: error: deployment.region: unit 'r1' is set up in hex 0303 (Blueland); "
        "group 'reds' deploys only in Redland",
        id="outside-the-group-regions",
    ),
    pytest.param(
        lambda g: _free(g, '  - {unit: r3, hex: "0504"}\n'),
        "deployment",
        "mini/scenarios/placed.yaml:1: error: deployment.incomplete: scenario 'placed' places 1 of the 2 free units "
        "of side 'red'; not placed: r1",
        id="half-deployed-side",
    ),
    pytest.param(
        lambda g: _armies(g, '  - {unit: r1, hex: "0303"}\n  - {unit: r3, hex: "0504"}\n'
                             '  - {unit: r2, hex: "0504", army: "2"}\n'),
        "deployment",
        "mini/scenarios/deployed.yaml:3:5: error: deployment.distance: unit 'r1' (army 1) is set up in hex 0303, "
        "3 hexes from marker 'm1' in 0505; group 'reds' allows at most 1",
        id="too-far-from-the-army-marker",
    ),
    pytest.param(
        lambda g: _armies(g, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n'
                             '  - {unit: r2, hex: "0504", army: "1"}\n'),
        "deployment.army-stacking",
        "mini/scenarios/deployed.yaml:5:5: error: deployment.army-stacking: hex 0504 in scenario 'deployed' mixes "
        "armies (army 1: r2; army 2: r3); army units stack only with their own army or with units that have none",
        id="two-armies-in-one-hex",
    ),
    pytest.param(
        lambda g: _armies(g, '  - {unit: r1, hex: "0505", army: "2"}\n  - {unit: r3, hex: "0504"}\n'
                             '  - {unit: r2, hex: "0504", army: "2"}\n'),
        "deployment.army",
        "mini/scenarios/deployed.yaml:3:5: error: deployment.army: unit 'r1' belongs to army 1; only units of army "
        "0 are given an army at set-up",
        id="army-given-to-an-army-unit",
    ),
    pytest.param(
        lambda g: _armies(g, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n'
                             '  - {unit: r2, hex: "0403", army: "7"}\n'),
        "deployment.army",
        "mini/scenarios/deployed.yaml:5:5: error: deployment.army: unit 'r2' joins army '7', which group 'reds' "
        "does not have (armies: 1, 2)",
        id="army-the-group-lacks",
    ),
    pytest.param(
        lambda g: _armies(g, '  - {unit: r1, hex: "0404"}\n  - {unit: r3, hex: "0403"}\n'
                             '  - {unit: r2, hex: "0403", army: "2"}\n'),
        "deployment.at-least",
        "mini/scenarios/armies.yaml:8:7: error: deployment.at-least: scenario 'deployed' sets up 0 unit(s) of group "
        "'reds' in Redland; at least 1 must start there",
        id="at-least-one-in-a-region",
    ),
    pytest.param(
        lambda g: _free(g, extra="  markers:\n    - {side: red, markers: [control-red, turn], regions: [redland], "
                                 "not_next_to: [neutralia]}\n").append(
            "scenarios/free.yaml", 'markers:\n  - {marker: control-red, hex: "0303"}\n  - {marker: turn, hex: "0303"}'),
        "deployment.markers",
        ["mini/scenarios/free.yaml:13:5: error: deployment.markers: marker 'control-red' is placed in hex 0303, "
         "outside Redland",
         "mini/scenarios/free.yaml:14:5: error: deployment.markers: marker 'turn' is placed in hex 0303, outside "
         "Redland",
         "mini/scenarios/free.yaml:14:5: error: deployment.markers: markers 'control-red' and 'turn' share hex 0303; "
         "one marker to a hex"],
        id="markers-outside-their-regions",
    ),
    pytest.param(
        lambda g: _free(g, extra="  markers:\n    - {side: red, markers: [control-red], not_next_to: [neutralia]}\n"
                        ).append("scenarios/free.yaml", 'markers:\n  - {marker: control-red, hex: "0501"}'),
        "deployment.markers",
        "mini/scenarios/free.yaml:13:5: error: deployment.markers: marker 'control-red' in hex 0501 is next to "
        "Neutralia, which it may not touch",
        id="marker-next-to-a-barred-region",
    ),
    pytest.param(
        lambda g: _free(g).replace("scenarios/free.yaml", "side: red", "side: blue"),
        "deployment.side",
        ["mini/scenarios/free.yaml:8:7: error: deployment.side: unit 'r1' (rd, side red) is in deployment group "
         "'reds' of side 'blue'",
         "mini/scenarios/free.yaml:8:7: error: deployment.side: unit 'r3' (rd, side red) is in deployment group "
         "'reds' of side 'blue'"],
        id="unit-of-the-other-side",
    ),
    pytest.param(
        lambda g: _free(g, extra="    - {id: more, side: red, extra: [r1]}\n"),
        "deployment.twice",
        "mini/scenarios/free.yaml:10:37: error: deployment.twice: unit 'r1' deploys with group 'more' and with "
        "group 'reds'",
        id="unit-in-two-groups",
    ),
    pytest.param(
        lambda g: _free(g, extra="    - {id: none, side: blue, units: {nationalities: [gy], codes: [turn]}}\n"),
        "deployment.empty",
        "mini/scenarios/free.yaml:10:7: error: deployment.empty-group: deployment group 'none' of scenario 'free' "
        "selects no unit",
        id="group-selecting-nothing",
    ),
    pytest.param(
        lambda g: _free(g, extra="    - {id: typo, side: red, units: {units: [r9]}}\n"),
        "ref",
        "mini/scenarios/free.yaml:10:7: error: ref.unknown-unit: deployment group 'typo', units: unknown unit 'r9' "
        "(known: b1, b2, b3, b4, r1, r2, r3)",
        id="group-selecting-an-unknown-unit",
    ),
    pytest.param(
        lambda g: _free(g, extra="    - {id: typo, side: red, units: {nationalities: [rdd]}}\n"),
        "ref",
        "mini/scenarios/free.yaml:10:7: error: ref.unknown-nationality: deployment group 'typo', units: unknown "
        "nationality 'rdd'; did you mean 'rd'? (known: bl, gy, rd)",
        id="group-selecting-an-unknown-nationality",
    ),
    pytest.param(
        lambda g: _free(g).replace("scenarios/free.yaml", "regions: [redland]", "regions: [redlands]"),
        "ref",
        "mini/scenarios/free.yaml:6:7: error: ref.unknown-region: unknown region 'redlands'; did you mean 'redland'? "
        "(known: blueland, neutralia, redland)",
        id="group-region-unknown",
    ),
    pytest.param(
        lambda g: g.write("scenarios/delta.yaml", "extends: opening\nchanges:\n  remove: [r1, zz]\n"),
        "scenario.changes",
        "mini/scenarios/delta.yaml:3:16: error: scenario.changes: unit 'zz' is not set up, arriving or deploying in "
        "scenario 'opening': nothing to remove",
        id="remove-a-unit-not-there",
    ),
    pytest.param(
        lambda g: g.write("scenarios/delta.yaml", 'extends: opening\nchanges:\n  add:\n    - {unit: b1, hex: "0303"}\n'),
        "scenario.changes",
        "mini/scenarios/delta.yaml:4:7: error: scenario.changes: unit 'b1' is already in the scenario (set up in "
        "0101); 'remove' it first or 'move' it",
        id="add-a-unit-already-there",
    ),
    pytest.param(
        lambda g: g.write("scenarios/delta.yaml", "extends: opening\nchanges:\n  move:\n    - {unit: r2, hex: \"0505\"}\n"
                          "    - {unit: zz, turn: 2}\n"),
        "scenario.changes",
        "mini/scenarios/delta.yaml:5:7: error: scenario.changes: unit 'zz' is not set up, arriving or deploying in "
        "scenario 'opening': nothing to move (use 'add')",
        id="move-a-unit-not-there",
    ),
    pytest.param(
        lambda g: _free(g).write("scenarios/delta.yaml", "extends: free\nchanges:\n  move:\n    - {unit: b1, deploy: red}\n"),
        "scenario.changes",
        "mini/scenarios/delta.yaml:4:7: error: scenario.changes: unknown deployment group 'red'; did you mean 'reds'? "
        "(known: reds)",
        id="deploy-with-an-unknown-group",
    ),
    pytest.param(
        lambda g: g.write("scenarios/delta.yaml", 'extends: opening\nchanges:\n  remove: [b3]\n  add:\n'
                                                  '    - {unit: b3, hex: "0404"}\n'),
        "setup",
        "mini/scenarios/delta.yaml:5:7: error: setup.prohibited-terrain: unit 'b3' is set up in hex 0404, which is "
        "Sea (no unit may stand there)",
        id="a-change-breaking-a-rule-is-named-by-its-line",
    ),
    pytest.param(
        lambda g: g.write("scenarios/delta.yaml", "extends: opening\nrules: {fog: on}\n"),
        "ref",
        "mini/scenarios/delta.yaml:2:9: error: ref.unknown-scenario-rule: unknown scenario rule 'fog': game.yaml "
        "declares no scenario_rules",
        id="rule-the-game-does-not-declare",
    ),
    pytest.param(
        lambda g: g.append("game.yaml", 'parameters:\n  - {id: bonus, name: Bonus steps, default: "0"}').write(
            "scenarios/delta.yaml", "extends: opening\nparameters: {bonus: lots}\n"),
        "scenario.settings",
        "mini/scenarios/delta.yaml:2:14: error: scenario.settings: parameter 'bonus' is a number; found 'lots'",
        id="parameter-not-a-number",
    ),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_deployment_gives_exact_message(mini, edit, code, expected):
    edit(mini)
    assert issues(mini, code) == (expected if isinstance(expected, list) else [expected])


def test_a_free_scenario_and_its_full_deployment_are_clean(mini):
    _free(mini, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n')
    assert issues(mini) == []
    game = load_game(mini.path).game
    assert game.scenario_index["free"].free_units() == ["r1", "r3"]
    assert [p.unit_id for p in game.scenario_index["free"].setup] == ["b1", "b2", "b3", "b4"]  # not r1, r3
    assert game.scenario_index["placed"].free_units() == []


# -- how changes resolve ----------------------------------------------------------------

def test_changes_remove_add_and_move_units(mini):
    mini.write("scenarios/delta.yaml", 'extends: opening\nchanges:\n  remove: [b2]\n  add:\n'
                                      '    - {unit: b2, turn: 3, entry: west}\n  move:\n    - {unit: b4, turn: 2}\n'
                                      '    - {unit: r1, hex: "0504", steps: 1}\n    - {unit: r2, box: dead}\n')
    assert issues(mini) == []
    delta = load_game(mini.path).game.scenario_index["delta"]
    assert [(p.unit_id, p.hex_id, p.box, p.steps) for p in delta.setup] == [
        ("b1", "0101", None, None), ("b3", "0201", None, None), ("r3", "0504", None, None),
        ("r1", "0504", None, 1), ("r2", None, "dead", None)]
    assert [(r.unit_id, r.turn, r.entry) for r in delta.reinforcements] == [("b2", 3, "west"), ("b4", 2, "")]


def test_a_scenario_with_its_own_setup_drops_the_setup_changes_above_it_but_keeps_group_changes(mini):
    _free(mini).write("scenarios/variant.yaml", "extends: free\nchanges:\n  remove: [b2]\n  move:\n"
                                               "    - {unit: b3, deploy: reds}\n")
    mini.write("scenarios/mine.yaml", 'extends: variant\nsetup_from_codes: false\nsetup:\n'
                                     '  - {unit: b2, hex: "0101"}\n')
    game = load_game(mini.path).game
    variant, mine = game.scenario_index["variant"], game.scenario_index["mine"]
    assert [p.unit_id for p in variant.setup] == ["b1", "b4"] and variant.free_units() == ["r1", "r3", "b3"]
    assert [p.unit_id for p in mine.setup] == ["b2"] and mine.free_units() == ["r1", "r3", "b3"]


def test_settings_are_inherited_key_by_key(mini):
    mini.append("game.yaml", "scenario_rules:\n  - {id: fog, name: Fog of war}\n  - {id: mud, name: Mud, default: on}\n"
                             'parameters:\n  - {id: bonus, name: Bonus, default: "0"}')
    mini.write("scenarios/a.yaml", 'extends: opening\nrules: {fog: on, mud: off}\nparameters: {bonus: "2"}\n')
    mini.write("scenarios/b.yaml", "extends: a\nrules: {fog: off}\n")
    game = load_game(mini.path).game
    b = game.scenario_index["b"]
    assert {s.key: s.value for s in b.rules} == {"fog": "off", "mud": "off"}
    assert {s.key: s.value for s in b.parameters} == {"bonus": "2"}


def test_schlieffen_east_is_free_setup_changed_by_rule_17():
    game = load_game(DATA / "when-eagles-fight").game
    free, sev = game.scenario_index["free-setup"], game.scenario_index["schlieffen-east"]
    german = {g.group_id: set(g.unit_ids) for g in sev.deployment.groups}["german"]
    before = {g.group_id: set(g.unit_ids) for g in free.deployment.groups}["german"]
    added = {"de-g", "de-2", "de-10", "de-11", "de-13", "de-gr", "de-3r-corps", "de-4r", "de-10r",
             "de-1cav-corps", "de-ha1", "de-ha2"}  # WEF 17: the 12 reinforcements ...
    added |= {u.unit_id for u in game.units if u.code == "SEV"}  # ... and the 17 SEV counters
    assert len(added) == 12 + 17
    assert german == (before - {"de-1cav", "de-8cav", "de-3r"}) | added
    assert {r.unit_id for r in sev.reinforcements} == {"ru-g", "ru-1s", "ru-2s"}
    assert {s.key: s.value for s in sev.rules}["oberost-every-turn"] == "on"
    plan19 = game.scenario_index["plan-19"]
    forts = {p.unit_id for p in plan19.setup if p.unit_id.startswith("ru-fort")}
    assert forts == {"ru-fort-warsaw", "ru-fort-riga", "ru-fort-kronstadt", "ru-fort-odessa"}  # WEF 16


def test_a_moved_unit_keeps_its_steps_army_and_states_unless_the_move_gives_them(mini):
    mini.write("scenarios/base.yaml", 'start_turn: 1\nend_turn: 4\nsetup:\n'
                                     '  - {unit: r1, hex: "0505", steps: 1, army: "2", state: [disorganised]}\n'
                                     '  - {unit: r3, hex: "0504", steps: 2}\n'
                                     'reinforcements:\n  - {unit: b1, turn: 2, entry: "0101", steps: 1}\n')
    mini.append("game.yaml", "unit_states:\n  - {id: disorganised, name: Disorganised}")
    mini.write("scenarios/moved.yaml", 'extends: base\nchanges:\n  move:\n    - {unit: r1, hex: "0504"}\n'
                                      '    - {unit: r3, hex: "0505", steps: 4}\n    - {unit: b1, turn: 3}\n')
    moved = load_game(mini.path).game.scenario_index["moved"]
    assert [(p.unit_id, p.hex_id, p.steps, p.army, p.state) for p in moved.setup] == [
        ("r1", "0504", 1, "2", ("disorganised",)), ("r3", "0505", 4, None, ())]
    assert [(r.unit_id, r.turn, r.steps) for r in moved.reinforcements] == [("b1", 3, 1)]
