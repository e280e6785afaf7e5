"""kit.pdf: the kit's own pages, then every component's PDF, merged page for page.

The components' PDFs are copied as they are (pypdf), so every page keeps its size and its
drawing: a counter sheet stays exactly the counters' size, a tile stays A4 or Letter. Each
document gets a bookmark (with its own bookmarks under it). pypdf writes no /ID and no
dates, so the merge is as deterministic as its parts.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter


@dataclass(frozen=True)
class Document:
    """One PDF of the kit, in print order."""

    title: str
    file: str
    data: bytes
    pages: int  # the pages it adds to the kit (its first left out when it goes on the previous one's last)
    body_mm: tuple[float, float] | None = None  # a chart that shares pages: its body's band
    joined_at_mm: float | None = None  # its first page's body goes on the previous document's last page here
    snug: bytes = b""  # the chart set tighter, taken instead of `data` where only it joins the one before


def merge(front: bytes, front_title: str, documents: list[Document], title: str) -> tuple[bytes, PdfWriter]:
    """The merged PDF, and the writer (the preview reuses its objects)."""
    writer = PdfWriter()
    writer.append(_reader(front), outline_item=front_title, import_outline=False)
    for document in documents:
        if document.joined_at_mm is None:
            writer.append(_reader(document.data), outline_item=document.title)
            continue
        reader = _reader(document.data)
        at = len(writer.pages) - 1
        put_under(writer.pages[at], PdfWriter(clone_from=reader).pages[0], document.body_mm, document.joined_at_mm)
        writer.add_outline_item(title=document.title, page_number=at)
        if len(reader.pages) > 1:
            writer.append(reader, pages=(1, len(reader.pages)), import_outline=False)
    writer.add_metadata({"/Title": title, "/Author": "warkit", "/Creator": "warkit", "/Producer": "warkit"})
    writer.page_mode = "/UseOutlines"
    return written(writer), writer


def put_under(page, first, body_mm: tuple[float, float], at_mm: float) -> None:
    """`first`'s body (its band `body_mm`, clipped to it: not its running header nor its page
    number) drawn on `page` with its top at `at_mm` from the page's top."""
    from pypdf import Transformation
    from pypdf.generic import ContentStream, FloatObject

    height = float(first.mediabox.height)
    top, bottom = (v * MM for v in body_mm)
    content = ContentStream(first.get_contents(), first.pdf)
    box = [FloatObject(round(v, 3)) for v in (0.0, height - bottom, float(first.mediabox.width), bottom - top)]
    content.operations = [([], b"q"), (box, b"re"), ([], b"W"), ([], b"n"), *content.operations, ([], b"Q")]
    first.replace_contents(content)
    page.merge_transformed_page(first, Transformation().translate(0, top - at_mm * MM))


MM = 72 / 25.4  # points in a millimetre


def written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))
