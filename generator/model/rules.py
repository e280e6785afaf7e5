"""Sides, nationalities, unit types, sizes, step systems, factor layouts, counter codes."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Colour, DataPattern, Frozen, Id, pattern_problem
from generator.model.restrictions import Place
from generator.model.selectors import CodeKind, UnitSelector


class Side(Frozen):
    id: Id
    name: str
    colour: Colour | None = None
    # what a value printed in a hex or area for this side is, in the map's key, when the game
    # does not call it victory points (GWNE: "Turkish surrender (TS) hex")
    victory_name: str | None = Field(default=None, min_length=1, max_length=120)
    # the word that qualifies "units" for this side ("Allied" units; es "aliadas"), for the
    # restrictions in words; without it they say "units of the side Allied"
    adjective: str | None = Field(default=None, min_length=1, max_length=60)


class Colours(Frozen):
    """A counter colour scheme; `band` gives the two-tone "X on Y" look (a second colour),
    as a strip across the top (`band_at: top`), behind the factors (`bottom`) or down the
    left side beside the symbol (`left`)."""

    background: Colour
    text: Colour = "#000000"
    band: Colour | None = None
    band_text: Colour | None = None
    band_at: Literal["top", "bottom", "left"] = "top"
    symbol: Colour | None = None


class Nationality(Frozen):
    id: Id
    name: str
    side: Id
    colours: Colours
    step_system: Id | None = None  # default for this nation's units (WEF 2.12: A-H "reformed")
    abbreviation: str | None = None
    # the word that qualifies "units" for this nationality ("German" units; es "alemanas")
    adjective: str | None = Field(default=None, min_length=1, max_length=60)
    source: str | None = None


class UnitType(Frozen):
    id: Id
    name: str
    symbol: str = "infantry"
    # One layout, or several a unit's faces may follow, tried in order (GWNE 2.9: a division
    # prints attack-defence-movement, a single-factor unit combat-movement).
    factor_layout: Id | list[Id] = "adm"
    stacking: Literal["counts", "free"] = "counts"
    max_per_hex: int | None = Field(default=None, ge=1)
    steps: bool = True  # False: no steps at all (WEF 13.18 heavy artillery, HQ markers)
    # The least and most steps (a block's SP) a unit of this type may have (SotE: a leader is 1 SP).
    step_range: tuple[int, int] | None = None
    icon: str | None = None
    # Blocks: printed on the edge after the block's strength, to be turned to the top when
    # the block is turned a quarter for another reason (SotE: a leader's ability used).
    turned_label: str | None = None
    notes: str | None = None
    # The counter's outline: square, or round (air units); default round for the air symbols.
    shape: Literal["square", "round"] | None = None
    # A picture (an image id or a file) on every unit of the type, in its slot (default the
    # symbol's): BitE's aircraft silhouettes; a unit's own `image` overrides it.
    image: str | None = None
    source: str | None = None

    @property
    def layouts(self) -> tuple[str, ...]:
        return (self.factor_layout,) if isinstance(self.factor_layout, str) else tuple(self.factor_layout)


class Size(Frozen):
    id: Id
    name: str
    mark: str = ""  # printed echelon mark, e.g. "XXX"; empty for none
    weight: float = Field(default=1.0, ge=0)  # stacking weight (WEF 8.1: division = 1/2 corps)


StepKind = Literal["single", "flip", "reformed", "two_counter", "block"]
BLOCK_EDGES = 4  # a block's label shows its strength on its four edges, the current one up


class StepSystem(Frozen):
    """How a unit's steps map onto counters and faces.

    single: one face, one step. flip: front full, back reduced (two steps). reformed: one
    step; the back is the state a unit returns in after rebuilding (WEF 2.12). two_counter:
    3-4 steps spread over two counters (GE 2.11); `levels` lists, for each step count, the
    counter/face of every step level from full strength down, e.g. ["A.front", "A.back",
    "B.front", "B.back"]. block: a wooden block with a label on one face; its steps are its
    strength points (1-4), printed on the label's edges, and it is turned so that the edge of
    its current strength is up (SotE: blocks).
    """

    id: Id
    name: str
    kind: StepKind
    levels: dict[int, list[str]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _levels_match_kind(self):
        for count, faces in self.levels.items():
            if len(faces) != count:
                raise ValueError(f"levels for {count} steps must list {count} faces, not {len(faces)}")
            for face in faces:
                if not re.fullmatch(r"[AB]\.(front|back)", face):
                    raise ValueError(f"face {face!r} must be A.front, A.back, B.front or B.back")
        if self.kind == "two_counter" and not self.levels:
            raise ValueError("a two_counter step system needs 'levels'")
        return self

    def faces_for(self, steps: int) -> int:
        """How many printed faces carry factors for a unit of `steps` steps."""
        if self.kind == "reformed":
            return 2
        if self.kind == "block":
            return 1
        return steps

    def face_of_level(self, steps: int, level: int) -> str:
        """The counter face showing a unit of `steps` steps at step `level` (1 = weakest)."""
        if self.kind == "two_counter":
            return self.levels[steps][steps - level]
        if self.kind in ("reformed", "block"):
            return "A.front"  # a block shows its level by turning, not by another face
        return "A.front" if level >= steps else "A.back"


class FactorLayout(Frozen):
    """The printed factor line, e.g. "{attack}-{defence}-{movement}" or "({vs_cavalry}) {combat}-{movement}".

    `dice` names factors printed as a die face rather than a number (BitE 4.1: an air unit's
    least roll to hit, a die showing 4 for "hits on 4+"); they must be 1-6."""

    id: Id
    name: str
    pattern: str = Field(max_length=100)
    dice: list[str] = Field(default_factory=list)

    @cached_property
    def regex(self) -> re.Pattern:
        return compile_layout(self.pattern)

    @cached_property
    def fields(self) -> tuple[str, ...]:
        return tuple(re.findall(r"\{(\w+)\}", self.pattern))

    @model_validator(mode="after")
    def _pattern_compiles(self):
        compile_layout(self.pattern)
        for name in self.dice:
            if name not in self.fields:
                raise ValueError(f"dice names {name!r}, which is not a factor of {self.pattern!r}")
        return self

    def printed(self, values: dict[str, int]) -> tuple[str, tuple[int, ...]]:
        """The factor line without the die-face factors, and those factors' values: for
        "{dice}-{range} {hit}" with hit a die, {dice: 2, range: 5, hit: 4} -> ("2-5", (4,))."""
        if not self.dice:
            return "", ()
        text = self.pattern
        for name in self.dice:
            text = text.replace("{" + name + "}", "")
        text = re.sub(r"\(\s*\)|\[\s*\]", "", text)  # brackets that held only a die
        text = re.sub(r"\s+", " ", text).strip(" -/")
        return text.format(**values), tuple(values[name] for name in self.dice if name in values)


def compile_layout(pattern: str) -> DataPattern:
    """Literal text stays literal; each {name} is a whole number (or '-' for none)."""
    parts = re.split(r"(\{\w+\})", pattern)
    seen: set[str] = set()
    out = []
    for part in parts:
        match = re.fullmatch(r"\{(\w+)\}", part)
        if match:
            name = match.group(1)
            if name in seen:
                raise ValueError(f"field {{{name}}} appears twice in {pattern!r}")
            seen.add(name)
            out.append(rf"(?P<{name}>\d+)")
        else:
            out.append(re.escape(part))
    return DataPattern("".join(out))




class FaceMark(Frozen):
    """What a mark printed on a counter face means to the players (WEF 10.10: "*" after the
    movement factor, the unit cannot be replaced), for the player aid's "Reading the
    counters". `mark` is one of the marks units.csv may write after a face (model/units.py)."""

    mark: Literal["*", "•"]
    meaning: str = Field(min_length=1, max_length=300)
    source: str | None = None


