"""Line charts drawn with warkit's own primitives (layout/charts.py): round ticks, points
where their values put them, a legend entry per series, the same drawing in PDF and SVG."""

from __future__ import annotations

import pytest

from generator.layout.charts import Series, line_chart_block, nice_step, y_ticks
from generator.layout.primitives import Page, Polyline, Text
from generator.render.svg import render_svg


@pytest.mark.parametrize("span, step", [(10, 2), (7, 2), (100, 20), (0.9, 0.2), (245, 50), (1, 0.2)])
def test_nice_steps(span, step):
    assert nice_step(span) == pytest.approx(step)


def test_ticks_start_at_zero_and_cover_the_highest_value():
    assert y_ticks(3, 23) == [0, 5, 10, 15, 20, 25]
    assert y_ticks(-4, 6) == [-4, -2, 0, 2, 4, 6]
    assert y_ticks(0, 0) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]


def test_points_lie_where_their_values_put_them():
    series = [Series("Blue", (0.0, 10.0, 20.0), "#1f4e9c"), Series("Red", (20.0, 5.0, 0.0), "#b22222", (1.0, 1.0))]
    block = line_chart_block("Steps", ["1", "2", "3"], series, 100.0, 40.0)
    left, top, right, bottom = block.anchors["plot"]
    assert bottom - top == pytest.approx(40.0)

    def centre(name):
        x1, y1, x2, y2 = block.anchors[name]
        return (x1 + x2) / 2, (y1 + y2) / 2

    assert centre("point:0:0")[1] == pytest.approx(bottom)  # 0 on the axis
    assert centre("point:0:2")[1] == pytest.approx(top)  # 20, the top tick
    assert centre("point:0:1")[1] == pytest.approx((top + bottom) / 2)
    assert centre("point:0:0")[0] < centre("point:0:1")[0] < centre("point:0:2")[0]
    assert centre("point:1:1")[1] == pytest.approx(bottom - 40.0 / 4)
    lines = [item for item in block.items if isinstance(item, Polyline)]
    assert [line.style.stroke for line in lines] == ["#1f4e9c", "#b22222"]
    assert lines[1].style.dash_mm == (1.0, 1.0)
    texts = [item.text for item in block.items if isinstance(item, Text)]
    assert {"Steps", "Blue", "Red", "0", "5", "10", "15", "20"} <= set(texts)
    assert "legend:0" in block.anchors and "legend:1" in block.anchors
    assert block.height_mm > 40.0


def test_crowded_turn_labels_are_thinned_and_the_svg_draws_the_lines():
    labels = [f"Turn {n}" for n in range(1, 41)]
    block = line_chart_block("", labels, [Series("A", tuple(float(n) for n in range(40)), "#000000")], 80.0, 30.0,
                             number=lambda v: f"{v:g}")
    shown = [item.text for item in block.items if isinstance(item, Text) and item.text.startswith("Turn")]
    assert shown[0] == "Turn 1" and 3 <= len(shown) < 40
    svg = render_svg(Page(90.0, block.height_mm + 10, block.items)).decode()
    assert svg.count("<polyline") == 1
