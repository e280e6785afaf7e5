"""PDF backend, checked by structure (pypdf), by geometry read back (pdfium) and by pixels."""

from __future__ import annotations

import ctypes
import hashlib
import io
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image as PILImage

from generator.errors import MissingGlyphError
from generator.layout.primitives import (
    Circle,
    Group,
    Image,
    Line,
    Page,
    Rect,
    Style,
    SymbolDef,
    Text,
    Use,
)
from generator.layout.transform import Transform
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg

PT_PER_MM = 72 / 25.4
PX_PER_MM = 10  # raster scale for pixel checks
MULTILINGUAL = "Łódź Przemyśl Göttingen ñandú İstanbul ığ"
RED, BLUE, WHITE = (255, 0, 0), (0, 0, 255), (255, 255, 255)


def raster(pdf: bytes, page_index: int = 0) -> PILImage.Image:
    page = pdfium.PdfDocument(pdf)[page_index]
    return page.render(scale=PX_PER_MM / PT_PER_MM).to_pil().convert("RGB")


def pixel(image: PILImage.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((round(x_mm * PX_PER_MM), round(y_mm * PX_PER_MM)))


def path_points_mm(pdf: bytes) -> list[list[tuple[float, float]]]:
    """Every path object's points in page mm (y down), as pdfium reads them back."""
    page = pdfium.PdfDocument(pdf)[0]
    height_pt = page.get_height()
    found = []
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        matrix, points = obj.get_matrix(), []
        for index in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
            segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, index)
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            x_pt, y_pt = matrix.on_point(x.value, y.value)
            points.append((x_pt / PT_PER_MM, (height_pt - y_pt) / PT_PER_MM))
        found.append(points)
    return found


def test_page_size_and_boxes_are_exact() -> None:
    page = Page(550, 850, (), trim_box_mm=(5, 5, 545, 845), bleed_box_mm=(2, 2, 548, 848))
    reader = pypdf.PdfReader(io.BytesIO(render_pdf([page], title="Map")))
    pdf_page = reader.pages[0]
    assert float(pdf_page.mediabox.width) == pytest.approx(550 * PT_PER_MM, abs=1e-3)
    assert float(pdf_page.mediabox.height) == pytest.approx(850 * PT_PER_MM, abs=1e-3)
    assert [float(v) for v in pdf_page.trimbox] == pytest.approx(
        [5 * PT_PER_MM, 5 * PT_PER_MM, 545 * PT_PER_MM, 845 * PT_PER_MM], abs=1e-3
    )
    assert float(pdf_page.bleedbox.left) == pytest.approx(2 * PT_PER_MM, abs=1e-3)
    assert reader.metadata.title == "Map" and reader.metadata.author == "warkit"


def test_pages_keep_their_own_sizes_and_boxes() -> None:
    pages = [Page(210, 297, (), trim_box_mm=(3, 3, 207, 294)), Page(297, 210, ())]
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(pages, title="t")))
    assert [round(float(p.mediabox.width) / PT_PER_MM, 3) for p in reader.pages] == [210, 297]
    # The second page has no trim box of its own, so it defaults to the media box.
    assert reader.pages[1].trimbox == reader.pages[1].mediabox


def test_a_50_mm_line_is_50_mm() -> None:
    pdf = render_pdf([Page(100, 80, (Line(10, 20, 60, 20),))], title="t")
    [points] = path_points_mm(pdf)
    assert points[0] == pytest.approx((10, 20), abs=1e-4)
    assert math.dist(*points) == pytest.approx(50, abs=1e-4)


def test_multilingual_text_is_extractable_and_fonts_are_embedded_subsets() -> None:
    items = (
        Text(10, 20, MULTILINGUAL, "sans", 12),
        Text(10, 40, MULTILINGUAL, "condensed-bold", 12),
        Text(10, 60, "Göttingen", "sans-oblique", 12),
    )
    reader = pypdf.PdfReader(io.BytesIO(render_pdf([Page(200, 80, items)], title="t")))
    text = reader.pages[0].extract_text()
    assert text.count(MULTILINGUAL) == 2 and "Göttingen" in text
    fonts = reader.pages[0]["/Resources"]["/Font"]
    base_names = set()
    for reference in fonts.values():
        font = reference.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded as TrueType"
        assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(Condensed)?(-\w+)?", font["/BaseFont"])
        base_names.add(font["/BaseFont"].split("+")[1])
    assert base_names == {"DejaVuSans", "DejaVuSansCondensed-Bold", "DejaVuSans-Oblique"}


