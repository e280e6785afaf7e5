"""The shade of a combat result: who it favours and how strongly, as the table's own grammar
reads it (model/results.py); unshaded when the table declares no grammar."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.model.results import read_result


def favour_fill(table, result: str) -> str | None:
    """The fill of a result cell; None when the grammar cannot read it."""
    reading = read_result(table, result)
    if reading is None:
        return None
    if reading.favours == "attacker":
        return cs.ATTACKER_STRONG if reading.decisive else cs.ATTACKER_LIGHT
    if reading.favours == "defender":
        return cs.DEFENDER_STRONG if reading.decisive else cs.DEFENDER_LIGHT
    return cs.EVEN


FAVOUR_SHADES = (cs.ATTACKER_STRONG, cs.ATTACKER_LIGHT, cs.DEFENDER_LIGHT, cs.DEFENDER_STRONG)
