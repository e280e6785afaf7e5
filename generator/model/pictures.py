"""The designer's own pictures: PNG, JPEG and SVG files of the game folder placed on counters,
cards and markers, on the cover and under a map.

game.yaml may declare a picture under an id (`images:`), with the slot it goes in and how it
is fitted there; a table cell or a key names either such an id or a file path (then the
context's default slot, `fit`, `center`). The loader reads every picture once
(`io/pictures.py`: the path policy, size and pixel budgets, SVG refused if it holds scripts,
entities or references out of the file) into `Picture`s the game keeps by path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from generator.model.base import Frozen, Id
from generator.model.source import Location

PictureKind = Literal["png", "jpeg", "svg"]
Slot = Literal["symbol", "full", "portrait", "illustration"]
Fit = Literal["fit", "fill", "stretch"]
Anchor = Literal["center", "top", "bottom", "left", "right", "top_left", "top_right", "bottom_left", "bottom_right"]
SLOTS: tuple[str, ...] = ("symbol", "full", "portrait", "illustration")
# Where each kind of face may put a picture, the default first.
COUNTER_SLOTS: tuple[str, ...] = ("symbol", "full", "portrait")
CARD_SLOTS: tuple[str, ...] = ("illustration", "full", "portrait")
CHIT_SLOTS: tuple[str, ...] = ("symbol", "full")
BACK_SLOTS: tuple[str, ...] = ("full", "symbol")
LOGO_SLOTS: tuple[str, ...] = ("symbol",)


class ImageSpec(Frozen):
    """A picture declared in game.yaml: its file, and how it is placed wherever it is named."""

    id: Id
    file: str = Field(min_length=1, max_length=500)
    slot: Slot | None = None  # default: the slot of the place that names it
    fit: Fit = "fit"  # fit: all of it, letterboxed; fill: the slot covered, cropped; stretch: both, distorted
    anchor: Anchor = "center"  # where a fitted picture sits in its slot, or what a filled one keeps
    source: str | None = None  # who made it, under which licence
    notes: str | None = None


class _ByDigest:
    """A file of the game held in memory, compared and hashed by its path and the digest of
    its bytes (never by the bytes), so what carries one stays cheap to compare, to key caches
    by and to print."""

    path: str
    digest: str

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.path, self.digest) == (other.path, other.digest)

    def __hash__(self) -> int:
        return hash((self.path, self.digest))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r}, {self.digest[:16]})"


@dataclass(frozen=True, eq=False, repr=False)
class Picture(_ByDigest):
    """One picture file as it will be drawn: a PNG or JPEG's bytes as read, or an SVG's
    sanitised document."""

    path: str  # relative to the game folder, with '/'
    kind: PictureKind
    data: bytes
    width_px: float  # an SVG's viewBox width
    height_px: float
    digest: str  # sha-256 of `data`, hexadecimal
    # What the backends made of the picture (an SVG's svglib reading, its PDF drawing), kept
    # with the picture as loaded: once per build, freed with the game (render/pictures.py).
    made: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.width_px / self.height_px

    @property
    def vector(self) -> bool:
        return self.kind == "svg"


@dataclass(frozen=True)
class Art:
    """A picture placed in a slot: what a face, card, cover or map carries."""

    picture: Picture
    slot: str
    fit: str = "fit"
    anchor: str = "center"


@dataclass(frozen=True)
class ArtRef:
    """A reference written in the data (an image id or a file path) and where it was written."""

    text: str
    where: Location
    slots: tuple[str, ...]  # the slots the place allows, its default first
    context: str  # what names it, for messages: "unit", "card", "map background" …


class FontFiles(Frozen):
    """The files of one font role: a regular face, and optionally its bold and italic."""

    regular: str = Field(min_length=1, max_length=500)
    bold: str | None = Field(default=None, min_length=1, max_length=500)
    italic: str | None = Field(default=None, min_length=1, max_length=500)


class FontsSpec(Frozen):
    """The game's own TrueType or OpenType fonts (files in its folder, each with a licence
    file beside it), by role: `title` for titles, `text` for running text and bold labels
    (factors), `condensed` for narrow labels (designations, codes, table cells). A role or
    face not given keeps warkit's bundled DejaVu."""

    title: FontFiles | None = None
    text: FontFiles | None = None
    condensed: FontFiles | None = None


# The drawing layer's font keys each role and face stands for.
FONT_ROLES: dict[tuple[str, str], str] = {
    ("title", "regular"): "title",
    ("text", "regular"): "sans", ("text", "bold"): "sans-bold", ("text", "italic"): "sans-oblique",
    ("condensed", "regular"): "condensed", ("condensed", "bold"): "condensed-bold",
}  # fmt: skip


@dataclass(frozen=True, eq=False, repr=False)
class GameFont(_ByDigest):
    """A font file of the game, read and checked: what the renderers register and embed."""

    path: str  # relative to the game folder
    data: bytes
    digest: str
    family: str  # the family name inside the file
