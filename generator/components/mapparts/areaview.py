"""One area map's data resolved for drawing: every area with its position, terrain style,
feature styles, region and victory points; every link with the styles of its kinds.

The area-map counterpart of mapview.py: built once per map, read by areadrawing.py, the
area legend and the setup map; none of them goes back to the tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import FRAME
from generator.components.mapparts.words import MapWords
from generator.model.game import Game
from generator.model.mapdata import AreaBoard, MapSpec, VictoryValue
from generator.model.mapstyles import hex_feature_look, hex_feature_style, hexside_style, terrain_style

Point = tuple[float, float]


@dataclass(frozen=True)
class AreaShape:
    """How an area is drawn: a rounded box (a little wider than tall) or a circle, centred
    on the area's position. Feature symbols are drawn at the size they would have in a hex
    of `symbol_shape` (so the map's symbol art serves both kinds of map)."""

    size_mm: float
    kind: str = "rounded"

    @property
    def width_mm(self) -> float:
        return self.size_mm

    @property
    def height_mm(self) -> float:
        return self.size_mm if self.kind in ("circle", "square") else self.size_mm * 0.8

    @property
    def corner_mm(self) -> float:
        if self.kind == "circle":
            return self.size_mm / 2
        return self.size_mm * (0.12 if self.kind == "square" else 0.18)

    @cached_property
    def symbol_shape(self) -> HexShape:
        return HexShape("flat", self.size_mm * 0.8)

    def box(self, x: float, y: float) -> tuple[float, float, float, float]:
        return x - self.width_mm / 2, y - self.height_mm / 2, x + self.width_mm / 2, y + self.height_mm / 2


@dataclass(frozen=True)
class AreaPlace:
    """One area as drawn: its id, translated name, centre and looks."""

    area_id: str
    name: str
    x_mm: float
    y_mm: float
    terrain: str  # terrain id
    style: str  # terrain style
    features: tuple[str, ...] = ()  # feature styles, in the table's order
    feature_ids: tuple[str, ...] = ()
    region: str | None = None
    victory: tuple[VictoryValue, ...] = ()
    squares: tuple[tuple[str, int], ...] = ()  # (colour name, count) printed on the area

    @property
    def centre(self) -> Point:
        return self.x_mm, self.y_mm


@dataclass(frozen=True)
class LinkLine:
    """A link between two areas and the (kind id, style) of each of its kinds."""

    a: str
    b: str
    kinds: tuple[tuple[str, str], ...]


@dataclass
class AreaMapView:
    """What an area map draws; like MapView it offers `game`, `spec`, `words`, `side_colour`
    and the board's `width_mm`, `height_mm` and `margin_mm` to the shared panel and edges."""

    game: Game
    spec: MapSpec
    areas: dict[str, AreaPlace] = field(default_factory=dict)
    links: list[LinkLine] = field(default_factory=list)
    words: MapWords = field(default_factory=MapWords)

    @property
    def board(self) -> AreaBoard:
        return self.spec.board

    @property
    def width_mm(self) -> float:
        return self.board.width_mm

    @property
    def height_mm(self) -> float:
        return self.board.height_mm

    @property
    def margin_mm(self) -> float:
        return self.board.margin_mm

    @cached_property
    def shape(self) -> AreaShape:
        return AreaShape(self.board.area_size_mm, self.board.area_shape)

    side_colour = MapView.side_colour

    def region_colour(self, region_id: str | None) -> str:
        """The outline of an area: its region's colour (a front's), else the frame's."""
        region = self.game.regions.get(region_id or "")
        return region.colour if region is not None and region.colour else FRAME

    @cached_property
    def terrain_used(self) -> list[str]:
        used = {a.terrain for a in self.areas.values()}
        return [t.id for t in self.game.spec.terrain if t.id in used]

    @cached_property
    def hex_features_used(self) -> list[str]:
        used = {f for a in self.areas.values() for f in a.feature_ids}
        return [f.id for f in self.game.spec.hex_features if f.id in used]

    @cached_property
    def link_kinds_used(self) -> list[str]:
        used = {kind for link in self.links for kind, _ in link.kinds}
        return [f.id for f in self.game.spec.hexside_features if f.id in used]

    @cached_property
    def regions_used(self) -> list[str]:
        used = {a.region for a in self.areas.values() if a.region}
        return [r.id for r in self.game.spec.regions if r.id in used]


def build_area_view(game: Game, spec: MapSpec, translator=None) -> AreaMapView:
    view = AreaMapView(game, spec, words=MapWords(translator))
    for area in game.areas:
        if area.map_id != spec.id or area.area_id in view.areas:
            continue  # another map's, or a duplicate the check reports
        terrain = game.terrain.get(area.terrain)
        styles = []
        for feature_id in area.features:
            feature = game.hex_features.get(feature_id)
            style = hex_feature_look(feature, game) if feature else hex_feature_style(feature_id)
            if style not in styles:
                styles.append(style)
        view.areas[area.area_id] = AreaPlace(
            area.area_id, view.words.area_name(spec.id, area.area_id, area.name), area.x_mm, area.y_mm,
            area.terrain, terrain_style(area.terrain, terrain.style if terrain else None), tuple(styles),
            area.features, area.region, area.victory, area.squares)
    seen: set[tuple[str, str]] = set()
    for link in game.links:
        if link.map_id != spec.id or link.pair in seen or not {link.area_a, link.area_b} <= set(view.areas):
            continue  # a link given from both ends is drawn once; bad ones are the check's
        seen.add(link.pair)
        kinds = []
        for kind in link.kinds:
            feature = game.hexside_features.get(kind)
            kinds.append((kind, hexside_style(kind, feature.style if feature else None)))
        view.links.append(LinkLine(*link.pair, tuple(kinds)))
    return view
