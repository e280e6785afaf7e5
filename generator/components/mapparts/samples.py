"""Samples of terrain and features drawn with the map's own symbols and pens, for the map's
legend and the terrain effects chart: what the key shows is exactly what the map shows.

Every sample is drawn in its own coordinates: from x = 0 to `width_mm`, centred on y = 0.
Terrain and hex-feature samples place the map's SymbolDefs with Use (`sample_symbols`
gives them); hexside samples are plain paths from the map's drawing functions.
"""

from __future__ import annotations

from generator.components.mapparts.feature_art import (
    BESIDE,
    feature_symbol_id,
    feature_symbols,
    needed_feature_styles,
    place_features,
)
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.palette import GRID
from generator.components.mapparts.sides import draw_across, draw_along
from generator.components.mapparts.terrain_art import terrain_symbol, terrain_symbol_id
from generator.layout.primitives import Item, Polygon, SymbolDef, Use
from generator.model.mapstyles import hex_feature_look, hexside_draw, hexside_style, look_style, terrain_style
from generator.model.terrain import HexFeature, HexsideFeature, Terrain

SAMPLE_MM = 16.0


def terrain_sample(style: str, shape: HexShape, height_mm: float, width_mm: float = SAMPLE_MM) -> list[Item]:
    """The terrain's hex symbol scaled to `height_mm` (less a margin), outlined like the grid."""
    scale = (height_mm - 1.5) / (2 * shape.half_height_mm)
    outline = Polygon([(width_mm / 2 + x * scale, y * scale) for x, y in shape.corners], GRID)
    return [Use(terrain_symbol_id(style), width_mm / 2, 0, scale=round(scale, 4)), outline]


def hexside_sample(style: str, draw: str, shape: HexShape, width_mm: float = SAMPLE_MM) -> list[Item]:
    """A feature drawn along a bent hexside, or across one from centre to centre."""
    if draw == "across":
        return draw_across(style, [[(1.0, 1.5), (width_mm / 2, -1.0), (width_mm - 1, 1.5)]], shape.size_mm)
    bend = [(1.0, 2.5), (4.5, -2.0), (width_mm - 4.5, -2.0), (width_mm - 1.0, 2.5)]
    return draw_along(style, [bend], shape.size_mm)


def hex_feature_sample(style: str, shape: HexShape, height_mm: float, width_mm: float = SAMPLE_MM) -> list[Item]:
    """A hex feature's symbol at the map's size (a river or railway through hexes as a course;
    the river-access bands scaled to `height_mm`)."""
    base = look_style(style)  # `style` is a feature's look (its style, colour and mark)
    if base in ("river", "rail"):
        return draw_across("minor_river" if base == "river" else "rail",
                           [[(1.0, 2.0), (width_mm / 2, -1.0), (width_mm - 1, 1.0)]], shape.size_mm)
    if base == "port_access":
        scale = round((height_mm - 1) / (2 * shape.half_height_mm), 4)
        return [Use(feature_symbol_id(style), width_mm / 2, 0, scale=scale)]
    if base in BESIDE:
        return [Use(feature_symbol_id(style), width_mm / 2, 0)]
    return place_features(shape, (style,), width_mm / 2, 0)


def sample_symbols(shape: HexShape, terrain_styles: set[str], feature_styles: set[str],
                   hexside_styles: set[str] = frozenset()) -> list[SymbolDef]:
    """The SymbolDefs the samples of these styles place (as the map defines them)."""
    features = needed_feature_styles(feature_styles, hexside_styles)
    return [terrain_symbol(style, shape) for style in sorted(terrain_styles)] + feature_symbols(shape, features)


# -- the style of a data entry, as the map resolves it

def style_of_terrain(terrain: Terrain) -> str:
    return terrain_style(terrain.id, terrain.style)


def style_of_hexside(feature: HexsideFeature) -> tuple[str, str]:
    """(style, how it is drawn: along or across)."""
    style = hexside_style(feature.id, feature.style)
    return style, hexside_draw(style, feature.draw)


def style_of_hex_feature(feature: HexFeature, game=None) -> str:
    """The feature's look: its style, with the colour (its own, or its side's) and the mark
    that tell it from other features of that style."""
    return hex_feature_look(feature, game)
