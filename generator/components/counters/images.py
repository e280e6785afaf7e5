"""Stand-alone counter images for VASSAL and Tabletop Simulator: SVG, and PNG at a DPI.

Names are stable: counters/<counter>-front.svg|png and -back.svg|png, where <counter> is the
unit id (<id>-A / <id>-B for the two counters of a 3-4 step unit) or marker-<id>. PNGs are
the PDF backend's output rasterised by pdfium, so they need no system library and match
the printed sheets pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator import caches
from generator.build.components import OutputFile
from generator.components.counters.art import counter_border, draw_face
from generator.components.counters.plan import CounterSpec, FaceArt
from generator.layout.primitives import Page, Use

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
# made for one language serve the next in the same build (only markers' words differ): the
# build's caches (generator/caches.py) hold them. Bounded: a few MB.
SVG_IMAGES, PNG_IMAGES = "counter svg images", "counter png images"
_CACHE_LIMIT = 20_000


def svg_files(counters: Sequence[CounterSpec], size_mm: float) -> list[OutputFile]:
    from generator.render.svg import render_svg  # svgwrite only when SVG images are asked for

    out = []
    cache = caches.store(SVG_IMAGES)
    for stem, face, label in _labelled(counters):
        key = (face, round(size_mm, 4), stem)
        data = cache.get(key)
        if data is None:
            data = remember(cache, key, render_svg(face_page(face, size_mm, stem)))
        out.append(OutputFile(f"{FOLDER}/{stem}.svg", data, title=label))
    return out


def png_files(counters: Sequence[CounterSpec], size_mm: float, dpi: int) -> list[OutputFile]:
    """Every face rasterised at `dpi` from one PDF holding a page per face not drawn before."""
    named = list(_labelled(counters))
    keys = [(face, round(size_mm, 4), dpi) for _, face, _ in named]
    cache = caches.store(PNG_IMAGES)
    missing = list(dict.fromkeys(key for key in keys if key not in cache))
    if missing:
        for key, data in zip(missing, _rasterised([key[0] for key in missing], size_mm, dpi)):
            remember(cache, key, data)
    return [OutputFile(f"{FOLDER}/{stem}.png", cache[key], title=label)
            for (stem, _, label), key in zip(named, keys)]  # fmt: skip


def _rasterised(face_list: list[FaceArt], size_mm: float, dpi: int) -> list[bytes]:
    from generator.render.png import rasterise  # pdfium only when PNG images are asked for

    # Round counters get transparent corners; square ones stay plain RGB (smaller).
    return rasterise([face_page(face, size_mm) for face in face_list], dpi,
                     tuple(face.shape == "round" for face in face_list))


def remember(cache: dict, key: tuple, data: bytes) -> bytes:
    """`data` kept under `key`; a full cache is emptied first (bounded memory)."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = data
    return data
