"""The CRT chart: every result in its row and column (laid-out primitives and the rendered
PDF), rows the die cannot roll marked, shading from the result grammar, and the
probability view (exact chances summing to 1 per column, modified rolls clamped)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from charts_game import context_for, enrich, pdf_words, texts_in
from generator.components import chart_style as cs
from generator.components.crt import build_crt, crt_grid_block, odds_crts
from generator.components.crt_probability import percent, probability_blocks
from generator.components.crt_results import favour_fill
from generator.model.results import read_result
from generator.components.dice import result_chances, roll_distribution, row_chances, rows_outside_die
from generator.layout.frame import box_contains, point_in_box
from generator.layout.primitives import Rect
from generator.layout.text_metrics import text_width_mm


@pytest.fixture
def rich(mini):
    return context_for(enrich(mini))


def _crt(context):
    return odds_crts(context.game)[0]


def _text_box(text, x, y):
    """Left, right of a text item's advance and its baseline."""
    width = text_width_mm(text.text, text.font, text.size_pt)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[text.anchor]
    return left, left + width


def test_each_result_sits_in_its_own_cell(rich):
    table = _crt(rich)
    block = crt_grid_block(rich, table, 190.0)
    texts = texts_in(block.items)
    for r, row in enumerate(table.cells):
        for c, result in enumerate(row):
            box = block.anchors[f"result:{r}:{c}"]
            inside = [t for t, x, y in texts if point_in_box(box, x, y)]
            assert [t.text for t in inside] == [result], (r, c)
            left, right = _text_box(inside[0], inside[0].x_mm, inside[0].y_mm)
            assert box[0] <= left and right <= box[2]
        label_box = block.anchors[f"row:{r}"]
        assert [t.text for t, x, y in texts if point_in_box(label_box, x, y)] == [table.rows[r]]
        # Same row: cell boxes share top and bottom with the row label.
        assert all(block.anchors[f"result:{r}:{c}"][1::2] == label_box[1::2] for c in range(len(row)))
    for c, column in enumerate(table.columns):
        header = block.anchors[f"column:{c}"]
        assert all(block.anchors[f"result:{r}:{c}"][0::2] == header[0::2] for r in range(len(table.rows)))


def test_rendered_pdf_puts_each_result_under_its_column_and_beside_its_roll(rich):
    table = _crt(rich)
    pdf = build_crt(rich)[0].data
    words = pdf_words(pdf, 0)
    column_x = {}
    for c, column in enumerate(table.columns):
        (x, y), = [(x, y) for text, x, y in words if text == column][:1]
        column_x[c] = x + text_width_mm(column, "sans-bold", cs.BODY_PT + 1) / 2
    header_y = y
    for r, label in enumerate(table.rows):
        row_y = [y for text, x, y in words if text == label and y > header_y][0]
        grid_right = column_x[len(table.columns) - 1] + 10.0  # the keys stand to the right of the grid
        found = sorted((x, text) for text, x, y in words if abs(y - row_y) < 0.3 and text != label and x < grid_right)
        assert [text for _, text in found] == table.cells[r]
        for c, (x, text) in enumerate(found):
            centre = x + text_width_mm(text, "sans-bold", 9.0) / 2
            assert abs(centre - column_x[c]) < 0.3, (label, text)


def test_rows_beyond_the_die_are_marked_as_modified_rolls(rich):
    table = _crt(rich)
    assert rows_outside_die(table.rows, table.dice) == [False] * 6 + [True, True]
    block = crt_grid_block(rich, table, 190.0)
    fills = {r: [i.style.fill for i in block.items if isinstance(i, Rect) and i.style.fill and
                 (i.x_mm, i.y_mm) == block.anchors[f"row:{r}"][:2]] for r in range(len(table.rows))}
    assert all(fills[r] == [cs.LABEL_FILL] for r in range(6))
    assert fills[6] == fills[7] == [cs.MODIFIED_FILL]
    words = [t.text for t, _, _ in texts_in(build_crt_blocks_items(rich))]
    assert any("Modified rolls only (7, 8)" in w for w in words)


def build_crt_blocks_items(context):
    from generator.components.crt import crt_key_blocks

    return [item for block in crt_key_blocks(context, _crt(context), 190.0) for item in block.items]


