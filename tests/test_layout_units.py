"""Layout functions that whole builds reach, each tested on its own with figures worked out
by hand: frames, colour arithmetic, printer's marks, pictures in slots, fitting text, symbols
drawn inline and the pages of a tiled map."""

from __future__ import annotations

import pytest

from generator.layout.colours import away_from, contrast, luminance, mix, readable_on
from generator.layout.frame import Frame, box_contains, point_in_box
from generator.layout.inline import inline_uses
from generator.layout.pictures import dpi_at, picture_items, placed_box
from generator.layout.primitives import Circle, Group, Image, Line, Rect, Style, SymbolDef, Text, Use
from generator.layout.printmarks import crop_marks, registration_cross, scale_bar
from generator.layout.text_fit import balanced, cap_mm, join, splits, stacked, words
from generator.layout.tile_pages import (
    TiledDrawing,
    TileWords,
    assembly_host,
    assembly_page,
    free_room,
    tile_page,
    tiled_pages,
)
from generator.layout.tiling import TilePlan
from generator.model.pictures import Picture


# --- frames
def test_a_page_frame_and_what_is_left_below():
    page = Frame.page((210.0, 297.0), 10.0)
    assert page == Frame(10.0, 10.0, 190.0, 277.0)
    assert (page.right_mm, page.bottom_mm, page.box) == (200.0, 287.0, (10.0, 10.0, 200.0, 287.0))
    assert page.below(50.0) == Frame(10.0, 60.0, 190.0, 227.0)
    assert page.below(-5.0) == page  # nothing used
    assert page.below(300.0) == Frame(10.0, 287.0, 190.0, 0.0)  # never past the bottom


@pytest.mark.parametrize("args, inset", [
    ((5.0,), Frame(15.0, 15.0, 180.0, 267.0)),  # every side 5
    ((5.0, 2.0), Frame(15.0, 12.0, 180.0, 273.0)),  # left=right 5, top=bottom 2
    ((5.0, 2.0, 1.0), Frame(15.0, 12.0, 184.0, 273.0)),
    ((5.0, 2.0, 1.0, 0.0), Frame(15.0, 12.0, 184.0, 275.0)),
    ((0.0, None, None, 3.0), Frame(10.0, 10.0, 190.0, 274.0)),
])
def test_insets_in_css_order(args, inset):
    assert Frame(10.0, 10.0, 190.0, 277.0).inset(*args) == inset


@pytest.mark.parametrize("inner, inside", [
    ((0, 0, 10, 10), True), ((1, 1, 9, 9), True), ((-0.1, 0, 10, 10), False), ((0, -0.1, 10, 10), False),
    ((0, 0, 10.1, 10), False), ((0, 0, 10, 10.1), False), ((-0.0000005, 0, 10.0000005, 10), True),
])
def test_a_box_inside_another(inner, inside):
    assert box_contains((0, 0, 10, 10), inner) is inside


@pytest.mark.parametrize("x, y, inside", [
    (0, 0, True), (10, 10, True), (5, 5, True), (-0.01, 5, False), (5, -0.01, False), (10.01, 5, False),
    (5, 10.01, False), (10.0000005, 5, True),
])
def test_a_point_in_a_box(x, y, inside):
    assert point_in_box((0, 0, 10, 10), x, y) is inside


# --- colours
@pytest.mark.parametrize("colour, other, share, mixed", [
    ("#000000", "#ffffff", 0.5, "#808080"),  # 127.5 rounds to 128 (even): 0x80
    ("#000000", "#ffffff", 0.25, "#404040"),  # 63.75 rounds to 64
    ("#ff0000", "#0000ff", 0.5, "#800080"),
    ("#102030", "#102030", 0.7, "#102030"),
    ("#1a2b3c", "#ffffff", 0.0, "#1a2b3c"),
    ("#1a2b3c", "#ffffff", 1.0, "#ffffff"),
])
def test_mixing_colours(colour, other, share, mixed):
    assert mix(colour, other, share) == mixed


@pytest.mark.parametrize("colour, expected", [
    ("#000000", 0.0), ("#ffffff", 1.0), ("#ff0000", 0.2126), ("#00ff00", 0.7152), ("#0000ff", 0.0722),
    ("#808080", 0.21586), ("#0a0a0a", 0.0030353),  # 10/255 = 0.0392 <= 0.04045: the linear part, /12.92
])
def test_relative_luminance(colour, expected):
    assert luminance(colour) == pytest.approx(expected, abs=1e-5)


