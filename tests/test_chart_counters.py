"""The charts draw the counter sheets' art: the hook holds the real art once the components
are imported, reinforcement chips show the unit's factors, and a unit below full strength
shows the face its step system names for that level (GE 2.11)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from charts_game import context_for, enrich, texts_in
from generator.components import counter_hook
from generator.components.counters.chart_art import face_name, marker_art, unit_art, unit_face
from generator.components.turn_track import selected_scenarios, turn_track_blocks
from generator.io.loader import load_game

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def glorys_end():
    loaded = load_game(ROOT / "data" / "glorys-end")
    assert loaded.game is not None
    return loaded.game


def test_the_charts_draw_the_counter_sheets_art_whichever_components_were_imported():
    assert counter_hook.counter_art("unit") is unit_art
    assert counter_hook.counter_art("marker") is marker_art
    # a build of the turn track alone never imports the counters component, and still draws
    # the real counters: the art is found when a chart first draws one
    code = ("import sys; from generator.components import counter_hook, turn_track; "
            "assert 'generator.components.counters.component' not in sys.modules; "
            "art = counter_hook.counter_art('unit'); print(art.__module__, art.__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.split() == ["generator.components.counters.chart_art", "unit_art"], done.stderr


def test_other_art_can_take_the_sheets_place_and_give_it_back():
    previous = counter_hook.use_counter_art(counter_hook.placeholder_unit, counter_hook.placeholder_marker)
    try:
        assert counter_hook.counter_art("unit") is counter_hook.placeholder_unit
    finally:
        counter_hook.use_counter_art(*previous)
    assert counter_hook.counter_art("unit") is unit_art


def test_reinforcement_chips_are_the_real_counters(mini):
    context = context_for(enrich(mini))
    blocks = turn_track_blocks(context, selected_scenarios(context)[0], 190.0)
    words = {t.text for block in blocks for t, _, _ in texts_in(block.items)}
    assert {"(1) 2-6", "6-6-4", "Cav"} <= words  # r2's and r3's factor lines, r2's designation (two lines)


@pytest.mark.parametrize("unit_id, steps, face, factors", [
    ("de-2", 4, "A.front", "6-7-4"), ("de-2", None, "A.front", "6-7-4"),
    ("de-2", 3, "A.back", "5-5-4"), ("de-2", 2, "B.front", "3-4-4"), ("de-2", 1, "B.back", "2-2-4"),
])
def test_the_face_follows_the_step_level(glorys_end, unit_id, steps, face, factors):
    unit = glorys_end.unit_index[unit_id]
    assert face_name(glorys_end, unit, steps) == face
    assert unit_face(glorys_end, unit, steps).factors == factors
    drawn = {t.text for t, _, _ in texts_in(counter_hook.unit_counter(glorys_end, unit, 0, 0, 15.0, None,
                                                                        steps).items)}
    assert factors in drawn


def test_the_lower_counter_of_a_two_counter_unit_carries_the_dot(glorys_end):
    unit = glorys_end.unit_index["de-2"]
    assert unit_face(glorys_end, unit, 2).dot and not unit_face(glorys_end, unit, 3).dot


def test_one_step_and_flip_units_choose_their_faces(mini):
    game = load_game(mini.path).game
    assert face_name(game, game.unit_index["b1"], 1) == "A.back"  # flip, 2 steps, reduced
    assert unit_face(game, game.unit_index["b1"], 1).factors == "3-4-4"
    assert face_name(game, game.unit_index["b2"], 1) == "A.front"  # single step
    assert face_name(game, game.unit_index["b3"], 1) == "A.front"  # reformed: the back is not a step
    assert face_name(game, game.unit_index["b4"], 1) == "A.front"  # no steps at all


def test_art_without_a_steps_argument_still_draws_full_strength_units(mini):
    from generator.layout.primitives import Text

    game = load_game(mini.path).game
    previous = counter_hook.use_counter_art(lambda game, unit, size, t: (Text(0, 0, unit.unit_id),))
    try:
        group = counter_hook.unit_counter(game, game.unit_index["r3"], 0, 0, 10.0, None, steps=4)
    finally:
        counter_hook.use_counter_art(*previous)
    assert [t.text for t, _, _ in texts_in(group.items)] == ["r3"]
