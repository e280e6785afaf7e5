"""The game's own fonts: a licence file required, every printed character checked, embedded
in the PDFs and subset into the SVGs; PostScript-outline OpenType fonts made TrueType."""

from __future__ import annotations

import io
import shutil

from checks import issues
from generator.fonts import faces as fonts

DEJAVU = fonts.FONT_DIR


def _font(mini, name: str = "GameSans.ttf", without: str = "", licence: bool = True):
    """DejaVu Sans renamed 'Game Sans', less the characters `without`."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(DEJAVU / "DejaVuSans.ttf", recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    keep = "".join(chr(c) for c in font.getBestCmap() if chr(c) not in without)
    subsetter.populate(text=keep)
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = "Game Sans"
        if record.nameID == 6:
            record.string = "GameSans"
    target = mini.path / "fonts" / name
    target.parent.mkdir(exist_ok=True)
    font.save(str(target))
    if licence:
        shutil.copy(DEJAVU / "LICENSE-DejaVu.txt", mini.path / "fonts/LICENSE-DejaVu.txt")
    return target


def test_a_font_without_a_licence_beside_it_is_refused(mini):
    _font(mini, licence=False)
    mini.append("game.yaml", "fonts:\n  text: {regular: fonts/GameSans.ttf}")
    assert issues(mini, "font") == [
        "mini/game.yaml:136:10: error: font.licence: font 'fonts/GameSans.ttf' has no licence file beside it (a file "
        "named LICENSE, LICENCE, OFL, COPYING or NOTICE, with any extension, in fonts); a kit embeds its fonts, so "
        "their licence must travel with them"]


def test_a_character_the_game_font_lacks_is_an_error_at_its_first_use(mini):
    _font(mini, without="W")  # "Mini War", the game's title, is the first string holding a W
    mini.append("game.yaml", "fonts:\n  title: {regular: fonts/GameSans.ttf}")
    assert issues(mini, "font") == [
        "mini/game.yaml:3:1: error: font.glyphs: font 'fonts/GameSans.ttf' (the title regular face) has no glyph "
        "for U+0057 'W' of 'Mini War'; choose a font that has it, or leave the role to DejaVu"]


def test_a_font_that_is_not_a_font_is_refused(mini):
    (mini.path / "fonts").mkdir()
    (mini.path / "fonts/Broken.ttf").write_bytes(b"not a font at all")
    shutil.copy(DEJAVU / "LICENSE-DejaVu.txt", mini.path / "fonts/LICENSE.txt")
    mini.append("game.yaml", "fonts:\n  text: {regular: fonts/Broken.ttf}")
    (found,) = issues(mini, "font")
    assert found.startswith("mini/game.yaml:136:10: error: font.file: font 'fonts/Broken.ttf' cannot be read as a "
                            "TrueType or OpenType font (")


def test_a_build_embeds_the_game_font_in_the_pdf_and_the_svg(mini, tmp_path):
    from pypdf import PdfReader

    from generator.build.runner import build_game

    _font(mini)
    mini.append("game.yaml", "fonts:\n  condensed: {regular: fonts/GameSans.ttf, bold: fonts/GameSans.ttf}")
    build_game(mini.path, tmp_path, {"only": ("counters",), "counter_images": ("svg",)})
    pdf = PdfReader(tmp_path / "mini/en/counters.pdf")
    names = set()
    for page in pdf.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(str(font["/BaseFont"]).split("+")[-1])
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            if descriptor is not None:
                assert "/FontFile2" in descriptor.get_object()  # embedded
    assert "GameSans" in names and "DejaVuSansCondensed" not in names, names
    svg = (tmp_path / "mini/en/counters/b1-front.svg").read_text()
    assert svg.count("@font-face") == 2  # the condensed regular and bold faces
    assert 'font-family="Game Sans ' in svg
    # the subset holds what the counter prints, not the whole font
    assert len(svg) < 60_000


def test_faces_come_back_to_dejavu_for_a_game_without_fonts(mini):
    from generator.checking import load_and_check

    _font(mini)
    mini.append("game.yaml", "fonts:\n  text: {regular: fonts/GameSans.ttf}")
    load_and_check(mini.path)
    assert fonts.pdf_font_name("sans").startswith("GameSans-")
    fonts.use_game_fonts(None)
    assert fonts.pdf_font_name("sans") == "DejaVuSans"


def test_an_opentype_font_with_postscript_outlines_is_made_truetype():
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    from generator.io.fonts import truetype_outlines

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({ord("A"): "A"})
    pen = T2CharStringPen(600, None)
    pen.moveTo((0, 0))
    pen.curveTo((100, 700), (500, 700), (600, 0))
    pen.closePath()
    square = T2CharStringPen(500, None)
    square.moveTo((0, 0)), square.lineTo((0, 500)), square.lineTo((500, 500)), square.closePath()
    builder.setupCFF("Arch", {"FullName": "Arch"}, {".notdef": square.getCharString(), "A": pen.getCharString()}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (600, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Arch", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    converted = TTFont(io.BytesIO(truetype_outlines(out.getvalue())))
    assert "glyf" in converted and "CFF " not in converted
    glyph = converted["glyf"]["A"]
    # the cubic arch drawn with quadratic pieces: more points than the cubic's four, its ends kept
    assert glyph.numberOfContours == 1 and len(glyph.coordinates) > 4
    assert (0, 0) in list(glyph.coordinates) and (600, 0) in list(glyph.coordinates)


def test_subsetting_a_game_font_says_nothing_on_stderr(caplog):
    """Blitz in the East's title face holds a FontForge time stamp (FFTM) that the subsetter
    drops; a build must not print fontTools' note about it for every SVG."""
    from pathlib import Path

    from generator.render.svgfonts import subset

    font = next((Path(__file__).parent.parent / "data" / "blitz-in-the-east" / "fonts").glob("*.ttf"))
    data = font.read_bytes()
    assert b"FFTM" in data[:1024]  # the table is there to drop
    import logging

    subset.cache_clear()
    with caplog.at_level(logging.DEBUG):
        out = subset(data, "BLITZ in the East 1941")
    assert out.startswith(b"\x00\x01\x00\x00") and len(out) < len(data)
    assert [r.getMessage() for r in caplog.records if r.name.startswith("fontTools") and r.levelno >= logging.WARNING] == []
