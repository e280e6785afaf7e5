"""Dice arithmetic of the tables, against figures counted by hand: the distribution of a roll,
row labels, rolls the die cannot reach, modified rolls clamped to the table's limits, and each
result's chance per column."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

import pytest

from generator.components.dice import (
    natural_range,
    parse_dice,
    result_chances,
    roll_distribution,
    roll_limits,
    row_chances,
    row_index,
    row_span,
    rows_outside_die,
)


@pytest.mark.parametrize(("text", "parsed"), [
    ("2d6", (2, 6)), ("d6", (1, 6)), ("1D10", (1, 10)), (" 3d4 ", (3, 4)), ("none", None), ("2d", None),
    ("d", None), ("2x6", None),
])
def test_dice_are_read_as_count_and_faces(text, parsed):
    assert parse_dice(text) == parsed


def test_two_dice_roll_a_triangle_of_chances():
    # 36 throws: one way to roll 2, two ways to roll 3 … six ways to roll 7 … one way to roll 12
    assert roll_distribution("2d6") == {2: F(1, 36), 3: F(2, 36), 4: F(3, 36), 5: F(4, 36), 6: F(5, 36),
                                        7: F(6, 36), 8: F(5, 36), 9: F(4, 36), 10: F(3, 36), 11: F(2, 36),
                                        12: F(1, 36)}
    assert roll_distribution("d3") == {1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}
    assert list(roll_distribution("3d2")) == [3, 4, 5, 6]
    assert roll_distribution("3d2")[4] == F(3, 8)  # 1+1+2 three ways out of eight
    assert roll_distribution("none") == {}


@pytest.mark.parametrize(("dice", "span"), [("1d6", (1, 6)), ("2d6", (2, 12)), ("d10", (1, 10)),
                                            ("none", None)])
def test_natural_range(dice, span):
    assert natural_range(dice) == span


@pytest.mark.parametrize(("label", "span"), [
    ("5", (5, 5)), ("1-2", (1, 2)), ("3..4", (3, 4)), ("5–6", (5, 6)), (" 7 - 9 ", (7, 9)), ("-1", (-1, -1)),
    ("-2--1", (-2, -1)), ("4-4", (4, 4)), ("3-1", None), ("6+", None), ("x", None), ("", None),
])
def test_row_labels_stand_for_rolls(label, span):
    assert row_span(label) == span


def test_rows_the_natural_roll_never_reaches():
    assert rows_outside_die(["0", "1", "2-5", "6", "7", "8-9"], "1d6") == [True, False, False, False, True, True]
    assert rows_outside_die(["1", "2", "12", "13"], "2d6") == [True, False, False, True]
    assert rows_outside_die(["1", "hit"], "none") == [False, False]


def test_row_index_finds_the_row_of_a_roll():
    rows = ["1-2", "3", "4-6"]
    assert [row_index(rows, roll) for roll in (0, 1, 2, 3, 4, 6, 7)] == [None, 0, 0, 1, 2, 2, None]


@pytest.mark.parametrize(("rows", "low", "high", "limits"), [
    (["1", "2-5", "6"], None, None, (1, 6)),
    (["1", "2-5", "6"], 0, None, (0, 6)),
    (["1", "2-5", "6"], None, 8, (1, 8)),
    (["3", "1"], None, None, (1, 3)),  # the lowest and highest of any row, whatever their order
    (["1", "hit"], None, None, None),
    ([], None, None, None),
])
def test_roll_limits(rows, low, high, limits):
    assert roll_limits(rows, low, high) == limits


def test_a_modified_roll_is_clamped_to_the_first_and_last_row():
    rows = ["1", "2", "3", "4", "5", "6"]
    # +2 on a d6: 3, 4, 5, 6 and then 7 and 8 count as 6
    assert row_chances("1d6", rows, 2) == [0, 0, F(1, 6), F(1, 6), F(1, 6), F(1, 2)]
    # -1 on a d6 with rows of two: 0 counts as 1, so 1-2 takes three rolls (1, 2, 3 unmodified)
    assert row_chances("1d6", ["1-2", "3-4", "5-6"], -1) == [F(1, 2), F(1, 3), F(1, 6)]
    assert row_chances("1d6", rows, 0) == [F(1, 6)] * 6


def test_declared_limits_wider_than_the_rows_leave_a_roll_with_no_row():
    # rolls may go down to 0, but no row says what 0 gives
    assert row_chances("1d6", ["1", "2", "3", "4", "5", "6"], -1, roll_min=0) is None
    assert row_chances("1d6", ["1", "hit"], 0) is None
    assert row_chances("none", ["1", "2"], 0) is None


@dataclass
class Table:
    dice: str
    rows: list
    columns: list
    cells: list
    roll_min: int | None = None
    roll_max: int | None = None


def test_each_results_chance_per_column():
    table = Table("1d6", ["1-2", "3-4", "5-6"], ["1:1", "2:1"], [["AE", "EX"], ["EX", "DR"], ["DR", "DE"]])
    assert result_chances(table, 0) == [{"AE": F(1, 3), "EX": F(1, 3), "DR": F(1, 3)},
                                        {"EX": F(1, 3), "DR": F(1, 3), "DE": F(1, 3)}]
    # +2: rolls 3 to 8, 7 and 8 count as 6, so the first row is never read
    assert result_chances(table, 2) == [{"EX": F(1, 3), "DR": F(2, 3)}, {"DR": F(1, 3), "DE": F(2, 3)}]
    same = Table("1d6", ["1-3", "4-6"], ["1:1"], [["EX"], ["EX"]])
    assert result_chances(same, 0) == [{"EX": F(1)}]  # one result on two rows: the chances add up
    assert result_chances(Table("1d6", ["1", "2"], ["1:1"], [["A"], ["B"]], roll_min=0), -1) is None
