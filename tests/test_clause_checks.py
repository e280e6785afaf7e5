"""The checks of what a scenario's victory conditions, special rules, withdrawals, record
tracks and turn-track changes name: one invalid fixture per check, each with the exact
message the author reads."""

from __future__ import annotations

import pytest

from checks import assert_exact, issues

TRACK = "turn_track:\n  tracks:\n    - {id: vp, name: Victory points, first: -5, last: 10, markers: [turn]}\n"


def _victory(text: str):
    def edit(g):
        g.replace("scenarios/opening.yaml", "victory: Hold Blueton at the end of turn 4.\n", text)
        g.replace("game.yaml", "turn_track:\n", TRACK)
    return edit


def test_structured_clauses_are_clean(mini):
    _victory("victory:\n  - {kind: threshold, side: blue, track: vp, value: 10, text: Ten VP win.}\n"
             "  - {kind: sudden_death, side: red, hexes: ['0303'], text: Taking it wins.}\n"
             "withdrawals:\n  - {turn: 3, returns: 4, side: blue, units: [b1], text: One leaves.}\n"
             "  - {card: storm, side: blue, units: [b2], text: The storm takes one away.}\n"
             "arrivals:\n  - {card: rally, after: 1, side: blue, units: [b3], text: They rally a turn later.}\n"
             "  - {card: depot, deck: supply, units: [b4], text: With the depot.}\n"
             "  - {track: vp, value: 5, side: red, units: [r3], text: Red sends more at 5 VP.}\n"
             "  - {markers: [control-red], units: [r2], text: With the first control marker.}\n")(mini)
    assert issues(mini) == []


