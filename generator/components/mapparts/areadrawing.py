"""An area (point-to-point) map laid out once: the links as lines styled by kind, the areas
as shapes with their names, feature symbols and victory points, the frame and the panel
with its legend — the same MapDrawing a hex map gives, so the whole-map page, its SVG and
the tiles for home printers are made by the same code (components/map.py).

Links are drawn centre to centre under the areas, so each one seems to run from the edge of
one area to the edge of the other; a link of two kinds (road and rail) is drawn as two
lines side by side.
"""

from __future__ import annotations

import math

from generator.components.mapparts.background import ALL_LAYERS, background_items, layers_of
from generator.components.mapparts.areaview import AreaMapView, AreaPlace, AreaShape, build_area_view
from generator.components.mapparts.drawing import MapDrawing, boxes_at, frame_items, panel_items
from generator.components.mapparts.feature_art import feature_symbols, needed_feature_styles
from generator.components.mapparts.labels import plated_text
from generator.components.mapparts.palette import INK, PAPER, terrain_colours
from generator.components.mapparts.panel import build_panel, page_size
from generator.components.mapparts.sides import draw_across
from generator.components.mapparts.areafeatures import area_feature_items
from generator.components.mapparts.arealegend import area_legend_blocks
from generator.components.mapparts.edges import edge_items
from generator.layout.primitives import Circle, Item, Rect, Style, SymbolDef
from generator.layout.text_metrics import fit_text_size
from generator.layout.wrap import wrap_text
from generator.model.game import Game
from generator.model.mapdata import MapLayers, MapSpec

PAIR_GAP_MM = 1.1  # between the two lines of a link of two kinds
NAME_PT, NAME_MIN_PT = 7.0, 4.2


def draw_area_map(game: Game, spec: MapSpec, counter_mm: float = 15.875, translator=None,
                  tiling: tuple | None = None) -> MapDrawing:
    view = build_area_view(game, spec, translator)
    panel = build_panel(view, view.shape.symbol_shape, counter_mm, tiling, area_legend_blocks(view))
    body = (view.width_mm, view.height_mm)
    width, height = page_size(body, panel)
    items: list[Item] = [Rect(0, 0, width, height, Style.filled(PAPER))]
    items += area_map_body(view)
    items += frame_items(view.width_mm, view.height_mm, view.margin_mm)
    items += panel_items(panel, body)
    return MapDrawing(spec.id, view.words.of(spec, "title"), width, height, tuple(items), area_map_symbols(view),
                      (0.0, 0.0, view.width_mm, view.height_mm), boxes_at(panel, body))


def area_map_body(view: AreaMapView) -> list[Item]:
    """Everything on the board, back to front: the background picture, links, areas, their
    words and symbols, edges; over a background, only the layers its `layers` keep."""
    on = layers_of(view)
    items: list[Item] = background_items(view)
    for link in view.links if on.links else ():
        items += link_items(view, link.a, link.b, [style for _, style in link.kinds])
    for area in view.areas.values():
        items += area_items(view, area, on)
    return items + (edge_items(view) if on.edges else [])


def link_items(view: AreaMapView, a: str, b: str, styles: list[str]) -> list[Item]:
    """The link's lines from centre to centre, side by side when it has several kinds."""
    start, end = view.areas[a].centre, view.areas[b].centre
    length = math.dist(start, end) or 1.0
    nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
    items: list[Item] = []
    for index, style in enumerate(styles):
        offset = (index - (len(styles) - 1) / 2) * PAIR_GAP_MM * 2
        line = [(start[0] + nx * offset, start[1] + ny * offset), (end[0] + nx * offset, end[1] + ny * offset)]
        items += draw_across(style, [line], view.shape.size_mm)
    return items


def area_outline(shape: AreaShape, x: float, y: float, style: Style) -> Item:
    if shape.kind == "circle":
        return Circle(x, y, shape.size_mm / 2, style)
    left, top, _, _ = shape.box(x, y)
    return Rect(left, top, shape.width_mm, shape.height_mm, style, corner_radius_mm=shape.corner_mm)


def area_items(view: AreaMapView, area: AreaPlace, on: MapLayers = ALL_LAYERS) -> list[Item]:
    """The area's shape (its terrain's fill, its region's outline), feature symbols, name,
    VP and squares: those of them `on` keeps."""
    shape, (x, y) = view.shape, area.centre
    fill = terrain_colours(area.style)[0] if on.terrain else None
    ring = Style(fill=fill, stroke=view.region_colour(area.region) if on.areas else None, stroke_width_mm=0.7)
    items: list[Item] = [area_outline(shape, x, y, ring)] if on.terrain or on.areas else []
    items += area_feature_items(shape, area.features, x, y) if on.features else []
    if on.names:
        items += area_name_items(shape, area.name, x, y)
        items += victory_items(view, area)
    items += square_items(view, area) if on.squares else []
    return items


SQUARE_MM = 3.6


def square_items(view: AreaMapView, area: AreaPlace) -> list[Item]:
    """The area's squares (SotE: its reinforcement cubes), in a row astride the upper edge,
    left of centre, each in its colour from the board's `squares`."""
    if not area.squares:
        return []
    left, top, _, _ = view.shape.box(*area.centre)
    colours = view.board.squares
    x = left + view.shape.corner_mm * 0.6
    items: list[Item] = []
    for name, count in area.squares:
        for _ in range(count):
            items.append(Rect(x, top - SQUARE_MM / 2, SQUARE_MM, SQUARE_MM,
                              Style(fill=colours.get(name, "#ffffff"), stroke="#222222", stroke_width_mm=0.3)))
            x += SQUARE_MM + 0.8
    return items


def area_name_items(shape: AreaShape, name: str, x: float, y: float) -> list[Item]:
    """The name inside the lower part of the shape: one line, or two, as large as fits."""
    if not name:
        return []
    room = shape.width_mm * (0.84 if shape.kind == "rounded" else 0.7)
    size = fit_text_size(name, "sans-bold", room, NAME_PT, NAME_MIN_PT)
    lines = [name] if size is not None else wrap_text(name, "sans-bold", NAME_MIN_PT, room)[:2]
    size = size or min(fit_text_size(line, "sans-bold", room, NAME_PT, 2.5) or 2.5 for line in lines)
    pitch = size * 0.3528 * 1.25
    bottom = y + shape.height_mm / 2 - 1.0 - pitch * 0.55
    items: list[Item] = []
    for index, line in enumerate(lines):
        items += plated_text(x, bottom - (len(lines) - 1 - index) * pitch, line, "sans-bold", size, INK)
    return items


def victory_items(view: AreaMapView, area: AreaPlace) -> list[Item]:
    """VP values in the side's colour on the upper edge of the shape, right of centre."""
    left, top, right, _ = view.shape.box(*area.centre)
    items: list[Item] = []
    for index, vp in enumerate(area.victory):
        colour = view.side_colour(vp.side)
        text = f"{vp.value}c" if vp.conditional else str(vp.value)
        x = right - view.shape.corner_mm * 0.6 - index * 4.5
        items += plated_text(x, top, text, "sans-bold", 7.0, colour,
                             plate=Style(fill="#ffffff", stroke=colour, stroke_width_mm=0.25))
    return items


def area_map_symbols(view: AreaMapView) -> tuple[SymbolDef, ...]:
    styles = {style for area in view.areas.values() for style in area.features}
    link_styles = {style for link in view.links for _, style in link.kinds}
    return tuple(feature_symbols(view.shape.symbol_shape, needed_feature_styles(styles, link_styles)))

