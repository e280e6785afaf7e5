"""Set-up forms (GE 3.5 hidden deployment): one per side still to deploy, every free unit and
marker with an empty hex box (and an army box for units that choose their army), the
constraints in words, in every language, inside the page margins."""

from __future__ import annotations

import io

import pypdf
import pytest

from generator.components import chart_style as cs
from generator.components.setup_form import (
    DENSE,
    build_setup_forms,
    form_blocks,
    form_pages,
    form_row,
    form_sides,
    side_documents,
    side_pages,
)
from generator.components.turn_track import selected_scenarios
from generator.layout.primitives import Rect, Style
from generator.layout.blocks import stacked
from generator.scenarios.generate import generate
from generator.scenarios.write import as_scenario, scenario_text
from test_charts_fit import _context, _outside

GAMES = ["when-eagles-fight", "glorys-end"]


def _text(data: bytes) -> str:
    return " ".join(page.extract_text().replace("\n", " ") for page in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_form_page_keeps_inside_the_margins(game, language):
    context = _context(game, language)
    pages = 0
    for scenario in context.game.scenarios:
        for side in form_sides(scenario, context.game):
            for number, page in enumerate(form_pages(context, scenario, side), start=1):
                pages += 1
                assert _outside(page, cs.MARGIN_MM) == [], (scenario.scenario_id, side, number)
    assert pages >= 6  # three scenarios with free set-ups, two sides each


@pytest.mark.parametrize("game", GAMES)
def test_every_free_unit_and_marker_has_a_box_to_write_in(game):
    context = _context(game, "en")
    for scenario in (s for s in context.game.scenarios if s.deployment is not None):
        plan = scenario.deployment
        for side in form_sides(scenario, context.game):
            anchors = stacked(form_blocks(context, scenario, side, 190.0), 0.0).anchors
            free = [u for g in plan.groups if g.spec.side == side for u in g.unit_ids if u in scenario.free_units()]
            assert free and all(f"unit:{u}:hex" in anchors for u in free)
            choosing = {u for u in free if context.game.unit_index[u].army in plan.group_of[u].spec.any_army}
            assert {u for u in free if f"unit:{u}:army" in anchors} == choosing
            markers = [m for r in plan.marker_rules if r.spec.side == side for m in r.spec.markers]
            assert all(f"marker:{m}:hex" in anchors for m in markers)
            assert not any(name.startswith("unit:") and name.removeprefix("unit:").split(":")[0] not in free
                           for name in anchors)


def test_the_forms_of_the_kit():
    names = {game: sorted(f.name for f in build_setup_forms(_context(game, "en")) if f.name.endswith(".pdf"))
             for game in GAMES}
    # One document per side, its forms one after another. A form the same for several
    # scenarios is printed once, named after them all: WEF's free set-up and Plan 19 share the
    # Central Powers' form; Schlieffen East's Russian form is its own (it lifts rule 2.14 on
    # the scenario-only counters, which the form states); GE's historical and short campaigns
    # share both sides' forms.
    assert names["when-eagles-fight"] == ["setup-form-cp.pdf", "setup-form-russia.pdf"]
    assert names["glorys-end"] == ["setup-form-allied.pdf", "setup-form-german.pdf"]
    wef = {f.name: _text(f.data) for f in build_setup_forms(_context("when-eagles-fight", "en"))
           if f.name.endswith(".pdf")}
    russia, cp = wef["setup-form-russia.pdf"], wef["setup-form-cp.pdf"]
    assert [russia.count(f"Set-up form: {s} ") for s in ("Free Setup", "Plan 19", "Schlieffen East Variant")] == [1, 1, 1]
    assert "Set-up form: Free Setup, Plan 19" in cp and "Set-up form: Schlieffen East Variant" in cp
    assert "Set-up form: Free Setup, Plan 19" not in russia  # never the other side's form
    files = {f.name: f.data for f in build_setup_forms(_context("glorys-end", "en"))}
    german = _text(files["setup-form-german.pdf"])
    assert "Set-up form: Free Setup Campaign" in german
    assert "Set-up form: The Historical Campaign, Short Historical Campaign" in german


def test_a_hidden_deployment_says_so_in_every_language():
    for language, hidden, title, historical in (
            ("en", "Hidden deployment", "Set-up form", "The Historical Campaign"),
            ("es", "Despliegue oculto", "Formulario de despliegue", "La campaña histórica")):
        files = {f.name: f.data for f in build_setup_forms(_context("glorys-end", language))}
        german = _text(files["setup-form-german.pdf"])
        free, _, short = german.partition(f"{title}: {historical}")  # the short campaign's too
        assert short and german.count(hidden) == 1 and hidden in free and title in free
    english = _text({f.name: f.data for f in build_setup_forms(_context("glorys-end", "en"))}[
        "setup-form-german.pdf"]).partition("Set-up form: The Historical Campaign")[2]
    assert "Set up in Germany, Luxembourg, Belgium." in english and "At least 1 of them in Luxembourg." in english


def test_a_deployed_side_needs_no_form():
    context = _context("glorys-end", "en")
    source = context.game.scenario_index["free-setup"]
    deployed = generate(context.game, source, 1, ["allied"])
    half = as_scenario(deployed, "half", scenario_text(deployed, "half", "test"), "half.yaml")
    assert form_sides(source, context.game) == ["allied", "german"]
    assert form_sides(half, context.game) == ["german"]
    whole = generate(context.game, source, 1)
    assert form_sides(as_scenario(whole, "all", scenario_text(whole, "all", "test"), "all.yaml"), context.game) == []


def test_a_side_of_ge_fits_its_form_on_one_page_three_rows_across():
    """GE's Allied forms (35 units and five markers): rows three across, a long name on two lines
    beside its counter, the hex box 15 mm wide, the boxes' labels over the first row only: one
    page each, read back from the PDF. The German historical form (46 units, some choosing
    their army) takes one page too; the free set-up's, with seven markers more, one with
    denser rows: each form starts its page (with the usual rows the free set-up's runs a row
    onto a second page and the historical one starts under it: two pages too)."""
    for language in ("en", "es"):
        files = {f.name: f.data for f in build_setup_forms(_context("glorys-end", language)) if f.name.endswith(".pdf")}
        pages = {name: [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
                 for name, data in files.items()}
        assert {name: len(texts) for name, texts in pages.items()} == {"setup-form-allied.pdf": 2,
                                                                      "setup-form-german.pdf": 2}, language
        title = "Set-up form: " if language == "en" else "Formulario de despliegue: "  # not the running head
        # the Allied forms each whole on its page: running them together saves none
        assert [texts.count(title) for texts in pages["setup-form-allied.pdf"]] == [1, 1]
        assert [texts.count(title) for texts in pages["setup-form-german.pdf"]] == [1, 1]
        hex_word = "Hex" if language == "en" else "Hexágono"
        assert pages["setup-form-german.pdf"][1].count(hex_word) == 3 + 2  # three rows across, two choosers
    russia = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(next(
        f.data for f in build_setup_forms(_context("when-eagles-fight", "en")) if f.name == "setup-form-russia.pdf"))).pages]
    # three half-page forms on two pages: the first alone, the other two whole under each other
    # (their gaps narrowed), rather than the second broken across the pages
    assert [texts.count("Set-up form: ") for texts in russia] == [1, 2]
    cp = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(next(
        f.data for f in build_setup_forms(_context("when-eagles-fight", "en")) if f.name == "setup-form-cp.pdf"))).pages]
    assert [texts.count("Set-up form: ") for texts in cp] == [1, 1]  # each form whole on its page
    context = _context("glorys-end", "en")
    scenario = context.game.scenario_index["free-setup"]
    anchors = stacked(form_blocks(context, scenario, "allied", 190.0), 0.0).anchors
    # 7th, 8th and 13th Corps share a row: (190 - 2 × 4) / 3 = 60.67 mm each, the hex box at its right
    lefts = sorted({round(anchors[f"unit:{u}"][0], 2) for u in ("fr-7", "fr-8", "fr-13")})
    assert lefts == [0.0, 64.67, 129.33]
    assert round(anchors["unit:fr-7:hex"][2] - anchors["unit:fr-7:hex"][0], 2) == 15.0
    words = [t.text for b in form_blocks(context, scenario, "allied", 190.0) for t in _texts(b.items)]
    assert "1st Group of Reserve" in words and "Divisions" in words  # two lines, never cut


