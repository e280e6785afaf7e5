"""Text that runs out of its frame: past the page's edge, or out of the clip that frames it.

    overflows(page) -> [Overflow(text='[Ŧéŗŕ…', by_mm=3.2, frame='page'), …]

Every Text item is measured with the bundled fonts' metrics (as the layout measured it),
placed through the transforms of the groups and symbols around it, and compared with the
page and with each rectangular clip that holds it. A tiling clip (a map drawn whole and
clipped to one sheet) cuts text on purpose and is not a frame. Used by the pseudo-locale's
tests, whose 40 % longer strings find any box that a translation would burst.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.primitives import Group, Page, Rect, Text, Use
from generator.fonts.metrics import MM_PER_PT, text_width_mm
from generator.layout.text_place import baseline_shift_mm
from generator.layout.transform import IDENTITY, Transform

TOLERANCE_MM = 0.5
_ANCHOR = {"start": 0.0, "middle": 0.5, "end": 1.0}
_ASCENT, _DESCENT = 0.76, 0.24  # shares of the size above and below the baseline, DejaVu's


@dataclass(frozen=True)
class Overflow:
    text: str
    by_mm: float
    frame: str  # "page" or "clip"

    def message(self) -> str:
        return f"{self.text!r} runs {self.by_mm:.1f} mm out of its {self.frame}"


def overflows(page: Page, tolerance_mm: float = TOLERANCE_MM) -> list[Overflow]:
    page_box = (0.0, 0.0, page.width_mm, page.height_mm)
    symbols = {symbol.id: symbol for symbol in page.symbols}
    found: list[Overflow] = []
    _walk(page.items, IDENTITY, [("page", page_box)], symbols, found, tolerance_mm)
    return found


def _walk(items, transform: Transform, frames: list, symbols: dict, found: list, tolerance: float) -> None:
    for item in items:
        if isinstance(item, Text):
            _check(item, transform, frames, found, tolerance)
        elif isinstance(item, Group):
            inner = item.transform.then(transform)
            clip = item.clip
            if clip is not None and any(isinstance(i, Use) for i in item.items):
                continue  # a tile: a drawing checked whole on its own page, cut here on purpose
            if isinstance(clip, Rect):
                box = _bounds([inner.apply(x, y) for x, y in _corners(clip.x_mm, clip.y_mm,
                                                                        clip.x_mm + clip.width_mm,
                                                                        clip.y_mm + clip.height_mm)])
                _walk(item.items, inner, [*frames, ("clip", box)], symbols, found, tolerance)
            else:
                _walk(item.items, inner, frames, symbols, found, tolerance)
        elif isinstance(item, Use):
            symbol = symbols.get(item.symbol_id)
            if symbol is not None:
                placed = Transform.placement(item.x_mm, item.y_mm, item.rotation_deg, item.scale).then(transform)
                _walk(symbol.items, placed, frames, symbols, found, tolerance)


def _check(text: Text, transform: Transform, frames: list, found: list, tolerance: float) -> None:
    if not text.text.strip():
        return
    width = text_width_mm(text.text, text.font, text.size_pt)
    size = text.size_pt * MM_PER_PT
    left = -_ANCHOR[text.anchor] * width
    drop = baseline_shift_mm(text)
    own = _corners(left, drop - _ASCENT * size, left + width, drop + _DESCENT * size)
    placed = Transform.placement(text.x_mm, text.y_mm, text.rotation_deg).then(transform)
    box = _bounds([placed.apply(x, y) for x, y in own])
    for frame, (fl, ft, fr, fb) in frames:
        by = max(fl - box[0], box[2] - fr, ft - box[1], box[3] - fb)
        if by > tolerance:
            found.append(Overflow(text.text, by, frame))
            return


def _corners(left: float, top: float, right: float, bottom: float):
    return ((left, top), (right, top), (right, bottom), (left, bottom))


def _bounds(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
