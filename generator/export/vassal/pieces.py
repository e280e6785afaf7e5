"""Piece definitions: the text of a PieceSlot, as VASSAL's BasicCommandEncoder writes it.

A piece is a BasicPiece wrapped in traits (VASSAL's Decorators). Its definition is
`+/<id>/<type>/<state>`: the type is the outermost trait's type, a TAB, then the inner
piece's type, and so on down to the BasicPiece; the state nests the same way. Each level of
nesting goes through the SequenceEncoder, which is what escapes the inner TABs.

Only the traits the export uses are here, each with its fields in VASSAL's order:
BasicPiece (`piece;`), Layer (`emb2;`, counters/Embellishment.java), Marker (`mark;`, static
properties), CalculatedProperty (`calcProp;`) and Delete (`delete;`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.export.vassal.sequence import encode

CTRL = 130  # a Java KeyStroke's modifiers for Ctrl: CTRL_DOWN_MASK (128) | CTRL_MASK (2)


@dataclass(frozen=True)
class Keystroke:
    """A key with modifiers, written `<Java key code>,<modifiers>` (70,130 is Ctrl-F)."""

    key: str  # one letter A-Z (its Java key code is its upper-case code point)
    modifiers: int = CTRL

    def encoded(self) -> str:
        return f"{ord(self.key.upper())},{self.modifiers}"


@dataclass(frozen=True)
class Trait:
    """One level of a piece: its type (ID + fields) and its state."""

    type: str
    state: str


def piece_definition(traits: Sequence[Trait], basic: Trait, piece_id: str | None = None) -> str:
    """The AddPiece text of a piece: `traits` outermost first, then the BasicPiece."""
    piece_type, piece_state = basic.type, basic.state
    for trait in reversed(traits):
        piece_type = encode([trait.type, piece_type], "\t")
        piece_state = encode([trait.state, piece_state], "\t")
    return "+/" + encode([piece_id or "null", piece_type, piece_state], "/")


def basic_piece(name: str, image: str = "", gpid: str = "", at: tuple[str, int, int] | None = None) -> Trait:
    """The innermost piece: no clone/delete keys, an image (may be none), a name; off-map, or
    `at` (map, x, y) on a map (BasicPiece.getState: map id, x, y, gpid, no properties)."""
    map_id, x, y = at or ("null", 0, 0)
    return Trait("piece;" + encode(["", "", image, name], ";"), encode([map_id, x, y, gpid, 0], ";"))


@dataclass(frozen=True)
class LayerCommand:
    text: str  # the menu item
    key: Keystroke


def layer(name: str, images: Sequence[str], level_names: Sequence[str], level: int = 1, *,
          increase: LayerCommand | None = None, decrease: LayerCommand | None = None,
          loop: bool = False) -> Trait:
    """A Layer, always active, showing `images[level - 1]`. `level_names` change the piece's
    name per level: "" keeps it, "+ text" appends text, "text +" puts text in front.
    Its level is the property `<name>_Level` (1 = the first image)."""
    if not images or len(level_names) != len(images):
        raise ValueError("a layer needs one name per image")
    if not 1 <= level <= len(images):
        raise ValueError(f"layer level {level} is not one of 1..{len(images)}")
    fields = [
        "", CTRL, "",  # activate command, modifiers, key: none (always active)
        increase.text if increase else "", CTRL, "",  # increase: command text (its key is below)
        decrease.text if decrease else "", CTRL, "",  # decrease
        "", "", "1",  # reset command, reset key, reset level
        False, 0, 0,  # draw underneath when selected, x and y offset
        encode(images, ","), encode(level_names, ",") or "",
        loop, name,
        "", "",  # random key, random command text
        False, "", 1,  # follow a property, its name, value of level 1
        1,  # version: keys below are NamedKeyStrokes
        True,  # always active
        "",  # activate keystroke
        increase.key.encoded() if increase else "",
        decrease.key.encoded() if decrease else "",
        "", 1.0,  # description, scale
    ]
    return Trait("emb2;" + encode(fields, ";"), str(level))


def marker(properties: Sequence[tuple[str, str]]) -> Trait:
    """Static properties (VASSAL's Marker trait): names in the type, values in the state."""
    if not properties:
        raise ValueError("a marker needs at least one property")
    return Trait("mark;" + encode([k for k, _ in properties], ","), encode([v for _, v in properties], ",") or "")


def calculated_property(name: str, expression: str, description: str = "") -> Trait:
    """A property computed by a BeanShell expression (`{...}`) each time it is read."""
    return Trait("calcProp;" + encode([name, expression, description], ";"), "")


def delete(text: str, key: Keystroke) -> Trait:
    """A menu command (and key) that removes the piece from the map."""
    return Trait("delete;" + encode([text, key.encoded()], ";"), "")
