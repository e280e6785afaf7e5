"""One box of the turn track: header, annotations, a space for counters, notes.

A box is measured and drawn in three sections (head, counter area, foot) so that a row of
boxes can line their counter areas up: the row gives every box the tallest section's height.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from generator.components import chart_style as cs
from generator.layout.primitives import Box, Group, Item, Rect, Style, Text
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.transform import Transform
from generator.layout.wrap import line_pitch_mm, paragraph, wrap_text
from generator.model.track import Turn

NUMBER_PT = 11.0
LABEL_PT = 7.0
DETAIL_PT = 6.0
NOTE_PT = 5.5
BAND_MM = 6.5
GAP_MM = 1.0  # between chips
TAG_RED = "#8b0000"  # a scenario's start and end
BORDER = Style(fill=None, stroke="#000000", stroke_width_mm=0.35)
SPACE = Style(fill=None, stroke="#9a9a9a", stroke_width_mm=0.2, dash_mm=(1.0, 0.8))


@dataclass(frozen=True)
class Chip:
    """A counter printed small in a box (a reinforcement, a marker), with a caption under it."""

    key: str  # anchor name
    draw: Callable[[float, float, float], Group]  # (x, y, size) -> the counter
    caption: str = ""


@dataclass(frozen=True)
class TurnBox:
    """What one box shows, its words already in the build's language (the turn itself
    gives the number and the season's tint)."""

    turn: Turn
    tag: str = ""  # "Start", "End": the scenario's length
    in_play: bool = True  # False: the scenario does not play this turn
    chips: tuple[Chip, ...] = ()
    notes: tuple[str, ...] = ()  # printed inside the box
    note_ref: str = ""  # where the notes went when too long for the box
    label: str = ""  # "Aug 1914", "Nov/Dec 1914"
    weather: str = ""  # "summer · rain": the season and the weather
    annotations: tuple[tuple[str, str], ...] = ()  # (name, value): ("Replacements", "G2/A2/R5")
    headline: str = ""  # what the band leads with: the number, a turn's letter or its label
    marks: tuple[str, ...] = ()  # "End: Short campaign": where a scenario riding the track starts or ends

    @property
    def lead(self) -> str:
        return self.headline or str(self.turn.turn)


@dataclass(frozen=True)
class BoxGeometry:
    width_mm: float
    counter_mm: float  # a counter of this size must fit in the counter area
    margin_mm: float = 1.5  # around the counter
    chip_mm: float = 9.0
    padding_mm: float = 1.0

    @property
    def space_mm(self) -> float:
        """Side of the square every counter area holds at least."""
        return self.counter_mm + 2 * self.margin_mm

    @property
    def inner_mm(self) -> float:
        return self.width_mm - 2 * self.padding_mm


@dataclass(frozen=True)
class Section:
    items: tuple[Item, ...]
    height_mm: float
    anchors: dict[str, Box] = field(default_factory=dict)


def head_section(box: TurnBox, geo: BoxGeometry) -> Section:
    ink = cs.INK if box.in_play else cs.MUTED
    tint = season_tint(box.turn.season) if box.in_play else cs.OUT_OF_SCENARIO
    if box.turn.letter and box.in_play:
        tint = cs.LETTERED_TINT
    tag_room = text_width_mm(box.tag, "condensed-bold", DETAIL_PT) + 1.0 if box.tag else 0.0
    lead_pt = NUMBER_PT if box.lead == str(box.turn.turn) or box.turn.letter else \
        (fit_text_size(box.lead, "sans-bold", geo.inner_mm - tag_room, LABEL_PT + 1, 3.0) or 3.0)
    items: list[Item] = [
        Rect(0, 0, geo.width_mm, BAND_MM, Style(fill=tint, stroke=None)),
        Text(geo.padding_mm, BAND_MM / 2, box.lead, "sans-bold", lead_pt, baseline="middle", fill=ink),
    ]
    if box.tag:
        number_w = text_width_mm(box.lead, "sans-bold", lead_pt) + 1.0
        size = fit_text_size(box.tag, "condensed-bold", geo.inner_mm - number_w, DETAIL_PT, 3.0) or 3.0
        items.append(Text(geo.width_mm - geo.padding_mm, BAND_MM / 2, box.tag, "condensed-bold", size,
                          anchor="end", baseline="middle", fill=TAG_RED))
    y = BAND_MM + 0.6
    for text, font, size in _head_lines(box):
        laid = paragraph(geo.padding_mm, y, geo.inner_mm, text, font, size, fill=ink if font != "condensed" else cs.MUTED)
        items.extend(laid.items)
        y += laid.height_mm
    for key, value in box.annotations:
        laid_items, height = annotation(key, value, geo.padding_mm, y, geo.inner_mm, ink)
        items.extend(laid_items)
        y += height
    return Section(tuple(items), y + 0.6)


