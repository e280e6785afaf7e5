"""The faces text is set in: the bundled DejaVu faces, or a game's own fonts in their place
(game.yaml `fonts:`); registration with reportlab, metrics, and the glyph check.

Every face is registered under its own PostScript name (a game's face under its family and
the digest of its file), so no two embedded subsets share a name (viewers would show one
face for both). Layout, PDF and SVG all measure text with the same reportlab metrics, so a
label fitted here fits in both formats.

A build sets text in one game's faces: `use_game_fonts(game)` puts them in force for the
process (the workers of a parallel build inherit them) and clears every cache that measured
text with the others (`on_fonts_changed`).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from generator import caches
from generator.errors import MissingGlyphError

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent  # the bundled DejaVu files lie beside this module

# The roles text is set in; each is a bundled face unless the game brings its own.
FontKey = Literal["sans", "sans-bold", "sans-oblique", "condensed", "condensed-bold", "title"]
FONT_KEYS: tuple[FontKey, ...] = ("sans", "sans-bold", "sans-oblique", "condensed", "condensed-bold", "title")


@dataclass(frozen=True)
class FontFace:
    """One face and the names each backend knows it by: bundled (a file of FONT_DIR) or the
    game's own (`data`, embedded in SVG files as well as PDFs)."""

    file_name: str
    pdf_name: str  # the reportlab registration name, equal to the face's PostScript name
    svg_family: str
    svg_weight: Literal["normal", "bold"] = "normal"
    svg_style: Literal["normal", "oblique"] = "normal"
    data: bytes | None = field(default=None, repr=False, compare=False)  # a game's face: its file

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file_name

    @property
    def own(self) -> bool:
        """A game's own face (not bundled)."""
        return self.data is not None


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
    "title": FontFace("DejaVuSans-Bold.ttf", "DejaVuSans-Bold", "DejaVu Sans", "bold"),  # titles
}
_GAME_FACES: dict[str, FontFace] = {}  # font key -> the game's face in force
_CLEARERS: list[Callable[[], None]] = []


def face(font: str) -> FontFace:
    found = _GAME_FACES.get(font)
    if found is not None:
        return found
    try:
        return FACES[font]
    except KeyError:
        raise ValueError(f"unknown font {font!r}; use one of {', '.join(FACES)}") from None


def use_game_fonts(game) -> None:
    """Set text in `game`'s own fonts where it has them, DejaVu elsewhere (no-op when those
    are already in force)."""
    wanted = {key: _game_face(key, font) for key, font in sorted((game.fonts if game else {}).items())}
    if wanted == _GAME_FACES and all(wanted[k].data == _GAME_FACES[k].data for k in wanted):
        return
    _GAME_FACES.clear()
    _GAME_FACES.update(wanted)
    for clear in (_tt_font.cache_clear, cap_height_em.cache_clear, _covered.cache_clear, _DRAWABLE.clear, caches.clear,
                  *_CLEARERS):
        clear()


def on_fonts_changed(cached):
    """Have `cached.cache_clear` (an lru_cache, or a dict's `clear` given as it is) called
    whenever other faces come into force: a cache of measured text. Returns `cached`, so it
    may decorate. (A cache a build owns — `generator.caches` — is emptied anyway.)"""
    _CLEARERS.append(getattr(cached, "cache_clear", cached))
    return cached


def _game_face(key: str, font) -> FontFace:
    bundled = FACES[key]
    name = f"{_safe(font.family)}-{font.digest[:8]}"  # one file, one subset, whatever keys use it
    return FontFace(font.path, name, f"{font.family} {font.digest[:8]}", bundled.svg_weight, bundled.svg_style,
                    data=font.data)


def _safe(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum()) or "Font"


def register_fonts() -> None:
    """Register every face in force with reportlab (idempotent, cheap after the first call)."""
    for key in FACES:
        _tt_font(key)


@cache
def _tt_font(font: str) -> TTFont:
    chosen = face(font)
    return _registered(chosen.pdf_name, chosen.data if chosen.own else str(chosen.path))


@cache
def _registered(name: str, source) -> TTFont:
    """One TTFont per face, however many keys set text in it (the title and the bold face
    share DejaVu Sans Bold): two objects under one name would embed two subsets. reportlab is
    imported here, on the first text measured, so `check` never pays for it."""
    from reportlab.pdfbase import pdfmetrics

    from generator.fonts.parsed import parsed_font

    tt_font = parsed_font(name, source)  # as a former run parsed it, when one did
    pdfmetrics.registerFont(tt_font)
    _PARSED.add(name)
    return tt_font


