"""PDF pages as PNG for the live page (pdfium), cached by the file's size and time; and
which page of a rebuilt PDF to show: the first whose text differs from the last version
seen (the counter sheet holding the edited unit), else the page shown before."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from generator.render.png import encode_png

MAX_WIDTH_PX = 900
CACHE = 64
COMPARED_PAGES = 12  # longer PDFs (map tiles) are not compared page by page: too slow to read


class Renders:
    def __init__(self):
        self._cache: OrderedDict = OrderedDict()
        self._lock = threading.Lock()
        self._texts: dict[str, list[str]] = {}  # path -> each page's text, as last seen
        self._shown: dict[str, int] = {}  # path -> the page shown last

    def prepare(self, paths: list[Path]) -> dict[Path, int]:
        """For each PDF, the page to show (see above), rendered into the cache."""
        shown = {}
        for path in paths:
            try:
                page = self._page_to_show(path)
                self.page_png(path, page)
            except Exception:  # noqa: BLE001 - the page asks again and is told what went wrong
                page = 1
            shown[path] = page
        return shown

    def _page_to_show(self, path: Path) -> int:
        import pypdfium2 as pdfium

        key = str(path)
        document = pdfium.PdfDocument(path.read_bytes())
        try:
            count = len(document)
            texts = [document[i].get_textpage().get_text_range() for i in range(count)] \
                if count <= COMPARED_PAGES else None
        finally:
            document.close()
        before = self._texts.pop(key, None)
        if texts is not None:
            self._texts[key] = texts
        changed = [n for n, text in enumerate(texts or (), start=1)
                   if before is not None and (n > len(before) or before[n - 1] != text)]
        page = changed[0] if changed else self._shown.get(key, 1)
        page = page if 1 <= page <= count else 1
        self._shown[key] = page
        return page

    def page_png(self, path: Path, page: int) -> bytes | None:
        import pypdfium2 as pdfium

        info = path.stat()
        key = (str(path), info.st_size, info.st_mtime_ns, page)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
            document = pdfium.PdfDocument(path.read_bytes())
            try:
                if not 1 <= page <= len(document):
                    return None
                pdf_page = document[page - 1]
                width_pt = pdf_page.get_width()
                scale = min(2.0, MAX_WIDTH_PX / width_pt)
                image = pdf_page.render(scale=scale).to_pil()
                data = encode_png(image.convert("RGB"), level=1)
            finally:
                document.close()
            self._cache[key] = data
            while len(self._cache) > CACHE:
                self._cache.popitem(last=False)
            return data
