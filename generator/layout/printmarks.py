"""Printer's marks: crop marks, registration crosses and a scale bar to check print size.

All return drawing items in page millimetres.
"""

from __future__ import annotations

from generator.layout.primitives import Box, Circle, Item, Line, Rect, Style, Text
from generator.fonts.metrics import fit_text_size

MARK = Style(stroke="#000000", stroke_width_mm=0.2)
SCALE_BAR_MM = 50.0
SCALE_BAR_HEIGHT_MM = 2.0


def crop_marks(box: Box, length_mm: float = 6.0, gap_mm: float = 1.5) -> list[Item]:
    """Two short lines at each corner of the box, outside it, in line with its edges."""
    left, top, right, bottom = box
    items: list[Item] = []
    for x, sx in ((left, -1), (right, 1)):
        for y, sy in ((top, -1), (bottom, 1)):
            items.append(Line(x + sx * gap_mm, y, x + sx * (gap_mm + length_mm), y, MARK))
            items.append(Line(x, y + sy * gap_mm, x, y + sy * (gap_mm + length_mm), MARK))
    return items


def registration_cross(x_mm: float, y_mm: float, radius_mm: float = 2.2) -> list[Item]:
    """A circle with a cross through it: line two sheets up by laying one on the other."""
    r = radius_mm
    pen = Style(stroke="#000000", stroke_width_mm=0.15)
    halo = Style(stroke="#ffffff", stroke_width_mm=0.5)
    cross = [Line(x_mm - r * 1.5, y_mm, x_mm + r * 1.5, y_mm), Line(x_mm, y_mm - r * 1.5, x_mm, y_mm + r * 1.5)]
    return [
        Circle(x_mm, y_mm, r, halo),
        *(Line(c.x1_mm, c.y1_mm, c.x2_mm, c.y2_mm, halo) for c in cross),
        Circle(x_mm, y_mm, r, pen),
        *(Line(c.x1_mm, c.y1_mm, c.x2_mm, c.y2_mm, pen) for c in cross),
    ]


CAPTION_MAX_MM = 110.0  # the scale bar's caption, at most


def scale_bar(x_mm: float, y_mm: float, length_mm: float = SCALE_BAR_MM, caption: str | None = None) -> list[Item]:
    """A bar exactly `length_mm` long (its left end at x), in 10 mm black and white steps,
    labelled: measure it to be sure the printer did not rescale the page.

    The black base is one filled rectangle without a stroke, so its printed width is
    exactly the length (tests find it by that)."""
    h = SCALE_BAR_HEIGHT_MM
    items: list[Item] = [Rect(x_mm, y_mm, length_mm, h, Style.filled("#000000"))]
    steps = int(length_mm // 10)
    inset = 0.25
    for k in range(1, steps, 2):
        items.append(Rect(x_mm + k * 10, y_mm + inset, 10, h - 2 * inset, Style.filled("#ffffff")))
    for k in range(steps + 1):
        items.append(Text(x_mm + k * 10, y_mm + h + 2.4, str(k * 10), "condensed", 5, anchor="middle",
                          fill="#000000"))
    items.append(Text(x_mm + length_mm + 2, y_mm + h / 2, "mm", "condensed", 5.5, baseline="middle"))
    caption = caption or f"This bar must measure {length_mm:g} mm: print at 100 % (actual size)"
    # ends over the bar's right end and runs left, set smaller when long (a translation), so it
    # stays on the page however near the right margin the bar is
    size = fit_text_size(caption, "condensed", CAPTION_MAX_MM, 5.5, 3.5) or 3.5
    items.append(Text(x_mm + length_mm, y_mm - 1.2, caption, "condensed", size, anchor="end", fill="#000000"))
    return items
