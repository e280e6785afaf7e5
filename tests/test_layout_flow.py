"""Word wrap, column fitting, and flowing blocks into frames and pages."""

from __future__ import annotations

import pytest

from generator.layout.blocks import (
    Block,
    draw_in_frame,
    fill_frame,
    fill_last_page,
    paginate,
    paginate_snug,
    side_by_side,
    stacked_within,
)
from generator.layout.frame import Frame
from generator.layout.grid import Cell, fit_widths, grid_block, shortest_widths, table_height_mm
from generator.fonts.metrics import text_width_mm
from generator.layout.wrap import paragraph, wrap_text

LOREM = ("Units retreating into a friendly hex that is attacked later in the same phase add nothing "
         "to its defence and are eliminated if it takes any loss.")


@pytest.mark.parametrize("width", [12.0, 30.0, 80.0])
def test_wrapped_lines_fit_and_keep_every_word(width):
    lines = wrap_text(LOREM, "sans", 8.0, width)
    assert all(text_width_mm(line, "sans", 8.0) <= width + 1e-6 for line in lines)
    assert "".join(lines).replace(" ", "") == LOREM.replace(" ", "")  # words cut only when too long
    if width >= 30:
        assert " ".join(lines).split() == LOREM.split()


def test_a_word_longer_than_the_line_is_cut_after_a_hyphen_or_slash():
    lines = wrap_text("Brest-Litovsk/Kovel", "sans", 8.0, 15.0)
    assert "".join(lines) == "Brest-Litovsk/Kovel"
    assert lines[0].endswith(("-", "/"))
    assert all(text_width_mm(line, "sans", 8.0) <= 15.0 + 1e-6 for line in lines)


def test_a_line_never_breaks_at_an_equals_sign():
    text = "ataque entre defensa redondeado hacia abajo (3,7 = 3:1); con mala proporción"
    for width in (20.0, 25.0, 30.0, 40.0, 60.0):
        lines = wrap_text(text, "sans", 7.0, width)
        assert " ".join(lines).split() == text.split()
        assert not any(line.startswith("=") or line.endswith("=") for line in lines), lines
    # a glued phrase too long for the line is cut at its spaces, never inside a word
    assert wrap_text("(3,7 = 3:1);", "sans", 7.0, 8.0) == ["(3,7 =", "3:1);"]


def test_newlines_are_kept_and_empty_text_is_one_empty_line():
    assert wrap_text("a\nb", "sans", 8.0, 50.0) == ["a", "b"]
    assert wrap_text("", "sans", 8.0, 50.0) == [""]


def test_paragraph_height_grows_with_lines():
    one = paragraph(0, 0, 200, "short", size_pt=8)
    many = paragraph(0, 0, 30, LOREM, size_pt=8)
    assert len(many.items) == len(many.lines) > 1
    assert many.height_mm == pytest.approx(one.height_mm * len(many.lines))


def test_fit_widths_keeps_natural_widths_that_fit_and_shrinks_the_wide_ones():
    assert fit_widths([10, 20], 50) == [10, 20]
    widths = fit_widths([10, 100], 60, [10, 20])
    assert widths == pytest.approx([10, 50])
    assert sum(fit_widths([30, 30], 20, [15, 15])) == pytest.approx(20)


def test_shortest_widths_give_the_width_to_the_column_whose_rows_it_shortens():
    """A flags column whose phrase fits one line at 50 mm beside a long text: the usual way
    (narrow columns their natural width, the text the rest: 39 mm) makes every row seven
    lines of text; the shortest widths wrap the phrase and give the text about 70 mm, four
    lines a row."""
    flags = "Played when drawn (yellow band)"
    rows = [[Cell("Title"), Cell("Flags"), Cell("Text")]] + [[Cell(f"Card {n}"), Cell(flags), Cell(LOREM)]
                                                             for n in range(6)]
    least, natural = [8.9, 12.3, 17.2], [11.4, 49.8, 201.4]  # longest words, one line (8 pt sans)
    usual = [11.4, 49.8, 100.0 - 61.2]
    widths = shortest_widths(rows, least, natural, 100.0)
    assert sum(widths) == pytest.approx(100.0)
    assert all(w >= m - 1e-6 for w, m in zip(widths, least))
    assert widths[2] > 65.0 and widths[1] < 30.0
    assert table_height_mm(rows, widths) < 0.7 * table_height_mm(rows, usual)
    assert len(wrap_text(LOREM, "sans", 8.0, widths[2] - 2.0)) == 4
    assert len(wrap_text(LOREM, "sans", 8.0, usual[2] - 2.0)) == 7


