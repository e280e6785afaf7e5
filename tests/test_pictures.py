"""The designer's pictures: placed by fit rule where the PDF and the SVG say, embedded once per
document, on counters, markers, cards and covers; refused, with their place, when hostile."""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET

import pytest

from checks import issues
from generator.io.svgsafe import clean_svg
from generator.layout.pictures import picture_items, placed_box
from generator.layout.primitives import Group, Image, Page, Rect
from generator.model.pictures import Picture
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg
from pictures_helpers import PLANE_SVG, image_objects, png_bytes, placements, write_png, xobject_ids

SLOT = (10.0, 20.0, 50.0, 60.0)  # a 40 x 40 mm slot


def _png_picture(width: int, height: int) -> Picture:
    data = png_bytes(width, height)
    return Picture("art/a.png", "png", data, width, height, hashlib.sha256(data).hexdigest())


def _svg_picture() -> Picture:
    clean = clean_svg(PLANE_SVG.encode())
    return Picture("art/plane.svg", "svg", clean.data, clean.width, clean.height, hashlib.sha256(clean.data).hexdigest())


# -- fit rules, as the PDF places the picture -----------------------------------------------


@pytest.mark.parametrize("fit, anchor, box", [
    # 200 x 100 pixels in a 40 x 40 mm slot: fitted it is 40 x 20 mm, filled 80 x 40.
    ("fit", "center", (10.0, 30.0, 50.0, 50.0)),
    ("fit", "top_left", (10.0, 20.0, 50.0, 40.0)),
    ("fit", "bottom", (10.0, 40.0, 50.0, 60.0)),
    ("fill", "center", (-10.0, 20.0, 70.0, 60.0)),
    ("fill", "left", (10.0, 20.0, 90.0, 60.0)),
    ("fill", "right", (-30.0, 20.0, 50.0, 60.0)),
    ("stretch", "center", (10.0, 20.0, 50.0, 60.0)),
])
def test_a_png_is_placed_in_its_slot_by_its_fit_rule(fit, anchor, box):
    page = Page(100, 100, picture_items(_png_picture(200, 100), SLOT, fit, anchor))
    (name, subtype, placed), = placements(render_pdf([page], title="t"))
    assert subtype == "/Image"
    assert placed == box


def test_a_filled_picture_is_cropped_to_its_slot():
    items = picture_items(_png_picture(200, 100), SLOT, "fill", "center")
    assert len(items) == 1 and isinstance(items[0], Group)
    assert items[0].clip == Rect(10.0, 20.0, 40.0, 40.0)
    content = render_pdf([Page(100, 100, items)], title="t")
    # the clip path in the y-down millimetre space of the page: 10 20 40 40 re W n
    assert b"10 20 40 40 re W n" in _content(content)


def test_a_fitted_picture_needs_no_clip():
    items = picture_items(_png_picture(200, 100), SLOT, "fit", "center")
    assert items == [Image(items[0].source, 10.0, 30.0, 40.0, 20.0)]


@pytest.mark.parametrize("fit, box", [("fit", (10.0, 30.0, 50.0, 50.0)), ("stretch", (10.0, 20.0, 50.0, 60.0)),
                                      ("fill", (-10.0, 20.0, 70.0, 60.0))])
def test_an_svg_picture_is_a_form_placed_in_the_same_box(fit, box):
    page = Page(100, 100, picture_items(_svg_picture(), SLOT, fit, "center"))
    (name, subtype, placed), = placements(render_pdf([page], title="t"))
    assert subtype == "/Form" and name.startswith("/FormXob.pic-")
    assert placed == box


def test_the_svg_backend_places_the_picture_in_the_same_box():
    svg = render_svg(Page(100, 100, picture_items(_png_picture(200, 100), SLOT, "fit", "center"))).decode()
    # defined once as a unit square, placed scaled: the PDF's numbers
    assert len(re.findall(r'<image [^>]*href="data:image/png;base64,', svg)) == 1
    assert 'transform="matrix(40 0 0 20 10 30)"' in svg
    vector = render_svg(Page(100, 100, picture_items(_svg_picture(), SLOT, "fit", "center")))
    (image,) = ET.fromstring(vector).iter("{http://www.w3.org/2000/svg}image")
    # an SVG picture is defined at the size of its first box, placed there with <use>
    assert {k: image.get(k) for k in ("x", "y", "width", "height", "preserveAspectRatio")} == \
        {"x": "0", "y": "0", "width": "40", "height": "20", "preserveAspectRatio": "none"}
    assert image.get("{http://www.w3.org/1999/xlink}href").startswith("data:image/svg+xml;base64,")
    (use,) = ET.fromstring(vector).iter("{http://www.w3.org/2000/svg}use")
    assert (use.get("x"), use.get("y"), use.get("{http://www.w3.org/1999/xlink}href")) == ("10", "30", f"#{image.get('id')}")


