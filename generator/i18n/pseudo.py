"""The pseudo-locale `qps`: every translated string marked, accented and lengthened.

    warkit build data/glorys-end --lang qps

A kit in `qps` shows at a glance what does not go through the catalogs (plain ASCII words
are text a translator never saw) and what breaks when a translation runs long: each string
is accented letter by letter ("Forest" -> "[Ƒóŕéšţ~~]"), framed in brackets (a cut-off
string loses its closing one) and 40 % longer than its source, as German or Spanish often
are. Placeholders (`%(num)d`, `{side}`) are kept as they are; numbers, ids and result codes
are not translated, so they stay as given.
"""

from __future__ import annotations

import math
import re

PSEUDO_LANGUAGE = "qps"
FORMATTING_LANGUAGE = "en"  # numbers and dates: the source language's conventions, then accented
GROWTH = 0.4
OPEN, CLOSE, PAD = "[", "]", "~"

# Every accented form is in Latin-1 or Latin Extended-A (or cp1252's ƒ), which any text face
# that draws Spanish or French draws too; b, m, q, v and x have none there and stay as they are.
_ACCENTS = str.maketrans({
    "a": "á", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ", "k": "ķ",
    "l": "ĺ", "n": "ñ", "o": "ó", "p": "þ", "r": "ŕ", "s": "š", "t": "ţ", "u": "ú", "w": "ŵ", "y": "ý",
    "z": "ž",
    "A": "Á", "C": "Ç", "D": "Ð", "E": "É", "G": "Ĝ", "H": "Ĥ", "I": "Í", "J": "Ĵ", "K": "Ķ", "L": "Ĺ",
    "N": "Ñ", "O": "Ó", "P": "Þ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Ú", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
})
# what a translation must keep as written: %(name)s / %d placeholders, {field} slots, markup
_KEEP = re.compile(r"%\(\w+\)[sdfr]|%[sdf%]|\{[^{}]*\}|<[^<>]*>|&\w+;")
_LETTER = re.compile(r"[^\W\d_]")


def is_pseudo(language: str) -> bool:
    return language.split("_")[0].lower() == PSEUDO_LANGUAGE


def pseudo(text: str) -> str:
    """`text` accented, bracketed and 40 % longer; text without letters is kept as it is."""
    if not text or not _LETTER.search(_KEEP.sub("", text)):
        return text
    parts, last = [], 0
    for match in _KEEP.finditer(text):
        parts.append(text[last:match.start()].translate(_ACCENTS))
        parts.append(match.group())
        last = match.end()
    parts.append(text[last:].translate(_ACCENTS))
    body = "".join(parts)
    # the marks go inside any leading or trailing space or line break, so lines keep their shape
    core = body.strip()
    start = body.index(core[0])
    pad = max(0, math.ceil(len(text) * GROWTH) - 2)
    return body[:start] + OPEN + core + PAD * pad + CLOSE + body[start + len(core):]


def pseudo_forms(forms):
    """A plural entry's forms, each pseudo-translated."""
    return tuple(pseudo(form) for form in forms)
