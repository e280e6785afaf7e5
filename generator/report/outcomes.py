"""What a combat result costs each side, in steps: the one reading of results the report
uses.

`losses_of(table, result)` is the only place the report reads a result's text.

- A table that declares `result_parts` (whose loss each named group of `result_pattern` is)
  is read through them: a group holding digits costs that many steps, one holding a result
  code costs the code's declared `loss` (a number of steps, or `all`: the side is
  eliminated); a code without a declared loss (a retreat, an assault) costs no step.
- Otherwise an odds CRT's result is "attacker/defender", each side a number of steps, `E` for the whole force eliminated, a
  trailing `R` a retreat (GE 13.3, WEF 13.21, BitE 4.2); an attrition table's result gives
  the row side's losses in its first named group and the column side's in its second (BitE
  3.2).

A result written otherwise (GWNE's `DE` without parts) is not read: the report says how often
such results come up rather than guess what they cost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.model.results import part_values
from generator.model.tables import AttritionTable, OddsCrt

_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class Losses:
    """Steps each side loses; `*_eliminated` when the whole force goes (its steps unknown)."""

    attacker: float  # whole steps as printed; a code's declared loss may be a fraction
    defender: float
    attacker_eliminated: bool = False
    defender_eliminated: bool = False
    attacker_retreats: bool = False
    defender_retreats: bool = False


def losses_of(table, result: str) -> Losses | None:
    """The losses a result of `table` inflicts; None when the table's grammar does not say."""
    if getattr(table, "result_parts", None):
        return _parts_losses(table, result)
    if isinstance(table, AttritionTable):
        return _attrition_losses(table, result)
    if isinstance(table, OddsCrt):
        return _odds_losses(table, result)
    return None


def _odds_losses(table: OddsCrt, result: str) -> Losses | None:
    parts = result.split("/")
    if len(parts) != 2 or not all(part.strip() for part in parts):
        return None
    attacker, defender = parts
    read = [_side(attacker), _side(defender)]
    if None in read:
        return None
    (a_steps, a_gone, a_back), (d_steps, d_gone, d_back) = read
    return Losses(a_steps, d_steps, a_gone, d_gone, a_back, d_back)


def _parts_losses(table, result: str) -> Losses | None:
    """Steps through the table's declared grammar (model/results.part_values, the one reading
    of a result's text): a code without a declared loss costs no step."""
    values = part_values(table, result)
    if values is None:
        return None
    steps = {"attacker": 0, "defender": 0}
    gone = {"attacker": False, "defender": False}
    for value in values:
        if value.eliminated:
            gone[value.hurts] = True
        elif value.count is not None:
            count = value.count
            steps[value.hurts] += int(count) if count == int(count) else count
    return Losses(steps["attacker"], steps["defender"], gone["attacker"], gone["defender"])


def order_key(table, result: str) -> tuple:
    """Results from the best for the defender to the best for the attacker (an elimination
    counts as the heaviest loss), then by text; results not read last."""
    losses = losses_of(table, result)
    if losses is None:
        return (1, 0, 0, result)
    heavy = 1000
    attacker = heavy if losses.attacker_eliminated else losses.attacker
    defender = heavy if losses.defender_eliminated else losses.defender
    return (0, defender - attacker, -attacker, result)


def _side(text: str) -> tuple[int, bool, bool] | None:
    """One side of an odds result: (steps, eliminated, retreats); None when it holds
    nothing that says a loss (no digit, no E)."""
    part = text.strip().upper()
    eliminated = "E" in part
    numbers = _NUMBER.findall(part)
    if not numbers and not eliminated and not part.isalpha():
        return None
    steps = 0 if eliminated else sum(int(n) for n in numbers)
    return steps, eliminated, part.endswith("R") and not eliminated


def _attrition_losses(table: AttritionTable, result: str) -> Losses | None:
    values = table.values(result)
    groups = table.groups
    if len(groups) < 2 or groups[0] not in values or groups[1] not in values:
        return None
    # The first number is what the column side inflicts on the row side (BitE 3.2).
    return Losses(attacker=values[groups[1]], defender=values[groups[0]])
