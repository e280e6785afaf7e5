"""Combat results tables and other dice tables, with a declared result grammar."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, Field, model_validator

from generator.model.base import DataPattern, Frozen, Id, pattern_problem, whole_number
from generator.model.results import ResultPart


class Drm(Frozen):
    value: str  # "-1", "+2", "+1 per level" — printed as given
    condition: str
    rule: str | None = None


MAX_DICE = 10  # dice rolled at once
MAX_FACES = 100  # a d100 (percentile dice)
MAX_ROLL = MAX_DICE * MAX_FACES  # the most a modified roll may be (and the least, negated)
_DICE = re.compile(r"([0-9]{0,6})d([0-9]{1,6})")


def _dice(text: str) -> str:
    """'1d6', '2d6', 'd10', or 'none' (a table read without dice): at most 10 dice of at most
    100 faces, so every chance the charts print is computed at once."""
    text = text.strip()
    if text == "none":
        return text
    match = _DICE.fullmatch(text)
    if not match:
        raise ValueError(f"dice {text!r}: expected a roll such as 1d6 or 2d6 (or none)")
    count, faces = int(match[1] or 1), int(match[2])
    if not 1 <= count <= MAX_DICE or not 2 <= faces <= MAX_FACES:
        raise ValueError(f"dice {text!r}: expected 1 to {MAX_DICE} dice of 2 to {MAX_FACES} faces")
    return text


Dice = Annotated[str, AfterValidator(_dice)]


class ResultCode(Frozen):
    """A result code and what it means; `loss` is what it costs the side whose part of the
    result holds it (a number of steps, or "all": the side is eliminated), for reading
    results (model/results.py)."""

    code: str
    meaning: str
    loss: float | Literal["all"] | None = None


class _TableBase(Frozen):
    id: Id
    name: str
    dice: Dice = "1d6"
    columns: list[str] = Field(min_length=1)
    rows: list[str] = Field(min_length=1)
    cells: list[list[str]] = Field(default_factory=list)
    row_title: str | None = None
    column_title: str | None = None
    notes: list[str] = Field(default_factory=list)
    source: str | None = None
    # True for a table that resolves battles (odds CRTs and attrition tables always do; a
    # value table read without dice may, SotE's Combat Table): the TEC says it is how
    # battles are fought, and terrain effects may name it in `tables`.
    combat: bool = False

    @model_validator(mode="before")
    @classmethod
    def _cells_as_text(cls, data):
        if isinstance(data, dict):
            for key in ("rows", "columns"):
                if isinstance(data.get(key), list):
                    data = {**data, key: [str(v) for v in data[key]]}
            cells = data.get("cells")
            if isinstance(cells, list):
                data = {**data, "cells": [_row_cells(r) for r in cells]}
        return data


def _row_cells(row):
    if isinstance(row, str):
        return row.split()
    if isinstance(row, list):
        return [str(c) for c in row]
    return row


class Output(Frozen):
    """What one number of an attrition result gives (BitE 3.2: the X of "X-Y" is the hits
    on the non-phasing player, and as many claimed hexes and battle markers)."""

    group: str  # a named group of the table's result_pattern
    name: str


class Shift(Frozen):
    """A shift along the table: so many columns right or left, rows down or up."""

    amount: int = Field(default=1, ge=1, le=9)
    direction: Literal["right", "left", "down", "up"]
    condition: str
    rule: str | None = None


class StrengthModifier(Frozen):
    """A change to the strength a side brings to the table: "×½", "×0", "×3" (printed as given)."""

    value: str
    condition: str
    rule: str | None = None


class OddsCrt(_TableBase):
    """An odds CRT: columns such as 1:2 … 5:1, one row per modified die roll."""

    kind: Literal["odds_crt"]
    result_pattern: str = Field(max_length=300)  # regex a whole cell must match, its parts in named groups
    result_parts: list[ResultPart] = Field(default_factory=list)  # whose loss each named group is
    results: list[ResultCode] = Field(default_factory=list)
    roll_min: int | None = Field(default=None, ge=-MAX_ROLL, le=MAX_ROLL)  # modified roll clamped (WEF 13.11: 1-9)
    roll_max: int | None = Field(default=None, ge=-MAX_ROLL, le=MAX_ROLL)
    below: str | None = None  # result when odds are below the first column
    above_drm_per_column: int | None = None  # WEF 13.12: +1 DRM per odds level above 5:1
    drms: list[Drm] = Field(default_factory=list)
    shifts: list[Shift] = Field(default_factory=list)  # column shifts (BitE 4.3), printed like an attrition table's
    odds_rounding: str | None = None

    @cached_property
    def regex(self) -> DataPattern:
        return DataPattern(self.result_pattern)

    @model_validator(mode="after")
    def _compiles(self):
        try:
            compiled = re.compile(self.result_pattern)
        except re.error as exc:
            raise ValueError(f"result_pattern is not a valid regular expression: {exc}") from None
        problem = pattern_problem(self.result_pattern)
        if problem:
            raise ValueError(f"result_pattern {problem}")
        _parts_name_groups(self.result_parts, compiled)
        return self


def _parts_name_groups(parts: list[ResultPart], compiled: re.Pattern) -> None:
    for part in parts:
        if part.group not in compiled.groupindex:
            defined = ", ".join(compiled.groupindex) or "no named group"
            raise ValueError(f"result part {part.group!r} is not a named group of result_pattern "
                             f"(it defines {defined})")


class DiceTable(_TableBase):
    """A generic table read with dice: random events (2d6), siege guns, weather …"""

    kind: Literal["dice"]
    result_pattern: str | None = Field(default=None, max_length=300)
    entries: dict[str, str] = Field(default_factory=dict)  # result code -> its name/effect

    @cached_property
    def regex(self) -> DataPattern | None:
        return DataPattern(self.result_pattern) if self.result_pattern else None

    @model_validator(mode="after")
    def _pattern_compiles(self):
        if self.result_pattern is None:
            return self
        try:
            re.compile(self.result_pattern)
        except re.error as exc:
            raise ValueError(f"result_pattern is not a valid regular expression: {exc}") from None
        problem = pattern_problem(self.result_pattern)
        if problem:
            raise ValueError(f"result_pattern {problem}")
        return self


class AttritionTable(_TableBase):
    """A table of strength bands against strength bands (BitE 3.0): the columns are the
    bands of one side's strength, the rows the other's, and each cell gives several numbers
    at once (hits each way, claimed hexes, markers), named by `outputs`. No dice."""

    kind: Literal["attrition"]
    dice: Dice = "none"
    result_pattern: str = Field(max_length=300)  # with a named group of digits per number
    outputs: list[Output] = Field(min_length=1)
    result_parts: list[ResultPart] = Field(default_factory=list)  # whose loss each group is (for shading)
    shifts: list[Shift] = Field(default_factory=list)
    modifiers: list[StrengthModifier] = Field(default_factory=list)
    column_side: str | None = None  # who the columns are ("phasing player"), for the key
    row_side: str | None = None

    @cached_property
    def regex(self) -> DataPattern:
        return DataPattern(self.result_pattern)

    @property
    def groups(self) -> tuple[str, ...]:
        """The pattern's named groups, in order: the numbers of a result."""
        return tuple(sorted(self.regex.groupindex, key=self.regex.groupindex.get))

    @model_validator(mode="after")
    def _groups_named(self):
        try:
            groups = re.compile(self.result_pattern).groupindex
        except re.error as exc:
            raise ValueError(f"result_pattern is not a valid regular expression: {exc}") from None
        problem = pattern_problem(self.result_pattern)
        if problem:
            raise ValueError(f"result_pattern {problem}")
        if len(groups) < 1:
            raise ValueError("result_pattern needs a named group per number, e.g. '(?P<x>\\d)-(?P<y>\\d)'")
        _parts_name_groups(self.result_parts, re.compile(self.result_pattern))
        for output in self.outputs:
            if output.group not in groups:
                raise ValueError(f"output {output.name!r} names group {output.group!r}, which result_pattern "
                                 f"does not define (it defines {', '.join(groups)})")
        return self

    def values(self, cell: str) -> dict[str, int]:
        """A cell's numbers by group ({} when it does not follow the pattern)."""
        match = self.regex.fullmatch(cell)
        if match is None:
            return {}
        values = {name: whole_number(value) for name, value in match.groupdict().items() if value}
        return {name: value for name, value in values.items() if value is not None}