@pytest.mark.parametrize("result, attacker, defender, favours", [
    ("1/1", 1, 1, "even"), ("E/0", 10, 0, "defender"), ("0/2R", 0, 2.5, "attacker"),
    ("B/E", 0, 10, "attacker"), ("2/1", 2, 1, "defender"),
])
def test_results_are_read_as_the_tables_grammar_declares(rich, result, attacker, defender, favours):
    outcome = read_result(_crt(rich), result)  # attacker/defender, E: loss all, B: loss 0, R: half a loss
    assert (outcome.attacker_loss, outcome.defender_loss, outcome.favours) == (attacker, defender, favours)


def test_shading_follows_who_the_result_favours(rich):
    table = _crt(rich)
    assert favour_fill(table, "E/0") == cs.DEFENDER_STRONG
    assert favour_fill(table, "1/0") == cs.DEFENDER_LIGHT
    assert favour_fill(table, "1/1") == cs.EVEN
    assert favour_fill(table, "0/1") == cs.ATTACKER_LIGHT
    assert favour_fill(table, "0/E") == favour_fill(table, "B/E") == cs.ATTACKER_STRONG
    assert favour_fill(table, "Out") is None


def test_dice_distributions_are_exact():
    assert roll_distribution("1d6") == {n: Fraction(1, 6) for n in range(1, 7)}
    two = roll_distribution("2d6")
    assert two[7] == Fraction(6, 36) and two[2] == two[12] == Fraction(1, 36) and sum(two.values()) == 1
    assert roll_distribution("none") == {}


@pytest.mark.parametrize("drm", [-2, -1, 0, 1, 2, 5, -5])
def test_probability_view_sums_to_one_per_column(rich, drm):
    chances = result_chances(_crt(rich), drm)
    assert len(chances) == 4
    assert all(sum(column.values()) == 1 for column in chances)


def test_modified_roll_is_clamped_to_the_table_limits(rich):
    table = _crt(rich)
    # +5 on 1d6: a 1 reads row 6, a 2 row 7, 3-6 would be 8-11 and count as 8.
    assert row_chances(table.dice, table.rows, 5, table.roll_min, table.roll_max) == [0] * 5 + [
        Fraction(1, 6), Fraction(1, 6), Fraction(4, 6)]
    at_minus_three = result_chances(table, -3)[3]  # 3:1: rolls 1-4 read row 1 (0/1), 5 row 2, 6 row 3
    assert at_minus_three == {"0/1": Fraction(5, 6), "0/2": Fraction(1, 6)}


def test_probability_tables_print_the_chances(rich):
    table = _crt(rich)
    blocks = probability_blocks(rich, table, 190.0)
    checked = 0
    for block in blocks:  # anchors are in the coordinates of the block that holds them
        texts = [(t.text, x, y) for t, x, y in texts_in(block.items)]
        for drm in (-2, -1, 0, 1, 2):
            for c, column in enumerate(result_chances(table, drm)):
                for result, chance in column.items():
                    box = block.anchors.get(f"p:{drm}:{result}:{c}")
                    if box:
                        assert [text for text, x, y in texts if point_in_box(box, x, y)] == [percent(chance)]
                        checked += 1
    assert checked == sum(len(column) for drm in (-2, -1, 0, 1, 2) for column in result_chances(table, drm))


def test_percent_rounds_half_up_and_marks_tiny_and_zero():
    assert [percent(Fraction(n, 6)) for n in range(7)] == ["·", "17", "33", "50", "67", "83", "100"]
    assert percent(Fraction(1, 1000)) == "<1"


def test_crt_pages_are_on_the_papers_size_and_fit_inside_the_margins(rich):
    from generator.components.chart_document import chart_pages, content_frame
    from generator.components.crt import crt_blocks
    from generator.layout.blocks import paginate

    frame = content_frame(rich)
    blocks = crt_blocks(rich, _crt(rich), frame.width_mm)
    for page in paginate(blocks, frame, cs.BLOCK_GAP_MM):
        for placement in page:
            assert placement.scale == 1.0
            x1, y1 = placement.x_mm, placement.y_mm
            box = (x1, y1, x1 + placement.block.width_mm, y1 + placement.block.height_mm)
            assert box_contains(frame.box, box)
    pages = chart_pages(rich, "CRT", blocks)
    assert {(p.width_mm, p.height_mm) for p in pages} == {(210.0, 297.0)}
