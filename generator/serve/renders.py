"""PDF pages as PNG for the live page (pdfium), cached by the file's size and time."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from generator.render.png import encode_png

MAX_WIDTH_PX = 900
CACHE = 64


class Renders:
    def __init__(self):
        self._cache: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def first_pages(self, paths: list[Path]) -> None:
        """Render the first page of each PDF (what the page shows) into the cache."""
        for path in paths:
            try:
                self.page_png(path, 1)
            except Exception:  # noqa: BLE001 - the page asks again and is told what went wrong
                continue

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
