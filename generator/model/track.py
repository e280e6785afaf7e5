"""Turn track, turn windows and the sequence of play."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import Field, field_validator, model_validator

from generator.model.base import Frozen, Id


class TurnNote(Frozen):
    """A turn's note that holds only while a scenario rule is in play (`rule`) or out of play
    (`unless`): a conversion the variant cancels, a check it skips."""

    text: str
    rule: Id | None = None
    unless: Id | None = None


class Turn(Frozen):
    turn: int = Field(ge=0, le=999)
    label: str | None = None  # printed in the box: "Aug 1914", "4-6 Sep", "A" (strategic turn)
    date: str | None = None
    season: str | None = None
    weather: str | None = None
    # Weather that differs by map (GWNE 9.1: snow on the Caucasus while Iraq is clear): map id
    # -> weather, printed after `weather`.
    weather_by_map: dict[Id, str] = Field(default_factory=dict)
    # A lettered turn (GWNE 5.1: strategic turns A, B, C … between the operational turns):
    # the box prints the letter, and counter codes and deck fields may name it.
    letter: str | None = Field(default=None, pattern=r"^[A-Z]{1,2}$")
    annotations: dict[str, str] = Field(default_factory=dict)  # "Rev": "7", "Replacements": "G2/A2/R5"
    notes: list[str | TurnNote] = Field(default_factory=list)
    source: str | None = None

    @property
    def note_texts(self) -> tuple[str, ...]:
        return tuple(n if isinstance(n, str) else n.text for n in self.notes)

    @field_validator("annotations", mode="before")
    @classmethod
    def _text_values(cls, value):
        if isinstance(value, dict):
            return {str(k): "" if v is None else str(v) for k, v in value.items()}
        return value


class TrackPhase(Frozen):
    """One space of every turn on a tracking sheet (SotE: card replenishment, operation
    phases 1-5, reinforcement); pieces arriving in that phase wait in its space."""

    id: Id
    name: str
    short: str | None = None  # the column's heading when the name is long ("1", "Cards")
    source: str | None = None


class NumberTrack(Frozen):
    """A record track of numbered spaces: victory points, replacements, resources, initiative,
    a general record track holding several markers. It runs from `first` to `last` (negative
    numbers allowed: GE's Allies start at -7 VP). With two `sides` it is a tug of war: each
    side's half runs from `first` away from the middle, so with first 1 there is no 0 (SotE:
    a holder at 1 who loses flips the marker to the other side at 1). `markers` are the
    markers kept on it (printed on the counter sheets; a scenario gives each its start)."""

    id: Id
    name: str
    first: int = Field(default=1, ge=-999, le=999)
    last: int = Field(ge=-999, le=999)
    sides: list[Id] = Field(default_factory=list, max_length=2)
    markers: list[Id] = Field(default_factory=list, max_length=50)
    notes: list[str] = Field(default_factory=list)
    source: str | None = None

    @model_validator(mode="after")
    def _runs_forward(self):
        if self.last < self.first:
            raise ValueError(f"track {self.id!r} runs from {self.first} down to {self.last}; 'last' must be at least 'first'")
        if self.last - self.first > 400:
            raise ValueError(f"track {self.id!r} has {self.last - self.first + 1} spaces; at most 401")
        return self

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(self.first, self.last + 1))


class Weather(Frozen):
    """A kind of weather a turn may have and what it does (GWNE 9.1: clear, wet, snow, hot);
    once a track declares its weathers, every turn's weather is one of them."""

    id: Id
    effects: list[str] = Field(default_factory=list)
    source: str | None = None


class TurnTrack(Frozen):
    turns: list[Turn] = Field(min_length=1)
    weathers: list[Weather] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    title: str | None = None  # the sheet's title (default "Turn track"); SotE: "Game tracking sheet"
    turn_name: str | None = None  # what the game calls a turn (default "Turn"); SotE: "Round"
    phases: list[TrackPhase] = Field(default_factory=list)  # a turn's spaces: a grid of turns × phases
    tracks: list[NumberTrack] = Field(default_factory=list)  # the record tracks
    # annotation name -> the scenario rule that must be in play for it to print (a victory
    # check's numbers on a scenario that skips the check, a replacement schedule it replaces)
    annotation_rules: dict[str, Id] = Field(default_factory=dict)
    # annotations that give replacement steps by nationality besides those named "Replacement…"
    # (GWNE's "RP": the resource points that rebuild a step each, rule 6.2)
    replacement_annotations: list[str] = Field(default_factory=list, max_length=20)
    # False: the boxes lead with their label (and lettered turns with their letter) rather
    # than the turn number, for tracks whose numbers are only the order of the boxes.
    show_numbers: bool = True

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(t.turn for t in self.turns)

    @property
    def letters(self) -> dict[str, int]:
        """letter -> turn number of every lettered turn."""
        return {t.letter: t.turn for t in self.turns if t.letter}


@dataclass(frozen=True)
class TurnWindow:
    """Which turns something happens on: "all", "5-24", "not 1", "2,6,11", "10-30, not 12"."""

    include: tuple[tuple[int, int], ...]  # inclusive ranges; empty = every turn
    exclude: tuple[tuple[int, int], ...]

    def turns(self, track: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(t for t in track if self.contains(t))

    def contains(self, turn: int) -> bool:
        inside = not self.include or any(a <= turn <= b for a, b in self.include)
        return inside and not any(a <= turn <= b for a, b in self.exclude)

    def mentioned(self) -> tuple[int, ...]:
        """Every turn number the window names explicitly (range ends included)."""
        return tuple(sorted({n for a, b in self.include + self.exclude for n in (a, b)}))


_PART = re.compile(r"^(not\s+)?(\d+)(?:\s*-\s*(\d+))?$")


def parse_window(text: str | None) -> TurnWindow:
    """Parse a turn window; raise ValueError saying what was expected."""
    if text is None or str(text).strip().lower() in ("", "all"):
        return TurnWindow((), ())
    include, exclude = [], []
    for raw in re.split(r"[,;]", str(text)):
        part = raw.strip().lower()
        match = _PART.match(part)
        if not match:
            raise ValueError(
                f"turn window {text!r}: expected 'all', '5-24', 'not 1' or '2,6,11', found {raw.strip()!r}"
            )
        low = int(match.group(2))
        high = int(match.group(3) or low)
        if high < low:
            raise ValueError(f"turn window {text!r}: range {low}-{high} runs backwards")
        (exclude if match.group(1) else include).append((low, high))
    return TurnWindow(tuple(include), tuple(exclude))


class Phase(Frozen):
    id: Id
    name: str
    turns: str | None = None  # a turn window
    side: Id | None = None
    optional: bool = False
    notes: str | None = None
    steps: list["Phase"] = Field(default_factory=list)
    source: str | None = None


def find_step(phases: list[Phase], step_id: str, side: str | None = None) -> tuple[Phase, str | None] | None:
    """The phase or step `step_id` of a sequence of play, with the side that carries it out
    (its own, else the nearest enclosing phase's); None when no phase or step has that id."""
    for phase in phases:
        owner = phase.side or side
        if phase.id == step_id:
            return phase, owner
        found = find_step(phase.steps, step_id, owner)
        if found is not None:
            return found
    return None
