"""The bundled DejaVu faces: registration with reportlab, metrics, and the glyph check.

Every face is registered under its own PostScript name, so no two embedded subsets share a
name (viewers would show one face for both). Layout, PDF and SVG all measure text with the
same reportlab metrics, so a label fitted here fits in both formats.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.errors import MissingGlyphError
from generator.layout.primitives import FontKey

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


@dataclass(frozen=True)
class FontFace:
    """One bundled face and the names each backend knows it by."""

    file_name: str
    pdf_name: str  # the reportlab registration name, equal to the face's PostScript name
    svg_family: str
    svg_weight: Literal["normal", "bold"] = "normal"
    svg_style: Literal["normal", "oblique"] = "normal"

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file_name


FACES: dict[FontKey, FontFace] = {
    "sans": FontFace("DejaVuSans.ttf", "DejaVuSans", "DejaVu Sans"),
    "sans-bold": FontFace("DejaVuSans-Bold.ttf", "DejaVuSans-Bold", "DejaVu Sans", "bold"),
    "sans-oblique": FontFace(
        "DejaVuSans-Oblique.ttf", "DejaVuSans-Oblique", "DejaVu Sans", svg_style="oblique"
    ),
    "condensed": FontFace("DejaVuSansCondensed.ttf", "DejaVuSansCondensed", "DejaVu Sans Condensed"),
    "condensed-bold": FontFace(
        "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Bold", "DejaVu Sans Condensed", "bold"
    ),
}


def face(font: str) -> FontFace:
    try:
        return FACES[font]
    except KeyError:
        raise ValueError(f"unknown font {font!r}; use one of {', '.join(FACES)}") from None


def register_fonts() -> None:
    """Register every bundled face with reportlab (idempotent, cheap after the first call)."""
    for key in FACES:
        _tt_font(key)


@cache
def _tt_font(font: str) -> TTFont:
    bundled = face(font)
    tt_font = TTFont(bundled.pdf_name, str(bundled.path))
    pdfmetrics.registerFont(tt_font)
    return tt_font


def pdf_font_name(font: str) -> str:
    """The reportlab name of a font key, registering the face on first use."""
    return _tt_font(font).fontName


def string_width_pt(text: str, font: str, size_pt: float) -> float:
    return _tt_font(font).stringWidth(text, size_pt)


@cache
def cap_height_em(font: str) -> float:
    """Height of capitals as a fraction of the font size, from the outline of "H".

    reportlab reports the ascent as cap height for DejaVu (its OS/2 table predates the
    sCapHeight field), which would put "middle"-aligned labels visibly too low.
    """
    tt_face = _tt_font(font).face
    glyph = tt_face.charToGlyph[ord("H")]
    start = tt_face.glyphPos[glyph]
    y_max = struct.unpack(">h", tt_face.get_table("glyf")[start + 8 : start + 10])[0]
    units_per_em = struct.unpack(">H", tt_face.get_table("head")[18:20])[0]
    return y_max / units_per_em


@cache
def _covered(font: str) -> frozenset[str]:
    char_to_glyph = _tt_font(font).face.charToGlyph
    return frozenset(chr(code) for code, glyph in char_to_glyph.items() if glyph)


def check_glyphs(text: str, font: str) -> None:
    """Raise MissingGlyphError if the font cannot draw every character of `text`.

    PDF viewers drop a missing glyph silently and SVG viewers substitute another font, so
    both backends call this before drawing any string.
    """
    covered = _covered(font)
    if covered.issuperset(text):
        return
    missing = "".join(dict.fromkeys(char for char in text if char not in covered))
    raise MissingGlyphError(text, face(font).pdf_name, missing)
