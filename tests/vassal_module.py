"""What a VASSAL 3.7 module must be for VASSAL to open it, checked without VASSAL.

VASSAL cannot run here (it is not in Debian and its jars are on no reachable registry), so a
generated module is checked against the rules its source states: every element is a class
VASSAL knows, under a parent that accepts it (getAllowableConfigureComponents), with only
attribute names that class reads (getAttributeNames); every image and PDF it names is in the
archive; every Map lists the interaction components VASSAL does not add by itself; every
piece definition decodes, trait by trait, into traits VASSAL's BasicCommandEncoder knows,
with the right number of fields (Layer, Marker, CalculatedProperty, Delete, BasicPiece); gpids are unique and below nextPieceSlotId.

Each predefined set-up (PredefinedSetup) names a saved game in the archive, which reads back
(vassal_save.py) into pieces VASSAL knows, on maps the module has, each in one stack at its
own position, carrying the gpid of a PieceSlot of the same name, and the module's own
moduledata.

Grids follow GridContainer's rules: a Board, a ZonedGrid (its background grid) and a Zone each
hold one grid at most (a second replaces the first: Board/ZonedGrid/Zone.setGrid); a Zone
that uses its parent's grid may hold none of its own (Zone.getAllowableConfigureComponents);
a Zone's path is a polygon PolygonEditor reads (`x,y` corners joined by ';').
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass

from generator.export.vassal.sequence import decode
from vassal_grid import board_grid
from vassal_save import SavedGame, levels

M, MAP, BOARD, GRID, W, TURN = ("VASSAL.build.module.", "VASSAL.build.module.map.",
                                "VASSAL.build.module.map.boardPicker.", "VASSAL.build.module.map.boardPicker.board.",
                                "VASSAL.build.widget.", "VASSAL.build.module.turn.")
ROOT = "VASSAL.build.GameModule"
WIDGETS = {W + "TabWidget", W + "PanelWidget", W + "ListWidget", W + "BoxWidget", W + "PieceSlot", W + "Chart"}
# Components a Map must list itself (Map.build adds only BoardPicker, StackMetrics and highlighters).
MAP_NEEDS = {MAP + name for name in ("PieceMover", "KeyBufferer", "MenuDisplayer", "ForwardToKeyBuffer", "StackExpander",
                                     "MapCenterer", "CounterDetailViewer", "Zoomer", "ForwardToChatter")}
CHILDREN = {
    ROOT: {M + c for c in ("BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions", "Chatter",
                           "PrototypesContainer", "Map", "PieceWindow", "DiceButton", "ChartWindow",
                           "PredefinedSetup")} | {TURN + "TurnTracker"},
    M + "Documentation": {M + "documentation.BrowserPDFFile"},
    M + "PlayerRoster": {"entry"},
    M + "PrototypesContainer": {M + "PrototypeDefinition"},
    M + "Map": {MAP + "BoardPicker", MAP + "StackMetrics", MAP + "SetupStack"} | MAP_NEEDS,
    MAP + "BoardPicker": {BOARD + "Board"},
    BOARD + "Board": {GRID + "HexGrid", GRID + "ZonedGrid", GRID + "RegionGrid", GRID + "SquareGrid"},
    GRID + "ZonedGrid": {GRID + "HexGrid", GRID + "mapgrid.Zone", GRID + "RegionGrid", GRID + "SquareGrid"},
    GRID + "mapgrid.Zone": {GRID + "HexGrid", GRID + "RegionGrid", GRID + "SquareGrid"},
    GRID + "HexGrid": {GRID + "mapgrid.HexGridNumbering"},
    GRID + "RegionGrid": {GRID + "Region"},
    MAP + "SetupStack": {W + "PieceSlot"},
    M + "PieceWindow": WIDGETS - {W + "Chart"},
    M + "ChartWindow": WIDGETS - {W + "PieceSlot"},
    W + "TabWidget": WIDGETS, W + "PanelWidget": WIDGETS, W + "ListWidget": WIDGETS, W + "BoxWidget": WIDGETS,
    TURN + "TurnTracker": {TURN + "ListTurnLevel", TURN + "CounterTurnLevel"},
    TURN + "ListTurnLevel": {TURN + "ListTurnLevel", TURN + "CounterTurnLevel"},
    TURN + "CounterTurnLevel": {TURN + "ListTurnLevel", TURN + "CounterTurnLevel"},
}
LEAVES = {M + c for c in ("BasicCommandEncoder", "GlobalOptions", "Chatter", "documentation.BrowserPDFFile",
                          "DiceButton", "PrototypeDefinition", "PredefinedSetup")} | {MAP + c for c in ("StackMetrics",)} | MAP_NEEDS | {
    GRID + "mapgrid.HexGridNumbering", GRID + "Region", GRID + "SquareGrid", W + "PieceSlot",
    W + "Chart", "entry"}
ATTRIBUTES = {  # what each class's getAttributeNames lists (VASSAL 3.7 source)
    ROOT: {"name", "version", "VassalVersion", "description", "nextPieceSlotId"},
    M + "Map": {"mapName", "markMoved", "markUnmovedIcon", "markUnmovedText", "markUnmovedTooltip", "edgeWidth",
                "edgeHeight", "backgroundcolor", "color", "thickness", "allowMultiple", "launch", "buttonName",
                "tooltip", "icon", "hotkey", "suppressAuto", "moveWithinFormat", "moveToFormat", "createFormat",
                "changeFormat", "moveKey", "movingStacksPickupUnits"},
    BOARD + "Board": {"name", "image", "width", "height", "color", "reversible"},
    GRID + "HexGrid": {"sideways", "x0", "y0", "dy", "dx", "snapTo", "edgesLegal", "cornersLegal", "visible",
                       "dotsVisible", "color", "snapscale"},
    GRID + "mapgrid.HexGridNumbering": {"first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading",
                                        "vOff", "vDescend", "locationFormat", "visible", "fontSize", "color",
                                        "rotateText", "hDrawOff", "vDrawOff", "stagger"},
    GRID + "mapgrid.Zone": {"name", "locationFormat", "path", "useParentGrid", "useHighlight", "highlightProperty"},
    GRID + "RegionGrid": {"visible", "fontsize", "snapto"},
    GRID + "Region": {"name", "originx", "originy"},
    MAP + "SetupStack": {"name", "owningBoard", "useGridLocation", "location", "x", "y"},
    W + "PieceSlot": {"entryName", "gpid", "width", "height"},
    M + "PieceWindow": {"name", "text", "tooltip", "icon", "hotkey", "hidden", "scale"},
    W + "TabWidget": {"entryName"},
    W + "PanelWidget": {"entryName", "fixed", "nColumns", "vert", "scale"},
    M + "ChartWindow": {"name", "text", "tooltip", "icon", "hotkey"},
    W + "Chart": {"chartName", "fileName"},
    M + "DiceButton": {"name", "text", "tooltip", "icon", "hotkey", "nDice", "nSides", "plus", "addToTotal",
                       "reportTotal", "prompt", "reportFormat", "sortDice"},
    TURN + "TurnTracker": {"name", "description", "buttonText", "icon", "hotkey", "nexthotkey", "prevhotkey",
                           "turnFormat", "reportFormat", "tooltip", "lengthStyle", "length", "plusButtonSize",
                           "turnButtonHeight", "fwdOnly"},
    TURN + "ListTurnLevel": {"name", "property", "turnFormat", "list", "configList", "configFirst", "prompt"},
    M + "documentation.BrowserPDFFile": {"title", "pdfFile"},
    M + "PredefinedSetup": {"name", "isMenu", "useFile", "file"},
}
REQUIRED = {
    M + "Map": {"mapName"}, BOARD + "Board": {"name", "image"}, GRID + "HexGrid": {"x0", "y0", "dx", "dy", "sideways"},
    GRID + "mapgrid.Zone": {"name", "path"}, MAP + "SetupStack": {"name", "owningBoard", "x", "y"},
    W + "PieceSlot": {"entryName", "gpid", "width", "height"}, W + "Chart": {"chartName", "fileName"},
    M + "DiceButton": {"name", "nDice", "nSides"}, TURN + "ListTurnLevel": {"property", "list"},
    M + "documentation.BrowserPDFFile": {"title", "pdfFile"}, GRID + "Region": {"name", "originx", "originy"},
    M + "PredefinedSetup": {"name", "file"},
}
GRIDS = {GRID + c for c in ("HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid")}
ZONE_PATH = re.compile(r"-?\d+,-?\d+(;-?\d+,-?\d+){2,}")
LAYER_FIELDS = 31  # emb2 in VASSAL 3.7 (Embellishment.myGetType, with description and scale)


@dataclass(frozen=True)
class Piece:
    slot: ET.Element
    types: list[str]  # outermost first, the BasicPiece last
    states: list[str]

    def trait(self, prefix: str) -> tuple[list[str], str] | None:
        """(the fields after the id, the state) of the first trait with this id, or None."""
        for kind, state in zip(self.types, self.states):
            if kind.startswith(prefix):
                return decode(kind[len(prefix):], ";" if prefix != "mark;" else ","), state
        return None

    @property
    def name(self) -> str:
        return decode(self.types[-1][len("piece;"):], ";")[3]

    def shown_name(self) -> str:
        return shown_name(self.types, self.states)

    def layer_images(self) -> list[str]:
        layer = self.trait("emb2;")
        return decode(layer[0][15], ",") if layer else [decode(self.types[-1][len("piece;"):], ";")[2]]

    def level(self) -> int:
        layer = self.trait("emb2;")
        return int(layer[1]) if layer else 1

    def properties(self) -> dict[str, str]:
        out = {}
        for kind, state in zip(self.types, self.states):
            if kind.startswith("mark;"):
                out.update(zip(decode(kind[len("mark;"):], ","), decode(state, ",")))
            elif kind.startswith("calcProp;"):
                name, expression, _ = decode(kind[len("calcProp;"):], ";")
                out[name] = expression
        return out


def shown_name(types: list[str], states: list[str]) -> str:
    """The name VASSAL shows at a piece's current level (Embellishment.getName): a level name
    "+ text" appends text, "text +" prefixes it, a plain one replaces the name."""
    name = decode(types[-1][len("piece;"):], ";")[3]
    layer = next(((kind, state) for kind, state in zip(types, states) if kind.startswith("emb2;")), None)
    level_name = decode(decode(layer[0][len("emb2;"):], ";")[16], ",")[int(layer[1]) - 1] if layer else ""
    if not level_name:
        return name
    first, *second = decode(level_name, "+")
    if not second:
        return first
    return name + second[0] if not first else first + name


def unwrap(definition: str) -> tuple[list[str], list[str]]:
    """A PieceSlot's text as VASSAL reads it: BasicCommandEncoder.decode, then each level."""
    assert definition.startswith("+/"), definition[:20]
    piece_id, piece_type, state = decode(definition[2:], "/")
    assert piece_id == "null"
    return levels(piece_type, state)