def test_contrast_and_the_readable_ink():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)
    # the greys either side of the crossing (luminance 0.17913, where both contrasts are 4.58):
    # #767676 (0.18116) gives 4.62 against black, 4.54 against white; #757575 (0.17789) 4.56 and 4.61
    assert readable_on("#777777") == "#000000"
    assert readable_on("#767676") == "#000000"
    assert readable_on("#757575") == "#ffffff"
    assert readable_on("#1f4e9c") == "#ffffff"
    assert readable_on("#ffe680") == "#000000"


def test_a_background_moves_away_from_its_text():
    assert away_from("#808080", "#000000", 0.5) == "#c0c0c0"  # dark text: towards white
    assert away_from("#808080", "#ffffff", 0.5) == "#404040"  # light text: towards black
    assert away_from("#808080", "#777777", 0.5) == "#c0c0c0"  # luminance 0.18 < 0.4 counts as dark


# --- printer's marks
def test_crop_marks_stand_outside_each_corner():
    marks = crop_marks((10.0, 20.0, 110.0, 220.0))
    ends = sorted((m.x1_mm, m.y1_mm, m.x2_mm, m.y2_mm) for m in marks)
    assert ends == sorted([
        (8.5, 20.0, 2.5, 20.0), (10.0, 18.5, 10.0, 12.5),  # top left: 1.5 mm gap, 6 mm long
        (8.5, 220.0, 2.5, 220.0), (10.0, 221.5, 10.0, 227.5),
        (111.5, 20.0, 117.5, 20.0), (110.0, 18.5, 110.0, 12.5),
        (111.5, 220.0, 117.5, 220.0), (110.0, 221.5, 110.0, 227.5),
    ])
    assert all(isinstance(m, Line) and m.style.stroke == "#000000" for m in marks)


def test_a_registration_cross_is_a_haloed_circle_and_cross():
    items = registration_cross(50.0, 60.0, radius_mm=2.0)
    circles = [(c.cx_mm, c.cy_mm, c.r_mm, c.style.stroke, c.style.stroke_width_mm) for c in items
               if isinstance(c, Circle)]
    assert circles == [(50.0, 60.0, 2.0, "#ffffff", 0.5), (50.0, 60.0, 2.0, "#000000", 0.15)]
    lines = [(ln.x1_mm, ln.y1_mm, ln.x2_mm, ln.y2_mm, ln.style.stroke) for ln in items if isinstance(ln, Line)]
    assert lines == [(47.0, 60.0, 53.0, 60.0, "#ffffff"), (50.0, 57.0, 50.0, 63.0, "#ffffff"),
                     (47.0, 60.0, 53.0, 60.0, "#000000"), (50.0, 57.0, 50.0, 63.0, "#000000")]
    assert items[0].style.stroke == "#ffffff" and items[3].style.stroke == "#000000"  # the halo under the pen


def test_a_scale_bar_is_exactly_its_length_in_ten_mm_steps():
    items = scale_bar(20.0, 100.0)
    rects = [(r.x_mm, r.y_mm, r.width_mm, r.height_mm, r.style.fill) for r in items if isinstance(r, Rect)]
    assert rects == [(20.0, 100.0, 50.0, 2.0, "#000000"),  # the black base
                     (30.0, 100.25, 10, 1.5, "#ffffff"), (50.0, 100.25, 10, 1.5, "#ffffff")]
    texts = [(round(t.x_mm, 6), round(t.y_mm, 6), t.text, t.anchor) for t in items if isinstance(t, Text)]
    assert texts[:6] == [(20.0, 104.4, "0", "middle"), (30.0, 104.4, "10", "middle"), (40.0, 104.4, "20", "middle"),
                         (50.0, 104.4, "30", "middle"), (60.0, 104.4, "40", "middle"), (70.0, 104.4, "50", "middle")]
    assert texts[6] == (72.0, 101.0, "mm", "start")
    assert texts[7] == (70.0, 98.8, "This bar must measure 50 mm: print at 100 % (actual size)", "end")
    assert [t.text for t in scale_bar(0, 0, 30.0, caption="Mide 30 mm") if isinstance(t, Text)][-1] == "Mide 30 mm"
    assert len([r for r in scale_bar(0, 0, 30.0) if isinstance(r, Rect)]) == 2  # base, one white step (10-20)


