"""One counter face as drawing primitives: a shared picture plus the text printed on top.

The picture (background, two-tone band, reduced stripe, NATO symbol, echelon, dot, icon)
is a SymbolDef that every counter with the same look shares, so a PDF holds it once as a
form XObject; the per-counter text (lettering.py) is drawn over it. Positions come from
anatomy.py.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from generator import caches

from generator.components.counters.anatomy import (
    FACTOR_BASELINE,
    FACTOR_SHARE,
    FRAMES,
    PAD,
    ROUND_FRAME_WIDTH,
    art_slot,
    band_box,
    code_ring,
    ink,
    layout_of,
    pt,
    top_text_colour,
)
from generator.components.counters.lettering import face_text
from generator.components.counters.plan import FaceArt
from generator.layout.colours import away_from, mix
from generator.layout.pictures import art_items
from generator.layout.primitives import Circle, Group, Item, Rect, Style, SymbolDef, Text
from generator.layout.symbols import SymbolStyle, echelon_mark, frame_box, height_above_frame, type_icon, unit_symbol
from generator.layout.text_fit import cap_mm


@dataclass(frozen=True)
class FaceDrawing:
    """A face ready to place at a cell's top-left corner: the shared picture and the text."""

    picture: SymbolDef
    text: tuple[Item, ...]


def draw_face(face: FaceArt, size_mm: float, bleed_mm: float = 0.0) -> FaceDrawing:
    return FaceDrawing(picture(face, size_mm, bleed_mm), face_text(face, size_mm))


def picture_key(face: FaceArt) -> tuple:
    """What decides the picture; faces equal in these share one SymbolDef."""
    c = face.colours
    return (face.kind, c.background, c.text, c.band, c.band_text, c.symbol, face.shape, face.symbol,
            face.echelon, face.ad_hoc, face.dot, face.state, face.icon, layout_of(face)) + _extra_key(face)  # fmt: skip


def _extra_key(face: FaceArt) -> tuple:
    """Later additions to the picture, in the key only when used, so the names (and bytes)
    of every other face stay as they were: a band not at the top, a ringed code, a symbol's
    word in another language."""
    extra: tuple = ()
    if face.colours.band and face.colours.band_at != "top":
        extra += (face.colours.band_at,)
    if face.code and face.code_circled:
        extra += ("code-ring",)
    if face.dice:
        extra += (face.dice,)
    if face.art is not None:
        extra += (face.art,)
    if any(word != said for word, said in face.symbol_words):  # "HQ" said otherwise ("CG")
        extra += (face.symbol_words,)
    return extra


def picture(face: FaceArt, size_mm: float, bleed_mm: float = 0.0) -> SymbolDef:
    """The face's shared picture, its art running `bleed_mm` past the cut on every side."""
    key = (picture_key(face), round(size_mm, 4), round(bleed_mm, 4))
    pictures = caches.store(PICTURES)  # the build's: a look's layout depends on how its words measure
    found = pictures.get(key)
    if found is None:
        digest = hashlib.sha1(repr(key).encode()).hexdigest()[:12]
        b = bleed_mm
        items = tuple(_picture_items(face, size_mm, bleed_mm))
        found = pictures[key] = SymbolDef(f"counter-{digest}", (-b, -b, size_mm + b, size_mm + b), items)
    return found


PICTURES = "counter pictures"  # the build's store of looks: grows with a game's distinct looks, a few hundred


def _picture_items(face: FaceArt, s: float, b: float) -> list[Item]:
    c = face.colours
    items: list[Item] = []
    if face.shape == "round":
        items.append(Circle(s / 2, s / 2, s / 2 + b, Style.filled(c.background)))
    else:
        items.append(Rect(-b, -b, s + 2 * b, s + 2 * b, Style.filled(c.background)))
    slot = face.art.slot if face.art is not None else None
    if slot == "full":  # the designer's painting over the colours, under everything else
        items.extend(full_face_art(face, s, b))
    if face.shape == "square" and c.band:
        items.append(Rect(*band_box(face, s, b), Style.filled(c.band)))
    if face.state != "full" and face.kind == "unit" and face.shape == "square":
        items.append(_stripe(face, s, b))
    if slot in ("symbol", "portrait"):
        items.extend(art_items(face.art, art_slot(face, slot, s)))
    if face.kind == "unit":
        items.extend(_symbol(face, s))
    if face.code and face.code_circled and face.kind == "unit" and face.shape == "square":
        cx, cy, r = code_ring(face, s)
        items.append(Circle(cx, cy, r - 0.015 * s, Style(stroke=ink(face, "corner"), stroke_width_mm=0.03 * s)))
    if face.dot:
        r = 0.075 * s
        items.append(Circle(PAD * s + r, PAD * s + r, r, Style.filled(ink(face, "corner"))))
    if face.state == "reformed":
        items.extend(_reformed_tag(face, s))
    if face.icon and face.kind == "unit":
        shift = 0.2 * s if face.state == "reformed" else 0.0
        icon_mm = 0.17 * s
        x = s - PAD * s - icon_mm / 2 - shift
        items.extend(type_icon(face.icon, x, PAD * s + icon_mm / 2, icon_mm, top_text_colour(face)))
    if face.dice and face.kind == "unit":
        items.extend(_dice(face, s))
    return items


