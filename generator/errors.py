"""Typed errors raised by the library; only `generator.cli` turns them into messages."""

from __future__ import annotations


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