# --- pictures in slots
PHOTO = Picture("art/photo.png", "png", b"", 200.0, 100.0, "0" * 64)  # twice as wide as high


@pytest.mark.parametrize("fit, anchor, box", [
    ("fit", "center", (0.0, 15.0, 40.0, 35.0)),  # 40 x 20 in a 40 x 50 slot: centred vertically
    ("fit", "top", (0.0, 0.0, 40.0, 20.0)),
    ("fit", "bottom", (0.0, 30.0, 40.0, 50.0)),
    ("fit", "left", (0.0, 15.0, 40.0, 35.0)),
    ("fit", "bottom_right", (0.0, 30.0, 40.0, 50.0)),
    ("fit", "nowhere", (0.0, 15.0, 40.0, 35.0)),  # an unknown anchor: the centre
    ("fill", "center", (-30.0, 0.0, 70.0, 50.0)),  # 100 x 50 covers the slot, centred across
    ("fill", "left", (0.0, 0.0, 100.0, 50.0)),
    ("fill", "right", (-60.0, 0.0, 40.0, 50.0)),
    ("fill", "top_left", (0.0, 0.0, 100.0, 50.0)),
    ("stretch", "top", (0.0, 0.0, 40.0, 50.0)),
])
def test_a_picture_in_a_slot(fit, anchor, box):
    assert placed_box(PHOTO, (0.0, 0.0, 40.0, 50.0), fit, anchor) == pytest.approx(box)


def test_a_filled_picture_is_clipped_to_its_slot_a_fitted_one_is_not():
    slot = (10.0, 10.0, 50.0, 60.0)
    fitted = picture_items(PHOTO, slot, "fit")
    assert len(fitted) == 1 and isinstance(fitted[0], Image)
    assert (fitted[0].x_mm, fitted[0].y_mm, fitted[0].width_mm, fitted[0].height_mm) == pytest.approx((10, 25, 40, 20))
    filled = picture_items(PHOTO, slot, "fill")
    assert isinstance(filled[0], Group) and filled[0].clip == Rect(10.0, 10.0, 40.0, 50.0)
    exact = picture_items(PHOTO, (0.0, 0.0, 40.0, 20.0), "fill")  # same aspect: nothing to clip
    assert isinstance(exact[0], Image)


def test_the_resolution_a_picture_prints_at():
    assert dpi_at(PHOTO, 25.4) == pytest.approx(200.0)
    assert dpi_at(PHOTO, 50.8) == pytest.approx(100.0)
    assert dpi_at(PHOTO, 0.0) is None


# --- fitting text
@pytest.mark.parametrize("text, parts", [
    ("Austro-Hungarian army", ["Austro-", "Hungarian", "army"]),
    ("A-H corps", ["A-H", "corps"]),  # short parts stay whole
    ("Guard  Cavalry", ["Guard", "Cavalry"]),
    ("Cav-Div", ["Cav-", "Div"]),  # three characters either side of the hyphen
    ("XX-Div", ["XX-Div"]),
    ("Cav-Dv", ["Cav-Dv"]),
])
def test_words_break_after_hyphens_of_long_parts(text, parts):
    assert words(text) == parts


def test_words_join_and_split_on_lines():
    assert join(["Austro-", "Hungarian", "army"]) == "Austro-Hungarian army"
    assert join([]) == ""
    assert splits(["a", "b", "c"], 1) == [("a b c",)]
    assert splits(["a", "b", "c"], 2) == [("a", "b c"), ("a b", "c")]
    assert splits(["a", "b", "c"], 3) == [("a", "b", "c")]
    # 19 characters with spaces: the first line ends once it holds half of them (9.5)
    assert balanced(["one", "two", "three", "four"], 2) == ("one two three", "four")
    assert balanced(["aaaaaaaa", "b", "c"], 2) == ("aaaaaaaa", "b c")
    assert balanced([], 2) == ("",)