class ValueTable(DiceTable):
    """A table read by a value, with no dice (SotE's Combat Table: each side finds its combat
    value in the top row and reads the losses it inflicts below it). `columns` are the values:
    single numbers ("5"), ranges ("3-4"), or open ends ("≤0", "16+"), ascending and without
    gaps; each row is a result read under them; `drms` are the terms and modifiers that make
    up the value; `row_title` names the top row ("Combat value")."""

    kind: Literal["value"]
    dice: str = Field(default="none", pattern=r"^none$")
    drms: list[Drm] = Field(default_factory=list)

    @property
    def key_spans(self) -> list[tuple[float, float] | None]:
        """(low, high) of each column's values (±inf for open ends); None where it is not one."""
        return [value_span(column) for column in self.columns]


_SPAN = re.compile(r"^(?:(?P<le>≤|<=)\s*(?P<top>-?\d+)|(?P<low>-?\d+)(?:\s*(?:-|–)\s*(?P<high>-?\d+)|(?P<plus>\+))?)$")


def value_span(text: str) -> tuple[float, float] | None:
    """'5' -> (5, 5); '3-4' -> (3, 4); '16+' -> (16, inf); '≤0' -> (-inf, 0); else None."""
    match = _SPAN.match(text.strip())
    if match is None:
        return None
    if match["le"]:
        return float("-inf"), float(match["top"])
    low = float(match["low"])
    if match["plus"]:
        return low, float("inf")
    return low, float(match["high"]) if match["high"] else low


GameTable = Annotated[Union[OddsCrt, ValueTable, DiceTable, AttritionTable], Field(discriminator="kind")]
