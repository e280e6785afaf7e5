"""A card's or chit's faces as drawing primitives, in the cut box (0, 0)-(width, height).

Card front: a frame in the deck's colour with the title across the top, a white panel
holding the declared fields ("Turn: 2"), the text (as large as fits) and the flags as
tags along the bottom, and the deck's name in the frame below. Chit front: the title as
large as fits, the number fields along the bottom and a flag's mark in the upper right
corner. Backs: the deck's back colour with its label. Art runs `bleed` past the cut on
every side. Sizes are shares of the card's shorter side, so every card size looks alike.
"""

from __future__ import annotations

import hashlib

from generator.components.decks.plan import BackArt, FrontArt
from generator.layout.colours import mix, readable_on
from generator.layout.pictures import art_items
from generator.layout.primitives import Circle, Group, Item, Line, Rect, Style, SymbolDef, Text
from generator.layout.text_fit import cap_mm, fitted, stacked, wrap_to_fit
from generator.fonts.metrics import text_width_mm
from generator.layout.transform import Transform
from generator.layout.wrap import paragraph, wrap_text, wrapped_height_mm

PANEL = "#ffffff"
INK = "#000000"
BODY_MAX_PT = 10.0
MARK_GAP = " "  # between the flag marks of a chit
MIN_TEXT_PT = 4.5  # below this a card's text is unreadable: it is printed at this size regardless


def front_items(front: FrontArt, bleed_mm: float, cell_mm: tuple[float, float]) -> tuple[Item, ...]:
    """The front in the cell's cut box: drawn in the card's own orientation, turned a
    quarter clockwise into the cell when the two differ."""
    items = tuple(chit_front(front, bleed_mm) if front.kind == "chit" else card_front(front, bleed_mm))
    if front.size_mm == cell_mm:
        return items
    return (Group(items, Transform.rotate(90).then(Transform.translate(cell_mm[0], 0.0))),)


def card_front(front: FrontArt, b: float) -> list[Item]:
    w, h = front.size_mm
    u = min(w, h)
    border, title_h, footer_h, pad = BORDER * u, TITLE * u, FOOTER * u, PAD * u
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style.filled(front.colour))]
    slot = front.art.slot if front.art is not None else None
    if slot == "full":
        items += clipped_art(front.art, (-b, -b, w + b, h + b))
    corner_room = 2 * (CORNER_R * u * 2 + 0.01 * u) if front.corners else 0.0
    title_ink = front.ink
    if front.band:  # the flag's band behind the title (GWNE 7.4)
        items.append(Rect(-b, -b, w + 2 * b, border + title_h + b, Style.filled(front.band)))
        title_ink = readable_on(front.band)
    if front.title:
        lines, size = wrap_to_fit(front.title, "sans-bold", w - 2 * border - 2 * pad - corner_room, title_h * 0.8,
                                  0.24 * u, max_lines=2)  # fmt: skip
        items += stacked(lines, "sans-bold", size, w / 2, border + title_h / 2, title_ink)
    items += _corners(front, w, h, u, border + title_h / 2)
    panel_top, panel_bottom = border + title_h, h - border - footer_h
    # Over a full-card picture the panel lets it show through, yet keeps the text readable.
    panel = Style.filled(PANEL, PANEL_OVER_ART if slot == "full" else 1.0)
    items.append(Rect(border, panel_top, w - 2 * border, panel_bottom - panel_top, panel, corner_radius_mm=0.03 * u))
    if front.footer:
        items += fitted(front.footer, "condensed", w / 2, h - border - footer_h / 2, w - 2 * border, 0.09 * u,
                        0.05 * u, "middle", "middle", front.ink)  # fmt: skip
    left, inner_w = border + pad, w - 2 * border - 2 * pad
    y = panel_top + pad
    if slot in ("illustration", "portrait"):
        box = card_slot(slot, w, h)
        items += clipped_art(front.art, box)
        if w > h:  # a landscape card: the picture a column on the left, the words beside it
            left = box[2] + pad
            inner_w = w - border - pad - left
        else:  # as tall as the share allows, less what the card's words need
            box = (box[0], box[1], box[2], box[1] + _illustration_height(front, box, inner_w, panel_bottom, u))
            items[-1:] = clipped_art(front.art, box)
            y = box[3] + pad / 2
    for name, value in front.values:
        field_items, height = _field_line(name, value, left, y, inner_w, 0.12 * u)
        items += field_items
        y += height
    if front.values:
        y += pad / 2
        items.append(Line(left, y, w - border - pad, y, Style(stroke=mix(front.colour, PANEL, 0.4),
                                                                      stroke_width_mm=0.25)))  # fmt: skip
        y += pad / 2
    tags, tags_h = _tags(front, left, inner_w, u)
    bottom = panel_bottom - pad - (tags_h + pad / 2 if tags else 0.0)
    squares, squares_h = _squares(front, left, inner_w, u)
    if squares:
        items.append(Group(squares, Transform.translate(0.0, bottom - squares_h)))
        bottom -= squares_h + pad / 2
    items += _body(front.text, left, y, inner_w, bottom - y, min(0.2 * u, BODY_MAX_PT))
    items += [Group(tags, Transform.translate(0.0, panel_bottom - pad - tags_h))] if tags else []
    return items


