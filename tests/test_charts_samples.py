"""The charts of the sample games: When Eagles Fight's CRT with rows 1-9 (7-9 only by
modified rolls) and its 24-turn annotated track; Glory's End's 30-turn dated track."""

from __future__ import annotations

from pathlib import Path

import pytest

from charts_game import context_for, texts_in
from generator.components.chart_document import chart_pages, content_frame
from generator.components.crt import crt_grid_block, odds_crts
from generator.components.dice import result_chances, rows_outside_die
from generator.components.turn_track import selected_scenarios, turn_track_blocks
from generator.layout.frame import point_in_box

DATA = Path(__file__).resolve().parent.parent / "data"


def _context(name):
    if not (DATA / name / "game.yaml").exists():
        pytest.skip(f"sample game {name} not in this checkout")
    return context_for(DATA / name)


def _boxes(blocks):
    return [n for b in blocks for n in b.anchors if n.startswith("turn:") and n.count(":") == 1]


def test_wef_crt_marks_rows_7_to_9_and_every_column_sums_to_one():
    context = _context("when-eagles-fight")
    crt = odds_crts(context.game)[0]
    assert rows_outside_die(crt.rows, crt.dice) == [False] * 6 + [True] * 3
    block = crt_grid_block(context, crt, content_frame(context).width_mm)
    texts = texts_in(block.items)
    box = block.anchors[f"result:{crt.rows.index('6')}:{crt.columns.index('3:1')}"]
    assert [t.text for t, x, y in texts if point_in_box(box, x, y)] == ["1/E"]  # WEF 13.20
    for drm in range(-2, 3):
        assert all(sum(column.values()) == 1 for column in result_chances(crt, drm))


def test_wef_track_has_24_boxes_with_victory_and_replacement_annotations():
    context = _context("when-eagles-fight")
    scenario = selected_scenarios(context)[0]
    blocks = turn_track_blocks(context, scenario, content_frame(context).width_mm)
    assert len(_boxes(blocks)) == 24
    words = {t.text for b in blocks for t, _, _ in texts_in(b.items)}
    assert {"Russ. Victory", "Rev", "Replacements", "G2/A2/R5"} <= words


def test_ge_track_has_a_dated_box_per_turn_of_each_scenario_on_the_papers_pages():
    context = _context("glorys-end")
    lengths = {"historical": 30, "free-setup": 30, "marne": 5, "short-campaign": 10}  # rules 3.1, 3.5, 16.2, 17
    for scenario in selected_scenarios(context):
        blocks = turn_track_blocks(context, scenario, content_frame(context).width_mm)
        assert len(_boxes(blocks)) == lengths[scenario.scenario_id]
        words = {t.text for b in blocks for t, _, _ in texts_in(b.items)}
        assert {"4-6 Sep", "16-18 Sep"} <= words or scenario.end_turn < 12  # GE 16.2: turns 8 and 12
        pages = chart_pages(context, "track", blocks)
        assert all((p.width_mm, p.height_mm) == context.options.paper_mm for p in pages)
