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
