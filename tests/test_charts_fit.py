"""Every chart of both sample games, in English and in Spanish: nothing is drawn outside the
page's margins (text measured with the bundled fonts, shapes with half their stroke), the
keys beside a table stay beside it only when they fit, and the game's words are printed in
the build's language (the Spanish PDFs read Spanish, the English ones English)."""

from __future__ import annotations

import pathlib
from fractions import Fraction

import pytest

from charts_game import drawn_boxes, pdf_words, texts_in
from generator.components.decks.summary import summary_document
from generator.build.components import BuildContext
from generator.build.options import BuildOptions
from generator.components import chart_style as cs
from generator.components.crt import build_crt, crt_document, grid_with_keys, odds_crts
from generator.components.crt_probability import percent, percent_sign
from generator.components.dice_tables import build_tables, tables_document
from generator.components.sequence_of_play import build_sequence, sequence_document
from generator.components.table_keys import swatch_key_block
from generator.components.text import rule_references
from generator.components.turn_track import build_turn_track, track_sections
from generator.io.loader import load_game
from generator.layout.blocks import Block, beside_or_below
from generator.layout.primitives import Text

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
GAMES = ["when-eagles-fight", "glorys-end", "blitz-in-the-east"]
STROKE_MM = 0.25  # a rule drawn on the margin may spill half its width (0.2 mm for the grid frame)


def _game(name):
    if not (DATA / name / "game.yaml").exists():
        pytest.skip(f"sample game {name} not in this checkout")
    return _loaded(name)


_CACHE: dict = {}


def _loaded(name):
    if name not in _CACHE:
        loaded = load_game(DATA / name)
        assert loaded.game is not None and not loaded.report.errors
        _CACHE[name] = loaded.game
    return _CACHE[name]


def _context(name, language, **options) -> BuildContext:
    game = _game(name)
    defaults = dict(out_dir=pathlib.Path("unused"), paper=game.spec.print.paper,
                    counter_size_mm=game.spec.print.counter_size_mm)
    defaults.update(options)
    return BuildContext(game, BuildOptions(**defaults), language)


def _chart_pages(context):
    """(chart, page number, page) for every page of every chart."""
    documents = [("crt", crt_document(context)[1]), ("tables", tables_document(context)[1]),
                 ("sequence-of-play", sequence_document(context)[1]),
                 ("deck-summary", summary_document(context)[1])]
    documents += [(f"turn-track {s.scenario_id if s else ''}", pages) for s, pages in track_sections(context)]
    return [(chart, n, page) for chart, pages in documents for n, page in enumerate(pages, start=1)]


def _outside(page, margin_mm):
    inside = (margin_mm, margin_mm, page.width_mm - margin_mm, page.height_mm - margin_mm)
    bad = []
    for item, (left, top, right, bottom) in drawn_boxes(page):
        slack = 1e-6 if isinstance(item, Text) else STROKE_MM
        if (left < inside[0] - slack or top < inside[1] - slack
                or right > inside[2] + slack or bottom > inside[3] + slack):
            what = repr(item.text) if isinstance(item, Text) else type(item).__name__
            bad.append(f"{what} at ({left:.1f}, {top:.1f})–({right:.1f}, {bottom:.1f})")
    return bad


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_chart_page_keeps_inside_the_margins(game, language):
    context = _context(game, language)
    pages = _chart_pages(context)
    expected = {"crt", "tables", "sequence-of-play", "turn-track"}
    expected |= {"deck-summary"} if context.game.spec.decks else set()
    assert {chart.split()[0] for chart, _, _ in pages} == expected
    problems = [f"{chart} p{n}: {what}" for chart, n, page in pages for what in _outside(page, cs.MARGIN_MM)]
    assert problems == []


