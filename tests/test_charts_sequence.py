"""Sequence of play: windows in words, one tick box per phase and step, numbering, sides."""

from __future__ import annotations

import pytest

from charts_game import context_for, texts_in
from generator.components.sequence_of_play import number_label, sequence_blocks, side_colours
from generator.components.turn_windows import window_in_words
from generator.layout.frame import point_in_box


@pytest.mark.parametrize("window, words", [
    (None, ""), ("all", ""), ("5-24", "turns 5–24 only"), ("not 1", "not turn 1"), ("7", "turn 7 only"),
    ("2,6,11,15,20,24", "turns 2, 6, 11, 15, 20 and 24 only"), ("10-30, not 12", "turns 10–30 only, not turn 12"),
    ("not 1-3", "not turns 1–3"), ("2,4", "turns 2 and 4 only"), ("bogus", "bogus"),
])
def test_turn_windows_in_words(window, words):
    assert window_in_words(None, window) == words


def test_one_tick_box_per_phase_and_step_with_number_name_side_and_window(mini):
    context = context_for(mini.path)
    blocks = sequence_blocks(context, context.game.spec.sequence_of_play, 190.0)
    lines = {}
    for block in blocks:
        (phase,) = [n.split(":")[1] for n in block.anchors if n.startswith("phase:")]
        tick = block.anchors[f"tick:{phase}"]
        assert tick[2] - tick[0] >= 3.0 and tick[3] - tick[1] >= 3.0
        box = block.anchors[f"phase:{phase}"]
        lines[phase] = [t.text for t, x, y in texts_in(block.items) if point_in_box(box, x, y)]
    assert list(lines) == ["events", "blue-turn", "blue-move", "blue-combat"]
    assert lines["events"] == ["1.", "Events phase", "turns 2–4 only"]
    assert lines["blue-turn"] == ["2.", "Blue player turn", "Blue"]
    assert lines["blue-move"] == ["A.", "Movement"]
    assert lines["blue-combat"] == ["B.", "Combat", "not turn 1"]
    # Steps are indented under their phase.
    assert blocks[2].anchors["tick:blue-move"][0] > blocks[1].anchors["tick:blue-turn"][0]


def test_numbering_by_depth():
    assert [number_label(0, 0), number_label(1, 2), number_label(2, 0), number_label(3, 1)] == ["1.", "C.", "1.", "b."]


def test_side_colours_come_from_the_side_or_its_first_nationality(mini):
    context = context_for(mini.path)
    assert side_colours(context, "blue") == ("#9ec9e8", "#000000")
    assert side_colours(context, None) is None


def test_the_sequence_set_tighter_keeps_every_word_on_lower_lines():
    """The sequence set tighter (taken by kit.pdf only where it then shares a page): 0.25 mm
    over and under each line instead of 1 mm, 1 mm after a phase instead of 2, a step's notes
    running on under the turns column where it is free; the same words, the same type."""
    from test_charts_fit import _context

    context = _context("glorys-end", "en")
    phases = context.game.spec.sequence_of_play
    usual, snug = sequence_blocks(context, phases, 190.0), sequence_blocks(context, phases, 190.0, snug=True)
    words = lambda blocks: [(t.text, t.size_pt) for b in blocks for t, _, _ in texts_in(b.items)]  # noqa: E731
    assert "".join(w for w, _ in words(usual)).replace(" ", "") == "".join(w for w, _ in words(snug)).replace(" ", "")
    assert {s for _, s in words(usual)} == {s for _, s in words(snug)}
    entrenchment = [b for b in (usual, snug) for b in b if "phase:allied-entrench" in b.anchors]
    # a line of one 8.5 pt name: 1 + 4 tick-box rows + 1 mm, then 0.25 + 4 + 0.25
    assert [round(b.height_mm, 2) for b in entrenchment] == [6.0, 4.5]
    strategic = [next(b for b in blocks if "phase:allied-sm" in b.anchors) for blocks in (usual, snug)]
    notes = [[t for t, _, _ in texts_in(b.items) if t.size_pt == 6.5] for b in strategic]
    # its "not turn 1" and three lines of notes; under the turns column too, two
    assert (len(notes[0]), len(notes[1])) == (1 + 3, 1 + 2)
    assert sum(b.height_mm for b in snug) < sum(b.height_mm for b in usual) - 30


def test_two_player_turns_of_the_same_steps_go_side_by_side_numbered_on():
    """A sequence whose phases split into two columns at least a fifth shorter than one:
    the first phases down the left, the rest down the right, the numbers going on."""
    from test_charts_fit import _context
    from generator.components.sequence_of_play import sequence_in_columns
    from generator.layout.blocks import stacked

    context = _context("blitz-in-the-east", "en")  # the Axis player-turn, then the Soviet one, alike
    phases = context.game.spec.sequence_of_play
    one = stacked(sequence_blocks(context, phases, 230.0), 0.0)
    (two,) = sequence_in_columns(context, phases, 230.0, 6.0)
    assert two.height_mm < 0.8 * one.height_mm and two.width_mm == pytest.approx(230.0)
    axis, soviet = two.anchors["phase:axis-turn"], two.anchors["phase:soviet-turn"]
    assert axis[2] <= 115.0 and soviet[0] >= 118.0 and axis[1] == soviet[1] == 0.0  # tops aligned
    texts = [t.text for t, x, y in texts_in(two.items) if point_in_box(soviet, x, y)]
    assert texts[:2] == ["2.", "Soviet Player-Turn"]


def test_a_sequence_not_a_fifth_shorter_in_columns_stays_one_column(mini):
    from test_charts_fit import _context
    from generator.components.sequence_of_play import sequence_in_columns

    # GWNE in Spanish: a short strategic turn and a long operational turn, whose column alone
    # is more than four fifths of the one column
    context = _context("great-war-near-east", "es")
    phases = context.game.spec.sequence_of_play
    assert len(sequence_in_columns(context, phases, 237.5, 6.0)) == len(sequence_blocks(context, phases, 237.5)) > 2
    # one phase: nothing to share out
    mini_context = context_for(mini.path)
    one = mini_context.game.spec.sequence_of_play[1:]
    assert len(sequence_in_columns(mini_context, one, 190.0, 6.0)) == 3
