"""PDF backend: pages of primitives drawn straight onto a reportlab canvas.

The y-flip lives in one place: every page starts with `cm` = [mm 0 0 -mm 0 H], after which
all coordinates are page millimetres with y down — the very numbers the SVG backend
writes. Group and symbol transforms are then the same matrices as in SVG. Only text and
images, which PDF draws y-up, are turned back upright locally.

Symbols become form XObjects, defined once per document and placed with `Do`. The output
is deterministic: invariant mode (fixed dates, content-derived /ID), fonts subset under
stable names, no dictionary or set iteration in drawing order.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from generator.layout.primitives import Box, Page, SymbolDef
from generator.fonts.metrics import MM_PER_PT
from generator.render.common import q3, symbol_ref, symbols_in_definition_order
from generator.fonts.faces import pdf_font_name
from generator.render.observe import notify
from generator.render.pdf_settings import use_deterministic_settings
from generator.render.pdf_painter import PAGE_DEFAULTS, PdfPainter
from generator.render.pictures import page_pictures, picture_ref, recorded_form, replay_form

PT_PER_MM = 1 / MM_PER_PT


def render_pdf(pages: Sequence[Page], *, title: str, author: str = "warkit") -> bytes:
    """One PDF, each page exactly its Page's size, as bytes."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    notify(pages)
    use_deterministic_settings()
    out = io.BytesIO()  # each face is registered with reportlab when first set (a face parsed costs 8 ms)
    canvas = Canvas(
        out,
        pagesize=_page_size_pt(pages[0]),
        invariant=1,
        pageCompression=1,
        # A bundled face as the initial font keeps an unembedded Helvetica out of the file.
        initialFontName=pdf_font_name("sans"),
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("warkit")
    forms = _Forms(canvas)
    for number, page in enumerate(pages, start=1):
        _draw_page(canvas, forms, page, number)
    canvas.save()
    return out.getvalue()


def _draw_page(canvas: Canvas, forms: _Forms, page: Page, number: int) -> None:
    canvas.setPageSize(_page_size_pt(page))
    canvas.setTrimBox(_box_pt(page, page.trim_box_mm))
    canvas.setBleedBox(_box_pt(page, page.bleed_box_mm))
    if page.title:
        canvas.bookmarkPage(f"page-{number}")
        canvas.addOutlineEntry(page.title, f"page-{number}", level=0)
    forms.define(page)
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height_mm * PT_PER_MM)
    canvas.setMiterLimit(4)  # SVG's default, so sharp corners are cut alike in both formats
    PdfPainter(canvas, forms.names_for(page), PAGE_DEFAULTS).draw(page.items)
    canvas.showPage()


class _Forms:
    """Symbols defined as form XObjects, once per document, keyed by symbol id."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._defined: dict[str, SymbolDef] = {}
        self._pictures: set[str] = set()

    def define(self, page: Page) -> None:
        """The forms the page draws that earlier pages did not define (a symbol defined
        already is not walked again: the map's body shared by the tiles is walked once)."""
        for symbol in page.symbols:
            known = self._defined.get(symbol.id)
            if known is not None and known is not symbol and known != symbol:
                raise ValueError(f"symbol id {symbol.id!r} is defined twice with different drawings")
        for picture in page_pictures(page, self._defined):
            if picture.vector and picture_ref(picture) not in self._pictures:
                self._define_picture(picture)
        for symbol in symbols_in_definition_order(page, self._defined):
            self._define(symbol)

    def names_for(self, page: Page) -> dict[str, str]:
        return {symbol.id: symbol_ref(symbol.id) for symbol in page.symbols}

    def _define_picture(self, picture) -> None:
        """An SVG picture as a form in svglib's own space (points, y up, from 0 0), copied
        from its recorded drawing (made once per build)."""
        name = picture_ref(picture)
        shadings = replay_form(self._canvas, name, recorded_form(picture))
        _keep_opacity_states(self._canvas, name, shadings)
        self._pictures.add(name)

    def _define(self, symbol: SymbolDef) -> None:
        left, top, right, bottom = (q3(v) for v in symbol.bbox_mm)
        # The form is drawn in the y-down millimetre space of whoever places it, so its
        # content uses the symbol's coordinates unchanged (and the bbox is just min/max).
        self._canvas.beginForm(symbol_ref(symbol.id), left, top, right, bottom)
        known = {symbol_id: symbol_ref(symbol_id) for symbol_id in self._defined}
        PdfPainter(self._canvas, known).draw(symbol.items)
        self._canvas.endForm()
        _keep_opacity_states(self._canvas, symbol_ref(symbol.id))
        self._defined[symbol.id] = symbol


def _keep_opacity_states(canvas: Canvas, name: str, shadings: dict | None = None) -> None:
    """Give a form the ExtGState (and Shading) resources its content names.

    reportlab records a form's opacity states (`/gRLs0 gs`) but writes only fonts, procsets
    and XObjects into the form's resources, so viewers ignore the states and translucent
    items inside a symbol come out opaque. Build the resources as reportlab would, plus
    ExtGState (reportlab internals: the form object as registered by `endForm`).
    """
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not getattr(form, "ExtGState", None) and not shadings:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if getattr(form, "ExtGState", None):
        resources.ExtGState = form.ExtGState
    if shadings:
        resources.setShading(shadings)
    form.Resources = resources


def _page_size_pt(page: Page) -> tuple[float, float]:
    return page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM


def _box_pt(page: Page, box_mm: Box | None) -> list[float] | None:
    """A (left, top, right, bottom) mm box as a PDF [llx lly urx ury] box in points."""
    if box_mm is None:
        return None
    left, top, right, bottom = box_mm
    return [
        left * PT_PER_MM,
        (page.height_mm - bottom) * PT_PER_MM,
        right * PT_PER_MM,
        (page.height_mm - top) * PT_PER_MM,
    ]
