"""The CRT chart: every result in its row and column (laid-out primitives and the rendered
PDF), rows the die cannot roll marked, shading from the result grammar, and the
probability view (exact chances summing to 1 per column, modified rolls clamped)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from charts_game import context_for, enrich, pdf_words, texts_in
from generator.components import chart_style as cs
from generator.components.crt import build_crt, crt_grid_block, odds_crts
from generator.components.crt_probability import percent, percent_sign, probability_blocks
from generator.components.crt_results import favour_fill
from generator.model.results import read_result, result_order_key
from generator.components.dice import result_chances, roll_distribution, row_chances, rows_outside_die
from generator.layout.frame import box_contains, point_in_box
from generator.layout.primitives import Rect
from generator.fonts.metrics import text_width_mm


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


# A chance and the whole percent printed for it, worked out by hand: a half rounds up, under
# half a percent prints "<1", no chance at all prints a dot.
PERCENT_CASES = [
    (Fraction(0), "·"),
    (Fraction(1, 1000), "<1"),  # 0.1 %
    (Fraction(1, 201), "<1"),  # 0.4975… %: just under the half
    (Fraction(1, 200), "1"),  # exactly 0.5 %: a half, so up to 1 and not "<1"
    (Fraction(1, 40), "3"),  # 2.5 %
    (Fraction(1, 8), "13"),  # 12.5 %
    (Fraction(1, 6), "17"),  # 16.67 %
    (Fraction(1, 3), "33"),  # 33.33 %
    (Fraction(3, 8), "38"),  # 37.5 %
    (Fraction(1, 2), "50"),
    (Fraction(5, 8), "63"),  # 62.5 %
    (Fraction(2, 3), "67"),
    (Fraction(7, 8), "88"),  # 87.5 %
    (Fraction(199, 200), "100"),  # 99.5 %
    (Fraction(1), "100"),
]


@pytest.mark.parametrize(("chance", "printed"), PERCENT_CASES)
def test_percent_rounds_half_up_and_marks_tiny_and_zero(chance, printed):
    assert percent(chance) == printed


@pytest.mark.parametrize(("chance", "printed"), PERCENT_CASES)
def test_percent_sign_rounds_the_same_way(chance, printed):
    expected = printed if printed == "·" else f"{printed}%"
    assert percent_sign(chance) == expected


# The same chances in each language's own spelling: Spanish puts a no-break space before the sign.
LOCALE_PERCENT_CASES = [
    (Fraction(0), "·", "·"),
    (Fraction(1, 1000), "<1%", "<1\u00a0%"),
    (Fraction(1, 200), "1%", "1\u00a0%"),
    (Fraction(1, 8), "13%", "13\u00a0%"),
    (Fraction(2, 3), "67%", "67\u00a0%"),
    (Fraction(199, 200), "100%", "100\u00a0%"),
    (Fraction(1), "100%", "100\u00a0%"),
]


@pytest.mark.parametrize(("chance", "english", "spanish"), LOCALE_PERCENT_CASES)
def test_percent_sign_is_spelled_as_each_language_writes_it(chance, english, spanish):
    from generator.i18n.translator import Translator

    assert percent_sign(chance, Translator("en")) == english
    assert percent_sign(chance, Translator("es")) == spanish


def test_results_are_ordered_from_best_for_the_defender_to_best_for_the_attacker(rich):
    # balance = defender's loss - attacker's loss (E counts 10, a retreat a half); an equal
    # balance puts the result costing the attacker more first; unread cells come last, by text
    table = _crt(rich)
    results = ["0/2R", "Out", "1/1", "0/E", "E/0", "0/0", "2/1", "B/E", "2/2", "0/1", "--"]
    assert sorted(results, key=lambda r: result_order_key(table, r)) == [
        "E/0",  # -10
        "2/1",  # -1
        "2/2", "1/1", "0/0",  # 0, attacker losing 2, 1, 0
        "0/1",  # +1
        "0/2R",  # +2.5
        "0/E", "B/E",  # +10, by text
        "--", "Out",  # not read by the table's grammar
    ]


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


def _columns(block):
    """(left, width) of each column of a grid block, from its first row of cells."""
    first_row = [item for item in block.items if isinstance(item, Rect) and abs(item.y_mm) < 1e-9
                 and item.height_mm < 10]
    return [(round(r.x_mm, 2), round(r.width_mm, 2)) for r in first_row]


def test_the_drm_table_has_value_and_condition_columns_in_each_language(rich):
    from generator.build.components import BuildContext
    from generator.components.crt import drm_block

    block = drm_block(rich, _crt(rich), 100.0)
    (value_left, value_width), (condition_left, condition_width) = _columns(block)
    # the value column as wide as its widest value ('+1 per level'), under the 26 mm cap; the
    # condition the rest of the 100 mm (the rules cited are in the designer appendix)
    assert value_left == 0.0 and 15.0 < value_width < 26.0
    assert condition_left == value_width and condition_width == pytest.approx(100.0 - value_width, abs=0.01)
    texts = [(t.text, t.anchor, t.font, t.size_pt, round(x, 2)) for t, x, _ in texts_in(block.items)]
    centre, start = round(value_width / 2, 2), round(value_width + 0.7, 2)  # 0.7 mm padding
    assert texts == [
        ("DRM", "middle", "sans-bold", 7.5, centre), ("Condition", "start", "sans-bold", 7.5, start),
        ("-1", "middle", "sans-bold", 8.0, centre), ("Defender in a city", "start", "sans", 7.0, start),
        ("-2", "middle", "sans-bold", 8.0, centre),
        ("Defender in a mountain hex or behind a major river crossed", "start", "sans", 7.0, start),
        ("by every attacking unit in the battle", "start", "sans", 7.0, start),
        ("+1 per level", "middle", "sans-bold", 8.0, centre),
        ("Odds above 3:1 (use the 3:1 column)", "start", "sans", 7.0, start),
    ]
    fills = [r.style.fill for r in block.items if isinstance(r, Rect)][:8]
    assert fills == [cs.HEADER_FILL] * 2 + [None] * 2 + [cs.STRIPE] * 2 + [None] * 2  # one header row, then stripes
    spanish = drm_block(BuildContext(rich.game, rich.options, "es"), _crt(rich), 100.0)
    assert [t.text for t, _, _ in texts_in(spanish.items)][:2] == ["MTD", "Condición"]


def test_the_drm_table_caps_a_long_value(mini):
    enrich(mini)
    mini.replace("game.yaml", '{value: "+1 per level", condition: Odds above 3:1 (use the 3:1 column)}',
                 '{value: "+1 per hex of the attacker\'s front line", condition: Odds above 3:1}')
    from generator.components.crt import drm_block

    context = context_for(mini.path)
    # the value column at its 26 mm cap; the condition gets the rest
    assert _columns(drm_block(context, _crt(context), 100.0)) == [(0.0, 26.0), (26.0, 74.0)]


def _rows_of(block):
    """The texts of a grid block row by row (top to bottom), each row left to right."""
    rows: dict[float, list] = {}
    for text, x, y in texts_in(block.items):
        rows.setdefault(round(y, 1), []).append((x, text.text))
    return [[t for _, t in sorted(row)] for _, row in sorted(rows.items())]


def test_the_probability_table_at_net_drm_0_written_out(rich):
    from generator.build.components import BuildContext
    from generator.components.crt_probability import probability_block

    table = _crt(rich)
    # 1d6 at net DRM 0 reads rows 1 to 6, a sixth each; counted by hand from the fixture's
    # cells, column by column. Results from best for the defender to best for the attacker.
    block = probability_block(rich, table, 0, result_chances(table, 0))
    assert _rows_of(block) == [
        ["Net DRM 0"],
        ["Result", "1:2", "1:1", "2:1", "3:1"],
        ["E/0", "17", "·", "·", "·"],
        ["1/0", "33", "33", "·", "·"],
        ["1/1", "33", "33", "33", "·"],
        ["0/1", "17", "33", "33", "33"],
        ["0/2", "·", "·", "17", "17"],
        ["0/2R", "·", "·", "17", "17"],
        ["0/E", "·", "·", "·", "33"],
    ]
    rects = [r for r in block.items if isinstance(r, Rect)]
    title, header, labels = rects[0], rects[1:6], rects[6::5][:7]
    assert title.style.fill == cs.HEADER_FILL and title.width_mm == pytest.approx(sum(r.width_mm for r in header))
    assert [r.style.fill for r in header] == [cs.LABEL_FILL] * 5
    # each result shaded by whom it favours: E/0 and 1/0 the defender, 1/1 even, the rest the attacker
    assert [r.style.fill for r in labels] == [cs.DEFENDER_STRONG, cs.DEFENDER_LIGHT, cs.EVEN, cs.ATTACKER_LIGHT,
                                             cs.ATTACKER_STRONG, cs.ATTACKER_STRONG, cs.ATTACKER_STRONG]
    # the result column at its 9 mm floor or a little over for 'Result'; the four chance columns alike
    widths = [r.width_mm for r in header]
    assert 9.0 <= widths[0] < 10.0
    assert widths[1] == widths[2] == widths[3] == widths[4] and 6.0 < widths[1] < 8.0
    # at +2 rolls 3 to 8 are read; at -1 rolls 1 and 2 both read row 1
    plus_two = _rows_of(probability_block(rich, table, 2, result_chances(table, 2)))
    assert plus_two[0] == ["Net DRM +2"] and plus_two[2:] == [
        ["1/0", "17", "·", "·", "·"],
        ["1/1", "33", "33", "·", "·"],
        ["0/1", "33", "33", "33", "·"],
        ["0/2", "17", "17", "17", "17"],
        ["0/2R", "·", "17", "17", "17"],
        ["0/E", "·", "·", "17", "33"],
        ["B/E", "·", "·", "17", "33"],
    ]
    minus_one = _rows_of(probability_block(rich, table, -1, result_chances(table, -1)))
    assert minus_one[0] == ["Net DRM \u22121"] and minus_one[2] == ["E/0", "33", "·", "·", "·"]
    spanish = BuildContext(rich.game, rich.options, "es")
    assert _rows_of(probability_block(spanish, table, 2, result_chances(table, 2)))[:2] == [
        ["MTD neto +2"], ["Resultado", "1:2", "1:1", "2:1", "3:1"]]


def test_a_defender_first_crt_orders_and_shades_its_results_read_the_other_way(mini):
    from generator.components.crt_probability import probability_block

    enrich(mini)
    mini.replace("game.yaml", "(?P<attacker>\\d|E|B)/(?P<defender>\\d|E)", "(?P<defender>\\d|E|B)/(?P<attacker>\\d|E)")
    context = context_for(mini.path)
    table = _crt(context)
    block = probability_block(context, table, 0, result_chances(table, 0))
    # read as defender/attacker: 'E/0' eliminates the defender, '0/E' the attacker; a retreat
    # still costs the defender a half: 0/2 is -2, 0/2R is -1.5
    assert [row[0] for row in _rows_of(block)[2:]] == ["0/E", "0/2", "0/2R", "0/1", "1/1", "1/0", "E/0"]
    labels = [r for r in block.items if isinstance(r, Rect)][6::5][:7]
    # a margin of 2 or more is decisive: -10 and -2 strong, -1.5 and -1 light
    assert [r.style.fill for r in labels] == [cs.DEFENDER_STRONG, cs.DEFENDER_STRONG, cs.DEFENDER_LIGHT,
                                             cs.DEFENDER_LIGHT, cs.EVEN, cs.ATTACKER_LIGHT, cs.ATTACKER_STRONG]


def test_the_modified_roll_is_clamped_to_the_declared_limits_not_the_rows(mini):
    rows = [str(n) for n in range(1, 9)]
    sixth = Fraction(1, 6)
    assert row_chances("1d6", rows) == [sixth] * 6 + [0, 0]  # no modifier unless one is given
    # declared limits 1-7 on rows 1-8: at +5 a 1 reads row 6, a 2 to a 6 (7-11) count as 7
    assert row_chances("1d6", rows, 5, 1, 7) == [0] * 5 + [sixth, 5 * sixth, 0]
    enrich(mini)
    mini.replace("game.yaml", "    roll_max: 8\n", "    roll_max: 7\n")
    context = context_for(mini.path)
    table = _crt(context)
    assert result_chances(table)[0] == {"E/0": sixth, "1/0": 2 * sixth, "1/1": 2 * sixth, "0/1": sixth}
    assert result_chances(table, 5)[3] == {"0/E": sixth, "B/E": 5 * sixth}  # row 8 (B/E too) never read
    # in the 1:2 column rows 7 and 8 differ (0/1, 0/2): only row 7's result is ever read
    assert result_chances(table, 5)[0] == {"0/1": 1}


def _headlines(blocks):
    """Each block's first line of text (None for a block without text), its page break
    before and whether it keeps with the next block."""
    out = []
    for block in blocks:
        texts = [t.text for t, _, _ in texts_in(block.items)]
        out.append((texts[0] if texts else None, block.page_break_before, block.keep_with_next))
    return out


def test_a_crts_section_reads_title_source_grid_modifiers_notes_and_chances_in_each_language(mini):
    from generator.build.components import BuildContext
    from generator.components.crt import combat_table_blocks

    enrich(mini)
    mini.replace("game.yaml", "    dice: 1d6\n", "    dice: 1d6\n    source: rule 13\n")
    english = context_for(mini.path)
    spanish = BuildContext(english.game, english.options, "es")
    table = _crt(english)
    blocks = combat_table_blocks(english, table, 190.0)
    # the source goes to the designer appendix, not under the title
    assert [t.text for t, _, _ in texts_in(blocks[0].items)] == ["Combat Results Table", "1d6"]
    assert _headlines(blocks) == [
        ("Combat Results Table", False, True),
        ("Odds (attacker to defender)", False, False),
        ("Die roll modifiers", False, True), ("DRM", False, False),
        ("Terrain effects on combat", False, True), ("Terrain", False, False),
        ("Notes", False, True), ("•", False, False), ("•", False, False),
        ("Combat Results Table: chance of each result (%)", False, True),
        ("Rolling 1d6; the modified roll counts as 1 when lower and 8 when higher. Percentages are rounded.",
         False, True),
        ("Net DRM \u22122", False, False),  # five tables in one row
    ]
    assert _headlines(combat_table_blocks(spanish, table, 190.0))[9:11] == [
        ("Tabla de Resultados del Combate: probabilidad de cada resultado (%)", False, True),
        ("Se tira 1d6; la tirada modificada cuenta como 1 si es menor y como 8 si es mayor. "
         "Porcentajes redondeados.", False, True)]
    assert [t.text for t, _, _ in texts_in(combat_table_blocks(spanish, table, 190.0)[0].items)] == [
        "Tabla de Resultados del Combate", "1d6"]
    # as a section of a player aid: a smaller heading on a new page, the subtitle apart, no chances
    section = combat_table_blocks(english, table, 190.0, heading=True, new_page=True, probabilities=False)
    assert _headlines(section) == [
        ("Combat Results Table", True, True), ("1d6", False, True),
        ("Odds (attacker to defender)", False, False),
        ("Die roll modifiers", False, True), ("DRM", False, False),
        ("Terrain effects on combat", False, True), ("Terrain", False, False),
        ("Notes", False, True), ("•", False, False), ("•", False, False),
    ]
    assert [t.size_pt for t, _, _ in texts_in(section[0].items)] == [10.0]
    assert [t.size_pt for t, _, _ in texts_in(blocks[0].items)] == [14.0, 7.0]



def test_a_crt_by_default_is_shaded_keyed_and_followed_by_its_chances(rich):
    from generator.components.crt import crt_blocks

    blocks = crt_blocks(rich, _crt(rich), 190.0)
    assert [line for line, _, _ in _headlines(blocks)][:3] == ["Combat Results Table", "Odds (attacker to defender)",
                                                               "Die roll modifiers"]
    assert "Combat Results Table: chance of each result (%)" in [line for line, _, _ in _headlines(blocks)]
    assert not blocks[0].page_break_before
    from generator.layout.primitives import Group

    def fills(items):
        for item in items:
            if isinstance(item, Group):
                yield from fills(item.items)
            elif isinstance(item, Rect):
                yield item.style.fill

    grid = next(b for b in blocks if "result:0:0" in b.anchors)
    shades = set(fills(grid.items))  # the cells shaded by whom each result favours
    assert {cs.DEFENDER_STRONG, cs.DEFENDER_LIGHT, cs.EVEN, cs.ATTACKER_LIGHT, cs.ATTACKER_STRONG} <= shades


@pytest.mark.parametrize("language, chance, modifiers", [("en", "Net DRM +2", "Die roll modifiers"),
                                                          ("es", "MTD neto +2", "Modificadores a la tirada del dado")])
def test_kit_holds_only_the_chances_when_every_aid_prints_the_crt(language, chance, modifiers):
    """WEF's player aids both print its CRT (grid, modifiers, notes) and the TEC: crt.pdf is
    written but kept out of kit.pdf, which takes crt-chances.pdf, the chance of each result
    alone (no grid, no modifiers, no terrain: printed in the aids)."""
    import io

    import pypdf

    from test_charts_fit import _context

    files = {f.name: f for f in build_crt(_context("when-eagles-fight", language))}
    assert sorted(name for name in files if name.endswith(".pdf")) == ["crt-chances.pdf", "crt.pdf"]
    assert not files["crt.pdf"].in_kit and files["crt-chances.pdf"].in_kit
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(files["crt-chances.pdf"].data)).pages)
    full = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(files["crt.pdf"].data)).pages)
    assert chance in text and chance in full
    assert modifiers in full and modifiers not in text
    assert files["crt-chances.pdf"].pages == 1


def test_a_build_of_the_crt_alone_writes_the_whole_chart_and_no_chances():
    """`--only crt` makes no kit: crt.pdf is the chart, with its chances, and nothing else."""
    from test_charts_fit import _context

    files = build_crt(_context("when-eagles-fight", "en", only=("crt",)))
    assert sorted(f.name for f in files) == ["crt.pdf", "crt.svg"]  # one page: its SVG twin too
    assert files[0].in_kit and "chance of each result" in "".join(w for w, _, _ in pdf_words(files[0].data))


def test_the_chances_of_one_table_alone_are_not_headed_twice():
    """A chances document of one table's chances alone is titled by what it holds: the
    table's own heading ("…: chance of each result (%)") is left out under it (GE: one CRT).
    The whole chart, several parts under one title, keeps the heading."""
    import io

    import pypdf

    from test_charts_fit import _context

    for language, heading, title in (("en", "Combat Results Table: chance of each result (%)",
                                      "Combat results: chance of each result"),
                                     ("es", "probabilidad de cada resultado (%)",
                                      "Resultados del combate: probabilidad de cada resultado")):
        files = {f.name: f for f in build_crt(_context("glorys-end", language))}
        chances = pypdf.PdfReader(io.BytesIO(files["crt-chances.pdf"].data)).pages[0].extract_text()
        whole = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(files["crt.pdf"].data)).pages)
        assert title in chances and heading not in chances, language
        assert heading in whole, language



def test_the_chances_of_every_net_drm_share_one_row_naming_the_results_once(mini):
    enrich(mini)
    context = context_for(mini.path)
    table = _crt(context)
    blocks = probability_blocks(context, table, 190.0)
    (row,) = blocks[2:]
    texts = [t.text for t, _, _ in texts_in(row.items)]
    assert texts.count("Result") == 1 and row.width_mm <= 190.0
    assert [x for x in texts if x.startswith("Net DRM")] == [
        "Net DRM \u22122", "Net DRM \u22121", "Net DRM 0", "Net DRM +1", "Net DRM +2"]
    # each DRM's table has a row for every result any DRM gives: the rows line up across
    assert texts.count("\u00b7") > 0 and texts.count("E/0") == 1
    # a page too narrow for one row: a table per DRM, as many to a row as fit, each naming the results
    narrow = probability_blocks(context, table, 120.0)
    names = [t.text for block in narrow[2:] for t, _, _ in texts_in(block.items)]
    assert len(narrow[2:]) > 1 and names.count("Result") == 5


def test_the_chances_say_once_what_they_assume_when_every_table_assumes_the_same():
    from test_charts_fit import _context
    from generator.components.crt import chances_document

    context = _context("great-war-near-east", "en")  # two CRTs, both on 1d6 clamped to 0-6
    _, pages = chances_document(context, terrain=False)
    text = "".join(t.text for page in pages for t, _, _ in texts_in(page.items))
    assert text.count("Rolling 1d6; the modified roll counts as 0 when lower and 6 when higher.") == 1
    assert text.count("chance of each result (%)") == 2 and len(pages) == 1
