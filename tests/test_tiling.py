"""Tiling plans: sheet count, orientation, overlap, names and neighbours."""

from __future__ import annotations

import pytest

from generator.layout.tiling import MARGIN_MM, column_letters, plan_tiles

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def test_a_55_by_85_cm_map_on_a4_takes_twelve_portrait_sheets():
    plan = plan_tiles((550, 850), A4, 10)
    # window 190 × 269 mm, step 180 × 259: 3 columns (540 ≥ 540) and 4 rows (1036 ≥ 840)
    assert (plan.landscape, plan.columns, plan.rows, plan.count) == (False, 3, 4, 12)
    assert plan.window_mm == (210 - MARGIN_MM["left"] - MARGIN_MM["right"], 297 - MARGIN_MM["top"] - MARGIN_MM["bottom"])
    assert plan.step_mm == (plan.window_mm[0] - 10, plan.window_mm[1] - 10)


def test_orientation_with_fewest_sheets_wins():
    wide = plan_tiles((850, 550), A4, 10)
    assert (wide.landscape, wide.columns, wide.rows) == (False, 5, 3)  # 15 portrait beat 4 × 4 landscape
    assert plan_tiles((936, 672), A4, 10).landscape  # 16 landscape sheets beat 18 portrait ones


def test_letter_paper_plans_on_letter_sheets():
    plan = plan_tiles((550, 850), LETTER, 10)
    assert plan.sheet_mm in (LETTER, LETTER[::-1])
    assert plan.count == plan.columns * plan.rows >= 12


def test_a_drawing_that_fits_is_one_sheet():
    plan = plan_tiles((190, 269), A4, 10)
    assert plan.count == 1
    assert plan.neighbours(plan.tiles()[0]) == []


def test_tiles_cover_the_drawing_with_the_overlap_between_neighbours():
    plan = plan_tiles((550, 850), A4, 10)
    tiles = {t.name: t for t in plan.tiles()}
    assert list(tiles)[:4] == ["A1", "B1", "C1", "A2"]
    a1, b1, a2 = tiles["A1"], tiles["B1"], tiles["A2"]
    assert a1.x_mm + plan.window_mm[0] - b1.x_mm == pytest.approx(10)  # shared strip
    assert a1.y_mm + plan.window_mm[1] - a2.y_mm == pytest.approx(10)
    last = tiles["C4"]
    assert a1.x_mm <= 0 and a1.y_mm <= 0
    assert last.x_mm + plan.window_mm[0] >= 550 and last.y_mm + plan.window_mm[1] >= 850
    # the spare room is split evenly around the drawing
    assert -a1.x_mm == pytest.approx(last.x_mm + plan.window_mm[0] - 550)


def test_neighbours_are_named_with_their_side():
    plan = plan_tiles((550, 850), A4, 10)
    b2 = next(t for t in plan.tiles() if t.name == "B2")
    assert plan.neighbours(b2) == [("on the left", "A2"), ("on the right", "C2"), ("above", "B1"), ("below", "B3")]
    a1 = plan.tiles()[0]
    assert plan.neighbours(a1) == [("on the right", "B1"), ("below", "A2")]


def test_column_letters_go_on_past_z():
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_an_overlap_too_large_for_the_paper_is_refused():
    with pytest.raises(ValueError, match="overlap"):
        plan_tiles((1000, 1000), A4, 100)
