"""Hex-grid math: numbering conventions of real maps and properties that must hold for any grid."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.geometry.hex_ids import HexIdFormat
from generator.geometry.hexgrid import OPPOSITE, HexGrid

ID_FORMATS = ("{col:02d}{row:02d}", "{row:02d}{col:02d}", "{col}.{row}")


@st.composite
def grids(draw: st.DrawFn, most: int = 25) -> HexGrid:
    return HexGrid(
        orientation=draw(st.sampled_from(["flat", "pointy"])),
        columns=draw(st.integers(1, most)),
        rows=draw(st.integers(1, most)),
        first_column=draw(st.integers(0, 40)),
        first_row=draw(st.integers(0, 40)),
        stagger=draw(st.sampled_from(["odd", "even"])),
        column_direction=draw(st.sampled_from(["west_east", "east_west"])),
        row_direction=draw(st.sampled_from(["north_south", "south_north"])),
        id_format=draw(st.sampled_from(ID_FORMATS)),
        size_mm=draw(st.floats(4, 40)),
        margin_mm=draw(st.floats(0, 20)),
    )


@st.composite
def grid_and_hex(draw: st.DrawFn) -> tuple[HexGrid, tuple[int, int]]:
    grid = draw(grids())
    col = draw(st.integers(grid.first_column, grid.last_column))
    row = draw(st.integers(grid.first_row, grid.last_row))
    return grid, (col, row)


def _close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.dist(p, q) < 1e-9


# -- properties ------------------------------------------------------------------------------


@given(grid_and_hex())
def test_id_round_trips(case: tuple[HexGrid, tuple[int, int]]) -> None:
    grid, hex_ = case
    assert grid.parse_id(grid.hex_id(*hex_)) == hex_


@given(grid_and_hex())
def test_neighbours_are_symmetric_and_one_step_away(case: tuple[HexGrid, tuple[int, int]]) -> None:
    grid, hex_ = case
    for direction, other in grid.neighbours(*hex_):
        assert grid.contains(*other)
        assert grid.distance(hex_, other) == 1
        assert grid.direction_between(other, hex_) == OPPOSITE[direction]
        assert (OPPOSITE[direction], hex_) in grid.neighbours(*other)
        centres_apart = math.dist(grid.centre_mm(*hex_), grid.centre_mm(*other))
        assert centres_apart == pytest.approx(grid.size_mm)


@given(grid_and_hex())
def test_direction_names_match_the_page(case: tuple[HexGrid, tuple[int, int]]) -> None:
    grid, hex_ = case
    x, y = grid.centre_mm(*hex_)
    for direction in grid.directions:
        nx, ny = grid.centre_mm(*grid.neighbour(*hex_, direction))
        assert ("N" in direction) == (ny < y - 1e-9)
        assert ("S" in direction) == (ny > y + 1e-9)
        assert ("E" in direction) == (nx > x + 1e-9)
        assert ("W" in direction) == (nx < x - 1e-9)


@given(grid_and_hex())
def test_hexside_is_the_same_from_both_sides(case: tuple[HexGrid, tuple[int, int]]) -> None:
    grid, hex_ = case
    for direction in grid.directions:
        other = grid.neighbour(*hex_, direction)
        assert grid.hexside_key(hex_, other) == grid.hexside_key(other, hex_)
        ours = grid.hexside_segment_mm(*hex_, direction)
        theirs = grid.hexside_segment_mm(*other, OPPOSITE[direction])
        assert _close(ours[0], theirs[0]) and _close(ours[1], theirs[1])
        # The side really is part of both outlines.
        for corners in (grid.corners_mm(*hex_), grid.corners_mm(*other)):
            assert all(any(math.dist(end, c) < 1e-9 for c in corners) for end in ours)


@given(grids(), st.data())
def test_distance_triangle_inequality(grid: HexGrid, data: st.DataObject) -> None:
    cells = list(grid.cells())
    a, b, c = (data.draw(st.sampled_from(cells)) for _ in range(3))
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@given(grid_and_hex(), st.floats(0, 0.95), st.floats(0, 2 * math.pi))
def test_points_inside_a_hex_find_it(
    case: tuple[HexGrid, tuple[int, int]], fraction: float, angle: float
) -> None:
    grid, hex_ = case
    x, y = grid.centre_mm(*hex_)
    inner_radius_mm = grid.size_mm / 2 * fraction  # inside the inscribed circle
    assert grid.hex_at_mm(x, y) == hex_
    assert grid.hex_at_mm(x + inner_radius_mm * math.cos(angle), y + inner_radius_mm * math.sin(angle)) == hex_


@given(grids())
def test_every_hex_lies_within_the_grid_size(grid: HexGrid) -> None:
    xs = [x for c in grid.cells() for x, _ in grid.corners_mm(*c)]
    ys = [y for c in grid.cells() for _, y in grid.corners_mm(*c)]
    assert min(xs) == pytest.approx(grid.margin_mm)
    assert min(ys) == pytest.approx(grid.margin_mm)
    assert max(xs) == pytest.approx(grid.width_mm - grid.margin_mm)
    assert max(ys) == pytest.approx(grid.height_mm - grid.margin_mm)


# -- numbering of real maps -----------------------------------------------------------------


def wef_like() -> HexGrid:
    # When Eagles Fight: CCRR, columns numbered west→east from 10, rows north→south.
    return HexGrid(orientation="flat", columns=30, rows=30, first_column=10, size_mm=16)


def glorys_end_like() -> HexGrid:
    # 1914 Glory's End: RRCC, the north→south number first, the second pair grows east→west.
    return HexGrid(
        orientation="flat",
        columns=40,
        rows=40,
        id_format="{row:02d}{col:02d}",
        column_direction="east_west",
        size_mm=16,
    )


def test_wef_numbering() -> None:
    grid = wef_like()
    hex_2419, hex_2319, hex_2420 = (grid.parse_id(i) for i in ("2419", "2319", "2420"))
    assert hex_2419 == (24, 19)
    assert grid.direction_between(hex_2319, hex_2419) in ("NE", "SE")
    assert grid.centre_mm(*hex_2419)[0] > grid.centre_mm(*hex_2319)[0]
    assert grid.direction_between(hex_2419, hex_2420) == "S"
    assert grid.hex_id(10, 1) == "1001"
    assert not grid.contains(9, 1)


def test_glorys_end_numbering() -> None:
    grid = glorys_end_like()
    lille, liege, paris = (grid.parse_id(i) for i in ("1632", "1621", "3036"))
    assert lille == (32, 16)
    assert grid.hex_id(*lille) == "1632"
    lille_x, lille_y = grid.centre_mm(*lille)
    assert lille_x < grid.centre_mm(*liege)[0]  # Lille is west of Liège
    assert grid.centre_mm(*paris)[1] > lille_y  # Paris is south of Lille
    assert grid.direction_between(grid.parse_id("1632"), grid.parse_id("1633")) in ("NW", "SW")


def test_stagger_shifts_the_chosen_columns_down() -> None:
    for stagger, lower_column in (("odd", 1), ("even", 2)):
        grid = HexGrid(orientation="flat", columns=2, rows=3, stagger=stagger, size_mm=10)
        other = 3 - lower_column
        assert grid.centre_mm(lower_column, 1)[1] - grid.centre_mm(other, 1)[1] == pytest.approx(5)
        assert grid.height_mm == pytest.approx(35)


def test_stagger_follows_the_row_numbering_when_rows_grow_north() -> None:
    # Shifted columns sit further from the row origin, which is now at the bottom.
    grid = HexGrid(
        orientation="flat", columns=2, rows=3, row_direction="south_north", size_mm=10
    )
    assert grid.centre_mm(1, 1)[1] < grid.centre_mm(2, 1)[1]
    assert grid.centre_mm(1, 1)[1] > grid.centre_mm(1, 2)[1]  # row 2 is north of row 1
    assert grid.direction_between((1, 1), (1, 2)) == "N"


def test_pointy_stagger_shifts_rows_along_the_columns() -> None:
    grid = HexGrid(orientation="pointy", columns=3, rows=2, stagger="odd", size_mm=10)
    assert grid.centre_mm(1, 1)[0] - grid.centre_mm(1, 2)[0] == pytest.approx(5)
    assert grid.width_mm == pytest.approx(35)
    assert grid.direction_between((1, 1), (2, 1)) == "E"
    assert grid.direction_between((1, 1), (1, 2)) == "SW"


def test_flat_grid_size_and_corners() -> None:
    grid = HexGrid(orientation="flat", columns=3, rows=2, size_mm=10 * math.sqrt(3), margin_mm=5)
    # radius 10: 3 columns span 2·10 + 2·15 = 50, 2 rows + half a hex span 2.5·√3·10.
    assert grid.width_mm == pytest.approx(60)
    assert grid.height_mm == pytest.approx(10 + 25 * math.sqrt(3))
    assert grid.centre_mm(2, 1) == pytest.approx((30, 5 + 5 * math.sqrt(3)))
    x, y = grid.centre_mm(1, 1)  # odd column: half a hex lower
    assert (x, y) == pytest.approx((15, 5 + 10 * math.sqrt(3)))
    assert grid.corners_mm(1, 1)[0] == pytest.approx((25, y))  # east corner first
    assert grid.corners_mm(1, 1)[1] == pytest.approx((20, y + 5 * math.sqrt(3)))  # clockwise


def test_hex_at_mm_outside_the_map_is_none() -> None:
    grid = wef_like()
    assert grid.hex_at_mm(-5, -5) is None
    assert grid.hex_at_mm(grid.width_mm + 1, 10) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("241", "4 characters, got 3"),
        ("24190", "4 characters, got 5"),
        ("24a9", "expected an id like '0712'"),
        (" 2419", "4 characters, got 5"),
        ("２４１９", "expected an id like '0712'"),  # full-width digits are not accepted
    ],
)
def test_malformed_ids_are_explained(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        wef_like().parse_id(text)


def test_number_ids_are_rejected_not_guessed() -> None:
    with pytest.raises(ValueError, match="must be a string"):
        wef_like().parse_id(712)  # type: ignore[arg-type]


def test_bad_grids_are_rejected() -> None:
    with pytest.raises(ValueError, match="too narrow"):
        HexGrid(orientation="flat", columns=120, rows=10, size_mm=10)
    with pytest.raises(ValueError, match="ambiguous"):
        HexGrid(orientation="flat", columns=10, rows=10, id_format="{col}{row}", size_mm=10)
    with pytest.raises(ValueError, match="orientation"):
        HexGrid(orientation="round", columns=10, rows=10, size_mm=10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not adjacent"):
        wef_like().hexside_key((12, 3), (12, 5))
    with pytest.raises(ValueError, match="not one of"):
        wef_like().neighbour(12, 3, "E")


# -- distances counted by hand -----------------------------------------------------------------
# Each distance below was counted on paper, hex by hex: with flat tops and odd stagger, the odd
# columns sit half a hex lower, so a step from an odd column to an even one keeps the row or
# goes one down, and a step back keeps it or goes one up; pointy tops do the same with rows.

HAND_DISTANCES = {
    ("flat", "odd"): [
        ("0101", "0101", 0), ("0101", "0102", 1), ("0101", "0201", 1), ("0101", "0202", 1),
        ("0202", "0101", 1), ("0201", "0101", 1), ("0202", "0103", 2), ("0101", "0301", 2),
        ("0101", "0303", 3), ("0101", "0105", 4), ("0101", "0501", 4), ("0101", "0503", 4),
        ("0101", "0504", 5), ("0105", "0502", 5), ("0101", "0505", 6), ("0505", "0101", 6),
        ("0203", "0401", 3), ("0203", "0405", 3),
    ],
    ("flat", "even"): [
        ("0101", "0201", 1), ("0101", "0202", 2), ("0102", "0201", 1), ("0101", "0303", 3),
        ("0101", "0505", 6), ("0101", "0503", 4), ("0203", "0402", 2), ("0203", "0404", 2),
    ],
    ("pointy", "odd"): [
        ("0101", "0202", 1), ("0101", "0102", 1), ("0201", "0102", 2), ("0101", "0303", 3),
        ("0101", "0501", 4), ("0101", "0505", 6), ("0302", "0101", 2), ("0302", "0501", 3),
    ],
    ("pointy", "even"): [
        ("0101", "0202", 2), ("0101", "0102", 1), ("0201", "0102", 1), ("0101", "0505", 6),
        ("0302", "0101", 3), ("0302", "0501", 2),
    ],
}
DISTANCE_CASES = [pytest.param(o, s, a, b, d, id=f"{o}-{s}-{a}-{b}")
                  for (o, s), cases in HAND_DISTANCES.items() for a, b, d in cases]


@pytest.mark.parametrize("directions", [("west_east", "north_south"), ("east_west", "south_north")])
@pytest.mark.parametrize(("orientation", "stagger", "a", "b", "expected"), DISTANCE_CASES)
def test_hex_distance_counted_by_hand(orientation, stagger, a, b, expected, directions):
    """Distances in hexes between printed ids; mirroring the numbering changes none of them."""
    grid = HexGrid(orientation=orientation, stagger=stagger, columns=6, rows=6, size_mm=16.0,
                   column_direction=directions[0], row_direction=directions[1])
    assert grid.distance(grid.parse_id(a), grid.parse_id(b)) == expected


@pytest.mark.parametrize(("orientation", "stagger", "hex_id", "around"), [
    ("flat", "odd", "0101", {"S": "0102", "NE": "0201", "SE": "0202"}),
    ("flat", "odd", "0202", {"N": "0201", "S": "0203", "NE": "0301", "SE": "0302", "SW": "0102", "NW": "0101"}),
    ("flat", "odd", "0303", {"N": "0302", "S": "0304", "NE": "0403", "SE": "0404", "SW": "0204", "NW": "0203"}),
    ("flat", "even", "0202", {"N": "0201", "S": "0203", "NE": "0302", "SE": "0303", "SW": "0103", "NW": "0102"}),
    ("pointy", "odd", "0202", {"E": "0302", "W": "0102", "NE": "0201", "NW": "0101", "SE": "0203", "SW": "0103"}),
    ("pointy", "odd", "0303", {"E": "0403", "W": "0203", "NE": "0402", "NW": "0302", "SE": "0404", "SW": "0304"}),
])
def test_neighbours_named_by_hand(orientation, stagger, hex_id, around):
    grid = HexGrid(orientation=orientation, stagger=stagger, columns=6, rows=6, size_mm=16.0)
    found = {d: grid.hex_id(*h) for d, h in grid.neighbours(*grid.parse_id(hex_id))}
    assert found == around


def _steps_apart(grid: HexGrid, a, b) -> int:
    """Breadth-first search over `neighbour` (off the map too): the fewest steps from a to b."""
    seen, frontier, steps = {a}, [a], 0
    while b not in seen:
        if not frontier or steps > grid.columns + grid.rows:  # further than any two hexes of the map
            return -1
        frontier = [n for h in frontier for n in (grid.neighbour(*h, d) for d in grid.directions) if n not in seen]
        seen.update(frontier)
        steps += 1
    return steps


@given(grids(most=9), st.data())
def test_distance_is_the_fewest_steps_between_neighbours(grid: HexGrid, data: st.DataObject) -> None:
    cells = list(grid.cells())
    a, b = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    assert grid.distance(a, b) == _steps_apart(grid, a, b)


@pytest.mark.parametrize(("change", "message"), [
    ({"orientation": "round"}, "orientation must be one of flat, pointy; got 'round'"),
    ({"stagger": "both"}, "stagger must be one of odd, even; got 'both'"),
    ({"column_direction": "up"}, "column_direction must be one of west_east, east_west; got 'up'"),
    ({"row_direction": "down"}, "row_direction must be one of north_south, south_north; got 'down'"),
    ({"columns": 0}, "a hex grid needs at least one column and row"),
    ({"rows": 0}, "a hex grid needs at least one column and row"),
    ({"first_column": -1}, "hex numbering cannot start below 0"),
    ({"first_row": -1}, "hex numbering cannot start below 0"),
    ({"size_mm": 0.0}, "size_mm must be positive and margin_mm not negative"),
    ({"margin_mm": -0.5}, "size_mm must be positive and margin_mm not negative"),
    ({"columns": 100}, "hex id format '{col:02d}{row:02d}' is too narrow for this grid"),
    ({"first_row": 96, "rows": 5}, "hex id format '{col:02d}{row:02d}' is too narrow for this grid"),
])
def test_an_impossible_grid_is_refused_saying_why(change, message):
    values = dict(orientation="flat", columns=6, rows=6, size_mm=16.0) | change
    with pytest.raises(ValueError) as raised:
        HexGrid(**values)
    assert str(raised.value).startswith(message)


def test_the_largest_numbers_that_fit_the_id_format_are_accepted():
    grid = HexGrid(orientation="flat", columns=99, rows=5, first_row=95, size_mm=16.0, margin_mm=0.0)
    assert (grid.last_column, grid.last_row) == (99, 99) and grid.hex_id(99, 99) == "9999"


# -- exact messages of the id formats and the grid -------------------------------------------

FORTY = "{col:02d}" + "-" * 22 + "{row:02d}"  # 9 + 22 + 9 = 40 characters, the most allowed


@pytest.mark.parametrize(("pattern", "message"), [
    (FORTY + "-", f"hex id format {(FORTY + '-')[:40]!r}…: at most 40 characters"),
    ("{col}{row}", "hex id format '{col}{row}' is ambiguous: an unpadded field must be followed by a separator"),
    ("{col:x}.{row}", "hex id format '{col:x}.{row}': field 'col' must be plain or zero-padded like {col:02d} "
                      "(at most 9 digits), got 'x'"),
    ("{col!r}.{row}", "hex id format '{col!r}.{row}': field 'col' must be plain or zero-padded like {col:02d} "
                      "(at most 9 digits), got ''"),
    ("{col}.{col}", "hex id format '{col}.{col}': unexpected or repeated field 'col'"),
    # a long wrong spec is quoted by its first 20 characters
    ("{col:" + "x" * 25 + "}.{row}", "hex id format '{col:" + "x" * 25 + "}.{row}': field 'col' must be plain or "
                                    "zero-padded like {col:02d} (at most 9 digits), got '" + "x" * 20 + "'"),
    ("{col:02d}", "hex id format '{col:02d}' must use both {col} and {row}"),
])
def test_id_formats_that_cannot_be_read_back_are_refused_with_the_reason(pattern, message):
    with pytest.raises(ValueError) as raised:
        HexIdFormat(pattern)
    assert str(raised.value) == message


def test_id_formats_that_read_back_are_accepted():
    assert HexIdFormat(FORTY).parse("07" + "-" * 22 + "12") == (7, 12)  # exactly 40 characters
    assert HexIdFormat("{col}-{row:02d}").parse("7-12") == (7, 12)  # a separator after the unpadded field
    assert HexIdFormat("c{col}r{row}x").parse("c7r12x") == (7, 12)  # literal text on both sides


@pytest.mark.parametrize(("pattern", "text", "message"), [
    ("{col:02d}{row:02d}", 712, "hex id must be a string like '0712', got int 712"),
    ("{col:02d}{row:02d}", "71", "malformed hex id '71': expected an id like '0712' (format '{col:02d}{row:02d}'), "
                                 "4 characters, got 2"),
    ("{row:02d}.{col:03d}", "12.7", "malformed hex id '12.7': expected an id like '12.007' "
                                    "(format '{row:02d}.{col:03d}'), 6 characters, got 4"),
    # an unpadded field: no fixed length to compare with
    ("{col}.{row}", "7-12", "malformed hex id '7-12': expected an id like '7.12' (format '{col}.{row}')"),
])
def test_malformed_ids_get_the_exact_explanation(pattern, text, message):
    with pytest.raises(ValueError) as raised:
        HexIdFormat(pattern).parse(text)
    assert str(raised.value) == message


def test_a_direction_that_is_not_one_of_the_grids_is_named_with_the_six_it_has():
    with pytest.raises(ValueError) as raised:
        wef_like().neighbour(12, 3, "E")  # a flat-topped grid has no east neighbour
    assert str(raised.value) == "'E' is not one of N, NE, SE, S, SW, NW"


def test_a_distance_is_a_whole_number_of_hexes():
    grid = wef_like()
    assert [(d, type(d)) for d in (grid.distance((10, 1), (13, 3)), grid.distance((12, 3), (12, 3)))] == [
        (4, int), (0, int)]


@pytest.mark.parametrize("grid", [
    HexGrid(orientation="flat", columns=8, rows=6, size_mm=20),
    HexGrid(orientation="flat", columns=8, rows=6, size_mm=20, stagger="even"),
    HexGrid(orientation="pointy", columns=8, rows=6, size_mm=20),
    HexGrid(orientation="pointy", columns=8, rows=6, size_mm=20, stagger="even"),
], ids=["flat-odd", "flat-even", "pointy-odd", "pointy-even"])
def test_points_near_each_corner_of_a_hex_find_that_hex(grid):
    # 0.9 of the way from the centre to each corner, and half way along each side beyond the
    # inscribed circle: where rounding the three cube coordinates disagrees and the one
    # furthest off must be corrected
    for hex_ in [(3, 3), (4, 3), (4, 4), (5, 2)]:
        cx, cy = grid.centre_mm(*hex_)
        corners = grid.corners_mm(*hex_)
        for i, (x, y) in enumerate(corners):
            assert grid.hex_at_mm(cx + 0.9 * (x - cx), cy + 0.9 * (y - cy)) == hex_
            nx, ny = corners[(i + 1) % 6]
            mid_x, mid_y = (x + nx) / 2, (y + ny) / 2
            assert grid.hex_at_mm(cx + 0.97 * (mid_x - cx), cy + 0.97 * (mid_y - cy)) == hex_


@pytest.mark.parametrize(("size_mm", "margin_mm", "accepted"), [
    (1.0, 0.0, True),  # the smallest sizes and margins are still sizes and margins
    (0.5, 0.0, True),
    (20.0, 0.0, True),
    (0.0, 5.0, False),
    (-3.0, 5.0, False),
    (20.0, -0.1, False),
])
def test_a_hex_size_must_be_positive_and_a_margin_not_negative(size_mm, margin_mm, accepted):
    def make():
        return HexGrid(orientation="flat", columns=4, rows=4, size_mm=size_mm, margin_mm=margin_mm)

    if accepted:
        assert make().size_mm == size_mm
    else:
        with pytest.raises(ValueError) as raised:
            make()
        assert str(raised.value) == "size_mm must be positive and margin_mm not negative"
