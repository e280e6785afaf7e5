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
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True, allow_inf_nan=False)

    @field_validator("*", mode="after")
    @classmethod
    def _bounded(cls, value):
        """Every number of the data, wherever it stands, within what print can hold: fields
        with tighter bounds say so themselves."""
        _check_bounded(value)
        return value


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


def split_list(text: str) -> tuple[str, ...]:
    """Cells listing several values use ';', ',' or spaces between them."""
    if not text:
        return ()
    return tuple(part for part in re.split(r"[;,\s]+", text.strip()) if part)
