"""Small charts share pages in kit.pdf: a chart's first page goes on under the previous chart's
last page where its body fits the room left (8 mm apart), drawn clipped to its body (no running
header, no page number); its bookmark and contents line point to that page. Read from PDFs."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.kit.assemble import Document, merge
from generator.kit.joins import joined_charts
from generator.layout.primitives import Page, Rect, Style, Text
from generator.render.pdf import render_pdf

BODY = (17.0, 282.0)  # an A4 chart's body: under a 10 mm margin and 7 mm header, over 15 mm
BLACK = Style.filled("#000000")


def _chart(name: str, *spans: tuple[float, float], header: bool = True, body=BODY) -> Document:
    """A one-page-per-span chart, each page a black bar from `top` to `bottom` mm, with a
    running header at 12 mm."""
    pages = [Page(210.0, 297.0, (*([Text(10.0, 12.0, f"HEADER {name}", "sans", 7)] if header else []),
                                 Rect(20.0, top, 100.0, bottom - top, BLACK))) for top, bottom in spans]
    return Document(name, f"{name}.pdf", render_pdf(pages, title=name), len(pages), body)


def test_a_chart_that_fits_the_room_left_goes_on_that_page():
    # 20-150 mm used; the next body (20-120: 103 mm from the body's top) fits from 158 to 261
    first, second = _chart("a", (20.0, 150.0)), _chart("b", (20.0, 120.0))
    joined = joined_charts([first, second])
    assert joined[0].joined_at_mm is None and joined[1].pages == 0
    assert joined[1].joined_at_mm == pytest.approx(158.0, abs=1.0)  # read at 50 dpi: half a millimetre a row


def test_a_chart_that_does_not_fit_starts_its_own_page():
    # 20-200 used: 208 + 103 = 311 mm, beyond the body's foot at 282
    assert [d.joined_at_mm for d in joined_charts([_chart("a", (20.0, 200.0)), _chart("b", (20.0, 120.0))])] == \
        [None, None]


def test_a_chart_set_tighter_is_taken_only_where_it_alone_fits_the_room_left():
    """A chart may offer itself set tighter (Document.snug): kit.pdf takes that one where its
    own first page does not fit the room left and the tighter one's does; elsewhere its own."""
    first = _chart("a", (20.0, 150.0))
    loose, tight = _chart("b", (20.0, 160.0)), _chart("b", (20.0, 120.0))
    offered = replace(loose, snug=tight.data)
    joined = joined_charts([first, offered])
    # 158 + 143 = 301 mm is beyond the foot at 282; the tighter one: 158 + 103 = 261
    assert joined[1].pages == 0 and joined[1].joined_at_mm == pytest.approx(158.0, abs=1.0)
    assert joined[1].data == tight.data
    fits = replace(_chart("c", (20.0, 60.0)), snug=tight.data)
    assert joined_charts([first, fits])[1].data == fits.data  # its own fits: the tighter one is not taken
    just = replace(loose, snug=_chart("b", (20.0, 135.0)).data)  # 158 + 118 = 276 fits
    assert joined_charts([first, just])[1].joined_at_mm is not None
    neither = replace(loose, snug=_chart("b", (20.0, 150.0)).data)  # 158 + 133 = 291: neither fits
    alone = joined_charts([first, neither])[1]
    assert alone.joined_at_mm is None and alone.data == loose.data and alone.pages == 1


def test_only_charts_that_say_where_their_body_lies_share_pages():
    aid = _chart("aid", (20.0, 60.0), body=None)
    assert [d.joined_at_mm for d in joined_charts([aid, _chart("b", (20.0, 40.0))])] == [None, None]
    assert [d.joined_at_mm for d in joined_charts([_chart("a", (20.0, 60.0)), aid])] == [None, None]