def test_an_svg_picture_is_embedded_once_per_svg_file():
    svg = _svg_picture()  # 2:1
    items = [*picture_items(svg, (5, 5, 25, 15)), *picture_items(svg, (30, 5, 50, 15)),
             *picture_items(svg, (5, 50, 85, 90))]  # the last twice as wide: 80 x 40 in an 80 x 40 box
    out = render_svg(Page(100, 100, items))
    assert out.decode().count("data:image/svg+xml;base64,") == 1
    uses = [u for u in ET.fromstring(out).iter("{http://www.w3.org/2000/svg}use")]
    assert [(u.get("x"), u.get("y"), u.get("transform")) for u in uses] == [
        ("5", "5", None), ("30", "5", None), (None, None, "matrix(4 0 0 4 5 50)")]


def test_a_picture_drawn_many_times_is_embedded_once_per_document():
    png, svg = _png_picture(30, 20), _svg_picture()
    items = [item for x in (5.0, 30.0, 60.0)
             for item in (*picture_items(png, (x, 5, x + 10, 15)), *picture_items(svg, (x, 50, x + 10, 60)))]
    pdf = render_pdf([Page(100, 100, items)] * 6, title="t")
    assert len(image_objects(pdf)) == 1  # the PNG, drawn 6 pages x 3 times
    drawn = [placement for number in range(6) for placement in placements(pdf, number)]
    assert [subtype for _, subtype, _ in drawn].count("/Form") == 18
    assert len({name for name, _, _ in drawn}) == 2  # one image, one form: each the same object on every page
    assert len(xobject_ids(pdf)) == 2


def test_placed_box_keeps_the_aspect():
    assert placed_box(_png_picture(300, 400), (0, 0, 30, 30), "fit", "center") == (3.75, 0.0, 26.25, 30.0)
    assert placed_box(_png_picture(300, 400), (0, 0, 30, 30), "fill", "top") == (0.0, 0.0, 30.0, 40.0)


def _content(pdf: bytes) -> bytes:
    import io

    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()


# -- the data: references, checks, refusals -------------------------------------------------


def _with_art(mini):
    """The mini game with a silhouette on the cavalry type, a portrait on b1 and a picture on
    the turn marker."""
    mini.write("art/plane.svg", PLANE_SVG)
    write_png(mini.path / "art/portrait.png", 300, 400)
    mini.replace("game.yaml", "{id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav}",
                 "{id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav, image: plane}")
    mini.append("game.yaml", "images:\n  - {id: plane, file: art/plane.svg}\n"
                             "  - {id: leader, file: art/portrait.png, slot: portrait, fit: fill}")
    units = mini.read("units.csv").splitlines()
    units[0] += ",image"
    units = [units[0]] + [line + ("," + "leader" if line.startswith("b1,") else ",") for line in units[1:]]
    mini.write("units.csv", "\n".join(units) + "\n")
    markers = mini.read("markers.csv").splitlines()
    mini.write("markers.csv", "\n".join([markers[0] + ",image", markers[1] + ",art/plane.svg"]
                                        + [line + "," for line in markers[2:]]) + "\n")
    return mini


def test_a_game_with_pictures_checks_clean(mini):
    _with_art(mini)
    assert issues(mini) == []


