"""Where the data put units, and who stands near whom: every unit a scenario sets up and every
arrival at a known spot (a `Standing`), and the places that ask about other units — `near`
(within reach of a unit, or of the unit's own hex in another scenario's set-up) and `empty`.

A set-up is known exactly. For an arrival the data know only the units that arrive at the same
time: where the others stand by then depends on play, so such a place is *unknown* (None) and
a check gives the data the benefit of the doubt, unless no unit that could make it hold is in
play at all."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from generator.model.restrictions import Near, Place
from generator.model.selectors import UnitSelector
from generator.model.source import Location
from generator.model.units import Unit
from generator.validation.placing import area_for
from generator.validation.places import Spot, distance, held_in, holds, open_then


@dataclass(frozen=True)
class Standing:
    """A unit set up or arriving at a spot on a turn (an arrival: in a phase, along a link)."""

    unit: Unit
    side: str | None
    spot: Spot
    steps: int | None
    scope: str  # setup, arrival
    turn: int
    where: Location
    phase: str | None = None
    via: str | None = None  # the area an arrival comes from, along the link to its own


def matches(g, selector: UnitSelector | None, unit: Unit, side: str | None = None, steps: int | None = None) -> bool:
    return selector is not None and selector.matches(unit, g.spec.code_kind(unit.code), side, steps,
                                                     g.spec.setup_code_of(unit.code))


def picks(g, selector: UnitSelector | None, standing: Standing) -> bool:
    """Whether the selector picks the unit as it stands (its side, its steps there)."""
    return matches(g, selector, standing.unit, standing.side, standing.steps)


def entries(g, map_id: str):
    """The ids an arrival's entry may give to name a place of the map: its hexes or areas."""
    spec = g.maps.get(map_id)
    if spec is None:
        return {}
    if spec.is_area:
        return {a.area_id for a in g.areas if a.map_id == map_id}
    return area_for(g, map_id).coords


_HELD: dict[tuple, tuple] = {}


def entry_spots(g, map_id: str, place: Place) -> list[Spot]:
    """The places of the map an entry code's `place` holds, in order: worked out once per game,
    map and code (every scenario, every arrival by the code asks it; a map of 1,700 hexes)."""
    key = (id(g.spec), id(g.hexes), map_id, id(place))
    found = _HELD.get(key)
    if found is None or found[0] is not g.spec or found[1] is not g.hexes or found[2] is not place:
        if len(_HELD) > 64:
            _HELD.clear()
        found = _HELD[key] = (g.spec, g.hexes, place, [Spot(map_id, name)
                                                       for name in held_in(g, place, map_id, sorted(entries(g, map_id)))])
    return found[3]


def standings(g, scenario) -> list[Standing]:
    """Every unit the scenario sets up (turn: its start) or brings in at a known spot: a box, a
    hex of the scenario's map given as the entry, or the place of a declared entry code."""
    out = []
    for p in scenario.setup:
        unit = g.unit_index.get(p.unit_id)
        if unit is None:
            continue
        spot = Spot(None, None, p.box) if p.box is not None else Spot(p.map_id or scenario.map_id, p.place)
        out.append(Standing(unit, g.side_of(unit), spot, p.steps, "setup", scenario.start_turn,
                            p.box_at if p.box is not None else p.place_at))
    coords = entries(g, scenario.map_id)
    for r in scenario.reinforcements:
        unit = g.unit_index.get(r.unit_id)
        if unit is None:
            continue
        if r.box is not None:
            spot = Spot(None, None, r.box)
        elif r.entry in coords:
            spot = Spot(scenario.map_id, r.entry)
        else:
            continue
        out.append(Standing(unit, g.side_of(unit), spot, r.steps, "arrival", r.turn,
                            r.box_at if r.box is not None else r.where, r.phase, r.via))
    return out


def together(a: Standing, b: Standing) -> bool:
    """Whether two placements happen at one moment: both at set-up, or arriving on one turn (and
    phase)."""
    if a.scope != b.scope:
        return False
    return a.scope == "setup" or (a.turn == b.turn and a.phase == b.phase)


_ATTRIBUTES = {"side": lambda g, unit: g.side_of(unit), "nationality": lambda g, unit: unit.nationality,
               "army": lambda g, unit: unit.army}


