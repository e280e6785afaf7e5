"""Colour arithmetic for layout: mixing, contrast, darker outlines. Colours are '#rrggbb'."""

from __future__ import annotations

from functools import cache

WHITE = "#ffffff"
BLACK = "#000000"


def _channels(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@cache
def mix(colour: str, other: str, share: float) -> str:
    """`colour` moved `share` (0..1) of the way towards `other`."""
    mixed = (round(a + (b - a) * share) for a, b in zip(_channels(colour), _channels(other)))
    return "#" + "".join(f"{value:02x}" for value in mixed)


@cache
def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""

    def linear(value: int) -> float:
        s = value / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in _channels(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, other: str) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(colour), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_on(background: str) -> str:
    """Black or white, whichever reads better on `background`."""
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE


def away_from(colour: str, text: str, share: float) -> str:
    """`colour` moved away from `text` (towards white under dark text, black under light),
    so text keeps its contrast on the result."""
    return mix(colour, WHITE if luminance(text) < 0.4 else BLACK, share)