def test_grid_rows_grow_to_hold_wrapped_text_and_anchor_every_cell():
    block = grid_block([[Cell("a"), Cell(LOREM)], [Cell("b", span=2)]], [10.0, 30.0])
    assert block.width_mm == 40.0
    first = block.anchors["cell:0:1"]
    assert first[3] - first[1] > 10.0  # several lines
    assert block.anchors["cell:1:0"] == (0.0, first[3], 40.0, block.height_mm)


def _block(height, **kw):
    return Block(50.0, height, (), **kw)


def test_fill_frame_stops_at_the_bottom_and_returns_the_rest():
    frame = Frame(0, 0, 100, 100)
    placed, rest = fill_frame([_block(40), _block(40), _block(40)], frame, gap_mm=5)
    assert [p.y_mm for p in placed] == [0, 45]
    assert len(rest) == 1


def test_a_heading_moves_on_with_what_follows():
    frame = Frame(0, 0, 100, 100)
    blocks = [_block(70), _block(10, keep_with_next=True), _block(40)]
    pages = paginate(blocks, frame)
    assert [len(p) for p in pages] == [1, 2]


def test_page_break_before_starts_a_new_frame():
    pages = paginate([_block(10), _block(10, page_break_before=True)], Frame(0, 0, 100, 100))
    assert [len(p) for p in pages] == [1, 1]


def test_a_new_part_follows_on_a_page_it_would_leave_under_a_fifth_full():
    """A table's notes (15 mm) spilling onto a page of their own: the next table, which asks
    for a page of its own, follows them there rather than leave that page 15 % full."""
    frame = Frame(0, 0, 100, 100)
    blocks = [_block(90), _block(15), _block(60, page_break_before=True), _block(30, page_break_before=True)]
    assert [len(p) for p in paginate(blocks, frame)] == [1, 1, 1, 1]
    snug = paginate_snug(blocks, frame)
    assert [[p.block.height_mm for p in page] for page in snug] == [[90], [15, 60], [30]]
    # a page a fifth full or more keeps the break: the part starts its own page
    kept = paginate_snug([_block(90), _block(25), _block(60, page_break_before=True)], frame)
    assert [len(p) for p in kept] == [1, 1, 1]


def test_narrower_gaps_save_a_page_and_no_gaps_only_a_sparse_one():
    """Blocks of 30, 30 and 37.5 mm with 4 mm gaps overrun a 100 mm frame by 5.5 mm: at 30 %
    of the gaps (1.2 mm) they fit one page, though the last page would have held 37.5 %.
    With 39.5 mm they fit only without gaps, which is kept for a last page under a fifth."""
    frame = Frame(0, 0, 100, 100)
    fits = paginate_snug([_block(30), _block(30), _block(37.5)], frame, 4.0)
    assert [len(p) for p in fits] == [3]
    assert [round(p.y_mm, 1) for p in fits[0]] == [0.0, 31.2, 62.4]
    kept = paginate_snug([_block(30), _block(30), _block(39.5)], frame, 4.0)
    assert [len(p) for p in kept] == [2, 1]
    sparse = paginate_snug([_block(45), _block(45), _block(9.5)], frame, 4.0)  # 9.5 % alone: no gaps
    assert [len(p) for p in sparse] == [3]


def test_gaps_narrowed_to_leave_a_line_alone_go_on_narrowing_no_further_than_needed():
    """40, 25, 25 and 8 mm with 6 mm gaps: the usual last page holds 25 + 8 (a third); at 30 %
    of the gaps it would hold the 8 mm alone, so the gaps go on narrowing, and at 10 % (0.6 mm,
    not none) all four fit one page."""
    frame = Frame(0, 0, 100, 100)
    blocks = [_block(40), _block(25), _block(25), _block(8)]
    assert [len(p) for p in paginate(blocks, frame, 6.0)] == [2, 2]
    (page,) = paginate_snug(blocks, frame, 6.0)
    assert [round(p.y_mm, 1) for p in page] == [0.0, 40.6, 66.2, 91.8]


def test_a_last_page_followed_by_more_is_filled_from_the_page_before():
    """Rows of 20 mm in a 100 mm frame: 5 + 1; the last page (20 %) takes two rows more
    from the page before when a quarter is asked, both pages still a quarter full or more."""
    frame = Frame(0, 0, 100, 100)
    blocks = [_block(20) for _ in range(6)]
    pages = paginate(blocks, frame)
    assert [len(p) for p in pages] == [5, 1]
    filled = fill_last_page(blocks, pages, frame, least=0.25)
    assert [len(p) for p in filled] == [4, 2]
    assert fill_last_page(blocks, pages, frame, least=0.2) is pages  # a fifth: already enough
    # the page before cannot give without falling under the share itself: left as it was
    short = [_block(30), _block(10)]
    assert fill_last_page(short, paginate(short, Frame(0, 0, 100, 35)), Frame(0, 0, 100, 35), least=0.5) \
        == paginate(short, Frame(0, 0, 100, 35))