@pytest.mark.parametrize("paper", ["Letter", "A3"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_charts_keep_inside_the_margins_on_other_papers(paper, language):
    for game in GAMES:
        context = _context(game, language, paper=paper)
        problems = [f"{game} {chart} p{n}: {what}" for chart, n, page in _chart_pages(context)
                    for what in _outside(page, cs.MARGIN_MM)]
        assert problems == []


@pytest.mark.parametrize("counter_mm", [12.7, 25.4])
@pytest.mark.parametrize("language", ["en", "es"])
def test_text_stays_inside_its_turn_box_or_table_cell(language, counter_mm):
    """Within the page, too: every text starting in a turn box, a table cell or a key entry
    ends there (a longer Spanish word wraps or shrinks; it does not spill into the next box)."""
    from generator.components.chart_document import content_frame
    from generator.components.crt import crt_blocks
    from generator.components.dice_tables import dice_table_blocks, dice_tables
    from generator.components.turn_track import selected_scenarios, turn_track_blocks
    from generator.layout.frame import point_in_box
    from generator.layout.primitives import Page

    for game in GAMES:
        context = _context(game, language, counter_size_mm=counter_mm)
        width = content_frame(context).width_mm
        blocks = [b for s in selected_scenarios(context) for b in turn_track_blocks(context, s, width)]
        blocks += [b for t in odds_crts(context.game) for b in crt_blocks(context, t, width)]
        blocks += [b for t in dice_tables(context.game) for b in dice_table_blocks(context, t, width)]
        spills = set()
        for block in blocks:
            boxes = [(n, box) for n, box in block.anchors.items()
                     if n.startswith(("turn:", "result:", "row:", "column:", "cell:", "entry:", "p:"))]
            drawn = [(item, box) for item, box in drawn_boxes(Page(1000, 1000, block.items)) if isinstance(item, Text)]
            for (item, (left, _, right, _)), (_, x, y) in zip(drawn, texts_in(block.items)):
                for name, box in boxes:
                    if point_in_box(box, x, y) and (left < box[0] - 0.05 or right > box[2] + 0.05):
                        spills.add((game, name, item.text))
        assert sorted(spills) == []


def test_the_overflowing_spanish_key_now_wraps_beside_the_crt():
    context = _context("when-eagles-fight", "es")
    crt = odds_crts(context.game)[0]
    (block,) = grid_with_keys(context, crt, 190.0)  # still beside: there is room for a wrapped key
    texts = [t.text for t, _, _ in texts_in(block.items)]
    assert "Solo tiradas modificadas (7, 8, 9): el dado por sí solo no puede sacarlas" not in texts  # one line no more
    assert any(t.startswith("Solo tiradas modificadas (7, 8, 9)") for t in texts)


def test_a_swatch_label_wider_than_the_key_wraps_inside_it():
    label = "A key whose words run on far longer than the narrow column beside the table can hold"
    block = swatch_key_block([("#dddddd", "Short"), ("#aaaaaa", label), ("#777777", "After")], 40.0)
    texts = [(t, x, y) for t, x, y in texts_in(block.items)]
    assert [t.text for t, _, _ in texts][0] == "Short" and [t.text for t, _, _ in texts][-1] == "After"
    from generator.fonts.metrics import text_width_mm

    for t, x, _ in texts:
        assert x + text_width_mm(t.text, t.font, t.size_pt) <= 40.0 + 1e-6
    ys = sorted({round(y, 3) for _, _, y in texts})
    assert len(ys) >= 4  # Short / the label on several lines / After
    assert max(y for _, _, y in texts) <= block.height_mm


def test_keys_that_cannot_fit_beside_go_below():
    grid = Block(150.0, 50.0, ())
    wide = lambda width: [Block(80.0, 10.0, ())]  # noqa: E731 - needs 80 mm whatever it is given (34 here)
    assert [b.width_mm for b in beside_or_below(grid, wide, 190.0, 6.0, 30.0)] == [150.0, 80.0]
    narrow = lambda width: [Block(min(width, 30.0), 10.0, ())]  # noqa: E731
    (both,) = beside_or_below(grid, narrow, 190.0, 6.0, 30.0)
    assert both.width_mm == 150.0 + 6.0 + 30.0


# --- the game's words in the build's language

def _pdf_text(files, name):
    data = next(f.data for f in files if f.name == name)
    import io

    import pypdf

    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_crt_pdf_reads_spanish_in_spanish_and_english_in_english():
    en = _pdf_text(build_crt(_context("when-eagles-fight", "en")), "crt.pdf")
    es = _pdf_text(build_crt(_context("when-eagles-fight", "es")), "crt.pdf")
    for english, spanish in [("Combat Results Table", "Tabla de Resultados del Combate"),
                             ("Odds (attack to defence)", "Proporción (ataque a defensa)"),
                             ("City −1 DRM; −2 DRM instead, when Russian units defend, in Russia",
                              "Ciudad MTD −1; MTD −2 en su lugar, cuando defienden las unidades rusas, en Rusia"),
                             ("every unit of that side in the battle is eliminated",
                              "todas las unidades de ese bando en la batalla quedan eliminadas"),
                             ("Die roll modifiers", "Modificadores a la tirada del dado")]:
        assert _squeezed(english) in _squeezed(en) and _squeezed(english) not in _squeezed(es), english
        assert _squeezed(spanish) in _squeezed(es) and _squeezed(spanish) not in _squeezed(en), spanish
    assert "When Eagles Fight" in en and "Cuando las águilas luchan" in es  # the running header


def _squeezed(text):
    """Text with its line breaks and spacing ignored (wrapped cells break phrases)."""
    return "".join(text.split())


def test_every_chart_of_both_games_prints_its_game_words_in_spanish():
    """The Spanish build asks the catalogs for every game string it prints and finds them all,
    and no English title, heading or note of the data is left on the pages."""
    for game in GAMES:
        context = _context(game, "es")
        words = {t.text for _, _, page in _chart_pages(context) for t, _, _ in texts_in(page.items)}
        assert context.translator.missing == []
        spec = context.game.spec
        english = {spec.title} | {table.name for table in spec.tables} | {
            note for table in spec.tables for note in table.notes} | {
            phase.name for phase in spec.sequence_of_play} | {scenario.title for scenario in context.game.scenarios}
        # a title the Spanish catalog keeps as it is (WEF's "Plan 19") is not left in English
        english -= {"Plan 19"} if game == "when-eagles-fight" else set()
        assert not english & words, sorted(english & words)


@pytest.mark.parametrize("builder, name", [(build_crt, "crt.pdf"), (build_tables, "tables.pdf"),
                                           (build_sequence, "sequence-of-play.pdf"),
                                           (build_turn_track, "turn-track.pdf")])
def test_english_build_prints_the_data_as_written(builder, name):
    context = _context("glorys-end", "en")
    text = _squeezed(_pdf_text(builder(context), name))
    assert _squeezed(context.game.spec.title) in text
    assert context.translator.missing == []


def test_probability_figures_follow_the_locale():
    es = _context("when-eagles-fight", "es").translator
    en = _context("when-eagles-fight", "en").translator
    assert percent(Fraction(1, 6), es) == "17" and percent(Fraction(1, 1000), es) == "<1"
    assert percent_sign(Fraction(1, 6), en) == "17%"
    assert percent_sign(Fraction(1, 6), es) == "17\xa0%"  # CLDR: a (no-break) space before % in Spanish
    assert percent_sign(Fraction(0), es) == "·"

    class Marked:  # every figure of the probability view is a number said by the Translator
        def number(self, value):
            return f"[{value}]"

    assert percent(Fraction(1, 6), Marked()) == "[17]" and percent(Fraction(1, 1000), Marked()) == "<[1]"
    assert es.number(16.7) == "16,7" and en.number(16.7) == "16.7"  # so any decimal takes the locale's mark


def test_spanish_chance_column_uses_the_spanish_percent():
    files = build_tables(_context("when-eagles-fight", "es"))
    words = [w for w, _, _ in pdf_words(next(f.data for f in files if f.name == "tables.pdf"))]
    assert "17\xa0%" in words or "17 %" in words
    assert "17%" not in words


@pytest.mark.parametrize("source, refs", [
    ("rules 13.8-13.26; cells illustrative except 3:1 roll 6", ["13.8-13.26"]),
    ("rule 13.3 (procedure, columns, 3:1 roll 6 = 0/2R, 2/0 below 1:2), 13.12-13.13; other cells illustrative",
     ["13.3", "13.12-13.13"]),
    ("3-day turns from 14 August (rules 1.2, 16.2); rule 8.6", ["1.2", "16.2", "8.6"]),
    ("illustrative", []), ("rules 9.2, 13", ["9.2", "13"]),
])
def test_rule_references_are_read_out_of_a_source(source, refs):
    assert rule_references(source) == refs


def test_header_titles_share_the_line_without_overlapping():
    from generator.components.chart_document import HEADER_GAP_MM, _header_sizes
    from generator.fonts.metrics import text_width_mm

    def widths(game, chart, size):
        return text_width_mm(game, "sans-bold", cs.SMALL_PT) + HEADER_GAP_MM + text_width_mm(chart, "sans", size)

    assert _header_sizes("When Eagles Fight", "Tables", 190.0) == ("When Eagles Fight", "Tables", cs.SMALL_PT)
    long_game, long_chart = "A Game Whose Title Goes On " * 3, "Registro de turnos: " + "Escenario muy largo " * 5
    game, chart, size = _header_sizes(long_game, long_chart, 190.0)
    assert size < cs.SMALL_PT and widths(game, chart, size) <= 190.0 + 1e-6
    game, chart, size = _header_sizes(long_game, long_chart * 3, 190.0)
    assert chart.endswith("…") and widths(game, chart, size) <= 190.0 + 1e-6
