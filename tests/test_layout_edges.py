"""Layout rules at their edges, with figures worked out by hand: a block that exactly fills
its frame, the gap between blocks on a page, rows of blocks side by side, empty grid cells,
text centred in a cell, columns widened for a spanning cell, charts whose ticks go below
zero, the tile grid of an assembly page, hatched gaps, text that leaves its page or clip,
and the colours of ink saving."""

from __future__ import annotations

import pytest

from generator.fonts.metrics import text_width_mm
from generator.layout.blocks import Block, fill_frame, paginate, side_by_side
from generator.layout.charts import Series, line_chart_block
from generator.layout.frame import Frame
from generator.layout.grid import Cell, GridStyle, grid_block, longest_word_mm, widen_for
from generator.layout.ink_saving import saving_colours
from generator.layout.overflow import overflows
from generator.layout.primitives import Circle, Group, Line, Page, Polyline, Rect, Style, SymbolDef, Text, Use
from generator.layout.printmarks import crop_marks, scale_bar
from generator.layout.tile_pages import TiledDrawing, assembly_page, tile_page
from generator.layout.tiling import TilePlan
from generator.layout.transform import Transform
from generator.model.rules import Colours

PT = 25.4 / 72  # millimetres in a point


def _block(height, **kw):
    return Block(50.0, height, (), **kw)


# --- blocks on a page
def test_a_breakable_block_that_exactly_fills_the_room_left_is_not_broken():
    # a 10 mm block, then a breakable 20 mm block in a 30 mm frame: it fits to the hundredth,
    # so it stays on the page (its split, which finds nothing to move, is never asked)
    frame = Frame(0.0, 0.0, 100.0, 30.0)
    whole = _block(20.0, split=lambda room: None)
    placed, rest = fill_frame([_block(10.0), whole], frame)
    assert [(p.y_mm, p.block.height_mm) for p in placed] == [(0.0, 10.0), (10.0, 20.0)]
    assert rest == []


def test_the_gap_between_blocks_counts_against_the_page():
    # three 10 mm blocks, 5 mm apart, in a 30 mm frame: 10 + 5 + 10 = 25, the third would end at 40
    pages = paginate([_block(10.0), _block(10.0), _block(10.0)], Frame(0.0, 0.0, 100.0, 30.0), 5.0)
    assert [[p.y_mm for p in page] for page in pages] == [[0.0, 15.0], [0.0]]
    # without a gap all three fit: 30 mm exactly
    assert [[p.y_mm for p in page] for page in paginate([_block(10.0)] * 3, Frame(0.0, 0.0, 100.0, 30.0))] == [
        [0.0, 10.0, 20.0]]


def test_blocks_side_by_side_share_the_rows_top_edge():
    a = Block(30.0, 10.0, (Rect(0, 0, 30, 10),), {"a": (0.0, 0.0, 30.0, 10.0)})
    b = Block(40.0, 12.0, (Rect(0, 0, 40, 12),), {"b": (1.0, 2.0, 5.0, 6.0)})
    c = Block(50.0, 8.0, (Rect(0, 0, 50, 8),))
    rows = side_by_side([a, b, c], 80.0, 4.0)  # 30 + 4 + 40 = 74 fits 80; + 4 + 50 does not
    assert [(r.width_mm, r.height_mm) for r in rows] == [(74.0, 12.0), (50.0, 8.0)]
    assert [g.transform for g in rows[0].items] == [Transform.translate(0.0, 0.0), Transform.translate(34.0, 0.0)]
    assert rows[0].anchors == {"a": (0.0, 0.0, 30.0, 10.0), "b": (35.0, 2.0, 39.0, 6.0)}


# --- grids
def test_an_empty_cell_takes_no_line_of_its_own():
    # one row of one empty 20 pt cell: the row is its padding (2 x 1 mm) over the 1 mm minimum
    block = grid_block([[Cell("", size_pt=20.0)]], [30.0], style=GridStyle(min_row_height_mm=1.0))
    assert block.height_mm == pytest.approx(2.0)
    assert not [t for t in block.items if isinstance(t, Text)]