def test_capital_height_and_stacked_lines():
    assert cap_mm(10.0) == pytest.approx(0.729 * 10 * 25.4 / 72)  # 2.5718 mm
    cap = cap_mm(10.0)
    lines = stacked(("Guard", "", "Corps"), "sans", 10.0, 20.0, 30.0, "#112233")
    # three lines, the block 3 caps and 2 half-cap gaps high (4 caps), centred on y = 30
    assert [(t.text, t.x_mm, t.anchor, t.fill) for t in lines] == [("Guard", 20.0, "middle", "#112233"),
                                                                   ("Corps", 20.0, "middle", "#112233")]
    assert lines[0].y_mm == pytest.approx(30.0 - 2 * cap + cap)
    assert lines[1].y_mm == pytest.approx(30.0 - 2 * cap + 3 * cap + 2 * cap * 0.5)


# --- symbols drawn inline
def test_uses_drawn_inline_clipped_to_their_symbol():
    dot = SymbolDef("dot", (-1.0, -2.0, 3.0, 4.0), (Circle(0, 0, 1),))
    ring = SymbolDef("ring", (0.0, 0.0, 10.0, 10.0), (Use("dot", 5, 5), Rect(0, 0, 10, 10)))
    line = Line(0, 0, 1, 1)
    out = inline_uses((line, Use("ring", 20, 30), Group((Use("dot", 1, 1),), clip=Rect(0, 0, 2, 2))),
                      {"dot": dot, "ring": ring})
    assert out[0] is line
    ring_group = out[1]
    assert ring_group.transform == Use("ring", 20, 30).transform and ring_group.clip == Rect(0.0, 0.0, 10.0, 10.0)
    inner = ring_group.items[0]
    assert inner.items == (Circle(0, 0, 1),) and inner.clip == Rect(-1.0, -2.0, 4.0, 6.0)
    assert inner.transform == Use("dot", 5, 5).transform
    assert ring_group.items[1] == Rect(0, 0, 10, 10)
    kept = out[2]
    assert kept.clip == Rect(0, 0, 2, 2) and kept.items[0].items == (Circle(0, 0, 1),)


# --- the pages of a tiled map
# A 300 x 200 mm map on A4 portrait (210 x 297), 10 mm overlap: each sheet shows a window of
# 196 x 275 mm (7 mm margins, 15 mm at the foot) at (7, 7)-(203, 282). Two columns, one row:
# steps of 186 mm, 382 x 275 covered, so A1's corner is at (-41, -37.5) and B1's at (145, -37.5).
PLAN = TilePlan(drawing_mm=(300.0, 200.0), sheet_mm=(210.0, 297.0), landscape=False, columns=2, rows=1,
                overlap_mm=10.0, window_mm=(196.0, 275.0))
SOURCE = TiledDrawing(SymbolDef("map", (0.0, 0.0, 300.0, 200.0), (Rect(0, 0, 300, 200),)), (), "Main map", "A4",
                      papers=(("A4", 2), ("Letter", 3), ("A3", 1)))


def _texts(page):
    return [t for t in page.items if isinstance(t, Text)]


