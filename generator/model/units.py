"""Units, their printed faces, and markers."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model.source import FromRow, Location


FACE_MARKS = "*•"  # the marks a face may carry in units.csv (`face_marks` in game.yaml says what each means)


@dataclass(frozen=True, slots=True)
class Face:
    """One printed face: its factor text, the parsed values, and marks such as '*'."""

    text: str
    values: dict[str, int]
    marks: frozenset[str] = frozenset()
    layout: str | None = None  # the factor layout it was written in (model/faces.layout_of)

    @property
    def blank(self) -> bool:
        return not self.text


@dataclass(frozen=True, slots=True)  # slots: a game may have a hundred thousand units
class Unit(FromRow):
    unit_id: str
    nationality: str
    type_id: str
    size: str | None  # size id, None for no echelon mark
    ad_hoc: bool  # bracket over the size mark (WEF/GE 2.8)
    designation: str
    parent: str
    steps: int
    step_system: str
    faces: tuple[Face, ...]  # full strength first
    code: str  # upper-left corner code
    army: str
    flags: frozenset[str]
    copies: int
    where: Location
    source: str = ""
    notes: str = ""
    name: str = ""
    icon: str = ""  # printed upper right instead of the type's icon (BitE: the blitz armies)
    back_designation: str = ""  # the name its reduced faces print (a unit renamed on its back)
    back_type: str = ""  # the unit type its reduced faces show (BitE 1.5d: cadre cavalry, full armour)
    # Pictures (image ids or files) of its faces from full strength down, as `factors` lists
    # faces; one entry is every face's. Empty: its type's image, if any.
    images: tuple[str, ...] = ()
    # The nationality whose colours its back shows: a two-sided counter that flips to the
    # other side when its place changes hands (SotE: a key city's garrison).
    back_nationality: str = ""
    ability: str = ""  # what it alone may do, printed on its side's player aid (SotE: a leader's order)
    columns: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def type_at(self, steps: int | None) -> str:
        """The unit type the counter shows at `steps` (None: full strength): a unit whose
        reduced faces show another type (`back_type`) is of that type once reduced."""
        if self.back_type and steps is not None and steps < max(self.steps, 1):
            return self.back_type
        return self.type_id


@dataclass(frozen=True)
class Marker(FromRow):
    marker_id: str
    name: str
    text: str
    back_text: str
    nationality: str | None
    side: str | None
    kind: str
    copies: int
    where: Location
    source: str = ""
    columns: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    back_side: str | None = None  # a two-sided marker: its back in this side's colour (control, VP)
    image: str = ""  # a picture (an image id or a file) on its front
    back_image: str = ""  # and on its back (default: the front's)
