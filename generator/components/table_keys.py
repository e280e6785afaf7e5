"""Small keys shared by the charts: colour swatches with their meaning."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.layout.blocks import Block
from generator.layout.primitives import Item, Rect, Style, Text
from generator.layout.text_metrics import text_width_mm

SWATCH_W_MM = 5.0
SWATCH_H_MM = 3.2
ENTRY_GAP_MM = 4.0
LINE_MM = 4.6


def swatch_key_block(swatches: list[tuple[str, str]], width_mm: float, size_pt: float = cs.SMALL_PT) -> Block:
    """Swatch-and-label entries set like words: left to right, wrapping onto new lines."""
    items: list[Item] = []
    x = y = 0.0
    for colour, label in swatches:
        entry = SWATCH_W_MM + 1.2 + text_width_mm(label, "sans", size_pt)
        if x and x + entry > width_mm:
            x, y = 0.0, y + LINE_MM
        items.append(Rect(x, y + 0.4, SWATCH_W_MM, SWATCH_H_MM, Style(fill=colour, stroke="#666666", stroke_width_mm=0.15)))
        items.append(Text(x + SWATCH_W_MM + 1.2, y + 0.4 + SWATCH_H_MM / 2, label, "sans", size_pt, baseline="middle"))
        x += entry + ENTRY_GAP_MM
    return Block(width_mm, y + LINE_MM if swatches else 0.0, tuple(items))
