"""One counter face as drawing primitives: a shared picture plus the text printed on top.

The picture (background, two-tone band, reduced stripe, NATO symbol, echelon, dot, icon)
is a SymbolDef that every counter with the same look shares, so a PDF holds it once as a
form XObject; the per-counter text (code, designation, factors) is drawn over it. All
positions are fractions of the counter size, so a 1/2" and a 1" sheet look alike; text is
fitted to the space it has, never allowed to spill.

Anatomy of a square unit face (WEF/GE 2.4): corner code upper left, echelon above the
symbol, designation left of the symbol with the starting army below it (GE 3.4), parent
formation right of it, factors along the bottom (movement last, lower right, 12.1) with
the '*' beside them (WEF 10.10).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

from generator.components.counters.plan import FaceArt
from generator.layout.colours import away_from, contrast, mix, readable_on
from generator.layout.primitives import Circle, Item, Rect, Style, SymbolDef, Text
from generator.layout.symbols import (
    FRAME_RATIO,
    SymbolStyle,
    echelon_mark,
    frame_box,
    height_above_frame,
    type_icon,
    unit_symbol,
)
from generator.layout.text_metrics import MM_PER_PT, fit_text_size, text_width_mm

CAP_EM = 0.729  # DejaVu capital height in em
PAD = 0.055  # inner margin, as a share of the counter size
ROUND_FRAME_WIDTH = 0.42


@dataclass(frozen=True)
class Frame:
    """Where the symbol frame sits on a square face, as shares of the counter size."""

    cx: float
    cy: float
    width: float


# "side": the designation left of the symbol (WEF/GE counters); "below": a designation too
# long for the side goes under a centred, slightly smaller symbol.
FRAMES = {"side": Frame(0.59, 0.445, 0.44), "below": Frame(0.5, 0.39, 0.40)}
SIDE_MIN_SHARE = 0.3  # a side designation smaller than this share of the size goes below
BAND_BOTTOM = 0.27
FACTOR_BASELINE = 0.925


@dataclass(frozen=True)
class FaceDrawing:
    """A face ready to place at a cell's top-left corner: the shared picture and the text."""

    picture: SymbolDef
    text: tuple[Item, ...]


def draw_face(face: FaceArt, size_mm: float, bleed_mm: float = 0.0) -> FaceDrawing:
    return FaceDrawing(picture(face, size_mm, bleed_mm), face_text(face, size_mm))


def _pt(share: float, size_mm: float) -> float:
    """A text size in points given as a share of the counter size (cap height ~ share·0.26)."""
    return share * size_mm


def _cap_mm(size_pt: float) -> float:
    return CAP_EM * size_pt * MM_PER_PT


# -- the shared picture ------------------------------------------------------------------


def picture_key(face: FaceArt) -> tuple:
    """What decides the picture; faces equal in these share one SymbolDef."""
    c = face.colours
    return (face.kind, c.background, c.text, c.band, c.band_text, c.symbol, face.shape, face.symbol,
            face.echelon, face.ad_hoc, face.dot, face.state, face.icon, layout_of(face))  # fmt: skip


def layout_of(face: FaceArt) -> str:
    """'side' when the designation reads well left of the symbol, else 'below'. Text sizes
    are shares of the counter size, so the choice is the same at every counter size."""
    if face.kind != "unit" or face.shape != "square" or not face.designation:
        return "side"
    return _layout_for(face.designation)


@lru_cache(maxsize=4096)
def _layout_for(designation: str) -> str:
    s = 100.0  # any size: the choice scales away
    left, top, _, bottom = _frame_box(FRAMES["side"], s)
    found = _side_lines(designation, left - 0.04 * s - PAD * s, bottom - top + 0.06 * s, s)
    return "side" if found is not None and found[1] >= _pt(SIDE_MIN_SHARE, s) else "below"


def band_bottom(face: FaceArt) -> float:
    """The two-tone band ends just above the symbol frame (as a share of the size)."""
    if face.kind != "unit" or face.shape != "square":
        return BAND_BOTTOM
    frame = FRAMES[layout_of(face)]
    return min(BAND_BOTTOM, frame.cy - frame.width / FRAME_RATIO / 2 - 0.025)


def _frame_box(frame: Frame, s: float):
    return frame_box(frame.cx * s, frame.cy * s, frame.width * s)