CASES = [
    pytest.param(_victory("victory:\n  - {kind: sudden_death, side: purple, text: x}\n"), "scenario.clause-side",
                 "mini/scenarios/opening.yaml:11:26: error: scenario.clause-side: victory condition 1: unknown side "
                 "'purple' (known: blue, red)", id="side"),
    pytest.param(_victory("victory:\n  - {kind: sudden_death, hexes: ['0909'], text: x}\n"), "scenario.clause-place",
                 "mini/scenarios/opening.yaml:11:34: error: scenario.clause-place: victory condition 1: hex '0909' is "
                 "off map 'main' (hexes run from 0101 to 0605)", id="hex-off-map"),
    pytest.param(_victory("victory:\n  - {kind: points, boxes: [nowhere], text: x}\n"), "scenario.clause-place",
                 "mini/scenarios/opening.yaml:11:28: error: scenario.clause-place: victory condition 1: unknown box "
                 "'nowhere' (known: dead)", id="box"),
    pytest.param(_victory("withdrawals:\n  - {turn: 2, units: [b9], text: x}\n"), "scenario.clause-piece",
                 "mini/scenarios/opening.yaml:11:23: error: scenario.clause-piece: withdrawal 1: unknown unit 'b9' "
                 "(known: b1, b2, b3, b4, r1, r2, r3)", id="unit"),
    pytest.param(_victory("victory:\n  - {markers: [vp-blue], text: x}\n"), "scenario.clause-piece",
                 "mini/scenarios/opening.yaml:11:16: error: scenario.clause-piece: victory condition 1: unknown marker "
                 "'vp-blue' (known: control-red, turn)", id="marker"),
    pytest.param(_victory("victory:\n  - {kind: threshold, track: points, value: 3, text: x}\n"),
                 "scenario.clause-track",
                 "mini/scenarios/opening.yaml:11:23: error: scenario.clause-track: victory condition 1: unknown track "
                 "'points' (known: vp)", id="unknown-track"),
    pytest.param(_victory("victory:\n  - {kind: threshold, track: vp, value: 11, text: x}\n"), "scenario.clause-track",
                 "mini/scenarios/opening.yaml:11:34: error: scenario.clause-track: victory condition 1: value 11 is not "
                 "a space of track 'vp' (-5 to 10)", id="value-off-track"),
    pytest.param(_victory("victory:\n  - {kind: points, value: 2, text: x}\n"), "scenario.clause-track",
                 "mini/scenarios/opening.yaml:11:20: error: scenario.clause-track: victory condition 1: 'value' 2 "
                 "needs the 'track' it is a space of", id="value-without-track"),
    pytest.param(_victory("victory:\n  - {kind: threshold, track: vp, text: x}\n"), "scenario.clause-track",
                 "mini/scenarios/opening.yaml:11:5: error: scenario.clause-track: victory condition 1: a threshold needs "
                 "the 'value' to reach on track 'vp'", id="threshold-without-value"),
    pytest.param(_victory("victory:\n  - {kind: check, turns: '2,6', text: x}\n"), "scenario.clause-turns",
                 "mini/scenarios/opening.yaml:11:19: warning: scenario.clause-turns: victory condition 1 of scenario "
                 "'opening' names turn 6, but the scenario plays turns 1-4 (give the scenario its own list if it "
                 "inherits this one)", id="turns-outside"),
    pytest.param(_victory("withdrawals:\n  - {turn: 2, returns: 7, text: x}\n"), "scenario.clause-turns",
                 "mini/scenarios/opening.yaml:11:15: warning: scenario.clause-turns: withdrawal 1 of scenario 'opening' "
                 "names turn 7, but the scenario plays turns 1-4 (give the scenario its own list if it inherits this "
                 "one)", id="withdrawal-returns"),
    pytest.param(_victory("withdrawals:\n  - {turn: 7, text: x}\n"), "withdrawal.turn-range",
                 "mini/scenarios/opening.yaml:11:5: error: withdrawal.turn-range: a withdrawal on turn 7 is outside "
                 "scenario 'opening' (turns 1-4)", id="withdrawal-turn"),
    pytest.param(_victory("victory:\n  - {kind: check, turns: 'every', text: x}\n"), "scenario.clause-turns",
                 "mini/scenarios/opening.yaml:11:19: error: scenario.clause-turns: victory condition 1: turn window "
                 "'every': expected 'all', '5-24', 'not 1' or '2,6,11', found 'every'", id="turns-malformed"),
    pytest.param(_victory("turns:\n  - {turn: 9, notes: [late]}\n"), "scenario.turn-changes",
                 "mini/scenarios/opening.yaml:11:5: error: scenario.turn-changes: scenario 'opening' changes turn 9 of "
                 "the track, but plays turns 1-4", id="turn-change-outside"),
    pytest.param(lambda g: g.replace("game.yaml", "turn_track:\n", TRACK.replace("[turn]", "[vp-marker]")),
                 "ref.unknown-marker",
                 "mini/game.yaml:75:69: error: ref.unknown-marker: unknown marker 'vp-marker' (known: control-red, turn)",
                 id="track-marker"),
    pytest.param(lambda g: g.replace("game.yaml", "{turn: 2, label: Summer}",
                                     "{turn: 2, label: Summer, notes: [{text: x, rule: no-such-rule}]}"),
                 "ref.unknown-scenario-rule",
                 "mini/game.yaml:76:50: error: ref.unknown-scenario-rule: unknown scenario rule 'no-such-rule' (the game "
                 "declares none)",
                 id="turn-note-rule"),
    pytest.param(_victory("arrivals:\n  - {card: rallye, units: [b1], text: x}\n"), "scenario.clause-trigger",
                 "mini/scenarios/opening.yaml:11:6: error: scenario.clause-trigger: conditional arrival 1: unknown card "
                 "'rallye'; did you mean 'rally'? (known: ambush, depot, empty, rally, storm)", id="card"),
    pytest.param(_victory("arrivals:\n  - {card: rally, deck: supply, units: [b1], text: x}\n"),
                 "scenario.clause-trigger",
                 "mini/scenarios/opening.yaml:11:6: error: scenario.clause-trigger: conditional arrival 1 (deck "
                 "'supply'): unknown card 'rally' (known: depot, empty)", id="card-of-deck"),
    pytest.param(_victory("arrivals:\n  - {table: crt, event: G, units: [b1], text: x}\n"), "scenario.clause-trigger",
                 "mini/scenarios/opening.yaml:11:18: error: scenario.clause-trigger: conditional arrival 1: table 'crt' "
                 "has no entry 'G' (it lists no entries)", id="table-event"),
    pytest.param(_victory("withdrawals:\n  - {event: G, units: [b1], text: x}\n"), "scenario.clause-trigger",
                 "mini/scenarios/opening.yaml:11:6: error: scenario.clause-trigger: withdrawal 1: give both the "
                 "'table' and the 'event' (an entry of it) that sets it off", id="event-without-table"),
    pytest.param(_victory("arrivals:\n  - {track: vp, units: [b1], text: x}\n"), "scenario.clause-track",
                 "mini/scenarios/opening.yaml:11:5: error: scenario.clause-track: conditional arrival 1: a threshold "
                 "needs the 'value' to reach on track 'vp'", id="arrival-track-without-value"),
    pytest.param(_victory("arrivals:\n  - {units: [b1], text: x}\n"), "scenario.schema",
                 "mini/scenarios/opening.yaml:11:5: error: scenario.schema: arrivals[0]: a conditional "
                 "arrival needs what sets it off: 'card', 'table' and 'event', 'markers' or 'track' and 'value'",
                 id="arrival-without-trigger"),
    pytest.param(_victory("withdrawals:\n  - {units: [b1], text: x}\n"), "scenario.schema",
                 "mini/scenarios/opening.yaml:11:5: error: scenario.schema: withdrawals[0]: a withdrawal "
                 "needs the 'turn' it happens on, or what sets it off ('card', 'table' and 'event', 'markers' or "
                 "'track' and 'value')", id="withdrawal-without-turn"),
    pytest.param(lambda g: g.replace("scenarios/opening.yaml", "  - Blue moves first.\n",
                                     "  - {text: Blue moves first., restrictions: [blue-stays-home]}\n"),
                 "scenario.clause-restriction",
                 "mini/scenarios/opening.yaml:9:46: error: scenario.clause-restriction: special rule 1 of scenario "
                 "'opening': unknown restriction 'blue-stays-home' (the game declares none)",
                 id="special-rule-restriction"),
    pytest.param(lambda g: g.replace("scenarios/opening.yaml", "first_side: blue\n", "first_side: blue\nstart_phase: blue-fly\n"),
                 "track.phase",
                 "mini/scenarios/opening.yaml:1: error: track.phase: scenario 'opening': start_phase 'blue-fly', which is "
                 "no phase or step of the sequence of play (ids: events, blue-turn, blue-move, blue-combat)",
                 id="start-phase-not-in-sequence"),
    pytest.param(lambda g: g.replace("scenarios/opening.yaml", "victory: Hold", "victory:\n  - {kind: won, text: x}\n#"),
                 "scenario.schema",
                 "mini/scenarios/opening.yaml:11:6: error: scenario.schema: victory[0].kind: Input should be "
                 "'sudden_death', 'threshold', 'check', 'points', 'end' or 'other', found 'won'", id="unknown-kind"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_clause_gives_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)


def test_a_scenario_may_open_and_close_on_steps_of_the_sequence_of_play(mini):
    # no turn-track phases: start_phase and end_phase name a phase or a step of the sequence of play
    mini.replace("scenarios/opening.yaml", "first_side: blue\n", "first_side: blue\nstart_phase: blue-move\nend_phase: events\n")
    assert issues(mini, "track.phase") == []
