"""Maps: hex grid geometry and numbering, hexes, hexsides, edges, boxes and named lines; and
area (point-to-point) maps: a board with areas at positions and the links between them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Colour, Frozen, Id
from generator.model.registration import ImageRegistration
from generator.model.source import FromRow, Location


class GridSpec(Frozen):
    """The hex grid and the game's own hex numbering (see docs/data-format.md)."""

    orientation: Literal["flat", "pointy"] = "flat"
    columns: int = Field(ge=1, le=400)
    rows: int = Field(ge=1, le=400)
    first_column: int = Field(default=1, ge=0)
    first_row: int = Field(default=1, ge=0)
    stagger: Literal["odd", "even"] = "odd"
    column_direction: Literal["west_east", "east_west"] = "west_east"
    row_direction: Literal["north_south", "south_north"] = "north_south"
    id_format: str = "{col:02d}{row:02d}"
    hex_size_mm: float = Field(default=19.0, gt=2, le=200)
    margin_mm: float = Field(default=12.0, ge=0, le=200)

    @model_validator(mode="after")
    def _id_format_fits(self):
        from generator.geometry.hex_ids import HexIdFormat

        last = (self.first_column + self.columns - 1, self.first_row + self.rows - 1)
        try:
            HexIdFormat(self.id_format)  # fields checked before anything is formatted
        except ValueError as exc:
            raise ValueError(f"id_format: {str(exc).removeprefix('hex id format ')}") from None
        try:
            sample = self.id_format.format(col=last[0], row=last[1])
        except (KeyError, ValueError, IndexError) as exc:
            raise ValueError(f"id_format {self.id_format!r} must use {{col}} and {{row}} ({exc})") from None
        if "{col" not in self.id_format or "{row" not in self.id_format:
            raise ValueError(f"id_format {self.id_format!r} must use both {{col}} and {{row}}")
        if self.id_format.format(col=self.first_column, row=self.first_row).__len__() != len(sample):
            raise ValueError(f"id_format {self.id_format!r} gives ids of different lengths; pad with :02d")
        return self


class Edge(Frozen):
    edge: Literal["north", "east", "south", "west"]
    friendly_to: Id | None = None
    label: str | None = None


class Box(Frozen):
    """An off-map or holding box a unit can be placed in (dead pile, Siberia, transit …)."""

    id: Id
    name: str
    kind: Literal["holding", "off_map", "track", "pool", "transit"] = "holding"
    side: Id | None = None  # whose box it is (an available box, a dead pile); framed in its colour
    notes: str | None = None  # printed in the box, small (translatable)
    source: str | None = None


class NamedLine(Frozen):
    """A line the rules refer to: a river, the Meuse Line, a hex row boundary."""

    id: Id
    name: str
    hexsides: list[str] = Field(default_factory=list)  # "1520/1620" pairs of adjacent hexes
    row: int | None = None  # or a row/column boundary such as WEF's xx20
    column: int | None = None
    style: str | None = None
    colour: Colour | None = None  # drawn in this colour instead of its style's (lines of one style told apart)


class RetreatDirections(Frozen):
    """The directions a side's units may retreat in, as the map's retreat compass prints
    them (GE 13.19: three directions per side; a retreat no direction allows eliminates)."""

    side: Id
    directions: list[Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]] = Field(min_length=1, max_length=6)
    source: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _upper(cls, data):
        if isinstance(data, dict) and isinstance(data.get("directions"), list):
            data = {**data, "directions": [str(d).upper() for d in data["directions"]]}
        return data


class AreaBoard(Frozen):
    """The sheet of an area map: its size, the frame margin, and how big an area is drawn.

    Areas stand at positions in millimetres from the board's top-left corner; an area is
    drawn as a shape `area_size_mm` across (wide enough for a stack of blocks or counters)."""

    width_mm: float = Field(gt=20, le=5000)
    height_mm: float = Field(gt=20, le=5000)
    margin_mm: float = Field(default=12.0, ge=0, le=200)
    area_size_mm: float = Field(default=26.0, gt=5, le=200)
    area_shape: Literal["rounded", "square", "circle"] = "rounded"
    # The colours of the squares areas print (areas.csv `squares`: 'white=2'), and what a
    # square stands for, in the legend ("Strategic reinforcement cube").
    squares: dict[str, Colour] = Field(default_factory=dict)
    squares_name: str | None = None