PANEL_OVER_ART = 0.85  # the opacity of a card's panel over a full-card picture
ILLUSTRATION_SHARE = 0.42  # of the panel's height, under the title


BORDER, TITLE, FOOTER, PAD = 0.045, 0.15, 0.075, 0.045  # shares of a card's shorter side


def card_slot(slot: str, w: float, h: float) -> tuple[float, float, float, float]:
    """Where a card's picture goes (left, top, right, bottom): the whole card (`full`), an
    illustration across the top of the panel under the title (down the left of the panel on
    a landscape card), or a portrait: a square as tall, centred (or as wide, on top)."""
    if slot == "full":
        return 0.0, 0.0, w, h
    u = min(w, h)
    x, y = (BORDER + PAD) * u, (BORDER + TITLE + PAD) * u
    width = w - 2 * (BORDER + PAD) * u
    panel = h - (2 * BORDER + TITLE + FOOTER) * u
    if w > h:
        width, height = ILLUSTRATION_SHARE * width, panel - 2 * PAD * u
        if slot == "portrait":
            height = min(height, width)
        return x, y, x + width, y + height
    height = ILLUSTRATION_SHARE * panel
    if slot == "portrait":
        side = min(height, width)
        x, width = x + (width - side) / 2, side
    return x, y, x + width, y + height


def _illustration_height(front: FrontArt, box, inner_w: float, panel_bottom: float, u: float) -> float:
    """The illustration's height: its share of the panel, less whatever the fields, flags and
    a few lines of text at a small size need below it, but never under a fifth of its share."""
    pad = PAD * u
    fields = sum(_field_line(name, value, 0.0, 0.0, inner_w, 0.12 * u)[1] for name, value in front.values)
    fields += pad if front.values else 0.0
    tags_h = _tags(front, 0.0, inner_w, u)[1]
    squares_h = _squares(front, 0.0, inner_w, u)[1]
    body = wrapped_height_mm(len(wrap_text(front.text, "sans", BODY_FLOOR_PT, inner_w)), BODY_FLOOR_PT) \
        if front.text else 0.0
    room = panel_bottom - pad - box[1] - pad / 2 - fields - (tags_h + pad / 2 if tags_h else 0.0) \
        - (squares_h + pad / 2 if squares_h else 0.0) - body
    share = box[3] - box[1]
    return max(0.2 * share, min(share, room))


BODY_FLOOR_PT = 6.5  # the text size a card's illustration leaves room for


def clipped_art(art, box: tuple[float, float, float, float]) -> list[Item]:
    """A picture in a box, never outside it (a filled picture is cropped there anyway)."""
    left, top, right, bottom = box
    return [Group(tuple(art_items(art, box)), clip=Rect(left, top, right - left, bottom - top))]


