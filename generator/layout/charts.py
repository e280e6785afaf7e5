"""Line charts as blocks: a title, axes with round-numbered ticks and light grid lines, one
polyline per series, and a legend under the plot — drawn with the same primitives as every
other chart, so PDF and SVG show the same geometry.

Anchors: 'plot' (the plotting area), 'legend:<i>' (each legend entry), 'point:<i>:<j>'
(a small box round series i's value at x j), for tests and for whatever is drawn over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from generator.layout.blocks import Block
from generator.layout.primitives import Box, Circle, Item, Line, Polyline, Style, Text
from generator.fonts.metrics import text_width_mm

TITLE_PT = 8.0
LABEL_PT = 6.0
LEGEND_PT = 6.5
GRID = "#d9d9d9"
AXIS = "#333333"
TEXT = "#000000"
MUTED = "#555555"
TICK_MM = 1.0
PAD_MM = 1.5
SWATCH_MM = 6.0


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float, ...]  # one per x label
    colour: str
    dash_mm: tuple[float, ...] = ()
    width_mm: float = 0.5


def nice_step(span: float, count: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) dividing `span` into about `count` parts."""
    if span <= 0:
        return 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power + 1e-12:
            return factor * power
    return 10 * power


def y_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values from at most `low` (never above 0) to at least `high`."""
    low, high = min(low, 0.0), max(high, low + 1.0)
    step = nice_step(high - low, count)
    first = math.floor(low / step) * step
    ticks, value = [], first
    while value < high - 1e-9:
        ticks.append(value)
        value += step
    ticks.append(value)
    return [round(t, 10) for t in ticks]


def line_chart_block(title: str, x_labels: list[str], series: list[Series], width_mm: float, height_mm: float, *,
                     number: Callable[[float], str] = lambda v: f"{v:g}", x_title: str = "") -> Block:
    """A line chart `width_mm` wide whose plot is about `height_mm` tall (the legend below
    adds to it). `number` writes tick values (in the reader's locale)."""
    values = [v for s in series for v in s.values]
    ticks = y_ticks(min(values, default=0.0), max(values, default=1.0))
    tick_labels = [number(t) for t in ticks]
    left = max((text_width_mm(label, "sans", LABEL_PT) for label in tick_labels), default=0.0) + TICK_MM + PAD_MM
    top = _title_height(title)
    x_label_mm = LABEL_PT * 0.3528 * 1.3
    plot = (left, top + PAD_MM, width_mm - PAD_MM, top + PAD_MM + height_mm)
    items: list[Item] = []
    if title:
        items.append(Text(0.0, TITLE_PT * 0.3528, title, "sans-bold", TITLE_PT, fill=TEXT))
    items += _y_axis(plot, ticks, tick_labels)
    items += _x_axis(plot, x_labels, x_title)
    anchors: dict[str, Box] = {"plot": plot}
    for i, one in enumerate(series):
        points = [(_x(plot, j, len(x_labels)), _y(plot, v, ticks)) for j, v in enumerate(one.values)]
        style = Style(stroke=one.colour, stroke_width_mm=one.width_mm, dash_mm=one.dash_mm, line_join="round",
                      line_cap="round")
        if len(points) > 1:
            items.append(Polyline(tuple(points), style))
        for j, (x, y) in enumerate(points):
            anchors[f"point:{i}:{j}"] = (x - 0.5, y - 0.5, x + 0.5, y + 0.5)
        if len(points) == 1:
            items.append(Circle(points[0][0], points[0][1], 0.8, Style.filled(one.colour)))
    bottom = plot[3] + TICK_MM + x_label_mm + (x_label_mm if x_title else 0.0) + PAD_MM
    legend, legend_height = _legend(series, width_mm, left, bottom, anchors)
    items += legend
    return Block(width_mm, bottom + legend_height, tuple(items), anchors)


def _title_height(title: str) -> float:
    return TITLE_PT * 0.3528 * 1.4 if title else 0.0


def _x(plot: Box, index: int, count: int) -> float:
    left, _, right, _ = plot
    if count <= 1:
        return (left + right) / 2
    inset = 2.0
    return left + inset + (right - left - 2 * inset) * index / (count - 1)


def _y(plot: Box, value: float, ticks: list[float]) -> float:
    _, top, _, bottom = plot
    low, high = ticks[0], ticks[-1]
    return bottom - (bottom - top) * (value - low) / (high - low if high > low else 1.0)


def _y_axis(plot: Box, ticks: list[float], labels: list[str]) -> list[Item]:
    left, top, right, bottom = plot
    items: list[Item] = []
    for value, label in zip(ticks, labels):
        y = _y(plot, value, ticks)
        items.append(Line(left, y, right, y, Style(stroke=GRID if value else AXIS, stroke_width_mm=0.15)))
        items.append(Line(left - TICK_MM, y, left, y, Style(stroke=AXIS, stroke_width_mm=0.2)))
        items.append(Text(left - TICK_MM - 0.5, y, label, "sans", LABEL_PT, anchor="end", baseline="middle",
                          fill=MUTED))
    items.append(Line(left, top, left, bottom, Style(stroke=AXIS, stroke_width_mm=0.25)))
    return items


def _x_axis(plot: Box, labels: list[str], x_title: str) -> list[Item]:
    left, _, right, bottom = plot
    items: list[Item] = [Line(left, bottom, right, bottom, Style(stroke=AXIS, stroke_width_mm=0.25))]
    if not labels:
        return items
    widest = max(text_width_mm(label, "sans", LABEL_PT) for label in labels) + 1.5
    pitch = (right - left - 4.0) / max(len(labels) - 1, 1)
    every = max(1, math.ceil(widest / pitch)) if len(labels) > 1 else 1
    baseline = bottom + TICK_MM + LABEL_PT * 0.3528 + 0.3
    for j, label in enumerate(labels):
        x = _x(plot, j, len(labels))
        if j % every == 0:
            items.append(Line(x, bottom, x, bottom + TICK_MM, Style(stroke=AXIS, stroke_width_mm=0.2)))
            items.append(Text(x, baseline, label, "sans", LABEL_PT, anchor="middle", fill=MUTED))
    if x_title:
        items.append(Text((left + right) / 2, baseline + LABEL_PT * 0.3528 * 1.3, x_title, "sans", LABEL_PT,
                          anchor="middle", fill=MUTED))
    return items


def _legend(series: list[Series], width_mm: float, left: float, top: float,
            anchors: dict[str, Box]) -> tuple[list[Item], float]:
    """Entries (a stroke sample and the label) flowed left to right in rows."""
    items: list[Item] = []
    row_mm = LEGEND_PT * 0.3528 * 1.6
    x, y = left, top
    for i, one in enumerate(series):
        entry = SWATCH_MM + 1.0 + text_width_mm(one.label, "sans", LEGEND_PT) + 4.0
        if x > left and x + entry > width_mm:
            x, y = left, y + row_mm
        middle = y + row_mm / 2
        style = Style(stroke=one.colour, stroke_width_mm=one.width_mm, dash_mm=one.dash_mm, line_cap="round")
        items.append(Line(x, middle, x + SWATCH_MM, middle, style))
        items.append(Text(x + SWATCH_MM + 1.0, middle, one.label, "sans", LEGEND_PT, baseline="middle", fill=TEXT))
        anchors[f"legend:{i}"] = (x, y, x + entry - 4.0, y + row_mm)
        x += entry
    return items, (y - top + row_mm) if series else 0.0