class CounterCode(Frozen):
    """One form the corner code of a counter may take, as a regular expression.

    Named groups give it meaning: (?P<hex>…) a setup or entry hex that must exist,
    (?P<turn>…) an entry turn on the track, (?P<army>…) a starting army, (?P<entry>…) an
    entry code, (?P<letter>…) the letter of a lettered turn on the track (GWNE 3.1: a
    strategic-turn entry letter), (?P<setup>…) a declared set-up code (`setup_codes`).
    Example (GE 3.1): '(?P<turn>\\d{1,2})(?P<entry>E|S|P|\\d{4})?'.

    `show` names the group the counter prints (default the whole code) and `circled` rings it
    (GWNE 3.1: a circled letter is a set-up code, a plain one an entry letter).
    """

    kind: CodeKind
    pattern: str = Field(max_length=200)
    name: str | None = None
    show: str | None = None
    circled: bool = False
    # An event code's arrival in the players' words ("the turn after event G"), printed on
    # the scenario sheet beside the units carrying it.
    arrival: str | None = Field(default=None, max_length=300)
    # What each value of the (?P<entry>…) group means to the players (GE 8.2: "E": "the east
    # map edge"), printed wherever a reinforcement's entry is; a hex entry prints as the hex.
    entries: dict[str, str] = Field(default_factory=dict)

    @cached_property
    def regex(self) -> DataPattern:
        return DataPattern(self.pattern)

    @model_validator(mode="after")
    def _compiles(self):
        try:
            compiled = re.compile(self.pattern)
        except re.error as exc:
            raise ValueError(f"pattern is not a valid regular expression: {exc}") from None
        problem = pattern_problem(self.pattern)
        if problem:
            raise ValueError(f"pattern {problem}")
        if self.show is not None and self.show not in compiled.groupindex:
            raise ValueError(f"show names group {self.show!r}, which the pattern does not define")
        return self

    def printed(self, code: str) -> str:
        """What the counter prints of `code` (one of this form's codes)."""
        match = self.regex.fullmatch(code)
        if self.show is None or match is None:
            return code
        return match.group(self.show) or ""


