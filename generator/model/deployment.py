"""Free deployments as data: which units the players place themselves, and the constraints
their set-up must meet (regions, distance from a marker, stacking by army, at least so many
units in a region), the markers placed before them, and the order in which sides deploy.

A scenario's `deployment` (see docs/data-format.md, "Free deployments and scenario changes")
is read into `DeploymentSpec`; the loader resolves it into a `Deployment` whose groups list
their units by id. A group's unit is *placed* when the scenario's set-up gives it a hex, and
*free* (still to be placed by its player) otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pydantic import Field, model_validator

from generator.model.base import Frozen, Id
from generator.model.selectors import UnitSelector
from generator.model.source import Location
from generator.model.units import Unit

ARMY_FIELD = "{army}"  # in `within.of_marker`: the marker of the unit's own army


class Within(Frozen):
    """At most `hexes` hexes from a marker (`of_marker`, where "{army}" stands for the unit's
    army: GE 3.3 "within 3 hexes of its army's mobilization marker") or from a hex."""

    hexes: int = Field(ge=0, le=200)
    of_marker: str | None = Field(default=None, max_length=100)
    of_hex: str | None = None

    @model_validator(mode="after")
    def _one_origin(self):
        if (self.of_marker is None) == (self.of_hex is None):
            raise ValueError("give exactly one of 'of_marker' or 'of_hex'")
        return self

    @property
    def per_army(self) -> bool:
        return self.of_marker is not None and ARMY_FIELD in self.of_marker

    def marker_for(self, army: str | None) -> str | None:
        if self.of_marker is None:
            return None
        return self.of_marker.replace(ARMY_FIELD, army or "")


class AtLeast(Frozen):
    """At least `count` units of the group set up in these regions (GE 3.3: one German unit
    in Luxembourg and one in Belgium)."""

    count: int = Field(default=1, ge=1, le=999)
    regions: list[Id] = Field(min_length=1)
    source: str | None = None


class GroupSpec(Frozen):
    id: Id
    name: str | None = None  # printed on the set-up form (default: the side's name)
    side: Id
    units: UnitSelector | None = None
    extra: list[Id] = Field(default_factory=list)  # units added by id (WEF 3.9: the FS cavalry)
    regions: list[Id] | None = None  # None: any hex the unit may set up in
    within: Within | None = None
    any_army: list[str] = Field(default_factory=list)  # army values that join any army (GE 3.4: "0")
    army_stacking: bool = False  # GE 3.3: stack only with one's own army or units without an army
    at_least: list[AtLeast] = Field(default_factory=list)
    source: str | None = None


class MarkerRule(Frozen):
    """Markers a side places before its units (GE 3.5: the mobilization markers)."""

    side: Id
    markers: list[Id] = Field(min_length=1)
    regions: list[Id] | None = None
    one_per_hex: bool = True
    not_next_to: list[Id] = Field(default_factory=list)  # regions a marker may not touch (GE 3.6)
    source: str | None = None


class DeploymentSpec(Frozen):
    order: list[Id] = Field(default_factory=list)  # sides, the first to deploy first (WEF 3.9)
    hidden: bool = False  # each side writes its set-up down unseen (GE 3.5): the set-up form
    markers: list[MarkerRule] = Field(default_factory=list)
    groups: list[GroupSpec] = Field(default_factory=list)
    source: str | None = None


@dataclass(frozen=True)
class Member:
    unit_id: str
    where: Location  # the group's `units`, its `extra` entry, or the change that added it


@dataclass(frozen=True)
class Group:
    spec: GroupSpec
    members: tuple[Member, ...]
    where: Location

    def __hash__(self) -> int:  # the spec holds lists; equal groups have equal ids, members, places
        return hash((self.spec.id, self.members, self.where))

    @property
    def group_id(self) -> str:
        return self.spec.id

    @cached_property
    def unit_ids(self) -> tuple[str, ...]:
        return tuple(m.unit_id for m in self.members)


@dataclass(frozen=True)
class PlacedRule:
    """A marker rule with where it was written."""

    spec: MarkerRule
    where: Location


@dataclass(frozen=True)
class Deployment:
    spec: DeploymentSpec
    groups: tuple[Group, ...]
    marker_rules: tuple[PlacedRule, ...]
    where: Location
    scenario_id: str = ""  # the scenario that wrote it (its group names are translated under its key)

    def __hash__(self) -> int:  # so a Scenario stays hashable (the specs hold lists)
        return hash((self.scenario_id, self.groups, self.where))

    @cached_property
    def group_of(self) -> dict[str, Group]:
        """unit id -> its group (the first, when a unit is listed twice)."""
        out: dict[str, Group] = {}
        for group in self.groups:
            for unit_id in group.unit_ids:
                out.setdefault(unit_id, group)
        return out

    @property
    def hidden(self) -> bool:
        return self.spec.hidden

    def sides_in_order(self, all_sides: list[str]) -> list[str]:
        """Every side, those of `order` first in that order."""
        named = [s for s in self.spec.order if s in all_sides]
        return named + [s for s in all_sides if s not in named]
