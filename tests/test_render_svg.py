"""SVG backend: structure, escaping, determinism, the golden file, and parity with the PDF.

Refresh the golden file after an intended change with:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_render_svg.py
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image as PILImage
from PIL import ImageChops

from generator.errors import MissingGlyphError
from generator.layout.primitives import Image, Page, Rect, Style, SymbolDef, Text, Use
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
GOLDEN = Path(__file__).parent / "golden" / "sample_page.svg"


def parse(svg: bytes) -> ET.Element:
    return ET.fromstring(svg)


def test_size_is_in_mm_with_a_mm_viewbox() -> None:
    root = parse(render_svg(Page(550, 850, ())))
    assert (root.get("width"), root.get("height")) == ("550mm", "850mm")
    assert root.get("viewBox") == "0 0 550 850"


def test_output_is_well_formed_and_deterministic(sample_page: Page) -> None:
    svg = render_svg(sample_page)
    assert svg == render_svg(sample_page)
    root = parse(svg)
    assert root.find(f"{SVG}title").text == "Sample page"
    numbers = re.findall(r'="([^"]*)"', svg.decode())
    assert not any(re.search(r"(?<![\d.])-0(?![.\d])", value) for value in numbers)
    lengths = re.sub(r"matrix\([^)]*\)", "", svg.decode())  # coefficients keep 6 decimals
    assert not re.search(r"\d\.\d{4,}", lengths)  # lengths: at most 3 decimals


def test_script_in_a_label_is_inert_text(sample_page: Page) -> None:
    svg = render_svg(sample_page)
    assert b"<script>" not in svg
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    root = parse(svg)
    assert root.find(f".//{SVG}script") is None
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "<script>alert(1)</script>" in texts


def test_a_symbol_used_500_times_is_defined_once() -> None:
    square = SymbolDef("square", (0, 0, 4, 4), (Rect(0, 0, 4, 4, Style.filled("#336699")),))
    uses = tuple(Use("square", 5 + (i % 25) * 8, 5 + (i // 25) * 8) for i in range(500))
    root = parse(render_svg(Page(210, 170, uses, symbols=(square,))))
    definitions = root.find(f"{SVG}defs")
    assert [g.get("id") for g in definitions.iter(f"{SVG}g")] == ["sym-square"]
    use_elements = list(root.iter(f"{SVG}use"))
    assert len(use_elements) == 500
    assert {u.get(XLINK_HREF) for u in use_elements} == {"#sym-square"}
    assert (use_elements[26].get("x"), use_elements[26].get("y")) == ("13", "13")


def test_nested_symbols_are_defined_before_use(sample_page: Page) -> None:
    definitions = parse(render_svg(sample_page)).find(f"{SVG}defs")
    ids = [g.get("id") for g in definitions if g.tag == f"{SVG}g"]
    assert ids == ["sym-hex_20_clear", "sym-dot", "sym-town"]


def test_a_character_the_font_lacks_stops_the_render() -> None:
    with pytest.raises(MissingGlyphError, match=r"U\+4E2D"):
        render_svg(Page(50, 50, (Text(5, 5, "Zhōngguó 中国"),)))


def test_fonts_are_referenced_by_family() -> None:
    items = (Text(1, 5, "a", "condensed-bold"), Text(1, 9, "b", "sans-oblique"))
    first, second = parse(render_svg(Page(20, 20, items))).iter(f"{SVG}text")
    assert first.get("font-family").startswith("DejaVu Sans Condensed")
    assert first.get("font-weight") == "bold"
    assert second.get("font-family").startswith("DejaVu Sans,")
    assert second.get("font-style") == "oblique"


def test_images_are_embedded_and_stretched() -> None:
    png = io.BytesIO()
    PILImage.new("RGB", (2, 2), (255, 0, 0)).save(png, format="PNG")
    root = parse(render_svg(Page(60, 60, (Image(png.getvalue(), 10, 10, 40, 20),))))
    image = root.find(f"{SVG}image")
    assert image.get(XLINK_HREF).startswith("data:image/png;base64,iVBOR")
    assert (image.get("width"), image.get("height"), image.get("preserveAspectRatio")) == (
        "40", "20", "none",
    )  # fmt: skip
    with pytest.raises(ValueError, match="neither PNG nor JPEG"):
        render_svg(Page(60, 60, (Image(b"GIF89a...", 0, 0, 1, 1),)))


def test_something_that_is_not_a_primitive_is_refused() -> None:
    with pytest.raises(TypeError, match="not a drawing primitive"):
        render_svg(Page(10, 10, ("Lille",)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a drawing primitive"):
        render_pdf([Page(10, 10, ([Rect(0, 0, 1, 1)],))], title="t")  # type: ignore[arg-type]


def test_golden_sample_page(sample_page: Page) -> None:
    svg = render_svg(sample_page)
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        GOLDEN.write_bytes(svg)
    assert svg.decode() == GOLDEN.read_text(encoding="utf-8"), (
        "SVG output changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_render_svg.py"
    )


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (librsvg)")
def test_svg_and_pdf_draw_the_same_picture(sample_page: Page) -> None:
    px_per_mm = 8
    pdf_page = pdfium.PdfDocument(render_pdf([sample_page], title="t"))[0]
    from_pdf = pdf_page.render(scale=px_per_mm * 25.4 / 72).to_pil().convert("RGB")
    png = subprocess.run(
        ["rsvg-convert", "--dpi-x", str(px_per_mm * 25.4), "--dpi-y", str(px_per_mm * 25.4),
         "--background-color", "white"],
        input=render_svg(sample_page), capture_output=True, check=True,
    ).stdout  # fmt: skip
    from_svg = PILImage.open(io.BytesIO(png)).convert("RGB")
    box = (0, 0, 80 * px_per_mm, 60 * px_per_mm)
    difference = ImageChops.difference(from_pdf.crop(box), from_svg.crop(box)).convert("L")
    histogram = difference.histogram()
    differing = sum(histogram[64:])
    # Anti-aliasing differs between pdfium and librsvg along edges; geometry must not.
    assert differing < 0.005 * box[2] * box[3], f"{differing} pixels differ"
