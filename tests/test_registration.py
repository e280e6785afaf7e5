"""Registering a picture to the hex grid: the transform from page millimetres to pixels, by
two reference points (a similarity), three or more (an affine fit), or an origin with a
size and a rotation; the command-line spelling and every way of getting it wrong. Every
expected figure is worked out by hand in the comment beside it."""

from __future__ import annotations

import pytest

from generator.geometry.hexgrid import HexGrid
from generator.geometry.registration import Registration, from_points, parse_registration, register
from generator.model.registration import ImageRegistration

# Flat tops, 10 mm across, odd columns half a hex lower: 0101 and 0102 share a column, the
# centre of 0102 10 mm below that of 0101.
GRID = HexGrid(orientation="flat", columns=5, rows=5, size_mm=10.0)


def test_two_points_give_a_turned_and_scaled_picture():
    # page (0, 0) -> pixel (100, 50) and page (10, 0) -> pixel (100, 70): 10 mm became 20 px
    # pointing down, so 2 px per mm, turned a quarter clockwise.
    fit = from_points([((0.0, 0.0), (100.0, 50.0)), ((10.0, 0.0), (100.0, 70.0))])
    assert (fit.a, fit.b, fit.c, fit.d, fit.e, fit.f) == pytest.approx((0.0, -2.0, 100.0, 2.0, 0.0, 50.0))
    assert fit.pixels_per_mm == pytest.approx(2.0)
    assert fit.rotation_deg == pytest.approx(90.0)
    assert fit.to_pixel(0.0, 5.0) == pytest.approx((90.0, 50.0))  # 5 mm down the page: 10 px to the left
    assert fit.to_mm(90.0, 50.0) == pytest.approx((0.0, 5.0))
    assert fit.residual_px == 0.0


def test_three_points_fit_a_stretched_and_skewed_scan_exactly():
    # x stretched 3 times, y twice, and y leaning 0.5 px right per mm down, shifted (10, 20).
    pairs = [((0.0, 0.0), (10.0, 20.0)), ((10.0, 0.0), (40.0, 20.0)), ((0.0, 10.0), (15.0, 40.0))]
    fit = from_points(pairs)
    assert (fit.a, fit.b, fit.c, fit.d, fit.e, fit.f) == pytest.approx((3.0, 0.5, 10.0, 0.0, 2.0, 20.0))
    assert fit.to_pixel(10.0, 10.0) == pytest.approx((45.0, 40.0))
    assert fit.to_mm(45.0, 40.0) == pytest.approx((10.0, 10.0))
    assert fit.residual_px == pytest.approx(0.0, abs=1e-9)
    assert fit.pixels_per_mm == pytest.approx(6.0 ** 0.5)  # sqrt(3 * 2 - 0.5 * 0)


def test_four_points_that_disagree_leave_a_misfit():
    # the corners of a 10 mm square at 1 px per mm, one corner 4 px off along x: a least-squares
    # plane through x-errors (0, 0, 0, 4) leaves 1 px at each corner, so 1 px root-mean-square.
    pairs = [((0.0, 0.0), (0.0, 0.0)), ((10.0, 0.0), (10.0, 0.0)), ((0.0, 10.0), (0.0, 10.0)),
             ((10.0, 10.0), (14.0, 10.0))]
    assert from_points(pairs).residual_px == pytest.approx(1.0)


def test_a_misfit_is_the_root_mean_square_of_the_distances_not_of_another_power():
    # the same square, one corner 2 px off along x: the plane through x-errors (0, 0, 0, 2)
    # leaves 0.5 px at each corner; the root of the mean of the squares is 0.5 px (a root
    # of the mean of cubes would be 0.354, a plain mean 0.5 only by luck of equal errors).
    pairs = [((0.0, 0.0), (0.0, 0.0)), ((10.0, 0.0), (10.0, 0.0)), ((0.0, 10.0), (0.0, 10.0)),
             ((10.0, 10.0), (12.0, 10.0))]
    assert from_points(pairs).residual_px == pytest.approx(0.5)


def test_two_reference_points_close_together_still_fix_a_transform():
    # half a millimetre apart on the page, 5 px apart on the picture: 10 px per mm, no turn
    fitted = from_points([((100.0, 100.0), (0.0, 0.0)), ((100.5, 100.0), (5.0, 0.0))])
    assert fitted.to_pixel(101.0, 100.0) == pytest.approx((10.0, 0.0))
    assert fitted.pixels_per_mm == pytest.approx(10.0)


def identity_pairs(*points):
    return [((x, y), (x, y)) for x, y in points]


@pytest.mark.parametrize(("points", "in_a_row"), [
    # a diagonal row far from the page's corner (the spread is measured about the points' mean)
    (((100.0, 100.0), (200.0, 200.0), (300.0, 300.0)), True),
    # the same row with its middle point a hundredth of a millimetre off: still one line
    (((100.0, 100.0), (200.0, 200.01), (300.0, 300.0)), True),
    # three times the same point: no direction at all
    (((50.0, 50.0), (50.0, 50.0), (50.0, 50.0)), True),
    # a small right triangle far from the corner
    (((100.0, 100.0), (110.0, 100.0), (100.0, 110.0)), False),
    # a right triangle spread over a large map (600 mm sides)
    (((0.0, 0.0), (600.0, 0.0), (0.0, 600.0)), False),
    # four hexes in a row across the map but one a whole millimetre off it
    (((0.0, 0.0), (100.0, 0.0), (200.0, 1.0), (300.0, 0.0)), False),
])
def test_reference_hexes_in_a_row_are_told_from_hexes_that_span_the_page(points, in_a_row):
    if in_a_row:
        with pytest.raises(ValueError) as raised:
            from_points(identity_pairs(*points))
        assert str(raised.value) == "the reference hexes lie on one line; pick three that are not in a row"
    else:
        fitted = from_points(identity_pairs(*points))
        assert fitted.to_pixel(10.0, 20.0) == pytest.approx((10.0, 20.0), abs=0.5)


