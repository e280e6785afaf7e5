"""Typed errors raised by the library; only `generator.cli` turns them into messages."""

from __future__ import annotations


class WarkitError(Exception):
    """Base class of every error warkit raises on purpose."""


class InputError(WarkitError):
    """An input file cannot be read at all (missing, undecodable, not a table, bad syntax)."""

    def __init__(self, file: str, message: str, line: int | None = None, column: int | None = None):
        self.file = file
        self.line = line
        self.column = column
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
    """A string holds a character the bundled font cannot draw."""

    def __init__(self, text: str, char: str, font: str):
        self.text = text
        self.char = char
        self.font = font
        super().__init__(
            f"the font {font!r} has no glyph for {char!r} (U+{ord(char):04X}) in {text!r}"
        )
