"""What a unit brings to a fight: its steps, and its attack and defence at a step level, read
from the factors its faces print.

A factor layout names its numbers ({attack}-{defence}-{movement}, {combat}-{movement},
{strength}-{movement}); the report takes a unit's attack from the first of ATTACK its face
gives and its defence from the first of DEFENCE, so a one-factor unit attacks and defends
with the same number. A game whose faces give none of them (blocks whose strength is their
steps) is measured in steps alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.model.units import Face, Unit

ATTACK = ("attack", "combat", "strength")
DEFENCE = ("defence", "defense", "combat", "strength")


@dataclass(frozen=True)
class Strength:
    steps: int
    attack: int
    defence: int

    def __add__(self, other: "Strength") -> "Strength":
        return Strength(self.steps + other.steps, self.attack + other.attack, self.defence + other.defence)


NONE = Strength(0, 0, 0)


def face_at(unit: Unit, steps: int | None) -> Face | None:
    """The face a unit shows at `steps` steps (None: full strength): faces run from full
    strength down, one step a face; a unit with fewer faces than steps keeps its last."""
    if not unit.faces:
        return None
    if steps is None or steps >= unit.steps:
        return unit.faces[0]
    return unit.faces[min(max(unit.steps - steps, 0), len(unit.faces) - 1)]


def factor(values: dict[str, int], names: tuple[str, ...]) -> int:
    return next((values[name] for name in names if name in values), 0)


def strength(unit: Unit, steps: int | None = None) -> Strength:
    """`unit` at `steps` steps (None: full strength)."""
    level = unit.steps if steps is None else max(0, min(steps, unit.steps))
    face = face_at(unit, level)
    values = face.values if face is not None else {}
    return Strength(level, factor(values, ATTACK), factor(values, DEFENCE))


def factor_names(game) -> tuple[str, ...]:
    """Every factor the units' faces give, in the order the game's layouts declare them."""
    declared = [name for layout in game.spec.factor_layouts for name in layout.fields]
    given = {name for unit in game.units for face in unit.faces for name in face.values}
    return tuple(dict.fromkeys(name for name in declared if name in given))


def has_factors(game) -> bool:
    """Whether any unit prints an attack or a defence (else strength is counted in steps)."""
    names = set(ATTACK) | set(DEFENCE)
    return any(name in face.values for unit in game.units for face in unit.faces for name in names)