class Module:
    """An opened .vmod: its entries, buildFile.xml and moduledata parsed."""

    def __init__(self, data: bytes):
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = self.zip.namelist()
        self.root = ET.fromstring(self.zip.read("buildFile.xml"))
        self.data = ET.fromstring(self.zip.read("moduledata"))

    def all(self, cls: str) -> list[ET.Element]:
        return list(self.root.iter(cls))

    def pieces(self, within: ET.Element | None = None) -> list[Piece]:
        return [Piece(slot, *unwrap(slot.text)) for slot in (within if within is not None else self.root).iter(W + "PieceSlot")]

    def image(self, name: str) -> bytes:
        return self.zip.read(f"images/{name}")

    def saved_game(self, scenario_id: str) -> SavedGame:
        """The saved game of a scenario's predefined set-up."""
        setup = next(s for s in self.all(M + "PredefinedSetup") if s.get("file") == f"setup-{scenario_id}.vsav")
        return SavedGame.read(self.zip.read(setup.get("file")))

    def grids(self) -> dict:
        """Map name -> its board's grid as VASSAL reads it (vassal_grid.board_grid)."""
        return {node.get("mapName"): board_grid(next(node.iter(BOARD + "Board"))) for node in self.all(M + "Map")}

    def placed(self, scenario_id: str) -> dict[str, list[tuple[str, int, str]]]:
        """A scenario's saved game by place, as VASSAL names the place of each stack (the
        grid's name at its point): [(the name each piece shows, its level, its image)]."""
        grids, saved, out = self.grids(), self.saved_game(scenario_id), {}
        for stack in saved.stacks:
            grid = grids[stack.map_name]
            where = grid.name(*stack.at) if grid is not None else stack.map_name
            for piece_id in stack.piece_ids:
                piece = saved.pieces[piece_id]
                out.setdefault(where, []).append((shown_name(piece.types, piece.states), piece.level(),
                                                  piece.images()[piece.level() - 1]))
        return out


