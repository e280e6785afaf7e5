"""Typed errors raised by the library; only `generator.cli` turns them into messages."""

from __future__ import annotations

import re


SHOWN_CHARS = 60  # the most of a value a message quotes


def shown(value, limit: int = SHOWN_CHARS) -> str:
    """A value as a message quotes it: repr (so a control character, a terminal escape or a
    line break shows as its escape and cannot forge a line), at most `limit` characters of it."""
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def one_line(text: str) -> str:
    """`text` safe to print as one line of a terminal: line breaks, tabs and every other
    control character (a terminal escape in a file name or a library's message) written as
    their escapes."""
    return _CONTROL.sub(lambda m: m[0].encode("unicode_escape").decode("ascii"), text)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class WarkitError(Exception):
    """Base class of every error warkit raises on purpose."""


class InputError(WarkitError):
    """An input file cannot be read at all (missing, undecodable, not a table, bad syntax)."""

    def __init__(self, file: str, message: str, line: int | None = None, column: int | None = None,
                 field: str | None = None):
        self.file = file
        self.line = line
        self.column = column
        self.field = field  # the table column's name, when the problem is in one cell
        self.message = message
        super().__init__(self.where() + ": " + message)

    def where(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class CheckFailed(WarkitError):
    """The data check found errors, so nothing may be written."""

    def __init__(self, report):
        self.report = report
        super().__init__(f"the data check found {len(report.errors)} error(s)")


class MissingGlyphError(WarkitError):
    """A string cannot be drawn because the chosen font has no glyph for some character.

    Fonts never fall back silently: printing a hex name without its `ś` is worse than
    stopping the build with a message that names the string and the character.
    """

    def __init__(self, text: str, font: str, missing: str) -> None:
        self.text = text
        self.font = font
        self.missing = missing
        codes = ", ".join(f"U+{ord(char):04X} {char!r}" for char in missing)
        super().__init__(f"font {font!r} has no glyph for {codes} in {text!r}")
