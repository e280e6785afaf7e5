"""A game's pictures as both backends draw them.

Each picture is embedded once per document: in a PDF a PNG or JPEG becomes one image
XObject (reportlab names it by its content) and an SVG one form XObject drawn from svglib's
reading of the sanitised document; in an SVG file each picture is one element in `<defs>`,
placed with `<use>`. Both place the picture's unit square in the same box, so the two
formats have the same geometry.
"""

from __future__ import annotations

import base64
import io
import logging
from collections.abc import Iterable, Iterator
from functools import lru_cache

from generator.layout.primitives import Group, Image, Item, Page
from generator.model.pictures import Picture

_MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


def picture_ref(picture: Picture) -> str:
    """A stable name for the picture in either format: its content's digest."""
    return f"pic-{picture.digest[:20]}"


def data_uri(picture: Picture) -> str:
    return f"data:{_MIME[picture.kind]};base64,{base64.b64encode(picture.data).decode('ascii')}"


def pictures_in(items: Iterable[Item]) -> Iterator[Picture]:
    """The game pictures drawn by items, looking inside groups, in drawing order."""
    for item in items:
        if isinstance(item, Image) and item.picture is not None:
            yield item.picture
        elif isinstance(item, Group):
            yield from pictures_in(item.items)


def page_pictures(page: Page) -> list[Picture]:
    """Every distinct picture a page draws, its symbols' included, in a stable order."""
    found = list(pictures_in(page.items))
    for symbol in page.symbols:
        found += pictures_in(symbol.items)
    return list(dict.fromkeys(found))


@lru_cache(maxsize=64)
def svg_drawing(picture: Picture):
    """svglib's reading of an SVG picture (a reportlab Drawing, in points, y up)."""
    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)  # it logs what it skips; the sanitiser said what matters
    drawing = svg2rlg(io.BytesIO(picture.data))
    if drawing is None or not (drawing.width > 0 and drawing.height > 0):
        raise ValueError(f"SVG picture {picture.path!r} could not be drawn")
    return drawing


def read_svg_pictures(game) -> None:
    """svglib's reading of every SVG picture of the game, cached (before a parallel build
    forks, so no worker reads the same picture again: a painted map takes seconds)."""
    for path in sorted(game.pictures):
        if game.pictures[path].vector:
            svg_drawing(game.pictures[path])