class SetupCode(Frozen):
    """A set-up code printed on counters and where it puts a unit at the start (GWNE 3.2-3.3:
    the Allied "I" is Basra, the Central Powers' "A" the Arabia box). A code names one hex, a
    box, or an area (a map, and a region of it) where its owner picks the hexes; `place`
    narrows the area as a restriction's place does (GWNE 3.3, the Central Powers' "C": east of
    hex row xx35)."""

    code: str = Field(pattern=r"^[A-Za-z0-9]{1,4}$")
    name: str
    side: Id | None = None  # whose code it is; absent: every side's
    hex: str | None = None
    map: Id | None = None
    box: Id | None = None
    region: Id | None = None
    place: Place | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _one_place(self):
        if self.hex is not None and self.box is not None:
            raise ValueError("give a hex or a box, not both")
        if self.place is not None and (self.hex is not None or self.box is not None):
            raise ValueError("'place' narrows an area where the owner picks the hexes: not with a hex or a box")
        if self.place is not None and (self.place.dynamic or self.place.boxes is not None):
            raise ValueError("a set-up code's place is a place of the map: no boxes, links, near, empty, event "
                             "windows or limits")
        if self.box is not None and (self.map is not None or self.region is not None):
            raise ValueError("a code that names a box needs no map or region")
        return self

    @property
    def area(self) -> bool:
        """True when the owner chooses the hexes (no single hex or box)."""
        return self.hex is None and self.box is None


class StackingLimit(Frozen):
    """At most `max` of `measure` per hex (or area), counting only the listed sizes/types if
    given and never the `exempt_types` nor the units an `exempt` selector picks; hexes or areas with one of the `exempt_features`
    have no such limit (SotE: at most 4 blocks per area, garrisons exempt; none in the
    Eastern Links); applying only to the listed `sides` if given (BitE: Axis 2 units, Soviet 1)."""

    measure: Literal["weight", "steps", "units"]
    max: float = Field(ge=0)
    sizes: list[Id] | None = None
    types: list[Id] | None = None
    exempt_types: list[Id] = Field(default_factory=list)
    exempt: list[UnitSelector] = Field(default_factory=list)  # GWNE 10.2: German battalions
    exempt_features: list[Id] = Field(default_factory=list)
    sides: list[Id] | None = None
    turns: str | None = None  # a turn window; absent = every turn
    name: str | None = None
    source: str | None = None


class UnitState(Frozen):
    """A state a unit can be in besides its step level, shown by a marker on it (BitE:
    out of supply, disorganised, immobilised); scenarios may set units up in these states."""

    id: Id
    name: str
    marker: Id | None = None  # the marker that shows it
    notes: str | None = None
    source: str | None = None


class Supply(Frozen):
    """What a player must know about supply, in short statements for the player aids."""

    summary: list[str] = Field(default_factory=list)
    source: str | None = None


class Stacking(Frozen):
    limits: list[StackingLimit] = Field(default_factory=list)
    separate_nationalities: bool = False  # GE 6.2: Allied nationalities may not stack together
    mixing_exempt_types: list[Id] = Field(default_factory=list)
    mixing_source: str | None = None  # the rule that keeps nationalities apart (GE 6.2)
    notes: list[str] = Field(default_factory=list)  # printed on the player aids, translated
    source: str | None = None  # the rulebook's stacking rules, cited where nothing closer is given
