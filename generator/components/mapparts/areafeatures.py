"""The feature symbols of an area: the map's own symbols (feature_art.py), in a row along
the top of the area's shape, leaving its middle free for the pieces standing there."""

from __future__ import annotations

from generator.components.mapparts.areaview import AreaShape
from generator.components.mapparts.feature_art import SYMBOL_STYLES, feature_symbol_id
from generator.layout.primitives import Item, Use
from generator.model.mapstyles import look_style

ROW_STYLES = tuple(style for style in SYMBOL_STYLES if style != "port_access")  # a band over a hex: none in an area


def area_feature_items(shape: AreaShape, styles: tuple[str, ...], x: float, y: float) -> list[Item]:
    """Uses of the symbols of `styles` (those the map draws as symbols), centred in a row."""
    drawn = sorted((look for look in styles if look_style(look) in ROW_STYLES),
                   key=lambda look: ROW_STYLES.index(look_style(look)))
    natural = shape.symbol_shape.size_mm * 0.36
    room = shape.width_mm * 0.84 - natural * 0.6  # centre to centre, the outer symbols kept inside
    step = min(natural, room / max(len(drawn) - 1, 1))
    top = y - shape.height_mm / 2 + natural * 0.72
    first = x - (len(drawn) - 1) * step / 2
    return [Use(feature_symbol_id(style), first + index * step, top) for index, style in enumerate(drawn)]