def test_a_character_the_font_lacks_stops_the_render() -> None:
    page = Page(50, 50, (Text(5, 5, "Zhōngguó 中国"),))
    with pytest.raises(MissingGlyphError, match=r"U\+4E2D.*Zhōngguó 中国"):
        render_pdf([page], title="t")


def test_text_inside_a_symbol_is_checked_too() -> None:
    symbol = SymbolDef("label", (0, 0, 10, 10), (Text(1, 5, "☃ ok", "sans"), Text(1, 9, "中")))
    with pytest.raises(MissingGlyphError, match=r"U\+4E2D"):
        render_pdf([Page(50, 50, (Use("label", 5, 5),), symbols=(symbol,))], title="t")


def test_two_renders_are_byte_identical(sample_page: Page) -> None:
    first = render_pdf([sample_page, sample_page], title="sample")
    assert first == render_pdf([sample_page, sample_page], title="sample")
    assert b"D:20000101000000" in first  # invariant mode: a fixed date, not today's


def test_output_does_not_depend_on_the_process(sample_page: Page) -> None:
    # A fresh interpreter with another hash seed must give the same bytes (no set or dict
    # iteration order, ids or dates leak into the file).
    script = (
        "import hashlib, sys; sys.path.insert(0, 'tests');"
        "from conftest import build_sample_page;"
        "from generator.render.pdf import render_pdf;"
        "from generator.render.svg import render_svg;"
        "page = build_sample_page();"
        "print(hashlib.sha256(render_pdf([page], title='s') + render_svg(page)).hexdigest())"
    )
    root = Path(__file__).resolve().parent.parent
    environment = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=environment,
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    here = render_pdf([sample_page], title="s") + render_svg(sample_page)
    assert done.stdout.strip() == hashlib.sha256(here).hexdigest()


