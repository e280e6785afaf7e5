"""What both backends share so they draw the same geometry: number rounding, colours,
stable symbol names, and the order in which symbols must be defined.

Every length reaches either format rounded to 3 decimals of a millimetre (a micrometre),
every matrix coefficient to 6 decimals; -0 is written as 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from generator.layout.primitives import Group, Item, Page, SymbolDef, Use

_UNSAFE = re.compile(r"[^A-Za-z0-9-]")


def q3(value: float) -> float:
    """A length rounded to the micrometre, as written to both formats."""
    rounded = round(value, 3)
    return rounded if rounded else 0.0  # also turns -0.0 into 0.0


def q6(value: float) -> float:
    """A matrix coefficient rounded as written to both formats."""
    rounded = round(value, 6)
    return rounded if rounded else 0.0


def fmt(value: float) -> str:
    """A length as SVG text: at most 3 decimals, no trailing zeros, never "-0"."""
    text = FORMATTED.get(value)
    if text is None:  # a map's coordinates repeat: 280,000 lengths written hold 11,000 values
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        if text == "-0":
            text = "0"
        if len(FORMATTED) >= 200_000:
            FORMATTED.clear()
        FORMATTED[value] = text
    return text


# A number and its text (equal numbers, 2 and 2.0 or -0.0 and 0.0, are written alike); a
# writer of many lengths may look a length up here before calling `fmt`.
FORMATTED: dict[float, str] = {}


def fmt_coef(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@cache
def rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' as three 0..1 floats."""
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


@cache
def symbol_ref(symbol_id: str) -> str:
    """A stable, injective, XML- and PDF-safe name for a symbol id.

    Letters, digits and '-' are kept; anything else becomes _hex_, so "hex 1" and "hex_1"
    cannot collide.
    """
    return "sym-" + _UNSAFE.sub(lambda m: f"_{ord(m.group()):x}_", symbol_id)


def used_symbol_ids(items: Iterable[Item]) -> Iterator[str]:
    """Symbol ids referred to by items, in drawing order, looking inside groups."""
    for item in items:
        if isinstance(item, Use):
            yield item.symbol_id
        elif isinstance(item, Group):
            yield from used_symbol_ids(item.items)


def symbols_in_definition_order(page: Page, defined: Iterable[str] = ()) -> list[SymbolDef]:
    """The page's symbols, each after the symbols it uses (a form must exist before a form
    that draws it), less those `defined` already (with what they use: a document's earlier
    pages defined them, so they are not walked again). Raises ValueError on a cycle or an
    undefined symbol."""
    ordered: list[SymbolDef] = []
    state: dict[str, str] = dict.fromkeys(defined, "done")  # id -> "visiting" | "done"

    def visit(symbol: SymbolDef, chain: tuple[str, ...]) -> None:
        if state.get(symbol.id) == "done":
            return
        if state.get(symbol.id) == "visiting":
            raise ValueError(f"symbols use each other in a cycle: {' → '.join(chain)}")
        state[symbol.id] = "visiting"
        for used in used_symbol_ids(symbol.items):
            visit(page.symbol(used), (*chain, used))
        state[symbol.id] = "done"
        ordered.append(symbol)

    for symbol in page.symbols:
        visit(symbol, (symbol.id,))
    return ordered
