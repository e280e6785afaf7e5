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
    pages: int


def merge(front: bytes, front_title: str, documents: list[Document], title: str) -> tuple[bytes, PdfWriter]:
    """The merged PDF, and the writer (the preview reuses its objects)."""
    writer = PdfWriter()
    writer.append(_reader(front), outline_item=front_title, import_outline=False)
    for document in documents:
        writer.append(_reader(document.data), outline_item=document.title)
    writer.add_metadata({"/Title": title, "/Author": "warkit", "/Creator": "warkit", "/Producer": "warkit"})
    writer.page_mode = "/UseOutlines"
    return written(writer), writer


def written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))
