"""A unit's printed faces, decided once: which counter face ("A.front", "A.back", "B.front",
"B.back") carries which of its faces in which state, which face shows it at a step level, and
the factor layout each face was written in. The loader records the layout, and the counter
sheets, the charts, the VASSAL export and the checks all ask here.

A unit's `faces` (units.csv `factors`, full strength first) map onto counters by its step
system: one face (single), a front and a reduced back (flip), a front and a reformed back
(reformed), or the faces of two counters named by the system's `levels` (two_counter, GE 2.11);
a block prints one label whose edges show its strengths. A type without steps may still print
a back (GWNE 2.12: a spent HQ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.model.units import Face, Unit

FaceState = Literal["full", "reduced", "reformed"]


@dataclass(frozen=True)
class PrintedFace:
    slot: str  # A.front, A.back, B.front, B.back
    face: Face
    state: FaceState


def _kind(game, unit: Unit) -> str:
    system = game.step_systems.get(unit.step_system)
    unit_type = game.unit_types.get(unit.type_id)
    kind = system.kind if system is not None else "flip"
    if unit_type is not None and not unit_type.steps:
        kind = "flip"  # no steps, but a printed back is still a back (GWNE 2.12: a spent HQ)
    return kind


def printed_faces(game, unit: Unit) -> tuple[PrintedFace, ...]:
    """The faces the unit's counters print, full strength first, each on its counter face."""
    printed = [f for f in unit.faces if not f.blank] or [Face("", {})]
    kind = _kind(game, unit)
    system = game.step_systems.get(unit.step_system)
    slots: dict[str, PrintedFace] = {"A.front": PrintedFace("A.front", printed[0], "full")}
    if kind == "two_counter" and unit.steps in system.levels:
        for level, slot in enumerate(system.levels[unit.steps]):
            if level < len(printed):
                slots[slot] = PrintedFace(slot, printed[level], "full" if level == 0 else "reduced")
    elif len(printed) > 1 and kind in ("flip", "reformed", "two_counter"):
        slots["A.back"] = PrintedFace("A.back", printed[1], "reformed" if kind == "reformed" else "reduced")
    return tuple(slots.values())


def level_faces(game, unit: Unit) -> tuple[str, ...]:
    """The counter faces that show the unit's step levels, full strength first (a reformed
    back is not a level of its own but the state the unit returns in; it is listed after the
    front all the same, as the face a player turns the counter to)."""
    system = game.step_systems.get(unit.step_system)
    if system is not None and system.kind == "two_counter" and unit.steps in system.levels:
        return tuple(system.levels[unit.steps])
    return tuple(p.slot for p in printed_faces(game, unit))


def face_at(game, unit: Unit, steps: int | None = None) -> str:
    """Which counter face shows `unit` at `steps` steps (None or its full strength: "A.front")."""
    if steps is None or steps >= unit.steps:
        return "A.front"
    system = game.step_systems.get(unit.step_system)
    unit_type = game.unit_types.get(unit.type_id)
    if system is None or (unit_type is not None and not unit_type.steps) or steps < 1:
        return "A.front"
    if system.kind == "two_counter" and unit.steps not in system.levels:
        return "A.front"  # no levels for this step count: units.faces reports it
    return system.face_of_level(unit.steps, steps)


def layout_of(game, unit_type, face: Face):
    """The factor layout a face was written in: the one the loader matched it to (kept on the
    face), else of its type's layouts the one whose factors it gives, else the first."""
    if face.layout is not None and face.layout in game.factor_layouts:
        return game.factor_layouts[face.layout]
    layouts = [game.factor_layouts[i] for i in unit_type.layouts if i in game.factor_layouts] if unit_type else []
    return next((layout for layout in layouts if set(layout.fields) == set(face.values)),
                layouts[0] if layouts else None)
