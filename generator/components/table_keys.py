"""Small keys shared by the charts: colour swatches with their meaning."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.layout.blocks import Block
from generator.layout.primitives import Item, Rect, Style, Text
from generator.fonts.metrics import text_width_mm
from generator.layout.wrap import line_pitch_mm, paragraph

SWATCH_W_MM = 5.0
SWATCH_H_MM = 3.2
LABEL_GAP_MM = 1.2
ENTRY_GAP_MM = 4.0
LINE_MM = 4.6


def swatch_key_block(swatches: list[tuple[str, str]], width_mm: float, size_pt: float = cs.SMALL_PT) -> Block:
    """Swatch-and-label entries set like words: left to right, wrapping onto new lines.

    A label too long for a line of its own wraps beside its swatch, within `width_mm`.
    """
    items: list[Item] = []
    x = y = 0.0
    line_h = LINE_MM
    label_room = max(width_mm - SWATCH_W_MM - LABEL_GAP_MM, 1.0)
    for colour, label in swatches:
        label_w = text_width_mm(label, "sans", size_pt)
        entry = SWATCH_W_MM + LABEL_GAP_MM + label_w
        if x and x + entry > width_mm + 1e-6:
            x, y, line_h = 0.0, y + line_h, LINE_MM
        items.append(Rect(x, y + 0.4, SWATCH_W_MM, SWATCH_H_MM, Style(fill=colour, stroke="#666666", stroke_width_mm=0.15)))
        text_x = x + SWATCH_W_MM + LABEL_GAP_MM
        if label_w <= label_room + 1e-6:
            items.append(Text(text_x, y + 0.4 + SWATCH_H_MM / 2, label, "sans", size_pt, baseline="middle"))
            x += entry + ENTRY_GAP_MM
            continue
        # On a line of its own (x is 0 here), the label wrapped beside the swatch.
        pitch = line_pitch_mm(size_pt)
        laid = paragraph(text_x, y + 0.4 + SWATCH_H_MM / 2 - pitch / 2, label_room, label, "sans", size_pt)
        items.extend(laid.items)
        line_h = max(LINE_MM, laid.height_mm + LINE_MM - pitch)
        x = width_mm  # nothing else goes on these lines
    height = y + line_h if swatches else 0.0
    return Block(width_mm, height, tuple(items))