_PARSED: set[str] = set()  # the faces (by name) parsed and registered so far


def tt_font(font: str) -> TTFont:
    """The registered reportlab face of a font key (registering it on first use)."""
    return _tt_font(font)


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
    glyph = tt_face.charToGlyph.get(ord("H"))
    if glyph is None:  # a game's font without capitals: the ascent will do
        return tt_face.ascent / 1000
    start = tt_face.glyphPos[glyph]
    y_max = struct.unpack(">h", tt_face.get_table("glyf")[start + 8 : start + 10])[0]
    units_per_em = struct.unpack(">H", tt_face.get_table("head")[18:20])[0]
    return y_max / units_per_em


@cache
def _covered(font: str) -> frozenset[str]:
    """The characters of the face in force for `font`: of a bundled face reportlab has parsed
    already (a build measured text in it), from reportlab's own character map; else from the
    face's character map alone, without parsing the face (`warkit check` never loads
    reportlab; the same answer)."""
    from generator.fonts.cmap import covered_codes

    chosen = face(font)
    codes = None
    if chosen.own or chosen.pdf_name not in _PARSED:
        codes = covered_codes(chosen.data if chosen.own else chosen.path.read_bytes())  # reportlab unneeded
    if codes is None:
        char_to_glyph = _tt_font(font).face.charToGlyph
        codes = frozenset(code for code, glyph in char_to_glyph.items() if glyph)
    return frozenset(map(chr, codes))


def covered_characters(font: str) -> frozenset[str]:
    """The characters the face in force for `font` can draw."""
    return _covered(font)


def draws_all(text: str, fonts) -> bool:
    """Whether every face in force for `fonts` has a glyph for every character of `text`. A
    yes is kept from one run to the next (`generator/kept.py`), by the characters and the
    faces (a game's by its bytes, a bundled one by its file's size and time): the translation
    check asks it of every catalog's characters, and reading six faces' tables of characters
    cost a check ≈ 0.01 s."""
    import hashlib

    from generator import kept

    chars = "".join(sorted(set(text)))
    faces = [face(font) for font in fonts]
    try:
        identity = [("own", hashlib.sha256(f.data).hexdigest()) if f.own else ("bundled", str(f.path), *_stat(f.path))
                    for f in faces]
    except OSError:
        identity = None
    name = None
    if identity is not None:
        stamp = kept.stamp(__name__, "generator.fonts.cmap", "reportlab", "reportlab.pdfbase.ttfonts")
        name = hashlib.sha256(repr((chars, identity, stamp)).encode()).hexdigest() + ".drawn"
        if kept.read("fonts", name) == b"all":
            return True
    if not all(_covered(font).issuperset(chars) for font in fonts):
        return False
    if name is not None:
        kept.write("fonts", name, b"all")
    return True


def _stat(path: Path) -> tuple[int, int]:
    found = path.stat()
    return found.st_size, found.st_mtime_ns


def check_glyphs(text: str, font: str) -> None:
    """Raise MissingGlyphError if the font cannot draw every character of `text`.

    PDF viewers drop a missing glyph silently and SVG viewers substitute another font, so
    both backends call this before drawing any string. The characters found drawable are
    remembered per font; a bundled face reportlab has parsed answers for the others from its
    character map, one character at a time (a build sets a hundred or so distinct characters,
    not the face's 6,000)."""
    known = _DRAWABLE.get(font)
    if known is None:
        known = _DRAWABLE[font] = set()
    if known.issuperset(text):
        return
    chosen = face(font)
    if not chosen.own and chosen.pdf_name in _PARSED:
        char_to_glyph = _tt_font(font).face.charToGlyph  # a glyph other than 0: drawn (as `_covered`)
        missing = [char for char in text if char not in known and not char_to_glyph.get(ord(char))]
    else:
        covered = _covered(font)
        missing = [char for char in text if char not in covered]
    if not missing:
        known.update(text)
        return
    raise MissingGlyphError(text, chosen.pdf_name, "".join(dict.fromkeys(missing)))


_DRAWABLE: dict[str, set[str]] = {}  # font key -> characters the face in force draws, found so far
