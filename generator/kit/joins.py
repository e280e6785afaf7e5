"""Small charts share pages in kit.pdf: a chart whose last page is partly empty is followed on
that page by the next chart's first page where its body fits the room left, so a sequence of
play of half a page does not take a sheet of its own after a chart that ends a quarter down
its last page. A chart of one page that does not fit there goes on under the last page of the
earliest earlier chart with the room (first fit), moved there in the kit's order; the contents
and bookmarks follow the order. A page that is not a chart's (a map tile, a piece sheet, a
set-up form) never takes one.

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
    """`documents`, each chart whose first page goes on under an earlier chart's last page
    marked (`joined_at_mm`) and counted a page shorter; a page may so take several charts.

    A chart goes on under the previous chart's last page where it fits there. Where it does
    not and it is one page (it would take a page of its own), it goes on under the last page of
    the earliest earlier chart that has the room, and is moved there in the kit's order (after
    what that page already holds); the contents and bookmarks follow that order."""
    import pypdfium2 as pdfium

    # the kit in runs: a run's documents after its first each begin on the run's last page so
    # far; with it, how far down that page is drawn (None: not a chart's page, nothing goes on it)
    runs: list[tuple[list[Document], float | None]] = []
    for document in documents:
        if document.body_mm is None:
            runs.append(([document], None))
            continue
        top, end = document.body_mm
        pdf = pdfium.PdfDocument(document.data)
        if runs and (placed := _joined(runs[-1], document, top, end)) is not None:
            runs[-1] = placed
            continue
        if len(pdf) == 1 and _moved(runs, document, top, end):
            continue
        runs.append(([document], _bottom(pdf[len(pdf) - 1], top, end)))
    return [document for run, _ in runs for document in run]


def _moved(runs: list[tuple[list[Document], float | None]], document: Document, top: float, end: float) -> bool:
    """Whether a one-page chart went on under the last page of the earliest run before the
    last with the room (that run then holds it)."""
    for index, run in enumerate(runs[:-1]):
        if (placed := _joined(run, document, top, end, single=True)) is not None:
            runs[index] = placed
            return True
    return False


def _joined(run: tuple[list[Document], float | None], document: Document, top: float, end: float,
            single: bool = False) -> tuple[list[Document], float | None] | None:
    """The run with `document` (or its tighter setting) begun on the run's last page, where it
    is a chart's page of the same body and size with the room; None where it does not fit.
    `single`: only a setting of one page (it moves, so it must not leave pages behind)."""
    import pypdfium2 as pdfium

    held, bottom = run
    before = held[-1]
    if bottom is None or before.body_mm != document.body_mm or _size(before) != _size(document):
        return None
    for data in (document.data, document.snug):
        if not data:
            continue
        pdf = pdfium.PdfDocument(data)
        if single and len(pdf) != 1:
            continue
        first = _inked(pdf[0], top, end)
        at = bottom + GAP_MM
        if first is not None and at + (first[1] - top) <= end:
            joined = replace(document, data=data, pages=len(pdf) - 1, joined_at_mm=at)
            last = at + (first[1] - top) if len(pdf) == 1 else _bottom(pdf[len(pdf) - 1], top, end)
            return [*held, joined], last
    return None


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