def test_a_symbol_used_500_times_is_stored_once() -> None:
    square = SymbolDef("square", (0, 0, 4, 4), (Rect(0, 0, 4, 4, Style.filled("#336699")),))
    uses = tuple(Use("square", 5 + (i % 25) * 8, 5 + (i // 25) * 8) for i in range(500))
    second = Page(100, 50, (Use("square", 1, 1),), symbols=(square,))
    pdf = render_pdf([Page(210, 170, uses, symbols=(square,)), second], title="t")
    assert pdf.count(b"/Subtype /Form") == 1  # object dictionaries are not compressed
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    xobjects = [page["/Resources"]["/XObject"] for page in reader.pages]
    assert [len(x) for x in xobjects] == [1, 1]
    form_refs = [x.raw_get("/FormXob.sym-square") for x in xobjects]
    assert form_refs[0].idnum == form_refs[1].idnum
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 500


def test_filled_rect_lands_where_the_page_says(demo_free_page: Page) -> None:
    image = raster(render_pdf([demo_free_page], title="t"))
    assert image.size[0] in (1000, 1001) and image.size[1] in (800, 801)  # pdfium rounds up
    assert pixel(image, 25, 15) == RED  # inside Rect(20, 10, 30, 15)
    assert pixel(image, 25, 65) == WHITE  # where it would be if y were not flipped
    assert pixel(image, 19, 15) == WHITE and pixel(image, 51, 15) == WHITE


def test_group_transform_and_clip_move_pixels(demo_free_page: Page) -> None:
    image = raster(render_pdf([demo_free_page], title="t"))
    # Group: translate(70, 40) then rotate 90° clockwise; Rect(0, 0, 20, 5) becomes a
    # vertical bar x 65..70, y 40..60, clipped to its first 10 mm.
    assert pixel(image, 67.5, 45) == BLUE
    assert pixel(image, 67.5, 55) == WHITE  # clipped away
    assert pixel(image, 75, 45) == WHITE  # where the bar would be unrotated


def test_symbol_id_defined_twice_differently_is_an_error() -> None:
    first = SymbolDef("s", (0, 0, 1, 1), (Rect(0, 0, 1, 1),))
    second = SymbolDef("s", (0, 0, 1, 1), (Circle(0, 0, 1),))
    pages = [Page(9, 9, (Use("s", 1, 1),), symbols=(s,)) for s in (first, second)]
    with pytest.raises(ValueError, match="defined twice"):
        render_pdf(pages, title="t")


def test_symbol_use_is_rotated_and_scaled() -> None:
    arrow = SymbolDef("bar", (0, -1, 10, 1), (Rect(0, -1, 10, 2, Style.filled("#0000ff")),))
    page = Page(60, 60, (Use("bar", 30, 30, scale=2, rotation_deg=-90),), symbols=(arrow,))
    image = raster(render_pdf([page], title="t"))
    assert pixel(image, 30, 20) == BLUE  # pointing up (north) 20 mm long
    assert pixel(image, 30, 8) == WHITE and pixel(image, 40, 30) == WHITE


def test_images_are_upright_and_stretched_to_their_box() -> None:
    picture = PILImage.new("RGB", (2, 2), WHITE)
    picture.putpixel((0, 0), RED)  # top-left
    picture.putpixel((1, 1), BLUE)  # bottom-right
    png = io.BytesIO()
    picture.save(png, format="PNG")
    page = Page(60, 60, (Image(png.getvalue(), 10, 10, 40, 20),))
    image = raster(render_pdf([page], title="t"))
    assert pixel(image, 15, 13) == RED
    assert pixel(image, 45, 27) == BLUE
    assert pixel(image, 45, 13) == WHITE
    assert pixel(image, 30, 33) == WHITE  # box ends at 30 mm


def test_opacity_blends_with_what_is_below() -> None:
    items = (
        Rect(0, 0, 60, 20, Style.filled("#0000ff")),
        Circle(20, 20, 10, Style(fill="#ff0000", stroke=None, opacity=0.5)),
    )
    image = raster(render_pdf([Page(60, 40, items)], title="t"))
    assert pixel(image, 20, 15) == pytest.approx((128, 0, 128), abs=2)  # red over blue
    assert pixel(image, 20, 25) == pytest.approx((255, 128, 128), abs=2)  # red over white


@pytest.fixture
def demo_free_page() -> Page:
    """A page without text: a red rect, and a rotated, clipped blue bar."""
    bar = Group(
        (Rect(0, 0, 20, 5, Style.filled("#0000ff")),),
        Transform.rotate(90).then(Transform.translate(70, 40)),
        clip=Rect(0, -10, 10, 30),
    )
    return Page(100, 80, (Rect(20, 10, 30, 15, Style.filled("#ff0000")), bar))


def test_an_opaque_symbol_stays_opaque_after_translucent_drawing() -> None:
    """A form inherits the opacity where it is used; reportlab never writes `ca 1` inside a
    fresh form, so the painter must enter every form fully opaque."""
    dot = SymbolDef("dot", (-3, -3, 3, 3), (Circle(0, 0, 2.5, Style(fill="#0000ff", stroke=None)),))
    items = (Rect(0, 0, 10, 10, Style.filled("#ff0000", opacity=0.2)), Use("dot", 30, 20))
    image = raster(render_pdf([Page(60, 40, items, symbols=(dot,))], title="t"))
    assert pixel(image, 30, 20) == BLUE


def test_a_translucent_item_inside_a_symbol_stays_translucent() -> None:
    """reportlab leaves ExtGState out of a form's resources; the backend adds it."""
    veil = SymbolDef("veil", (-6, -6, 6, 6), (Rect(-5, -5, 10, 10, Style(fill="#ff0000", stroke=None, opacity=0.5)),))
    items = (Rect(0, 0, 60, 40, Style.filled("#0000ff")), Use("veil", 30, 20))
    image = raster(render_pdf([Page(60, 40, items, symbols=(veil,))], title="t"))
    assert pixel(image, 30, 20) == pytest.approx((128, 0, 128), abs=2)
