"""Putting symbols inline: a Use replaced by the symbol's own items under the same transform,
clipped to the symbol's box as both backends clip a placed symbol.

Charts are blocks of plain items flowed onto pages that carry no symbol table; a chart that
shows a few of the map's symbols (the terrain effects chart's swatches) draws them inline
and looks exactly like the map, at the cost of repeating each drawing where it appears.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from generator.layout.primitives import Group, Item, Rect, SymbolDef, Use


def inline_uses(items: Iterable[Item], symbols: Mapping[str, SymbolDef]) -> tuple[Item, ...]:
    """`items` with every Use (inside groups and symbols too) drawn inline."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Use):
            symbol = symbols[item.symbol_id]
            left, top, right, bottom = symbol.bbox_mm
            out.append(Group(inline_uses(symbol.items, symbols), item.transform,
                             clip=Rect(left, top, right - left, bottom - top)))
        elif isinstance(item, Group):
            out.append(Group(inline_uses(item.items, symbols), item.transform, item.clip))
        else:
            out.append(item)
    return tuple(out)
