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


def test_ticks_end_on_the_highest_value_when_it_is_round():
    assert y_ticks(0, 20) == [0, 5, 10, 15, 20]
    assert y_ticks(2, 10) == [0, 2, 4, 6, 8, 10]


def test_a_chart_laid_out_to_the_millimetre():
    from generator.fonts.metrics import text_width_mm
    from generator.layout.primitives import Circle

    # plot left of the widest tick label ('20') by a 1 mm tick and 1.5 mm; under the title
    # (8 pt x 0.3528 x 1.4 = 3.95 mm) and 1.5 mm; the x labels' row is 6 pt x 0.3528 x 1.3
    # = 2.752 mm, once more for an axis title; the legend a row of 6.5 x 0.3528 x 1.6 = 3.669 mm
    one = Series("Blue", (20.0,), "#1f4e9c")
    block = line_chart_block("Steps", ["1"], [one], 100.0, 40.0, x_title="Turn")
    left = text_width_mm("20", "sans", 6.0) + 2.5
    title_h = 8.0 * 0.3528 * 1.4
    plot = block.anchors["plot"]
    assert plot == pytest.approx((left, title_h + 1.5, 98.5, title_h + 41.5))
    bottom = plot[3] + 1.0 + 2 * 6.0 * 0.3528 * 1.3 + 1.5
    assert block.height_mm == pytest.approx(bottom + 6.5 * 0.3528 * 1.6)
    (dot,) = [item for item in block.items if isinstance(item, Circle)]  # one value: a dot, no line
    # a lone value of 20 gets ticks 0 to 25 (the top is at least the value plus one): 4/5 up
    assert (dot.cx_mm, dot.cy_mm, dot.r_mm) == pytest.approx(((left + 98.5) / 2, plot[3] - 32.0, 0.8))
    assert dot.style.fill == "#1f4e9c"
    texts = {item.text: item for item in block.items if isinstance(item, Text)}
    assert (texts["Steps"].x_mm, texts["Steps"].y_mm) == pytest.approx((0.0, 8.0 * 0.3528))
    label_baseline = plot[3] + 1.0 + 6.0 * 0.3528 + 0.3
    assert (texts["Turn"].x_mm, texts["Turn"].y_mm) == pytest.approx(((left + 98.5) / 2,
                                                                      label_baseline + 6.0 * 0.3528 * 1.3))
    assert texts["1"].y_mm == pytest.approx(label_baseline)
    swatch = 6.0 + 1.0 + text_width_mm("Blue", "sans", 6.5)
    assert block.anchors["legend:0"] == pytest.approx((left, bottom, left + swatch, bottom + 6.5 * 0.3528 * 1.6))


def test_legend_entries_flow_in_rows_and_the_first_never_moves_down():
    from generator.fonts.metrics import text_width_mm

    wide = Series("A very long series name indeed", (1.0, 2.0), "#000000")
    block = line_chart_block("", ["1", "2"], [wide, Series("B", (2.0, 1.0), "#ff0000")], 40.0, 20.0)
    first, second = block.anchors["legend:0"], block.anchors["legend:1"]
    row = 6.5 * 0.3528 * 1.6
    assert first[1] == pytest.approx(block.anchors["plot"][3] + 1.0 + 6.0 * 0.3528 * 1.3 + 1.5)
    assert first[2] - first[0] == pytest.approx(7.0 + text_width_mm(wide.label, "sans", 6.5))
    assert (second[0], second[1]) == pytest.approx((first[0], first[1] + row))  # no room left: a new row
    assert block.height_mm == pytest.approx(second[3])
    few = line_chart_block("", ["1", "2", "3"], [wide], 100.0, 20.0)
    baseline = few.anchors["plot"][3] + 1.0 + 6.0 * 0.3528 + 0.3
    assert [t.text for t in few.items if isinstance(t, Text) and t.y_mm == pytest.approx(baseline)] == [
        "1", "2", "3"]  # room for every x label: none left out
