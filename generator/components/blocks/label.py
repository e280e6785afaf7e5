"""A block's label (the sticker on one face of a wooden block) as drawing primitives.

Anatomy, as shares of the label's size: the nationality's colours; in the middle the unit
type's symbol with the echelon mark above it and the designation below; along the four
edges the block's strength, one value per edge, each reading upright when its edge is on
top: the maximum SP on the top edge, one less on the right edge, and so on round the label
(a block loses strength by being turned a quarter anticlockwise, so the edge of its
current strength is always up). A block of less than 4 SP leaves the last edges blank; a
type's `turned_label` (SotE: a leader's ability used) takes the edge after the strength.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.colours import mix
from generator.layout.pictures import art_items
from generator.layout.primitives import Group, Item, Rect, Style
from generator.layout.symbols import SymbolStyle, echelon_mark, frame_box, height_above_frame, symbol_words, unit_symbol
from generator.layout.text_fit import fitted
from generator.layout.transform import Transform
from generator.model.game import Game
from generator.model.pictures import COUNTER_SLOTS, Art
from generator.model.rules import BLOCK_EDGES, Colours
from generator.model.units import Unit

EDGE_ROTATION = (0.0, 90.0, 180.0, 270.0)  # top, right, bottom, left: turned to read from its edge
BAND = 0.2  # the edge band holding the strength values
FRAME_WIDTH = 0.4
FRAME_CY = 0.47


@dataclass(frozen=True)
class BlockLabel:
    """Everything printed on one block's label, its words in the build's language."""

    name: str  # a stable file name: the unit id
    colours: Colours
    symbol: str
    echelon: str
    ad_hoc: bool
    designation: str
    edges: tuple[str, str, str, str]  # top, right, bottom, left
    label: str = ""  # what a person calls the block
    art: Art | None = None  # the designer's picture: in the symbol's place, a portrait, or the whole label
    symbol_words: tuple[tuple[str, str], ...] = ()  # the words its symbol prints, translated ("HQ")


def block_label(game: Game, unit: Unit, t=None) -> BlockLabel:
    unit_type = game.unit_types.get(unit.type_id)
    nationality = game.nationalities.get(unit.nationality)
    colours = nationality.colours if nationality else Colours(background="#ffffff")
    size = game.sizes.get(unit.size) if unit.size else None
    edges = [str(unit.steps - turn) if unit.steps - turn >= 1 else "" for turn in range(BLOCK_EDGES)]
    if unit_type is not None and unit_type.turned_label and unit.steps < BLOCK_EDGES:
        edges[unit.steps] = t.of(unit_type, "turned_label") if t is not None else unit_type.turned_label
    designation = t.designation(unit.designation) if t is not None else unit.designation
    name = (t.of(unit) if t is not None else unit.name) if unit.name else designation
    reference = unit.images[0] if unit.images else (unit_type.image if unit_type else None)
    return BlockLabel(unit.unit_id, colours, unit_type.symbol if unit_type else "frame",
                      size.mark if size else (unit.size or ""), unit.ad_hoc, designation, tuple(edges), name,
                      game.art(reference, COUNTER_SLOTS),
                      symbol_words(unit_type.symbol, t) if unit_type else ())


def label_items(label: BlockLabel, s: float, bleed_mm: float = 0.0) -> tuple[Item, ...]:
    """The label `s` mm square with its top-left corner at (0, 0), at full strength (top edge up)."""
    c = label.colours
    b = bleed_mm
    items: list[Item] = [Rect(-b, -b, s + 2 * b, s + 2 * b, Style.filled(c.background))]
    slot = label.art.slot if label.art is not None else None
    if slot == "full":
        items += art_items(label.art, (-b, -b, s + b, s + b))  # a filled picture is cropped to its slot
    inner = BAND * s * 0.82
    items.append(Rect(inner, inner, s - 2 * inner, s - 2 * inner,
                      Style(stroke=mix(c.background, c.text, 0.45), stroke_width_mm=0.015 * s)))
    cx, cy, width = 0.5 * s, FRAME_CY * s, FRAME_WIDTH * s
    if label.art is None:
        items += unit_symbol(label.symbol, cx, cy, width, SymbolStyle(line=c.symbol or c.text, fill=None,
                                                                        line_mm=0.022 * s, words=label.symbol_words))
    elif slot in ("symbol", "portrait"):
        items += art_items(label.art, label_art_slot(slot, s))
    left, top, right, bottom = frame_box(cx, cy, width)
    if label.echelon and slot != "portrait":
        top -= height_above_frame(label.symbol, width)
        items += echelon_mark(label.echelon, label.ad_hoc, cx, top - 0.03 * s, 0.07 * s, c.text, width)
    if label.designation:
        items += fitted(label.designation, "condensed-bold", cx, bottom + 0.035 * s, s * (1 - 2 * BAND) - 0.02 * s,
                        0.36 * s, 0.12 * s, "middle", "hanging", c.text)
    for text, rotation in zip(label.edges, EDGE_ROTATION):
        if text:
            items.append(_edge_text(text, s, rotation, c.text))
    return tuple(items)


def label_art_slot(slot: str, s: float) -> tuple[float, float, float, float]:
    """Where a picture goes on a label `s` mm square: the symbol's frame, a portrait filling
    the middle inside the strength bands above the designation, or the whole label."""
    if slot == "full":
        return 0.0, 0.0, s, s
    frame = frame_box(0.5 * s, FRAME_CY * s, FRAME_WIDTH * s)
    if slot == "symbol":
        return frame
    return BAND * s, BAND * s, s - BAND * s, frame[3]


def _edge_text(text: str, s: float, rotation: float, colour: str) -> Group:
    """A value in the middle of the top edge's band, turned to its own edge."""
    digits = text.isdigit()
    font = "sans-bold" if digits else "condensed-bold"
    size = (0.5 if digits else 0.3) * s
    lines = fitted(text, font, 0.5 * s, BAND * s * 0.45, s * (1 - 2 * BAND), size, 0.1 * s, "middle", "middle",
                   colour)
    return Group(tuple(lines), Transform.rotate(rotation, 0.5 * s, 0.5 * s))


def turned_items(items: tuple[Item, ...], s: float, quarter_turns: int) -> tuple[Item, ...]:
    """The label turned anticlockwise by `quarter_turns` about its centre: the edge of a
    block's current strength comes to the top."""
    if quarter_turns % 4 == 0:
        return items
    return (Group(items, Transform.rotate(-90.0 * (quarter_turns % 4), 0.5 * s, 0.5 * s)),)


def block_items(game: Game, unit: Unit, size_mm: float, t=None, steps: int | None = None) -> tuple[Item, ...]:
    """A block as charts show it: its label at `steps` SP (None: full strength) on top, with
    a thin outline; the art `counter_hook` draws for block units."""
    current = unit.steps if steps is None else max(1, min(steps, unit.steps))
    label = block_label(game, unit, t)
    outline = Style(stroke=mix(label.colours.background, "#000000", 0.55), stroke_width_mm=0.012 * size_mm)
    half = outline.stroke_width_mm / 2
    body = turned_items(label_items(label, size_mm), size_mm, unit.steps - current)
    return (Group(body, clip=Rect(0, 0, size_mm, size_mm)),
            Rect(half, half, size_mm - 2 * half, size_mm - 2 * half, outline))
