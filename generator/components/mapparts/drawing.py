"""One map laid out, once: the hexes with everything on them, the frame and the panel.

The result is plain data (items and the symbols they use) from which the whole-map page,
its SVG and every tile are made without laying anything out again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator import caches
from generator.components.mapparts.background import ALL_LAYERS, background_items, layers_of
from generator.components.mapparts.borders import border_items
from generator.components.mapparts.coast import coast_items
from generator.components.mapparts.edges import edge_items
from generator.components.mapparts.curves import relax, rounded
from generator.components.mapparts.feature_art import feature_symbols, has_symbol, needed_feature_styles, place_features
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.labels import crossed_numbers, hex_number, place_name, victory_badges
from generator.components.mapparts.mapview import MapView, build_view
from generator.components.mapparts.namedlines import named_line_items
from generator.components.mapparts.palette import FRAME, GRID, PAPER
from generator.components.mapparts.panel import band_origin, build_panel, content_boxes, page_size
from generator.components.mapparts.linked import linked_lines
from generator.components.mapparts.regionlabels import region_label_items
from generator.components.mapparts.sides import ACROSS_ORDER, ALONG_ORDER, across_lines, along_lines, draw_across, draw_along
from generator.components.mapparts.terrain_art import terrain_symbol, terrain_symbol_id
from generator.layout.primitives import Group, Item, Path, Rect, Style, SymbolDef, Use
from generator.layout.transform import Transform
from generator.model.game import Game
from generator.model.mapdata import MapLayers, MapSpec

BELOW_GRID = ("water", "lake")  # hexside bands the grid is drawn over


@dataclass(frozen=True)
class MapDrawing:
    map_id: str
    title: str
    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...]
    hex_area_mm: tuple[float, float, float, float]  # the grid's box (with its margin)
    # Each off-map box as drawn on the page: (box id, (x, y, width, height)) in mm.
    boxes_mm: tuple[tuple[str, tuple[float, float, float, float]], ...] = ()
    # Each hex map's grid as drawn on the page: (map id, (x, y, width, height)) in mm, the
    # grid's own (0, 0) at (x, y); one for a map printed alone, one per map of a sheet.
    grids_mm: tuple[tuple[str, tuple[float, float, float, float]], ...] = ()
    # What must be printed, as boxes (left, top, right, bottom) in mm: the body and the panel
    # (the tiles leave out a sheet holding none of them). Empty: the whole page.
    content_mm: tuple[tuple[float, float, float, float], ...] = ()


def draw_map(game: Game, spec: MapSpec, counter_mm: float = 15.875, translator=None,
             tiling: tuple | None = None) -> MapDrawing:
    """The map laid out; `translator` (the build's) prints the game's strings in its language;
    `tiling` = (paper_mm, overlap_mm) lets the panel go where the map needs fewest sheets."""
    view = build_view(game, spec, translator)
    shape = HexShape.of(view.grid)
    grid = view.grid
    panel = build_panel(view, shape, counter_mm, tiling)
    body = (grid.width_mm, grid.height_mm)
    width, height = page_size(body, panel)
    items: list[Item] = [Rect(0, 0, width, height, Style.filled(PAPER))]
    drawn, symbols = drawn_body(game, view, shape)
    items += drawn
    items += frame_items(grid.width_mm, grid.height_mm, spec.grid.margin_mm)
    items += panel_items(panel, body)
    hex_area = (0.0, 0.0, grid.width_mm, grid.height_mm)
    return MapDrawing(spec.id, view.words.of(spec, "title"), width, height, tuple(items), symbols,
                      hex_area, boxes_at(panel, body), ((spec.id, hex_area),), content_boxes(panel, body))


def drawn_body(game: Game, view: MapView, shape: HexShape) -> tuple[tuple[Item, ...], tuple[SymbolDef, ...]]:
    """The map's body and its symbols (`map_body`, `map_symbols`), drawn once a build and
    language: the map and every scenario's setup map show the same body (a large map's
    body is a fifth of its whole build). Each caller brings its own view, made with its own
    Translator, which is asked again for the body's words on a second use (parity)."""
    def draw() -> tuple[tuple[Item, ...], tuple[SymbolDef, ...]]:
        return tuple(map_body(view, shape)), map_symbols(view, shape)

    return caches.remembered_words("mapparts.drawn_body", game, view.spec.id, view.words.translator, draw)


def map_body(view: MapView, shape: HexShape) -> list[Item]:
    """Everything inside the frame, back to front: the background picture, the ground, water
    and the grid, regions, lines along and across hexsides, the places, and the text on top;
    over a background, only the layers its `layers` keep."""
    centres = {cell: view.grid.centre_mm(*cell) for cell in view.cells}
    courses = _courses(view, centres)
    on = layers_of(view)
    return [
        *background_items(view),
        *(Use(terrain_symbol_id(view.hexes[c].style), *centres[c]) for c in view.cells if on.terrain),
        *_water_and_grid(view, on),
        *(border_items(view) if on.borders else ()),
        *(region_label_items(view) if on.regions else ()),
        *(_lines(view, courses) if on.lines else ()),
        *(u for c in view.cells for u in place_features(shape, view.hexes[c].features, *centres[c]) if on.features),
        *_texts(view, shape, centres, courses, on),
        *(edge_items(view) if on.edges else ()),
    ]


