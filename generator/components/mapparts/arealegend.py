"""The legend of an area map: the terrain of its areas, the kinds of link between them, the
features and victory points in them and the regions (fronts) they belong to — drawn with
the map's own shapes, pens and symbols, as the hex map's legend is (legend.py)."""

from __future__ import annotations

from generator.components.mapparts.areaview import AreaMapView, AreaShape
from generator.components.mapparts.feature_art import feature_symbol_id
from generator.components.mapparts.legend import ROW_MM, Row, section_block, victory_rows
from generator.components.mapparts.palette import terrain_colours
from generator.components.mapparts.areafeatures import ROW_STYLES
from generator.components.mapparts.samples import SAMPLE_MM, hexside_sample, style_of_hex_feature, style_of_hexside
from generator.model.mapstyles import look_style
from generator.components.mapparts.panel_flow import Block
from generator.layout.primitives import Circle, Item, Rect, Style, Use

SAMPLE_AREA = AreaShape(SAMPLE_MM * 0.62)


def area_legend_blocks(view: AreaMapView) -> list[Block]:
    words = view.words
    symbols = view.shape.symbol_shape
    victory = [vp for area in view.areas.values() for vp in area.victory]
    sections = [
        (words.terrain, _terrain_rows(view)),
        (words.phrase("Links"), _link_rows(view)),
        (words.phrase("Area features"), _feature_rows(view) + _square_rows(view) + victory_rows(view, symbols, victory)),
        (words.phrase("Regions"), _region_rows(view)),
    ]
    return [section_block(title, rows) for title, rows in sections if rows]


def area_sample(kind: str, fill: str | None, stroke: str, width_mm: float = 0.6, sample_mm: float = SAMPLE_MM,
                height_mm: float | None = None) -> list[Item]:
    """A small area shape centred on (sample_mm / 2, 0), at most `height_mm` tall."""
    size = SAMPLE_AREA.size_mm if height_mm is None else min(SAMPLE_AREA.size_mm, (height_mm - 1.0) / 0.8)
    shape = AreaShape(size, kind)
    style = Style(fill=fill, stroke=stroke, stroke_width_mm=width_mm)
    if kind == "circle":
        return [Circle(sample_mm / 2, 0, shape.size_mm / 2 * 0.8, style)]
    left, top, _, _ = shape.box(sample_mm / 2, 0)
    return [Rect(left, top, shape.width_mm, shape.height_mm, style, corner_radius_mm=shape.corner_mm)]


def area_feature_sample(style: str, sample_mm: float = SAMPLE_MM) -> list[Item]:
    """A feature's symbol alone, as an area shows it (area_feature_items)."""
    return [Use(feature_symbol_id(style), sample_mm / 2, 0)] if look_style(style) in ROW_STYLES else []


def _terrain_rows(view: AreaMapView) -> list[Row]:
    rows = []
    for terrain_id in view.terrain_used:
        terrain = view.game.terrain[terrain_id]
        style = next(a.style for a in view.areas.values() if a.terrain == terrain_id)
        sample = area_sample(view.shape.kind, terrain_colours(style)[0], "#4a4439", 0.35)
        rows.append((sample, view.words.of(terrain), view.words.effects(view.words.movement(terrain),
                                                                         view.words.combat(view.game, terrain),
                                                                         terrain.prohibited), ROW_MM + 2))
    return rows


def _link_rows(view: AreaMapView) -> list[Row]:
    rows = []
    for kind in view.link_kinds_used:
        feature = view.game.hexside_features[kind]
        style, _ = style_of_hexside(feature)
        sample = hexside_sample(style, "across", view.shape.symbol_shape)
        effects = view.words.effects(view.words.movement(feature), view.words.combat(view.game, feature, hexside=True), False,
                                     feature.impassable)
        rows.append((sample, view.words.of(feature), effects, ROW_MM))
    return rows


def _feature_rows(view: AreaMapView) -> list[Row]:
    """Each feature's symbol alone, as an area shows it (area_feature_items)."""
    rows = []
    for feature_id in view.hex_features_used:
        feature = view.game.hex_features[feature_id]
        style = style_of_hex_feature(feature, view.game)
        sample = area_feature_sample(style)
        rows.append((sample, view.words.of(feature), view.words.effects("0", view.words.combat(view.game, feature), False),
                     ROW_MM))
    return rows


def _square_rows(view: AreaMapView) -> list[Row]:
    """One row for the squares the areas print: a square of each colour used, named by the
    board's `squares_name`."""
    used = [name for name in view.board.squares if any(name in dict(a.squares) for a in view.areas.values())]
    if not used:
        return []
    step = 4.4
    first = SAMPLE_MM / 2 - (len(used) * step - 0.8) / 2
    sample = [Rect(first + i * step, -1.8, 3.6, 3.6, Style(fill=view.board.squares[name], stroke="#222222",
                                                          stroke_width_mm=0.3)) for i, name in enumerate(used)]
    label = view.words.squares_name(view.spec) or view.words.phrase("Square")
    return [(sample, label, "", ROW_MM)]


def _region_rows(view: AreaMapView) -> list[Row]:
    if len(view.regions_used) < 2:
        return []  # one region says nothing
    return [(area_sample(view.shape.kind, None, view.region_colour(region_id), 0.7),
             view.words.of(view.game.regions[region_id]), "", ROW_MM + 2) for region_id in view.regions_used]