def test_a_tile_page_shows_its_window_and_names_its_neighbour():
    a1, b1 = PLAN.tiles()
    assert (a1.x_mm, a1.y_mm, b1.x_mm, b1.y_mm) == (-41.0, -37.5, 145.0, -37.5)
    page = tile_page(SOURCE, PLAN, a1)
    assert (page.width_mm, page.height_mm, page.title) == (210.0, 297.0, "Main map — tile A1")
    window = page.items[0]
    assert window.clip == Rect(7.0, 7.0, 196.0, 275.0) and window.items == (Use("map", 48.0, 44.5),)
    assert page.items[1] == Rect(7.0, 7.0, 196.0, 275.0, Style(stroke="#555555", stroke_width_mm=0.1))
    # crosses in the middle of the shared strip (5 mm in from the right edge), a quarter and
    # three quarters down the window; ticks where the strip begins, above and below the window
    crosses = sorted({(c.cx_mm, c.cy_mm) for c in page.items if isinstance(c, Circle)})
    assert crosses == [(198.0, 75.75), (198.0, 213.25)]
    dashed = [(ln.x1_mm, ln.y1_mm, ln.x2_mm, ln.y2_mm) for ln in page.items
              if isinstance(ln, Line) and ln.style.dash_mm == (1.0, 0.6)]
    assert dashed == [(193.0, -0.5, 193.0, 5.5), (193.0, 283.5, 193.0, 286.5)]
    arrows = [(t.x_mm, t.y_mm, t.text, t.rotation_deg) for t in _texts(page) if "↑" in t.text or "↓" in t.text]
    assert arrows == [(207.5, 144.5, "↑ B1 ↑", 90.0)]
    labels = [t.text for t in _texts(page)]
    assert "A1 — joins B1 on the right" in labels
    assert "Main map · sheet 1 of 2 (2 × 1) · A4 · 10 mm" in labels
    b1_page = tile_page(SOURCE, PLAN, b1)
    assert b1_page.items[0].items == (Use("map", -138.0, 44.5),)
    assert sorted({(c.cx_mm, c.cy_mm) for c in b1_page.items if isinstance(c, Circle)}) == [(12.0, 75.75),
                                                                                           (12.0, 213.25)]
    assert [(t.x_mm, t.y_mm, t.text, t.rotation_deg) for t in _texts(b1_page) if "↑" in t.text] == [
        (2.5, 144.5, "↑ A1 ↑", -90.0)]
    assert "B1 — joins A1 on the left" in [t.text for t in _texts(b1_page)]
    assert "Main map · sheet 2 of 2 (2 × 1) · A4 · 10 mm" in [t.text for t in _texts(b1_page)]


def test_tiles_above_and_below_and_a_single_sheet():
    tall = TilePlan(drawing_mm=(150.0, 400.0), sheet_mm=(210.0, 297.0), landscape=False, columns=1, rows=2,
                    overlap_mm=10.0, window_mm=(196.0, 275.0))
    a1, a2 = tall.tiles()
    top = tile_page(SOURCE, tall, a1)
    # the strip shared with A2 is at the window's foot: crosses 5 mm up from y = 282
    assert sorted({(c.cx_mm, c.cy_mm) for c in top.items if isinstance(c, Circle)}) == [(56.0, 277.0), (154.0, 277.0)]
    ticks = [(ln.x1_mm, ln.y1_mm, ln.x2_mm, ln.y2_mm) for ln in top.items
             if isinstance(ln, Line) and ln.style.dash_mm == (1.0, 0.6)]
    assert ticks == [(-0.5, 272.0, 5.5, 272.0), (204.5, 272.0, 210.5, 272.0)]
    assert [(t.x_mm, t.y_mm, t.text) for t in _texts(top) if "↓" in t.text] == [(105.0, 286.5, "↓ A2 ↓")]
    bottom = tile_page(SOURCE, tall, a2)
    assert sorted({(c.cx_mm, c.cy_mm) for c in bottom.items if isinstance(c, Circle)}) == [(56.0, 12.0), (154.0, 12.0)]
    assert [(t.x_mm, t.y_mm, t.text) for t in _texts(bottom) if "↑" in t.text] == [(105.0, 2.5, "↑ A1 ↑")]
    assert "A2 — joins A1 above" in [t.text for t in _texts(bottom)]
    one = TilePlan(drawing_mm=(150.0, 200.0), sheet_mm=(210.0, 297.0), landscape=False, columns=1, rows=1,
                   overlap_mm=10.0, window_mm=(196.0, 275.0))
    alone = tile_page(SOURCE, one, one.tiles()[0])
    assert "A1 — a single sheet" in [t.text for t in _texts(alone)]
    assert not [c for c in alone.items if isinstance(c, Circle)]


