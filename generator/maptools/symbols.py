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


def legend_for(spec, layer: str, used: list[tuple[str, str | None]], width: int = 2,
               preferred: dict[str, str] | None = None) -> tuple[Legend, set[str]]:
    """A legend covering every id in `used` ((id, style) pairs): game.yaml's symbols, then one
    chosen for each id without one, at most `width` characters (ValueError when none is
    left): the `preferred` symbol of the id (id -> symbol, the legend of the map's own text
    file) when it is free, else one that looks like it. Returns the legend and the symbols
    that were chosen."""
    preferred = preferred or {}
    legend = game_legend(spec, layer)
    taken = set(legend.meaning)
    by_id = {value: symbol for symbol, value in legend.meaning.items()}
    chosen: set[str] = set()
    for item_id, style in used:
        if item_id in by_id:
            continue
        wanted = preferred.get(item_id)
        free = wanted is not None and wanted not in taken and len(wanted) <= width and SYMBOL.match(wanted)
        symbol = wanted if free else _pick(item_id, style, taken, width)
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


def own_symbols(game, map_spec) -> dict[str, dict[str, str]]:
    """layer -> id -> symbol: the legends of the map's own text file (its `text:`), so that
    writing the map as text again keeps the designer's symbols; empty when it has none or
    cannot be read (the load reports why)."""
    from pathlib import Path

    from generator.errors import WarkitError
    from generator.io.paths import read_limited
    from generator.io.tables import MAX_TABLE_BYTES
    from generator.io.textmap import split_sections
    from generator.validation.report import Report

    if not map_spec.text:
        return {}
    try:
        text = read_limited(Path(game.folder) / map_spec.text, map_spec.text, MAX_TABLE_BYTES, "tables").decode("utf-8-sig")
    except (WarkitError, OSError, UnicodeDecodeError):
        return {}
    sections = split_sections(text, map_spec.text, Report())
    return {layer: {value: symbol for _, symbol, value in entries} for layer, entries in sections.legends.items()}