def problems(module: Module) -> list[str]:
    """Every way the module breaks VASSAL's rules ([] when it follows them all)."""
    found: list[str] = []
    root = module.root
    if root.tag != ROOT:
        found.append(f"root is {root.tag}")
    _walk(root, found)
    images = {n.removeprefix("images/") for n in module.names if n.startswith("images/")}
    for tag, attribute in ((BOARD + "Board", "image"), (W + "Chart", "fileName")):
        for node in module.all(tag):
            if node.get(attribute) not in images:
                found.append(f"{tag} names missing image {node.get(attribute)!r}")
    for node in module.all(M + "documentation.BrowserPDFFile"):
        if node.get("pdfFile") not in module.names:
            found.append(f"missing help file {node.get('pdfFile')!r}")
    for node in module.all(M + "Map"):
        missing = MAP_NEEDS - {child.tag for child in node}
        if missing:
            found.append(f"map {node.get('mapName')!r} lacks {sorted(missing)}")
        boards = {b.get("name") for b in node.iter(BOARD + "Board")}
        found += [f"set-up stack {s.get('name')!r} on unknown board {s.get('owningBoard')!r}"
                  for s in node.iter(MAP + "SetupStack") if s.get("owningBoard") not in boards]
    gpids = [slot.get("gpid") for slot in module.all(W + "PieceSlot")]
    if len(set(gpids)) != len(gpids):
        found.append("two PieceSlots share a gpid")
    if gpids and max(map(int, gpids)) >= int(root.get("nextPieceSlotId", "0")):
        found.append("nextPieceSlotId is not above every gpid")
    for piece in module.pieces():
        found += [f"piece {piece.slot.get('entryName')!r}: {p}" for p in _piece_problems(piece, images)]
    for setup in module.all(M + "PredefinedSetup"):
        if setup.get("file") not in module.names:
            found.append(f"missing saved game {setup.get('file')!r}")
        else:
            found += [f"{setup.get('file')}: {p}" for p in save_problems(module, module.zip.read(setup.get("file")))]
    return found