def test_the_assembly_page_says_how_the_sheets_go_together():
    page = assembly_page(SOURCE, PLAN)
    assert page.title == "Main map — Assembly"
    texts = [t.text for t in _texts(page)]
    assert texts[0] == "Main map — Assembly"
    assert texts[1] == ("2 sheets (2 × 1), A4 portrait, overlap 10 mm. "
                        "Print at 100 % (actual size), never “fit to page”.")
    assert texts[2].startswith("1. Check the 50 mm scale bar")
    assert texts[5] == "The same map on other paper: Letter 3 sheets, A3 1 sheets."
    # the tiles drawn over a thumbnail: the area is 196 wide (7 to 203) from y = 44 to 273;
    # the grid covers x -41 .. 341 (382 mm) and y -37.5 .. 237.5 (275 mm): scale min(196/382, 229/275)
    scale = 196 / 382
    names = [(t.text, round(t.x_mm, 3), round(t.y_mm, 3)) for t in _texts(page) if t.text in ("A1", "B1")]
    assert names == [("A1", round(7 + 98 * scale, 3), round(44 + 137.5 * scale, 3)),
                     ("B1", round(7 + 284 * scale, 3), round(44 + 137.5 * scale, 3))]
    strips = [r for r in page.items if isinstance(r, Rect) and r.style.fill == "#c0392b"]
    assert len(strips) == 1 and strips[0].width_mm == pytest.approx(10 * scale)  # A1's right strip only
    assert [p.title for p in tiled_pages(SOURCE, PLAN)] == [
        "Main map — Assembly", "Main map — tile A1", "Main map — tile B1"]


def test_a_tile_left_out_is_hatched_and_counted_as_a_gap():
    gappy = TilePlan(drawing_mm=(300.0, 400.0), sheet_mm=(210.0, 297.0), landscape=False, columns=2, rows=2,
                     overlap_mm=10.0, window_mm=(196.0, 275.0), kept=frozenset({(0, 0), (1, 0), (0, 1)}))
    words = TileWords()
    page = assembly_page(TiledDrawing(SOURCE.drawing, (), "Main map", "A4", words), gappy)
    texts = [t.text for t in _texts(page)]
    assert texts[1].startswith("3 sheets (2 × 2, less 1 with nothing to print, shown hatched), A4 portrait, "
                               "overlap 10 mm.")
    grey = [r for r in page.items if isinstance(r, Rect) and r.style.fill == "#eeeeee"]
    assert len(grey) == 1
    assert "B2" not in texts
    assert not any(t.startswith("The same map on other paper") for t in texts)
    a2 = gappy.tiles()[2]
    assert "A2 — joins A1 above" in [t.text for t in _texts(tile_page(SOURCE, gappy, a2))]  # not B2: left out


# --- wrapping into a box
def test_text_wraps_onto_the_lines_that_allow_the_largest_size():
    from generator.layout.text_fit import wrap_to_fit

    # a wide box: one line at the largest size asked for
    assert wrap_to_fit("1st Guards Cavalry", "sans", 100.0, 5.0, 8.0) == (("1st Guards Cavalry",), 8.0)
    # a narrow tall box: 'Cavalry' is the widest word whatever the split, so three lines
    # ('1st Guards' would be wider on two) allow clearly larger text
    lines, size = wrap_to_fit("1st Guards Cavalry", "sans", 12.0, 30.0, 12.0)
    assert lines == ("1st", "Guards", "Cavalry") and 0.1 < size < 12.0
    assert wrap_to_fit("1st Guards Cavalry", "sans", 12.0, 30.0, 12.0, max_lines=2)[0] == ("1st Guards", "Cavalry")
    # a line of punctuation alone is never made
    assert wrap_to_fit("Corps !", "sans", 6.0, 30.0, 12.0)[0] == ("Corps !",)
    many = " ".join(["word"] * 13)  # more than 12 words: balanced lines only
    lines, _ = wrap_to_fit(many, "sans", 20.0, 30.0, 12.0)
    assert len(lines) == 3 and " ".join(lines) == many


def test_lines_fit_by_width_and_by_height():
    from generator.layout.text_fit import fit_lines

    # two lines a line and a half of capitals apart in 3 mm: 3 / (2 x 0.729 x 0.35278 x 1.5) = 3.888 pt
    assert fit_lines(("I", "I"), "sans", 100.0, 3.0, 12.0, 1.0, 1.5) == pytest.approx(3.888, abs=0.01)
    assert fit_lines(("I", "I"), "sans", 100.0, 30.0, 12.0, 1.0, 1.5) == 12.0
    assert fit_lines(("WWWWWWWWWW",), "sans", 1.0, 30.0, 12.0, 6.0, 1.5) is None  # not even at 6 pt


