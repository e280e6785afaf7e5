"""Decks of cards and cups of chits: what game.yaml declares of each, and their rows.

A deck (`kind: card`) or a cup (`kind: chit`) is declared in game.yaml with its size, back,
the flags its rows may carry and the extra columns (`fields`) its table has; the rows come
from the deck's own table (`file`), one row per distinct card or chit, `copies` of each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Colour, Frozen, Id
from generator.model.source import FromRow, Location

# Standard card sizes, portrait (width, height) in mm.
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
CardSize = Literal["poker", "bridge", "mini", "tarot", "square"]
Orientation = Literal["portrait", "landscape"]
ORIENTATIONS: tuple[str, ...] = ("portrait", "landscape")

# The columns every deck table may have; declared `fields` add to them.
STANDARD_COLUMNS: tuple[str, ...] = ("id", "title", "copies", "text", "flags", "orientation", "image", "source",
                                     "notes")


class DeckBack(Frozen):
    """The back every card of the deck shares: a colour and a word or two."""

    label: str | None = None
    colour: Colour = "#404040"
    text_colour: Colour | None = None  # default: black or white, whichever reads on `colour`
    image: str | None = None  # a picture (an image id or a file) on every back, under the label


class DeckFlag(Frozen):
    """A flag a row may carry (`must_play`), printed by its name."""

    id: Id
    name: str
    mark: str | None = Field(default=None, max_length=3)  # short sign on chits (default: the name's initial)
    # A band of this colour across the front of every card or chit with the flag (GWNE 7.4:
    # a yellow band means the chit is played as soon as it is drawn).
    band: Colour | None = None


FieldKind = Literal["number", "text", "list", "squares", "turn"]
Corner = Literal["top_left", "top_right", "bottom_left", "bottom_right"]


class DeckField(Frozen):
    """An extra column of the deck's table: a number, a text, a `;`-separated list,
    `squares`: coloured squares, a `;`-separated list of `colours` names ("white;white;green":
    SotE's reinforcement cubes), or `turn`: a turn of the track - a number or the letter of a
    lettered turn (GWNE 7.1: the strategic turn a chit enters the cup), printed in a chit's
    upper-left corner. A number field may be printed large in a `corner` of the card, on a
    disc of its `colour` (SotE: the blue orders number top left, the red combat modifier top
    right)."""

    id: Id
    name: str
    kind: FieldKind = "text"
    colours: dict[str, Colour] = Field(default_factory=dict)  # squares: name -> colour
    corner: Corner | None = None
    colour: Colour | None = None

    @model_validator(mode="after")
    def _fits_kind(self):
        if self.kind == "squares" and not self.colours:
            raise ValueError(f"field {self.id!r} of kind squares needs 'colours' (name: '#rrggbb')")
        if self.colours and self.kind != "squares":
            raise ValueError(f"field {self.id!r}: 'colours' are for fields of kind squares")
        if self.corner and self.kind != "number":
            raise ValueError(f"field {self.id!r}: only a number field is printed in a corner")
        return self


class DeckSpec(Frozen):
    id: Id
    name: str
    kind: Literal["card", "chit"] = "card"
    owner: Id | None = None  # a side; absent for a shared deck or cup
    file: str
    size: CardSize | None = None
    size_mm: tuple[float, float] | None = None  # the two sides; `orientation` says which is across
    orientation: Orientation = "portrait"
    total: int | None = Field(default=None, ge=1)  # how many the rules say it holds
    back: DeckBack = Field(default_factory=DeckBack)
    colour: Colour | None = None  # the fronts' frame; default the owner's colour, else the back's
    image: str | None = None  # a picture on every front whose row names none
    flags: list[DeckFlag] = Field(default_factory=list)
    fields: list[DeckField] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    source: str | None = None
    # Its summary is printed on its owner's player aid too: a short mix a player looks up
    # during play (SotE: the order markers, their counts and what each does).
    reference: bool = False

    @model_validator(mode="after")
    def _one_size(self):
        if self.size is not None and self.size_mm is not None:
            raise ValueError("give either size (a preset) or size_mm ([width, height]), not both")
        if self.size_mm is not None and not all(10 <= v <= 300 for v in self.size_mm):
            raise ValueError(f"size_mm {list(self.size_mm)}: each side must be between 10 and 300 mm")
        for deck_field in self.fields:
            if deck_field.id in STANDARD_COLUMNS:
                raise ValueError(f"field {deck_field.id!r} is a standard column of every deck table; "
                                 "choose another id")  # fmt: skip
        return self

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column the deck's table may have."""
        return STANDARD_COLUMNS + tuple(f.id for f in self.fields)

    def size_for(self, chit_mm: float) -> tuple[float, float]:
        """The card's cut size as it stands in the deck's orientation, (width, height) in
        mm: portrait is the short side across. Chits without a size are `chit_mm` square
        (the counter size); cards without one are poker cards."""
        if self.size_mm is not None:
            sides = self.size_mm
        elif self.size is not None:
            sides = CARD_SIZES_MM[self.size]
        elif self.kind == "chit":
            sides = (chit_mm, chit_mm)
        else:
            sides = CARD_SIZES_MM["poker"]
        return turned(sides, self.orientation)


def turned(sides: tuple[float, float], orientation: str) -> tuple[float, float]:
    """(width, height) of a card with these two sides standing in `orientation`."""
    short, long = sorted(sides)
    return (long, short) if orientation == "landscape" else (short, long)


@dataclass(frozen=True)
class Card(FromRow):
    """One row of a deck's table: a distinct card or chit, printed `copies` times."""

    deck_id: str
    card_id: str
    title: str
    copies: int
    text: str
    flags: tuple[str, ...]
    orientation: str  # as written; '' = the deck's
    values: dict[str, str] = field(hash=False)  # declared field id -> the cell as written ('' when empty)
    where: Location
    source: str = ""
    notes: str = ""
    image: str = ""  # a picture (an image id or a file) on its front
    counted: bool = True  # False: its `copies` could not be read (reported), so the deck's sum is unknown
    columns: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def orientation_in(self, deck: DeckSpec) -> str:
        return self.orientation if self.orientation in ORIENTATIONS else deck.orientation

    def items(self, field_id: str) -> tuple[str, ...]:
        """A list field's entries (separated by ';')."""
        return tuple(part.strip() for part in self.values.get(field_id, "").split(";") if part.strip())
