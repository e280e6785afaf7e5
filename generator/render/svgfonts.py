"""A game's own fonts inside the SVG files that use them.

A viewer of an SVG has DejaVu or a look-alike, never a game's own face, so every SVG that
sets text in one carries it: an `@font-face` rule with the face subset to the characters the
page draws in it (fontTools' subsetter; a counter's few letters cost a few kilobytes, not the
whole font), embedded as a data URI. The subset is made without timestamps, so the same page
gives the same bytes.
"""

from __future__ import annotations

import base64
import io
import logging
from collections.abc import Iterable
from functools import lru_cache

from generator.layout.primitives import Group, Item, Page, Text
from generator.render.fonts import face


def font_face_css(page: Page) -> str:
    """The @font-face rules for the game's faces the page sets text in ('' for none)."""
    used: dict[str, set[str]] = {}
    for text in _texts([*page.items, *(item for symbol in page.symbols for item in symbol.items)]):
        chosen = face(text.font)
        if chosen.own:
            used.setdefault(text.font, set()).update(text.text)
    rules = []
    for key in sorted(used):
        chosen = face(key)
        data = subset(chosen.data, "".join(sorted(used[key])))
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


@lru_cache(maxsize=256)
def subset(data: bytes, characters: str) -> bytes:
    """The font cut down to `characters` (and what shaping them needs)."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    # fontTools says so on stderr for each table it drops unread (a FontForge time stamp,
    # FFTM): nothing a designer can act on, printed once per subset.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    options = ft_subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
