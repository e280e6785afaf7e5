"""Anomalies worth a designer's look: a factor far from the others of its unit type, a turn
where a side's strength jumps, a variant whose balance of forces departs from its parent's.

Each is a plain `Anomaly` (what kind, the words' fields); the report and the workbook print
them in the build's language.

- Outliers use Tukey's fences on each factor of the units' full-strength faces within a unit
  type of at least OUTLIER_MIN_UNITS units: below Q1 − 1.5·IQR or above Q3 + 1.5·IQR
  (quartiles interpolated linearly, as pandas does; the IQR taken as at least 1, since
  factors are whole numbers and a type whose middle half agrees would otherwise flag any
  other value).
- A jump is a change of at least JUMP (a quarter) of a side's steps, attack or defence from
  one turn to the next.
- A variant's force ratio (the first side's strength over the second's on its first turn:
  attack where units print it, else steps) departs when it differs from its parent's by
  at least RATIO_DEPARTURE (a fifth) of the parent's.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.report.strength import has_factors

OUTLIER_MIN_UNITS = 4
FENCE = 1.5
MIN_SPREAD = 1.0  # factors are whole numbers: a type whose middle half agrees is not fenced in at one value
JUMP = 0.25
RATIO_DEPARTURE = 0.2


@dataclass(frozen=True)
class Anomaly:
    kind: str  # "outlier", "jump", "variant"
    subject: str  # a unit id, a scenario id
    fields: dict  # what the words need (values, turns, sides …)


def factor_outliers(game) -> list[Anomaly]:
    import pandas as pd

    rows = [(u.unit_id, u.type_id, name, value) for u in game.units if u.faces
            for name, value in u.faces[0].values.items()]
    frame = pd.DataFrame(rows, columns=["unit", "type", "factor", "value"])
    found = []
    for (type_id, name), group in frame.groupby(["type", "factor"], sort=False):
        if len(group) < OUTLIER_MIN_UNITS:
            continue
        q1, q3 = group["value"].quantile(0.25), group["value"].quantile(0.75)
        spread = max(q3 - q1, MIN_SPREAD)
        low, high = q1 - FENCE * spread, q3 + FENCE * spread
        median = group["value"].median()
        for unit_id, value in zip(group["unit"], group["value"]):
            if value < low or value > high:
                found.append(Anomaly("outlier", unit_id, {"type": type_id, "factor": name, "value": int(value),
                                                          "median": float(median), "q1": float(q1),
                                                          "q3": float(q3), "low": float(low),
                                                          "high": float(high)}))
    return found


def strength_jumps(scenario_id: str, totals, measures=("steps", "attack", "defence")) -> list[Anomaly]:
    """`totals`: forces.side_totals of the scenario."""
    found = []
    for side, rows in totals.groupby("side", sort=False):
        rows = rows.sort_values("turn")
        for measure in measures:
            values = list(zip(rows["turn"], rows[measure]))
            for (before_turn, before), (turn, after) in zip(values, values[1:]):
                if before > 0 and abs(after - before) >= JUMP * before:
                    found.append(Anomaly("jump", scenario_id, {
                        "side": side, "measure": measure, "turn": int(turn), "before": int(before),
                        "after": int(after), "change": (after - before) / before}))
    return found


def force_ratio(game, totals) -> float | None:
    """The first side's strength over the second's on the scenario's first turn."""
    sides = [s.id for s in game.spec.sides]
    if len(sides) < 2:
        return None
    measure = "attack" if has_factors(game) else "steps"
    first = totals[totals["turn"] == totals["turn"].min()].set_index("side")[measure]
    a, b = first.get(sides[0], 0), first.get(sides[1], 0)
    return float(a) / float(b) if b else None


def variant_departures(game, ratios: dict[str, float | None]) -> list[Anomaly]:
    """`ratios`: scenario id -> force_ratio; a variant compared with the scenario it extends."""
    found = []
    for scenario in game.scenarios:
        parent = scenario.extends
        mine, theirs = ratios.get(scenario.scenario_id), ratios.get(parent) if parent else None
        if mine is None or theirs is None or not theirs:
            continue
        if abs(mine - theirs) >= RATIO_DEPARTURE * theirs:
            found.append(Anomaly("variant", scenario.scenario_id, {"parent": parent, "ratio": mine,
                                                                   "parent_ratio": theirs}))
    return found
