"""The module's maps: each game map as a VASSAL Map with one board (the printed map), its
grid — a HexGrid with the game's numbering, or for an area map a RegionGrid with one region
per area at its position, named as the map names it — its off-map boxes as zones where the
map's panel draws them, and the scenario's set-up as at-start stacks.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from generator.components.mapparts.areadrawing import draw_area_map
from generator.components.mapparts.drawing import MapDrawing, draw_map
from generator.export.vassal.buildfile import BOARD, GRID, MAP, MAP_TOOLS, MODULE, add
from generator.export.vassal.counters import GamePiece
from generator.export.vassal.hexgrid import BoardScale, VassalHexGrid, board_scale
from generator.export.vassal.images import board_png
from generator.geometry.mapgrid import grid_for
from generator.model.mapdata import MapSpec

Slot = Callable[[ET.Element, GamePiece, int], None]  # writes a PieceSlot (piece at a level)


@dataclass
class Stack:
    """Pieces set up together at one place of a board."""

    name: str
    at_px: tuple[int, int]
    pieces: list[tuple[GamePiece, int]] = field(default_factory=list)  # (piece, layer level)


@dataclass
class Board:
    """One game map ready for the module."""

    spec: MapSpec
    name: str
    image: str
    drawing: MapDrawing
    scale: BoardScale
    grid: VassalHexGrid | None = None  # a hex map's
    regions: dict[str, tuple[str, tuple[int, int]]] = field(default_factory=dict)  # area id -> (name, px)
    stacks: dict[str, Stack] = field(default_factory=dict)

    @property
    def zones(self) -> dict[str, tuple[int, int, int, int]]:
        """Box id -> its rectangle on the board in pixels (left, top, right, bottom)."""
        out = {}
        for box_id, (x, y, w, h) in self.drawing.boxes_mm:
            left, top = self.scale.to_px(x, y)
            right, bottom = self.scale.to_px(x + w, y + h)
            out[box_id] = (round(left), round(top), round(right), round(bottom))
        return out

    def place_px(self, place_id: str) -> tuple[int, int]:
        """The pixel a hex's centre or an area's region stands on."""
        if self.grid is None:
            return self.regions[place_id][1]
        x, y = self.grid.centre_px(*self.grid.grid.parse_id(place_id))
        return round(x), round(y)

    def box_px(self, box_id: str) -> tuple[int, int] | None:
        rect = self.zones.get(box_id)
        return None if rect is None else ((rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2)

    def stack_at(self, key: str, name: str, at_px: tuple[int, int]) -> Stack:
        return self.stacks.setdefault(key, Stack(name, at_px))


def make_board(game, spec: MapSpec, t, counter_mm: float, px_per_mm: float, name: str) -> tuple[Board, bytes]:
    """The board of a map and its image."""
    image = f"map-{spec.id}.png"
    if spec.is_area:
        drawing = draw_area_map(game, spec, counter_mm, t)
        page = (drawing.width_mm, drawing.height_mm)
        scale = BoardScale(px_per_mm, (0.0, 0.0), (math.ceil(page[0] * px_per_mm), math.ceil(page[1] * px_per_mm)))
        board = Board(spec, name, image, drawing, scale)
        for area in game.areas:
            if area.map_id == spec.id and area.area_id not in board.regions:
                x, y = scale.to_px(area.x_mm, area.y_mm)
                board.regions[area.area_id] = (t.area_name(area) or area.area_id, (round(x), round(y)))
    else:
        drawing = draw_map(game, spec, counter_mm, t)
        grid = grid_for(spec.grid)
        scale = board_scale(grid, (drawing.width_mm, drawing.height_mm), px_per_mm)
        board = Board(spec, name, image, drawing, scale, VassalHexGrid(grid, scale))
    return board, board_png(drawing, scale)


def add_map(parent: ET.Element, board: Board, box_names: dict[str, str], slot: Slot, *, main: bool) -> None:
    """The Map element: its board, grid, zones, tools and at-start stacks."""
    attributes = {"mapName": board.name, "markMoved": "Never", "allowMultiple": False,
                  "launch": not main, "buttonName": None if main else board.name}
    map_node = add(parent, MODULE + "Map", **attributes)
    picker = add(map_node, MAP + "BoardPicker")
    width, height = board.scale.size_px
    board_node = add(picker, BOARD + "Board", name=board.name, image=board.image, width=width, height=height,
                     reversible=False)
    zones = board.zones
    holder = add(board_node, GRID + "ZonedGrid") if zones else board_node
    if board.grid is not None:
        grid_node = add(holder, GRID + "HexGrid", **board.grid.grid_attributes())
        add(grid_node, GRID + "mapgrid.HexGridNumbering", **board.grid.numbering_attributes())
    else:
        grid_node = add(holder, GRID + "RegionGrid", snapto=True, visible=False, fontsize=9)
        for name, (x, y) in board.regions.values():
            add(grid_node, GRID + "Region", name=name, originx=x, originy=y)
    for box_id, (left, top, right, bottom) in zones.items():
        add(holder, GRID + "mapgrid.Zone", name=box_names[box_id], locationFormat="$name$",
            path=f"{left},{top};{right},{top};{right},{bottom};{left},{bottom}", useParentGrid=False)
    for tool in MAP_TOOLS:
        add(map_node, MAP + tool)
    for stack in board.stacks.values():
        x, y = stack.at_px
        node = add(map_node, MAP + "SetupStack", name=stack.name, owningBoard=board.name, useGridLocation=False,
                   x=x, y=y)
        for piece, level in stack.pieces:
            slot(node, piece, level)