@pytest.mark.parametrize("name, body, message", [
    ("script.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <script>alert(1)</script>\n</svg>',
     "mini/art/bad.svg:2:3: error: image.svg: SVG picture holds a script; refused (named at mini/units.csv:2:12)"),
    ("entity.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n<svg xmlns="http://www.w3.org/2000/svg"'
                   ' viewBox="0 0 10 10">&a;</svg>',
     "mini/art/bad.svg:2:1: error: image.svg: SVG picture declares a document type (DTD), which could define "
     "entities or fetch files; save the picture without one (named at mini/units.csv:2:12)"),
    ("external.svg", '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                     'viewBox="0 0 10 10">\n<use xlink:href="https://example.org/x.svg#a"/>\n</svg>',
     "mini/art/bad.svg:2:1: error: image.svg: SVG picture <use> refers to 'https://example.org/x.svg#a' outside "
     "the picture; only links inside it (#id) are allowed (named at mini/units.csv:2:12)"),
    ("handler.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<rect width="5" height="5" '
                    'onclick="alert(1)"/>\n</svg>',
     "mini/art/bad.svg:2:1: error: image.svg: SVG picture <rect> has an event handler (onclick), a script; "
     "refused (named at mini/units.csv:2:12)"),
    ("style.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<rect width="5" height="5" '
                  'style="fill:url(https://example.org/p.svg#g)"/>\n</svg>',
     "mini/art/bad.svg:2:1: error: image.svg: SVG picture <rect> style refers to 'https://example.org/p.svg#g' "
     "outside the picture; only url(#id) is allowed (named at mini/units.csv:2:12)"),
    ("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n\n    <text>1</text>\n</svg>',
     "mini/art/bad.svg:3:5: error: image.svg: SVG picture holds text (<text>); convert it to paths (Inkscape: "
     "Path > Object to Path) so it prints as drawn; refused (named at mini/units.csv:2:12)"),
    ("cycle.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<g id="a"><use href="#b"/></g>\n'
                  '<g id="b"><use href="#a"/></g>\n</svg>',
     "mini/art/bad.svg:2:1: error: image.svg: SVG picture has <use> elements that draw each other in a circle "
     "(named at mini/units.csv:2:12)"),
    # a0 is 1 element; each a(n) uses a(n-1) four times: 9, 41, 165 … 42,345, then a8 169,385
    ("laughs.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<defs><rect id="a0" width="1" '
                   'height="1"/>\n' + "".join(f'<g id="a{n}">' + f'<use href="#a{n - 1}"/>' * 4 + '</g>\n'
                                               for n in range(1, 9)) + '</defs><use href="#a8"/></svg>',
     "mini/art/bad.svg:10:1: error: image.svg: SVG picture would draw more than 50000 elements through its <use> "
     "elements (named at mini/units.csv:2:12)"),
    ("nosize.svg", '<svg xmlns="http://www.w3.org/2000/svg">\n<rect width="5" height="5"/>\n</svg>',
     "mini/art/bad.svg:1: error: image.svg: SVG picture has no size: give the <svg> a viewBox (or a width and "
     "height in px, mm, cm, in or pt) (named at mini/units.csv:2:12)"),
])
def test_a_hostile_svg_is_refused_at_its_line_and_column(mini, name, body, message):
    mini.write("art/bad.svg", body)
    _name_on_b1(mini, "art/bad.svg")
    assert issues(mini, "image") == [message]


def _name_on_b1(mini, reference: str) -> None:
    units = mini.read("units.csv").splitlines()
    units[0] += ",image"
    units = [units[0]] + [line + ("," + reference if line.startswith("b1,") else ",") for line in units[1:]]
    mini.write("units.csv", "\n".join(units) + "\n")


