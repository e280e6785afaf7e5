"""Each scenario as a saved game the module offers under File › New game (a PredefinedSetup).

Where a scenario puts each piece at start, on the module's boards: its units in their hexes,
areas and boxes (each on the face for the steps it starts with), its markers in theirs, the
marker set on a turn in that turn's box of the turn track, and a marker that starts on a
number track on its space (the side's face of a two-sided marker on that side's half).

Pieces at one place form one stack, in the scenario's order, bottom first. A hex's pieces
stand on the point VASSAL snaps the hex to (hexgrid.VassalHexGrid.vassal_point), a box's on
its centre, a turn's in the box's counter space.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from generator.export.vassal.boards import Board
from generator.export.vassal.buildfile import MODULE, add
from generator.export.vassal.counters import GamePiece, unit_level
from generator.export.vassal.identity import saved_ms
from generator.export.vassal.savedgame import SavedStack, game_command, saved_game, turn_command
from generator.export.vassal.turntrack import track_space, turn_space
from generator.export.vassal.windows import TRACKER_ID, tracker_state
from generator.model.scenario import Scenario

VASSAL_VERSION = "3.7.0"  # the VASSAL the module and its saved games are written for


@dataclass
class Placed:
    """Pieces set up together at one place of a board, bottom first."""

    board: Board
    name: str  # the place as the players know it: "2314 Königsberg", a box's or a turn's name
    at_px: tuple[int, int]
    pieces: list[tuple[GamePiece, int]] = field(default_factory=list)  # (piece, layer level)


@dataclass
class Setup:
    scenario: Scenario
    stacks: dict[str, Placed] = field(default_factory=dict)  # place key -> its stack
    not_placed: list[str] = field(default_factory=list)  # what has nowhere to go, and why


def scenario_setup(module, scenario: Scenario) -> Setup:
    """Every unit and marker the scenario sets up, stacked by place."""
    game = module.game
    setup = Setup(scenario)
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is None:
            continue
        piece = module.pieces[f"unit:{unit.unit_id}"]
        stack = _stack(module, setup, placement.map_id or scenario.map_id, placement.place, placement.box, piece.name)
        if stack is not None:
            stack.pieces.append((piece, unit_level(game, unit, placement.steps)))
    for placed in scenario.markers:
        piece = module.pieces.get(f"marker:{placed.marker_id}")
        marker = game.marker_index.get(placed.marker_id)
        if piece is None or marker is None:
            continue
        level = 2 if placed.shows_back(marker) and len(piece.faces) > 1 else 1
        if placed.track:
            box = track_space(placed.track, placed.side if _two_sided(game, placed.track) else None, placed.value)
            what = f"{piece.name} (on the {placed.track} track at {placed.value})"
        elif placed.place is None and placed.box is None:
            box, what = turn_space(game, scenario, placed.turn), f"{piece.name} (turn {placed.turn})"
        else:
            box, what = placed.box, piece.name
        stack = _stack(module, setup, scenario.map_id, placed.place, box, what)
        if stack is not None:
            stack.pieces.append((piece, level))
    return setup


def _two_sided(game, track_id: str) -> bool:
    track = next((t for t in game.spec.turn_track.tracks if t.id == track_id), None)
    return bool(track and track.sides)


def _stack(module, setup: Setup, map_id: str, place_id: str | None, box_id: str | None, what: str) -> Placed | None:
    """The stack at a hex or area of a map (named '2314 Königsberg', or the area's name), or in
    a box (or a turn or track space) of whichever board draws it."""
    if place_id is not None:
        board = next((b for b in module.boards if map_id in b.maps), None)
        if board is not None:
            spec = board.maps[map_id]
            found = module.game.place(map_id, place_id)
            if spec.is_area:
                name = board.regions[place_id][0]
            else:
                name = f"{place_id} {module.t.place_name(found)}".strip() if found is not None else place_id
            key = f"place:{map_id}:{place_id}"
            return setup.stacks.setdefault(key, Placed(board, name, board.place_px(map_id, place_id)))
    if box_id is not None:
        board = next((b for b in module.boards if box_id in b.box_names), None)
        if board is not None:
            return setup.stacks.setdefault(f"box:{box_id}", Placed(board, board.box_names[box_id],
                                                                   board.box_px(box_id)))
    setup.not_placed.append(f"{what} (box {box_id} is not drawn on any board)" if box_id else what)
    return None


# -- each scenario as a saved game (File › New game) ---------------------------------------------

def setup_file(scenario: Scenario) -> str:
    """The saved game's entry in the module."""
    return f"setup-{scenario.scenario_id}.vsav"


def add_predefined_setups(module, root: ET.Element) -> None:
    """A predefined set-up per scenario (PredefinedSetup: File › New game lists them, the
    default scenario first), each loading the scenario's saved game."""
    for scenario in module.scenarios:
        add(root, MODULE + "PredefinedSetup", name=module.setup_name(scenario), isMenu=False, useFile=True,
            file=setup_file(scenario))


def saved_game_bytes(module, setup: Setup, module_data: bytes, version: str) -> bytes:
    """The scenario's saved game: each stack's pieces, each on its face and with the gpid of
    its palette slot, then the stacks, then the turn tracker at the scenario's first turn."""
    ids = itertools.count(1)
    stacks = []
    for placed in setup.stacks.values():
        name, (x, y) = placed.board.name, placed.at_px
        stack = SavedStack(name, placed.at_px)
        for piece, level in placed.pieces:
            piece_id = str(next(ids))
            gpid = module.slot_gpids.get(piece.key, "")
            stack.pieces.append((piece_id, piece.definition(module.words, level, gpid, piece_id, (name, x, y))))
        stacks.append(stack)
    turn = turn_command(TRACKER_ID, tracker_state(module, setup.scenario))
    command = game_command(stacks, [turn], next(ids))
    return saved_game(command, module_data, VASSAL_VERSION, saved_ms(version), module.setup_name(setup.scenario))
