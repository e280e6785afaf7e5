"""Every file of one module: buildFile.xml, moduledata, the images and the help PDFs.

One module is one game in one language with one scenario set up: the scenario's map is the
main window (the other maps open from the toolbar), every unit and marker is in the piece
palette (a tab per side, then the markers of no side), the scenario's units and markers stand
where it sets them up, the turn tracker lists its turns and the game's phases, a dice button
rolls each kind of dice the tables use, and the charts and player aids open in a chart
window (the player aids also as PDFs in the Help menu).
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from generator.build.components import BuildContext
from generator.build.options import options_for
from generator.components.blocks.label import block_items
from generator.components.counters.images import png_files
from generator.render.png import rasterise
from generator.components.counters.plan import plan_counters
from generator.components.deployment_words import group_title
from generator.components.setup_content import unit_name
from generator.export.vassal.boards import Board, add_map, make_board, make_sheet_board
from generator.export.vassal.buildfile import MODULE, WIDGET, add, document_bytes, element
from generator.export.vassal.counters import (
    GamePiece,
    PieceWords,
    block_images,
    block_piece,
    marker_piece,
    unit_level,
    unit_piece,
)
from generator.export.vassal.hexgrid import pixels_per_mm
from generator.export.vassal.images import png_size
from generator.export.vassal.windows import add_charts, add_dice, add_turn_tracker
from generator.geometry.mapgrid import grid_for
from generator.i18n import vocabulary as v
from generator.layout.primitives import Page
from generator.model.game import Game
from generator.model.scenario import Scenario

VASSAL_VERSION = "3.7.0"
MODULE_VERSION = "1.0"
SAVED_MS = 315532800000  # moduledata's dateSaved: 1980-01-01, the zip's own epoch (no clock)
PALETTE_COLUMNS = 10


@dataclass
class Module:
    """What one module is made of, gathered before the XML is written."""

    game: Game
    scenario: Scenario | None
    context: BuildContext
    files: dict[str, bytes] = field(default_factory=dict)  # zip entry -> bytes
    pieces: dict[str, GamePiece] = field(default_factory=dict)  # "unit:<id>" -> piece
    boards: list[Board] = field(default_factory=list)
    not_placed: list[str] = field(default_factory=list)  # set-up entries with nowhere to go
    words: PieceWords | None = None  # the pieces' menu commands and level names
    _gpids: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def t(self):
        return self.context.translator

    def next_gpid(self) -> str:
        return str(next(self._gpids))


def module_files(game: Game, scenario: Scenario | None, language: str, dpi: float, chart_dpi: float) -> Module:
    overrides = {"languages": (language,), "scenarios": (scenario.scenario_id,) if scenario else None}
    context = BuildContext(game, options_for(game.spec.print, Path("output"), overrides), language)
    module = Module(game, scenario, context)
    maps = _maps_in_order(game, scenario)
    # the main map's hexes an even number of pixels tall (an area map has no grid to fit)
    px_per_mm = dpi / 25.4 if maps[0].is_area else pixels_per_mm(grid_for(maps[0].grid), dpi)
    _add_pieces(module, px_per_mm)
    _add_boards(module, maps, px_per_mm)
    if scenario is not None:
        _set_up(module, scenario)
    root = _build_file(module, chart_dpi)
    module.files["buildFile.xml"] = document_bytes(root)
    module.files["moduledata"] = _moduledata(module)
    return module


def _maps_in_order(game: Game, scenario: Scenario | None):
    first = scenario.map_id if scenario is not None else game.spec.maps[0].id
    return sorted(game.spec.maps, key=lambda spec: spec.id != first)


# -- pieces ----------------------------------------------------------------------------------

def _add_pieces(module: Module, px_per_mm: float) -> None:
    game, t, context = module.game, module.t, module.context
    words = PieceWords(flip=t.ui("Flip"), delete=t.ui("Delete"), lose_step=t.ui("Lose a step"),
                       regain_step=t.ui("Regain a step"),
                       state={"reduced": t.ui("reduced"), "reformed": t.ui("reformed")},
                       steps=lambda n: t.ngettext("%(num)d step", "%(num)d steps", n))
    module.words = words
    for unit in game.units:
        make = block_piece if game.is_block(unit) else unit_piece
        module.pieces[f"unit:{unit.unit_id}"] = make(game, unit, _unit_name(module, unit), words)
    for marker in game.markers:
        module.pieces[f"marker:{marker.marker_id}"] = marker_piece(game, marker, t)
    sections = plan_counters(game, t, context.options.counter_blank_backs)
    counters = [counter for section in sections for counter in section.counters]
    used = {image for piece in module.pieces.values() for image in piece.images}
    for output in png_files(counters, game.spec.print.counter_size_mm, px_per_mm * 25.4):
        name = output.name.rsplit("/", 1)[-1]
        if name in used:
            module.files[f"images/{name}"] = output.data
    _add_block_images(module, px_per_mm)


def _add_block_images(module: Module, px_per_mm: float) -> None:
    """Each block's label turned to each of its strengths, as the charts draw a block."""
    game, size = module.game, module.game.spec.print.block_size_mm
    blocks = [unit for unit in game.units if game.is_block(unit)]
    pages = [Page(size, size, block_items(game, unit, size, module.t, strength))
             for unit in blocks for strength in range(unit.steps, 0, -1)]
    stems = [stem for unit in blocks for stem in block_images(unit)]
    if pages:
        for stem, data in zip(stems, rasterise(pages, px_per_mm * 25.4)):
            module.files[f"images/{stem}.png"] = data


