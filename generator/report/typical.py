"""The odds a typical attack reaches on each turn of a scenario.

A typical attack puts the attacking side's average unit against the defending side's
average unit, as many units on each side: its odds are the mean attack of the attacker's
units in play over the mean defence of the defender's (units without the factor left out).
On an odds CRT that ratio, rounded down in the defender's favour, names the column; on an
attrition table the two sides' whole totals name the column and the row (BitE 3.0: each
side's strength on the front). A game whose units print no attack or defence is measured in
steps. A table read by a value without dice has no typical attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.model.tables import AttritionTable, OddsCrt
from generator.report.combat import band_index, odds_column
from generator.report.forces import Entry, turns_of
from generator.report.strength import has_factors, strength


@dataclass(frozen=True)
class Reading:
    turn: int
    attacker: str  # side ids
    defender: str
    attack: Fraction  # mean attack per unit (odds CRT) or total (attrition table)
    defence: Fraction
    ratio: Fraction | None
    column: int | None  # the table's column (-1: below the first); None: not reached
    row: int | None = None  # an attrition table's row
    result: str = ""  # what the table gives there, when one result does


def typical_readings(game, scenario, entries: list[Entry], table) -> list[Reading]:
    """For every turn and every ordered pair of sides, what `table` gives a typical attack."""
    by_steps = not has_factors(game)
    sides = [s.id for s in game.spec.sides]
    readings = []
    for turn in turns_of(scenario):
        present = [e for e in entries if e.in_play(turn)]
        for attacker in sides:
            for defender in sides:
                if attacker != defender:
                    readings.append(_reading(table, turn, attacker, defender, present, by_steps))
    return readings


def _values(entries: list[Entry], side: str, field: str, by_steps: bool) -> list[int]:
    out = []
    for entry in entries:
        if entry.side == side:
            power = strength(entry.unit, entry.steps)
            value = power.steps if by_steps else getattr(power, field)
            if value > 0:
                out.append(value)
    return out


def _reading(table, turn, attacker, defender, present, by_steps) -> Reading:
    attack = _values(present, attacker, "attack", by_steps)
    defence = _values(present, defender, "defence", by_steps)
    if isinstance(table, AttritionTable):
        column, row = band_index(table.columns, sum(attack)), band_index(table.rows, sum(defence))
        result = table.cells[row][column] if column is not None and row is not None else ""
        return Reading(turn, attacker, defender, Fraction(sum(attack)), Fraction(sum(defence)), None, column, row,
                       result)
    if not attack or not defence:
        return Reading(turn, attacker, defender, _mean(attack), _mean(defence), None, None)
    ratio = _mean(attack) / _mean(defence)
    column = odds_column(table, ratio) if isinstance(table, OddsCrt) else None
    result = table.below or "" if column == -1 else ""
    return Reading(turn, attacker, defender, _mean(attack), _mean(defence), ratio, column, None, result)


def _mean(values: list[int]) -> Fraction:
    return Fraction(sum(values), len(values)) if values else Fraction(0)
