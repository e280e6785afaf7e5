"""Every file of one module: buildFile.xml, moduledata, the images, the help PDFs and a saved
game per scenario.

One module is one game in one language with every scenario: each is a predefined set-up
under File › New game (setups.py), the default scenario first and its map the main window
(the other maps, and the turn track, open from the toolbar). Every unit and marker is in the
piece palette (palette.py), the turn tracker lists the game's turns and phases, a dice button
rolls each kind of dice the tables use, and the charts and player aids open in a chart window
(windows.py). The module's name and version come last (identity.py): the version is a hash
of everything else, so it is worked out from the files made with an empty version, then
written into buildFile.xml, moduledata and each saved game's copy of moduledata.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from generator.build.components import BuildContext
from generator.build.options import options_for
from generator.export.vassal.boards import SPACE, Board, add_map, make_board, make_sheet_board
from generator.export.vassal.buildfile import MODULE, add, document_bytes, element
from generator.export.vassal.counters import GamePiece, PieceWords
from generator.export.vassal.hexgrid import pixels_per_mm
from generator.export.vassal.identity import content_version, module_name, saved_ms
from generator.export.vassal.palette import add_palette, add_pieces
from generator.export.vassal.setups import (
    VASSAL_VERSION,
    Setup,
    add_predefined_setups,
    saved_game_bytes,
    scenario_setup,
    setup_file,
)
from generator.export.vassal.turntrack import make_turn_track_board, track_title, zone_names
from generator.export.vassal.windows import add_charts, add_dice, add_turn_tracker
from generator.geometry.mapgrid import grid_for
from generator.model.game import Game
from generator.model.scenario import Scenario


@dataclass
class Module:
    """What one module is made of, gathered before the XML is written."""

    game: Game
    scenarios: tuple[Scenario, ...]  # the default first, then the others in file order
    context: BuildContext
    files: dict[str, bytes] = field(default_factory=dict)  # zip entry -> bytes
    pieces: dict[str, GamePiece] = field(default_factory=dict)  # "unit:<id>" -> piece
    boards: list[Board] = field(default_factory=list)
    setups: list[Setup] = field(default_factory=list)  # each scenario's pieces, by place
    words: PieceWords | None = None  # the pieces' menu commands and level names
    slot_gpids: dict[str, str] = field(default_factory=dict)  # piece key -> its first palette slot's gpid
    name: str = ""
    version: str = ""
    warnings: list[str] = field(default_factory=list)  # what VASSAL would not read as the kit prints it
    _gpids: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def t(self):
        return self.context.translator

    @property
    def default(self) -> Scenario | None:
        return self.scenarios[0] if self.scenarios else None

    @property
    def not_placed(self) -> list[str]:
        return [f"{s.scenario.scenario_id}: {what}" for s in self.setups for what in s.not_placed]

    def next_gpid(self) -> str:
        return str(next(self._gpids))

    def setup_name(self, scenario: Scenario) -> str:
        """The scenario as File › New game lists it: its title (with its id when two share one)."""
        title = self.t.of(scenario, "title") or scenario.scenario_id
        same = [s for s in self.scenarios if (self.t.of(s, "title") or s.scenario_id) == title]
        return f"{title} ({scenario.scenario_id})" if len(same) > 1 else title


def module_files(game: Game, default: Scenario | None, language: str, dpi: float, chart_dpi: float) -> Module:
    overrides = {"languages": (language,), "scenarios": None}
    context = BuildContext(game, options_for(game.spec.print, Path("output"), overrides), language)
    scenarios = tuple(sorted(game.scenarios, key=lambda s: s is not default))
    module = Module(game, scenarios, context)
    maps = _maps_in_order(game, default)
    # the main map's hexes an even number of pixels tall (an area map has no grid to fit)
    px_per_mm = dpi / 25.4 if maps[0].is_area else pixels_per_mm(grid_for(maps[0].grid), dpi)
    add_pieces(module, px_per_mm)
    _add_boards(module, maps, dpi, px_per_mm)
    module.setups = [scenario_setup(module, scenario) for scenario in scenarios]
    root = _build_file(module, chart_dpi)
    module.name = module_name(game, language)
    draft = _identity_files(module, root, "")
    module.version = content_version({**module.files, **draft})
    module.files.update(_identity_files(module, root, module.version))
    return module


def _identity_files(module: Module, root: ET.Element, version: str) -> dict[str, bytes]:
    """The files that carry the module's name and version: buildFile.xml, moduledata and the
    saved games (each holds a copy of moduledata)."""
    root.set("name", module.name)
    root.set("version", version)
    data = _moduledata(module, version)
    files = {"buildFile.xml": document_bytes(root), "moduledata": data}
    for setup in module.setups:
        files[setup_file(setup.scenario)] = saved_game_bytes(module, setup, data, version)
    return files


def _maps_in_order(game: Game, default: Scenario | None):
    first = default.map_id if default is not None else game.spec.maps[0].id
    return sorted(game.spec.maps, key=lambda spec: spec.id != first)


# -- boards ----------------------------------------------------------------------------------

def _add_boards(module: Module, maps, dpi: float, px_per_mm: float) -> None:
    """A board per map printed alone and per map sheet, in the order of `maps` (a sheet where
    its first map comes), then the turn track's (at the pieces' `px_per_mm`). Each hex board
    has the scale nearest `dpi` that makes its hexes (a sheet's: its anchor map's) an even
    number of pixels tall, so VASSAL finds every hex exactly where it snaps it."""
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
        name = _unique(t.of(source, "title"), source.id, names)
        if sheet is not None:
            anchor = maps[0].id if maps[0].id in sheet.maps else sheet.maps[0]
            scale = pixels_per_mm(grid_for(game.maps[anchor].grid), dpi)
            board, image = make_sheet_board(game, sheet, t, options.counter_size_mm, scale, name, tiling,
                                            anchor=anchor)
        else:
            scale = dpi / 25.4 if spec.is_area else pixels_per_mm(grid_for(spec.grid), dpi)
            board, image = make_board(game, spec, t, options.counter_size_mm, scale, name, tiling)
        # a record track's numbered spaces drawn in a box of the map's panel (`track:<id>:<side>:
        # <value>` in the drawing's boxes) are named as the turn track's are
        spaces = [box_id for box_id in board.box_names if SPACE.fullmatch(box_id)]
        board.box_names.update(zone_names(module.context, spaces))
        module.boards.append(board)
        module.files[f"images/{board.image}"] = image
        for map_id, grid in board.grids.items():
            wrong = grid.unreadable_ids()
            if wrong:
                module.warnings.append(f"map {map_id}: VASSAL would read the hex ids {', '.join(wrong[:5])}"
                                       f"{' …' if len(wrong) > 5 else ''} as other hexes (two numbers with "
                                       "nothing between them, the second wider than its padding)")
    board, image = make_turn_track_board(module.context, px_per_mm, _unique(track_title(module.context), "turn-track",
                                                                              names))
    module.boards.append(board)
    module.files[f"images/{board.image}"] = image


def _unique(name: str, source_id: str, names: set[str]) -> str:
    """A map's name, with its id when another map has that name (VASSAL finds maps by name)."""
    if name in names:
        name = f"{name} ({source_id})"
    names.add(name)
    return name


# -- buildFile.xml ---------------------------------------------------------------------------

def _build_file(module: Module, chart_dpi: float) -> ET.Element:
    game, t = module.game, module.t
    root = element("VASSAL.build.GameModule", name="", version="", VassalVersion=VASSAL_VERSION,
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
        add_map(root, board, main=index == 0)
    add_palette(module, root)
    add_predefined_setups(module, root)
    add_dice(module, root)
    add_turn_tracker(module, root)
    add_charts(module, root, documentation, chart_dpi)
    root.set("nextPieceSlotId", module.next_gpid())
    return root


def _description(module: Module) -> str:
    t = module.t
    return t.subtitle() if module.game.spec.subtitle else ""


def _moduledata(module: Module, version: str) -> bytes:
    data = element("data", version="1")
    for tag, text in (("version", version), ("VassalVersion", VASSAL_VERSION), ("dateSaved", str(saved_ms(version))),
                      ("description", _description(module)), ("name", module.name)):
        add(data, tag, text)
    return document_bytes(data)
