"""Stand-alone counter images for VASSAL and Tabletop Simulator: SVG, and PNG at a DPI.

Names are stable: counters/<counter>-front.svg|png and -back.svg|png, where <counter> is the
unit id (<id>-A / <id>-B for the two counters of a 3-4 step unit) or marker-<id>. PNGs are
the PDF backend's output rasterised by pdfium, so they need no system library and match
the printed sheets pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.build.components import OutputFile
from generator.components.counters.art import counter_border, draw_face
from generator.components.counters.plan import CounterSpec, FaceArt
from generator.layout.primitives import Page, Use
from generator.render.fonts import on_fonts_changed
from generator.render.png import rasterise
from generator.render.svg import render_svg

FOLDER = "counters"


def face_page(face: FaceArt, size_mm: float, title: str = "") -> Page:
    """One face alone on a page of exactly the counter's size, with a thin outline."""
    drawing = draw_face(face, size_mm)
    items = (Use(drawing.picture.id, 0, 0), *drawing.text, counter_border(face, size_mm))
    return Page(size_mm, size_mm, items, (drawing.picture,), title=title)


def faces(counters: Sequence[CounterSpec]) -> Iterator[tuple[str, FaceArt]]:
    """(file stem, face) for every face of every distinct counter, in sheet order."""
    for counter in counters:
        yield f"{counter.name}-front", counter.front
        yield f"{counter.name}-back", counter.back


def _labelled(counters: Sequence[CounterSpec]) -> Iterator[tuple[str, FaceArt, str]]:
    """(file stem, face, what a person calls the counter) for every face."""
    for counter in counters:
        for stem, face in faces([counter]):
            yield stem, face, counter.label or counter.name


# A face's image depends on nothing but the face, its size and the resolution, so the images
# made for one language serve the next (only markers' words differ). Bounded: a few MB.
_SVG_CACHE: dict[tuple, bytes] = {}
_PNG_CACHE: dict[tuple, bytes] = {}
_CACHE_LIMIT = 20_000
on_fonts_changed(_SVG_CACHE.clear)
on_fonts_changed(_PNG_CACHE.clear)


def svg_files(counters: Sequence[CounterSpec], size_mm: float) -> list[OutputFile]:
    out = []
    for stem, face, label in _labelled(counters):
        key = (face, round(size_mm, 4), stem)
        data = _SVG_CACHE.get(key)
        if data is None:
            data = remember(_SVG_CACHE, key, render_svg(face_page(face, size_mm, stem)))
        out.append(OutputFile(f"{FOLDER}/{stem}.svg", data, title=label))
    return out


def png_files(counters: Sequence[CounterSpec], size_mm: float, dpi: int) -> list[OutputFile]:
    """Every face rasterised at `dpi` from one PDF holding a page per face not drawn before."""
    named = list(_labelled(counters))
    keys = [(face, round(size_mm, 4), dpi) for _, face, _ in named]
    missing = list(dict.fromkeys(key for key in keys if key not in _PNG_CACHE))
    if missing:
        for key, data in zip(missing, _rasterised([key[0] for key in missing], size_mm, dpi)):
            remember(_PNG_CACHE, key, data)
    return [OutputFile(f"{FOLDER}/{stem}.png", _PNG_CACHE[key], title=label)
            for (stem, _, label), key in zip(named, keys)]  # fmt: skip


def _rasterised(face_list: list[FaceArt], size_mm: float, dpi: int) -> list[bytes]:
    # Round counters get transparent corners; square ones stay plain RGB (smaller).
    return rasterise([face_page(face, size_mm) for face in face_list], dpi,
                     tuple(face.shape == "round" for face in face_list))


def remember(cache: dict, key: tuple, data: bytes) -> bytes:
    """`data` kept under `key`; a full cache is emptied first (bounded memory)."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = data
    return data