def test_several_small_charts_stack_on_one_page_and_a_longer_one_keeps_its_other_pages():
    a, b, c = _chart("a", (20.0, 60.0)), _chart("b", (20.0, 60.0)), _chart("c", (20.0, 60.0), (20.0, 250.0))
    joined = joined_charts([a, b, c])
    # b at 68 (60 + 8) to 108.5; c's first page at 116.5; its second page stays a page of its own
    assert [d.pages for d in joined] == [1, 0, 1]
    assert joined[1].joined_at_mm == pytest.approx(68.0, abs=1.0)
    assert joined[2].joined_at_mm == pytest.approx(68.0 + 43.0 + 8.0, abs=1.2)
    data, _ = merge(render_pdf([Page(210.0, 297.0, ())], title="front"), "Front", joined, "Kit")
    kit = pypdf.PdfReader(__import__("io").BytesIO(data))
    assert len(kit.pages) == 3  # the front, a+b+c's first page, c's second
    marks = {o.title: kit.get_destination_page_number(o) for o in kit.outline if not isinstance(o, list)}
    assert marks == {"Front": 0, "a": 1, "b": 1, "c": 1}
    page = np.array(pdfium.PdfDocument(data)[1].render(scale=50 / 72).to_pil().convert("L"))
    per_mm = 50 / 25.4
    ink = lambda top, bottom: bool((page[int(top * per_mm):int(bottom * per_mm)] < 128).any())  # noqa: E731
    # the bars: a at 20-60, b shifted by 68 - 17 = 51 (71-111), c by 119 - 17 = 102 (122-162)
    assert ink(21, 59) and ink(72, 110) and ink(123, 161)
    assert not ink(61.5, 70) and not ink(112.5, 121)  # the gaps: b's and c's headers clipped away


def test_the_mini_kits_small_charts_share_pages_in_the_contents_and_bookmarks(mini, tmp_path):
    result = CliRunner().invoke(app, ["build", str(mini.path), "--out", str(tmp_path), "--lang", "en", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    kit = pypdf.PdfReader(tmp_path / "mini" / "en" / "kit.pdf")
    marks = {o.title: kit.get_destination_page_number(o) + 1 for o in kit.outline if not isinstance(o, list)}
    # the CRT's chances alone (the aid prints its table), then the cards and chits: three
    # small charts on one page (the sequence of play is whole in the aid of both sides)
    chances = "Combat results: chance of each result"
    assert marks["Turn track: Opening moves"] == marks[chances] == marks["Cards and chits"] == 6
    contents = kit.pages[0].extract_text()
    assert f"Turn track: Opening moves\nturn-track.pdf\n6\n{chances}\ncrt-chances.pdf\n6\n" in contents
    assert "Cards and chits\ndeck-summary.pdf\n6\nPlayer aid: Blue and Red\nplayer-aids.pdf\n7\n" in contents


def test_a_chart_goes_under_an_earlier_charts_last_page_when_the_previous_has_no_room():
    """A one-page chart that does not fit under the previous chart's last page goes on under the
    last page of the earliest earlier chart that has the room, moved there in the kit's order:
    the bookmarks follow that order. A page that is not a chart's (a form, a sheet) never takes it."""
    a, full, c = _chart("a", (20.0, 150.0)), _chart("full", (20.0, 250.0)), _chart("c", (20.0, 120.0))
    joined = joined_charts([a, full, c])
    assert [d.title for d in joined] == ["a", "c", "full"]  # c moved to a's page: 158 + 103 = 261 fits
    assert [d.pages for d in joined] == [1, 0, 1]
    assert joined[1].joined_at_mm == pytest.approx(158.0, abs=1.0) and joined[2].joined_at_mm is None
    data, _ = merge(render_pdf([Page(210.0, 297.0, ())], title="front"), "Front", joined, "Kit")
    kit = pypdf.PdfReader(__import__("io").BytesIO(data))
    assert len(kit.pages) == 3
    marks = [(o.title, kit.get_destination_page_number(o)) for o in kit.outline if not isinstance(o, list)]
    assert marks == [("Front", 0), ("a", 1), ("c", 1), ("full", 2)]
    page = np.array(pdfium.PdfDocument(data)[1].render(scale=50 / 72).to_pil().convert("L"))
    per_mm = 50 / 25.4
    assert (page[int(160 * per_mm):int(200 * per_mm)] < 128).any()  # c's bar, shifted by 158 - 17 = 141
    # the earliest page with the room: a (room from 158) before d (153 mm: fits under none; room
    # from 178); e (43 mm) fits under both and under neither full page
    d, e = _chart("d", (20.0, 170.0)), _chart("e", (20.0, 60.0))
    joined = joined_charts([a, full, d, full, e])
    assert [d.title for d in joined] == ["a", "e", "full", "d", "full"]
    assert joined[1].joined_at_mm == pytest.approx(158.0, abs=1.0)
    # a chart of two pages is not moved (its second page would be left behind)
    long = _chart("long", (20.0, 120.0), (20.0, 60.0))
    assert [(d.title, d.joined_at_mm) for d in joined_charts([a, full, long])] == \
        [("a", None), ("full", None), ("long", None)]
    # a page that is not a chart's takes nothing, however empty
    form = _chart("form", (20.0, 30.0), body=None)
    assert [(d.title, d.joined_at_mm) for d in joined_charts([form, full, c])] == \
        [("form", None), ("full", None), ("c", None)]