def test_a_cells_text_is_centred_by_its_own_size_and_leading():
    # a 10 pt line, leading 1.15 (the grid's): 11.5 pt high, centred in a 20 mm row; the first
    # baseline sits 0.8 of a line pitch below the text's top: 10 - 5.75 pt + 9.2 pt = 10 + 3.45 pt
    block = grid_block([[Cell("Rout", size_pt=10.0)]], [30.0], style=GridStyle(min_row_height_mm=20.0))
    (text,) = [t for t in block.items if isinstance(t, Text)]
    assert (text.x_mm, text.y_mm, text.anchor) == pytest.approx((15.0, 10.0 + 3.45 * PT, "middle"))


def test_a_column_is_at_least_as_wide_as_the_longest_word():
    cell = Cell("Supply line", size_pt=8.0)
    assert longest_word_mm(cell) == pytest.approx(text_width_mm("Supply", "sans", 8.0) + 2.0 + 0.2)
    assert longest_word_mm(Cell("")) == pytest.approx(2.2)  # no word: the padding and the margin


def test_columns_under_a_spanning_cell_widen_only_as_far_as_needed():
    cell = Cell("Attacker eliminated", span=2, size_pt=8.0)
    needed = text_width_mm("Attacker eliminated", "sans", 8.0) + 2.0  # one line, with padding
    # already on one line: nothing widened, however much room is left
    assert widen_for(cell, [40.0, 40.0], 0, 200.0, max_lines=1) == [40.0, 40.0]
    # two 5 mm columns, 1 mm at a time (half each) until one line: the first whole mm at or past `needed`
    widened = widen_for(cell, [5.0, 5.0, 7.0], 0, 200.0, max_lines=1)
    steps = -(-(needed - 10.0) // 1.0)
    assert widened == pytest.approx([5.0 + steps / 2, 5.0 + steps / 2, 7.0])
    # never past the total: 17 + 3 = 20 mm
    assert widen_for(cell, [5.0, 5.0, 7.0], 0, 20.0, max_lines=1) == pytest.approx([6.5, 6.5, 7.0])


# --- charts
def test_a_value_is_placed_between_ticks_that_start_below_zero():
    # values -4 .. 6: ticks -4, -2, 0, 2, 4, 6; a value of 1 is half way up the plot
    block = line_chart_block("", ["1", "2"], [Series("A", (-4.0, 1.0), "#000000"), Series("B", (6.0, 6.0), "#ff0000")],
                             100.0, 40.0)
    left, top, right, bottom = block.anchors["plot"]
    y = lambda name: (block.anchors[name][1] + block.anchors[name][3]) / 2  # noqa: E731
    assert (y("point:0:0"), y("point:0:1"), y("point:1:0")) == pytest.approx((bottom, bottom - 20.0, top))


def test_a_chart_title_is_8_points_and_the_axis_title_muted():
    block = line_chart_block("Steps", ["1"], [Series("Blue", (20.0,), "#1f4e9c")], 100.0, 40.0, x_title="Turn")
    texts = {t.text: t for t in block.items if isinstance(t, Text)}
    assert (texts["Steps"].size_pt, texts["Steps"].font, texts["Steps"].fill) == (8.0, "sans-bold", "#000000")
    assert (texts["Turn"].size_pt, texts["Turn"].fill) == (6.0, "#555555")
    assert not [p for p in block.items if isinstance(p, Polyline)]  # one value: a dot, no line


def test_x_labels_are_thinned_only_when_they_would_touch():
    # labels 1.5 mm apart from the widest one's width are all printed; closer, every other one
    labels = ["10", "20", "30", "40", "50"]
    widest = max(text_width_mm(label, "sans", 6.0) for label in labels) + 1.5
    tick_label = max(text_width_mm(label, "sans", 6.0) for label in ("0", "10", "20", "30", "40", "50", "60"))
    # the plot runs from the tick labels (+ 2.5 mm) to 1.5 mm from the right; its points are 2 mm in
    for pitch, shown in ((widest + 0.4, labels), (widest - 0.4, ["10", "30", "50"])):
        width = tick_label + 2.5 + 4.0 + 4 * pitch + 1.5
        block = line_chart_block("", labels, [Series("A", (10.0, 20.0, 30.0, 40.0, 50.0), "#000000")], width, 30.0)
        plot_bottom = block.anchors["plot"][3]
        printed = [t.text for t in block.items if isinstance(t, Text) and t.y_mm > plot_bottom and t.anchor == "middle"]
        assert printed == shown


# --- printer's marks
def test_crop_marks_are_drawn_with_a_02_mm_pen():
    assert [m.style for m in crop_marks((0.0, 0.0, 50.0, 50.0))] == [Style(stroke="#000000", stroke_width_mm=0.2)] * 8


def test_the_scale_bars_unit_is_set_at_55_points():
    (unit,) = [t for t in scale_bar(0.0, 0.0) if isinstance(t, Text) and t.text == "mm"]
    assert (unit.size_pt, unit.font) == (5.5, "condensed")


# --- the pages of a tiled map
SOURCE = TiledDrawing(SymbolDef("map", (0.0, 0.0, 301.0, 200.0), (Rect(0, 0, 301, 200),)), (), "Main map", "A4")


def test_a_tile_window_keeps_a_half_millimetre_offset():
    # 301 mm wide, two 196 mm windows 10 mm over each other: 382 covered, A1's corner at x = -40.5,
    # so the drawing is put 7 + 40.5 = 47.5 mm in; the margin ticks are drawn with a 0.2 mm pen
    plan = TilePlan(drawing_mm=(301.0, 200.0), sheet_mm=(210.0, 297.0), landscape=False, columns=2, rows=1,
                    overlap_mm=10.0, window_mm=(196.0, 275.0))
    page = tile_page(SOURCE, plan, plan.tiles()[0])
    assert page.items[0].items == (Use("map", 47.5, 44.5),)
    ticks = [ln.style for ln in page.items if isinstance(ln, Line) and ln.style.dash_mm]
    assert ticks == [Style(stroke="#555555", stroke_width_mm=0.2, dash_mm=(1.0, 0.6))] * 2


def test_an_assembly_thumbnail_limited_by_height_is_centred_across_the_page():
    # 150 x 400 mm on A4 portrait, one column of two windows (196 x 275, overlap 10): covered
    # 196 x 540 from (-23, -70). The thumbnail area is 196 x 229 (x 7..203, y 44..273), so the
    # scale is 229/540 and the grid, 196 x 229/540 = 83.12 mm wide, is centred on x = 105.
    plan = TilePlan(drawing_mm=(150.0, 400.0), sheet_mm=(210.0, 297.0), landscape=False, columns=1, rows=2,
                    overlap_mm=10.0, window_mm=(196.0, 275.0))
    tall = TiledDrawing(SymbolDef("map", (0.0, 0.0, 150.0, 400.0), ()), (), "Tall map", "A4")
    page = assembly_page(tall, plan)
    s = 229 / 540
    frames = [(r.x_mm, r.y_mm, r.width_mm, r.height_mm) for r in page.items
              if isinstance(r, Rect) and r.style.stroke == "#c0392b" and r.style.stroke_width_mm == 0.35]
    assert [v for f in frames for v in f] == pytest.approx([105 - 98 * s, 44.0, 196 * s, 275 * s,
                                                            105 - 98 * s, 44.0 + 265 * s, 196 * s, 275 * s])
    strips = [(r.x_mm, r.y_mm, r.width_mm, r.height_mm) for r in page.items
              if isinstance(r, Rect) and r.style.fill == "#c0392b"]
    assert strips == [pytest.approx((105 - 98 * s, 44.0 + 265 * s, 196 * s, 10 * s))]  # A1's foot, shared with A2
    names = [(t.text, t.size_pt, t.fill) for t in page.items if isinstance(t, Text) and t.text in ("A1", "A2")]
    assert names == [("A1", 22.0, "#c0392b"), ("A2", 22.0, "#c0392b")]  # 0.9 of 83 mm, capped at 22 pt
    # the thumbnail: the drawing scaled by s, its corner (0, 0) 23 and 70 mm (scaled) inside A1's
    (thumbnail,) = [g for g in page.items if isinstance(g, Group) and g.items == (Use("map", 0, 0),)]
    assert thumbnail.transform.apply(0.0, 0.0) == pytest.approx((105 - 75 * s, 44.0 + 70 * s))
    assert thumbnail.transform.apply(150.0, 400.0) == pytest.approx((105 + 75 * s, 44.0 + 470 * s))
    # the title at 10 mm, then the lines of text 4.8 mm apart from 19 mm, hanging from those heights
    header = [(t.y_mm, t.baseline, t.fill) for t in page.items if isinstance(t, Text) and t.x_mm == 7.0
              and t.y_mm < 44.0]
    assert header == [(10.0, "hanging", "#000000"), (19.0, "hanging", "#000000"), (23.8, "hanging", "#555555"),
                      (28.6, "hanging", "#555555"), (33.4, "hanging", "#555555")]


def test_a_tile_name_on_the_assembly_page_is_nine_tenths_of_a_small_tile():
    # ten columns over a 1800 mm strip: covered 10 x 186 + 10 = 1870 mm across the 196 mm area,
    # so a tile is 196 x 196/1870 = 20.54 mm wide and its name 0.9 of that, 18.49 pt
    plan = TilePlan(drawing_mm=(1800.0, 200.0), sheet_mm=(210.0, 297.0), landscape=False, columns=10, rows=1,
                    overlap_mm=10.0, window_mm=(196.0, 275.0))
    strip = TiledDrawing(SymbolDef("map", (0.0, 0.0, 1800.0, 200.0), ()), (), "Strip", "A4")
    sizes = [t.size_pt for t in assembly_page(strip, plan).items if isinstance(t, Text) and t.text == "C1"]
    assert sizes == [pytest.approx(0.9 * 196 * 196 / 1870)]


def test_a_left_out_tile_is_hatched_down_to_the_left():
    # a 2 x 2 grid without B2; B2's box on the page is hatched with lines from the top edge
    # down and to the left at 45 degrees, every 4 mm
    plan = TilePlan(drawing_mm=(300.0, 400.0), sheet_mm=(210.0, 297.0), landscape=False, columns=2, rows=2,
                    overlap_mm=10.0, window_mm=(196.0, 275.0), kept=frozenset({(0, 0), (1, 0), (0, 1)}))
    page = assembly_page(TiledDrawing(SOURCE.drawing, (), "Main map", "A4"), plan)
    (gap,) = [r for r in page.items if isinstance(r, Rect) and r.style.fill == "#eeeeee"]
    (hatched,) = [g for g in page.items if isinstance(g, Group) and g.clip is not None and g.clip == Rect(
        gap.x_mm, gap.y_mm, gap.width_mm, gap.height_mm)]
    x, y, w, h = gap.x_mm, gap.y_mm, gap.width_mm, gap.height_mm
    first, second = hatched.items[:2]
    assert {ln.style for ln in hatched.items} == {Style(stroke="#555555", stroke_width_mm=0.15)}
    assert (first.x1_mm, first.y1_mm, first.x2_mm, first.y2_mm) == pytest.approx((x, y, x - h, y + h))
    assert (second.x1_mm, second.y1_mm, second.x2_mm, second.y2_mm) == pytest.approx((x + 4, y, x + 4 - h, y + h))
    assert len(hatched.items) == -(-(w + h) // 4)  # offsets 0, 4, … below w + h


# --- text out of its frame
def test_text_past_the_page_edge_or_its_clip_is_found_by_how_far():
    wide = text_width_mm("MMMM", "sans", 10.0)
    page = Page(100.0, 50.0, [Text(95.0, 20.0, "MMMM", "sans", 10.0), Text(5.0, 20.0, "fits", "sans", 10.0)])
    (out,) = overflows(page)
    assert (out.text, out.frame) == ("MMMM", "page") and out.by_mm == pytest.approx(wide - 5.0)
    # in a clip 20 mm wide moved 10 mm right: the text starts at 22 mm, the clip ends at 30
    clipped = Page(100.0, 50.0, [Group((Text(12.0, 20.0, "MMMM", "sans", 10.0),), Transform.translate(10.0, 0.0),
                                       clip=Rect(0.0, 0.0, 20.0, 40.0))])
    (out,) = overflows(clipped)
    assert (out.frame, out.by_mm) == ("clip", pytest.approx(22.0 + wide - 30.0))
    assert overflows(clipped, tolerance_mm=22.0 + wide - 30.0 + 0.01) == []
    # the same text in a symbol placed 95 mm in
    symbol = SymbolDef("label", (0.0, 0.0, 10.0, 10.0), (Text(0.0, 5.0, "MMMM", "sans", 10.0),))
    (out,) = overflows(Page(100.0, 50.0, [Use("label", 95.0, 10.0)], symbols=(symbol,)))
    assert out.by_mm == pytest.approx(wide - 5.0)


def test_turned_text_runs_down_the_page():
    # turned 90 degrees at y = 40 on a 50 mm page: it runs down from 40 to 40 + its width
    wide = text_width_mm("MMMMMMMM", "sans", 10.0)
    (out,) = overflows(Page(100.0, 50.0, [Text(50.0, 40.0, "MMMMMMMM", "sans", 10.0, rotation_deg=90.0)]))
    assert out.by_mm == pytest.approx(40.0 + wide - 50.0)
    assert overflows(Page(100.0, 50.0, [Text(50.0, 40.0, "MMMMMMMM", "sans", 10.0)])) == []  # level: it fits


# --- ink saving
def test_ink_saving_makes_a_background_pale_and_its_text_and_symbol_deep():
    # tint: 82 % of the way to white; deep: 35 % to black, or 50 % where 35 % reads below 4.5:1
    # #1f4e9c: tint (31 + 224 x .82, 78 + 177 x .82, 156 + 99 x .82) = #d7dfed, deep x .65 = #143365
    # #ffcc00: deep x .65 = #a68500 reads 3.3:1 on its tint #fff6d1, x .5 = #806600 reads 5.1:1
    plain = Colours(background="#1f4e9c", text="#ffffff", symbol="#ffcc00")
    no_band = saving_colours(plain, band=False)
    assert (no_band.background, no_band.text, no_band.symbol, no_band.band) == ("#d7dfed", "#143365", "#806600", None)
    banded = saving_colours(plain)
    assert (banded.background, banded.text, banded.symbol) == ("#d7dfed", "#143365", "#806600")
    assert (banded.band, banded.band_text, banded.band_at) == ("#1f4e9c", "#ffffff", "top")  # the full colour kept
    own = saving_colours(Colours(background="#1f4e9c", band="#ffffff", band_text="#000000", band_at="left"))
    assert (own.band, own.band_text, own.band_at, own.symbol) == ("#ffffff", "#000000", "left", None)


# --- small pieces
def test_a_long_word_is_cut_only_at_a_hyphen_that_falls_within_the_line():
    from generator.layout.wrap import wrap_text

    # "Kampfgruppe-" is wider than 12 mm at 10 pt: the hyphen lies beyond the cut, so the word
    # is cut between letters where the line is full, never after the far hyphen
    width = text_width_mm("Kampf", "sans", 10.0) + 0.01
    lines = wrap_text("Kampfgruppe-Nord", "sans", 10.0, width)
    assert lines[0] == "Kampf"
    assert all(text_width_mm(line, "sans", 10.0) <= width for line in lines)
    assert "".join(lines) == "Kampfgruppe-Nord"


def test_a_grid_is_framed_from_its_left_edge_and_ruled_in_grey():
    block = grid_block([[Cell("A")], [Cell("B")]], [20.0], header_rows=1)
    frames = [r for r in block.items if isinstance(r, Rect) and r.style.stroke_width_mm == 0.4]
    row = 2.0 + 8.0 * 1.15 * PT  # an 8 pt line at leading 1.15 and 1 mm padding above and below
    assert [(r.x_mm, r.y_mm, r.width_mm, r.height_mm) for r in frames] == [(0.0, row, 20.0, row)]  # the body only
    cells = [r.style for r in block.items if isinstance(r, Rect) and r.style.stroke_width_mm == 0.15]
    assert cells == [Style(fill=None, stroke="#8c8c8c", stroke_width_mm=0.15)] * 2


def test_centred_cell_text_sits_in_the_middle_whatever_the_padding():
    # 2 mm padding each side of a 30 mm cell: the text's 26 mm line is centred at 2 + 13 = 15 mm
    block = grid_block([[Cell("Rout")]], [30.0], style=GridStyle(padding_mm=2.0))
    (text,) = [t for t in block.items if isinstance(t, Text)]
    assert text.x_mm == pytest.approx(15.0)


def test_the_scale_bars_caption_is_black():
    captions = [t for t in scale_bar(0.0, 0.0) if isinstance(t, Text) and t.text.startswith("This bar")]
    assert [(t.fill, t.anchor) for t in captions] == [("#000000", "end")]


def test_pieces_packed_on_shelves_know_their_shelf():
    from generator.layout.packing import Run, Size, pack

    # 20 x 20 pieces on a 50 mm wide sheet, 2 mm apart: two a shelf (20 + 2 + 20), shelves 0, 0, 1, 1, 2
    (sheet,) = pack([Run(tuple(Size(20.0, 20.0) for _ in range(5)))], 50.0, 100.0, gap_mm=2.0)
    assert [(s.x_mm, s.y_mm, s.shelf) for s in sheet.spots] == [(0.0, 0.0, 0), (22.0, 0.0, 0), (0.0, 22.0, 1),
                                                                (22.0, 22.0, 1), (0.0, 44.0, 2)]


def test_small_constructors_say_what_they_draw():
    from generator.layout.blocks import Placement, spacer
    from generator.layout.grid import ruled_line

    assert Group([Rect(0, 0, 1, 1)]).items == (Rect(0, 0, 1, 1),)  # a list is kept as a tuple
    assert Placement(Block(10.0, 10.0, ()), 5.0, 6.0, 0.5).group().transform == Transform.placement(5.0, 6.0, 0.0, 0.5)
    assert spacer(7.0) == Block(0.0, 7.0, ())
    assert ruled_line(1.0, 5.0, 9.0) == Line(1.0, 5.0, 9.0, 5.0, Style(stroke="#000000", stroke_width_mm=0.3))
    assert Style.outlined("#123456", 0.5) == Style(stroke="#123456", stroke_width_mm=0.5)


def test_a_chart_without_series_still_has_its_axis_from_0_to_1():
    block = line_chart_block("", ["1"], [], 60.0, 20.0)
    ticks = [t for t in block.items if isinstance(t, Text) and t.anchor == "end"]
    assert [t.text for t in ticks] == ["0", "0.2", "0.4", "0.6", "0.8", "1"]
    assert {t.fill for t in ticks} == {"#555555"}
    # the line at 0 is the axis (dark), the others light grid lines
    left, top, right, bottom = block.anchors["plot"]
    across = [(round(ln.y1_mm, 6), ln.style.stroke) for ln in block.items
              if isinstance(ln, Line) and ln.x1_mm == left and ln.x2_mm == right]
    assert across[0] == (round(bottom, 6), "#333333")
    assert {stroke for _, stroke in across[1:-1]} == {"#d9d9d9"}


def test_a_last_page_saved_by_tighter_gaps():
    from generator.layout.blocks import paginate_snug

    # five 18 mm blocks, each followed by 4 mm, in a 100 mm frame: 4 x 22 + 18 = 106, so the fifth
    # is alone on page two, holding 18 % of it (under the 20 % worth a page)
    blocks = [Block(50.0, 18.0, (), gap_after_mm=4.0) for _ in range(5)]
    frame = Frame(0.0, 0.0, 100.0, 100.0)
    assert [len(page) for page in paginate(blocks, frame)] == [4, 1]
    # at 0.6 of the gaps (2.4 mm): 5 x 18 + 4 x 2.4 = 99.6 fits on one page
    (page,) = paginate_snug(blocks, frame)
    assert [p.y_mm for p in page] == pytest.approx([0.0, 20.4, 40.8, 61.2, 81.6])


# --- the duplex calibration sheet
def test_calibration_scales_are_labelled_beside_their_lines():
    from generator.layout.calibration import _scales

    # the X scale 10 mm below the target, the Y scale 10 mm right of it, each reading -6 .. +6 mm
    items = _scales(100.0, 50.0, "A")
    x_label = next(t for t in items if isinstance(t, Text) and t.text == "X")
    assert (x_label.x_mm, x_label.y_mm, x_label.size_pt, x_label.anchor, x_label.baseline) == (
        93.0, 60.4, 7, "end", "middle")
    y_numbers = [(t.x_mm, t.y_mm, t.text, t.baseline) for t in items if isinstance(t, Text) and t.x_mm == 111.2]
    assert y_numbers == [(111.2, 44.0, "−6", "middle"), (111.2, 46.0, "−4", "middle"), (111.2, 48.0, "−2", "middle"),
                         (111.2, 50.0, "0", "middle"), (111.2, 52.0, "2", "middle"), (111.2, 54.0, "4", "middle"),
                         (111.2, 56.0, "6", "middle")]


@pytest.mark.parametrize("duplex, edge", [("long", "the long edge"), ("short", "the short edge")])
def test_calibration_pages_say_how_to_print_and_read_them(duplex, edge):
    from generator.layout.calibration import calibration_pages

    front, back = calibration_pages("A4", (210.0, 297.0), duplex)
    said = lambda page: " ".join(t.text for t in page.items if isinstance(t, Text))  # noqa: E731
    assert (f"1. Print this PDF double-sided on A4 at 100% (actual size, never “fit to page”), flipping on {edge}, "
            "on the paper you will print counters on.") in said(front)
    assert f"Keep flipping on {edge}. Readings of 0,0 mean the backs already line up." in said(back)


def test_a_symbols_words_in_the_builds_language():
    from generator.i18n import Translator
    from generator.layout.symbols import symbol_words

    assert symbol_words("headquarters") == (("HQ", "HQ"),)
    assert symbol_words("HQ", Translator.for_language("es")) == (("HQ", "CG"),)  # warkit.po: HQ -> CG
    assert symbol_words("infantry", Translator.for_language("es")) == ()


# --- rectangular pieces on duplex sheets
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_back_of_a_card_and_its_cut_lines_lie_behind_its_front(duplex):
    from generator.layout.sheets import CUT_STYLE, SheetSpec, TileGroup, impose
    from test_sheets import expected_back, tiles

    # 20 x 30 mm cards: a back is the front's box mirrored about the sheet's middle (long edge)
    # or turned half round about the box's own centre (short edge), never about a square's
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0, duplex=duplex, cell_height_mm=30.0)
    fronts, backs = impose([TileGroup("Cards", (tuple(tiles(3, 20.0)),))], spec, "Cards")

    def boxes(page):
        found = {}
        for g in page.items:
            if isinstance(g, Group) and g.items and isinstance(g.items[0], Use):
                corners = [g.transform.apply(x, y) for x, y in ((0, 0), (20.0, 30.0))]
                xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
                found[g.items[0].symbol_id[1:]] = (round(xs[0], 6), round(ys[0], 6), round(xs[1], 6), round(ys[1], 6))
        return found

    front_boxes, back_boxes = boxes(fronts), boxes(backs)
    assert len(front_boxes) == 3
    for key, box in front_boxes.items():
        assert back_boxes[key] == pytest.approx(expected_back(spec, box))
    cuts = {tuple(round(v, 6) for v in (ln.x1_mm, ln.y1_mm, ln.x2_mm, ln.y2_mm)) for ln in backs.items
            if isinstance(ln, Line) and ln.style == CUT_STYLE}
    for box in front_boxes.values():
        left, top, right, bottom = (round(v, 6) for v in expected_back(spec, box))
        assert {(left, top, right, top), (left, bottom, right, bottom), (left, top, left, bottom),
                (right, top, right, bottom)} <= cuts


def test_a_round_tiles_cut_circle_is_drawn_as_a_cut_line():
    from generator.layout.sheets import CUT_STYLE, SheetSpec, Tile, TileGroup, impose
    from test_sheets import tiles

    (plain,) = tiles(1, 20.0)
    disc = Tile(plain.front, plain.back, plain.symbols, round=True)
    pages = impose([TileGroup("Chits", ((disc,),))], SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0), "Chits")
    circles = [c.style for page in pages for c in page.items if isinstance(c, Circle)]
    assert circles == [CUT_STYLE, CUT_STYLE] and CUT_STYLE == Style(stroke="#404040", stroke_width_mm=0.1)