def test_art_is_placed_by_its_own_fit_and_anchor():
    from types import SimpleNamespace as NS

    from generator.layout.pictures import art_items

    (image,) = art_items(NS(picture=PHOTO, fit="fit", anchor="top"), (0.0, 0.0, 40.0, 50.0))
    assert (image.x_mm, image.y_mm, image.width_mm, image.height_mm) == pytest.approx((0, 0, 40, 20))
    (clipped,) = art_items(NS(picture=PHOTO, fit="fill", anchor="left"), (0.0, 0.0, 40.0, 50.0))
    assert clipped.clip == Rect(0.0, 0.0, 40.0, 50.0) and clipped.items[0].x_mm == 0.0


# --- blocks put together
def _block(width, height, name=None, gap_after=None):
    from generator.layout.blocks import Block

    return Block(width, height, (Rect(0, 0, width, height),), {name: (0.0, 0.0, width, height)} if name else {},
                 gap_after_mm=gap_after)


def _offsets(block):
    return [(g.transform.apply(0, 0)) for g in block.items]


def test_blocks_stacked_in_columns_and_beside():
    from generator.layout.blocks import Placement, beside_or_below, in_columns, stacked

    pile = stacked([_block(30, 10, "a"), _block(50, 20, "b", gap_after=1.0), _block(40, 5, "c")], 2.0)
    # a at 0, b at 10 + 2, c at 12 + 20 + 1 (b's own gap)
    assert (pile.width_mm, pile.height_mm, _offsets(pile)) == (50, 38.0, [(0.0, 0.0), (0.0, 12.0), (0.0, 33.0)])
    assert pile.anchors == {"a": (0.0, 0.0, 30, 10), "b": (0.0, 12.0, 50, 32.0), "c": (0.0, 33.0, 40, 38.0)}
    assert stacked([], 2.0).width_mm == 0.0
    # heights 30, 10, 10, 5 over two columns 45 wide (100 less a 10 gap): 30 | 10 + 10 + 5, each
    # block to the shortest column so far (a 1 mm gap between blocks of a column)
    columns = in_columns([_block(40, 30, "a"), _block(40, 10, "b"), _block(40, 10, "c"), _block(40, 5, "d")],
                         2, 100.0, 10.0, 1.0)
    assert (columns.width_mm, columns.height_mm) == (100.0, 30.0)
    assert columns.anchors == {"a": (0.0, 0.0, 40, 30), "b": (55.0, 0.0, 95.0, 10), "c": (55.0, 11.0, 95.0, 21.0),
                               "d": (55.0, 22.0, 95.0, 27.0)}
    right = lambda room: [_block(min(room, 60.0), 8, "key")]  # noqa: E731 - lays out for the room given
    (side,) = beside_or_below(_block(100, 40, "grid"), right, 180.0, 5.0, 50.0)  # room 75: beside
    assert side.anchors["key"] == (105.0, 0.0, 165.0, 8)
    below = beside_or_below(_block(100, 40, "grid"), right, 150.0, 5.0, 50.0)  # room 45 < 50: below
    assert [b.width_mm for b in below] == [100, 60.0]
    narrow = beside_or_below(_block(100, 40), lambda room: [_block(70, 8)], 180.0, 5.0, 50.0)  # 70 wide fits the 75 left
    assert len(narrow) == 1
    too_wide = beside_or_below(_block(100, 40), lambda room: [_block(80, 8)], 180.0, 5.0, 50.0)
    assert [b.width_mm for b in too_wide] == [100, 80]
    placed = Placement(_block(20, 10, "x"), 5.0, 7.0, 0.5)
    assert placed.anchor("x") == (5.0, 7.0, 15.0, 12.0)


# --- the drawing model refuses what no backend could draw
@pytest.mark.parametrize("keys, message", [
    ({"opacity": 1.5}, "stroke_width_mm must be ≥ 0 and opacity within 0..1"),
    ({"opacity": -0.1}, "stroke_width_mm must be ≥ 0 and opacity within 0..1"),
    ({"stroke_width_mm": -0.1}, "stroke_width_mm must be ≥ 0 and opacity within 0..1"),
    ({"dash_mm": (0.0, 0.0)}, "dash lengths must be ≥ 0 and not all zero, got (0.0, 0.0)"),
    ({"dash_mm": (1.0, -1.0)}, "dash lengths must be ≥ 0 and not all zero, got (1.0, -1.0)"),
])
def test_styles_no_backend_could_draw_are_refused(keys, message):
    with pytest.raises(ValueError) as raised:
        Style(**keys)
    assert str(raised.value) == message


