"""A saved game (.vsav) as VASSAL 3.7 writes one, for a predefined set-up (File › New game).

A saved game is a zip (GameState.saveGame) of:

- `savedGame`: the game as one command (GameState.getRestoreCommand), encoded by
  GameModule.encode — `begin_save`, then every piece added (AddPiece, BasicCommandEncoder:
  `+/<id>/<type>/<state>`), each stack after the pieces it holds (type `stack`, state
  `<map>;<x>;<y>;<piece id>…`, Stack.getState), the turn tracker's state (TurnTracker.encode:
  `TURN<id>` TAB its state), then `end_save` — joined by ESC through the SequenceEncoder, and
  obfuscated (ObfuscatingOutputStream of 3.7: `!VCSK`, the key as two hex digits, then each
  byte XOR the key as two hex digits);
- `savedata`: the save's metadata (SaveMetaData: VASSAL version, date, description);
- `moduledata`: the module's own metadata, copied (AbstractMetaData.copyModuleMetadata).

Loading it runs `begin_save` (a game closed: GameState.setup(false)), adds each piece — a
piece names its map and position (BasicPiece.setState), a stack gathers its pieces in order,
bottom first — sets the turn, and `end_save` starts the game (setup(true)), where each map
with one board takes that board (BoardPicker.getDefaultSetup), so no board command is needed.
The module has no at-start stacks, so nothing else is put on the maps.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from generator.export.vassal.archive import zip_bytes
from generator.export.vassal.buildfile import add, document_bytes, element
from generator.export.vassal.sequence import encode

ESC = "\x1b"  # GameModule.COMMAND_SEPARATOR
BEGIN, END = "begin_save", "end_save"  # GameState.BEGIN_SAVE, END_SAVE
HEADER = "!VCSK"  # ObfuscatingOutputStream.HEADER (VASSAL 3.2-3.7)
HEX = "0123456789abcdef"
SAVED_GAME, SAVE_DATA, MODULE_DATA = "savedGame", "savedata", "moduledata"
TURN_COMMAND = "TURN"  # TurnTracker.COMMAND_PREFIX


@dataclass
class SavedStack:
    """Pieces standing together at one point of a map, bottom first."""

    map_name: str  # the map's identifier: its name (Map.getIdentifier)
    at_px: tuple[int, int]
    pieces: list[tuple[str, str]] = field(default_factory=list)  # (piece id, AddPiece text)


def add_piece(piece_id: str, piece_type: str, state: str) -> str:
    """BasicCommandEncoder.encode(AddPiece)."""
    return "+/" + encode([piece_id, piece_type, state], "/")


def stack_command(stack_id: str, stack: SavedStack) -> str:
    """A Stack's AddPiece: type `stack`, state its map, position and pieces (Stack.getState)."""
    x, y = stack.at_px
    return add_piece(stack_id, "stack", encode([stack.map_name, x, y, *(pid for pid, _ in stack.pieces)], ";"))


def turn_command(tracker_id: str, state: str) -> str:
    """TurnTracker.encode(SetTurn)."""
    return encode([TURN_COMMAND + tracker_id, state], "\t")


def game_command(stacks: list[SavedStack], extra: list[str], first_stack_id: int) -> str:
    """The restore command: every piece, then every stack, then `extra` (the turn)."""
    commands = [text for stack in stacks for _, text in stack.pieces]
    commands += [stack_command(str(first_stack_id + n), stack) for n, stack in enumerate(stacks)]
    return encode([BEGIN, *commands, *extra, END], ESC)


def obfuscate(text: str, key: int) -> bytes:
    """ObfuscatingOutputStream (VASSAL 3.7): header, key, each UTF-8 byte XOR key, in hex."""
    data = text.encode("utf-8")
    pairs = [HEX[key >> 4] + HEX[key & 15]] + [HEX[(b ^ key) >> 4] + HEX[(b ^ key) & 15] for b in data]
    return (HEADER + "".join(pairs)).encode("ascii")


def key_for(text: str) -> int:
    """The obfuscation key, from the text (VASSAL draws it at random; any byte reads back)."""
    return hashlib.sha256(text.encode("utf-8")).digest()[0]


def save_data(vassal_version: str, saved_ms: int, description: str) -> bytes:
    """`savedata` (AbstractMetaData.save): version (empty for a save), VASSAL's version, date,
    description."""
    data = element("data", version="1")
    add(data, "version", "")
    add(data, "VassalVersion", vassal_version)
    add(data, "dateSaved", str(saved_ms))
    add(data, "description", description)
    return document_bytes(data)


def saved_game(command: str, module_data: bytes, vassal_version: str, saved_ms: int, description: str) -> bytes:
    """The .vsav file."""
    return zip_bytes({SAVED_GAME: obfuscate(command, key_for(command)),
                      SAVE_DATA: save_data(vassal_version, saved_ms, description),
                      MODULE_DATA: module_data})
