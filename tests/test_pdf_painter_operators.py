"""The PDF painter writes some items' operators itself (render/pdf_painter.py), without
reportlab's path objects and state stack: what it writes must be what reportlab's own calls
write for the same item, operator for operator."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from generator.layout.primitives import Line, Polygon, Rect, Style, Text, Use
from generator.render.pdf_painter import PdfPainter, _text_operators

STROKE = Style(stroke="#204080", stroke_width_mm=0.3)
FILLED = Style.filled("#f0e0c0")


def _canvas() -> Canvas:
    return Canvas(io.BytesIO(), pagesize=(200, 200), invariant=1)


def _painted(items) -> list[str]:
    canvas = _canvas()
    before = len(canvas._code)
    PdfPainter(canvas, {"hex": "sym-hex"}).draw(items)
    return "\n".join(canvas._code[before:]).split("\n")  # one operator group a line, as written


def _reportlab(draw) -> list[str]:
    canvas = _canvas()
    before = len(canvas._code)
    draw(canvas)
    return "\n".join(canvas._code[before:]).split("\n")


def test_a_line_is_written_as_reportlabs_path():
    def draw(canvas):
        canvas.setStrokeColorRGB(0x20 / 255, 0x40 / 255, 0x80 / 255)
        canvas.setStrokeAlpha(1.0)
        canvas.setLineWidth(0.3)
        canvas.setDash([], 0)
        canvas.setLineCap(0)
        canvas.setLineJoin(0)
        path = canvas.beginPath()
        path.moveTo(1.5, 2.25)
        path.lineTo(40.125, 2.25)
        canvas.drawPath(path, stroke=1, fill=0, fillMode=FILL_NON_ZERO)

    written = _painted([Line(1.5, 2.25, 40.125, 2.25, STROKE)])
    assert written == _reportlab(draw)
    assert written[-2:] == ["n 1.5 2.25 m 40.125 2.25 l", "S"]


def test_a_rectangle_is_written_as_reportlabs_path():
    def draw(canvas):
        canvas.setFillColorRGB(0xF0 / 255, 0xE0 / 255, 0xC0 / 255)
        canvas.setFillAlpha(1.0)
        path = canvas.beginPath()
        path.rect(10, 20.5, 15.875, 15.875)
        canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)

    written = _painted([Rect(10, 20.5, 15.875, 15.875, FILLED)])
    assert written == _reportlab(draw)
    assert written[-2:] == ["n 10 20.5 15.875 15.875 re", "f"]


def test_a_polygon_keeps_its_points_and_closes():
    written = _painted([Polygon([(0, 0), (8, 0), (4, 6.93)], FILLED)])
    assert written[-2:] == ["0 0 m 8 0 l 4 6.93 l h", "f"]


def test_a_placed_form_is_written_as_reportlabs_calls():
    def draw(canvas):
        canvas.setFillAlpha(1.0)
        canvas.setStrokeAlpha(1.0)
        canvas.saveState()
        canvas.transform(1, 0, 0, 1, 12.5, 30.25)
        canvas.doForm("sym-hex")
        canvas.restoreState()
        canvas.saveState()
        canvas.transform(0, 0.5, -0.5, 0, 3, 4)  # turned a quarter and halved
        canvas.doForm("sym-hex")
        canvas.restoreState()

    written = _painted([Use("hex", 12.5, 30.25), Use("hex", 3, 4, scale=0.5, rotation_deg=90)])
    assert written == _reportlab(draw)
    assert written[-4:] == ["q", "0 .5 -0.5 0 3 4 cm", "/FormXob.sym-hex Do", "Q"]


def test_a_string_repeated_is_written_alike_and_placed_anew():
    written = _painted([Text(10, 20, "0101", "condensed", 5), Text(30, 20, "0101", "condensed", 5)])
    first, second = [line for line in written if line.startswith("BT")]
    assert first.split(" Tm ")[-1] == second.split(" Tm ")[-1]  # font, size and string alike
    assert first.startswith("BT 1 0 0 1 0 0 Tm 1 0 0 -1 ") and first != second
    canvas = _canvas()
    tail = _text_operators(canvas, "condensed", 1.764, "0101")
    assert tail.endswith("(0101) Tj ET") and " 1.764 Tf " in f" {tail}"
