"""The turn track: one box per turn of the data, every box holds a counter, annotations and
notes are printed, reinforcements sit in their arrival box, long tracks wrap onto rows and
pages that stay on the paper."""

from __future__ import annotations

import pytest

from charts_game import context_for, enrich, texts_in
from generator.components.chart_document import chart_pages, content_frame
from generator.components.turn_track import (
    COUNTER_MARGIN_MM,
    build_turn_track,
    selected_scenarios,
    track_geometry,
    turn_track_blocks,
)
from generator.layout.blocks import paginate
from generator.layout.frame import box_contains, point_in_box


def _anchors(blocks):
    found = {}
    for block in blocks:
        for name, box in block.anchors.items():
            assert name not in found, name
            found[name] = (block, box)
    return found


def _turn_boxes(blocks):
    return {name for name in _anchors(blocks) if name.count(":") == 1 and name.startswith("turn:")}


@pytest.fixture
def rich(mini):
    return context_for(enrich(mini))


def test_one_box_per_turn_of_the_data(rich):
    scenario = selected_scenarios(rich)[0]
    blocks = turn_track_blocks(rich, scenario, 190.0)
    assert _turn_boxes(blocks) == {f"turn:{n}" for n in rich.game.turn_numbers}


@pytest.mark.parametrize("counter_mm", [12.7, 15.875, 19.05, 25.4])
def test_every_box_holds_a_counter_with_a_margin(mini, counter_mm):
    context = context_for(enrich(mini), counter_size_mm=counter_mm)
    blocks = turn_track_blocks(context, selected_scenarios(context)[0], 190.0)
    anchors = _anchors(blocks)
    for turn in context.game.turn_numbers:
        block, box = anchors[f"turn:{turn}"]
        space_block, space = anchors[f"turn:{turn}:space"]
        assert space_block is block and box_contains(box, space)
        assert space[2] - space[0] >= counter_mm + 2 * COUNTER_MARGIN_MM - 1e-9
        assert space[3] - space[1] >= counter_mm + 2 * COUNTER_MARGIN_MM - 1e-9


def test_box_prints_number_label_season_and_annotations(rich):
    blocks = turn_track_blocks(rich, None, 190.0)
    anchors = _anchors(blocks)
    block, box = anchors["turn:3"]
    inside = [t.text for t, x, y in texts_in(block.items) if point_in_box(box, x, y)]
    assert inside[:3] == ["3", "Autumn 1915", "autumn"]
    assert {"Victory check", "yes", "Rev", "7"} <= set(inside)
    block, box = anchors["turn:1"]
    inside = [t.text for t, x, y in texts_in(block.items) if point_in_box(box, x, y)]
    assert "spring · mud" in inside and "Replacements" in inside and "B1/R2" in inside


def test_notes_too_long_for_a_box_go_under_the_track(rich):
    blocks = turn_track_blocks(rich, None, 190.0)
    words = [t.text for block in blocks for t, _, _ in texts_in(block.items)]
    assert "Events begin" in words  # short: in turn 2's box
    assert "notes below" in words
    joined = " ".join(words)
    assert "Turn 1 (Spring 1915): Blue moves first" in joined
    assert "Victory is checked at the end of turn 3." not in joined  # the track's notes are the designer's


def test_reinforcements_and_markers_sit_in_their_arrival_box(rich):
    scenario = selected_scenarios(rich)[0]
    anchors = _anchors(turn_track_blocks(rich, scenario, 190.0))
    placed = {name.split(":")[1]: name for name in anchors if name.startswith(("chip:", "marker:"))}
    assert set(placed) == {"r2", "r3", "b3", "turn"}
    for unit, turn in (("r2", 2), ("r3", 2), ("b3", 3), ("turn", 2)):
        chip_block, chip = anchors[placed[unit]]
        box_block, box = anchors[f"turn:{turn}"]
        assert chip_block is box_block and box_contains(box, chip)


def test_reinforcement_chips_show_designation_and_nationality_colour(rich):
    from generator.components.counter_hook import placeholder_unit
    from generator.layout.primitives import Rect

    game = rich.game
    items = placeholder_unit(game, game.unit_index["r2"], 9.0)
    assert [t.text for t, _, _ in texts_in(items)] == ["XX", "1 Cav"]
    fills = [i.style.fill for i in items if isinstance(i, Rect) and i.style.fill]
    assert fills[:2] == ["#c8d8b0", "#b22222"]  # Redland background and band


def test_counter_art_hook_replaces_the_placeholder(rich):
    from generator.components import counter_hook
    from generator.layout.primitives import Text

    previous = counter_hook.use_counter_art(lambda game, unit, size, t: (Text(0, 0, f"ART {unit.unit_id} {size:g}"),))
    try:
        blocks = turn_track_blocks(rich, selected_scenarios(rich)[0], 190.0)
        words = [t.text for block in blocks for t, _, _ in texts_in(block.items)]
    finally:
        counter_hook.use_counter_art(*previous)
    assert {"ART r2 8.73125", "ART r3 8.73125", "ART b3 8.73125"} <= set(words)


def test_scenario_length_is_marked(rich):
    scenario = selected_scenarios(rich)[0]
    blocks = turn_track_blocks(rich, scenario, 190.0)
    anchors = _anchors(blocks)
    for turn, tag in ((2, "Start"), (3, "End")):
        block, box = anchors[f"turn:{turn}"]
        assert tag in [t.text for t, x, y in texts_in(block.items) if point_in_box(box, x, y)]


def test_long_track_wraps_into_balanced_rows_and_pages(mini):
    turns = "\n".join(f"    - {{turn: {n}, label: T{n}, notes: [Note {n}]}}" for n in range(1, 61))
    text = mini.read("game.yaml")
    start, end = text.index("turn_track:"), text.index("tables:")
    mini.write("game.yaml", text[:start] + "turn_track:\n  turns:\n" + turns + "\n" + text[end:])
    mini.write("scenarios/opening.yaml", mini.read("scenarios/opening.yaml"))
    context = context_for(mini.path, counter_size_mm=25.4)
    frame = content_frame(context)
    geo, per_row = track_geometry(context, frame.width_mm, 60)
    assert per_row * geo.width_mm <= frame.width_mm + 1e-9
    blocks = turn_track_blocks(context, None, frame.width_mm)
    assert len(_turn_boxes(blocks)) == 60
    rows = [b for b in blocks if any(n.startswith("turn:") for n in b.anchors)]
    sizes = [sum(1 for n in b.anchors if n.count(":") == 1) for b in rows]
    assert max(sizes) - min(sizes) <= 1  # balanced
    pages = paginate(blocks, frame, 4.0)
    assert len(pages) > 1
    for page in pages:
        for placed in page:
            assert placed.scale == 1.0
            assert placed.y_mm + placed.block.height_mm <= frame.bottom_mm + 1e-6


def test_turn_track_pdf_and_svg(mini):
    context = context_for(mini.path)
    files = {f.name: f for f in build_turn_track(context)}
    assert set(files) == {"turn-track.pdf", "turn-track.svg"}
    assert files["turn-track.pdf"].pages == 1
    pages = chart_pages(context, "x", turn_track_blocks(context, selected_scenarios(context)[0], 190.0))
    assert len(pages) == 1