def _field_line(name: str, value: str, x: float, y: float, width: float, size: float) -> tuple[list[Item], float]:
    """'Turn: 9' with the name in bold, on one line when it fits; else wrapped, all bold."""
    label = f"{name}: "
    label_w = text_width_mm(label, "condensed-bold", size)
    if label_w + text_width_mm(value, "condensed", size) <= width:
        laid = paragraph(x, y, width, label, "condensed-bold", size)
        baseline = laid.items[0].y_mm if laid.items else y
        return [*laid.items, Text(x + label_w, baseline, value, "condensed", size)], laid.height_mm
    laid = paragraph(x, y, width, label + value, "condensed-bold", size)
    return list(laid.items), laid.height_mm


CORNER_R = 0.075  # a corner number's disc, as a share of the card's shorter side


def _corners(front: FrontArt, w: float, h: float, u: float, title_y: float) -> list[Item]:
    """Number fields printed in a corner: a disc of the field's colour with the value; the
    top corners sit in the title band, the bottom ones in the footer's."""
    r = CORNER_R * u
    items: list[Item] = []
    for corner, value, colour in front.corners:
        x = r + 0.05 * u if corner.endswith("left") else w - r - 0.05 * u
        y = title_y if corner.startswith("top") else h - r - 0.03 * u
        items.append(Circle(x, y, r, Style(fill=colour, stroke="#ffffff", stroke_width_mm=0.012 * u)))
        items += fitted(value, "sans-bold", x, y, 1.5 * r, 0.3 * u, 0.1 * u, "middle", "middle", readable_on(colour))
    return items


def _squares(front: FrontArt, x0: float, width: float, u: float) -> tuple[tuple[Item, ...], float]:
    """Each squares field: its name, then a row of squares of its colours (from y = 0)."""
    side, gap, size = 0.075 * u, 0.025 * u, 0.09 * u
    items: list[Item] = []
    y = 0.0
    for name, colours in front.squares:
        label = fitted(name, "condensed-bold", x0, y + side / 2, width * 0.55, size, 0.05 * u, "start", "middle", INK)
        items += label
        x = x0 + min(text_width_mm(name, "condensed-bold", label[0].size_pt) + gap * 2, width * 0.55 + gap)
        for colour in colours:
            items.append(Rect(x, y, side, side, Style(fill=colour, stroke=INK, stroke_width_mm=0.008 * u)))
            x += side + gap
        y += side + gap
    return tuple(items), (y - gap if items else 0.0)


def _body(text: str, x: float, y: float, width: float, height: float, max_pt: float) -> list[Item]:
    """The card's text at the largest size (in steps of a quarter point) that fits."""
    if not text or height <= 0:
        return []
    size = max_pt
    while size > MIN_TEXT_PT:
        lines = len(wrap_text(text, "sans", size, width))
        if wrapped_height_mm(lines, size) <= height:
            break
        size -= 0.25
    return list(paragraph(x, y, width, text, "sans", max(size, MIN_TEXT_PT)).items)


def _tags(front: FrontArt, x0: float, width: float, u: float) -> tuple[tuple[Item, ...], float]:
    """The flags as rounded tags in rows from `x0` (y from 0), and the height they take."""
    size = 0.1 * u
    pad, gap = 0.02 * u, 0.02 * u
    tag_h = cap_mm(size) + 2 * pad + 0.6
    fill = mix(front.colour, PANEL, 0.75)
    items: list[Item] = []
    x, y = x0, 0.0
    for name, _ in front.flags:
        tag_w = min(text_width_mm(name, "condensed-bold", size) + 2 * pad + 1.0, width)
        if x > x0 and x + tag_w > x0 + width:
            x, y = x0, y + tag_h + gap
        items.append(Rect(x, y, tag_w, tag_h, Style(fill=fill, stroke=front.colour, stroke_width_mm=0.2),
                          corner_radius_mm=tag_h / 2))  # fmt: skip
        items += fitted(name, "condensed-bold", x + tag_w / 2, y + tag_h / 2, tag_w - 2 * pad, size, 0.05 * u,
                        "middle", "middle", INK)  # fmt: skip
        x += tag_w + gap
    return tuple(items), (y + tag_h if items else 0.0)


