"""Where a `primitives.Text` starts: its anchor and baseline rule applied with the font's
metrics. Both backends place text through `text_origin_mm`, so the same numbers reach the PDF
and the SVG.
"""

from __future__ import annotations

from functools import lru_cache

from generator.fonts.faces import cap_height_em, on_fonts_changed
from generator.fonts.metrics import MM_PER_PT, text_width_mm
from generator.layout.primitives import Point, Text
from generator.layout.transform import Transform

_ANCHOR_SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}
_CAPS_SHARE = {"alphabetic": 0.0, "middle": 0.5, "hanging": 1.0}


def baseline_shift_mm(text: Text) -> float:
    """How far below the anchor (in the text's own direction) the baseline lies."""
    return _CAPS_SHARE[text.baseline] * cap_height_em(text.font) * text.size_pt * MM_PER_PT


def text_origin_mm(text: Text) -> Point:
    """Page point where the baseline starts, after anchor, baseline and rotation."""
    along_mm = -_ANCHOR_SHARE[text.anchor] * text_width_mm(text.text, text.font, text.size_pt)
    down_mm = baseline_shift_mm(text)
    if not text.rotation_deg:
        return text.x_mm + along_mm, text.y_mm + down_mm
    return Transform.placement(text.x_mm, text.y_mm, text.rotation_deg).apply(along_mm, down_mm)


def text_offset_mm(text: Text) -> Point:
    """(along, down): where the baseline of text set straight starts, from its anchor — the
    offsets `text_origin_mm` adds, measured once per string, face, size and placement."""
    return _offset_mm(text.text, text.font, text.size_pt, text.anchor, text.baseline)


@on_fonts_changed
@lru_cache(maxsize=1 << 16)
def _offset_mm(string: str, font: str, size_pt: float, anchor: str, baseline: str) -> Point:
    along_mm = -_ANCHOR_SHARE[anchor] * text_width_mm(string, font, size_pt)
    down_mm = _CAPS_SHARE[baseline] * cap_height_em(font) * size_pt * MM_PER_PT
    return along_mm, down_mm