@pytest.mark.parametrize(("pairs", "message"), [
    ([((0.0, 0.0), (1.0, 1.0))], "at least two reference points are needed"),
    ([((5.0, 5.0), (1.0, 1.0)), ((5.0, 5.0), (9.0, 9.0))], "the two reference hexes are the same hex"),
    ([((0.0, 0.0), (0.0, 0.0)), ((10.0, 0.0), (10.0, 0.0)), ((20.0, 0.0), (20.0, 0.0))],
     "the reference hexes lie on one line; pick three that are not in a row"),
])
def test_reference_points_that_fix_no_transform_are_refused(pairs, message):
    with pytest.raises(ValueError) as raised:
        from_points(pairs)
    assert str(raised.value) == message


def test_an_origin_with_a_resolution_is_the_printed_map_shifted():
    # 25.4 dpi is 1 px per mm: 0102 lies 10 px below 0101, whose centre is the origin pixel.
    fit = register(ImageRegistration(origin=(30.0, 40.0), dpi=25.4), GRID)
    assert fit.hex_centre_px(GRID, 1, 1) == pytest.approx((30.0, 40.0))
    assert fit.hex_centre_px(GRID, 1, 2) == pytest.approx((30.0, 50.0))


def test_an_origin_with_a_hex_size_and_a_quarter_turn():
    # 20 px a hex of 10 mm: 2 px per mm; turned 90 degrees clockwise, "down the page" points left.
    fit = register(ImageRegistration(origin=(100.0, 100.0), hex_size_px=20.0, rotation=90.0), GRID)
    assert fit.hex_centre_px(GRID, 1, 1) == pytest.approx((100.0, 100.0))
    assert fit.hex_centre_px(GRID, 1, 2) == pytest.approx((80.0, 100.0))
    assert fit.rotation_deg == pytest.approx(90.0) and fit.pixels_per_mm == pytest.approx(2.0)


def test_reference_hexes_are_read_with_the_maps_numbering():
    # 0101 at pixel (0, 0) and 0103 (20 mm below it) at (0, 40): 2 px per mm, no turn.
    fit = register(ImageRegistration(points={"0101": (0.0, 0.0), "0103": (0.0, 40.0)}), GRID)
    assert fit.pixels_per_mm == pytest.approx(2.0) and fit.rotation_deg == pytest.approx(0.0)
    assert fit.hex_centre_px(GRID, 1, 2) == pytest.approx((0.0, 20.0))
    corners = fit.hex_corners_px(GRID, 1, 1)
    assert len(corners) == 6 and max(x for x, _ in corners) == pytest.approx(2 * 10.0 / 3 ** 0.5)


@pytest.mark.parametrize(("points", "message"), [
    ({"0101": (0.0, 0.0), "0909": (1.0, 1.0)}, "reference hex '0909' is not on the map"),
    ({"0101": (0.0, 0.0), "x1": (1.0, 1.0)}, "reference hex 'x1': "),
])
def test_reference_hexes_off_the_map_or_malformed_are_named(points, message):
    with pytest.raises(ValueError) as raised:
        register(ImageRegistration(points=points), GRID)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(("text", "expected"), [
    ("0101=112,130 0505=400,500", ImageRegistration(points={"0101": (112.0, 130.0), "0505": (400.0, 500.0)})),
    ("0101=1,2;0303=3,4", ImageRegistration(points={"0101": (1.0, 2.0), "0303": (3.0, 4.0)})),
    ("origin=10,20 size=77.5", ImageRegistration(origin=(10.0, 20.0), hex_size_px=77.5)),
    ("origin=10,20 hex_size_px=50 rotation=-2.5", ImageRegistration(origin=(10.0, 20.0), hex_size_px=50.0,
                                                                     rotation=-2.5)),
    ("origin=0,0 dpi=300", ImageRegistration(origin=(0.0, 0.0), dpi=300.0)),
])
def test_registration_spelled_on_the_command_line(text, expected):
    assert parse_registration(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("0101", "expected KEY=VALUE, found '0101'"),
    ("0101=a,b 0202=1,1", "'0101=a,b': expected numbers, e.g. '0101=112,130' or 'size=77.5'"),
    ("origin=1 size=3", "'origin=1': expected numbers, e.g. '0101=112,130' or 'size=77.5'"),
    ("origin=1,1 size=big", "'size=big': expected numbers, e.g. '0101=112,130' or 'size=77.5'"),
    # the key ends at the first '=': '0101' with the value '0101=5,5', which is no pair of numbers
    ("0101=0101=5,5", "'0101=0101=5,5': expected numbers, e.g. '0101=112,130' or 'size=77.5'"),
])
def test_registration_text_that_is_not_numbers_is_refused(text, message):
    with pytest.raises(ValueError) as raised:
        parse_registration(text)
    assert str(raised.value) == message


def test_a_registration_is_a_plain_value():
    assert Registration(1, 0, 0, 0, 1, 0).to_pixel(3.0, 4.0) == (3.0, 4.0)
