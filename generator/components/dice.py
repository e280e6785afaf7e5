"""Dice arithmetic for tables: the distribution of a roll, clamped modified rolls, and the
chance of each result per column of a table."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

_DICE = re.compile(r"^(\d*)d(\d+)$")
_ROW = re.compile(r"^\s*(-?\d+)\s*(?:(?:-|–|\.\.)\s*(-?\d+))?\s*$")


def parse_dice(dice: str) -> tuple[int, int] | None:
    """'2d6' -> (2, 6), 'd6' -> (1, 6); 'none' (a table read without dice) -> None."""
    match = _DICE.match(dice.strip().lower())
    if not match:
        return None
    return int(match.group(1) or 1), int(match.group(2))


@cache
def roll_distribution(dice: str) -> dict[int, Fraction]:
    """Every total the dice can roll and its exact probability (counted in whole numbers,
    divided once at the end)."""
    parsed = parse_dice(dice)
    if parsed is None:
        return {}
    count, faces = parsed
    ways = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, number in ways.items():
            for face in range(1, faces + 1):
                step[total + face] = step.get(total + face, 0) + number
        ways = step
    outcomes = faces ** count
    return {total: Fraction(number, outcomes) for total, number in sorted(ways.items())}


def natural_range(dice: str) -> tuple[int, int] | None:
    """The lowest and highest unmodified roll ('1d6' -> 1, 6; '2d6' -> 2, 12)."""
    parsed = parse_dice(dice)
    if parsed is None:
        return None
    count, faces = parsed
    return count, count * faces


def row_span(label: str) -> tuple[int, int] | None:
    """The rolls a row label stands for: '5' -> (5, 5), '1-2' -> (1, 2); None if not numeric."""
    match = _ROW.match(str(label))
    if not match:
        return None
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    return (low, high) if high >= low else None


def rows_outside_die(rows: list[str], dice: str) -> list[bool]:
    """For each row: True when the natural (unmodified) roll can never land on it."""
    natural = natural_range(dice)
    flags = []
    for label in rows:
        span = row_span(label)
        flags.append(bool(natural and span and (span[1] < natural[0] or span[0] > natural[1])))
    return flags


def row_index(rows: list[str], roll: int) -> int | None:
    for index, label in enumerate(rows):
        span = row_span(label)
        if span and span[0] <= roll <= span[1]:
            return index
    return None


def roll_limits(rows: list[str], roll_min: int | None, roll_max: int | None) -> tuple[int, int] | None:
    """The clamp for modified rolls: the table's declared limits, else its first and last row."""
    spans = [row_span(label) for label in rows]
    if not spans or any(span is None for span in spans):
        return None
    low = roll_min if roll_min is not None else min(s[0] for s in spans)
    high = roll_max if roll_max is not None else max(s[1] for s in spans)
    return low, high


def row_chances(dice: str, rows: list[str], drm: int = 0, roll_min: int | None = None,
                roll_max: int | None = None) -> list[Fraction] | None:
    """The chance of reading each row with net modifier `drm`; None when the rows are not
    rolls or some modified roll would land on no row."""
    limits = roll_limits(rows, roll_min, roll_max)
    distribution = roll_distribution(dice)
    if limits is None or not distribution:
        return None
    chances = [Fraction(0)] * len(rows)
    for roll, chance in distribution.items():
        modified = min(max(roll + drm, limits[0]), limits[1])
        index = row_index(rows, modified)
        if index is None:
            return None
        chances[index] += chance
    return chances


def result_chances(table, drm: int = 0) -> list[dict[str, Fraction]] | None:
    """Per column of `table`, each result's chance at net modifier `drm`, the modified roll
    clamped to `roll_min..roll_max` (to the table's rows when it declares no limits)."""
    chances = row_chances(table.dice, table.rows, drm, getattr(table, "roll_min", None), getattr(table, "roll_max", None))
    if chances is None:
        return None
    columns: list[dict[str, Fraction]] = []
    for c in range(len(table.columns)):
        outcome: dict[str, Fraction] = {}
        for r, chance in enumerate(chances):
            if chance:
                result = table.cells[r][c]
                outcome[result] = outcome.get(result, Fraction(0)) + chance
        columns.append(outcome)
    return columns
