"""The whole game: the rules model from game.yaml plus the tables and scenarios."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import PurePosixPath

from pydantic import Field

from generator.model.base import Frozen, Id
from generator.model.decks import Card, DeckSpec
from generator.model.printing import PrintSettings
from generator.model.mapdata import Area, Box, Hex, Hexside, Link, MapSheet, MapSpec
from generator.model.rules import (
    CounterCode,
    FaceMark,
    SetupCode,
    FactorLayout,
    Nationality,
    Side,
    Size,
    Stacking,
    StepSystem,
    Supply,
    UnitState,
    UnitType,
)
from generator.model.pictures import Art, FontsSpec, GameFont, ImageSpec, Picture
from generator.model.restrictions import EntryCode, Event, Restriction
from generator.model.scenario import Scenario
from generator.model.source import Location
from generator.model.tables import GameTable
from generator.model.terrain import HexFeature, HexsideFeature, Region, Terrain
from generator.model.track import Phase, TurnTrack
from generator.model.units import Marker, Unit
from generator.model.variants import Parameter, ScenarioRule


MAX_TITLE = 150


class GameSpec(Frozen):
    """Everything game.yaml declares. Unknown keys are errors (a typo must not be ignored)."""

    format: int = 1
    id: Id
    title: str = Field(min_length=1, max_length=MAX_TITLE)  # the cover prints it in large type
    subtitle: str | None = Field(default=None, max_length=300)
    source: str | None = None
    source_language: str = "en"
    # Words of unit designations printed as given in every language: proper names (leaders,
    # historical formations) that the rule of i18n/designations.py would otherwise translate.
    as_given: list[str] = Field(default_factory=list)
    scale: dict[str, str] = Field(default_factory=dict)
    sides: list[Side] = Field(min_length=1)
    nationalities: list[Nationality] = Field(min_length=1)
    unit_types: list[UnitType] = Field(min_length=1)
    sizes: list[Size] = Field(default_factory=list)
    step_systems: list[StepSystem] = Field(min_length=1)
    factor_layouts: list[FactorLayout] = Field(min_length=1)
    counter_codes: list[CounterCode] = Field(default_factory=list)
    face_marks: list[FaceMark] = Field(default_factory=list)  # what "*" or "•" on a face means
    stacking: Stacking = Field(default_factory=Stacking)
    supply: Supply | None = None
    terrain: list[Terrain] = Field(min_length=1)
    hexside_features: list[HexsideFeature] = Field(default_factory=list)
    hex_features: list[HexFeature] = Field(default_factory=list)
    regions: list[Region] = Field(default_factory=list)
    maps: list[MapSpec] = Field(min_length=1)
    map_sheets: list[MapSheet] = Field(default_factory=list)
    setup_codes: list[SetupCode] = Field(default_factory=list)
    turn_track: TurnTrack
    tables: list[GameTable] = Field(default_factory=list)
    sequence_of_play: list[Phase] = Field(default_factory=list)
    scenario_rules: list[ScenarioRule] = Field(default_factory=list)  # switched on or off by scenarios
    parameters: list[Parameter] = Field(default_factory=list)  # overridden by scenarios
    decks: list[DeckSpec] = Field(default_factory=list)
    unit_states: list[UnitState] = Field(default_factory=list)
    images: list[ImageSpec] = Field(default_factory=list)  # pictures by id, with their slot and fit
    logo: str | None = None  # an image id or a file: on the cover and the charts' title blocks
    fonts: FontsSpec = Field(default_factory=FontsSpec)  # the game's own fonts by role
    # Where units may set up, arrive or stand, whom they stack with, how many gather
    # (model/restrictions.py); the events they refer to; the codes an arrival's entry may give.
    restrictions: list[Restriction] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    entry_codes: list[EntryCode] = Field(default_factory=list)
    units: str = "units.csv"
    markers: str | None = None
    scenarios: str = "scenarios"
    default_scenario: str | None = None  # the scenario a VASSAL module offers first
    print: PrintSettings = Field(default_factory=PrintSettings)

    def code_kind(self, code: str | None) -> str | None:
        """The kind of the first counter_codes form that the whole corner code matches."""
        for form in self.counter_codes:
            if code and form.regex.fullmatch(code):
                return form.kind
        return None

    def code_groups(self, code: str | None) -> dict[str, str]:
        """The named groups of the first counter_codes form the whole corner code matches
        (`turn`, `entry`, `hex`, `setup` …), the empty ones left out."""
        for form in self.counter_codes:
            match = form.regex.fullmatch(code or "")
            if match:
                return {k: v for k, v in match.groupdict().items() if v}
        return {}

    def setup_code_of(self, code: str | None) -> str | None:
        """The set-up code a corner code carries (its `setup` group), None when it has none."""
        for form in self.counter_codes:
            match = form.regex.fullmatch(code or "")
            if match and match.groupdict().get("setup"):
                return match.group("setup")
        return None

    def setup_code(self, side: str | None, code: str | None) -> SetupCode | None:
        """The declaration of a unit's set-up code: its side's, else one for every side."""
        found = [c for c in self.setup_codes if code and c.code == code and c.side in (side, None)]
        return min(found, key=lambda c: c.side is None) if found else None


def _index(items, key: str) -> dict:
    """id -> item; the first wins (duplicates are reported by the check)."""
    out: dict = {}
    for item in items:
        out.setdefault(getattr(item, key), item)
    return out


_KEPT_INDEXES = ("sides", "nationalities", "unit_types", "sizes", "step_systems", "factor_layouts", "terrain",
                 "hexside_features", "hex_features", "regions", "maps", "tables", "scenario_rules", "parameters",
                 "unit_index", "marker_index", "hex_index", "events", "entry_codes")


@dataclass(frozen=True)
class Game:
    spec: GameSpec
    folder: str
    units: tuple[Unit, ...] = ()
    markers: tuple[Marker, ...] = ()
    hexes: tuple[Hex, ...] = ()
    hexsides: tuple[Hexside, ...] = ()
    areas: tuple[Area, ...] = ()
    links: tuple[Link, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    cards: tuple[Card, ...] = ()  # the rows of every deck and cup, deck by deck
    input_files: tuple[str, ...] = field(default=())
    spec_file: str = "game.yaml"
    spec_marks: dict = field(default_factory=dict, compare=False, hash=False)
    pictures: dict[str, Picture] = field(default_factory=dict, compare=False, hash=False)  # by path
    fonts: dict[str, GameFont] = field(default_factory=dict, compare=False, hash=False)  # font key -> the game's face
    # The kinds of table game.yaml names that could not be read ("units", "markers", "hexes" …):
    # their error is the one message; the checks leave out what follows from the missing rows.
    unread: frozenset = frozenset()

    def with_scenarios(self, scenarios) -> "Game":
        """The same game with other scenarios, keeping the tables already derived from its rules,
        units and hexes (checking one generated scenario should not index 2,000 hexes again)."""
        other = replace(self, scenarios=tuple(scenarios))
        for name in _KEPT_INDEXES:
            other.__dict__[name] = getattr(self, name)  # built once, on this game
        return other

    def spec_where(self, *path) -> Location:
        """Where a key of game.yaml stood (its nearest known parent if not recorded)."""
        key = tuple(path)
        while key and key not in self.spec_marks:
            key = key[:-1]
        line, column = self.spec_marks.get(key, (None, None))
        return Location(self.spec_file, line, column)

    @cached_property
    def sides(self) -> dict[str, Side]:
        return _index(self.spec.sides, "id")

    @cached_property
    def nationalities(self) -> dict[str, Nationality]:
        return _index(self.spec.nationalities, "id")

    @cached_property
    def unit_types(self) -> dict[str, UnitType]:
        return _index(self.spec.unit_types, "id")

    @cached_property
    def sizes(self) -> dict[str, Size]:
        return _index(self.spec.sizes, "id")

    @cached_property
    def step_systems(self) -> dict[str, StepSystem]:
        return _index(self.spec.step_systems, "id")

    @cached_property
    def factor_layouts(self) -> dict[str, FactorLayout]:
        return _index(self.spec.factor_layouts, "id")

    @cached_property
    def terrain(self) -> dict[str, Terrain]:
        return _index(self.spec.terrain, "id")

    @cached_property
    def hexside_features(self) -> dict[str, HexsideFeature]:
        return _index(self.spec.hexside_features, "id")

    @cached_property
    def hex_features(self) -> dict[str, HexFeature]:
        return _index(self.spec.hex_features, "id")

    @cached_property
    def regions(self) -> dict[str, Region]:
        return _index(self.spec.regions, "id")

    @cached_property
    def maps(self) -> dict[str, MapSpec]:
        return _index(self.spec.maps, "id")

    @cached_property
    def map_sheets(self) -> dict[str, MapSheet]:
        return _index(self.spec.map_sheets, "id")

    @cached_property
    def sheet_of_map(self) -> dict[str, MapSheet]:
        """map id -> the sheet it is printed on (maps on no sheet are printed alone)."""
        out: dict[str, MapSheet] = {}
        for sheet in self.spec.map_sheets:
            for map_id in sheet.maps:
                out.setdefault(map_id, sheet)
        return out

    @cached_property
    def boxes(self) -> dict[str, Box]:
        """Every box a unit or marker may be placed in: the maps' and the sheets' boxes."""
        return _index([b for owner in (*self.spec.maps, *self.spec.map_sheets) for b in owner.boxes], "id")

    def boxes_declared(self) -> list[tuple[tuple, Box]]:
        """Every box with the key path of its entry in game.yaml (for messages)."""
        return [((key, n, "boxes", b), box)
                for key, owners in (("maps", self.spec.maps), ("map_sheets", self.spec.map_sheets))
                for n, owner in enumerate(owners) for b, box in enumerate(owner.boxes)]

    @cached_property
    def box_owner(self) -> dict[str, str]:
        """box id -> the id of the map or sheet that prints it (its translation key's part)."""
        out: dict[str, str] = {}
        for owner in (*self.spec.maps, *self.spec.map_sheets):
            for box in owner.boxes:
                out.setdefault(box.id, owner.id)
        return out

    @cached_property
    def images(self) -> dict[str, ImageSpec]:
        return _index(self.spec.images, "id")

    def art(self, reference: str | None, slots: tuple[str, ...]) -> Art | None:
        """The picture a reference (an image id or a file) names, placed in the declared slot
        if this place allows it, else in the place's default slot (the first of `slots`);
        None for no reference, or a picture that could not be read (reported at load)."""
        text = (reference or "").strip()
        if not text:
            return None
        spec = self.images.get(text)
        path = (spec.file if spec is not None else text).replace("\\", "/")
        picture = self.pictures.get(str(PurePosixPath(path)))
        if picture is None:
            return None
        if spec is None:
            return Art(picture, slots[0])
        slot = spec.slot if spec.slot in slots else slots[0]
        return Art(picture, slot, spec.fit, spec.anchor)

    @cached_property
    def tables(self) -> dict:
        return _index(self.spec.tables, "id")

    @cached_property
    def events(self) -> dict:
        return _index(self.spec.events, "id")

    @cached_property
    def entry_codes(self) -> dict:
        return _index(self.spec.entry_codes, "code")

    @cached_property
    def unit_states(self) -> dict[str, UnitState]:
        return _index(self.spec.unit_states, "id")

    @cached_property
    def scenario_rules(self) -> dict[str, ScenarioRule]:
        return _index(self.spec.scenario_rules, "id")

    @cached_property
    def parameters(self) -> dict[str, Parameter]:
        return _index(self.spec.parameters, "id")

    def cards_of(self, deck_id: str) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.deck_id == deck_id)

    @cached_property
    def unit_index(self) -> dict[str, Unit]:
        return _index(self.units, "unit_id")

    @cached_property
    def marker_index(self) -> dict[str, Marker]:
        return _index(self.markers, "marker_id")

    @cached_property
    def hex_index(self) -> dict[tuple[str, str], Hex]:
        return {(h.map_id, h.hex_id): h for h in reversed(self.hexes)}

    @cached_property
    def area_index(self) -> dict[tuple[str, str], Area]:
        return {(a.map_id, a.area_id): a for a in reversed(self.areas)}

    @cached_property
    def place_by_name(self) -> dict[str, Hex | Area]:
        """Place name as the data writes it -> the first hex or area holding it."""
        found: dict[str, Hex | Area] = {}
        for place in (*self.hexes, *self.areas):
            if place.name and place.name not in found:
                found[place.name] = place
        return found

    def place(self, map_id: str, place_id: str) -> Hex | Area | None:
        """The row of a hex or an area of a map (None for a hex the table leaves out)."""
        spec = self.maps.get(map_id)
        if spec is not None and spec.is_area:
            return self.area_index.get((map_id, place_id))
        return self.hex_index.get((map_id, place_id))

    @cached_property
    def scenario_index(self) -> dict[str, Scenario]:
        return _index(self.scenarios, "scenario_id")

    @property
    def turn_numbers(self) -> tuple[int, ...]:
        return self.spec.turn_track.numbers

    def is_block(self, unit: Unit) -> bool:
        """A wooden block with a label (step system of kind block), not a counter."""
        system = self.step_systems.get(unit.step_system)
        return system is not None and system.kind == "block"

    def side_of(self, unit: Unit) -> str | None:
        nationality = self.nationalities.get(unit.nationality)
        return nationality.side if nationality else None