def chit_front(front: FrontArt, b: float) -> list[Item]:
    w, h = front.size_mm
    u = min(w, h)
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style.filled(front.colour))]
    slot = front.art.slot if front.art is not None else None
    if slot == "full":
        items += clipped_art(front.art, (-b, -b, w + b, h + b))
    top_ink = front.ink
    if front.band:  # the flag's band across the top (GWNE 7.4: yellow, play at once)
        items.append(Rect(-b, -b, w + 2 * b, 0.2 * h + b, Style.filled(front.band)))
        top_ink = readable_on(front.band)
    if front.corner:
        items += fitted(front.corner, "sans-bold", 0.07 * u, 0.04 * u, 0.4 * w, 0.28 * u, 0.15 * u, "start",
                        "hanging", top_ink)  # fmt: skip
    numbers = "  ".join(front.numbers)
    title_bottom = 0.7 * h if numbers else 0.9 * h
    title_top = 0.22 * h if front.band or front.corner else 0.14 * h  # clear of the band and the corner
    if slot == "symbol":  # the picture in the upper part, the title under it
        art_bottom = title_top + 0.58 * (title_bottom - title_top)
        items += clipped_art(front.art, (0.2 * w, title_top, 0.8 * w, art_bottom))
        title_top = art_bottom + 0.02 * h
    if front.title:
        lines, size = wrap_to_fit(front.title, "sans-bold", 0.86 * w, title_bottom - title_top, 0.55 * u)
        items += stacked(lines, "sans-bold", size, w / 2, (title_top + title_bottom) / 2, front.ink)
    if numbers:
        items += fitted(numbers, "sans-bold", w / 2, 0.92 * h, 0.8 * w, 0.6 * u, 0.2 * u, "middle", "alphabetic",
                        front.ink)  # fmt: skip
    marks = MARK_GAP.join(mark for _, mark in front.flags)  # each mark apart: "U C", never a word "UC"
    if marks:
        items += fitted(marks, "condensed-bold", w - 0.07 * u, 0.06 * u, 0.4 * w, 0.32 * u, 0.15 * u, "end",
                        "hanging", top_ink)  # fmt: skip
    return items


def back_symbol(back: BackArt, size_mm: tuple[float, float], bleed_mm: float) -> SymbolDef:
    """The back shared by every card of a deck, as one symbol (a form in the PDF)."""
    w, h = size_mm
    b = bleed_mm
    key = repr((back, round(w, 4), round(h, 4), round(b, 4)))
    digest = hashlib.sha1(key.encode()).hexdigest()[:12]
    return SymbolDef(f"deck-back-{digest}", (-b, -b, w + b, h + b), tuple(_back_items(back, w, h, b)))


def _back_items(back: BackArt, w: float, h: float, b: float) -> list[Item]:
    u = min(w, h)
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style.filled(back.colour))]
    slot = back.art.slot if back.art is not None else None
    if slot == "full":
        items += clipped_art(back.art, (-b, -b, w + b, h + b))
    if back.kind == "card":
        inset = 0.07 * u
        items.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                          Style(stroke=back.ink, stroke_width_mm=0.012 * u), corner_radius_mm=0.05 * u))
        inner = 0.1 * u
        items.append(Rect(inner, inner, w - 2 * inner, h - 2 * inner,
                          Style(stroke=back.ink, stroke_width_mm=0.005 * u), corner_radius_mm=0.035 * u))
    label_y, label_h = h / 2, 0.5 * h
    if slot == "symbol":  # an emblem above the label
        items += clipped_art(back.art, (0.2 * w, 0.14 * h, 0.8 * w, 0.56 * h))
        label_y, label_h = 0.72 * h, 0.2 * h
    if back.label:
        room = 0.72 * w if back.kind == "card" else 0.86 * w
        lines, size = wrap_to_fit(back.label, "sans-bold", room, label_h, 0.3 * u if back.kind == "card" else 0.5 * u)
        if slot == "full":  # on a plate of the back's colour, readable over the picture
            plate_w = max(text_width_mm(line, "sans-bold", size) for line in lines) + 0.08 * u
            plate_h = (1.5 * len(lines) - 0.5) * cap_mm(size) + 0.08 * u
            items.append(Rect(w / 2 - plate_w / 2, label_y - plate_h / 2, plate_w, plate_h,
                              Style.filled(back.colour, 0.85), corner_radius_mm=0.03 * u))
        items += stacked(lines, "sans-bold", size, w / 2, label_y, back.ink)
    return items


