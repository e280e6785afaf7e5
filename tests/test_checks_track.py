"""The turn track's checks, one broken fixture each, with the exact message a designer reads:
turns out of order (track.turns), phase windows that are not windows or name turns off the
track (sop.turn-window), a phase of an unknown side, and scenario phases the track does not
declare (track.phase)."""

from __future__ import annotations

import pytest

from checks import assert_exact

CASES = [
    pytest.param(
        lambda g: g.replace("game.yaml", "    - {turn: 3, label: Autumn", "    - {turn: 2, label: Autumn"),
        "track.turns",
        "mini/game.yaml:77:8: error: track.turns: turn 2 follows turn 2; turns must be unique and ascending",
        id="turn-repeated",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    - {turn: 4, label: Winter}", "    - {turn: 0, label: Winter}"),
        "track.turns",
        "mini/game.yaml:78:8: error: track.turns: turn 0 follows turn 3; turns must be unique and ascending",
        id="turn-going-back",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", 'turns: "2-4"', 'turns: "from two"'),
        "sop.turn-window",
        "mini/game.yaml:101:5: error: sop.turn-window: phase 'events': turn window 'from two': expected 'all', "
        "'5-24', 'not 1' or '2,6,11', found 'from two'",
        id="window-not-a-window",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", 'turns: "not 1"', 'turns: "not 7"'),
        "sop.turn-window",
        "mini/game.yaml:107:41: error: sop.turn-window: phase 'blue-combat': turn window 'not 7' names turn 7, "
        "outside the track (1-4)",
        id="window-of-a-step-off-the-track",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "{measure: steps, max: 6, name: at most 6 steps}",
                            '{measure: steps, max: 6, name: at most 6 steps, turns: "5-6"}'),
        "sop.turn-window",
        "mini/game.yaml:51:55: error: sop.turn-window: stacking limit: turn window '5-6' names turn 5, outside the "
        "track (1-4)",
        id="stacking-limit-window-off-the-track",
    ),
    pytest.param(
        lambda g: g.replace("game.yaml", "    side: blue\n    steps:", "    side: green\n    steps:"),
        "ref.unknown-side",
        "mini/game.yaml:104:5: error: ref.unknown-side: phase 'blue-turn' names unknown side 'green'",
        id="phase-of-an-unknown-side",
    ),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "start_turn: 1\n", "start_turn: 1\nstart_phase: night\n"),
        "track.phase",
        "mini/scenarios/opening.yaml:1: error: track.phase: scenario 'opening': start_phase 'night', which is no "
        "phase or step of the sequence of play (ids: events, blue-turn, blue-move, blue-combat)",
        id="scenario-phase-without-phases",
    ),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_a_broken_track_gives_the_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)
