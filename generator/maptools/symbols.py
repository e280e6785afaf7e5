"""Symbols for a text map's legend: game.yaml's where it gives them, the rest chosen."""

from __future__ import annotations

import string

from generator.io.textmap import SYMBOL, Legend, game_legend

# Symbols that look like what they stand for, tried first (by id or map style).
_LOOKS = {"clear": ".", "plain": ".", "sea": "~", "lake": "~", "water": "~", "ocean": "~",
          "mountain": "^", "mountains": "^", "hills": "n", "rough": "r", "swamp": "%", "marsh": "%",
          "desert": ":", "forest": "f", "woods": "f", "city": "C", "unplayable": "x",
          "town": "T", "fortress": "F", "port": "P", "river": "r", "major_river": "R", "border": "b",
          "rail": "=", "road": "+", "ridge": "^", "escarpment": "^"}
_POOL = string.ascii_lowercase + string.ascii_uppercase + string.digits + "~^%:;=+*@!?$&/<>|{}()"


def legend_for(spec, layer: str, used: list[tuple[str, str | None]], width: int = 2) -> tuple[Legend, set[str]]:
    """A legend covering every id in `used` ((id, style) pairs): game.yaml's symbols, then one
    chosen for each id without one, at most `width` characters (ValueError when none is
    left). Returns the legend and the symbols that were chosen."""
    legend = game_legend(spec, layer)
    taken = set(legend.meaning)
    by_id = {value: symbol for symbol, value in legend.meaning.items()}
    chosen: set[str] = set()
    for item_id, style in used:
        if item_id in by_id:
            continue
        symbol = _pick(item_id, style, taken, width)
        legend.meaning[symbol] = item_id
        by_id[item_id] = symbol
        taken.add(symbol)
        chosen.add(symbol)
    return legend, chosen


def _pick(item_id: str, style: str | None, taken: set[str], width: int = 2) -> str:
    candidates = [_LOOKS.get(item_id), _LOOKS.get(style or "")]
    candidates += [c for c in item_id if c.isalnum()] + [c.upper() for c in item_id if c.isalpha()]
    candidates += list(_POOL)
    for candidate in candidates:
        if candidate and candidate not in taken and SYMBOL.match(candidate):
            return candidate
    for first in _POOL if width > 1 else ():  # more than ~90 ids: two characters
        for second in _POOL:
            if first + second not in taken:
                return first + second
    raise ValueError("no symbol left")
