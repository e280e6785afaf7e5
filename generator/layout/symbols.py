"""NATO-style unit symbols, echelon marks and small type icons, drawn by our own code.

A land unit is a friendly APP-6 frame (a rectangle 1.5 : 1) with an icon inside; air units
get the APP-6 air frame (a dome open at the bottom). Echelon marks (XXXXX … I, •) sit above
the frame; a bracket over the mark flags an ad hoc formation (WEF/GE 2.8). Everything is
returned as drawing primitives in the caller's millimetres, centred where asked, so the
same drawing goes into a counter, a setup chart or a player aid.

Unknown symbol names draw the plain frame and unknown icons nothing: a new unit type in a
game's data must never stop a build.
"""

from __future__ import annotations

from generator.layout.primitives import Item, Line, Path, Polygon, Polyline, Rect, Style, Text
from generator.layout.symbol_icons import (
    AIR_SYMBOLS,
    FRAME_RATIO,
    ICONS,
    SMALL_ICONS,
    SYMBOL_WORDS,
    Box,
    SymbolStyle,
    aircraft,
    battlements,
)
from generator.fonts.metrics import fit_text_size, text_width_mm

__all__ = ["FRAME_RATIO", "SymbolStyle", "echelon_mark", "frame_box", "height_above_frame", "is_air",
           "known_symbols", "normalise", "symbol_words", "type_icon", "unit_symbol"]  # fmt: skip


def frame_box(cx: float, cy: float, width_mm: float) -> Box:
    height = width_mm / FRAME_RATIO
    return cx - width_mm / 2, cy - height / 2, cx + width_mm / 2, cy + height / 2