class Nearby:
    """Who stands near whom in one scenario, as far as its data say."""

    def __init__(self, g, scenario, found: list[Standing]):
        self.g, self.scenario, self.found = g, scenario, found
        self.events = scenario.event_turns()
        self._start_memo: dict[str, dict[str, Spot]] = {}
        self._where: dict[tuple[int, Spot], tuple[Place, bool]] = {}

    def _holds_spot(self, place: Place, spot: Spot) -> bool:
        """`places.holds`, worked out once per place and spot (each arrival by an entry code asks
        it of every hex of the code, for every restriction)."""
        key = (id(place), spot)
        found = self._where.get(key)
        if found is None or found[0] is not place:
            found = self._where[key] = (place, holds(self.g, place, spot))
        return found[1]

    def holds(self, place: Place, standing: Standing) -> bool | None:
        """Whether the place holds the unit where it stands: True, False, or None (unknown)."""
        if not self._holds_spot(place, standing.spot) or not open_then(place, standing.turn, self.events):
            return False
        answers = []
        if place.near is not None:
            answers.append(self.near(place.near, standing))
        if place.empty:
            answers.append(self.empty(standing))
        if False in answers:
            return False
        return None if None in answers else True

    def holds_any(self, places: list[Place], standing: Standing) -> bool | None:
        answers = [self.holds(place, standing) for place in places]
        if True in answers:
            return True
        return None if None in answers else False

    def near(self, near: Near, standing: Standing) -> bool | None:
        spot = standing.spot
        if spot.box is not None:
            return False
        if near.start is not None:
            start = self._starts(near.start).get(standing.unit.unit_id)
            return start is not None and start.map_id == spot.map_id and self._reaches(near, start.place, spot)
        others = [o for o in self.found if o.unit.unit_id != standing.unit.unit_id
                  and (near.units is None or picks(self.g, near.units, o)) and self._related(near, standing, o.unit)]
        if any(together(o, standing) and o.spot.box is None and o.spot.map_id == spot.map_id
               and self._reaches(near, o.spot.place, spot) for o in others):
            return True
        if standing.scope == "setup":
            return False
        return None if self._could_be_there(near, standing) else False

    def empty(self, standing: Standing) -> bool | None:
        """No other unit in the spot: at set-up, none set up there; on arrival, none arriving with it
        (the others may have moved in since: unknown)."""
        if any(o is not standing and together(o, standing) and o.spot == standing.spot for o in self.found):
            return False
        return True if standing.scope == "setup" else None

    def anchors(self, near: Near, standing: Standing) -> tuple[list[str], list[str]]:
        """The units the `near` names that the unit may stand near: (those placed with it within
        reach, those in play whose place by then is up to play), by id; none for a `start`."""
        if near.start is not None or standing.spot.box is not None:
            return [], []
        known = [o.unit.unit_id for o in self.found if o.unit.unit_id != standing.unit.unit_id
                 and together(o, standing) and o.spot.box is None and o.spot.map_id == standing.spot.map_id
                 and (near.units is None or picks(self.g, near.units, o)) and self._related(near, standing, o.unit)
                 and self._reaches(near, o.spot.place, standing.spot)]
        if standing.scope == "setup":
            return known, []
        together_ids = {o.unit.unit_id for o in self.found if together(o, standing)}
        free = []
        for unit_id, turn, phase in self._in_play:
            unit = self.g.unit_index.get(unit_id)
            if unit is None or unit_id == standing.unit.unit_id or unit_id in together_ids or unit_id in free:
                continue
            if turn is not None and (turn > standing.turn or (turn == standing.turn and phase == standing.phase)):
                continue
            if (near.units is None or matches(self.g, near.units, unit, self.g.side_of(unit))) \
                    and self._related(near, standing, unit):
                free.append(unit_id)
        return known, free

    def _reaches(self, near: Near, origin: str | None, spot: Spot) -> bool:
        if origin is None or spot.place is None:
            return False
        found = distance(self.g, spot.map_id, origin, spot.place)
        if found is None:
            return False
        return found == near.hexes if near.exactly else found <= near.hexes

    def _related(self, near: Near, standing: Standing, unit: Unit) -> bool:
        for attribute in near.same:
            if _ATTRIBUTES[attribute](self.g, standing.unit) != _ATTRIBUTES[attribute](self.g, unit):
                return False
        for attribute in near.other:
            if _ATTRIBUTES[attribute](self.g, standing.unit) == _ATTRIBUTES[attribute](self.g, unit):
                return False
        return True

    def _could_be_there(self, near: Near, standing: Standing) -> bool:
        """Whether a unit the `near` asks for is in play by the arrival: set up, or arrived before."""
        for unit_id, turn, phase in self._in_play:
            unit = self.g.unit_index.get(unit_id)
            if unit is None or unit_id == standing.unit.unit_id:
                continue
            if turn is not None and (turn > standing.turn or (turn == standing.turn and phase == standing.phase)):
                continue
            if (near.units is None or matches(self.g, near.units, unit, self.g.side_of(unit))) \
                    and self._related(near, standing, unit):
                return True
        return False

    @cached_property
    def _in_play(self) -> list[tuple[str, int | None, str | None]]:
        """(unit, turn it arrives or None when set up, phase) for every unit of the scenario."""
        return [(p.unit_id, None, None) for p in self.scenario.setup] + \
            [(r.unit_id, r.turn, r.phase) for r in self.scenario.reinforcements]

    def _starts(self, scenario_id: str) -> dict[str, Spot]:
        """unit -> where scenario `scenario_id` sets it up on a map."""
        if scenario_id not in self._start_memo:
            other = next((s for s in self.g.scenarios if s.scenario_id == scenario_id), None)
            self._start_memo[scenario_id] = {} if other is None else {
                p.unit_id: Spot(p.map_id or other.map_id, p.place) for p in other.setup
                if p.box is None and p.place is not None}
        return self._start_memo[scenario_id]
