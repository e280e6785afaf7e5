"""A face as reportlab parses it, kept between runs (generator/fonts/parsed.py): the font
rebuilt from a kept parse measures, maps and embeds exactly as a fresh parse does."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator import kept
from generator.fonts import parsed
from generator.fonts.faces import FONT_DIR

SANS = str(FONT_DIR / "DejaVuSans.ttf")
CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


def _pdf(font: TTFont, text: str) -> bytes:
    """A page setting `text` in `font` (registered under its name), as bytes."""
    pdfmetrics.registerFont(font)
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=0)
    canvas.setFont(font.fontName, 12)
    canvas.drawString(72, 72, text)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _no_parse(*args, **kwargs):
    raise AssertionError("parsed again")


def _kept_files(folder) -> list:
    where = folder / parsed.KIND
    return sorted(where.iterdir()) if where.exists() else []


def test_a_kept_parse_gives_the_same_font(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    fresh = parsed.parsed_font("KeptSans", SANS)  # parsed, and kept
    assert len(_kept_files(tmp_path)) == 1
    with monkeypatch.context() as patch:  # no parsing now: the kept file serves
        patch.setattr(ttfonts.TTFontFace, "__init__", _no_parse)
        again = parsed.parsed_font("KeptSans", SANS)  # rebuilt from the kept file
    assert again is not fresh and type(again.face) is type(fresh.face)
    assert again.face.charWidths == fresh.face.charWidths
    assert again.face.charToGlyph == fresh.face.charToGlyph
    assert again.face.name.ustr == "DejaVuSans" and again.face.unitsPerEm == 2048
    assert again.stringWidth("Ærø 0101 — 6-7-4", 10) == TTFont("Plain", SANS).stringWidth("Ærø 0101 — 6-7-4", 10)
    text = "Gorvo 0704 Ærø — ½ ↑"
    assert _pdf(again, text) == _pdf(TTFont("KeptSans", SANS), text)  # the same subset, widths and bytes


def test_a_games_face_given_as_bytes_is_kept_by_its_content(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    data = CONDENSED.read_bytes()
    parsed.parsed_font("GameFace-1a2b3c4d", data)
    with monkeypatch.context() as patch:
        patch.setattr(ttfonts.TTFontFace, "__init__", _no_parse)
        again = parsed.parsed_font("GameFace-1a2b3c4d", data)
    assert len(_kept_files(tmp_path)) == 1
    assert again.face._ttf_data == data
    assert _pdf(again, "XXX 12") == _pdf(TTFont("GameFace-1a2b3c4d", io.BytesIO(data)), "XXX 12")


def test_a_damaged_or_foreign_kept_file_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    parsed.parsed_font("KeptSans", SANS)
    (name,) = [path.name for path in _kept_files(tmp_path)]
    for content in (b"not marshal data", b"\xe9\x00\x00\x00\x00"):  # (its digest right: kept.write)
        kept.write(parsed.KIND, name, content)
        font = parsed.parsed_font("KeptSans", SANS)
        assert font.face.charWidths[ord("A")] == TTFont("Plain", SANS).face.charWidths[ord("A")]
    (tmp_path / parsed.KIND / name).write_bytes(b"\x00" * 40)  # a digest that does not match
    assert parsed.parsed_font("KeptSans", SANS).face.numGlyphs == TTFont("Plain", SANS).face.numGlyphs


def test_nothing_is_kept_when_keeping_is_off(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", "off")
    font = parsed.parsed_font("KeptSans", SANS)
    assert font.face.name.ustr == "DejaVuSans"
    assert not (tmp_path / parsed.KIND).exists()


def test_a_bundled_faces_characters_are_the_same_read_either_way():
    """A build takes a bundled face's characters from reportlab's parse, `check` from the
    face's character map alone: both give every face the same characters."""
    from generator.fonts import faces
    from generator.fonts.cmap import covered_codes

    faces.use_game_fonts(None)  # DejaVu in force for every key
    counts = {}
    for key, bundled in faces.FACES.items():
        from_map = covered_codes(bundled.path.read_bytes())
        from_reportlab = frozenset(code for code, glyph in faces.tt_font(key).face.charToGlyph.items() if glyph)
        assert from_map == from_reportlab, key
        counts[key] = len(from_map)
    assert counts == {"sans": 5918, "sans-bold": 5898, "sans-oblique": 5283, "condensed": 5918,
                      "condensed-bold": 5898, "title": 5898}
    assert faces.FACES["sans"].pdf_name in faces._PARSED  # parsed above: its characters come from reportlab
    faces._covered.cache_clear()
    assert faces.covered_characters("sans") == frozenset(map(chr, covered_codes(faces.FACES["sans"].path.read_bytes())))
    assert "Ω" in faces.covered_characters("condensed") and "\u4e00" not in faces.covered_characters("condensed")
