"""An SVG picture is turned into PDF drawing once per build: every document copies the
recorded form, which is the stream reportlab writes when it draws the picture itself, with
its opacity states and its gradients' shadings renumbered for each document."""

from __future__ import annotations

import hashlib
import io

import pypdfium2
from pypdf import PdfReader
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from generator.io.svgsafe import clean_svg
from generator.layout.pictures import picture_items
from generator.layout.primitives import Page
from generator.model.pictures import Picture
from generator.render import pictures as render_pictures
from generator.fonts.faces import pdf_font_name, register_fonts
from generator.render.pdf import render_pdf

GRADIENT = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g" x1="0" y1="0" '
            'x2="0" y2="1"><stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
            '</linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>'
            '<circle cx="5" cy="5" r="2" fill="#00ff00" fill-opacity="0.5"/></svg>')


def _picture(name: str, top: str, bottom: str) -> Picture:
    clean = clean_svg(GRADIENT.replace("{top}", top).replace("{bottom}", bottom).encode())
    return Picture(name, "svg", clean.data, clean.width, clean.height, hashlib.sha256(clean.data).hexdigest())


def _form_streams(pdf: bytes) -> list[bytes]:
    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for number in range(1, reader.trailer["/Size"]):
        obj = reader.get_object(number)
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Form":
            found.append(obj.get_data())
    return found


def _colours(pdf: bytes, page: int = 0):
    image = pypdfium2.PdfDocument(pdf)[page].render(scale=2).to_pil().convert("RGB")
    return image.getpixel((image.width // 2, 2)), image.getpixel((image.width // 2, image.height - 3))


def test_the_recorded_form_is_the_stream_reportlab_draws():
    register_fonts()
    picture = _picture("g.svg", "#ff0000", "#0000ff")
    ours = render_pdf([Page(20, 20, picture_items(picture, (0, 0, 20, 20)))], title="t")
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, initialFontName=pdf_font_name("sans"))  # as render_pdf's
    drawing = svg2rlg(io.BytesIO(picture.data))
    canvas.beginForm("direct", 0, 0, drawing.width, drawing.height)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.endForm()
    canvas.doForm("direct")
    canvas.showPage()
    canvas.save()
    (direct,) = _form_streams(out.getvalue())
    (recorded,) = _form_streams(ours)
    assert recorded == direct
    assert b" sh" in recorded and b" gs" in recorded  # the gradient and the translucent circle


def test_the_picture_is_read_once_however_many_documents_draw_it(monkeypatch):
    reads = []
    real = render_pictures._read_svg
    monkeypatch.setattr(render_pictures, "_read_svg", lambda picture: reads.append(picture.path) or real(picture))
    picture = _picture("g.svg", "#ff0000", "#0000ff")
    first = render_pdf([Page(20, 20, picture_items(picture, (0, 0, 20, 20)))], title="t")
    second = render_pdf([Page(20, 20, picture_items(picture, (0, 0, 20, 20)))], title="t")
    assert reads == ["g.svg"] and first == second
    # the same file loaded again (another build) is read again: the recording is the picture's
    render_pdf([Page(20, 20, picture_items(_picture("g.svg", "#ff0000", "#0000ff"), (0, 0, 20, 20)))], title="t")
    assert reads == ["g.svg", "g.svg"]


def test_gradients_of_two_pictures_keep_their_own_shadings_in_one_document():
    red_blue = _picture("a.svg", "#ff0000", "#0000ff")
    green_black = _picture("b.svg", "#00ff00", "#000000")
    render_pdf([Page(20, 20, picture_items(green_black, (0, 0, 20, 20)))], title="t")  # recorded as Sh0
    pdf = render_pdf([Page(20, 20, picture_items(red_blue, (0, 0, 20, 20))),  # Sh0 here
                      Page(20, 20, picture_items(green_black, (0, 0, 20, 20)))], title="t")  # renamed Sh1
    (top, bottom), (top2, bottom2) = _colours(pdf, 0), _colours(pdf, 1)
    assert top[0] > 200 and top[2] < 60 and bottom[2] > 200 and bottom[0] < 60
    assert top2[1] > 200 and top2[0] < 60 and max(bottom2) < 60


def test_the_recording_does_not_depend_on_what_the_process_drew_before(monkeypatch):
    # A parallel build records its pictures before it forks, in a process that has drawn no
    # document yet (reportlab's invariant mode still off); a one-process build records each
    # picture inside its first document. Both must give the same bytes.
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "invariant", 0)
    early = _picture("g.svg", "#ff0000", "#0000ff")
    render_pictures.recorded_form(early)  # recorded alone, before any document
    first = render_pdf([Page(20, 20, picture_items(early, (0, 0, 20, 20)))], title="t")
    other = _picture("h.svg", "#00ff00", "#ffff00")
    render_pdf([Page(20, 20, picture_items(other, (0, 0, 20, 20)))], title="t")
    late = _picture("g.svg", "#ff0000", "#0000ff")  # recorded after another picture's document
    second = render_pdf([Page(20, 20, picture_items(late, (0, 0, 20, 20)))], title="t")
    assert first == second
    (form,) = _form_streams(first)
    # the state operators the picture opens with, in reportlab's sorted (invariant) order:
    # fill colour, font name and size, stroke colour, dash, cap, join, width, then the transform
    opening = form.split(b"\n")[2:12]
    assert opening == [b"0 0 0 rg", b"BT /F1 10 Tf 12 TL ET", b"BT /F1 10 Tf 12 TL ET", b"0 0 0 RG", b"[] 0 d",
                       b"0 J", b"0 j", b"1 w", b"1 0 0 1 0 0 cm", b"q"]