class MapLayers(Frozen):
    """What is drawn over a map's background picture. `terrain` (the terrain fills and
    patterns of hexes, the fills of areas) is off by default: a painted map shows its own
    terrain. Some layers are a hex map's, some an area map's (`HEX_LAYERS`, `AREA_LAYERS`)."""

    terrain: bool = False
    grid: bool = True  # the hex grid lines
    coast: bool = True  # coastlines, sea and lake hexsides
    borders: bool = True  # region borders
    regions: bool = True  # region names
    lines: bool = True  # rivers, roads, rails and named lines
    features: bool = True  # towns, cities and other hex (area) features
    numbers: bool = True  # hex numbers
    names: bool = True  # place (area) names and victory points
    edges: bool = True  # the map edges' labels
    areas: bool = True  # the outline of each area, in its region's colour
    links: bool = True  # the links between areas
    squares: bool = True  # the squares printed on areas


HEX_LAYERS = ("terrain", "grid", "coast", "borders", "regions", "lines", "features", "numbers", "names", "edges")
AREA_LAYERS = ("terrain", "areas", "links", "features", "names", "squares", "edges")


class MapBackground(Frozen):
    """A picture (an image id or a file) under a map's hexes or areas, registered to them."""

    image: str = Field(min_length=1)
    registration: ImageRegistration = Field(alias="register")  # `register:` as in docs/data-format.md 4d
    layers: MapLayers = Field(default_factory=MapLayers)

    def misfits(self, kind: str) -> list[str]:
        """What in this background does not belong to a map of `kind`."""
        allowed = HEX_LAYERS if kind == "hex" else AREA_LAYERS
        stray = [f"layers {key!r}" for key in sorted(self.layers.model_fields_set) if key not in allowed]
        if kind == "area" and self.registration.hex_size_px is not None:
            stray.append("register 'hex_size_px' (an area map's origin takes 'dpi')")
        return stray


MapKind = Literal["hex", "area"]
_HEX_ONLY = ("grid", "hexes", "text", "hexsides", "lines", "retreat")
_AREA_ONLY = ("board", "areas", "links")


class MapSpec(Frozen):
    """A map: a hex grid (`kind: hex`, the default) with its hexes and hexsides tables, or an
    area map (`kind: area`): a board with an areas table and a links table."""

    id: Id
    title: str
    kind: MapKind = "hex"
    grid: GridSpec | None = None
    hexes: str | None = None  # table path inside the game folder
    text: str | None = None  # or a text map (layers of symbols) holding hexes and hexsides
    board: AreaBoard | None = None
    areas: str | None = None  # area maps: areas table
    links: str | None = None  # area maps: links table
    hexsides: str | None = None
    default_terrain: Id = "clear"
    default_region: Id | None = None
    edges: list[Edge] = Field(default_factory=list)
    boxes: list[Box] = Field(default_factory=list)
    lines: list[NamedLine] = Field(default_factory=list)
    retreat: list[RetreatDirections] = Field(default_factory=list)  # the retreat compass, per side
    notes: list[str] = Field(default_factory=list)
    # Land hexes next to water hexes show a coastline on the shared sides.
    auto_coast: bool = True
    # Where title, legend, compass and boxes go: beside or below the hexes, or nowhere.
    panel: Literal["auto", "right", "bottom", "none"] = "auto"
    # Printed under the map's title: its own scale when the maps of a game differ (GWNE 1.2:
    # 22.5, 20 and 9.5 miles a hex), a translatable text.
    scale: str | None = None
    # Every unit's printed movement factor is multiplied by this on the map (GWNE 12.2: x2 on
    # Egypt/Palestine); shown on the map and in the player aids, never on the counters.
    movement_factor: float = Field(default=1.0, gt=0, le=10)
    # A painted map under the hexes or areas, drawn with the layers it switches on over it.
    background: MapBackground | None = None

    @model_validator(mode="after")
    def _keys_of_kind(self):
        wanted, foreign = (("grid", "hexes"), _AREA_ONLY) if self.kind == "hex" else (("board", "areas"), _HEX_ONLY)
        missing = [repr(key) for key in wanted if getattr(self, key) is None]
        if self.kind == "hex" and "'hexes'" in missing:  # or a text map gives the hexes
            missing.remove("'hexes'")
            missing += [] if self.text else ["'hexes' (or 'text')"]
        kind = "a hex map" if self.kind == "hex" else "an area map"
        if missing:
            raise ValueError(f"{kind} needs {' and '.join(missing)}")
        if self.hexes and self.text:
            raise ValueError("give the hexes either as a table ('hexes') or as a text map ('text'), not both")
        stray = [key for key in foreign if getattr(self, key)]
        if stray:
            other = "area maps" if self.kind == "hex" else "hex maps"
            raise ValueError(f"{', '.join(repr(k) for k in stray)}: for {other}, not for {kind}")
        misfits = self.background.misfits(self.kind) if self.background is not None else []
        if misfits:
            other = "hex maps" if self.kind == "area" else "area maps"
            raise ValueError(f"background: {', '.join(misfits)}: for {other}, not for {kind}")
        return self

    @property
    def is_area(self) -> bool:
        return self.kind == "area"


