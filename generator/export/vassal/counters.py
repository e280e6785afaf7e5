"""The game's units and markers as VASSAL pieces: their faces as the levels of a Layer, their
ids and factors as properties.

A unit's levels follow its step system: one level per step for units spread over two
counters (GE 2.11: A front, A back, B front, B back, full strength first) and for blocks
(the label turned to each strength), else the front and, when it prints anything, the back. Its factors are properties; when the levels differ,
a calculated property picks the value of the current level (`Step_Level`). A marker has its
front and back as two levels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.components.counters.chart_art import face_name
from generator.model.faces import level_faces
from generator.components.counters.plan import CounterSpec, marker_counter, unit_counters
from generator.export.vassal.pieces import (
    Keystroke,
    LayerCommand,
    Trait,
    basic_piece,
    calculated_property,
    delete,
    layer,
    marker,
    piece_definition,
)
from generator.export.vassal.sequence import encode
from generator.model.game import Game
from generator.model.units import Marker, Unit

STEP_LAYER = "Step"  # its level is the property Step_Level
IMAGE_SUFFIX = ".png"


@dataclass(frozen=True)
class GamePiece:
    """One piece: what it is called, what it shows at each level, what it knows."""

    key: str  # "unit:<id>" or "marker:<id>"
    name: str
    side: str | None
    faces: tuple[str, ...]  # the counter image stem of each level, full strength first
    level_names: tuple[str, ...]  # "" or "+ (reduced)" …: how a level changes the name
    properties: tuple[tuple[str, str], ...]
    factors: tuple[tuple[str, tuple[str, ...]], ...]  # factor -> its value at each level
    multistep: bool = False  # more than two levels: lose and regain steps rather than flip

    @property
    def images(self) -> tuple[str, ...]:
        return tuple(face + IMAGE_SUFFIX for face in self.faces)

    def definition(self, words: "PieceWords", level: int = 1, gpid: str = "", piece_id: str | None = None,
                   at: tuple[str, int, int] | None = None) -> str:
        """The piece as a PieceSlot holds it (off-map, id "null"), or with `piece_id` and `at`
        (map, x, y) as a saved game adds it (AddPiece)."""
        traits: list[Trait] = [delete(words.delete, Keystroke("D"))]
        if len(self.faces) > 1:
            traits.append(layer(STEP_LAYER, self.images, self.level_names, level, **self._commands(words)))
        fixed = [(name, values[0]) for name, values in self.factors if len(set(values)) == 1]
        traits.append(marker(self.properties + tuple(fixed)))
        traits += [calculated_property(name, by_level(values)) for name, values in self.factors
                   if len(set(values)) > 1]
        image = "" if len(self.faces) > 1 else self.images[0]
        return piece_definition(traits, basic_piece(self.name, image, gpid, at), piece_id)

    def _commands(self, words: "PieceWords") -> dict:
        if self.multistep:
            return {"increase": LayerCommand(words.lose_step, Keystroke("L")),
                    "decrease": LayerCommand(words.regain_step, Keystroke("R"))}
        return {"increase": LayerCommand(words.flip, Keystroke("F")), "loop": True}


@dataclass(frozen=True)
class PieceWords:
    """The menu commands and level names, in the module's language."""

    flip: str
    delete: str
    lose_step: str
    regain_step: str
    state: dict[str, str]  # face state ("reduced", "reformed") -> its name
    steps: Callable[[int], str]  # n -> "3 steps"


def by_level(values: tuple[str, ...]) -> str:
    """A BeanShell expression giving values[level - 1] for the Layer's current level."""
    expression = _literal(values[-1])
    for level in range(len(values) - 1, 0, -1):
        expression = f"({STEP_LAYER}_Level=={level}?{_literal(values[level - 1])}:{expression})"
    return "{" + expression + "}"


def _literal(value: str) -> str:
    return value if value.lstrip("-").isdigit() else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- units -----------------------------------------------------------------------------------

def unit_faces(game: Game, unit: Unit) -> tuple[str, ...]:
    """The printed faces ("A.front" …) of a unit's levels, full strength first (model/faces)."""
    return level_faces(game, unit)


