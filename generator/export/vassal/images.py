"""The module's pictures, made by warkit's own renderers: the map page as the board, each
counter face (the per-counter PNG path of the counter sheets) and the charts' pages.

Everything is rasterised with pdfium from the PDF backend's output, so the module shows what
the kit prints.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from generator.components.mapparts.drawing import MapDrawing
from generator.export.vassal.hexgrid import BoardScale
from generator.layout.primitives import Group, Page
from generator.fonts.metrics import MM_PER_PT
from generator.layout.transform import Transform
from generator.render.pdf import render_pdf
from generator.render.png import encode_png


def board_png(drawing: MapDrawing, scale: BoardScale) -> bytes:
    """The whole map page, shifted by `scale.shift_px` and cut to `scale.size_px`."""
    ppm = scale.px_per_mm
    width, height = scale.size_px
    shifted = Group(drawing.items, Transform.translate(scale.shift_px[0] / ppm, scale.shift_px[1] / ppm))
    page = Page(width / ppm, height / ppm, (shifted,), drawing.symbols, title=drawing.title)
    document = pdfium.PdfDocument(render_pdf([page], title=drawing.title))
    try:
        pdf_page = document[0]
        # pdfium makes the bitmap ceil(page size x scale) pixels and stretches the page to
        # fill it, so a page a hair over a whole pixel would be drawn 1/width too wide. The
        # page is exactly `width` x `height` pixels; a scale a hundredth of a pixel short
        # makes pdfium's bitmap exactly that, whatever rounding the PDF's page box carries.
        scale = min((width - 0.01) / pdf_page.get_width(), (height - 0.01) / pdf_page.get_height())
        image = pdf_page.render(scale=scale).to_pil()
    finally:
        document.close()
    if image.size != (width, height):
        raise AssertionError(f"board rendered at {image.size}, not {(width, height)}")
    return encode_png(image, round(ppm * 25.4))


def pdf_pages_png(pdf: bytes, dpi: float) -> tuple[str, list[bytes]]:
    """(the PDF's title, each page as a PNG at `dpi`)."""
    document = pdfium.PdfDocument(pdf)
    try:
        title = document.get_metadata_dict().get("Title", "")
        scale = dpi * MM_PER_PT / 25.4
        return title, [encode_png(page.render(scale=scale).to_pil(), round(dpi)) for page in document]
    finally:
        document.close()


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