def test_a_sheet_whose_content_lies_only_in_the_strip_it_shares_is_left_out():
    from generator.layout.tiling import _plan

    # windows 196 mm wide, 10 mm over each other, from x = 0: A at 0-196, B at 186-382, C at
    # 372-568. The second box (x 374-380) lies in B and in the strip C shares with B: B prints it
    plan = _plan((400.0, 200.0), (210.0, 297.0), False, 10.0, (0.0, 0.0, 400.0, 200.0), (0.0, 0.0),
                 [(0.0, 0.0, 100.0, 100.0), (374.0, 10.0, 380.0, 20.0)])
    assert (plan.columns, plan.rows, plan.origin_mm) == (3, 1, (0.0, 0.0))
    assert plan.kept == frozenset({(0, 0), (1, 0)})


def test_more_lines_only_for_clearly_larger_text():
    from generator.layout.text_fit import wrap_to_fit

    # room for 8 pt on one line or on three: no larger size on more lines, so one line
    assert wrap_to_fit("1st Guards Cavalry", "sans", 100.0, 50.0, 8.0) == (("1st Guards Cavalry",), 8.0)


def test_crop_marks_stand_above_the_first_row_and_below_the_last():
    from generator.layout.sheets import SheetSpec, TileGroup, grid_for, impose
    from test_sheets import tiles

    # 20 mm tiles with 1 mm of bleed on A4: a 22 mm pitch, 8 a row (8 x 22 = 176 of the width);
    # 20 tiles fill three rows. The marks start 1 + 1.5 mm outside the block's cut edges and run 3.5 mm
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0, bleed_mm=1.0)
    grid = grid_for(spec)
    (front, _) = impose([TileGroup("all", (tuple(tiles(20, 20.0, 1.0)),))], spec, "t")
    top, bottom = grid.y0_mm, grid.y0_mm + 2 * 22.0 + 20.0  # the first row's cut top, the third's cut bottom
    marks = [(ln.y1_mm, ln.y2_mm) for ln in front.items if isinstance(ln, Line) and ln.x1_mm == ln.x2_mm
             and ln.style == Style(stroke="#000000", stroke_width_mm=0.15) and ln.y1_mm < 250.0]  # not the scale bar
    assert {(round(a, 6), round(b, 6)) for a, b in marks} == {(round(top - 2.5, 6), round(top - 6.0, 6)),
                                                              (round(bottom + 2.5, 6), round(bottom + 6.0, 6))}