def test_every_line_end_and_join_is_accepted_and_symbol_ids_are_unique():
    from generator.layout.primitives import Page

    for cap in ("butt", "round", "square"):
        assert Style(line_cap=cap).line_cap == cap
    for join in ("miter", "round", "bevel"):
        assert Style(line_join=join).line_join == join
    assert Style(opacity=0.0).opacity == 0.0 and Style(opacity=1.0).opacity == 1.0
    dot = SymbolDef("dot", (0.0, 0.0, 1.0, 1.0), ())
    with pytest.raises(ValueError) as raised:
        Page(10.0, 10.0, (), symbols=(dot, SymbolDef("dot", (0.0, 0.0, 2.0, 2.0), ())))
    assert str(raised.value) == "two symbols on one page share an id"


def test_a_line_too_long_for_its_width_is_squeezed_below_the_least_size():
    from generator.fonts.metrics import fit_text_size
    from generator.layout.text_fit import fitted

    (short,) = fitted("Guard", "sans", 1.0, 2.0, 50.0, 9.0, 6.0, "middle", "hanging", "#123456")
    assert (short.x_mm, short.y_mm, short.size_pt, short.anchor, short.baseline, short.fill) == (
        1.0, 2.0, 9.0, "middle", "hanging", "#123456")
    (squeezed,) = fitted("Guards Cavalry Corps", "sans", 0.0, 0.0, 10.0, 9.0, 6.0, "start", "alphabetic", "#000000")
    assert fit_text_size("Guards Cavalry Corps", "sans", 10.0, 9.0, 6.0) is None  # not even at 6 pt
    assert 0.1 < squeezed.size_pt < 6.0


def test_the_assembly_goes_on_the_tile_with_free_room_and_spares_a_page():
    # 2 × 2 sheets over a drawing 380 × 500 whose content is its top 300 mm: A2 shows the
    # drawing from y = 265, so its window (page 7..203 × 7..282) holds content down to page
    # y 42 (300 - 265 + 7), 45 with the 3 mm kept clear; less the strips B2 and A1 overlap
    plan = TilePlan(drawing_mm=(380.0, 500.0), sheet_mm=(210.0, 297.0), landscape=False, columns=2, rows=2,
                    overlap_mm=10.0, window_mm=(196.0, 275.0), origin=(0.0, 0.0))
    content = ((0.0, 0.0, 380.0, 300.0),)
    a1, b1, a2, b2 = plan.tiles()
    assert free_room(plan, a2, content) == (7.0, 45.0, 193.0, 282.0)
    assert free_room(plan, b2, content) == (17.0, 45.0, 203.0, 282.0)
    assert free_room(plan, a1, content) is None  # all content: no room at all
    assert assembly_host(plan, content) == (a2, (7.0, 45.0, 193.0, 282.0))  # the first of two as roomy
    source = TiledDrawing(SymbolDef("map", (0.0, 0.0, 380.0, 500.0), (Rect(0, 0, 380, 300),)), (), "Main map", "A4")
    pages = tiled_pages(source, plan, content)
    assert [p.title for p in pages] == ["Main map — tile A1", "Main map — tile B1",
                                        "Main map — tile A2 — Assembly", "Main map — tile B2"]
    host = pages[2]
    board = [r for r in host.items if isinstance(r, Rect) and r.style.fill == "#ffffff" and r.style.stroke == "#555555"]
    assert [(r.x_mm, r.y_mm, r.width_mm, r.height_mm) for r in board] == [(7.0, 45.0, 186.0, 237.0)]
    words = [t.text for t in _texts(host)]
    assert "Main map — Assembly" in words and "A2 — joins A1 above, B2 on the right" not in words
    assert any(w.startswith("4 sheets (2 × 2)") for w in words)
    # content over the whole drawing but a strip too small: the assembly keeps its own page
    tight = ((0.0, 0.0, 380.0, 440.0),)  # A2: 97 mm free (185 to 282), under the 100 asked
    assert assembly_host(plan, tight) is None
    assert [p.title for p in tiled_pages(source, plan, tight)][0] == "Main map — Assembly"
