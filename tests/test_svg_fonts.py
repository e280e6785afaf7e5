"""Every SVG warkit writes carries the faces its text is set in, warkit's own DejaVu
included, so a browser without DejaVu draws the text as the layout measured it: one
@font-face per face, holding every character the file draws in it, the same bytes on
every run."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET

from fontTools.ttLib import TTFont

from generator.layout.primitives import Group, Page, SymbolDef, Text, Use
from generator.render.svg import render_svg

RULE = re.compile(r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); font-style: (\w+); '
                  r'src: url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\) format\("truetype"\); \}')
SVG = "{http://www.w3.org/2000/svg}"


def faces(svg: bytes) -> dict[tuple[str, str, str], TTFont]:
    found = {}
    for family, weight, style, data in RULE.findall(svg.decode()):
        assert (family, weight, style) not in found, f"{family} {weight} {style} embedded twice"
        found[family, weight, style] = TTFont(io.BytesIO(base64.b64decode(data)))
    return found


def characters(font: TTFont) -> set[str]:
    return {chr(code) for code in font.getBestCmap()}


def test_each_face_is_embedded_once_with_every_character_it_draws():
    page = Page(100, 100, (
        Text(5, 10, "Łódź 4-2", "sans"),
        Text(5, 20, "Warsaw ★", "sans-bold"),
        Text(5, 30, "Kiev", "title"),  # the title is DejaVu Sans Bold too: the same face, one rule
        Text(5, 40, "1/12 Inf", "condensed"),
        Text(5, 50, "Жуков", "condensed-bold"),  # Cyrillic: cut from the whole face
        Text(5, 60, "notes", "sans-oblique"),
        *(Text(5, 70, "4-2", "sans") for _ in range(50)),
    ), symbols=(SymbolDef("s", (0, -5, 10, 1), (Text(0, 0, "Zz", "sans"),)),))
    found = faces(render_svg(Page(page.width_mm, page.height_mm, (*page.items, Use("s", 1, 1)), page.symbols)))
    assert set(found) == {("DejaVu Sans", "normal", "normal"), ("DejaVu Sans", "bold", "normal"),
                          ("DejaVu Sans", "normal", "italic"), ("DejaVu Sans Condensed", "normal", "normal"),
                          ("DejaVu Sans Condensed", "bold", "normal")}
    assert set("Łódź 4-2Zz") <= characters(found["DejaVu Sans", "normal", "normal"])
    assert set("Warsaw ★Kiev") <= characters(found["DejaVu Sans", "bold", "normal"])
    assert set("1/12 Inf") <= characters(found["DejaVu Sans Condensed", "normal", "normal"])
    assert set("Жуков") <= characters(found["DejaVu Sans Condensed", "bold", "normal"])
    assert set("notes") <= characters(found["DejaVu Sans", "normal", "italic"])
    # a subset, not the whole face: the digits' face holds a few blocks of 8 characters
    assert len(characters(found["DejaVu Sans Condensed", "normal", "normal"])) <= 48


def test_every_text_names_an_embedded_face():
    page = Page(60, 30, (Text(5, 10, "Bluetown", "sans-bold"), Text(5, 20, "2-1", "condensed"),
                         Group((Text(5, 25, "c", "sans-oblique"),))))
    svg = render_svg(page)
    embedded = set(faces(svg))
    for text in ET.fromstring(svg).iter(f"{SVG}text"):
        family = text.get("font-family").split(",")[0].strip()
        weight = text.get("font-weight", "normal")
        style = "italic" if text.get("font-style", "normal") != "normal" else "normal"
        assert (family, weight, style) in embedded


def test_the_fonts_are_the_same_bytes_on_every_run():
    page = Page(40, 20, (Text(2, 10, "Strike of the Eagle 1920", "title"),))
    assert render_svg(page) == render_svg(page)


def test_a_page_without_text_embeds_no_font():
    assert "@font-face" not in render_svg(Page(10, 10, ())).decode()


def test_every_built_svg_carries_its_fonts(mini, tmp_path):
    from generator.build.runner import build_game

    build_game(mini.path, tmp_path / "out", {"counter_images": ("svg",)})
    svgs = sorted((tmp_path / "out/mini/en").rglob("*.svg"))
    assert len(svgs) > 10
    with_text = 0
    for path in svgs:
        data = path.read_bytes()
        texts = [t for t in ET.fromstring(data).iter(f"{SVG}text") if (t.text or "").strip() or len(t)]
        if texts:
            with_text += 1
            assert faces(data), f"{path.name} sets text without embedding its fonts"
    assert with_text > 10  # the map, the charts, the counters
