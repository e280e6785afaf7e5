"""Measuring and placing text with the bundled fonts, so labels fit before anything is drawn.

Both backends place text through `text_origin_mm`, which applies the anchor and baseline
rule of `primitives.Text`; the same numbers therefore reach the PDF and the SVG.
"""

from __future__ import annotations

import math

from generator.layout.primitives import FontKey, Point, Text
from generator.layout.transform import Transform
from generator.render.fonts import cap_height_em, string_width_pt

MM_PER_PT = 25.4 / 72

_ANCHOR_SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}
_CAPS_SHARE = {"alphabetic": 0.0, "middle": 0.5, "hanging": 1.0}


def text_width_mm(text: str, font: FontKey, size_pt: float) -> float:
    """Advance width of `text` set in a bundled font."""
    return string_width_pt(text, font, size_pt) * MM_PER_PT


def fit_text_size(
    text: str, font: FontKey, max_width_mm: float, max_size_pt: float, min_size_pt: float
) -> float | None:
    """Largest size ≤ max_size_pt (to 0.01 pt) at which `text` fits max_width_mm, or None
    when it would need to be smaller than min_size_pt: the caller abbreviates or wraps."""
    width_at_1pt_mm = text_width_mm(text, font, 1.0)
    if width_at_1pt_mm <= 0:
        return max_size_pt
    # Rounded down so the result is stable and never overflows by a rounding error.
    size_pt = min(max_size_pt, math.floor(max_width_mm / width_at_1pt_mm * 100) / 100)
    return size_pt if size_pt >= min_size_pt else None


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
