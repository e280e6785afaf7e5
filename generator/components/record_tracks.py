"""Record tracks (`tracks`: BitE 1.4's production tracks): numbered boxes, each holding a
counter, in rows across the page, with the markers that move along the track drawn beside
their names; the `tracks` component prints them all."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_heading_blocks,
    document_outputs,
    parts_document,
)
from generator.components.counter_hook import marker_counter
from generator.components.text import game_text, source_text, ui_text
from generator.layout.blocks import Block
from generator.layout.primitives import Item, Rect, Style, Text
from generator.layout.wrap import paragraph
from generator.model.track import RecordTrack

MARGIN_MM = 1.5  # round the counter a box must hold
NUMBER_BAND_MM = 4.0
BOX = Style(fill="#ffffff", stroke="#000000", stroke_width_mm=0.3)
TENS = Style(fill="#eef1f4", stroke="#000000", stroke_width_mm=0.3)  # every fifth box is tinted, to count by


def box_size(counter_mm: float) -> tuple[float, float]:
    """A box: the counter with a margin round it, under the band that holds the number."""
    return counter_mm + 2 * MARGIN_MM, NUMBER_BAND_MM + counter_mm + MARGIN_MM


def track_grid_block(context, track: RecordTrack, width_mm: float) -> Block:
    """The boxes, `first` … `last`, left to right and row by row. Anchors 'box:<n>'."""
    box_w, box_h = box_size(context.options.counter_size_mm)
    count = track.last - track.first + 1
    rows = -(-count // max(1, int(width_mm // box_w)))
    per_row = -(-count // rows)  # as many boxes in every row as can be
    t = game_text(context)
    items: list[Item] = []
    anchors = {}
    for index, number in enumerate(range(track.first, track.last + 1)):
        x, y = (index % per_row) * box_w, (index // per_row) * box_h
        items.append(Rect(x, y, box_w, box_h, TENS if number % 5 == 0 else BOX))
        items.append(Text(x + 1.0, y + 1.0, t.number(number), "sans-bold", 7.0, baseline="hanging"))
        anchors[f"box:{number}"] = (x + MARGIN_MM, y + NUMBER_BAND_MM, x + box_w - MARGIN_MM, y + box_h - MARGIN_MM)  # the counter
    return Block(per_row * box_w, rows * box_h, tuple(items), anchors)


def markers_block(context, track: RecordTrack, width_mm: float) -> Block | None:
    """Each marker of the track, drawn small, with its name."""
    game, t = context.game, game_text(context)
    markers = [game.marker_index[m] for m in track.markers if m in game.marker_index]
    if not markers:
        return None
    chip, gap = 9.0, 4.0
    items: list[Item] = []
    x = y = 0.0
    for marker in markers:
        name = t.of(marker)
        laid = paragraph(0.0, 0.0, 40.0, name, "sans", cs.SMALL_PT)
        entry = chip + 1.5 + laid.width_mm
        if x and x + entry > width_mm:
            x, y = 0.0, y + chip + 2.0
        items.append(marker_counter(game, marker, x, y, chip, context.translator))
        items.append(Text(x + chip + 1.5, y + chip / 2, name, "sans", cs.SMALL_PT, baseline="middle"))
        x += entry + gap
    return Block(width_mm, y + chip, tuple(items))


def track_blocks(context, track: RecordTrack, width_mm: float, *, heading: bool = False) -> list[Block]:
    t = game_text(context)
    parts = []
    if track.owner and track.owner in context.game.sides:
        parts.append(t.of(context.game.sides[track.owner]))
    source = source_text(context, track.source)
    if source:
        parts.append(ui_text(context, "Source: {source}", source=source))
    blocks = [*chart_heading_blocks(t.of(track), width_mm, " · ".join(parts) or None, heading=heading)]
    markers = markers_block(context, track, width_mm)
    blocks += [markers] if markers else []
    blocks.append(track_grid_block(context, track, width_mm))
    if track.notes:
        blocks += bullet_blocks([t.track_note(track, i) for i in range(len(track.notes))], width_mm)
    return blocks


def tracks_document(context: BuildContext) -> tuple[str, list]:
    return parts_document(context, context.game.spec.tracks, lambda track, _, width: track_blocks(context, track, width),
                          ui_text(context, "Record tracks"))


@component("tracks", order=35)
def build_tracks(context: BuildContext) -> list[OutputFile]:
    title, pages = tracks_document(context)
    return document_outputs(context, "tracks", title, pages) if pages else []
