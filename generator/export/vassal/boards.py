"""The module's maps: each game map as a VASSAL Map with one board (the printed map), its
HexGrid and numbering, its off-map boxes as zones where the map's panel draws them, and the
scenario's set-up as at-start stacks.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from generator.components.mapparts.drawing import MapDrawing, draw_map
from generator.export.vassal.buildfile import BOARD, GRID, MAP, MAP_TOOLS, MODULE, add
from generator.export.vassal.counters import GamePiece
from generator.export.vassal.hexgrid import VassalHexGrid, board_scale
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
    grid: VassalHexGrid
    stacks: dict[str, Stack] = field(default_factory=dict)

    @property
    def zones(self) -> dict[str, tuple[int, int, int, int]]:
        """Box id -> its rectangle on the board in pixels (left, top, right, bottom)."""
        to_px = self.grid.scale.to_px
        out = {}
        for box_id, (x, y, w, h) in self.drawing.boxes_mm:
            left, top = to_px(x, y)
            right, bottom = to_px(x + w, y + h)
            out[box_id] = (round(left), round(top), round(right), round(bottom))
        return out

    def hex_px(self, hex_id: str) -> tuple[int, int]:
        x, y = self.grid.centre_px(*self.grid.grid.parse_id(hex_id))
        return round(x), round(y)

    def box_px(self, box_id: str) -> tuple[int, int] | None:
        rect = self.zones.get(box_id)
        return None if rect is None else ((rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2)

    def stack_at(self, key: str, name: str, at_px: tuple[int, int]) -> Stack:
        return self.stacks.setdefault(key, Stack(name, at_px))


def make_board(game, spec: MapSpec, t, counter_mm: float, px_per_mm: float, name: str) -> tuple[Board, bytes]:
    """The board of a map and its image."""
    drawing = draw_map(game, spec, counter_mm, t)
    grid = grid_for(spec.grid)
    scale = board_scale(grid, (drawing.width_mm, drawing.height_mm), px_per_mm)
    board = Board(spec, name, f"map-{spec.id}.png", drawing, VassalHexGrid(grid, scale))
    return board, board_png(drawing, scale)


def add_map(parent: ET.Element, board: Board, box_names: dict[str, str], slot: Slot, *, main: bool) -> None:
    """The Map element: its board, grid, zones, tools and at-start stacks."""
    attributes = {"mapName": board.name, "markMoved": "Never", "allowMultiple": False,
                  "launch": not main, "buttonName": None if main else board.name}
    map_node = add(parent, MODULE + "Map", **attributes)
    picker = add(map_node, MAP + "BoardPicker")
    width, height = board.grid.scale.size_px
    board_node = add(picker, BOARD + "Board", name=board.name, image=board.image, width=width, height=height,
                     reversible=False)
    holder = board_node
    zones = board.zones
    if zones:
        holder = add(board_node, GRID + "ZonedGrid")
    grid_node = add(holder, GRID + "HexGrid", **board.grid.grid_attributes())
    add(grid_node, GRID + "mapgrid.HexGridNumbering", **board.grid.numbering_attributes())
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