def picture(face: FaceArt, size_mm: float, bleed_mm: float = 0.0) -> SymbolDef:
    """The face's shared picture; faces differing only in their text share one SymbolDef."""
    key = (picture_key(face), round(size_mm, 4), round(bleed_mm, 4))
    found = _PICTURES.get(key)
    if found is None:
        digest = hashlib.sha1(repr(key).encode()).hexdigest()[:12]
        b = bleed_mm
        items = tuple(_picture_items(face, size_mm, bleed_mm))
        found = _PICTURES[key] = SymbolDef(f"counter-{digest}", (-b, -b, size_mm + b, size_mm + b), items)
    return found


_PICTURES: dict[tuple, SymbolDef] = {}  # grows with the distinct looks of a game: a few hundred


def _picture_items(face: FaceArt, s: float, b: float) -> list[Item]:
    c = face.colours
    items: list[Item] = []
    if face.shape == "round":
        items.append(Circle(s / 2, s / 2, s / 2 + b, Style.filled(c.background)))
    else:
        items.append(Rect(-b, -b, s + 2 * b, s + 2 * b, Style.filled(c.background)))
        if c.band:
            items.append(Rect(-b, -b, s + 2 * b, band_bottom(face) * s + b, Style.filled(c.band)))
    if face.state != "full" and face.kind == "unit":
        items.extend(_stripe(face, s, b))
    if face.kind == "unit":
        items.extend(_symbol(face, s))
    if face.dot:
        r = 0.075 * s
        items.append(Circle(PAD * s + r, PAD * s + r, r, Style.filled(_top_text_colour(face))))
    if face.state == "reformed":
        items.extend(_reformed_tag(face, s))
    if face.icon and face.kind == "unit":
        shift = 0.2 * s if face.state == "reformed" else 0.0
        icon_mm = 0.17 * s
        x = s - PAD * s - icon_mm / 2 - shift
        items.extend(type_icon(face.icon, x, PAD * s + icon_mm / 2, icon_mm, _top_text_colour(face)))
    return items


def _stripe(face: FaceArt, s: float, b: float) -> list[Item]:
    """Reduced and reformed faces: a lighter (or darker) strip behind the factor line."""
    top = _factor_top(face, s) - 0.05 * s
    colour = away_from(face.colours.background, face.colours.text, 0.5)
    if face.shape == "round":
        return []  # the round face keeps its circle; the smaller factors tell the state
    return [Rect(-b, top, s + 2 * b, s - top + b, Style.filled(colour))]


def _factor_top(face: FaceArt, s: float) -> float:
    return FACTOR_BASELINE * s - _cap_mm(_pt(0.6, s))


def _symbol(face: FaceArt, s: float) -> list[Item]:
    c = face.colours
    line = c.symbol or c.text
    if face.shape == "round":
        cx, cy, width = 0.5 * s, 0.5 * s, ROUND_FRAME_WIDTH * s
    else:
        frame = FRAMES[layout_of(face)]
        cx, cy, width = frame.cx * s, frame.cy * s, frame.width * s
    style = SymbolStyle(line=line, fill=None, line_mm=0.022 * s)
    items = list(unit_symbol(face.symbol, cx, cy, width, style))
    if face.shape == "square" and face.echelon:
        top = frame_box(cx, cy, width)[1] - height_above_frame(face.symbol, width)
        items.extend(echelon_mark(face.echelon, face.ad_hoc, cx, top - 0.04 * s, 0.085 * s,
                                  _top_text_colour(face), width * 1.1))  # fmt: skip
    return items


def _reformed_tag(face: FaceArt, s: float) -> list[Item]:
    """WEF 2.12: the back of an Austro-Hungarian unit is its reformed state: an 'R' disc."""
    r = 0.075 * s
    cx, cy = s - 0.045 * s - r, 0.045 * s + r
    ink = _top_text_colour(face)
    paper = face.colours.band if face.colours.band else face.colours.background
    size = _pt(0.32, s)
    return [Circle(cx, cy, r, Style.filled(ink)),
            Text(cx, cy, "R", "sans-bold", size, anchor="middle", baseline="middle", fill=paper)]  # fmt: skip


def _top_text_colour(face: FaceArt) -> str:
    """Text in the top row sits on the band when there is one."""
    c = face.colours
    if not c.band:
        return c.text
    if c.band_text:
        return c.band_text
    return c.text if contrast(c.text, c.band) >= 3 else readable_on(c.band)


# -- text on top -------------------------------------------------------------------------


def face_text(face: FaceArt, size_mm: float) -> tuple[Item, ...]:
    if face.kind == "unit":
        if face.shape == "round":
            return tuple(_round_unit_text(face, size_mm))
        return tuple(_square_unit_text(face, size_mm))
    if face.kind == "marker":
        return tuple(_marker_text(face, size_mm))
    return ()