def test_blocks_kept_whole_on_a_page_take_narrower_gaps_before_they_spill():
    """Three 32 mm rows with a 4 mm gap and a 2.5 mm row gap of their own (102.5 mm) in a
    100 mm frame: set with 0.6 of both gaps (99.9 mm) they stay whole; two 47 mm blocks 5 mm
    apart fit 95.8 mm at 0.3 of the gap (95.5 mm); 99 mm of blocks do not fit 100 mm at any
    share tried (0.3 of 5 mm is still 1.5 mm)."""
    rows = [_block(32, gap_after_mm=2.5), _block(32), _block(32)]
    whole = stacked_within(rows, 4.0, 100.0)
    assert whole is not None and whole.height_mm == pytest.approx(96 + 1.5 + 2.4)
    assert stacked_within(rows, 4.0, 102.5).height_mm == pytest.approx(102.5)  # the usual gaps when they fit
    tight = stacked_within([_block(47), _block(47)], 5.0, 95.8)
    assert tight is not None and tight.height_mm == pytest.approx(95.5)
    assert stacked_within([_block(50), _block(49)], 5.0, 100.0) is None


def test_a_block_too_big_for_an_empty_frame_is_scaled_down():
    frame = Frame(10, 10, 100, 100)
    (placed,), rest = fill_frame([Block(200.0, 50.0, ())], frame)
    assert placed.scale == 0.5 and not rest


def test_draw_in_frame_reports_the_height_used():
    items, used, rest = draw_in_frame([_block(20), _block(30)], Frame(5, 5, 100, 100), gap_mm=2)
    assert len(items) == 2 and used == 52 and rest == []


def test_side_by_side_fills_rows_and_moves_anchors():
    blocks = [Block(40.0, 10.0, (), {f"b{i}": (0, 0, 40, 10)}) for i in range(5)]
    rows = side_by_side(blocks, 100.0, 5.0)
    assert [len(r.anchors) for r in rows] == [2, 2, 1]
    assert rows[0].anchors["b1"] == (45.0, 0, 85.0, 10)


def test_a_flowing_table_breaks_between_rows_and_repeats_its_header():
    from generator.layout.grid import flowing_grid
    from generator.layout.primitives import Rect, Text

    header = [Cell("Name", name="head"), Cell("Text")]
    rows = [header] + [[Cell(f"row {n}", name=f"row:{n}"), Cell(LOREM if n % 7 == 0 else "short")]
                       for n in range(80)]
    heading = Block(80.0, 10.0, (), keep_with_next=True)
    table = flowing_grid(rows, [30.0, 60.0], header_rows=1)
    frame = Frame(10.0, 10.0, 100.0, 120.0)
    pages = paginate([heading, table], frame, 2.0)
    assert len(pages) > 2
    assert pages[0][0].block is heading and len(pages[0]) == 2  # the heading keeps the table's first rows
    seen = []
    for placements in pages:
        for placement in placements:
            assert placement.scale == 1.0  # broken, never shrunk
            assert placement.y_mm + placement.block.height_mm <= frame.y_mm + frame.height_mm + 1e-6
        part = placements[-1].block
        assert "head" in part.anchors  # every part starts with the header
        texts = [item.text for item in part.items if isinstance(item, Text)]
        assert texts[:2] == ["Name", "Text"]
        seen += sorted((int(name.split(":")[1]) for name in part.anchors if name.startswith("row:")))
    assert seen == list(range(80))  # every row once, in order
    # the stripes run on across the break: row n is striped when n is odd
    second = pages[1][-1].block
    first_row = min(int(name.split(":")[1]) for name in second.anchors if name.startswith("row:"))
    top = second.anchors[f"row:{first_row}"]
    fills = [item.style.fill for item in second.items
             if isinstance(item, Rect) and (item.x_mm, item.y_mm, item.width_mm) == (top[0], top[1], 30.0)]
    assert fills == (["#f0f0f0"] if first_row % 2 == 1 else [None])


def test_a_table_too_tall_for_any_frame_that_cannot_break_is_scaled():
    tall = grid_block([[Cell("x")] for _ in range(60)], [20.0])
    pages = paginate([tall], Frame(0.0, 0.0, 50.0, 100.0))
    assert len(pages) == 1 and pages[0][0].scale < 1.0
