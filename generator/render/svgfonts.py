"""The fonts inside the SVG files that set text in them.

A viewer of an SVG may have neither a game's own face nor DejaVu (a browser on a machine
without it substitutes a face of other widths, and the fitted labels overflow), so every SVG
carries the faces it sets text in: one `@font-face` rule per face, with the face subset to
the characters the page draws in it (fontTools' subsetter), embedded as a data URI. Both the
bundled DejaVu faces and a game's own are embedded; two font keys set in one face (`title`
and `sans-bold`) share one rule.

Subsets keep outlines and metrics only: no hinting (a screen scales vectors) and no
kerning or ligature tables, so a browser places the characters as the layout measured them
(reportlab's widths, without kerning). A bundled face keeps its names and the address of its
licence; a game's face keeps all its names (its licence travels with the kit). The subset
is made without timestamps, so the same page gives the same bytes. DejaVu is first cut once
per process to the characters of Latin, Greek, Cyrillic and the usual punctuation and
symbols, so each file's subset is cut from that small face; a character outside it is cut
from the whole face.

Every cut is kept between runs (`generator/kept.py`, folder `fonts`), named by the digest of
the face, the characters, the names kept, this module and fontTools' version: a later build
reads the same bytes instead of loading fontTools and cutting again (a counter sheet's
faces are cut into some sixty subsets, ≈ 20 ms each, and each bundled face first ≈ 50 ms).
"""

from __future__ import annotations

import base64
import hashlib
import io
import logging
from collections.abc import Iterable
from functools import cache, lru_cache

from generator.layout.primitives import Group, Item, Page, Text
from generator.fonts.faces import FACES, FontFace, face

# What the per-process cut of a bundled face keeps (whole blocks of 8): Latin, punctuation,
# currency, arrows, the minus and multiplication signs' block, geometric shapes, stars. Kept
# small, since every file's subset is cut from it.
_COMMON = ((0x00, 0x17F), (0x2000, 0x206F), (0x20A0, 0x20AF), (0x2190, 0x219F), (0x2210, 0x221F), (0x25A0, 0x25CF),
           (0x2600, 0x261F))
_BUNDLED_NAMES = [0, 1, 2, 3, 4, 5, 6, 14]  # copyright, family, style, ids, version, licence URL
_DROPPED = ("GPOS", "GSUB", "GDEF", "kern", "FFTM")  # no kerning, ligatures or stamps in a subset


def font_face_css(page: Page) -> str:
    """The @font-face rules for the faces the page sets text in ('' for none), one per face,
    in a stable order."""
    used: dict[str, tuple[FontFace, set[str]]] = {}
    for text in _texts([*page.items, *(item for symbol in page.symbols for item in symbol.items)]):
        chosen = face(text.font)
        entry = used.setdefault(chosen.pdf_name, (chosen, set()))
        entry[1].update(text.text)
    rules = []
    for name in sorted(used):
        chosen, characters = used[name]
        characters.discard("\n")
        if not characters:
            continue
        data = face_subset(chosen, frozenset(ord(ch) >> 3 for ch in characters))
        rules.append(f'@font-face {{ font-family: "{chosen.svg_family}"; font-weight: {chosen.svg_weight}; '
                     f'font-style: {"italic" if chosen.svg_style != "normal" else "normal"}; '
                     f'src: url(data:font/ttf;base64,{base64.b64encode(data).decode("ascii")}) format("truetype"); }}')
    return "\n".join(rules)


def _texts(items: Iterable[Item]):
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


def face_subset(chosen: FontFace, blocks: frozenset[int]) -> bytes:
    """The face cut down to the blocks of 8 code points `blocks` (code point >> 3), as it
    goes into an SVG file."""
    characters = "".join(chr(c) for block in sorted(blocks) for c in range(block << 3, (block + 1) << 3)
                         if not 0xD800 <= c <= 0xDFFF)
    if chosen.own:
        return subset(chosen.data, characters)
    if all(any(low <= block << 3 and (block << 3) + 7 <= high for low, high in _COMMON) for block in blocks):
        return subset(_common_cut(chosen.file_name), characters, tuple(_BUNDLED_NAMES))
    return subset(_bundled_bytes(chosen.file_name), characters, tuple(_BUNDLED_NAMES))


def prepare_bundled() -> None:
    """Cut every bundled face in force to the usual characters now (a parallel build does it
    before its workers fork, so they share the cuts)."""
    for key in FACES:
        chosen = face(key)
        if not chosen.own:
            _common_cut(chosen.file_name)


@cache
def _bundled_bytes(file_name: str) -> bytes:
    return (face("sans").path.parent / file_name).read_bytes()


@cache
def _common_cut(file_name: str) -> bytes:
    """A bundled face cut to the usual characters, once per process."""
    common = "".join(chr(c) for low, high in _COMMON for c in range(low, high + 1))
    return subset(_bundled_bytes(file_name), common, tuple(_BUNDLED_NAMES))


@lru_cache(maxsize=512)
def subset(data: bytes, characters: str, names: tuple[int, ...] | None = None) -> bytes:
    """The font cut down to `characters` (outlines and metrics: no hinting, no kerning or
    ligatures), keeping the name records `names` (None: all): as a former run cut it, or cut
    now and kept."""
    from generator import kept

    name = hashlib.sha256(repr((_digest(data), characters, names, _cutter())).encode()).hexdigest() + ".ttf"
    found = kept.read("fonts", name)
    if found is None:
        found = _cut(data, characters, names)
        kept.write("fonts", name, found)
    return found


@lru_cache(maxsize=16)
def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def _cutter() -> tuple:
    """What a cut depends on besides its face and characters: this module and fontTools."""
    from generator import kept

    return kept.stamp(__name__, "fontTools", "fontTools.subset")


def _cut(data: bytes, characters: str, names: tuple[int, ...] | None) -> bytes:
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    # fontTools says so on stderr for each table it drops unread (a FontForge time stamp,
    # FFTM): nothing a designer can act on, printed once per subset.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    for tag in _DROPPED:  # dropped anyway: deleted unread (the subsetter would decompile the layout tables)
        if tag in font:
            del font[tag]
    options = ft_subset.Options()
    options.name_IDs = ["*"] if names is None else list(names)
    options.notdef_outline = True
    options.hinting = False
    options.layout_features = []
    options.drop_tables += list(_DROPPED)
    options.ignore_missing_unicodes = True
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
