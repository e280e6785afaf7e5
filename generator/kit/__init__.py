"""The kit of one language: kit.pdf (the cover with the contents, then every component's PDF in print
order) and index.html (the offline preview). Built after the components, from their files.

Which PDFs go in: every top-level PDF a component writes, in the components' `order` and then
the order the component returned them, except those marked `kit=False` (the whole map at
true size, a print-shop file: the kit has the map's tiles instead). A new component is in
the kit as soon as it is registered. A small chart may go on under the chart before it, on
that chart's last page, or, being one page, under an earlier chart's last page with the room,
moved there in the order (`joins.py`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.build.components import BuildContext, OutputFile
from generator.i18n import vocabulary as v

if TYPE_CHECKING:
    from pypdf import PdfReader

    from generator.kit.assemble import Document
    from generator.kit.front import ContentsLine

# Every build uses the records below; pypdf, pdfium, jinja2 and the kit's pages are imported by
# `build_kit` only, so a build that makes no kit (`--only`) never loads them.

KIT_PDF = "kit.pdf"
INDEX = "index.html"


@dataclass(frozen=True)
class Produced:
    """A component's output as the kit sees it (PDF bytes only where the kit needs them)."""

    component: str
    name: str
    size: int
    title: str = ""
    data: bytes = b""  # set for the PDFs that go into the kit
    in_kit: bool = False
    pdf: bool = False
    body_mm: tuple[float, float] | None = None  # a chart that shares pages (OutputFile.body_mm)
    snug: bytes = b""  # the chart set tighter (OutputFile.snug)


def keeps_data(output: OutputFile) -> bool:
    """Whether the kit needs the file's bytes (the PDFs it merges), not only its name."""
    return output.in_kit


def without_data(output: OutputFile) -> OutputFile:
    """The file as the kit keeps it once staged: the bytes only of the PDFs it merges. A PDF
    left out of kit.pdf keeps its own title (its metadata, less the game's title), read while
    its bytes are at hand: the contents and the preview list it by that title."""
    if keeps_data(output):
        return output
    title = output.title
    if not title and output.name.endswith(".pdf") and output.data:
        from pypdf import PdfReader

        metadata = PdfReader(io.BytesIO(output.data)).metadata
        title = (metadata.title or "").partition(" — ")[2] if metadata is not None else ""
    return replace(output, data=b"", title=title, snug=b"")


def produced(component: str, output: OutputFile, size: int) -> Produced:
    in_kit = output.in_kit
    return Produced(component, output.name, size, output.title, output.data if in_kit else b"", in_kit,
                    output.name.endswith(".pdf"), output.body_mm, output.snug if in_kit else b"")


def build_kit(context: BuildContext, files: list[Produced], manifest_name: str) -> list[OutputFile]:
    """kit.pdf and index.html for `context.language`; `files` in print order."""
    from generator.kit.assemble import merge
    from generator.kit.front import front_pages
    from generator.kit.joins import joined_charts
    from generator.kit.index import REPORT, FileInfo, Thumbnail, index_html
    from generator.kit.thumbnails import thumbnails
    from generator.render.pdf import render_pdf

    t = context.translator
    documents = joined_charts([_document(t, f) for f in files if f.in_kit])
    separate = [(f.title or _pdf_title(t, f.name, b""), f.name) for f in files
                if f.pdf and not f.in_kit and "/" not in f.name and f.component != REPORT]  # fmt: skip
    paper = context.options.paper_mm
    languages = context.options.languages
    front_count = len(front_pages(t, context.game, paper, languages, _lines(documents, 2), separate))
    opening = front_pages(t, context.game, paper, languages, _lines(documents, 1 + front_count), separate)
    front = render_pdf(opening, title=t.title())
    title = f"{t.title()} — {t.ui('Print-and-play kit')}"
    kit, writer = merge(front, t.title(), documents, title)
    page_count = len(opening) + sum(d.pages for d in documents)
    firsts = {line.first_page: line.title for line in _lines(documents, 1 + len(opening))}
    firsts[1] = t.title()
    for number in range(2, 1 + len(opening)):
        firsts.setdefault(number, t.ui(v.CONTENTS))
    shots = [Thumbnail(png, w, h, firsts.get(n, "")) for n, (png, w, h) in enumerate(thumbnails(writer), start=1)]
    assert len(shots) == page_count, (len(shots), page_count)
    # a PDF of the kit is listed (and its SVG twin offered in the chart picker) by the title
    # its contents line gives it, in the kit's language
    known = {d.file: d.title for d in documents} | {name: shown for shown, name in separate}
    listing = [FileInfo(KIT_PDF, len(kit), title, "kit"), FileInfo(manifest_name, -1, "", "kit"),
               *(FileInfo(f.name, f.size, f.title or known.get(f.name, ""), f.component) for f in files)]
    html = index_html(t, context.game, context.options.languages, shots, listing)
    return [OutputFile(KIT_PDF, kit, page_count, kit=False, title=title), OutputFile(INDEX, html, kit=False)]


def _document(t, f: Produced) -> Document:
    from pypdf import PdfReader

    from generator.kit.assemble import Document

    reader = PdfReader(io.BytesIO(f.data))
    return Document(f.title or _pdf_title(t, f.name, f.data, reader), f.name, f.data, len(reader.pages),
                    f.body_mm, snug=f.snug)


def _pdf_title(t, name: str, data: bytes, reader: PdfReader | None = None) -> str:
    """A PDF's own title less the game's title ('Glory's End — Counters' -> 'Counters')."""
    title = ""
    if reader is not None and reader.metadata is not None:
        title = reader.metadata.title or ""
    prefix = f"{t.title()} — "
    return title.removeprefix(prefix) or name.removesuffix(".pdf")


def _lines(documents: list[Document], first: int) -> list[ContentsLine]:
    from generator.kit.front import ContentsLine

    lines, page = [], first
    for document in documents:
        if document.joined_at_mm is not None:  # its first page is the previous document's last
            lines.append(ContentsLine(document.title, page - 1, document.pages + 1, document.file))
        else:
            lines.append(ContentsLine(document.title, page, document.pages, document.file))
        page += document.pages
    return lines
