"""Measuring text in the faces in force, so labels fit before anything is drawn."""

from __future__ import annotations

import math

from generator.fonts.faces import FontKey, string_width_pt

MM_PER_PT = 25.4 / 72


def text_width_mm(text: str, font: FontKey, size_pt: float) -> float:
    """Advance width of `text` set in the face in force for `font`."""
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