def _dice(face: FaceArt, s: float) -> list[Item]:
    """The die-face factors (BitE 4.1: the least roll to hit): right of the symbol on a round
    counter, where the circle is widest; down the right edge of a square one, under its icon."""
    side = 0.17 * s
    if face.shape == "round":
        x, y, step = 0.865 * s - side / 2, 0.5 * s - side / 2, side * 1.15
    else:
        x, y, step = s - PAD * s - side, PAD * s + (0.22 * s if face.icon else 0.0), side * 1.15
    items: list[Item] = []
    for value in face.dice:
        items += die_face(x, y, side, value, face.colours.text, face.colours.background)
        y += step
    return items


_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
         5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(x: float, y: float, side: float, value: int, ink: str, paper: str) -> list[Item]:
    """A die showing `value` with its top-left corner at (x, y); a value off the die (0, 7 …)
    is printed as a number on it."""
    items: list[Item] = [Rect(x, y, side, side, Style(fill=paper, stroke=ink, stroke_width_mm=side * 0.08),
                              corner_radius_mm=side * 0.2)]  # fmt: skip
    cx, cy, step = x + side / 2, y + side / 2, side * 0.26
    if value not in _PIPS:
        return items + [Text(cx, cy, str(value), "sans-bold", side * 2.0, anchor="middle", baseline="middle", fill=ink)]
    return items + [Circle(cx + dx * step, cy + dy * step, side * 0.09, Style.filled(ink)) for dx, dy in _PIPS[value]]


def _stripe(face: FaceArt, s: float, b: float) -> Item:
    """Reduced and reformed faces: a lighter (or darker) strip behind the factor line. A
    round face keeps its circle whole; its state shows in its factors."""
    top = FACTOR_BASELINE * s - cap_mm(pt(FACTOR_SHARE, s)) - 0.05 * s
    colour = away_from(face.colours.background, face.colours.text, 0.5)
    return Rect(-b, top, s + 2 * b, s - top + b, Style.filled(colour))


def _symbol(face: FaceArt, s: float) -> list[Item]:
    c = face.colours
    if face.shape == "round":
        cx, cy, width = 0.5 * s, 0.5 * s, ROUND_FRAME_WIDTH * s
    else:
        frame = FRAMES[layout_of(face)]
        cx, cy, width = frame.cx * s, frame.cy * s, frame.width * s
    style = SymbolStyle(line=c.symbol or c.text, fill=None, line_mm=0.022 * s, words=face.symbol_words)
    # The designer's picture takes the symbol's place (or the whole face's, or a portrait's).
    items = [] if face.art is not None else list(unit_symbol(face.symbol, cx, cy, width, style))
    if face.art is not None and face.art.slot == "portrait":
        return items  # a portrait fills the middle of the face: no echelon over it
    if face.shape == "square" and face.echelon:
        top = frame_box(cx, cy, width)[1] - height_above_frame(face.symbol, width)
        items.extend(echelon_mark(face.echelon, face.ad_hoc, cx, top - 0.04 * s, 0.085 * s,
                                  top_text_colour(face), width * 1.1))  # fmt: skip
    return items


def full_face_art(face: FaceArt, s: float, b: float) -> list[Item]:
    """A picture over the whole face, running into the bleed; a round face keeps it inside
    its circle."""
    items = art_items(face.art, (-b, -b, s + b, s + b))
    if face.shape == "round":
        return [Group(tuple(items), clip=Circle(s / 2, s / 2, s / 2 + b))]
    return [Group(tuple(items), clip=Rect(-b, -b, s + 2 * b, s + 2 * b))]


def _reformed_tag(face: FaceArt, s: float) -> list[Item]:
    """WEF 2.12: the back of an Austro-Hungarian unit is its reformed state: an 'R' disc."""
    r = 0.075 * s
    cx, cy = s - 0.045 * s - r, 0.045 * s + r
    paper = face.colours.band if face.colours.band else face.colours.background
    return [Circle(cx, cy, r, Style.filled(top_text_colour(face))),
            Text(cx, cy, "R", "sans-bold", pt(0.32, s), anchor="middle", baseline="middle", fill=paper)]  # fmt: skip


def counter_border(face: FaceArt, size_mm: float) -> Item:
    """A thin outline for stand-alone counter images (VASSAL, Tabletop Simulator)."""
    colour = mix(face.colours.background, "#000000", 0.55)
    style = Style(stroke=colour, stroke_width_mm=0.012 * size_mm)
    half = style.stroke_width_mm / 2
    if face.shape == "round":
        return Circle(size_mm / 2, size_mm / 2, size_mm / 2 - half, style)
    return Rect(half, half, size_mm - 2 * half, size_mm - 2 * half, style)