def _square_unit_text(face: FaceArt, s: float) -> list[Item]:
    c = face.colours
    items: list[Item] = []
    pad = PAD * s
    layout = layout_of(face)
    frame = FRAMES[layout]
    frame_left, frame_top, frame_right, frame_bottom = _frame_box(frame, s)
    if face.code:
        left = pad + (0.2 * s if face.dot else 0.0)
        items.extend(_fitted(face.code, "condensed", left, pad, frame.cx * s - 0.12 * s - left, _pt(0.31, s),
                             _pt(0.2, s), "start", "hanging", _top_text_colour(face)))  # fmt: skip
    side_width = frame_left - 0.04 * s - pad
    mid = (frame_top + frame_bottom) / 2
    army_top = frame_bottom + 0.015 * s
    if face.designation and layout == "side":
        label = _side_label(face.designation, pad + side_width / 2, mid, side_width,
                            frame_bottom - frame_top + 0.06 * s, s, c.text)  # fmt: skip
        items.extend(label)
        army_top = max(army_top, max(t.y_mm for t in label) + 0.035 * s)  # GE 3.4: below the ID
    elif face.designation:
        items.extend(_fitted(face.designation, "condensed-bold", 0.5 * s, frame_bottom + 0.05 * s, s - 2 * pad,
                             _pt(0.36, s), _pt(0.2, s), "middle", "hanging", c.text))  # fmt: skip
    if face.army and layout == "side":
        items.extend(_fitted(face.army, "condensed", pad + side_width / 2, army_top, side_width,
                             _pt(0.3, s), _pt(0.2, s), "middle", "hanging", c.text))  # fmt: skip
    elif face.army:  # the designation fills the row under the symbol: the army goes upper right
        items.extend(_fitted(face.army, "condensed", s - pad, pad, 0.2 * s, _pt(0.31, s), _pt(0.2, s), "end",
                             "hanging", _top_text_colour(face)))  # fmt: skip
    if face.parent:
        parent = face.parent if face.parent.startswith("/") else f"/{face.parent}"
        right_width = s - pad - frame_right - 0.03 * s
        items.extend(_fitted(parent, "condensed-bold", frame_right + 0.03 * s, mid, right_width, _pt(0.34, s),
                             _pt(0.2, s), "start", "middle", c.text))  # fmt: skip
    items.extend(_factors(face, s, 0.5 * s, FACTOR_BASELINE * s, s - 2 * pad, _pt(0.6, s)))
    return items


def _round_unit_text(face: FaceArt, s: float) -> list[Item]:
    c = face.colours
    items: list[Item] = []
    top = frame_box(0.5 * s, 0.5 * s, ROUND_FRAME_WIDTH * s)[1]
    if face.designation:
        items.extend(_fitted(face.designation, "condensed-bold", 0.5 * s, top - 0.05 * s, 0.5 * s, _pt(0.36, s),
                             _pt(0.2, s), "middle", "alphabetic", c.text))  # fmt: skip
    if face.code:
        items.extend(_fitted(face.code, "condensed", 0.17 * s, 0.5 * s, 0.14 * s, _pt(0.28, s), _pt(0.18, s),
                             "middle", "middle", c.text))  # fmt: skip
    items.extend(_factors(face, s, 0.5 * s, 0.86 * s, 0.62 * s, _pt(0.5, s)))
    return items


def _factors(face: FaceArt, s: float, cx: float, baseline: float, width: float, size_pt: float) -> list[Item]:
    if not face.factors:
        return []
    colour = face.colours.text
    star_room = 0.1 * s if face.star else 0.0
    size = fit_text_size(face.factors, "sans-bold", width - 2 * star_room, size_pt, 1.0) or 1.0
    items: list[Item] = [Text(cx, baseline, face.factors, "sans-bold", size, anchor="middle", fill=colour)]
    if face.star:
        right = cx + text_width_mm(face.factors, "sans-bold", size) / 2
        items.append(Text(right + 0.01 * s, baseline - _cap_mm(size) * 0.32, "*", "sans-bold", size * 0.95,
                          fill=colour))  # fmt: skip
    return items


def _side_label(text: str, cx: float, cy: float, width: float, height: float, s: float, colour: str) -> list[Item]:
    """The designation left of the symbol, on one line or two."""
    found = _side_lines(text, width, height, s)
    lines, size = found if found is not None else ((text,), fit_text_size(text, "condensed-bold", width, 1.0, 0.1) or 0.5)
    return _stacked(lines, "condensed-bold", size, cx, cy, colour)


