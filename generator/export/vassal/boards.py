"""The module's maps: each game map, or each map sheet, as a VASSAL Map with one board (the
printed map or sheet), its grid and its off-map boxes as zones where the panel draws them;
and the turn track as a map of its own (turntrack.py). The scenarios' pieces are not here:
each scenario is a saved game (setups.py, savedgame.py) that puts them on these boards.

- A hex map printed alone: a HexGrid with the game's numbering (inside a ZonedGrid as its
  background grid when the map has boxes).
- An area map: a RegionGrid with one region per area at its position, named as the map
  names it.
- A map sheet (several hex maps printed together, `map_sheets`): the board is the whole
  sheet as `draw_sheet` lays it out, and its ZonedGrid holds one Zone per map, its polygon
  that map's hex area on the sheet, with a HexGrid and numbering of its own (each map keeps
  its hex size, orientation and ids), then a Zone per box of the sheet's panel. A hex of a
  sheet is named with its map's name ("Iraq 1442"): two maps of a sheet may share ids, and
  VASSAL finds a name in the first zone that reads it (ZonedGrid.getLocation).

Every Map has no edge (edgeWidth and edgeHeight 0), so a position on its board is the same
position on the map, as the saved games write it.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from generator.components.mapparts.areadrawing import draw_area_map
from generator.components.mapparts.drawing import MapDrawing, draw_map
from generator.components.mapparts.sheet import draw_sheet
from generator.export.vassal.buildfile import BOARD, GRID, MAP, MAP_TOOLS, MODULE, add
from generator.export.vassal.hexgrid import BoardScale, VassalHexGrid, board_scale
from generator.export.vassal.images import board_png
from generator.geometry.mapgrid import grid_for
from generator.model.mapdata import MapSheet, MapSpec

Rect = tuple[int, int, int, int]  # left, top, right, bottom in pixels
# A drawing's box that is a turn, a turn's phase or a record track's space (the turn track's,
# or a track printed in a box of a map's panel): named as such, and listed before the boxes,
# since VASSAL names a point by the first zone holding it (ZonedGrid.findZone).
SPACE = re.compile(r"turn:\d+(:[^:]+)?|track:[^:]+:[^:]*:-?\d+")


@dataclass
class Board:
    """One printed map, map sheet or turn track ready for the module."""

    name: str
    image: str
    drawing: MapDrawing
    scale: BoardScale
    maps: dict[str, MapSpec]  # the maps it shows, by id, in the sheet's order
    grids: dict[str, VassalHexGrid] = field(default_factory=dict)  # a hex map's, by map id
    sheet: MapSheet | None = None
    map_names: dict[str, str] = field(default_factory=dict)  # a sheet's maps: map id -> zone name
    box_names: dict[str, str] = field(default_factory=dict)  # box id -> its name
    regions: dict[str, tuple[str, tuple[int, int]]] = field(default_factory=dict)  # area id -> (name, px)
    spaces: dict[str, tuple[int, int]] = field(default_factory=dict)  # zone id -> where a piece set there stands

    @property
    def zones(self) -> dict[str, Rect]:
        """Box id -> its rectangle on the board in pixels."""
        return {box_id: rect_px(self.scale, rect) for box_id, rect in self.drawing.boxes_mm}

    @property
    def map_zones(self) -> dict[str, Rect]:
        """A sheet's maps: map id -> its hex area on the board in pixels."""
        if self.sheet is None:
            return {}
        return {map_id: rect_px(self.scale, rect) for map_id, rect in self.drawing.grids_mm}

    def place_px(self, map_id: str, place_id: str) -> tuple[int, int]:
        """The pixel a hex or an area stands on: the point VASSAL snaps the hex to (and finds
        it at by its id), or the area's region."""
        grid = self.grids.get(map_id)
        if grid is None:
            return self.regions[place_id][1]
        return grid.vassal_point(*grid.grid.parse_id(place_id))

    def box_px(self, box_id: str) -> tuple[int, int] | None:
        """Where a piece set in a box stands: its counter space when the drawing marks one (a
        turn box), else the box's centre, the mean of its zone's corners, where VASSAL finds
        the zone by name (Zone.getLocation)."""
        if box_id in self.spaces:
            return self.spaces[box_id]
        rect = self.zones.get(box_id)
        return None if rect is None else ((rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2)


def rect_px(scale: BoardScale, rect_mm: tuple[float, float, float, float]) -> Rect:
    x, y, w, h = rect_mm
    left, top = scale.to_px(x, y)
    right, bottom = scale.to_px(x + w, y + h)
    return round(left), round(top), round(right), round(bottom)


def make_board(game, spec: MapSpec, t, counter_mm: float, px_per_mm: float, name: str,
               tiling: tuple | None = None) -> tuple[Board, bytes]:
    """The board of a map printed alone, and its image."""
    image = f"map-{spec.id}.png"
    if spec.is_area:
        drawing = draw_area_map(game, spec, counter_mm, t, tiling)
        page = (drawing.width_mm, drawing.height_mm)
        scale = BoardScale(px_per_mm, (0.0, 0.0), (math.ceil(page[0] * px_per_mm), math.ceil(page[1] * px_per_mm)))
        board = Board(name, image, drawing, scale, {spec.id: spec})
        for area in game.areas:
            if area.map_id == spec.id and area.area_id not in board.regions:
                x, y = scale.to_px(area.x_mm, area.y_mm)
                board.regions[area.area_id] = (t.area_name(area) or area.area_id, (round(x), round(y)))
    else:
        drawing = draw_map(game, spec, counter_mm, t, tiling)
        grid = grid_for(spec.grid)
        scale = board_scale(grid, (drawing.width_mm, drawing.height_mm), px_per_mm)
        board = Board(name, image, drawing, scale, {spec.id: spec}, {spec.id: VassalHexGrid(grid, scale)})
    _name_boxes(board, t)
    return board, board_png(drawing, scale)


def make_sheet_board(game, sheet: MapSheet, t, counter_mm: float, px_per_mm: float, name: str,
                     tiling: tuple | None = None, anchor: str | None = None) -> tuple[Board, bytes]:
    """The board of a map sheet, and its image. `anchor` is the map whose grid origin falls
    on a whole pixel (default: the sheet's first; `px_per_mm` should make its hexes an even
    number of pixels tall); the others' grid origins are rounded to the nearest pixel."""
    drawing = draw_sheet(game, sheet, counter_mm, t, tiling)
    placed = dict(drawing.grids_mm)
    anchor = anchor if anchor in placed else sheet.maps[0]
    grids = {map_id: grid_for(game.maps[map_id].grid) for map_id in placed}
    scale = board_scale(grids[anchor], (drawing.width_mm, drawing.height_mm), px_per_mm, placed[anchor][:2])
    maps = {map_id: game.maps[map_id] for map_id in sheet.maps}
    board = Board(name, f"map-{sheet.id}.png", drawing, scale, maps, sheet=sheet)
    for map_id, rect in board.map_zones.items():
        size = (rect[2] - rect[0], rect[3] - rect[1])
        board.grids[map_id] = VassalHexGrid(grids[map_id], scale, placed[map_id][:2], size)
        board.map_names[map_id] = t.of(maps[map_id], "title")
    _name_boxes(board, t)
    return board, board_png(drawing, scale)


def _name_boxes(board: Board, t) -> None:
    board.box_names = {box_id: t.box_title(box_id) for box_id, _ in board.drawing.boxes_mm}


def add_map(parent: ET.Element, board: Board, *, main: bool) -> None:
    """The Map element: its board, grid, zones and tools."""
    attributes = {"mapName": board.name, "markMoved": "Never", "edgeWidth": 0, "edgeHeight": 0,
                  "allowMultiple": False, "launch": not main, "buttonName": None if main else board.name}
    map_node = add(parent, MODULE + "Map", **attributes)
    picker = add(map_node, MAP + "BoardPicker")
    width, height = board.scale.size_px
    board_node = add(picker, BOARD + "Board", name=board.name, image=board.image, width=width, height=height,
                     reversible=False)
    zones = board.zones
    holder = add(board_node, GRID + "ZonedGrid") if zones or board.sheet is not None else board_node
    if board.sheet is not None:
        for map_id, rect in board.map_zones.items():
            zone = add(holder, GRID + "mapgrid.Zone", name=board.map_names[map_id],
                       locationFormat="$name$ $gridLocation$", path=_path(rect), useParentGrid=False)
            _hex_grid(zone, board.grids[map_id])
    elif board.grids:
        _hex_grid(holder, next(iter(board.grids.values())))
    elif board.regions:
        grid_node = add(holder, GRID + "RegionGrid", snapto=True, visible=False, fontsize=9)
        for name, (x, y) in board.regions.values():
            add(grid_node, GRID + "Region", name=name, originx=x, originy=y)
    for box_id, rect in sorted(zones.items(), key=lambda zone: not SPACE.fullmatch(zone[0])):
        add(holder, GRID + "mapgrid.Zone", name=board.box_names[box_id], locationFormat="$name$", path=_path(rect),
            useParentGrid=False)
    for tool in MAP_TOOLS:
        add(map_node, MAP + tool)


def _hex_grid(parent: ET.Element, grid: VassalHexGrid) -> None:
    grid_node = add(parent, GRID + "HexGrid", **grid.grid_attributes())
    add(grid_node, GRID + "mapgrid.HexGridNumbering", **grid.numbering_attributes())


def _path(rect: Rect) -> str:
    """A rectangle as VASSAL's polygon path (PolygonEditor): corners `x,y` joined by ';'."""
    left, top, right, bottom = rect
    return f"{left},{top};{right},{top};{right},{bottom};{left},{bottom}"
