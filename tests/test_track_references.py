"""Record tracks, their markers and boxes, turn notes and scenario phases (`track.phases`,
`track.markers`, `track.record`): one broken fixture each, with the exact message a designer
reads, its file, line and column."""

from __future__ import annotations

import pytest

from checks import assert_exact

VP = "  tracks:\n    - {id: vp, name: Victory points, first: 0, last: 10, markers: [control-red]}\n"
TWO_SIDED = ("  tracks:\n    - {id: init, name: Initiative, first: 1, last: 6, sides: [blue, red], "
             "markers: [control-red]}\n")
PHASES = "  phases:\n    - {id: move, name: Movement}\n    - {id: fight, name: Combat}\n"


def track(text):
    return lambda g: g.replace("game.yaml", "turn_track:\n", "turn_track:\n" + text)


def with_track_and_marker(text, marker):
    return lambda g: (track(text)(g), g.append("scenarios/opening.yaml", "markers:\n  - " + marker))


CASES = [
    pytest.param(track(TWO_SIDED.replace("[blue, red]", "[blue, green]")), "ref.",
                 "mini/game.yaml:75:55: error: ref.unknown-side: unknown side 'green' (known: blue, red)",
                 id="track-of-an-unknown-side"),
    pytest.param(track(VP.replace("[control-red]", "[vp-red]")), "ref.",
                 "mini/game.yaml:75:68: error: ref.unknown-marker: unknown marker 'vp-red' (known: control-red, turn)",
                 id="track-marker-unknown"),
    pytest.param(track(VP.replace(", markers: [control-red]", "")), "track.record",
                 "mini/game.yaml:75:7: warning: track.record: record track 'vp' lists no 'markers': the counter sheets "
                 "print none to keep on it",
                 id="track-without-markers"),
    pytest.param(with_track_and_marker(VP, "{marker: control-red, track: vps, value: 3}"), "ref.",
                 "mini/scenarios/opening.yaml:12:5: error: ref.unknown-track: unknown track 'vps'; did you mean 'vp'? "
                 "(known: vp)",
                 id="scenario-marker-on-an-unknown-track"),
    pytest.param(with_track_and_marker(VP, "{marker: control-red, track: vp, value: 11}"), "track.markers",
                 "mini/scenarios/opening.yaml:12:5: error: track.markers: marker 'control-red' on track 'vp' at 11; "
                 "the track runs 0-10",
                 id="scenario-marker-off-the-track"),
    pytest.param(with_track_and_marker(TWO_SIDED, "{marker: control-red, track: init, value: 1}"), "track.markers",
                 "mini/scenarios/opening.yaml:12:5: error: track.markers: marker 'control-red' on two-sided track "
                 "'init' needs 'side': one of blue, red",
                 id="two-sided-track-without-a-side"),
    pytest.param(with_track_and_marker(VP, "{marker: turn, track: vp, value: 1}"), "track.markers",
                 "mini/scenarios/opening.yaml:12:5: warning: track.markers: marker 'turn' is not one of the markers "
                 "of track 'vp' (control-red)",
                 id="scenario-marker-not-of-the-track"),
    pytest.param(lambda g: g.replace("game.yaml", "      - {id: dead, name: Dead pile}",
                                     "      - {id: dead, name: Dead pile}\n"
                                     "      - {id: vp-box, name: VP, kind: track, track: vps}"),
                 "ref.",
                 "mini/game.yaml:73:45: error: ref.unknown-track: unknown track 'vps' (the game declares none)",
                 id="box-of-an-unknown-track"),
    pytest.param(lambda g: g.replace("game.yaml", "      - {id: dead, name: Dead pile}",
                                     "      - {id: dead, name: Dead pile, turns: \"1-2\"}"),
                 "track.record",
                 "mini/game.yaml:72:37: error: track.record: box 'dead': 'turns' is for a turn-track box (kind "
                 "track, without a record 'track')",
                 id="turns-on-a-box-that-is-no-turn-track"),
    pytest.param(lambda g: g.replace("game.yaml", "    - {turn: 1, label: Spring}",
                                     "    - {turn: 1, label: Spring, notes: [{text: Check, rule: nope}]}"),
                 "ref.",
                 "mini/game.yaml:75:54: error: ref.unknown-scenario-rule: unknown scenario rule 'nope' (the game "
                 "declares none)",
                 id="turn-note-of-an-unknown-rule"),
    pytest.param(lambda g: g.replace("game.yaml", "    - {turn: 1, label: Spring}",
                                     "    - {turn: 1, label: Spring, notes: [{text: Check, unless: nope}]}"),
                 "ref.",
                 "mini/game.yaml:75:54: error: ref.unknown-scenario-rule: unknown scenario rule 'nope' (the game "
                 "declares none)",
                 id="turn-note-unless-an-unknown-rule"),
    pytest.param(track("  annotation_rules: {Victory check: checks}\n"), "ref.",
                 "mini/game.yaml:74:22: error: ref.unknown-scenario-rule: unknown scenario rule 'checks' (the game "
                 "declares none)",
                 id="annotation-of-an-unknown-rule"),
    pytest.param(lambda g: (track(PHASES)(g), g.replace("scenarios/opening.yaml", "start_turn: 1\n",
                                                        "start_turn: 1\nstart_phase: night\n")),
                 "track.phase",
                 "mini/scenarios/opening.yaml:1: error: track.phase: scenario 'opening': start_phase phase 'night', "
                 "which the turn track does not declare (phases: fight, move)",
                 id="scenario-phase-the-track-does-not-declare"),
    pytest.param(lambda g: (track(PHASES)(g), g.replace("scenarios/opening.yaml", "start_turn: 1\n",
                                                        "start_turn: 1\nend_phase: blue-move\n")),
                 "track.phase",
                 "mini/scenarios/opening.yaml:1: error: track.phase: scenario 'opening': end_phase phase 'blue-move', "
                 "which the turn track does not declare (phases: fight, move)",
                 id="scenario-end-phase-of-the-sequence-when-the-track-has-phases"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_a_broken_record_track_or_phase_gives_the_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)