def test_a_side_s_forms_take_denser_rows_only_where_that_saves_a_page():
    """Rows of 8 mm counters and 7 mm boxes (2.4 mm lower than the usual 10 and 8, the type
    the same) are taken by a side's forms only when they need fewer pages so, or as many with
    fewer forms starting under another: GE's German forms (the free set-up's overran a page by
    60 mm; with the usual rows the historical form starts under its last row) each start a
    page of the two; the Allied forms, one page each either way, keep the usual rows."""
    context = _context("glorys-end", "en")
    forms = dict(side_documents(context, [s for s in selected_scenarios(context) if s is not None]))
    german = side_pages(context, "german", forms["german"], "German")
    allied = side_pages(context, "allied", forms["allied"], "Allied")
    assert (len(german), len(allied)) == (2, 2)
    assert {round(r.height_mm, 2) for page in german for r in _boxes(page.items)} == {7.0}
    assert {round(r.height_mm, 2) for page in allied for r in _boxes(page.items)} == {8.0}
    row = form_row(context, "unit:x", lambda x, y, size: Rect(x, y, size, size, Style()), "II Corps", "Army 1",
                   60.0, False, labelled=False, size=DENSE)
    assert round(row.height_mm, 2) == 0.4 + 8.0 + 0.4 and row.gap_after_mm == 0.6
    usual = form_row(context, "unit:x", lambda x, y, size: Rect(x, y, size, size, Style()), "II Corps", "Army 1",
                     60.0, False, labelled=False)
    assert round(usual.height_mm, 2) == 0.4 + 10.0 + 0.4 and usual.gap_after_mm == 1.2


def _boxes(items):
    """The hex boxes (15 mm wide, rounded) among the items."""
    from generator.layout.primitives import Group

    for item in items:
        if isinstance(item, Rect) and round(item.width_mm, 2) == 15.0 and item.corner_radius_mm:
            yield item
        elif isinstance(item, Group):
            yield from _boxes(item.items)


def _texts(items):
    from generator.layout.primitives import Group, Text

    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)
