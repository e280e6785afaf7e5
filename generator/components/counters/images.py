"""Stand-alone counter images for VASSAL and Tabletop Simulator: SVG, and PNG at a DPI.

Names are stable: counters/<counter>-front.svg|png and -back.svg|png, where <counter> is the
unit id (<id>-A / <id>-B for the two counters of a 3-4 step unit) or marker-<id>. PNGs are
the PDF backend's output rasterised by pdfium, so they need no system library and match
the printed sheets pixel for pixel.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

import pypdfium2 as pdfium

from generator.build.components import OutputFile
from generator.components.counters.art import counter_border, draw_face
from generator.components.counters.plan import CounterSpec, FaceArt
from generator.layout.primitives import Page, Use
from generator.layout.text_metrics import MM_PER_PT
from generator.render.pdf import render_pdf
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


def svg_files(counters: Sequence[CounterSpec], size_mm: float) -> list[OutputFile]:
    return [OutputFile(f"{FOLDER}/{stem}.svg", render_svg(face_page(face, size_mm, stem)))
            for stem, face in faces(counters)]  # fmt: skip


def png_files(counters: Sequence[CounterSpec], size_mm: float, dpi: int) -> list[OutputFile]:
    """Every face rasterised at `dpi` from one PDF holding a page per face."""
    named = list(faces(counters))
    if not named:
        return []
    pdf = render_pdf([face_page(face, size_mm) for _, face in named], title="counter images")
    document = pdfium.PdfDocument(pdf)
    scale = dpi * MM_PER_PT / 25.4  # pixels per point
    out = []
    try:
        for index, (stem, face) in enumerate(named):
            # Round counters get transparent corners; square ones stay plain RGB (smaller).
            fill = (255, 255, 255, 0) if face.shape == "round" else (255, 255, 255, 255)
            image = document[index].render(scale=scale, fill_color=fill).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
            out.append(OutputFile(f"{FOLDER}/{stem}.png", buffer.getvalue()))
    finally:
        document.close()
    return out
