"""Tiling plans: sheet count, orientation, overlap, names and neighbours."""

from __future__ import annotations

import pytest

from generator.layout.tiling import MARGIN_MM, column_letters, paper_plans, plan_tiles

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def test_a_55_by_85_cm_map_on_a4_takes_ten_landscape_sheets():
    plan = plan_tiles((550, 850), A4, 10)
    # margins 7 mm (15 at the foot). Landscape: window 283 × 188 mm, step 273 × 178: 2 columns
    # (2 × 273 + 10 = 556 ≥ 550) and 5 rows (900 ≥ 850) = 10; portrait: window 196 × 275,
    # step 186 × 265: 3 columns (568) and 4 rows (1070) = 12.
    assert (plan.landscape, plan.columns, plan.rows, plan.count) == (True, 2, 5, 10)
    assert plan.window_mm == (283.0, 188.0)
    assert plan.step_mm == (273.0, 178.0)


def test_orientation_with_fewest_sheets_wins():
    assert plan_tiles((556, 900), A4, 10).landscape  # 2 × 5 landscape sheets beat 3 × 4 portrait ones
    assert not plan_tiles((556, 900), A4, 10).mixed  # rows of both orientations would take 10 too: one kind wins


def test_rows_of_both_orientations_where_they_take_fewer_sheets():
    """850 × 550 mm: portrait 5 × 3 = 15 sheets (275 + 2 × 265 mm tall), landscape 4 × 4 = 16;
    a row of 5 portrait sheets over two rows of 4 landscape ones covers it with 13 (275 + 2 ×
    178 = 631 mm ≥ 550; 196 + 4 × 186 = 940 and 283 + 3 × 273 = 1102 mm ≥ 850)."""
    wide = plan_tiles((850, 550), A4, 10)
    assert (wide.mixed, wide.row_landscape, wide.row_columns, wide.count) == (True, (False, True, True), (5, 4, 4), 13)
    assert wide.sheet_of(0) == (210, 297) and wide.sheet_of(1) == wide.sheet_of(2) == (297, 210)
    assert wide.window_of(0) == (196.0, 275.0) and wide.window_of(2) == (283.0, 188.0)
    tiles = {t.name: t for t in wide.tiles()}
    assert list(tiles) == ["A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"]
    # each row is centred on the drawing and the rows overlap 10 mm: row 2 starts 265 mm under row 1
    assert tiles["A2"].y_mm - tiles["A1"].y_mm == pytest.approx(265.0)
    assert tiles["A3"].y_mm - tiles["A2"].y_mm == pytest.approx(178.0)
    assert tiles["A1"].x_mm == pytest.approx(-45.0) and tiles["A2"].x_mm == pytest.approx(-126.0)
    # a landscape sheet names the portrait sheets above it it shares more than 25 mm of edge with
    assert wide.neighbours(tiles["B2"]) == [("on the left", "A2"), ("on the right", "C2"), ("above", "B1"),
                                           ("above", "C1"), ("below", "B3")]
    assert ("below", "B2") in wide.neighbours(tiles["C1"]) and ("below", "C2") in wide.neighbours(tiles["C1"])


def test_registration_crosses_of_rows_of_both_orientations_coincide():
    """A sheet's crosses in the strip it shares with a sheet above or below lie at the same
    drawing points as that sheet's: a quarter and three quarters along the edge they share."""
    from generator.layout.primitives import Circle
    from generator.layout.tile_pages import _overlap_marks

    plan = plan_tiles((850, 550), A4, 10)
    tiles = {t.name: t for t in plan.tiles()}

    def crosses(tile, below: bool):
        left, top, right, bottom = plan.window_box_of(tile.row)
        edge = bottom - 5.0 if below else top + 5.0
        return sorted(round(c.cx_mm - left + tile.x_mm, 3) for c in _overlap_marks(plan, tile)
                      if isinstance(c, Circle) and abs(c.cy_mm - edge) < 1e-6 and c.style.stroke == "#000000")

    upper, lower = crosses(tiles["C1"], below=True), crosses(tiles["B2"], below=False)
    shared = [x for x in upper if x in lower]
    assert len(shared) == 2 and len(lower) == 4  # B2's two crosses under C1, two under B1


def test_letter_paper_plans_on_letter_sheets():
    plan = plan_tiles((550, 850), LETTER, 10)
    assert plan.sheet_mm in (LETTER, LETTER[::-1])
    assert plan.count == plan.columns * plan.rows >= 12


def test_a_drawing_that_fits_is_one_sheet():
    plan = plan_tiles((190, 269), A4, 10)
    assert plan.count == 1
    assert plan.neighbours(plan.tiles()[0]) == []


