"""Small charts share pages in kit.pdf: a chart whose last page is partly empty is followed on
that page by the next chart's first page where its body fits the room left, so a sequence of
play of half a page does not take a sheet of its own after a chart that ends a quarter down
its last page.

Only charts that say where their body lies (`OutputFile.body_mm`: the band under the running
header and over the page number) take part, each with the next such chart; what each page
holds is read from the page itself, rendered (the rows that hold ink), so any chart can take
part without telling how it was laid out. The next chart's first page is drawn there clipped
to its body — its running header and page number left out, its own title heading it — and
its bookmark and contents line point to that page. The charts' own PDFs are unchanged.

A chart may also offer itself set tighter (`OutputFile.snug`: its lines closer, its words and
type the same): where its first page does not fit the room left and the tighter one's does,
kit.pdf takes the tighter one, so a page is saved only where tightening saves it.
"""

from __future__ import annotations

from dataclasses import replace

from generator.kit.assemble import Document

GAP_MM = 8.0  # between the end of one chart and the title of the next
DPI = 50.0
INK = 235  # a grey darker than this is ink


def joined_charts(documents: list[Document]) -> list[Document]:
    """`documents`, each chart whose first page goes on under the previous chart's last page
    marked (`joined_at_mm`) and counted a page shorter; a page may so take several charts."""
    import pypdfium2 as pdfium

    out: list[Document] = []
    bottom: float | None = None  # how far down the kit's last page so far is drawn, for a chart
    for document in documents:
        before = out[-1] if out else None
        if document.body_mm is None:
            out.append(document)
            bottom = None
            continue
        top, end = document.body_mm
        joinable = bottom is not None and before is not None and before.body_mm == document.body_mm \
            and _size(before) == _size(document)
        for data in (document.data, document.snug) if joinable else ():
            if not data:
                continue
            pdf = pdfium.PdfDocument(data)
            first = _inked(pdf[0], top, end)
            at = bottom + GAP_MM
            if first is not None and at + (first[1] - top) <= end:
                out.append(replace(document, data=data, pages=len(pdf) - 1, joined_at_mm=at))
                bottom = at + (first[1] - top) if len(pdf) == 1 else _bottom(pdf[len(pdf) - 1], top, end)
                break
        else:
            pdf = pdfium.PdfDocument(document.data)
            out.append(document)
            bottom = _bottom(pdf[len(pdf) - 1], top, end)
    return out


def _size(document: Document) -> tuple[float, float]:
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(document.data)[0]
    return round(page.get_width(), 1), round(page.get_height(), 1)


def _bottom(page, top_mm: float, bottom_mm: float) -> float | None:
    inked = _inked(page, top_mm, bottom_mm)
    return None if inked is None else inked[1]


def _inked(page, top_mm: float, bottom_mm: float) -> tuple[float, float] | None:
    """The first and last rows (mm from the page's top) between `top_mm` and `bottom_mm`
    that hold ink; None for a band with none."""
    import numpy as np

    per_mm = DPI / 25.4
    image = np.array(page.render(scale=DPI / 72).to_pil().convert("L"))
    band = image[int(top_mm * per_mm):int(bottom_mm * per_mm)]
    rows = np.flatnonzero((band < INK).any(axis=1))
    if not rows.size:
        return None
    return top_mm + float(rows[0]) / per_mm, top_mm + float(rows[-1] + 1) / per_mm
