"""Reading a combat result through its table's declared grammar: the one place that says
whom a result favours and by how much.

A combat table's `result_pattern` names its parts with groups, and `result_parts` says
whose loss each group is and how heavy one of it weighs:

    result_pattern: '(?P<attacker>\\d|E|B)/(?P<defender>\\d|E)'    # WEF 13.21: "2/1", "B/E"
    result_parts:
      - {group: attacker, hurts: attacker}
      - {group: defender, hurts: defender}
    results:
      - {code: E, meaning: …, loss: all}     # a code's own loss; "all" eliminates the side
      - {code: B, meaning: …, loss: 0}

A group that holds digits counts that many; one that holds a result code counts the code's
`loss` (1 when it gives none); the count is multiplied by the part's `weight` (GE 13.18: a
retreat "R" weighs half a loss). A table that declares no parts is not read: its cells are
not shaded and its probability view is not sorted by favour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from generator.model.base import Frozen

ELIMINATED = 10.0  # the loss of a result code whose loss is "all": heavier than any printed number
PARTIES = ("attacker", "defender")


class ResultPart(Frozen):
    """What one named group of `result_pattern` says: whose loss it is (`hurts`) and how
    much one of it weighs against a loss of one step (`weight`). What the codes mean in
    words is the table's `results`."""

    group: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    hurts: Literal["attacker", "defender"]
    weight: float = Field(default=1.0, gt=0, le=10)


@dataclass(frozen=True)
class Reading:
    """A result read: each party's weighted loss."""

    text: str
    attacker_loss: float
    defender_loss: float

    @property
    def balance(self) -> float:
        """The defender's loss less the attacker's: positive favours the attacker."""
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


@dataclass(frozen=True)
class PartValue:
    """One part of a result as the grammar reads it: whose loss it is, its count (a number,
    or a code's declared `loss`; None for a code that declares none), whether it eliminates
    the side, and its part's weight."""

    hurts: str
    count: float | None
    eliminated: bool
    weight: float


def part_values(table, text: str) -> list[PartValue] | None:
    """The parts `text` holds, by `table`'s declared grammar; None when the table declares
    no parts or the text does not follow its pattern. The one reading of a result's text:
    the charts' shading (`read_result`) and the designer's report build on it."""
    parts = getattr(table, "result_parts", None)
    regex = getattr(table, "regex", None)
    if not parts or regex is None:
        return None
    match = regex.fullmatch(text.strip())
    if match is None:
        return None
    codes = {r.code: r for r in getattr(table, "results", [])}
    out = []
    for part in parts:
        value = match.groupdict().get(part.group)
        if not value:
            continue
        if value.isdigit():
            out.append(PartValue(part.hurts, float(value), False, part.weight))
            continue
        loss = getattr(codes.get(value), "loss", None)
        out.append(PartValue(part.hurts, None if loss in (None, "all") else float(loss), loss == "all", part.weight))
    return out


def read_result(table, text: str) -> Reading | None:
    """`text` read through `table`'s grammar, each part weighed (an elimination as ELIMINATED,
    a code without a declared loss as 1); None when the grammar cannot read it."""
    values = part_values(table, text)
    if values is None:
        return None
    losses = {party: 0.0 for party in PARTIES}
    for value in values:
        count = ELIMINATED if value.eliminated else (1.0 if value.count is None else value.count)
        losses[value.hurts] += count * value.weight
    return Reading(text, losses["attacker"], losses["defender"])


def result_order_key(table, text: str) -> tuple:
    """Results sorted from the best for the defender to the best for the attacker, then by
    text; results the grammar cannot read last."""
    reading = read_result(table, text)
    if reading is None:
        return (1, 0.0, 0.0, text)
    return (0, reading.balance, -reading.attacker_loss, text)
