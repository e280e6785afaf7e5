"""A saved game (.vsav) read back as VASSAL 3.7 reads it, re-implemented from its source for
the tests.

- The zip's `savedGame` entry goes through DeobfuscatingInputStream: text starting `!VCSK`
  is followed by the key as two hex digits, then each byte as two hex digits XOR the key
  (0-9, A-F and a-f read; anything else, or an odd digit, is an IOException); any other
  text passes through as it is.
- GameModule.decode splits the text at ESC with the SequenceEncoder's decoder and decodes
  every part the same way, until a part holds no separator: that part is one command.
- A command `+/…` is an AddPiece (BasicCommandEncoder.decode): id, type and state split at
  '/'; a type TAB-nests its traits, outermost first, down to the BasicPiece (`piece;`), or
  is `stack`. A BasicPiece's state is `map;x;y;gpid;properties…` (BasicPiece.setState); a
  stack's `map;x;y;piece id…` (Stack.setState: ids of pieces added before it).
- `begin_save` and `end_save` are GameState's SetupCommands; `TURN<id>` TAB state is the
  turn tracker's (TurnTracker.decode), its state `level|level state` (TurnTracker.setState)
  and a list level's `current;sub-level;first;active…;sub-level states`
  (ListTurnLevel.setState).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field

from generator.export.vassal.sequence import decode

ESC = "\x1b"
HEX_DIGITS = set(b"0123456789ABCDEFabcdef")


def deobfuscate(data: bytes) -> str:
    """DeobfuscatingInputStream (VASSAL 3.7), then UTF-8."""
    if not data.startswith(b"!VCSK"):
        return data.decode("utf-8")
    digits = data[5:]
    if len(digits) % 2 or not set(digits) <= HEX_DIGITS:
        raise OSError("not an obfuscated saved game")
    key = int(digits[:2], 16)
    return bytes(int(digits[i:i + 2], 16) ^ key for i in range(2, len(digits), 2)).decode("utf-8")


def commands(text: str) -> list[str]:
    """GameModule.decode's single commands, in the order they run."""
    parts = decode(text, ESC)
    if len(parts) == 1 and parts[0] == text:
        return [text]
    return [command for part in parts for command in commands(part)]


@dataclass(frozen=True)
class SavedPiece:
    piece_id: str
    types: list[str]  # outermost trait first, the BasicPiece last
    states: list[str]

    @property
    def basic(self) -> list[str]:
        """The BasicPiece's state: map, x, y, gpid, number of properties."""
        return decode(self.states[-1], ";")

    @property
    def map_name(self) -> str:
        return self.basic[0]

    @property
    def at(self) -> tuple[int, int]:
        return int(self.basic[1]), int(self.basic[2])

    @property
    def gpid(self) -> str:
        return self.basic[3]

    @property
    def name(self) -> str:
        return decode(self.types[-1][len("piece;"):], ";")[3]

    def level(self) -> int:
        """The Layer's level (1 when the piece has no Layer)."""
        return next((int(state) for kind, state in zip(self.types, self.states) if kind.startswith("emb2;")), 1)

    def images(self) -> list[str]:
        layer = next((kind for kind in self.types if kind.startswith("emb2;")), None)
        if layer is None:
            return [decode(self.types[-1][len("piece;"):], ";")[2]]
        return decode(decode(layer[len("emb2;"):], ";")[15], ",")

    def properties(self) -> dict[str, str]:
        out = {}
        for kind, state in zip(self.types, self.states):
            if kind.startswith("mark;"):
                out.update(zip(decode(kind[len("mark;"):], ","), decode(state, ",")))
        return out


@dataclass(frozen=True)
class SavedStack:
    stack_id: str
    map_name: str
    at: tuple[int, int]
    piece_ids: list[str]


@dataclass
class SavedGame:
    entries: dict[str, bytes]
    commands: list[str]
    pieces: dict[str, SavedPiece] = field(default_factory=dict)
    stacks: list[SavedStack] = field(default_factory=list)
    turn: tuple[str, str] | None = None  # (tracker id, state)
    unknown: list[str] = field(default_factory=list)  # commands no encoder of the module reads

    @classmethod
    def read(cls, data: bytes) -> "SavedGame":
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = {name: archive.read(name) for name in archive.namelist()}
        game = cls(entries, commands(deobfuscate(entries["savedGame"])))
        for command in game.commands:
            game._read(command)
        return game

    def _read(self, command: str) -> None:
        if command in ("begin_save", "end_save"):
            return
        if command.startswith("+/"):
            piece_id, piece_type, state = decode(command[2:], "/")
            if piece_type == "stack":
                map_name, x, y, *ids = decode(state, ";")
                self.stacks.append(SavedStack(piece_id, map_name, (int(x), int(y)), ids))
            else:
                self.pieces[piece_id] = SavedPiece(piece_id, *levels(piece_type, state))
            return
        if command.startswith("TURN"):
            prefix, state = decode(command, "\t")
            self.turn = (prefix.removeprefix("TURN"), state)
            return
        self.unknown.append(command)

    def stack_of(self, piece_id: str) -> SavedStack | None:
        return next((s for s in self.stacks if piece_id in s.piece_ids), None)


def levels(piece_type: str, state: str) -> tuple[list[str], list[str]]:
    """BasicCommandEncoder.createPiece: each TAB-nested level's type and state, outermost
    first, down to the BasicPiece."""
    types, states = [], []
    while True:
        outer, *inner = decode(piece_type, "\t")
        outer_state, *inner_state = decode(state, "\t")
        types.append(outer)
        states.append(outer_state)
        if not inner:
            return types, states
        assert len(inner) == 1 and len(inner_state) <= 1, "a level holds one inner piece"
        piece_type, state = inner[0], inner_state[0] if inner_state else ""


def tracker(state: str) -> tuple[int, list[tuple[int, list[bool], list[str]]]]:
    """TurnTracker.setState: (current level, each list level's (current item, active items,
    its sub-levels' states))."""
    current, *levels = decode(state, "|")
    out = []
    for level in levels:
        item, _sub, _first, active, *subs = decode(level, ";")
        out.append((int(item), [flag == "true" for flag in decode(active, ",")], subs))
    return int(current), out