def save_problems(module: Module, data: bytes) -> list[str]:
    """Every way a saved game breaks what VASSAL needs to load it into this module."""
    found: list[str] = []
    saved = SavedGame.read(data)
    if saved.commands[:1] != ["begin_save"] or saved.commands[-1:] != ["end_save"]:
        found.append("not begin_save … end_save")
    found += [f"a command no encoder reads: {c[:40]!r}" for c in saved.unknown]
    if saved.entries.get("moduledata") != module.zip.read("moduledata"):
        found.append("its moduledata is not the module's")
    maps = {node.get("mapName") for node in module.all(M + "Map")}
    slots = {slot.get("gpid"): slot.get("entryName") for slot in module.all(W + "PieceSlot")}
    images = {n.removeprefix("images/") for n in module.names if n.startswith("images/")}
    position = {}
    for stack in saved.stacks:
        if stack.map_name not in maps:
            found.append(f"stack {stack.stack_id} on unknown map {stack.map_name!r}")
        for piece_id in stack.piece_ids:
            piece = saved.pieces.get(piece_id)
            if piece is None:
                found.append(f"stack {stack.stack_id} holds unknown piece {piece_id!r}")
            elif piece_id in position:
                found.append(f"piece {piece_id} in two stacks")
            else:
                position[piece_id] = (stack.map_name, stack.at)
    for piece_id, piece in saved.pieces.items():
        for problem in _trait_problems(piece.types, piece.states, images):
            found.append(f"piece {piece_id}: {problem}")
        if position.get(piece_id) != (piece.map_name, piece.at):
            found.append(f"piece {piece_id} at {piece.map_name!r} {piece.at}, its stack at {position.get(piece_id)}")
        if slots.get(piece.gpid) != piece.name:
            found.append(f"piece {piece_id} {piece.name!r} has gpid {piece.gpid!r} of slot {slots.get(piece.gpid)!r}")
    added = [c for c in saved.commands if c.startswith("+/")]
    ids = [decode(c[2:], "/")[0] for c in added]
    if len(set(ids)) != len(ids):
        found.append("two pieces share an id")
    for stack in saved.stacks:  # a stack's pieces must exist when it is added (Stack.setState)
        stack_index = ids.index(stack.stack_id)
        if any(ids.index(p) > stack_index for p in stack.piece_ids if p in ids):
            found.append(f"stack {stack.stack_id} comes before its pieces")
    return found