def _head_lines(box: TurnBox) -> list[tuple[str, str, float]]:
    lines = []
    if box.label and box.label != box.lead:
        lines.append((box.label, "condensed-bold", LABEL_PT))
    if box.weather:
        lines.append((box.weather, "condensed", DETAIL_PT))
    return lines


def annotation(key: str, value: str, x_mm: float, y_mm: float, width_mm: float, ink: str) -> tuple[list[Item], float]:
    """'Rev 16': the key bold and the value plain on one line, or wrapped under the key."""
    pitch = line_pitch_mm(DETAIL_PT)
    key_width = text_width_mm(key + " ", "condensed-bold", DETAIL_PT)
    if key_width + text_width_mm(value, "condensed", DETAIL_PT) <= width_mm:
        baseline = y_mm + pitch * 0.8
        return [Text(x_mm, baseline, key, "condensed-bold", DETAIL_PT, fill=ink),
                Text(x_mm + key_width, baseline, value, "condensed", DETAIL_PT, fill=ink)], pitch
    head = paragraph(x_mm, y_mm, width_mm, key, "condensed-bold", DETAIL_PT, fill=ink)
    body = paragraph(x_mm, y_mm + head.height_mm, width_mm, value, "condensed", DETAIL_PT, fill=ink)
    return [*head.items, *body.items], head.height_mm + body.height_mm


def area_section(box: TurnBox, geo: BoxGeometry) -> Section:
    """The counter area: the box's chips in a grid, or an empty dashed counter space."""
    key = f"turn:{box.turn.turn}:space"
    if not box.chips:
        left = (geo.width_mm - geo.space_mm) / 2
        space = (left, 0.0, left + geo.space_mm, geo.space_mm)
        return Section((Rect(left + 0.5, 0.5, geo.space_mm - 1, geo.space_mm - 1, SPACE),), geo.space_mm, {key: space})
    items, height, anchors = chip_grid(box.chips, geo)
    height = max(height, geo.space_mm)
    anchors[key] = (geo.padding_mm, 0.0, geo.width_mm - geo.padding_mm, height)
    return Section(tuple(items), height, anchors)