def normalise(name: str) -> str:
    """'Naval Infantry', 'naval-infantry' and 'naval_infantry' are one symbol."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    return ALIASES.get(key, key)


def is_air(name: str) -> bool:
    """Air units are printed on round counters (Blitz in the East 2.2)."""
    return normalise(name) in AIR_SYMBOLS


def height_above_frame(name: str, width_mm: float) -> float:
    """How far a symbol reaches above its frame (the fortress-infantry battlements), so the
    echelon mark can go above it."""
    return width_mm / FRAME_RATIO * 0.2 if normalise(name) == "fortress_infantry" else 0.0


def symbol_words(name: str, t=None) -> tuple[tuple[str, str], ...]:
    """The words symbol `name` prints ("HQ" in the headquarters frame) with their translation
    by `t` (warkit's catalog; None: as written), for SymbolStyle.words."""
    return tuple((word, t.ui(word) if t is not None else word) for word in SYMBOL_WORDS.get(normalise(name), ()))


def known_symbols() -> tuple[str, ...]:
    return tuple(sorted(ICONS))


def unit_symbol(name: str, cx: float, cy: float, width_mm: float, style: SymbolStyle) -> tuple[Item, ...]:
    """The frame and icon of symbol `name`, centred on (cx, cy), `width_mm` wide."""
    key = normalise(name)
    if key in AIR_SYMBOLS:
        return _air_symbol(cx, cy, width_mm, style)
    box = frame_box(cx, cy, width_mm)
    left, top, right, bottom = box
    frame_fill = (Rect(left, top, right - left, bottom - top, Style.filled(style.fill)),) if style.fill else ()
    draw_icon = ICONS.get(key)
    # Icons stay inside the frame; lines ending in its corners end under its stroke (their
    # butt ends reach 0.3 of a line width past the corner, the stroke 0.5), so no clip.
    icon = tuple(draw_icon(box, style)) if draw_icon else ()
    frame = Rect(left, top, right - left, bottom - top, Style(stroke=style.line, stroke_width_mm=style.line_mm))
    return (*frame_fill, *icon, frame, *_outside(key, box, style))


def _outside(key: str, box: Box, style: SymbolStyle) -> tuple[Item, ...]:
    """Parts drawn outside the frame: the HQ staff, the fortress-infantry battlements."""
    left, top, right, bottom = box
    h = bottom - top
    if key == "headquarters":
        return (Line(left, bottom, left, bottom + h * 0.45, Style(stroke=style.line, stroke_width_mm=style.line_mm)),)
    if key == "fortress_infantry":
        points = [(left, top), *battlements(left, right, top, h * 0.2, 5), (right, top)]
        return (Polygon(points, Style(fill=style.line, stroke=style.line, stroke_width_mm=style.line_mm)),)
    return ()


# -- air units ---------------------------------------------------------------------------


def _air_symbol(cx: float, cy: float, width_mm: float, style: SymbolStyle) -> tuple[Item, ...]:
    """The APP-6 friendly air frame (a dome open at the bottom) with an aircraft inside."""
    half = width_mm / 2
    height = width_mm / FRAME_RATIO
    top, bottom = cy - height / 2, cy + height / 2
    k = 0.5523  # cubic approximation of a quarter ellipse
    dome = (
        ("M", cx - half, bottom),
        ("L", cx - half, top + height * 0.45),
        ("C", cx - half, top + height * 0.45 * (1 - k), cx - half * k, top, cx, top),
        ("C", cx + half * k, top, cx + half, top + height * 0.45 * (1 - k), cx + half, top + height * 0.45),
        ("L", cx + half, bottom),
    )
    fill = (Path((*dome, ("Z",)), Style.filled(style.fill)),) if style.fill else ()
    plane = aircraft(cx, cy + height * 0.1, width_mm * 0.66, style.line)
    return (*fill, *plane, Path(dome, Style(stroke=style.line, stroke_width_mm=style.line_mm)))


# -- echelon marks -----------------------------------------------------------------------


def echelon_mark(mark: str, ad_hoc: bool, cx: float, bottom_y: float, height_mm: float, colour: str,
                 max_width_mm: float) -> tuple[Item, ...]:
    """The size mark ('XXX', 'II', '••' …) centred above a frame whose top is `bottom_y`,
    `height_mm` tall, with the ad hoc bracket over it when asked."""
    if not mark:
        return ()
    size_pt = height_mm / _CAP_MM_PER_PT
    fitted = fit_text_size(mark, "condensed-bold", max_width_mm, size_pt, 1.0) or 1.0
    items: list[Item] = [Text(cx, bottom_y, mark, "condensed-bold", fitted, anchor="middle", fill=colour)]
    if ad_hoc:
        half = text_width_mm(mark, "condensed-bold", fitted) / 2 + height_mm * 0.35
        top = bottom_y - height_mm * 1.35
        stroke = Style(stroke=colour, stroke_width_mm=height_mm * 0.14, line_join="miter")
        items.append(Polyline([(cx - half, top + height_mm * 0.55), (cx - half, top), (cx + half, top),
                               (cx + half, top + height_mm * 0.55)], stroke))  # fmt: skip
    return tuple(items)


_CAP_MM_PER_PT = 0.729 * 25.4 / 72  # DejaVu capitals are 0.729 em tall


# -- small icons (unit type `icon`, marker art) -------------------------------------------


def type_icon(name: str, cx: float, cy: float, size_mm: float, colour: str) -> tuple[Item, ...]:
    """A small icon `size_mm` tall centred on (cx, cy); unknown names draw nothing."""
    draw = SMALL_ICONS.get(normalise(name))
    return tuple(draw(cx, cy, size_mm, colour)) if draw else ()


ALIASES = {
    "inf": "infantry", "cav": "cavalry", "armor": "armour", "armoured": "armour", "armored": "armour",
    "tank": "armour", "mech": "mechanised", "mechanized": "mechanised", "motorized": "motorised",
    "armoured_car": "armoured_cars", "armored_car": "armoured_cars", "armored_cars": "armoured_cars",
    "recon": "reconnaissance", "art": "artillery", "siege": "siege_guns", "siege_gun": "siege_guns",
    "heavy_artillery": "siege_guns", "alpine": "mountain", "mtn": "mountain", "naval_inf": "naval_infantry",
    "marines": "naval_infantry", "hq": "headquarters", "fort": "fortress", "fortress_inf": "fortress_infantry",
    "shock": "shock_troops", "shocktroops": "shock_troops", "stormtroops": "shock_troops",
    "active": "active_corps", "eng": "engineer", "aircraft": "air", "air_unit": "air", "fighter": "air",
    "bomber": "air", "none": "frame",
}  # fmt: skip
