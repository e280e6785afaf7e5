"""Which physical counters a game needs and what each of their faces shows.

A unit is one counter (A) or, for 3-4 step units, two (A and B, GE 2.11); every counter has a
front and a back. The step system decides what each face carries: the reduced face (flip),
the reformed state (reformed, WEF 2.12), one step level per face (two_counter, through its
`levels`), or nothing but the colours (one-step units). Markers take their front and back
text from markers.csv. Counters are grouped into sections by side, then rows by nationality.
Blocks are not counters: their labels have sheets of their own (components/blocks).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from generator.errors import WarkitError
from generator.i18n import vocabulary as v
from generator.layout.colours import readable_on
from generator.layout.ink_saving import saving_colours
from generator.i18n.designations import say
from generator.layout.symbols import is_air, symbol_words
from generator.model.faces import FaceState, layout_of, printed_faces
from generator.model.game import Game
from generator.model.pictures import COUNTER_SLOTS, Art
from generator.model.rules import Colours
from generator.model.units import Face, Marker, Unit
FaceKind = Literal["unit", "marker", "blank"]
NEUTRAL = Colours(background="#ffffff", text="#000000")


@dataclass(frozen=True)
class FaceArt:
    """Everything printed on one side of one counter."""

    kind: FaceKind
    colours: Colours
    shape: Literal["square", "round"] = "square"
    symbol: str = ""
    echelon: str = ""
    ad_hoc: bool = False
    designation: str = ""
    parent: str = ""
    army: str = ""
    code: str = ""
    code_circled: bool = False  # GWNE 3.1: a circled letter is a set-up code
    factors: str = ""
    star: bool = False  # '*' next to the factors (WEF 10.10: never rebuilt)
    dot: bool = False  # large dot upper left (GE 2.11: the lower counter of a 3-4 step unit)
    state: FaceState = "full"
    icon: str = ""
    lines: tuple[str, ...] = ()  # a marker's text
    dice: tuple[int, ...] = ()  # factors printed as die faces after the factor line (BitE 4.1)
    art: Art | None = None  # the designer's picture, in its slot (symbol, full or portrait)
    symbol_words: tuple[tuple[str, str], ...] = ()  # the words its symbol prints, translated (symbols.symbol_words)


@dataclass(frozen=True)
class CounterSpec:
    """One physical counter: a stable name for its image files, its two faces, how many."""

    name: str
    front: FaceArt
    back: FaceArt
    copies: int = 1
    label: str = ""  # what a person calls it: "I Corps (A)", "Control"


@dataclass(frozen=True)
class Section:
    """Counters printed together on their own sheets: one side, or the neutral markers."""

    title: str
    rows: tuple[tuple[CounterSpec, ...], ...] = field(default=())  # each row group starts a new row
    side: str | None = None  # the side's id; None for the markers of no side

    @property
    def counters(self) -> tuple[CounterSpec, ...]:
        return tuple(counter for row in self.rows for counter in row)


def plan_counters(game: Game, t=None, blank_backs: str = "colour", ink: str = "full") -> tuple[Section, ...]:
    """Every counter of the game, grouped by side (then nationality), markers last per side.
    With a Translator `t`, side names and marker texts are in its language; blank_backs
    "plain" prints the backs that carry nothing in white rather than the unit's colours;
    ink "saving" gives every face light colours (layout/ink_saving.py)."""
    sections = []
    placed_markers: set[str] = set()
    for side in game.spec.sides:
        rows: list[tuple[CounterSpec, ...]] = []
        for nationality in game.spec.nationalities:
            if nationality.side != side.id:
                continue
            units = [u for u in game.units if u.nationality == nationality.id and not game.is_block(u)]
            rows.append(tuple(c for u in units for c in unit_counters(game, u, t)))
        markers = [m for m in game.markers if _marker_side(game, m) == side.id]
        placed_markers.update(m.marker_id for m in markers)
        rows.append(tuple(marker_counter(game, m, t) for m in markers))
        rows = [row for row in rows if row]
        if rows:
            sections.append(Section(t.of(side) if t else side.name, tuple(rows), side.id))
    rest = tuple(marker_counter(game, m, t) for m in game.markers if m.marker_id not in placed_markers)
    if rest:
        sections.append(Section(t.ui(v.MARKERS) if t else "Markers", (rest,)))
    if blank_backs == "plain":
        sections = [replace(s, rows=tuple(tuple(map(_plain_blank, row)) for row in s.rows)) for s in sections]
    if ink == "saving":
        sections = [replace(s, rows=tuple(tuple(map(_saving, row)) for row in s.rows)) for s in sections]
    _check_names(sections)
    return tuple(sections)


def _saving(counter: CounterSpec) -> CounterSpec:
    def light(face: FaceArt) -> FaceArt:
        return replace(face, colours=saving_colours(face.colours, band=face.kind == "unit"))

    return replace(counter, front=light(counter.front), back=light(counter.back))


def _plain_blank(counter: CounterSpec) -> CounterSpec:
    def plain(face: FaceArt) -> FaceArt:
        return replace(face, colours=NEUTRAL) if face.kind == "blank" else face

    return replace(counter, front=plain(counter.front), back=plain(counter.back))


def _check_names(sections: list[Section]) -> None:
    """File names must be unique even on case-insensitive file systems."""
    seen: dict[str, str] = {}
    for section in sections:
        for counter in section.counters:
            key = counter.name.lower()
            if key in seen:
                raise WarkitError(f"two counters would share the image name {counter.name!r} "
                                  f"(and {seen[key]!r}); rename one of the ids")
            seen[key] = counter.name


# -- units -------------------------------------------------------------------------------


def unit_counters(game: Game, unit: Unit, t=None) -> tuple[CounterSpec, ...]:
    """The counter (or counters A and B) of one unit, with their faces (model/faces.py) and
    the picture each shows; `t` translates what a person calls it (the preview's captions)
    and the words its symbol prints ("HQ")."""
    faces = printed_faces(game, unit)  # full strength first: a face's place is its level
    slots = {p.slot: (p.face, p.state) for p in faces}
    levels = {p.slot: level for level, p in enumerate(faces)}
    if unit.back_nationality and "A.back" not in slots:  # the same unit on its back, in the other colours
        slots["A.back"] = (slots["A.front"][0], "full")  # (a side's face, not a step level)
        levels["A.back"] = 0  # its picture is the front's
    two = any(slot.startswith("B.") for slot in slots)
    counters = []
    for letter in ("A", "B") if two else ("A",):
        front, back = (_with_art(_unit_face(game, unit, slots.get(f"{letter}.{side}"), letter, side, t),
                                 unit_art(game, unit, levels.get(f"{letter}.{side}")))
                       for side in ("front", "back"))  # fmt: skip
        name = f"{unit.unit_id}-{letter}" if two else unit.unit_id
        called = (t.of(unit) if t is not None else unit.name) if unit.name else say(t, unit.designation)
        label = f"{called} ({letter})" if two else called
        counters.append(CounterSpec(name, front, back, unit.copies, label))
    return tuple(counters)


def unit_art(game: Game, unit: Unit, level: int | None) -> Art | None:
    """The picture on the face showing printed face `level` (0 = full strength): the unit's
    image for that face (one image serves every face), else its type's; none on a blank face."""
    if level is None:
        return None
    if unit.images:
        one = len(unit.images) == 1
        reference = unit.images[0] if one else unit.images[level] if level < len(unit.images) else ""
        return game.art(reference, COUNTER_SLOTS)
    unit_type = game.unit_types.get(unit.type_id)
    return game.art(unit_type.image if unit_type else None, COUNTER_SLOTS)


def _with_art(face: FaceArt, art: Art | None) -> FaceArt:
    return replace(face, art=art) if art is not None and face.kind != "blank" else face


def counter_shape(unit_type) -> str:
    """A type's counter outline: its `shape`, else round for the air symbols."""
    if unit_type is None:
        return "square"
    return unit_type.shape or ("round" if is_air(unit_type.symbol) else "square")


def face_layout(game: Game, unit_type, face: Face):
    """The factor layout a printed face was written in (model/faces.layout_of)."""
    return layout_of(game, unit_type, face)


def _unit_face(game: Game, unit: Unit, slot: tuple[Face, FaceState] | None, letter: str, side: str,
               t=None) -> FaceArt:
    colours = unit_colours(game, unit)
    if side == "back" and unit.back_nationality in game.nationalities:
        colours = game.nationalities[unit.back_nationality].colours
    front_type = game.unit_types.get(unit.type_id)
    shape = counter_shape(front_type)
    if slot is None:
        return FaceArt("blank", colours, shape, dot=letter == "B")
    face, state = slot
    size = game.sizes.get(unit.size) if unit.size else None
    first = letter == "A" and side == "front"
    code, circled = printed_code(game, unit.code) if first else ("", False)
    # A reduced face may show the unit renamed, or as another type (BitE 1.5d upgrades).
    unit_type = front_type if first else game.unit_types.get(unit.back_type) or front_type
    layout = face_layout(game, front_type, face)
    factors, dice = layout.printed(face.values) if layout and layout.dice and face.values else (face.text, ())
    return FaceArt(
        kind="unit",
        colours=colours,
        shape=shape,
        symbol=unit_type.symbol if unit_type else "frame",
        symbol_words=symbol_words(unit_type.symbol, t) if unit_type else (),
        echelon=size.mark if size else (unit.size or ""),
        ad_hoc=unit.ad_hoc,
        designation=say(t, unit.designation if first else unit.back_designation or unit.designation),
        parent=say(t, unit.parent),
        army=unit.army if first else "",
        code=code,
        code_circled=circled,
        factors=factors,
        star="*" in face.marks,
        dot=letter == "B" or "•" in face.marks,
        state=state,
        icon=unit.icon or ((unit_type.icon or "") if unit_type else ""),
        dice=dice,
    )


def printed_code(game: Game, code: str) -> tuple[str, bool]:
    """What the corner prints of a unit's code, and whether it is ringed: the first of the
    game's code forms it matches decides (its `show` group and `circled`)."""
    for form in game.spec.counter_codes:
        if code and form.regex.fullmatch(code):
            return form.printed(code), form.circled
    return code, False


def unit_colours(game: Game, unit: Unit) -> Colours:
    nationality = game.nationalities.get(unit.nationality)
    return nationality.colours if nationality else NEUTRAL


# -- markers -----------------------------------------------------------------------------


def _marker_side(game: Game, marker: Marker) -> str | None:
    if marker.nationality and marker.nationality in game.nationalities:
        return game.nationalities[marker.nationality].side
    return marker.side if marker.side in game.sides else None


def marker_colours(game: Game, marker: Marker) -> Colours:
    """The nationality's colours, else the side's colour, else black on white."""
    if marker.nationality and marker.nationality in game.nationalities:
        return game.nationalities[marker.nationality].colours
    side = game.sides.get(marker.side or "")
    if side is not None and side.colour:
        return Colours(background=side.colour, text=readable_on(side.colour))
    return NEUTRAL


def marker_counter(game: Game, marker: Marker, t=None) -> CounterSpec:
    """Front: `text` (else the name); back: `back_text`, else the name — translated by `t`."""
    colours = marker_colours(game, marker)
    if t is not None:
        front_text = t.marker_text(marker)
        back_text = t.marker_back_text(marker) or t.of(marker)
    else:
        front_text, back_text = marker.text or marker.name, marker.back_text or marker.name
    front = FaceArt("marker", colours, lines=split_lines(front_text), art=game.art(marker.image, COUNTER_SLOTS))
    back_colours = marker_colours(game, replace(marker, nationality=None, side=marker.back_side)) \
        if marker.back_side else colours  # a two-sided marker: each side's colour on its face
    back = FaceArt("marker", back_colours, lines=split_lines(back_text),
                   art=game.art(marker.back_image or marker.image, COUNTER_SLOTS))
    return CounterSpec(f"marker-{marker.marker_id}", front, back, marker.copies,
                       t.of(marker) if t is not None else marker.name)


def split_lines(text: str) -> tuple[str, ...]:
    """A marker's text: explicit line breaks (a new line in the cell, or ' / ') are kept."""
    parts = text.replace(" / ", "\n").splitlines()
    return tuple(part.strip() for part in parts if part.strip())