def chip_grid(chips: tuple[Chip, ...], geo: BoxGeometry) -> tuple[list[Item], float, dict[str, Box]]:
    """Chips in rows across the box (or a tracking sheet's space), each captioned; their
    items, the height they take and each chip's box by its key. A row is as tall as its own
    chips and their longest caption (a long caption in one row leaves the others short)."""
    room = geo.chip_mm + GAP_MM / 2  # no wider than the chip and half the gaps beside it: neighbours never touch
    captions = {chip.key: caption_lines(chip.caption, room) for chip in chips if chip.caption}
    pitch = line_pitch_mm(NOTE_PT)
    per_row = max(1, int((geo.inner_mm + GAP_MM) // (geo.chip_mm + GAP_MM)))
    used_w = min(per_row, len(chips)) * (geo.chip_mm + GAP_MM) - GAP_MM
    left = (geo.width_mm - used_w) / 2
    items: list[Item] = []
    anchors: dict[str, Box] = {}
    y = GAP_MM
    for start in range(0, len(chips), per_row):
        row = chips[start : start + per_row]
        lines = max((len(captions[chip.key][0]) for chip in row if chip.key in captions), default=0)
        for column, chip in enumerate(row):
            x = left + column * (geo.chip_mm + GAP_MM)
            items.append(chip.draw(x, y, geo.chip_mm))
            anchors[chip.key] = (x, y, x + geo.chip_mm, y + geo.chip_mm)
            text, size = captions.get(chip.key, ((), NOTE_PT))
            for number, line in enumerate(text):
                baseline = y + geo.chip_mm + line_pitch_mm(size) * (number + 0.8)
                items.append(Text(x + geo.chip_mm / 2, baseline, line, "condensed", size, anchor="middle", fill=cs.MUTED))
        y += geo.chip_mm + lines * pitch + GAP_MM
    return items, y, anchors


CAPTION_MIN_PT = 3.0
CAPTION_STEP_PT = 0.25


def caption_lines(caption: str, room_mm: float) -> tuple[tuple[str, ...], float]:
    """A chip's caption whole: one line shrunk to fit the room, else two lines broken between
    words at the largest size that allows them, else as many lines as the smallest size
    needs (a word broken only then; never cut)."""
    size = fit_text_size(caption, "condensed", room_mm, NOTE_PT, CAPTION_MIN_PT)
    if size is not None:
        return (caption,), size
    size = NOTE_PT
    while size > CAPTION_MIN_PT:
        lines = wrap_text(caption, "condensed", size, room_mm)
        if len(lines) <= 2 and " ".join(lines).split() == caption.split():
            return tuple(lines), size
        size -= CAPTION_STEP_PT
    return tuple(wrap_text(caption, "condensed", CAPTION_MIN_PT, room_mm)), CAPTION_MIN_PT


def foot_section(box: TurnBox, geo: BoxGeometry) -> Section:
    items: list[Item] = []
    y = 0.4
    ink = cs.INK if box.in_play else cs.MUTED
    for mark in box.marks:  # a rider's start or end, in the red of the band's own tag
        laid = paragraph(geo.padding_mm, y, geo.inner_mm, mark, "condensed-bold", NOTE_PT, fill=TAG_RED)
        items.extend(laid.items)
        y += laid.height_mm
    for note in box.notes:
        laid = paragraph(geo.padding_mm, y, geo.inner_mm, note, "condensed", NOTE_PT, fill=ink)
        items.extend(laid.items)
        y += laid.height_mm
    if box.note_ref:
        laid = paragraph(geo.padding_mm, y, geo.inner_mm, box.note_ref, "sans-oblique", NOTE_PT, fill=cs.MUTED)
        items.extend(laid.items)
        y += laid.height_mm
    return Section(tuple(items), y + 0.6 if items else 0.0)


def notes_fit(notes: list[str], geo: BoxGeometry, max_lines: int) -> bool:
    """Whether the notes fit inside a box in at most `max_lines` lines."""
    lines = sum(len(wrap_text(note, "condensed", NOTE_PT, geo.inner_mm)) for note in notes)
    return lines <= max_lines


def draw_box(box: TurnBox, geo: BoxGeometry, heights: tuple[float, float, float],
             sections: tuple[Section, Section, Section]) -> tuple[list[Item], dict[str, Box]]:
    """The box at the origin with its sections stacked at the row's common heights."""
    total = sum(heights)
    fill = None if box.in_play else Style(fill="#f2f2f2", stroke=None)
    items: list[Item] = [Rect(0, 0, geo.width_mm, total, fill)] if fill else []
    anchors: dict[str, Box] = {f"turn:{box.turn.turn}": (0.0, 0.0, geo.width_mm, total)}
    y = 0.0
    for section, height in zip(sections, heights):
        if section.items:
            items.append(Group(section.items, Transform.translate(0.0, y)))
        for name, (left, top, right, bottom) in section.anchors.items():
            anchors[name] = (left, top + y, right, bottom + y)
        y += height
    items.append(Rect(0, 0, geo.width_mm, total, BORDER))
    return items, anchors


def season_tint(season: str | None) -> str:
    word = (season or "").strip().lower()
    for name, tint in cs.SEASON_TINTS.items():
        if name in word:
            return tint
    return cs.NEUTRAL_TINT
