"""NATO-style symbols: one golden SVG per symbol, unknown names, aliases, echelon marks.

The golden files live in tests/golden/symbols/. After an intended change to a symbol's
drawing, look at the new pictures and refresh them with:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_symbols.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.layout.primitives import Circle, Line, Page, Polyline, Rect, Style, Text
from generator.layout.symbols import (
    SymbolStyle,
    echelon_mark,
    frame_box,
    height_above_frame,
    is_air,
    known_symbols,
    normalise,
    type_icon,
    unit_symbol,
)
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg

GOLDEN = Path(__file__).parent / "golden" / "symbols"
STYLE = SymbolStyle(line="#000000", fill="#ffffff", line_mm=0.5)
ICONS = ("blitz", "blitz2", "star", "circle", "flag", "anchor", "dot")


def symbol_page(name: str) -> Page:
    items = (Rect(0, 0, 30, 26, Style.filled("#9fc5e8")),
             *unit_symbol(name, 15, 15, 18, STYLE),
             *echelon_mark("XX", False, 15, 15 - 6 - 1.2 - height_above_frame(name, 18), 2.4, "#000000", 18))  # fmt: skip
    return Page(30, 26, items, title=name)


def icon_page() -> Page:
    items = []
    for i, name in enumerate(ICONS):
        items.extend(type_icon(name, 5 + i * 8, 5, 5, "#000000"))
    items.extend(echelon_mark("XXX", True, 30, 18, 2.4, "#000000", 20))
    return Page(60, 22, items, title="icons")


def _check_golden(name: str, svg: bytes) -> None:
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(svg)
    assert path.is_file(), f"no golden file {path}; create it with WARKIT_UPDATE_GOLDEN=1 pytest {__file__}"
    assert svg.decode() == path.read_text(encoding="utf-8"), (
        f"symbol {name!r} drawing changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_symbols.py"
    )


@pytest.mark.parametrize("name", known_symbols())
def test_symbol_matches_its_golden_svg(name: str) -> None:
    _check_golden(name, render_svg(symbol_page(name)))


def test_icons_and_ad_hoc_bracket_match_their_golden_svg() -> None:
    _check_golden("icons", render_svg(icon_page()))


def test_every_symbol_renders_to_pdf() -> None:
    pages = [symbol_page(name) for name in known_symbols()]
    assert render_pdf(pages, title="symbols").startswith(b"%PDF")


def test_the_symbols_the_games_need_are_known() -> None:
    needed = {"infantry", "cavalry", "armour", "artillery", "siege_guns", "mountain", "naval_infantry",
              "headquarters", "fortress", "fortress_infantry", "shock_troops", "armoured_cars", "air",
              "active_corps"}  # fmt: skip
    assert needed <= set(known_symbols())


def test_unknown_symbol_draws_the_plain_frame() -> None:
    items = unit_symbol("zeppelin", 10, 10, 15, STYLE)
    frames = [i for i in items if isinstance(i, Rect)]
    assert not any(isinstance(i, (Line, Circle, Text)) for i in items)
    left, top, right, bottom = frame_box(10, 10, 15)
    assert (frames[-1].x_mm, frames[-1].y_mm, frames[-1].width_mm, frames[-1].height_mm) == pytest.approx(
        (left, top, right - left, bottom - top))
    assert type_icon("no-such-icon", 5, 5, 4, "#000000") == ()


@pytest.mark.parametrize(("alias", "name"), [("inf", "infantry"), ("Naval Infantry", "naval_infantry"),
                                             ("hq", "headquarters"), ("armor", "armour"),
                                             ("heavy-artillery", "siege_guns"), ("aircraft", "air")])
def test_aliases(alias: str, name: str) -> None:
    assert normalise(alias) == name
    assert unit_symbol(alias, 0, 0, 10, STYLE) == unit_symbol(name, 0, 0, 10, STYLE)


def test_frame_is_centred_and_one_and_a_half_to_one() -> None:
    left, top, right, bottom = frame_box(20, 10, 12)
    assert ((left + right) / 2, (top + bottom) / 2) == (20, 10)
    assert (right - left) / (bottom - top) == pytest.approx(1.5)


def test_air_units_are_round_counters() -> None:
    assert is_air("air") and is_air("Fighter") and is_air("bomber") and not is_air("infantry")


def test_ad_hoc_bracket_spans_the_mark() -> None:
    items = echelon_mark("XXX", True, 10, 5, 2, "#000000", 20)
    [bracket] = [i for i in items if isinstance(i, Polyline)]
    xs = [x for x, _ in bracket.points_mm]
    assert min(xs) < 10 < max(xs) and (min(xs) + max(xs)) / 2 == pytest.approx(10)
    assert min(y for _, y in bracket.points_mm) < 5 - 2  # the bar runs above the capitals
    assert all(abs(x - 10) > 1.5 for x, _ in bracket.points_mm)  # the legs flank them
    assert echelon_mark("", True, 10, 5, 2, "#000000", 20) == ()
