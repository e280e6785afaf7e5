"""Every sample kit on as few pages as it needs, read from the built kit.pdf of each language:
its pages (the build summary's count, which is kit.pdf's), held to the figures reached and
compared with the goal of 60 % of the pages the kits took before they were packed; and no
page holding ink over less than a fifth of its frame, but a document's last."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest

import kits

LEAST_FILL = 0.2

# kit.pdf's pages per language as the kits are now (a change that adds pages must say why here)
# (GE's turn track 5 → 3 pages and Blitz's 3 → 2: the record tracks once for every scenario;
# Strike's last two cards on its second counter sheet, its order markers left to the aids)
# (the setup PDFs point to the turn track instead of repeating it, GE's Allied set-up forms on
# one page, the map's assembly on a tile with room: GE 2, GWNE 1, Blitz 1 page fewer)
# (a side's set-up forms in one document, each starting under the one before where that saves
# a page, the boxes labelled over a list's first row; the CRT's chances alone in the kit when
# every aid prints its tables; the cards-and-chits table at its shortest column widths; a
# scenario's small setup maps sharing a page; a setup list printed once for the scenarios
# that set up alike; small nationalities sharing a row; narrower gaps wherever they save a
# page: WEF 4, GE 2, GWNE 4, Blitz 4 (en) and 3 (es: Barbarossa's Spanish list keeps a third
# page) pages fewer)
# (one player aid for every side in kit.pdf, the sequence of play whole in it and so printed
# separately; the CRT's chances of every net DRM in one row, GWNE's then on under its turn
# track: WEF 4, GE 4, GWNE 6, Blitz 5, Strike 3 (en) and 2 (es: its aid of every side keeps
# a third page) pages fewer)
# (gaps narrowed on past 30 % where that left a last page holding a line: Blitz's Spanish
# Barbarossa setup, GE's German set-up forms, Strike's Kiev Offensive and WEF's Plan 19
# setups a page shorter each)
# (a scenario's one setup map under its list's last page where it keeps two thirds of its
# size alone: GE's Marne 4 → 3; map tiles in rows of both orientations where that takes fewer
# sheets: GE's Western Front 15 → 14, Blitz's 12 → 10 tiles (+ its assembly page: 12 → 11
# pages), Strike's 17 tiles, one of them now with room for the assembly (18 → 17 pages); a
# side's set-up forms with denser rows where that saves a page or starts more forms on a page
# of their own (GE's German: each form on its page, still two); a chart set tighter where only
# so it goes on under the chart before (the sequence of play's lines closer); two sides' decks
# that print alike, once in the aid of every side (Strike's order markers: its Spanish aid 3 → 2))
# (a shorter scenario whose boxes are the campaign track's rides on it: GE's Short Historical
# Campaign on the campaigns' track, its Marne and record tracks on two pages, the CRT's chances
# on under them: GE 42 → 41; Blitz's two one-turn scenarios on its campaign's track, still 2)
# (record tracks on the map hold their markers, each space a counter wide, and are not printed
# again on the turn-track sheet: GE's turn track 3 → 2 pages; its Western Front 14 → 13 tiles
# in English, the track boxes in a band under the hexes beside a right-hand panel (Spanish:
# still 14, the panel below); GWNE's general record track at marker size in the room under
# the Caucasus map, its sheet still 14 pages)
# (both: the turn track on 2 pages with the CRT's chances on under the second: GE 42 → 39 / 40)
PAGES = {
    "when-eagles-fight": {"en": 37, "es": 37},
    "glorys-end": {"en": 39, "es": 40},
    "great-war-near-east": {"en": 31, "es": 31},
    "blitz-in-the-east": {"en": 41, "es": 41},
    "strike-of-the-eagle": {"en": 58, "es": 58},
}
# the goal: 60 % of the pages before packing (71, 68, 53, 72, 77)
GOAL = {"when-eagles-fight": 42, "glorys-end": 40, "great-war-near-east": 31, "blitz-in-the-east": 43,
        "strike-of-the-eagle": 46}
MET = {"when-eagles-fight", "glorys-end", "great-war-near-east", "blitz-in-the-east"}  # the games whose kits meet the goal in every language


@pytest.fixture(scope="module", params=sorted(PAGES))
def built(request):
    """The game's full kit (`warkit build --json`, built once per run) and its JSON summary."""
    game = request.param
    return game, kits.built(game), kits.summary(game)


def documents(kit: Path) -> list[tuple[str, int, int]]:
    """(title, first page index, end index) of each document of kit.pdf, from its bookmarks."""
    reader = pypdf.PdfReader(kit)
    marks = [(reader.get_destination_page_number(o), o.title) for o in reader.outline if not isinstance(o, list)]
    ends = [start for start, _ in marks[1:]] + [len(reader.pages)]
    return [(title, start, end) for (start, title), end in zip(marks, ends)]


def page_fill(page) -> float:
    """The share of the page's rows, between 16 mm from its top and from its foot (inside the
    running head and the page number), that hold ink; rendered at 25 dpi."""
    height_mm = page.get_height() / 72 * 25.4
    image = np.array(page.render(scale=25 / 72).to_pil().convert("L"))
    per_mm = image.shape[0] / height_mm
    band = image[int(16 * per_mm):int((height_mm - 16) * per_mm)]
    return float((band < 235).any(axis=1).mean())


def test_page_fill_reads_ink_rows():
    """The measure itself: a page with a band of ink over a quarter of its frame."""
    from generator.layout.primitives import Page, Rect, Style
    from generator.render.pdf import render_pdf

    frame = 297 - 32
    page = Page(210, 297, (Rect(20, 16, 170, frame / 4, Style.filled("#000000")),))
    document = pdfium.PdfDocument(render_pdf([page], title="fill"))
    assert abs(page_fill(document[0]) - 0.25) < 0.03
    empty = pdfium.PdfDocument(render_pdf([Page(210, 297, ())], title="empty"))
    assert page_fill(empty[0]) == 0.0


def test_no_page_is_under_a_fifth_full_but_a_documents_last(built):
    game, folder, _ = built
    sparse = []
    for language in PAGES[game]:
        kit = folder / language / "kit.pdf"
        pdf = pdfium.PdfDocument(kit)
        for title, start, end in documents(kit):
            for index in range(start, end - 1):
                fill = page_fill(pdf[index])
                if fill < LEAST_FILL:
                    sparse.append(f"{language} p. {index + 1} ({title}) {fill:.0%}")
    assert not sparse, sparse


def test_kit_pages_as_counted_by_the_summary_and_in_kit_pdf(built):
    game, folder, summary = built
    assert summary["kit_pages"] == PAGES[game]
    for language, pages in PAGES[game].items():
        assert len(pypdf.PdfReader(folder / language / "kit.pdf").pages) == pages


def test_every_kit_is_at_most_sixty_percent_of_its_pages_before_packing(built, request):
    game, _, summary = built
    if game not in MET:  # a strict expected failure: meeting the goal turns it into a failure to update MET
        request.applymarker(pytest.mark.xfail(strict=True, reason="not yet at 60 % of the pages before packing"))
    assert max(summary["kit_pages"].values()) <= GOAL[game]
