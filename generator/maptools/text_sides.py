"""The hexsides of a map as a text map's `[sides]` layer (`io/textmap_sides.py`), when that
gives them back exactly.

A layer says less than a table: no notes, one source for all, each hexside named from the
hex that owns it, in page order. So `to-text` draws the hexsides in the layer only when a
text map read back gives the very same list: every hexside drawn has no notes, the source
most of them share, is named from its owner, and the drawn ones come first in the order the
layer reads them. Otherwise (a river's name in its notes, rows in another order) every
hexside stays a `[hexsides]` row, as the tables have them.
"""

from __future__ import annotations

from collections import Counter

from generator.io.textmap import NOTHING, page_order
from generator.io.textmap_sides import OWN_SIDES, own_side
from generator.maptools.symbols import legend_for
from generator.model.mapdata import MapSpec

_SPOKEN = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east"}


def split_hexsides(spec, map_spec: MapSpec, grid, hexsides: list) -> tuple[list, list, str]:
    """(hexsides drawn in the layer, hexsides listed in [hexsides], the drawn ones' source)."""
    owned = [_owned(grid, side) for side in hexsides]
    sources = Counter(side.source for side, place in zip(hexsides, owned) if place and not side.notes)
    if not sources:
        return [], hexsides, ""
    source = sources.most_common(1)[0][0]
    drawable = [bool(place) and not side.notes and side.source == source for side, place in zip(hexsides, owned)]
    count = sum(drawable)
    rows, columns = page_order(map_spec)
    row_at, column_at = {r: n for n, r in enumerate(rows)}, {c: n for n, c in enumerate(columns)}
    sides = OWN_SIDES[grid.orientation]

    def reading_order(index: int) -> tuple:
        (col, row), direction = owned[index]
        return row_at[row], column_at[col], sides.index(direction)

    first = list(range(count))
    if not all(drawable[:count]) or sorted(first, key=reading_order) != first or not _one_symbol_each(spec, hexsides,
                                                                                                     owned, count):
        return [], hexsides, ""
    return hexsides[:count], hexsides[count:], source


def _owned(grid, side):
    """(owner hex, side) when the hexside is named from the hex that owns it, else None."""
    try:
        a, b = grid.parse_id(side.hex_a), grid.parse_id(side.hex_b)
    except ValueError:
        return None
    if not (grid.contains(*a) and grid.contains(*b)):
        return None
    found = own_side(grid, a, b)
    return found if found is not None and found[0] == a else None


def _one_symbol_each(spec, hexsides: list, owned: list, count: int) -> bool:
    """Whether each side's features (several on one side: a symbol of their own) can each
    have a one-character symbol."""
    try:
        _legend(spec, _side_values(hexsides[:count], owned[:count]))
    except ValueError:
        return False
    return True


def _side_values(drawn: list, owned: list) -> dict[tuple, str]:
    """(owner, side) -> its features joined with ';', in the order drawn."""
    values: dict[tuple, list[str]] = {}
    for side, place in zip(drawn, owned):
        values.setdefault(place, []).append(side.feature)
    return {place: ";".join(features) for place, features in values.items()}


def _legend(spec, values: dict[tuple, str], preferred: dict[str, str] | None = None):
    styles = {f.id: f.style for f in spec.hexside_features}
    used = list(dict.fromkeys(values.values()))
    legend, chosen = legend_for(spec, "sides", [(value, styles.get(value)) for value in used], width=1,
                                preferred=preferred)
    return legend, chosen, used


def sides_section(spec, map_spec: MapSpec, grid, drawn: list, preferred: dict[str, str] | None = None) -> list[str]:
    """The `[legend sides]` and `[sides]` sections drawing `drawn` (from `split_hexsides`);
    `preferred`: symbols to keep (id -> symbol)."""
    from generator.maptools.text import _indents, _legend_section

    owned = [_owned(grid, side) for side in drawn]
    values = _side_values(drawn, owned)
    legend, chosen, used = _legend(spec, values, preferred)
    symbol_of = {meaning: symbol for symbol, meaning in legend.meaning.items()}
    sides = OWN_SIDES[grid.orientation]
    rows, columns = page_order(map_spec)
    lines = _legend_section(legend, chosen, used)
    lines += ["", "[sides]", f"# three characters per hex: its {', '.join(_SPOKEN[d] for d in sides)} sides"]
    indents = _indents(grid, map_spec, rows, columns, 3)
    for row in rows:
        cells = ["".join(symbol_of[values[((col, row), d)]] if ((col, row), d) in values else NOTHING for d in sides)
                 for col in columns]
        lines.append(f"{' ' * indents[row]}{' '.join(cells)}  # row {row}")
    return lines