def test_tiles_cover_the_drawing_with_the_overlap_between_neighbours():
    plan = plan_tiles((560, 800), A4, 10)  # portrait 3 × 3 (568 ≥ 560, 805 ≥ 800); landscape 3 × 5
    tiles = {t.name: t for t in plan.tiles()}
    assert list(tiles)[:4] == ["A1", "B1", "C1", "A2"]
    a1, b1, a2 = tiles["A1"], tiles["B1"], tiles["A2"]
    assert a1.x_mm + plan.window_mm[0] - b1.x_mm == pytest.approx(10)  # shared strip
    assert a1.y_mm + plan.window_mm[1] - a2.y_mm == pytest.approx(10)
    last = tiles["C3"]
    assert a1.x_mm <= 0 and a1.y_mm <= 0
    assert last.x_mm + plan.window_mm[0] >= 560 and last.y_mm + plan.window_mm[1] >= 800
    # the spare room (8 × 5 mm) is split evenly around the drawing
    assert (a1.x_mm, a1.y_mm) == pytest.approx((-4.0, -2.5))
    assert -a1.x_mm == pytest.approx(last.x_mm + plan.window_mm[0] - 560)


def test_neighbours_are_named_with_their_side():
    plan = plan_tiles((560, 800), A4, 10)
    b2 = next(t for t in plan.tiles() if t.name == "B2")
    assert plan.neighbours(b2) == [("on the left", "A2"), ("on the right", "C2"), ("above", "B1"), ("below", "B3")]
    a1 = plan.tiles()[0]
    assert plan.neighbours(a1) == [("on the right", "B1"), ("below", "A2")]


def test_column_letters_go_on_past_z():
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_an_overlap_too_large_for_the_paper_is_refused():
    with pytest.raises(ValueError, match="overlap"):
        plan_tiles((1000, 1000), A4, 100)


# -- content: tiles that would print nothing are left out -----------------------------------

def test_a_tile_holding_only_margin_is_left_out_and_shown_as_a_gap():
    """An L-shaped map: a 560 × 530 mm body and under it a 180 × 270 mm panel on the left.
    Portrait 3 × 3 (568 × 805 mm with the overlaps): origin (-4, -2.5); row 3's windows start
    at y 527.5 + 10 (their own part); B3's own part starts at x 178 + 10 = 188 > 180: it holds
    only margin, like C3; A3 holds the panel."""
    content = [(0.0, 0.0, 560.0, 530.0), (0.0, 530.0, 180.0, 800.0)]
    plan = plan_tiles((560, 800), A4, 10, content)
    assert (plan.landscape, plan.columns, plan.rows) == (False, 3, 3)
    assert plan.count == 7
    assert [tile.name for tile in plan.tiles()] == ["A1", "B1", "C1", "A2", "B2", "C2", "A3"]
    assert [plan.printed(c, 2) for c in range(3)] == [True, False, False]
    assert len(plan.grid()) == 9
    a3 = next(t for t in plan.tiles() if t.name == "A3")
    assert plan.neighbours(a3) == [("above", "A2")]  # B3 is not printed: not named as a neighbour


def test_content_only_in_the_strip_a_neighbour_prints_leaves_the_tile_out():
    """A 372 × 265 mm drawing on two portrait columns (step 186): column B's window starts
    at x 186 but its first 10 mm are A's too. Content reaching x 190 lies in that strip:
    A prints it, B is left out; reaching x 200, B is needed."""
    assert plan_tiles((372, 265), A4, 10, [(0.0, 0.0, 190.0, 265.0)]).count == 1
    assert plan_tiles((372, 265), A4, 10, [(0.0, 0.0, 200.0, 265.0)]).count == 2


def test_the_grid_is_laid_over_the_content_not_the_page():
    """A 600 × 300 mm page whose content is a 180 × 260 mm box in its middle: one sheet."""
    plan = plan_tiles((600, 300), A4, 10, [(210.0, 20.0, 390.0, 280.0)])
    assert plan.count == 1
    tile = plan.tiles()[0]
    assert tile.x_mm <= 210 and tile.x_mm + plan.window_mm[0] >= 390


def test_the_planner_reports_the_sheets_on_every_paper():
    """A 560 × 800 mm map: A4 portrait 3 × 3 = 9; Letter (215.9 × 279.4: window 201.9 ×
    257.4, step 191.9 × 247.4) 3 × 4 = 12 portrait or landscape (265.4 × 185.9 → step 255.4
    × 175.9) 3 × 5 = 15: 12; A3 (window 283 × 398, step 273 × 388) 3 × 3 = 9 portrait,
    landscape (406 × 275 → 396 × 265) 2 × 3 = 6; Tabloid (265.4 × 416.8 → 255.4 × 406.8)
    3 × 2 = 6 portrait, landscape (417.8 × 257.4 → 407.8 × 247.4) 2 × 4 = 8."""
    plans = paper_plans((560, 800), 10)
    assert {name: plan.count for name, plan in plans.items()} == {"A4": 9, "Letter": 12, "A3": 6, "Tabloid": 6}
    assert (plans["A3"].landscape, plans["Tabloid"].landscape) == (True, False)
