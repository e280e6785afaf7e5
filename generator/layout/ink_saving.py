"""Ink saving (print setting `ink: saving`): the colours of pieces and cards made light.

A home printer spends most of its ink on the solid backgrounds of counters and cards, and on
the bleed around them. With ink saving a background becomes a pale tint of its colour (the
pieces stay told apart by colour), the text and symbols on it a deep shade of the same
colour, and a counter keeps its full colour in a narrow band across the top, so a side's
pieces still read at a glance. The layouts are unchanged: only the colours differ.
"""

from __future__ import annotations

from generator.layout.colours import contrast, mix

WHITE, BLACK = "#ffffff", "#000000"
TINT = 0.82  # how far a background moves towards white
MIN_CONTRAST = 4.5  # text on the tint must read at least this well (WCAG body text)


def tint(colour: str) -> str:
    """A pale version of `colour`: the background of a piece or card that saves ink."""
    return mix(colour, WHITE, TINT)


def deep(colour: str) -> str:
    """A dark shade of `colour` that reads on its own tint (text, lines, symbols)."""
    for share in (0.35, 0.5, 0.65, 0.8):
        shade = mix(colour, BLACK, share)
        if contrast(shade, tint(colour)) >= MIN_CONTRAST:
            return shade
    return BLACK


def saving_colours(colours, band: bool = True):
    """A counter's Colours (model/rules.py) for ink saving: a pale background and deep text;
    with `band`, the full colour kept in a band across the top (a band it already has stays;
    without, a band is dropped too)."""
    if not band:
        return colours.model_copy(update={"background": tint(colours.background), "text": deep(colours.background),
                                          "band": None, "band_text": None,
                                          "symbol": deep(colours.symbol) if colours.symbol else None})
    band = colours.band if colours.band else colours.background
    band_text = colours.band_text if colours.band else colours.text
    band_at = colours.band_at if colours.band else "top"
    symbol = deep(colours.symbol) if colours.symbol else None
    return colours.model_copy(update={"background": tint(colours.background), "text": deep(colours.background),
                                      "band": band, "band_text": band_text, "band_at": band_at, "symbol": symbol})