def _unit_name(module: Module, unit) -> str:
    """Its name; a unit known only by its designation also gets its nationality ('1 (Redland)'),
    so that two nations' '1' differ in the palette and in the chat's move reports."""
    if unit.name:
        return unit_name(module.context, unit)
    nationality = module.game.nationalities.get(unit.nationality)
    return f"{unit.designation} ({module.t.of(nationality)})" if nationality else unit.designation


# -- maps and set-up -------------------------------------------------------------------------

def _add_boards(module: Module, maps, px_per_mm: float) -> None:
    """A board per map printed alone and per map sheet, in the order of `maps` (a sheet where
    its first map comes)."""
    game, t, options = module.game, module.t, module.context.options
    tiling = (options.paper_mm, options.map_overlap_mm)  # the panel where the kit prints it
    names: set[str] = set()
    done: set[str] = set()
    for spec in maps:
        sheet = game.sheet_of_map.get(spec.id)
        source = sheet or spec
        if source.id in done:
            continue
        done.add(source.id)
        name = t.of(source, "title")
        if name in names:
            name = f"{name} ({source.id})"
        names.add(name)
        if sheet is not None:
            board, image = make_sheet_board(game, sheet, t, options.counter_size_mm, px_per_mm, name, tiling,
                                            anchor=maps[0].id)
        else:
            board, image = make_board(game, spec, t, options.counter_size_mm, px_per_mm, name, tiling)
        module.boards.append(board)
        module.files[f"images/{board.image}"] = image


def _set_up(module: Module, scenario: Scenario) -> None:
    """The scenario's units and markers as at-start stacks: one per hex or box."""
    game = module.game
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is None:
            continue
        piece = module.pieces[f"unit:{unit.unit_id}"]
        stack = _stack(module, placement.map_id or scenario.map_id, placement.place, placement.box, piece.name)
        if stack is not None:
            stack.pieces.append((piece, unit_level(game, unit, placement.steps)))
    shown_on = {game.boxes[box_id].track: box_id for board in reversed(module.boards) for box_id in board.box_names
                if box_id in game.boxes and game.boxes[box_id].track}
    turn_box = next((box.id for box in game.maps[scenario.map_id].boxes if box.kind == "track" and not box.track),
                    None)
    for placed in scenario.markers:
        piece = module.pieces.get(f"marker:{placed.marker_id}")
        if piece is None:
            continue
        if placed.track:  # a record track: the box that shows it, on whichever board draws it
            shown = shown_on.get(placed.track)
            if shown is None:
                module.not_placed.append(f"{piece.name} (on the {placed.track} track, which no map box shows)")
                continue
            stack = _stack(module, scenario.map_id, None, shown, piece.name)
            if stack is not None:
                stack.pieces.append((piece, 1))
            continue
        box = placed.box or (turn_box if placed.place is None else None)
        what = piece.name if box or placed.place else f"{piece.name} (turn {placed.turn}: the map has no track box)"
        stack = _stack(module, scenario.map_id, placed.place, box, what)
        if stack is not None:
            stack.pieces.append((piece, 1))


def _stack(module: Module, map_id: str, place_id: str | None, box_id: str | None, what: str):
    """The stack at a hex or area of a map (named '2314 Königsberg', or the area's name), or
    in a box of whichever board draws it."""
    if place_id is not None:
        board = next((b for b in module.boards if map_id in b.maps), None)
        if board is not None:
            spec = board.maps[map_id]
            found = module.game.place(map_id, place_id)
            if spec.is_area:
                name = board.regions[place_id][0]
            else:
                name = f"{place_id} {module.t.place_name(found)}".strip() if found is not None else place_id
            return board.stack_at(f"place:{map_id}:{place_id}", name, board.place_px(map_id, place_id))
    if box_id is not None:
        board = next((b for b in module.boards if box_id in b.box_names), None)
        if board is not None:
            return board.stack_at(f"box:{box_id}", board.box_names[box_id], board.box_px(box_id))
    module.not_placed.append(f"{what} (box {box_id} is not drawn on the map)" if box_id else what)
    return None


