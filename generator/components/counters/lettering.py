"""The text printed over a counter's picture: code, designation, army, parent, factors,
and a marker's words — each fitted to the room it has (see anatomy.py)."""

from __future__ import annotations

from generator.components.counters.anatomy import (
    FACTOR_BASELINE,
    FACTOR_SHARE,
    FRAMES,
    MARKER_ART_BOTTOM,
    PAD,
    ROUND_FRAME_WIDTH,
    band_box,
    code_ring,
    ink as ink_at,
    layout_of,
    pt,
    side_box,
    side_lines,
    top_text_colour,
)
from generator.components.counters.plan import FaceArt
from generator.layout.primitives import Item, Text
from generator.layout.symbols import frame_box
from generator.layout.text_fit import cap_mm, fit_lines, fitted, stacked, wrap_to_fit
from generator.layout.text_metrics import fit_text_size, text_width_mm


def face_text(face: FaceArt, size_mm: float) -> tuple[Item, ...]:
    if face.kind == "unit":
        if face.shape == "round":
            return tuple(_round_unit_text(face, size_mm))
        return tuple(_square_unit_text(face, size_mm))
    if face.kind == "marker":
        return tuple(_marker_text(face, size_mm))
    return ()


def _square_unit_text(face: FaceArt, s: float) -> list[Item]:
    ink = face.colours.text
    pad = PAD * s
    layout = layout_of(face)
    frame = FRAMES[layout]
    frame_left, frame_top, frame_right, frame_bottom = frame.box(s)
    items: list[Item] = []
    if face.code:
        left = pad + (0.2 * s if face.dot else 0.0)
        room = frame.cx * s - 0.12 * s - left
        if face.code_circled:
            items += _circled(face, s)
        else:
            items += fitted(face.code, "condensed", left, pad, room, pt(0.31, s), pt(0.2, s), "start", "hanging",
                            ink_at(face, "corner"))  # fmt: skip
    side_x, mid, side_width, _ = side_box(s)
    army_top = frame_bottom + 0.015 * s
    side_ink = ink_at(face, "side")
    if face.designation and layout == "side":
        label = _side_label(face.designation, s, side_ink)
        items += label
        army_top = max(army_top, max(t.y_mm for t in label) + 0.035 * s)  # GE 3.4: below the ID
    elif face.designation:
        items += fitted(face.designation, "condensed-bold", 0.5 * s, frame_bottom + 0.05 * s, s - 2 * pad,
                        pt(0.36, s), pt(0.2, s), "middle", "hanging", ink)  # fmt: skip
    if face.army and layout == "side":
        items += fitted(face.army, "condensed", side_x, army_top, side_width, pt(0.3, s), pt(0.2, s), "middle",
                        "hanging", side_ink)  # fmt: skip
    elif face.army:  # the designation fills the row under the symbol: the army goes upper right
        items += fitted(face.army, "condensed", s - pad, pad, 0.2 * s, pt(0.31, s), pt(0.2, s), "end", "hanging",
                        top_text_colour(face))  # fmt: skip
    if face.parent:
        parent = face.parent if face.parent.startswith("/") else f"/{face.parent}"
        items += fitted(parent, "condensed-bold", frame_right + 0.03 * s, (frame_top + frame_bottom) / 2,
                        s - pad - frame_right - 0.03 * s, pt(0.34, s), pt(0.2, s), "start", "middle", ink)  # fmt: skip
    return items + _factors(face, s, 0.5 * s, FACTOR_BASELINE * s, s - 2 * pad, pt(FACTOR_SHARE, s))


def _circled(face: FaceArt, s: float) -> list[Item]:
    """A set-up code inside its ring (the ring is part of the picture, art.py)."""
    cx, cy, r = code_ring(face, s)
    inner = 1.35 * r
    size = fit_text_size(face.code, "condensed-bold", inner, pt(0.3, s), 0.5) or 0.5
    size = min(size, inner / 0.3528 / 0.75)
    return [Text(cx, cy, face.code, "condensed-bold", size, anchor="middle", baseline="middle",
                 fill=ink_at(face, "corner"))]


def _side_label(text: str, s: float, colour: str) -> list[Text]:
    """The designation left of the symbol, on one line or two."""
    cx, cy, width, _ = side_box(s)
    found = side_lines(text, s)
    if found is None:
        found = (text,), fit_text_size(text, "condensed-bold", width, 1.0, 0.1) or 0.5
    lines, size = found
    return stacked(lines, "condensed-bold", size, cx, cy, colour)


def _round_unit_text(face: FaceArt, s: float) -> list[Item]:
    ink = face.colours.text
    top = frame_box(0.5 * s, 0.5 * s, ROUND_FRAME_WIDTH * s)[1]
    items: list[Item] = []
    if face.designation:
        items += fitted(face.designation, "condensed-bold", 0.5 * s, top - 0.05 * s, 0.5 * s, pt(0.36, s),
                        pt(0.2, s), "middle", "alphabetic", ink)  # fmt: skip
    if face.code:
        # left of the dome, where the circle is widest
        items += fitted(face.code, "condensed", 0.165 * s, 0.5 * s, 0.2 * s, pt(0.28, s), pt(0.18, s), "middle",
                        "middle", ink)  # fmt: skip
    return items + _factors(face, s, 0.5 * s, 0.86 * s, 0.62 * s, pt(0.5, s))


def _factors(face: FaceArt, s: float, cx: float, baseline: float, width: float, size_pt: float) -> list[Item]:
    """The factor line, centred, with the '*' raised beside it (WEF 10.10)."""
    if not face.factors:
        return []
    ink = ink_at(face, "factors")
    star_room = 0.1 * s if face.star else 0.0
    size = fit_text_size(face.factors, "sans-bold", width - 2 * star_room, size_pt, 1.0) or 1.0
    items: list[Item] = [Text(cx, baseline, face.factors, "sans-bold", size, anchor="middle", fill=ink)]
    if face.star:
        right = cx + text_width_mm(face.factors, "sans-bold", size) / 2
        items.append(Text(right + 0.01 * s, baseline - cap_mm(size) * 0.32, "*", "sans-bold", size * 0.95, fill=ink))
    return items


def _marker_text(face: FaceArt, s: float) -> list[Item]:
    """A marker's text, as large as fits: the data's own line breaks kept, else its words
    wrapped on one to three lines."""
    left, top, right, bottom = 0.0, 0.0, s, s  # the room beside the band
    if face.art is not None and face.art.slot != "full":
        top = MARKER_ART_BOTTOM * s  # the picture above, the words below
    if face.colours.band:
        x, y, w, h = band_box(face, s, 0.0)
        where = face.colours.band_at
        top, bottom, left = (y + h, s, 0.0) if where == "top" else (0.0, y, 0.0) if where == "bottom" else (0.0, s, w)
    room = right - left
    width, height, max_pt = room - 3 * PAD * s, (bottom - top) * 0.8, pt(0.55, s)
    if len(face.lines) > 1:
        lines = face.lines
        size = fit_lines(lines, "sans-bold", width, height, max_pt, 0.1, 1.5) or 0.1
    else:
        lines, size = wrap_to_fit(" ".join(face.lines), "sans-bold", width, height, max_pt)
    return list(stacked(lines, "sans-bold", size, (left + right) / 2, (top + bottom) / 2, face.colours.text))