def test_crop_marks_tick_the_lane_between_rows_of_other_widths():
    from generator.layout.sheets import SheetSpec, Tile, TileGroup, lay_out, sheet_pages

    def piece(i, width):
        symbol = SymbolDef(f"p{i}", (0, 0, width, 20.0), (Rect(0, 0, width, 20.0),))
        return Tile((Use(symbol.id, 0, 0),), (), (symbol,), size_mm=(width, 20.0))

    # with 1 mm of bleed, eight 20 mm pieces fill a shelf of A4 (194 mm usable: 8 x 20 + 7 x 2);
    # the ninth starts the next shelf, followed by 30 mm pieces: the rows' cuts differ, so each cut
    # of the lower row is ticked in the lane between them, from its middle down to 0.3 mm short
    # of the lower row's bleed
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0, bleed_mm=1.0, duplex="none")
    (sheet,) = lay_out([TileGroup("mixed", (tuple(piece(i, 20.0) for i in range(9)) +
                                            tuple(piece(9 + i, 30.0) for i in range(3)),))], spec, packed=True)
    rows = sorted({round(c.y_mm, 6) for c in sheet.cells})
    assert len(rows) == 2
    upper_bottom = rows[0] + 20.0
    lane_top, lane_bottom = upper_bottom, rows[1]
    middle = (lane_top + lane_bottom) / 2
    upper = {round(v, 6) for c in sheet.cells if round(c.y_mm, 6) == rows[0] for v in (c.x_mm, c.x_mm + c.width_mm)}
    lower = {round(v, 6) for c in sheet.cells if round(c.y_mm, 6) == rows[1] for v in (c.x_mm, c.x_mm + c.width_mm)}
    assert lower - upper  # the 30 mm pieces cut where the 20 mm ones do not
    (page,) = sheet_pages([sheet], spec, "t")
    ticks = {(round(ln.x1_mm, 6), round(ln.y1_mm, 6), round(ln.y2_mm, 6)) for ln in page.items
             if isinstance(ln, Line) and ln.x1_mm == ln.x2_mm and lane_top < ln.y1_mm < lane_bottom}
    assert {(x, round(middle + 0.2, 6), round(lane_bottom - 1.0 - 0.3, 6)) for x in lower} <= ticks
    assert {(x, round(lane_top + 1.0 + 0.3, 6), round(middle - 0.2, 6)) for x in upper} <= ticks