def test_a_decompression_bomb_is_refused_before_it_is_decoded(mini):
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    (mini.path / "art").mkdir()
    (mini.path / "art/bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                                             + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b""))
    _name_on_b1(mini, "art/bomb.png")
    assert issues(mini, "path") == [
        "mini/units.csv:2:12: error: path.image: [image] image 'art/bomb.png' is 100000 x 100000 pixels; images are "
        "limited to 40000000 pixels (and may not be empty)"]


@pytest.mark.parametrize("reference, message", [
    ("../outside.png", "mini/units.csv:2:12: error: path.outside: [image] path '../outside.png' must not contain "
                       "'..' (files stay inside the game folder)"),
    ("/etc/passwd.png", "mini/units.csv:2:12: error: path.outside: [image] path '/etc/passwd.png' must be relative "
                        "to the game folder (no absolute path)"),
    ("art/link.png", "mini/units.csv:2:12: error: path.outside: [image] path 'art/link.png' leads outside the game "
                     "folder (a symbolic link?)"),
])
def test_a_picture_outside_the_game_folder_is_refused(mini, tmp_path, reference, message):
    write_png(tmp_path / "outside.png", 10, 10)
    (mini.path / "art").mkdir()
    (mini.path / "art/link.png").symlink_to(tmp_path / "outside.png")
    _name_on_b1(mini, reference)
    assert issues(mini, "path") == [message]


def test_a_missing_picture_is_named_at_the_cell(mini):
    _name_on_b1(mini, "art/nothing.png")
    assert issues(mini, "path") == ["mini/units.csv:2:12: error: path.image: [image] image 'art/nothing.png' "
                                    "file not found"]


def test_a_reference_that_is_neither_an_image_id_nor_a_picture_file_is_an_error(mini):
    _name_on_b1(mini, "leader")
    assert issues(mini, "image") == ["mini/units.csv:2:12: error: image.file: [image] image 'leader': expected a "
                                     ".png, .jpg, .jpeg or .svg file (or the id of an entry of 'images' in "
                                     "game.yaml)"]


def test_a_picture_printed_under_150_dpi_is_warned_about(mini):
    # 30 x 10 pixels in the symbol frame of a 5/8" counter: 0.44 x 15.875 = 6.985 mm wide,
    # 30 / (6.985 / 25.4) = 109 dpi; 150 dpi would need 150 x 6.985 / 25.4 = 41.25 pixels.
    write_png(mini.path / "art/small.png", 30, 10)
    _name_on_b1(mini, "art/small.png")
    assert issues(mini, "image") == [
        "mini/units.csv:2:12: warning: image.resolution: [image] image 'art/small.png' (30 x 10 pixels) prints "
        "7.0 mm wide on a counter: 109 dpi, under 150; give it at least 42 pixels across"]


def test_a_slot_the_place_does_not_have_is_warned_about(mini):
    write_png(mini.path / "art/scene.png", 600, 400)
    mini.append("game.yaml", "images:\n  - {id: scene, file: art/scene.png, slot: illustration}")
    _name_on_b1(mini, "scene")
    assert issues(mini, "image") == [
        "mini/units.csv:2:12: warning: image.slot: [image] image 'scene' goes in the 'illustration' slot, which a "
        "counter does not have (symbol, full, portrait); it is put in 'symbol'"]


def test_more_pictures_than_faces_is_an_error(mini):
    write_png(mini.path / "art/a.png", 300, 300)
    _name_on_b1(mini, "art/a.png|art/a.png|art/a.png")
    assert issues(mini, "image.faces") == [
        "mini/units.csv:2:12: error: image.faces: [image] 3 pictures separated by '|' for 2 printed face(s) in "
        "'factors'; give one picture for every face, or one for all"]


# -- on counters, markers and cards -----------------------------------------------------------


def _faces(mini):
    from generator.components.counters.plan import plan_counters
    from generator.io.loader import load_game

    game = load_game(mini.path).game
    return {c.name: c for s in plan_counters(game) for c in s.counters}


def test_faces_carry_the_picture_of_their_unit_or_type(mini):
    counters = _faces(_with_art(mini))
    assert counters["b1"].front.art.slot == "portrait" and counters["b1"].front.art.fit == "fill"
    assert counters["b1"].back.art.picture.path == "art/portrait.png"  # one picture serves every face
    assert counters["r2"].front.art.picture.path == "art/plane.svg"  # the type's picture
    assert counters["r2"].front.art.slot == "symbol"
    assert counters["b2"].front.art is None
    assert counters["marker-turn"].front.art.picture.path == "art/plane.svg"
    assert counters["marker-turn"].back.art.picture.path == "art/plane.svg"  # no back_image: the front's


def test_a_picture_in_the_symbol_slot_replaces_the_symbol(mini):
    from generator.components.counters.art import draw_face

    counters = _faces(_with_art(mini))
    drawing = draw_face(counters["r2"].front, 20.0)
    images = _images(drawing.picture.items)
    # the frame of a "side" layout: centre (0.59, 0.445) x 20 mm, 0.44 x 20 = 8.8 mm wide, 8.8 / 1.5 tall;
    # a 100 x 50 picture fitted: 8.8 x 4.4 mm, centred in it
    (image,) = images
    assert (round(image.x_mm, 3), round(image.y_mm, 3), round(image.width_mm, 3), round(image.height_mm, 3)) == \
        (7.4, 6.7, 8.8, 4.4)


def test_a_portrait_fills_the_middle_of_the_face(mini):
    from generator.components.counters.art import draw_face

    counters = _faces(_with_art(mini))
    drawing = draw_face(counters["b1"].front, 20.0)
    (clip_group,) = [item for item in drawing.picture.items if isinstance(item, Group)]
    clip = clip_group.clip
    # top 0.17 x 20 = 3.4 mm; bottom above the factors; a square centred on the frame's x
    assert round(clip.y_mm, 3) == 3.4 and round(clip.width_mm, 3) == round(clip.height_mm, 3)


def _images(items):
    for item in items:
        if isinstance(item, Image):
            yield item
        elif isinstance(item, Group):
            yield from _images(item.items)


def test_an_svg_gradient_is_painted_in_the_pdf():
    """svglib paints gradients as PDF shadings; the form must list them among its resources,
    or viewers paint the shape black."""
    import pypdfium2

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g" x1="0" y1="0" '
           'x2="0" y2="1"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>'
           '</linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>')
    clean = clean_svg(svg.encode())
    picture = Picture("g.svg", "svg", clean.data, clean.width, clean.height, hashlib.sha256(clean.data).hexdigest())
    pdf = render_pdf([Page(20, 20, picture_items(picture, (0, 0, 20, 20)))], title="t")
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    top, bottom = image.getpixel((image.width // 2, 2)), image.getpixel((image.width // 2, image.height - 3))
    assert top[0] > 200 and top[2] < 60  # red at the top
    assert bottom[2] > 200 and bottom[0] < 60  # blue at the bottom


def test_the_pictures_of_a_game_are_budgeted_together(mini, monkeypatch):
    from generator.io import pictures

    write_png(mini.path / "art/a.png", 300, 300)
    size = len((mini.path / "art/a.png").read_bytes())
    write_png(mini.path / "art/b.png", 300, 300, (10, 200, 10))
    monkeypatch.setattr(pictures, "MAX_PICTURES_BYTES", size + 10)
    mini.append("game.yaml", "images:\n  - {id: a, file: art/a.png}\n  - {id: b, file: art/b.png}")
    found = issues(mini, "image.budget")
    total = size + len((mini.path / "art/b.png").read_bytes())
    assert found == [f"mini/game.yaml:137:13: error: image.budget: the game's pictures reach {total:,} bytes with "
                     f"'art/b.png'; a game's pictures are limited to {size + 10:,} bytes in all (smaller files: JPEG "
                     "for paintings, fewer pixels)"]


def test_a_block_label_takes_a_portrait_between_its_strength_bands():
    from generator.components.blocks.label import BlockLabel, label_items
    from generator.model.pictures import Art
    from generator.model.rules import Colours

    art = Art(_png_picture(400, 500), "portrait", "fill", "top")
    label = BlockLabel("pl-haller", Colours(background="#3366cc", text="#ffffff"), "leader", "XX", False, "Haller",
                       ("1", "Used", "", ""), "Haller", art)
    items = label_items(label, 20.0)
    (portrait,) = [item for item in items if isinstance(item, Group) and item.clip is not None]
    # the bands are 0.2 x 20 = 4 mm; the symbol's frame 8 mm wide, 8 / 1.5 tall, centred at
    # 0.47 x 20 = 9.4 mm: the portrait from (4, 4) to (16, 9.4 + 2.667)
    clip = portrait.clip
    assert (clip.x_mm, clip.y_mm, clip.width_mm, round(clip.height_mm, 3)) == (4.0, 4.0, 12.0, 8.067)
    (image,) = portrait.items
    # 400 x 500 filling 12 x 8.067 mm: 12 mm wide, 15 mm tall, its top kept
    assert (image.x_mm, image.y_mm, round(image.width_mm, 3), round(image.height_mm, 3)) == (4.0, 4.0, 12.0, 15.0)


def test_an_svg_file_holds_a_raster_picture_once_however_often_it_is_drawn():
    png = _png_picture(30, 20)
    items = [item for x in (5.0, 30.0, 60.0) for item in picture_items(png, (x, 5, x + 30, 25))]
    svg = render_svg(Page(100, 100, items)).decode()
    assert svg.count("data:image/png;base64,") == 1
    uses = re.findall(r'<use [^>]*transform="matrix\(([^)]*)\)"', svg)
    assert uses == ["30 0 0 20 5 5", "30 0 0 20 30 5", "30 0 0 20 60 5"]
