"""What each combat table yields: the chance of each result per column at each net
modifier (a die-roll modifier or a column shift), the expected step losses of attacker and
defender through `outcomes.losses_of`, and the odds a typical attack reaches.

All chances are exact fractions (`dice.result_chances`). A table read without dice (a value
table, an attrition table) has no chances: it says so, and the report prints its readings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from generator.components.dice import result_chances
from generator.model.tables import AttritionTable, OddsCrt, ValueTable, value_span
from generator.report.outcomes import losses_of

MODIFIERS = (-2, -1, 0, 1, 2)
_ODDS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[:\-–]\s*(\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class ColumnView:
    """One column of a table at one net modifier."""

    column: int
    chances: dict[str, Fraction]  # result -> chance
    attacker: Fraction  # expected steps lost, over the results read
    defender: Fraction
    attacker_eliminated: Fraction  # chance the whole attacking force goes
    defender_eliminated: Fraction
    unread: Fraction  # chance of a result the grammar does not read


@dataclass(frozen=True)
class ModifierView:
    kind: str  # "drm" or "shift"
    value: int
    columns: tuple[ColumnView, ...]


def combat_tables(game) -> list:
    return [t for t in game.spec.tables if isinstance(t, (OddsCrt, AttritionTable, ValueTable))]


def modifier_kinds(table: OddsCrt) -> tuple[str, ...]:
    """Die-roll modifiers where the table has them or no shifts; shifts where it has shifts."""
    kinds = []
    if table.drms or not table.shifts:
        kinds.append("drm")
    if table.shifts:
        kinds.append("shift")
    return tuple(kinds)


def odds_views(table: OddsCrt, modifiers=MODIFIERS) -> list[ModifierView] | None:
    """Every modifier view of an odds CRT; None when its rows are not die rolls."""
    base = result_chances(table, 0)
    if base is None:
        return None
    views = []
    for kind in modifier_kinds(table):
        for value in modifiers:
            if kind == "drm":
                chances = result_chances(table, value)
            else:
                chances = [_shifted(table, base, c + value) for c in range(len(table.columns))]
            views.append(ModifierView(kind, value, tuple(column_view(table, c, chance)
                                                         for c, chance in enumerate(chances))))
    return views


def _shifted(table: OddsCrt, base: list[dict[str, Fraction]], column: int) -> dict[str, Fraction]:
    """The results of the column `column` (shifted off the left end: the table's `below`
    result when it gives one, else the first column; off the right end: the last)."""
    if column < 0 and table.below:
        return {table.below: Fraction(1)}
    return base[min(max(column, 0), len(base) - 1)]


def column_view(table, column: int, chances: dict[str, Fraction]) -> ColumnView:
    attacker = defender = a_gone = d_gone = unread = Fraction(0)
    for result, chance in chances.items():
        losses = losses_of(table, result)
        if losses is None:
            unread += chance
            continue
        attacker += chance * losses.attacker
        defender += chance * losses.defender
        a_gone += chance if losses.attacker_eliminated else 0
        d_gone += chance if losses.defender_eliminated else 0
    return ColumnView(column, dict(chances), attacker, defender, a_gone, d_gone, unread)


def odds_ratio(label: str) -> Fraction | None:
    """'3:1' -> 3, '1:2' -> 1/2, '1.5:1' -> 3/2; None when the column is not odds."""
    match = _ODDS.match(label)
    if match is None or Fraction(match[2]) == 0:
        return None
    return Fraction(match[1]) / Fraction(match[2])


def odds_column(table: OddsCrt, ratio) -> int | None:
    """The column an attack at `ratio` is resolved on, odds rounded down in the defender's
    favour: the last column whose odds it reaches (-1 below the first; None: columns not odds)."""
    ratios = [odds_ratio(c) for c in table.columns]
    if any(r is None for r in ratios):
        return None
    reached = [index for index, r in enumerate(ratios) if ratio >= r]
    return reached[-1] if reached else -1


def band_index(labels: list[str], value: float) -> int | None:
    """The column or row of a table of bands ('0-26', '162+', '≤1') a value falls in."""
    for index, label in enumerate(labels):
        span = value_span(label)
        if span is not None and span[0] <= value <= span[1]:
            return index
    return None


def value_losses(table: ValueTable) -> list[list[int | None]]:
    """A value table's numbers, row by row, column by column (None where a cell is no number)."""
    return [[int(cell) if cell.strip().isdigit() else None for cell in row] for row in table.cells]
