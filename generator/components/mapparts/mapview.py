"""One map's data resolved for drawing: every hex with its terrain style, features,
region and coast; hexside entries grouped by style and by how they are drawn.

Built once per map; every drawing module reads from it and none goes back to the tables.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from generator.components.mapparts.words import MapWords
from generator.geometry.hexgrid import HexGrid
from generator.geometry.mapgrid import grid_for
from generator.model.game import Game
from generator.model.mapdata import Hex, MapSpec, VictoryValue
from generator.model.mapstyles import (
    WATER_STYLES,
    hex_feature_look,
    hex_feature_style,
    hexside_draw,
    hexside_style,
    look_style,
    side_colour,
    terrain_style,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class HexView:
    col: int
    row: int
    hex_id: str
    terrain: str  # terrain id
    style: str  # terrain style
    name: str = ""
    features: tuple[str, ...] = ()  # hex feature looks (style, colour, mark), in the table's order
    feature_ids: tuple[str, ...] = ()
    region: str | None = None
    victory: tuple[VictoryValue, ...] = ()
    coast: tuple[str, ...] = ()

    @property
    def is_water(self) -> bool:
        return self.style in WATER_STYLES

    def has(self, feature_style: str) -> bool:
        return any(look_style(look) == feature_style for look in self.features)


@dataclass(frozen=True)
class SideEntry:
    """One hexside row: a feature between two adjacent hexes."""

    feature: str  # feature id
    style: str
    a: Cell
    b: Cell


@dataclass
class MapView:
    game: Game
    spec: MapSpec
    grid: HexGrid
    hexes: dict[Cell, HexView] = field(default_factory=dict)
    along: dict[str, list[SideEntry]] = field(default_factory=dict)  # style -> entries
    across: dict[str, list[SideEntry]] = field(default_factory=dict)
    words: MapWords = field(default_factory=MapWords)

    @property
    def width_mm(self) -> float:
        return self.grid.width_mm

    @property
    def height_mm(self) -> float:
        return self.grid.height_mm

    @property
    def margin_mm(self) -> float:
        return self.spec.grid.margin_mm

    @cached_property
    def cells(self) -> list[Cell]:
        return sorted(self.hexes)

    def hex_at(self, cell: Cell) -> HexView | None:
        return self.hexes.get(cell)

    def side_colour(self, side_id: str) -> str:
        """A side's colour for VP numbers; default black, red, blue … by declaration order."""
        return side_colour(self.game, side_id)

    @cached_property
    def terrain_used(self) -> list[str]:
        """Terrain ids on this map, in game.yaml order."""
        used = {h.terrain for h in self.hexes.values()}
        return [t.id for t in self.game.spec.terrain if t.id in used]

    @cached_property
    def hex_features_used(self) -> list[str]:
        """Hex feature ids on this map, in game.yaml order."""
        used = {f for h in self.hexes.values() for f in h.feature_ids}
        return [f.id for f in self.game.spec.hex_features if f.id in used]

    @cached_property
    def hexside_features_used(self) -> list[str]:
        used = {e.feature for entries in (*self.along.values(), *self.across.values()) for e in entries}
        return [f.id for f in self.game.spec.hexside_features if f.id in used]


def build_view(game: Game, spec: MapSpec, translator=None) -> MapView:
    grid = grid_for(spec.grid)
    view = MapView(game, spec, grid, words=MapWords(translator))
    rows = {h.hex_id: h for h in game.hexes if h.map_id == spec.id}
    for col, row in grid.cells():
        hex_id = grid.hex_id(col, row)
        view.hexes[(col, row)] = _hex_view(game, spec, col, row, hex_id, rows.get(hex_id), view.words)
    _add_sides(view)
    return view


def _hex_view(game: Game, spec: MapSpec, col: int, row: int, hex_id: str, found: Hex | None,
              words: MapWords) -> HexView:
    terrain_id = found.terrain if found else spec.default_terrain
    terrain = game.terrain.get(terrain_id)
    style = terrain_style(terrain_id, terrain.style if terrain else None)
    if found is None:
        return HexView(col, row, hex_id, terrain_id, style, region=spec.default_region)
    features = []
    for feature_id in found.features:
        feature = game.hex_features.get(feature_id)
        resolved = hex_feature_look(feature, game) if feature else hex_feature_style(feature_id)
        if resolved not in features:
            features.append(resolved)
    return HexView(
        col, row, hex_id, terrain_id, style, words.hex_name(spec.id, hex_id, found.name), tuple(features),
        found.features,
        found.region, found.victory, found.coast,
    )


def _add_sides(view: MapView) -> None:
    grid, game = view.grid, view.game
    along: dict[str, list[SideEntry]] = defaultdict(list)
    across: dict[str, list[SideEntry]] = defaultdict(list)
    for side in game.hexsides:
        if side.map_id != view.spec.id:
            continue
        try:
            a, b = grid.parse_id(side.hex_a), grid.parse_id(side.hex_b)
        except ValueError:
            continue  # the check reports it; the map just leaves it out
        if grid.direction_between(a, b) is None:
            continue
        feature = game.hexside_features.get(side.feature)
        style = hexside_style(side.feature, feature.style if feature else None)
        draw = hexside_draw(style, feature.draw if feature else None)
        (across if draw == "across" else along)[style].append(SideEntry(side.feature, style, a, b))
    view.along, view.across = dict(along), dict(across)

