"""Restrictions as data: where units may set up, arrive or stand, whom they may stack with,
and how many may gather, as a rulebook states them (WEF 6.3: "no Austro-Hungarian unit north
of hex row xx20 unless stacked with a German unit").

A `Restriction` picks units (`units`, a `UnitSelector`) and says one thing about them:

- `only_in` / `never_in`: the places (`Place`) they may stand in, or may not; `unless_with`
  lifts it for a unit stacked with a unit it names; places of `links` say instead which
  links of an area map the units may move along (closed links: `never_in`);
- `never_with`: units they never stack with;
- `max`: at most so many of them in one hex or area (`per: hex`), or in all the `in` places
  together (`per: total`); only in stacks holding a `stacked_with` unit if given; the cap may
  change with the turn and grow after an event (`Cap`);
- `not_used`: they take no part (a scenario's order of battle leaves them out);
- `strength`: they are set up or arrive at `full` strength (WEF 10.7: "reinforcements always
  enter at full strength") or `reduced` (BitE S.1: every Soviet unit starts at cadre);
- `min`: at least so many of them at set-up in each of the `in` places (`per: hex`: SotE, a
  garrison on every key city), or in all of them together (`per: total`);
- `as_printed`: they arrive by the entry their counter's corner code prints, when it prints
  one (GE 8.5: "only by that exact hex"; an "E" or "S" by that edge).

`when` says whether it binds at set-up, at arrival, or always; `turns` limits it to a turn
window, `after_event` and `until_event` to the turns between two events a scenario dates. A
place of `only_in` may itself be open only between two events (GWNE 7.30: the Black Sea coast
from the amphibious-campaign chit until the Fall of the Tsar) and may `limit` how many units it
lets in at a time (one a turn; GWNE 8.7: at most 3 next to any one HQ, all in one hex). Only set-ups and arrivals are in the data, so an "always" restriction is checked on
those placements; the rest of play is up to the players (the printed rule reminds them).

A scenario's `restrictions` change the game's along its `extends` chain: an entry with a
game restriction's id replaces it, `off: true` lifts it, a new id adds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Frozen, Id
from generator.model.selectors import UnitSelector
from generator.model.source import Location

Compass = Literal["north", "south", "east", "west"]
Scope = Literal["setup", "arrival", "always"]


class Beyond(Frozen):
    """The hexes strictly beyond a row or column of a map's own numbering, on one `side`
    ("north of hex row xx20": {row: 20, side: north}; the row itself is not beyond it), or
    beyond a named line of the map that has a row or column (`line`)."""

    side: Compass
    row: int | None = None
    column: int | None = None
    line: Id | None = None

    @model_validator(mode="after")
    def _one_line(self):
        if sum(v is not None for v in (self.row, self.column, self.line)) != 1:
            raise ValueError("give exactly one of 'row', 'column' or 'line'")
        if self.row is not None and self.side in ("east", "west"):
            raise ValueError(f"a row divides the map north from south, not {self.side}")
        if self.column is not None and self.side in ("north", "south"):
            raise ValueError(f"a column divides the map east from west, not {self.side}")
        return self


Attribute = Literal["side", "nationality", "army"]
KINDS = ("only_in", "never_in", "never_with", "max", "min", "not_used", "strength", "as_printed")


class Near(Frozen):
    """Within `hexes` hexes (on an area map: links) of a unit: one the `units` selector picks
    (any unit without it) that shares with the unit the attributes in `same` and differs in
    those in `other` (GWNE 8.7, "next to an HQ of its own country": {units: {types: [hq]},
    same: [nationality], hexes: 1, exactly: true}); or of the unit's own hex in the set-up of
    the scenario `start` (BitE S.3: "next to its start hex"). `hexes: 0` is the very hex;
    `exactly: true` leaves out the nearer hexes ("next to", not "in or next to")."""

    units: UnitSelector | None = None
    same: list[Attribute] = Field(default_factory=list)
    other: list[Attribute] = Field(default_factory=list)
    start: Id | None = None
    hexes: int = Field(default=1, ge=0, le=99)
    exactly: bool = False

    @model_validator(mode="after")
    def _of_what(self):
        if self.start is not None and (self.units is not None or self.same or self.other):
            raise ValueError("'start' is the unit's own hex: give it without 'units', 'same' or 'other'")
        return self


class Links(Frozen):
    """Links of an area map (a move goes along them): the link `between` two areas, links of
    the `kinds` (road, rail), links with an end in the places `to` (SotE: the links into the
    Eastern Links, {to: {features: [eastern_link]}}); every key given must hold."""

    between: list[Id] | None = Field(default=None, min_length=2, max_length=2)
    kinds: list[Id] | None = None
    to: "Place | None" = None

    @model_validator(mode="after")
    def _something(self):
        if self.between is None and self.kinds is None and self.to is None:
            raise ValueError("links need at least one of between, kinds or to")
        if self.to is not None and self.to.dynamic:
            raise ValueError("the places a link leads 'to' are places of the map: no links, near, empty, event "
                             "windows or limits")
        return self


class Limit(Frozen):
    """How many units one place of an `only_in` lets in at a time (a set-up, or one turn's
    arrivals), counting the units no other place of the restriction lets stand where they are.
    `per: turn`: all of them together (GWNE 7.30: one unit a turn lands on the coast); `per:
    near`: next to any one unit the place's `near` names, and with `one_place: true` all those
    placed by one such unit in one hex or area (GWNE 8.7: at most 3 next to any one HQ, all in
    one hex)."""

    max: int = Field(ge=0, le=999)
    per: Literal["turn", "near"] = "turn"
    one_place: bool = False


class Place(Frozen):
    """A set of places on the maps or off them. Every key given must hold (a list: any of its
    values): {maps: [egypt], regions: [egypt], beyond: [{column: 35, side: east}]}.

    `hexes` lists hex ids and ranges "4836-4849" (every hex whose column and row lie between
    those of the two ids, in the map's own numbering); `features` are hex or area features
    (cities, airfields, Eastern Links); `edges` the hexes along map edges; `coastal` the land
    hexes on the sea (GE 8.3); `shore_of` the land hexes (areas) next to a hex (linked to an
    area) of the regions it names (GWNE 7.30: the Black Sea, not the Caspian); `near` the hexes
    within reach of a unit; `empty` a hex no other unit stands in; `boxes` holding boxes (a
    box is a place of its own: a Place with boxes names no hex); `links` links of an area map
    (a place of links names no area: units move along links, they never stand on one).
    `after_event` / `until_event` open the place only from the turn a scenario dates one event
    and before the turn it dates the other; `limit` caps the units it lets in (`Limit`)."""

    maps: list[Id] | None = None
    regions: list[Id] | None = None
    terrain: list[Id] | None = None
    features: list[Id] | None = None
    hexes: list[str] | None = None
    areas: list[Id] | None = None
    edges: list[Compass] | None = None
    coastal: bool = False
    shore_of: list[Id] | None = None
    beyond: list[Beyond] = Field(default_factory=list)
    near: Near | None = None
    empty: bool = False
    boxes: list[Id] | None = None
    links: list[Links] | None = None
    after_event: Id | None = None
    until_event: Id | None = None
    limit: Limit | None = None

    @model_validator(mode="after")
    def _something(self):
        where = [key for key in type(self).model_fields if key not in _WHEN_AND_HOW_MANY]
        if not any(getattr(self, key) for key in where):
            raise ValueError("a place needs at least one of maps, regions, terrain, features, hexes, areas, "
                             "edges, coastal, shore_of, beyond, near, empty, boxes or links")
        for only, others in (("boxes", "the map's hexes"), ("links", "the areas")):
            if getattr(self, only) is not None and any(getattr(self, k) for k in where if k != only):
                raise ValueError(f"a place of '{only}' names {only} only; list {others} as another place")
        if self.limit is not None and self.limit.per == "near" and self.near is None:
            raise ValueError("a limit 'per: near' counts the units placed next to the units its place's 'near' "
                             "names: give the place a 'near'")
        if self.after_event is not None and self.after_event == self.until_event:
            raise ValueError(f"'after_event' and 'until_event' are both {self.after_event!r}: the place would "
                             f"never be open")
        return self

    @property
    def dynamic(self) -> bool:
        """Whether it asks more than where the spot is: links, who stands near or in it, which
        events have happened, or how many it lets in."""
        return self.links is not None or self.near is not None or self.empty or self.timed or self.limit is not None

    @property
    def timed(self) -> bool:
        """Whether it is open only after or before an event."""
        return self.after_event is not None or self.until_event is not None

    def ranges(self) -> list[tuple[str, str]]:
        """(first, last) of each entry of `hexes` (a single hex: itself twice)."""
        out = []
        for text in self.hexes or ():
            first, _, last = text.partition("-")
            out.append((first.strip(), (last or first).strip()))
        return out


_WHEN_AND_HOW_MANY = ("after_event", "until_event", "limit")


class Cap(Frozen):
    """A cap that holds in a turn window, or grows after an event: `max` from the turn
    `after_event` happens, plus `per_turn` each later turn, up to `up_to` (WEF 6.4, 15.4: 3
    German units, one more at once when the Brusilov Offensive starts and each turn after, to 6:
    {after_event: brusilov, max: 4, per_turn: 1, up_to: 6})."""

    max: int = Field(ge=0, le=999)
    turns: str | None = None
    after_event: Id | None = None
    per_turn: int = Field(default=0, ge=0, le=99)
    up_to: int | None = Field(default=None, ge=0, le=999)


class Restriction(Frozen):
    id: Id
    units: UnitSelector = Field(default_factory=UnitSelector)
    when: Scope = "always"
    turns: str | None = None
    until_event: Id | None = None  # in force only before the turn the scenario dates this event
    after_event: Id | None = None  # in force only from the turn the scenario dates this event
    only_in: list[Place] | None = None
    never_in: list[Place] | None = None
    unless_with: UnitSelector | None = None
    never_with: UnitSelector | None = None
    max: int | list[Cap] | None = None
    min: int | None = Field(default=None, ge=1, le=999)
    per: Literal["hex", "total"] = "hex"
    in_: list[Place] | None = Field(default=None, alias="in")
    stacked_with: UnitSelector | None = None
    not_used: bool = False
    strength: Literal["full", "reduced"] | None = None
    as_printed: bool = False
    off: bool = False  # in a scenario: lift the restriction of this id
    name: str | None = None  # the printed rule, when the words made from the data are not enough
    source: str | None = None

    model_config = {**Frozen.model_config, "populate_by_name": True}

    @model_validator(mode="after")
    def _one_kind(self):
        if self.off:
            return self
        kinds = [k for k in KINDS if getattr(self, k) not in (None, False)]
        if len(kinds) != 1:
            found = ", ".join(kinds) or "none"
            raise ValueError(f"a restriction says one of {', '.join(KINDS[:-1])} or {KINDS[-1]} (found: {found})")
        if self.unless_with is not None and kinds[0] not in ("only_in", "never_in"):
            raise ValueError("'unless_with' goes with only_in or never_in")
        if (self.in_ is not None or self.per != "hex") and kinds[0] not in ("max", "min"):
            raise ValueError("'in' and 'per' go with max or min")
        if self.stacked_with is not None and kinds[0] != "max":
            raise ValueError("'stacked_with' goes with max")
        if self.per == "total" and not self.in_:
            raise ValueError("a cap 'per: total' counts the units of its 'in' places: give 'in'")
        if kinds[0] == "min" and not self.in_:
            raise ValueError("a minimum counts the units of its 'in' places: give 'in'")
        if kinds[0] == "as_printed" and self.when == "setup":
            raise ValueError("'as_printed' weighs arrivals by the entry their counters print: give it 'when: "
                             "arrival' or 'always'")
        if kinds[0] == "min" and self.when == "arrival":
            raise ValueError("a minimum is counted on a whole set-up: give it 'when: setup' or 'always'")
        if any(place.dynamic for place in self.in_ or ()):
            raise ValueError("a cap counts the units standing in places of the map: 'links', 'near', 'empty', "
                             "event windows and limits do not go in 'in'")
        if any(place.limit is not None for place in self.never_in or []):
            raise ValueError("a place's 'limit' counts the units it lets in: it goes in only_in, not never_in")
        if self.after_event is not None and self.after_event == self.until_event:
            raise ValueError(f"'after_event' and 'until_event' are both {self.after_event!r}: the restriction "
                             f"would never be in force")
        places = self.only_in or self.never_in or []
        if len({place.links is not None for place in places}) > 1:
            raise ValueError("a restriction's places are either links (where units move) or places where units "
                             "stand: give the links a restriction of their own")
        return self

    @property
    def on_links(self) -> bool:
        """Whether it says which links the units may move along (its places are links)."""
        return any(place.links is not None for place in (self.only_in or self.never_in or []))

    @property
    def kind(self) -> str:
        for key in KINDS:
            if getattr(self, key) not in (None, False):
                return key
        return "off"

    @property
    def caps(self) -> list[Cap]:
        if self.max is None:
            return []
        return [Cap(max=self.max)] if isinstance(self.max, int) else list(self.max)

    def binds(self, scope: str) -> bool:
        """Whether it is checked on a placement of `scope` ("setup" or "arrival")."""
        return self.when in ("always", scope)


class Event(Frozen):
    """An event the rules refer to (the Brusilov Offensive), which a scenario may date."""

    id: Id
    name: str
    turns: str | None = None  # when it may happen
    source: str | None = None


class EntryCode(Frozen):
    """A code an arrival's `entry` may give (GE 3.1: E, S, P), and the place it means."""

    code: str = Field(pattern=r"^[A-Za-z0-9+]{1,8}$")
    name: str
    place: Place | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _a_place_of_the_map(self):
        if self.place is not None and self.place.dynamic:
            raise ValueError("an entry code's place is a place of the map: no links, near, empty, event windows "
                             "or limits")
        return self


@dataclass(frozen=True)
class PlacedRestriction:
    """A restriction in force in a scenario, with where it was written."""

    spec: Restriction
    where: Location
    scenario_id: str | None = None  # the scenario that wrote it (None: game.yaml)

    def __hash__(self) -> int:  # the spec holds lists; a restriction is known by its id and line
        return hash((self.spec.id, self.where, self.scenario_id))

    @property
    def rule_id(self) -> str:
        return self.spec.id


def cap_at(caps: list[Cap], turn: int, events: dict[str, int], in_window) -> int | None:
    """The cap in force on `turn` (the largest of the caps that hold; None: none does);
    `events` gives the turn each dated event happened, `in_window(text, turn)` reads windows."""
    found = []
    for cap in caps:
        if cap.turns is not None and not in_window(cap.turns, turn):
            continue
        if cap.after_event is not None:
            happened = events.get(cap.after_event)
            if happened is None or turn < happened:
                continue
            value = cap.max + cap.per_turn * (turn - happened)
            found.append(min(value, cap.up_to) if cap.up_to is not None else value)
        else:
            found.append(cap.max)
    return max(found) if found else None