# -- buildFile.xml ---------------------------------------------------------------------------

def _build_file(module: Module, chart_dpi: float) -> ET.Element:
    game, t = module.game, module.t
    root = element("VASSAL.build.GameModule", name=t.title(), version=MODULE_VERSION, VassalVersion=VASSAL_VERSION,
                   description=_description(module))
    add(root, MODULE + "BasicCommandEncoder")
    documentation = add(root, MODULE + "Documentation")
    roster = add(root, MODULE + "PlayerRoster")
    for side in game.spec.sides:
        add(roster, "entry", t.of(side))
    add(root, MODULE + "GlobalOptions")
    add(root, MODULE + "Chatter")
    add(root, MODULE + "PrototypesContainer")
    for index, board in enumerate(module.boards):
        add_map(root, board, lambda parent, piece, level: _slot(module, parent, piece, level), main=index == 0)
    _palette(module, root)
    add_dice(module, root)
    add_turn_tracker(module, root)
    add_charts(module, root, documentation, chart_dpi)
    root.set("nextPieceSlotId", module.next_gpid())
    return root


def _description(module: Module) -> str:
    t = module.t
    if module.scenario is not None:
        return t.of(module.scenario, "title")
    return t.subtitle() if module.game.spec.subtitle else ""


def _slot(module: Module, parent: ET.Element, piece: GamePiece, level: int = 1) -> None:
    gpid = module.next_gpid()
    width, height = png_size(module.files[f"images/{piece.images[level - 1]}"])
    add(parent, WIDGET + "PieceSlot", piece.definition(module.words, level, gpid), entryName=piece.name, gpid=gpid,
        width=width, height=height)


def _palette(module: Module, root: ET.Element) -> None:
    """The units the players still deploy (a free set-up), then a tab per side (its units by
    nationality, then its markers), then the other markers."""
    game, t = module.game, module.t
    window = add(root, MODULE + "PieceWindow", name=t.ui(v.COUNTERS), text=t.ui(v.COUNTERS), hidden=False, scale=1.0)
    tabs = add(window, WIDGET + "TabWidget", entryName=t.ui(v.COUNTERS))
    _free_deployment(module, tabs)
    groups = []
    for side in game.spec.sides:
        units = [module.pieces[f"unit:{u.unit_id}"] for n in game.spec.nationalities if n.side == side.id
                 for u in game.units if u.nationality == n.id]
        markers = [p for key, p in module.pieces.items() if key.startswith("marker:") and p.side == side.id]
        groups.append((t.of(side), units + markers))
    groups.append((t.ui(v.MARKERS), [p for key, p in module.pieces.items() if key.startswith("marker:") and p.side is None]))
    for title, pieces in groups:
        if pieces:
            _panel(module, tabs, title, pieces)


def _free_deployment(module: Module, tabs: ET.Element) -> None:
    """A tab of the units the scenario leaves for the players to place, one inner tab per
    deployment group (as the set-up form lists them)."""
    scenario = module.scenario
    free = set(scenario.free_units()) if scenario is not None else set()
    if not free:
        return
    plan = scenario.deployment
    inner = add(tabs, WIDGET + "TabWidget", entryName=module.t.ui("Free deployment"))
    for group in plan.groups:
        pieces = [module.pieces[f"unit:{unit_id}"] for unit_id in group.unit_ids if unit_id in free]
        if pieces:
            _panel(module, inner, group_title(module.context, plan, group), pieces)


def _panel(module: Module, parent: ET.Element, title: str, pieces: list[GamePiece]) -> None:
    panel = add(parent, WIDGET + "PanelWidget", entryName=title, fixed=True, nColumns=PALETTE_COLUMNS, vert=False,
                scale=1.0)
    for piece in pieces:
        _slot(module, panel, piece)


def _moduledata(module: Module) -> bytes:
    data = element("data", version="1")
    for tag, text in (("version", MODULE_VERSION), ("VassalVersion", VASSAL_VERSION), ("dateSaved", str(SAVED_MS)),
                      ("description", _description(module)), ("name", module.t.title())):
        add(data, tag, text)
    return document_bytes(data)