def _side_lines(text: str, width: float, height: float, s: float) -> tuple[tuple[str, ...], float] | None:
    """One line if it fits large enough, else the better of one and two lines."""
    best = _fit_lines((text,), width, height, s)
    words = _words(text)
    if len(words) > 1 and (best is None or best[1] < _pt(0.36, s)):
        for lines in _splits(words, 2):
            two = _fit_lines(lines, width, height, s)
            if two is not None and (best is None or two[1] > best[1]):
                best = two
    return best


def _splits(words: list[str], count: int) -> list[tuple[str, ...]]:
    """Every way to set `words` on exactly `count` lines (a word ending in '-' joins the
    next one without a space when they share a line)."""
    if count == 1:
        return [(_join(words),)]
    return [(_join(words[:i]), *rest) for i in range(1, len(words) - count + 2)
            for rest in _splits(words[i:], count - 1)]  # fmt: skip


def _words(text: str) -> list[str]:
    """Words, with hyphenated ones breakable after the hyphen: 'Austro-', 'Hungarian'."""
    return re.findall(r"[^\s-]{3,}-+(?=[^\s-]{3})|\S+", text)  # 'A-H' stays whole


def _join(words: list[str]) -> str:
    out = ""
    for word in words:
        out += word if not out or out.endswith("-") else " " + word
    return out


def _stacked(lines: tuple[str, ...], font, size: float, cx: float, cy: float, colour: str) -> list[Item]:
    """Lines centred on (cx, cy) as a block, capitals-to-baseline, half a cap apart."""
    cap = _cap_mm(size)
    gap = cap * 0.5
    block = len(lines) * cap + (len(lines) - 1) * gap
    return [Text(cx, cy - block / 2 + (i + 1) * cap + i * gap, line, font, size, anchor="middle", fill=colour)
            for i, line in enumerate(lines) if line]  # fmt: skip


def _fit_lines(lines: tuple[str, ...], width: float, height: float, s: float) -> tuple[tuple[str, ...], float] | None:
    """Largest size (≤ the designation maximum) at which every line fits the box."""
    max_pt = _pt(0.48, s)
    by_height = height / (len(lines) * CAP_EM * MM_PER_PT * 1.45)
    sizes = [fit_text_size(line, "condensed-bold", width, min(max_pt, by_height), _pt(0.22, s)) for line in lines]
    if any(size is None for size in sizes):
        return None
    return lines, min(sizes)  # type: ignore[type-var]


def _fitted(text: str, font, x: float, y: float, width: float, max_pt: float, min_pt: float, anchor: str,
            baseline: str, colour: str) -> list[Item]:
    """Text shrunk to fit `width` (down to min_pt; below that it is squeezed to fit anyway)."""
    size = fit_text_size(text, font, width, max_pt, min_pt)
    if size is None:
        size = fit_text_size(text, font, width, max_pt, 0.1) or min_pt
    return [Text(x, y, text, font, size, anchor=anchor, baseline=baseline, fill=colour)]


def _marker_text(face: FaceArt, s: float) -> list[Item]:
    """A marker's text, as large as fits: explicit lines kept, else words wrapped on 1-3 lines."""
    c = face.colours
    width = s * (1 - 3 * PAD)
    top = BAND_BOTTOM * s if c.band else 0.0
    height = (s - top) * 0.8
    words = _words(" ".join(face.lines))
    candidates = [lines for count in (1, 2, 3) if count <= len(words) for lines in _splits(words, count)]
    if len(face.lines) > 1:
        candidates = [face.lines]  # the data's own line breaks win
    best, best_size = (("",), 0.0)
    for lines in candidates:
        if len(lines) > 1 and not all(any(ch.isalnum() for ch in line) for line in lines):
            continue  # never a line of punctuation alone ("-")
        by_height = height / (len(lines) * CAP_EM * MM_PER_PT * 1.5)
        max_pt = min(_pt(0.55, s), by_height)
        sizes = [fit_text_size(line, "sans-bold", width, max_pt, 0.1) or 0.1 for line in lines]
        if min(sizes) > best_size * 1.08:  # more lines only when clearly larger
            best, best_size = lines, min(sizes)
    return _stacked(best, "sans-bold", best_size, s / 2, (top + s) / 2, c.text)


def counter_border(face: FaceArt, size_mm: float) -> Item:
    """A thin outline for stand-alone counter images (VASSAL, Tabletop Simulator)."""
    colour = mix(face.colours.background, "#000000", 0.55)
    style = Style(stroke=colour, stroke_width_mm=0.012 * size_mm)
    half = style.stroke_width_mm / 2
    if face.shape == "round":
        return Circle(size_mm / 2, size_mm / 2, size_mm / 2 - half, style)
    return Rect(half, half, size_mm - 2 * half, size_mm - 2 * half, style)
