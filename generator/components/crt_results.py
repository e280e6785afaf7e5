"""What a CRT result means for each side, read from its text, to shade cells by favour.

The games warkit knows write results as "attacker/defender" (WEF 13.21, GE 13.3): a number
is loss points, E eliminates the side, a trailing R forces a retreat; any other letter (WEF's
B, assault) costs its side nothing. Balance = defender's loss − attacker's loss: positive
favours the attacker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.components import chart_style as cs

ELIMINATED = 10.0  # heavier than any loss in steps a CRT prints
RETREAT = 0.5
_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class Outcome:
    text: str
    attacker_loss: float
    defender_loss: float

    @property
    def balance(self) -> float:
        return self.defender_loss - self.attacker_loss

    @property
    def favours(self) -> str:
        """'attacker', 'defender' or 'even'."""
        if self.balance > 0:
            return "attacker"
        return "defender" if self.balance < 0 else "even"

    @property
    def decisive(self) -> bool:
        """An elimination, or a margin of two losses or more."""
        return abs(self.balance) >= 2


def side_loss(part: str) -> float:
    """Loss of one side of a result: loss points, E = eliminated, +½ for a retreat R."""
    text = part.strip().upper()
    loss = ELIMINATED if "E" in text else float(sum(int(n) for n in _NUMBER.findall(text)))
    return loss + (RETREAT if text.endswith("R") and "E" not in text else 0.0)


def parse_result(text: str, defender_first: bool = False) -> Outcome | None:
    """'1/2R' -> attacker 1, defender 2.5; None for a cell that is not 'attacker/defender'
    ('defender/attacker' with `defender_first`, as BitE's ground combat table prints it)."""
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        return None
    attacker, defender = reversed(parts) if defender_first else parts
    return Outcome(text, side_loss(attacker), side_loss(defender))


def result_order_key(text: str, defender_first: bool = False) -> tuple:
    """Sort results from best for the defender to best for the attacker, then by text."""
    outcome = parse_result(text, defender_first)
    if outcome is None:
        return (1, 0.0, 0.0, text)
    return (0, outcome.balance, -outcome.attacker_loss, text)


def favour_fill(result: str, defender_first: bool = False) -> str | None:
    """The shade of a result cell: who it favours, and how strongly; None if unparsed."""
    outcome = parse_result(result, defender_first)
    if outcome is None:
        return None
    if outcome.favours == "attacker":
        return cs.ATTACKER_STRONG if outcome.decisive else cs.ATTACKER_LIGHT
    if outcome.favours == "defender":
        return cs.DEFENDER_STRONG if outcome.decisive else cs.DEFENDER_LIGHT
    return cs.EVEN
