"""What a scenario says in words and how it can be checked: its victory conditions, its special
rules, its withdrawals and its conditional arrivals. Each is our own text, optionally with the things it names — hexes,
areas, boxes, units, markers, a record track and a value on it, turns, a side — so `check`
can verify that every name exists and the printed sheet can point the player at them.

In a scenario file an entry is either plain text or a mapping:

    victory:
      - kind: sudden_death
        side: cp
        text: "The Central Powers win at once by taking Petrograd."
        hexes: ["4506"]
      - {kind: threshold, side: allied, track: vp, value: 20, text: "..."}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Frozen, Id
from generator.model.source import Location

# A scenario's lists of clauses, and the kind each gives its translation keys.
CLAUSE_KINDS = {"special_rules": "special_rule", "victory": "victory", "withdrawals": "withdrawal",
                "arrivals": "arrival"}

# How a victory condition decides the game, in the order the sheet lists them.
VICTORY_KINDS = ("sudden_death", "threshold", "check", "points", "end", "other")
VictoryKind = Literal["sudden_death", "threshold", "check", "points", "end", "other"]


class References(Frozen):
    """The things a clause names; each is checked against the game."""

    side: Id | None = None  # who wins (victory), who scores (points), whom it concerns
    map: Id | None = None  # the map of its hexes or areas (default: the scenario's)
    hexes: list[str] = Field(default_factory=list, max_length=200)
    areas: list[str] = Field(default_factory=list, max_length=200)
    boxes: list[str] = Field(default_factory=list, max_length=50)
    units: list[Id] = Field(default_factory=list, max_length=200)
    markers: list[Id] = Field(default_factory=list, max_length=50)
    track: Id | None = None  # a record track (turn_track.tracks) …
    value: int | None = Field(default=None, ge=-999, le=999)  # … and a space on it
    turns: str | None = None  # a turn window: when it applies ("2,6,11", "9-12")
    source: str | None = None


class VictorySpec(References):
    """A victory condition: `sudden_death` (a win at once: places taken, a marker reached),
    `threshold` (a side's marker reaching `value` on `track`), `check` (a victory check on
    `turns`), `points` (a source of victory points: `points` each), `end` (how the last turn
    decides), `other`."""

    kind: VictoryKind = "other"
    text: str = Field(min_length=1, max_length=2000)
    points: int | None = Field(default=None, ge=-999, le=999)


class RuleSpec(References):
    """A special rule of a scenario; `restrictions` names the restrictions (the game's or the
    scenario's own) it states in words, so the sheet does not list them a second time."""

    text: str = Field(min_length=1, max_length=2000)
    restrictions: list[Id] = Field(default_factory=list, max_length=50)


class Trigger(References):
    """What sets off a conditional arrival or withdrawal, rather than a turn: a card or chit
    played (`card`, an id of a deck's table, with its `deck` when two decks share it), an entry of a table rolled (`table` + `event`: WEF's
    random event G), a marker put into play (`markers`: the Brusilov Offensive marker), a side's
    marker (`track_side`, else `side`) reaching `value` on a record `track` (GE 3.7: the British
    enter once the German player has 20 VP); `after` turns later (0: the same turn)."""

    card: Id | None = None
    deck: Id | None = None  # the deck of `card`, when two decks hold a card of that id
    cancelled: bool = False  # set off when the card is cancelled rather than played (Blitz RA.3: Iran)
    table: Id | None = None
    event: str | None = Field(default=None, max_length=20)
    after: int | None = Field(default=None, ge=0, le=99)
    track_side: Id | None = None  # whose marker on `track` sets it off, when not `side` (the side it concerns)

    @property
    def triggered(self) -> bool:
        return bool(self.card or self.table or self.event or self.markers or self.track)


class WithdrawalSpec(Trigger):
    """Units (or steps) a side must take off the map on `turn`, or when something happens (a
    `Trigger`), back on `returns` if they come back; `units` names the counters when the rule
    names them."""

    turn: int | str | None = None  # a turn number, or the letter of a lettered turn
    returns: int | str | None = None
    text: str = Field(min_length=1, max_length=2000)

    @model_validator(mode="after")
    def _when(self):
        if self.turn is None and not self.triggered:
            raise ValueError("a withdrawal needs the 'turn' it happens on, or what sets it off "
                             "('card', 'table' and 'event', 'markers' or 'track' and 'value')")
        return self


class ArrivalSpec(Trigger):
    """Units that enter when something happens rather than on a turn of the track (WEF 10.3:
    the corps coded REG come the turn after random event G; Blitz: the Kalinin Front with the
    Pearl Harbor card; GWNE 7.35: the 10th Division with its chit); `text` says where they come
    in. The trigger is required."""

    text: str = Field(min_length=1, max_length=2000)

    @model_validator(mode="after")
    def _when(self):
        if not self.triggered:
            raise ValueError("a conditional arrival needs what sets it off: 'card', 'table' and 'event', "
                             "'markers' or 'track' and 'value'")
        return self


@dataclass(frozen=True)
class Clause:
    """One entry of a scenario's `victory`, `special_rules`, `withdrawals` or `arrivals`, with
    where it was written."""

    spec: VictorySpec | RuleSpec | WithdrawalSpec | ArrivalSpec
    where: Location
    # where each key (and each item of a list: "hexes.2") was written, for messages
    keys: tuple[tuple[str, Location], ...] = field(default=(), compare=False, hash=False)

    def at(self, key: str) -> Location:
        """Where `key` ("track", "hexes.0") was written, else the entry itself."""
        return next((where for name, where in self.keys if name == key), self.where)

    @property
    def text(self) -> str:
        return self.spec.text

    def plain(self):
        """As written in a scenario file: the text alone when it names nothing."""
        data = self.spec.model_dump(exclude_defaults=True)
        return data["text"] if set(data) == {"text"} else data


def clause(kind: type, value, where: Location, locate=None) -> Clause:
    """A clause from plain text or an already validated spec; `locate(path)` gives the
    Location of a key path inside the entry (("hexes", 0))."""
    spec = kind(text=value) if isinstance(value, str) else value
    keys = []
    if locate is not None and not isinstance(value, str):
        for name in spec.model_fields_set:
            keys.append((name, locate((name,))))
            item = getattr(spec, name)
            if isinstance(item, list):
                keys += [(f"{name}.{i}", locate((name, i))) for i in range(len(item))]
    return Clause(spec, where, tuple(keys))
