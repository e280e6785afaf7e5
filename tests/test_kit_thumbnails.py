"""The preview's page thumbnails: a large form drawn on several pages (the map on its tiles)
becomes one picture of itself, rendered with the forms it places (terrain symbols) as
pictures of themselves, each once; the result looks like the vectors rendered directly."""

from __future__ import annotations

import io

import numpy as np
from pypdf import PdfReader, PdfWriter

from generator.kit import thumbnails
from generator.layout.primitives import Circle, Page, Rect, Style, SymbolDef, Use
from generator.render.pdf import render_pdf

BLUE, RED = "#204080", "#c03020"


def _pdf(pages: int = 2) -> bytes:
    """A 'map' form of 20 × 20 cells, each a symbol (a blue or a red disc on a square), on
    `pages` pages."""
    blue = SymbolDef("blue", (-2.5, -2.5, 2.5, 2.5), (Rect(-2.5, -2.5, 5, 5, Style.filled("#f0e8d0")),
                                                       Circle(0, 0, 1.8, Style.filled(BLUE))))
    red = SymbolDef("red", (-2.5, -2.5, 2.5, 2.5), (Circle(0, 0, 1.2, Style.filled(RED)),))
    cells = tuple(Use("red" if (x + y) % 3 == 0 else "blue", 2.5 + 5 * x, 2.5 + 5 * y)
                  for x in range(20) for y in range(20))
    body = SymbolDef("body", (0, 0, 100, 100), cells)
    page = Page(120, 120, (Use("body", 10, 10),), (blue, red, body))
    return render_pdf([page] * pages, title="map")


def _body_form(writer: PdfWriter):
    xobjects = writer.pages[0]["/Resources"]["/XObject"]
    (name,) = [n for n in xobjects if "body" in n]
    form = xobjects[name].get_object()
    return form, tuple(float(v) for v in form["/BBox"])


def test_a_forms_picture_draws_what_it_places_as_pictures_rendered_once_each():
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_pdf())))
    form, box = _body_form(writer)
    symbols: dict = {}
    (quick,) = thumbnails._rasterised([(form, box)], 2.0, symbols)
    (direct,) = thumbnails._rasterised([(form, box)], 2.0, None)
    assert len(symbols) == 2  # the blue and the red disc, 400 placements
    assert quick.size == direct.size == (200, 200)  # the form's box, 100 units, at 2 pixels a unit
    a = np.asarray(quick.convert("RGB")).astype(int)
    b = np.asarray(direct.convert("RGB")).astype(int)
    assert np.abs(a - b).mean() < 6  # the same picture to the eye
    blue_ink = lambda image: int(((image[..., 2] > 100) & (image[..., 0] < 80)).sum())  # noqa: E731
    red_ink = lambda image: int(((image[..., 0] > 150) & (image[..., 2] < 80)).sum())  # noqa: E731
    assert blue_ink(a) > 0.8 * blue_ink(b) > 0 and red_ink(a) > 0.8 * red_ink(b) > 0
    # a second form placing the same symbols (another document's copy) renders none again
    again = PdfWriter(clone_from=PdfReader(io.BytesIO(_pdf(pages=3))))
    thumbnails._rasterised([_body_form(again)], 2.0, symbols)
    assert len(symbols) == 2


def test_page_thumbnails_of_a_form_drawn_on_several_pages_show_it(monkeypatch):
    monkeypatch.setattr(thumbnails, "HEAVY_BYTES", 100)  # this small form counts as heavy
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_pdf())))
    shots = thumbnails.thumbnails(writer)
    assert len(shots) == 2
    form, _ = _body_form(writer)
    assert form.get_data().endswith(b"/Picture Do Q")  # drawn as its picture now
    from PIL import Image

    image = np.asarray(Image.open(io.BytesIO(shots[0][0])).convert("RGB")).astype(int)
    assert shots[0][1:] == (220, 220)
    assert int(((image[..., 2] > 100) & (image[..., 0] < 80)).sum()) > 2000  # the blue discs show


def test_a_placed_form_whose_matrix_moves_it_stays_as_it_is():
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_pdf())))
    form, box = _body_form(writer)
    placed = form["/Resources"]["/XObject"]
    (red,) = [placed[name].get_object() for name in placed if "red" in name]
    red[NameObject("/Matrix")] = ArrayObject(FloatObject(v) for v in (1, 0, 0, 1, 0.5, 0))
    symbols: dict = {}
    thumbnails._rasterised([(form, box)], 2.0, symbols)
    assert len(symbols) == 1  # the blue disc only: the red one keeps its vectors
