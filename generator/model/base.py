"""Shared base for model objects: frozen, strict about unknown keys, text trimmed."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.+\-]*$"
COLOUR_PATTERN = r"^#[0-9A-Fa-f]{6}$"

Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=64)]
Colour = Annotated[str, Field(pattern=COLOUR_PATTERN)]


class Frozen(BaseModel):
    """Base of every model object: immutable, unknown keys rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


def split_list(text: str) -> tuple[str, ...]:
    """Cells listing several values use ';', ',' or spaces between them."""
    return tuple(part for part in re.split(r"[;,\s]+", text.strip()) if part)