def unit_level(game: Game, unit: Unit, steps: int | None) -> int:
    """The Layer level (1 = the first) showing `unit` at `steps` steps."""
    if game.is_block(unit):
        return 1 if steps is None else unit.steps - max(1, min(steps, unit.steps)) + 1
    faces = unit_faces(game, unit)
    face = face_name(game, unit, steps)
    return faces.index(face) + 1 if face in faces else 1


def unit_piece(game: Game, unit: Unit, name: str, words: PieceWords) -> GamePiece:
    counters = unit_counters(game, unit)
    faces = unit_faces(game, unit)
    arts = [_face(counters, face) for face in faces]
    system = game.step_systems.get(unit.step_system)
    by_steps = system is not None and system.kind == "two_counter" and len(faces) > 2
    level_names = [""] + [_suffix(words.steps(unit.steps - n) if by_steps else words.state.get(art.state, ""))
                          for n, art in enumerate(arts[1:], start=1)]
    printed = [f for f in unit.faces if not f.blank]
    fields = list(dict.fromkeys(field for face in printed for field in face.values))  # in printed order
    factors = tuple((field, tuple(_value_at(printed, faces, level, field) for level in range(len(faces))))
                    for field in fields)
    stems = tuple(_stem(counters, face) for face in faces)
    return GamePiece(f"unit:{unit.unit_id}", name, game.side_of(unit), stems, tuple(level_names),
                     _unit_properties(game, unit), factors, multistep=len(faces) > 2)


def block_piece(game: Game, unit: Unit, name: str, words: PieceWords) -> GamePiece:
    """A block: its label turned to each strength, full strength first (images
    `block_images` names)."""
    levels = range(unit.steps, 0, -1)
    return GamePiece(f"unit:{unit.unit_id}", name, game.side_of(unit), block_images(unit),
                     tuple("" if n == unit.steps else _suffix(words.steps(n)) for n in levels),
                     _unit_properties(game, unit), (), multistep=unit.steps > 1)


def block_images(unit: Unit) -> tuple[str, ...]:
    """The image stems of a block's strengths, full strength first."""
    return tuple(f"{unit.unit_id}-block-{n}" for n in range(unit.steps, 0, -1))


def _unit_properties(game: Game, unit: Unit) -> tuple[tuple[str, str], ...]:
    return (("UnitId", unit.unit_id), ("Side", game.side_of(unit) or ""), ("Nationality", unit.nationality),
            ("UnitType", unit.type_id), ("Size", unit.size or ""), ("Steps", str(unit.steps)))


def _face(counters: tuple[CounterSpec, ...], face: str):
    counter, side = _counter_of(counters, face)
    return counter.front if side == "front" else counter.back


def _stem(counters: tuple[CounterSpec, ...], face: str) -> str:
    counter, side = _counter_of(counters, face)
    return f"{counter.name}-{side}"


def _counter_of(counters: tuple[CounterSpec, ...], face: str) -> tuple[CounterSpec, str]:
    letter, side = face.split(".")
    return (counters[1] if letter == "B" and len(counters) > 1 else counters[0]), side


def _value_at(printed, faces: tuple[str, ...], level: int, field: str) -> str:
    """The factor printed on the face of a level: faces are printed in the order of levels."""
    index = level if len(faces) > 1 else 0
    face = printed[index] if index < len(printed) else None
    value = face.values.get(field) if face is not None else None
    return "" if value is None else str(value)


def _suffix(text: str) -> str:
    """A level name that appends ' (text)' to the piece's name; a '+' in it is escaped."""
    return encode(["", f" ({text})"], "+") if text else ""


# -- markers ---------------------------------------------------------------------------------

def marker_piece(game: Game, marker_: Marker, t) -> GamePiece:
    counter = marker_counter(game, marker_, t)
    side = game.nationalities[marker_.nationality].side if marker_.nationality in game.nationalities \
        else (marker_.side if marker_.side in game.sides else None)
    back = t.marker_back_text(marker_)
    properties = (("MarkerId", marker_.marker_id), ("Side", side or ""), ("Kind", marker_.kind))
    return GamePiece(f"marker:{marker_.marker_id}", t.of(marker_), side,
                     (f"{counter.name}-front", f"{counter.name}-back"), ("", _suffix(back)), properties, ())
