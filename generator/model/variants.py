"""Scenario variants: rules a scenario switches on or off, parameters it overrides, and the
changes (units added, removed, moved) a scenario makes to the one it extends.

game.yaml declares the switches (`scenario_rules`) and the `parameters`; a scenario sets
them (`rules: {oberost-every-turn: on}`, `parameters: {russian-replacement-bonus: 2}`), and a
scenario that extends another inherits its settings key by key. `changes` (ChangesSpec) are
resolved by the loader into the scenario's set-up, reinforcements and deployment groups.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Frozen, Id
from generator.model.source import Location


class ScenarioRule(Frozen):
    """A rule scenarios switch on or off (WEF 3.4-3.6, the turn 1 restrictions: on in the
    historical game, off in Free Setup)."""

    id: Id
    name: str
    default: bool = False
    source: str | None = None


class Parameter(Frozen):
    """A value scenarios may override (WEF 16: Plan 19's two extra Russian replacement steps)."""

    id: Id
    name: str
    kind: Literal["number", "text"] = "number"
    default: str = ""
    source: str | None = None


class ChangeItem(Frozen):
    """A unit given a place: set up in a hex or box, arriving on a turn, or deploying freely
    with a deployment group."""

    unit: Id
    hex: str | None = None
    area: str | None = None  # on an area map
    box: str | None = None
    turn: int | None = None
    deploy: Id | None = None
    entry: str | None = None
    via: Id | None = None  # an arrival's area of origin, along the link into its entry
    steps: int | None = Field(default=None, ge=0)
    map: Id | None = None
    army: str | None = None
    notes: str | None = None

    @model_validator(mode="after")
    def _one_place(self):
        given = [k for k in ("hex", "area", "box", "turn", "deploy") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of 'hex', 'area', 'box', 'turn' or 'deploy'")
        return self

    @property
    def kind(self) -> str:
        """setup, reinforcement or deploy."""
        if self.turn is not None:
            return "reinforcement"
        return "deploy" if self.deploy is not None else "setup"


class ChangesSpec(Frozen):
    """What a scenario changes in the one it extends; applied remove, add, move in that order."""

    remove: list[Id] = Field(default_factory=list)
    add: list[ChangeItem] = Field(default_factory=list)
    move: list[ChangeItem] = Field(default_factory=list)


@dataclass(frozen=True)
class Setting:
    """A rule switch or a parameter value a scenario sets, with where it was written."""

    key: str
    value: str  # "on"/"off" for rules
    where: Location


def effective(declared: list, settings: tuple[Setting, ...], switches: bool) -> dict[str, str]:
    """Every declared rule switch (`switches`) or parameter with its value once a scenario's
    `settings` apply: "on"/"off" for switches, the text for parameters."""
    if switches:
        values = {r.id: "on" if r.default else "off" for r in declared}
    else:
        values = {p.id: p.default for p in declared}
    values.update({s.key: s.value for s in settings})
    return values