def _walk(node: ET.Element, found: list[str]) -> None:
    allowed = CHILDREN.get(node.tag)
    if allowed is None and node.tag not in LEAVES:
        found.append(f"unknown class {node.tag}")
    for child in node:
        if allowed is None or child.tag not in allowed:
            found.append(f"{child.tag} may not be inside {node.tag}")
        _walk(child, found)
    grids = [child.tag for child in node if child.tag in GRIDS]
    if len(grids) > 1:
        found.append(f"{node.tag} {node.get('name', '')!r} holds {len(grids)} grids; only the last would count")
    if node.tag == GRID + "mapgrid.Zone":
        if grids and node.get("useParentGrid") == "true":
            found.append(f"zone {node.get('name')!r} uses its parent's grid yet holds {grids[0]}")
        if not ZONE_PATH.fullmatch(node.get("path", "")):
            found.append(f"zone {node.get('name')!r} has the path {node.get('path')!r}, not a polygon")
    known = ATTRIBUTES.get(node.tag, set())
    found += [f"{node.tag} has no attribute {name!r}" for name in node.attrib if name not in known]
    found += [f"{node.tag} lacks {name!r}" for name in REQUIRED.get(node.tag, ()) if name not in node.attrib]


def _piece_problems(piece: Piece, images: set[str]) -> list[str]:
    out = _trait_problems(piece.types, piece.states, images)
    clone, delete, image, name = decode(piece.types[-1][len("piece;"):], ";")
    map_name, x, y, gpid, count = decode(piece.states[-1], ";")
    if (clone, delete, map_name, x, y, count) != ("", "", "null", "0", "0", "0") or gpid != piece.slot.get("gpid"):
        out.append(f"basic piece {piece.types[-1]!r} {piece.states[-1]!r}")
    if name != piece.slot.get("entryName"):
        out.append(f"named {name!r} in its slot {piece.slot.get('entryName')!r}")
    return out


def _trait_problems(types: list[str], states: list[str], images: set[str]) -> list[str]:
    """A piece's traits, each of a kind VASSAL knows with its fields, down to a BasicPiece."""
    out = []
    if not types[-1].startswith("piece;"):
        out.append("the innermost level is not a BasicPiece")
    for kind, state in zip(types[:-1], states[:-1]):
        prefix = kind[:kind.index(";") + 1]
        if prefix == "emb2;":
            fields = decode(kind[len(prefix):], ";")
            names, levels = decode(fields[15], ","), decode(fields[16], ",")
            if len(fields) != LAYER_FIELDS or not names or len(levels) != len(names):
                out.append(f"layer with {len(fields)} fields, {len(names)} images, {len(levels)} level names")
            out += [f"missing image {n!r}" for n in names if n not in images]
            if not 1 <= int(state) <= len(names):
                out.append(f"layer level {state} of {len(names)}")
        elif prefix == "mark;":
            if len(decode(kind[len(prefix):], ",")) != len(decode(state, ",")):
                out.append("a marker's properties and values differ in number")
        elif prefix == "delete;":
            text, key = decode(kind[len(prefix):], ";")
            if not text or not re.fullmatch(r"\d+,\d+", key):
                out.append(f"delete command {text!r} on {key!r}")
        elif prefix == "calcProp;":
            name, expression, _ = decode(kind[len(prefix):], ";")
            if not (name and expression.startswith("{") and expression.endswith("}")):
                out.append(f"calculated property {name!r} = {expression!r}")
        else:
            out.append(f"unknown trait {prefix!r}")
    basic = decode(types[-1][len("piece;"):], ";")
    if len(basic) != 4 or len(decode(states[-1], ";")) != 5:
        out.append(f"basic piece {types[-1]!r} {states[-1]!r}")
    elif basic[2] and basic[2] not in images:
        out.append(f"missing image {basic[2]!r}")
    return out