def _courses(view: MapView, centres: dict) -> dict[str, list]:
    """Lines through hex centres, eased straight except through places: river and rail
    hexes ("river@hexes", "rail@hexes") and every hexside feature drawn across."""
    pinned = _settlement_centres(view, centres)
    found = {
        "river@hexes": linked_lines(view, "river", extend_ends=True),
        "rail@hexes": linked_lines(view, "rail", extend_ends=False),
    }
    found.update({style: across_lines(view, view.across[style]) for style in ACROSS_ORDER if style in view.across})
    return {key: [relax(line, pinned) for line in lines] for key, lines in found.items()}


def _water_and_grid(view: MapView, on: MapLayers = ALL_LAYERS) -> list[Item]:
    size = view.grid.size_mm
    items: list[Item] = []
    for style in BELOW_GRID:  # under the coast, so a sea hexside opens into the sea
        if style in view.along and on.coast:
            # Beside a sea or lake hex the coast already shows the water.
            entries = [e for e in view.along[style] if not (_is_water(view, e.a) or _is_water(view, e.b))]
            items += draw_along(style, along_lines(view, entries), size)
    return items + (coast_items(view) if on.coast else []) + ([_grid_path(view)] if on.grid else [])


def _lines(view: MapView, courses: dict) -> list[Item]:
    size = view.grid.size_mm
    items = draw_across("minor_river", courses["river@hexes"], size)
    for style in ALONG_ORDER:
        if style in view.along and style not in BELOW_GRID:
            items += draw_along(style, along_lines(view, view.along[style]), size)
    for line in view.spec.lines:
        items += named_line_items(view, line)
    items += draw_across("rail", courses["rail@hexes"], size)
    for style in ACROSS_ORDER:
        if style in courses:
            items += draw_across(style, courses[style], size)
    return items


def _texts(view: MapView, shape: HexShape, centres: dict, courses: dict, on: MapLayers = ALL_LAYERS) -> list[Item]:
    """Hex numbers (on a plate where a course runs under them), place names, VP values."""
    plated = crossed_numbers(view, shape, [line for lines in courses.values() for line in lines])
    items: list[Item] = []
    for cell in view.cells:
        hex_view, (x, y) = view.hexes[cell], centres[cell]
        if on.numbers:
            items += hex_number(shape, hex_view, x, y, cell in plated)
        if on.names:
            items += place_name(shape, hex_view, x, y)
            items += victory_badges(shape, view, hex_view, x, y)
    return items


def _is_water(view: MapView, cell) -> bool:
    hex_view = view.hexes.get(cell)
    return hex_view is not None and hex_view.is_water


def _settlement_centres(view: MapView, centres: dict) -> set:
    """Hex centres a rail, road or river must keep running through: places with a symbol."""
    return {rounded(centres[c]) for c in view.cells if has_symbol(view.hexes[c].features)}


def _grid_path(view: MapView) -> Path:
    """Every hexside once, as one path: each side from the lower-numbered of its hexes."""
    grid = view.grid
    sides = side_corners(grid)
    commands: list[tuple] = []
    for cell in view.cells:
        corners = grid.corners_mm(*cell)
        drawn_there = {direction for direction, neighbour in grid.neighbours(*cell) if neighbour < cell}
        for direction, (first, second) in sides.items():
            if direction not in drawn_there:  # else drawn from the other hex
                commands += [("M", *corners[first]), ("L", *corners[second])]
    return Path(commands, GRID)


def side_corners(grid) -> dict[str, tuple[int, int]]:
    """direction -> the indices (into corners_mm) of the corners bounding that side."""
    cell = (grid.first_column, grid.first_row)
    corners = grid.corners_mm(*cell)
    found = {}
    for direction in grid.directions:
        ends = grid.hexside_segment_mm(*cell, direction)
        found[direction] = tuple(min(range(6), key=lambda k: math.dist(corners[k], end)) for end in ends)
    return found


def frame_items(width: float, height: float, margin: float) -> list[Item]:
    """The frame line round the hexes (or an area map's board), inside the margin."""
    inset = min(3.0, margin * 0.25)
    return [Rect(inset, inset, width - 2 * inset, height - 2 * inset, Style(stroke=FRAME, stroke_width_mm=0.5))]


def _panel_offset(panel, body_mm: tuple[float, float]) -> tuple[float, float]:
    return (body_mm[0], 0.0) if panel.side == "right" else (0.0, body_mm[1])


def panel_items(panel, body_mm: tuple[float, float]) -> list[Item]:
    """The panel beside or below the body (the hexes, an area map's board or a sheet's maps)
    of size `body_mm`."""
    if panel.side == "none":
        return []
    band = [Group(panel.band_items, Transform.translate(*band_origin(body_mm, panel)))] if panel.band_items else []
    return [Group(panel.items, Transform.translate(*_panel_offset(panel, body_mm))), *band]


def boxes_at(panel, body_mm: tuple[float, float]) -> tuple:
    """Where the panel draws each box on the page (`body_mm` as for panel_items)."""
    dx, dy = _panel_offset(panel, body_mm)
    bx, by = band_origin(body_mm, panel)
    return (*((box_id, (x + dx, y + dy, w, h)) for box_id, (x, y, w, h) in panel.boxes),
            *((box_id, (x + bx, y + by, w, h)) for box_id, (x, y, w, h) in panel.band_boxes))


def map_symbols(view: MapView, shape: HexShape) -> tuple[SymbolDef, ...]:
    terrain_styles = sorted({h.style for h in view.hexes.values()})
    used = {s for h in view.hexes.values() for s in h.features}
    feature_styles = needed_feature_styles(used, set(view.along) | set(view.across))
    symbols = [terrain_symbol(style, shape) for style in terrain_styles]
    return tuple(symbols + feature_symbols(shape, feature_styles))
