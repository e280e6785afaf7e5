"""Shared base for model objects: frozen, strict about unknown keys, text trimmed."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.+\-]*$"
COLOUR_PATTERN = r"^#[0-9A-Fa-f]{6}$"

Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=64)]
Colour = Annotated[str, Field(pattern=COLOUR_PATTERN)]


MAX_MAGNITUDE = 1_000_000  # no number in a game's data is larger (a turn, a value, a millimetre)


def _check_bounded(value) -> None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if abs(value) > MAX_MAGNITUDE:
            raise ValueError(f"{value:g} is out of bounds (numbers in the data lie between -{MAX_MAGNITUDE} "
                             f"and {MAX_MAGNITUDE})")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _check_bounded(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_bounded(key)
            _check_bounded(item)


class Frozen(BaseModel):
    """Base of every model object: immutable, unknown keys rejected."""

    # No NaN or infinity anywhere: no printed measure, count or value can be either.
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True, allow_inf_nan=False,
                              defer_build=True)

    @field_validator("*", mode="after")
    @classmethod
    def _bounded(cls, value):
        """Every number of the data, wherever it stands, within what print can hold: fields
        with tighter bounds say so themselves."""
        _check_bounded(value)
        return value

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace=None) -> bool | None:
        """pydantic's build of the validator on first use, from the schema a former run kept
        when it can be (`schemacache`), else built and kept for the next run."""
        from generator.model import schemacache

        if cls.__pydantic_complete__ and not force:
            return None
        if not force and _types_namespace is None:
            kept = schemacache.load(cls)
            if kept is not None and schemacache.install(cls, kept):
                return True
        built = super().model_rebuild(force=force, raise_errors=raise_errors,
                                      _parent_namespace_depth=_parent_namespace_depth + 1 if _parent_namespace_depth
                                      else 0, _types_namespace=_types_namespace)
        if built and cls.__pydantic_complete__:
            schemacache.keep(cls, cls.__pydantic_core_schema__)
        return built


MAX_WHOLE = 1_000_000  # the largest whole number a table's cell may hold: no printed count is larger
_WHOLE = re.compile(r"[0-9]{1,7}")


def whole_number(text: str, maximum: int = MAX_WHOLE) -> int | None:
    """The number `text` writes in ASCII digits, if it is at most `maximum`; None for
    anything else ('²' and '٣' are digits to Python, and 10**5000 digits would stop int())."""
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if value <= maximum else None


MAX_MATCHED = 100  # a code, a factor line or a table's result is never longer


class DataPattern:
    """A regular expression a game's data wrote, matched only against text of at most
    MAX_MATCHED characters (Python's matcher backtracks: a longer cell could take hours)."""

    def __init__(self, pattern: str) -> None:
        self.compiled = re.compile(pattern)
        self.pattern = pattern
        self.groupindex = self.compiled.groupindex

    def fullmatch(self, text: str):
        return None if len(text) > MAX_MATCHED else self.compiled.fullmatch(text)

    def match(self, text: str):
        return None if len(text) > MAX_MATCHED else self.compiled.match(text)

    def search(self, text: str):
        return None if len(text) > MAX_MATCHED else self.compiled.search(text)


MAX_OPEN_REPEATS = 4  # repeats of no fixed count (+, *, {1,3}) in one pattern


def pattern_problem(pattern: str) -> str | None:
    """Why a pattern from the data could make matching take exponential (or high polynomial)
    time, or None: a repeat inside a repeat (`(a+)+`, `(\\d*x?)*`), alternatives inside a
    repeat (`(a|ab)*`), a back-reference, or more
    than MAX_OPEN_REPEATS repeats of no fixed count (`+`, `*`, `{1,3}`)."""
    from re import _constants as c, _parser  # the standard library's own parse of the pattern

    try:
        parsed = _parser.parse(pattern)
    except re.error:
        return None  # not a pattern at all: its compile error says so
    repeats = 0

    def walk(items, inside: bool) -> str | None:
        nonlocal repeats
        for op, av in items:
            if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                low, high, body = av
                if low != high and high > 1:  # an optional part (?) backtracks once at most
                    repeats += 1
                if high > 1 and inside:
                    return "a repeat inside a repeat, such as (a+)+"
                found = walk(body, inside or high > 1)
            elif op in (c.GROUPREF, c.GROUPREF_EXISTS):
                return "a back-reference (\\1)"
            elif op is c.SUBPATTERN:
                found = walk(av[-1], inside)
            elif op is c.BRANCH:
                if inside:  # (a|ab)*: the alternatives may be tried in every way at every step
                    return "alternatives inside a repeat, such as (a|ab)*"
                found = next((f for f in (walk(branch, inside) for branch in av[1]) if f), None)
            elif op in (c.ASSERT, c.ASSERT_NOT, c.ATOMIC_GROUP):
                found = walk(av[-1], inside)
            else:
                found = None
            if found:
                return found
        return None

    found = walk(parsed, False)
    if found:
        return f"holds {found}, which can take hours to match one cell (write it without)"
    if repeats > MAX_OPEN_REPEATS:
        return f"holds {repeats} repeats of no fixed count (+, *, {{1,3}} …); at most {MAX_OPEN_REPEATS}"
    return None


def split_list(text: str) -> tuple[str, ...]:
    """Cells listing several values use ';', ',' or spaces between them."""
    if not text:
        return ()
    return tuple(part for part in re.split(r"[;,\s]+", text.strip()) if part)
