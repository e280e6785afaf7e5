"""Where a `primitives.Text` starts: its anchor and baseline rule applied with the font's
metrics. Both backends place text through `text_origin_mm`, so the same numbers reach the PDF
and the SVG.
"""

from __future__ import annotations

from generator.fonts.faces import cap_height_em
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