class MapSheet(Frozen):
    """Several maps printed together on one sheet, each with its own grid, hex size and
    numbering (GWNE 1.2: three front maps on one map sheet), with boxes of their own.

    `arrangement` lists columns from left to right, each a list of map ids from top to
    bottom; without it, warkit picks the arrangement needing the fewest tiled sheets."""

    id: Id
    title: str
    maps: list[Id] = Field(min_length=1)
    boxes: list[Box] = Field(default_factory=list)
    arrangement: list[list[Id]] | None = None
    panel: Literal["auto", "right", "bottom", "none"] = "auto"
    margin_mm: float = Field(default=12.0, ge=0, le=200)
    notes: list[str] = Field(default_factory=list)


@dataclass(frozen=True)
class VictoryValue:
    """A VP value for one side printed in a hex; `conditional` is GE's "c" suffix."""

    side: str
    value: int
    conditional: bool = False


@dataclass(frozen=True)
class Hex(FromRow):
    map_id: str
    hex_id: str
    terrain: str
    name: str
    features: tuple[str, ...]
    region: str | None
    victory: tuple[VictoryValue, ...]
    where: Location
    source: str = ""
    coast: tuple[str, ...] = ()  # compass directions of sides partly covered by water
    columns: dict = field(default_factory=dict, compare=False, hash=False)
    notes: str = field(default="", compare=False)  # the designer's notes: kept, never printed


@dataclass(frozen=True)
class Hexside(FromRow):
    map_id: str
    hex_a: str
    hex_b: str
    feature: str
    where: Location
    source: str = ""
    columns: dict = field(default_factory=dict, compare=False, hash=False)
    notes: str = field(default="", compare=False)


@dataclass(frozen=True)
class Area(FromRow):
    """One area of an area map: where it stands on the board and what it holds."""

    map_id: str
    area_id: str
    name: str
    x_mm: float
    y_mm: float
    terrain: str
    features: tuple[str, ...]
    region: str | None
    victory: tuple[VictoryValue, ...]
    where: Location
    source: str = ""
    # Squares printed on the area, by colour name and count (SotE: the reinforcement cubes a
    # strategic key city's controller draws); the colours are the board's `squares`.
    squares: tuple[tuple[str, int], ...] = ()
    columns: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Link(FromRow):
    """A link between two areas of an area map: one or more kinds (road, rail …) that a
    move along it may use. A link is undirected; the table may give it from either end."""

    map_id: str
    area_a: str
    area_b: str
    kinds: tuple[str, ...]
    where: Location
    source: str = ""
    columns: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def pair(self) -> tuple[str, str]:
        """The two areas in a fixed order (the same for a link given from either end)."""
        return (self.area_a, self.area_b) if self.area_a <= self.area_b else (self.area_b, self.area_a)
