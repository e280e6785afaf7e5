"""Terrain, hexside features, in-hex features and regions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from generator.model.base import Colour, Frozen, Id
from generator.model.combat import CombatEffect, effects_with_drm

# The symbol of a terrain, region or hex feature in a text map (docs/data-format.md "Text
# maps"): one or two printable characters; '-' (nothing), '#' (a comment) and '[' (a
# section) are taken. A hexside feature's is one character (three stand for a hex's sides).
MapSymbol = Annotated[str, Field(pattern=r"^[^\s\-#\[][^\s#]?$")]
SideSymbol = Annotated[str, Field(pattern=r"^[^\s\-#\[]$")]


class _Combat(Frozen):
    """An entry with effects on combat: `combat_drm` (a shorthand for one unconditional
    die-roll modifier) and `combat` (any effects, with conditions: model/combat.py)."""

    combat_drm: int = 0
    combat: list[CombatEffect] = Field(default_factory=list)

    @property
    def effects(self) -> list[CombatEffect]:
        return effects_with_drm(self.combat, self.combat_drm)


class Terrain(_Combat):
    id: Id
    name: str
    movement: str = "1"  # printed cost: "1", "2", "+1", "P" (prohibited) …
    prohibited: bool = False  # no land unit may enter or set up (sea, all-sea hexes)
    prohibited_to: list[Id] = Field(default_factory=list)  # sides, nationalities or unit types barred
    style: str | None = None  # map style key; defaults to the id
    symbol: MapSymbol | None = None  # in a text map's terrain layer
    notes: str | None = None
    source: str | None = None


class HexsideFeature(_Combat):
    id: Id
    name: str
    movement: str = "+0"
    impassable: bool = False
    prohibited_to: list[Id] = Field(default_factory=list)  # sides, nationalities or unit types that may not cross
    style: str | None = None  # map style key; default guessed from the id (mapstyles)
    # "along": drawn on the side (rivers, borders); "across": from centre to centre of the
    # two hexes (rail lines, roads). Default: across for rail and road styles.
    draw: Literal["along", "across"] | None = None
    symbol: SideSymbol | None = None  # in a text map's sides layer
    notes: str | None = None
    source: str | None = None


class SetupMark(Frozen):
    """A feature that marks where a side sets up (a unit symbol printed on the board, BitE
    S.1): at set-up only units of `side` stand on it, and at most `holds` units on each."""

    side: Id | None = None
    holds: int | None = Field(default=None, ge=1, le=99)

    @model_validator(mode="after")
    def _something(self):
        if self.side is None and self.holds is None:
            raise ValueError("a set-up mark needs 'side', 'holds' or both")
        return self


class HexFeature(_Combat):
    """Something in a hex besides its terrain: city, town, fortress, port, in-hex river …

    Two features of one style are told apart on the map by `colour` (the symbol's ground:
    BitE's major ports on blue, minor ones on white), `side` (that side's colour: each
    side's supply sources) or `mark` (up to three characters printed in the symbol)."""

    id: Id
    name: str
    style: str | None = None
    setup_mark: SetupMark | None = None
    symbol: MapSymbol | None = None  # in a text map's features layer
    colour: Colour | None = None
    side: Id | None = None
    mark: str | None = Field(default=None, min_length=1, max_length=3)
    notes: str | None = None
    source: str | None = None


class Region(Frozen):
    id: Id
    name: str
    side: Id | None = None  # controls it at the start
    neutral: bool = False
    prohibited_to: list[Id] = Field(default_factory=list)  # sides or nationalities barred
    colour: str | None = None
    symbol: MapSymbol | None = None  # in a text map's region layer
    source: str | None = None  # the rule that makes it neutral or bars units from it
