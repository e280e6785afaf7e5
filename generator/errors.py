"""Typed errors raised by the warkit library; the CLI turns them into one clear message."""

from __future__ import annotations


class WarkitError(Exception):
    """Base class of every error warkit raises on purpose."""


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
