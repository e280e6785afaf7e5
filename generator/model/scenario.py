"""Scenarios: turns, deployment, reinforcements, markers, special rules and victory."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model.clauses import Clause
from generator.model.deployment import Deployment
from generator.model.source import Location
from generator.model.variants import Setting


@dataclass(frozen=True)
class Placement:
    """A unit set up in a hex (or an area of an area map) or a box, optionally below full
    strength."""

    unit_id: str
    hex_id: str | None
    box: str | None
    steps: int | None
    where: Location
    map_id: str | None = None
    army: str | None = None  # the army a unit that joins any army was given (GE 3.4)
    area_id: str | None = None
    box_where: Location | None = None  # the cell or key naming the box, for messages
    state: tuple[str, ...] = ()  # declared unit states it starts in (disorganised …)
    place_where: Location | None = None  # the cell or key naming the hex or area, for messages
    steps_where: Location | None = None  # the cell or key giving the steps
    notes: str = ""  # the row's note to the players ("arrives by strategic movement"), printed by its line

    @property
    def steps_at(self) -> Location:
        return self.steps_where or self.where

    @property
    def place_at(self) -> Location:
        return self.place_where or self.where

    @property
    def place(self) -> str | None:
        """The hex or area on the map (None for a box)."""
        return self.hex_id if self.hex_id is not None else self.area_id

    @property
    def box_at(self) -> Location:
        return self.box_where or self.where


@dataclass(frozen=True)
class Reinforcement:
    unit_id: str
    turn: int
    entry: str
    steps: int | None
    where: Location
    phase: str | None = None  # the phase space of the turn (a tracking sheet's phases)
    box: str | None = None  # the box it arrives in (GWNE 6.1: the available units box)
    box_where: Location | None = None
    via: str | None = None  # on an area map: the area it comes from, along the link to its entry
    via_where: Location | None = None
    steps_where: Location | None = None
    notes: str = ""  # the row's note to the players, printed by its line

    @property
    def box_at(self) -> Location:
        return self.box_where or self.where

    @property
    def steps_at(self) -> Location:
        return self.steps_where or self.where


@dataclass(frozen=True)
class MarkerPlacement:
    marker_id: str
    hex_id: str | None
    box: str | None
    turn: int | None
    where: Location
    area_id: str | None = None
    track: str | None = None  # a number track of the turn track (initiative, VP) …
    value: int | None = None  # … the space it starts on …
    side: str | None = None  # … and whose half of a two-sided track
    face: str | None = None  # "back" or "front" as the scenario says; else the side's face, else the front

    def shows_back(self, marker) -> bool:
        """Whether the marker starts back up: the scenario's `face`, else its side's face on a
        two-sided marker (SotE's VP marker on the Soviet half), else its front."""
        if self.face is not None:
            return self.face == "back"
        return bool(self.side) and marker.back_side == self.side

    @property
    def place(self) -> str | None:
        """The hex or area on the map (None for a box or a turn)."""
        return self.hex_id if self.hex_id is not None else self.area_id

    def as_item(self) -> dict:
        """As a scenario file writes it: {marker, hex|area|box|turn|track, value, side}."""
        item = {"marker": self.marker_id}
        for key, value in (("hex", self.hex_id), ("area", self.area_id), ("box", self.box), ("turn", self.turn),
                           ("track", self.track), ("value", self.value), ("side", self.side), ("face", self.face)):
            if value is not None:
                item[key] = value
        return item


@dataclass(frozen=True)
class TurnChange:
    """What a scenario changes on one turn of the track: annotations replacing the game's of
    the same name (an empty value removes one) and notes added."""

    turn: int
    annotations: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    where: Location


@dataclass(frozen=True)
class Scenario:
    scenario_id: str
    title: str
    map_id: str
    start_turn: int
    end_turn: int
    first_side: str | None
    extends: str | None
    setup: tuple[Placement, ...]
    reinforcements: tuple[Reinforcement, ...]
    markers: tuple[MarkerPlacement, ...]
    special_rules: tuple[Clause, ...]
    victory: tuple[Clause, ...]
    where: Location
    source: str = ""
    description: str = ""
    setup_from_codes: bool = False
    reinforcements_from_codes: bool = False
    # Free deployments and variants (generator/model/deployment.py, variants.py).
    deployment: Deployment | None = None
    rules: tuple[Setting, ...] = ()  # rule switches set along the `extends` chain
    parameters: tuple[Setting, ...] = ()
    seed: int | None = None  # the seed a generated deployment came from
    start_phase: str | None = None  # the phase of start_turn it starts in (a tracking sheet's phases)
    end_phase: str | None = None
    withdrawals: tuple[Clause, ...] = ()
    arrivals: tuple[Clause, ...] = ()  # conditional arrivals: set off by a card, an event, a marker
    setup_first: str | None = None  # the side that sets up first, when the scenario says
    turn_overlays: tuple[TurnChange, ...] = ()  # its own facts on the turn track
    # Restrictions written along the `extends` chain, farthest first (model/restrictions.py),
    # and the events the scenario dates: event id -> (turn, where written).
    restrictions: tuple = ()
    events: dict = field(default_factory=dict, compare=False, hash=False)

    def event_turns(self) -> dict[str, int]:
        return {event_id: turn for event_id, (turn, _) in self.events.items()}

    def placed_ids(self) -> set[str]:
        return {p.unit_id for p in self.setup}

    def free_units(self) -> list[str]:
        """Units of the deployment's groups the set-up does not place yet, in group order."""
        if self.deployment is None:
            return []
        placed = self.placed_ids()
        return [u for g in self.deployment.groups for u in g.unit_ids if u not in placed]
