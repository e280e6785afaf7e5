"""A TrueType face as reportlab parses it, kept from one run to the next.

reportlab's parser reads a whole face at each start (its tables' places, every glyph's width
and place, the character map): 8 ms for a DejaVu face, four or five faces in a map's build.
What it works out depends on the face's bytes and reportlab's code alone, so it is kept
(`generator/kept.py`, kind "faces") and a later run rebuilds the very same `TTFont` from it
in a third of the time.

The kept file holds plain values only (marshal: nothing runs when it is read) and is named by
the face (a bundled file's path, size and time, or a game's face's digest) and reportlab's
version and parser; a face is kept only when the rebuilt font equals the parsed one, so a
reportlab whose objects hold something else parses at every run as before.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

KIND = "faces"
_NAMES = ("name", "familyName", "styleName", "fullName", "uniqueFontID")  # reportlab's TTFNameBytes
_LEFT_OUT = ("_ttf_data", "_pdfScale")  # the file's bytes (read again) and a function (made again)
_FONT_OWN = ("face", "state", "encoding")  # made afresh for every font


def parsed_font(name: str, source: str | bytes) -> TTFont:
    """reportlab's `TTFont(name, source)` (a file's path, or a face's bytes), read from what a
    former run kept when it can be."""
    from reportlab.pdfbase.ttfonts import TTFont

    key = _key(name, source)
    kept_state = _read(key) if key else None
    if kept_state is not None:
        font = _rebuilt(kept_state, source)
        if font is not None:
            return font
    import io

    font = TTFont(name, io.BytesIO(source) if isinstance(source, bytes) else source)
    if key:
        _keep(key, font, source)
    return font


def _key(name: str, source: str | bytes) -> str | None:
    from generator import kept

    if isinstance(source, bytes):
        what = ("bytes", hashlib.sha256(source).hexdigest())
    else:
        try:
            found = os.stat(source)
        except OSError:
            return None
        what = ("file", os.path.abspath(source), found.st_size, found.st_mtime_ns)
    import reportlab

    stamp = kept.stamp(__name__, "reportlab.pdfbase.ttfonts", "reportlab.lib.rl_config")
    return hashlib.sha256(repr((name, what, reportlab.Version, stamp)).encode()).hexdigest() + ".face"


def _read(key: str) -> tuple | None:
    from generator import kept

    data = kept.read(KIND, key)
    if data is None:
        return None
    try:
        state = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return state if isinstance(state, tuple) and len(state) == 2 else None


def _state(font: TTFont) -> tuple[dict, dict]:
    face = {key: (bytes(value) if key in _NAMES else value) for key, value in vars(font.face).items()
            if key not in _LEFT_OUT}
    own = {key: value for key, value in vars(font).items() if key not in _FONT_OWN}
    return own, face


def _rebuilt(state: tuple, source: str | bytes) -> TTFont | None:
    """The TTFont a parse of `source` gives, made from its kept state; None if unusable."""
    from weakref import WeakKeyDictionary

    from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

    own, face_state = state
    if not isinstance(own, dict) or not isinstance(face_state, dict) or "unitsPerEm" not in face_state:
        return None
    if isinstance(source, bytes):
        data = source
    else:
        try:
            with open(source, "rb") as handle:
                data = handle.read()
        except OSError:
            return None
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(face_state)
    for key in _NAMES:
        if isinstance(face_state.get(key), bytes):
            face.__dict__[key] = TTFNameBytes(face_state[key])
    face._ttf_data = data
    face._pdfScale = _scale(face_state["unitsPerEm"])
    font = TTFont.__new__(TTFont)
    font.__dict__.update(own)
    font.face, font.encoding, font.state = face, TTEncoding(), WeakKeyDictionary()
    return font


def _scale(units_per_em: int):
    """reportlab's scale of glyph units to thousandths of an em (TTFontFile.extractInfo)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _keep(key: str, font: TTFont, source: str | bytes) -> None:
    """Keep the parse, if the font made from it again is the same as the parsed one."""
    from generator import kept

    state = _state(font)
    try:
        data = marshal.dumps(state)
    except ValueError:  # something marshal cannot hold: nothing is kept
        return
    again = _rebuilt(marshal.loads(data), source)
    if again is None or not _same(font, again):
        return
    kept.write(KIND, key, data)


def _same(font: TTFont, other: TTFont) -> bool:
    if _state(font) != _state(other) or vars(font.encoding) != vars(other.encoding):
        return False
    if type(font.encoding) is not type(other.encoding) or set(vars(font)) != set(vars(other)):
        return False
    first, second = vars(font.face), vars(other.face)
    if set(first) != set(second) or first["_ttf_data"] != second["_ttf_data"]:
        return False
    if any(getattr(first[key], "ustr", None) != getattr(second[key], "ustr", None) for key in _NAMES if key in first):
        return False
    return all(first["_pdfScale"](x) == second["_pdfScale"](x) for x in (0, 1, 317, 2048, -1020.5))
