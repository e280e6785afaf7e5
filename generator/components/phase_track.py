"""A tracking sheet: the turn track of a game whose turns are divided into phases (SotE: each
round is card replenishment, operation phases 1-5 and reinforcement), drawn as a grid of
turns × phases — a row per turn, a space per phase, each space holding a counter or block,
pieces arriving in a phase waiting in its space — and the number tracks beside the turns
(initiative, victory points), each space holding a marker; a track of two sides runs from 1
away from the middle on each side, with no 0.

`turn_track.py` lays out the turn track this way when the data declares `phases` and adds the
number tracks to either layout.
"""

from __future__ import annotations

from dataclasses import replace

from generator.components import chart_style as cs
from generator.components.chart_document import heading_block, text_block
from generator.components.counter_hook import marker_counter
from generator.components.mapparts.panel import signed
from generator.components.record_space import space_fit
from generator.components.scenario_turns import scenario_turns
from generator.components.text import game_text, turn_word, ui_text
from generator.components.turn_box import BORDER, SPACE, BoxGeometry, Chip, chip_grid, season_tint
from generator.layout.blocks import Block
from generator.layout.primitives import Box, Group, Item, Rect, Style, Text
from generator.layout.text_fit import fitted
from generator.layout.transform import Transform
from generator.layout.wrap import paragraph
from generator.model.scenario import Scenario
from generator.model.track import NumberTrack

LABEL_MM = 24.0  # the turn's own column
HEAD_PT = 6.5


def phase_grid_blocks(context, scenario: Scenario | None, width_mm: float, chips_of) -> list[Block]:
    """The header row and one row per turn. `chips_of(turn, phase_id)` gives the pieces
    waiting in that space (reinforcements, markers)."""
    track = context.game.spec.turn_track
    phases = track.phases
    cell_w = (width_mm - LABEL_MM) / len(phases)
    counter = context.options.counter_size_mm
    geo = BoxGeometry(cell_w, min(counter, cell_w - 3.0), 1.0, chip_mm=max(7.0, min(counter * 0.6, cell_w - 4.0)))
    blocks = [_header_row(context, phases, cell_w)]
    for played in scenario_turns(context, scenario):
        blocks.append(_turn_row(context, scenario, played.turn, phases, geo, chips_of))
    return [replace(block, gap_after_mm=0.0) for block in blocks[:-1]] + blocks[-1:]  # one grid, no gaps


def _header_row(context, phases, cell_w: float) -> Block:
    t = game_text(context)
    names = [turn_word(context)] + [t.of(p, "short") if p.short else t.of(p) for p in phases]
    lines = [paragraph(0, 0, (LABEL_MM if i == 0 else cell_w) - 1.6, name, "sans-bold", HEAD_PT, fill=cs.HEADER_TEXT)
             for i, name in enumerate(names)]
    height = max(laid.height_mm for laid in lines) + 2.0
    items: list[Item] = [Rect(0, 0, LABEL_MM + cell_w * len(phases), height, Style.filled(cs.HEADER_FILL))]
    for index, laid in enumerate(lines):
        x = 0.8 if index == 0 else LABEL_MM + (index - 1) * cell_w + 0.8
        items.append(Group(laid.items, Transform.translate(x, 1.0)))
    return Block(LABEL_MM + cell_w * len(phases), height, tuple(items), keep_with_next=True)


def _turn_row(context, scenario: Scenario | None, turn, phases, geo: BoxGeometry, chips_of) -> Block:
    t = game_text(context)
    in_play = scenario is None or scenario.start_turn <= turn.turn <= scenario.end_turn
    ink = cs.INK if in_play else cs.MUTED
    spaces = []
    for phase in phases:
        chips = tuple(chips_of(turn.turn, phase.id))
        if chips:
            items, height, anchors = chip_grid(chips, geo)
        else:
            left = (geo.width_mm - geo.space_mm) / 2
            items = [Rect(left + 0.5, 1.0, geo.space_mm - 1, geo.space_mm - 1, SPACE)]
            height, anchors = geo.space_mm + 1.0, {}
        spaces.append((phase, items, height, anchors))
    label = t.turn_label(turn) or ""
    height = max([max(h for _, _, h, _ in spaces) + 1.0, 14.0])
    width = LABEL_MM + geo.width_mm * len(phases)
    items: list[Item] = []
    if not in_play:
        items.append(Rect(0, 0, width, height, Style.filled("#f2f2f2")))
    items.append(Rect(0, 0, LABEL_MM, height, Style.filled(season_tint(turn.season) if in_play else cs.OUT_OF_SCENARIO)))
    items.append(Text(1.2, 5.0, str(turn.turn), "sans-bold", 11.0, fill=ink))
    if label:
        laid = paragraph(1.2, 6.6, LABEL_MM - 2.4, label, "condensed-bold", 6.5, fill=ink)
        items.extend(laid.items)
    anchors: dict[str, Box] = {f"turn:{turn.turn}": (0.0, 0.0, width, height)}
    for index, (phase, space_items, _, space_anchors) in enumerate(spaces):
        x = LABEL_MM + index * geo.width_mm
        tag = _tag(context, scenario, turn.turn, phase.id)
        if tag:
            space_items = [*space_items, *fitted(tag, "condensed-bold", geo.width_mm / 2, height - 1.2,
                                                  geo.width_mm - 1.0, 6.0, 3.0, "middle", "alphabetic", "#8b0000")]
        items.append(Group(tuple(space_items), Transform.translate(x, 0.0)))
        items.append(Rect(x, 0, geo.width_mm, height, Style(stroke="#9a9a9a", stroke_width_mm=0.2)))
        anchors[f"turn:{turn.turn}:{phase.id}"] = (x, 0.0, x + geo.width_mm, height)
        anchors.update({name: (l + x, tp, r + x, b) for name, (l, tp, r, b) in space_anchors.items()})
    items.append(Rect(0, 0, width, height, BORDER))
    return Block(width, height, tuple(items), anchors)


def _tag(context, scenario: Scenario | None, turn: int, phase_id: str) -> str:
    """"Start" and "End" in the spaces where the scenario begins and ends."""
    if scenario is None:
        return ""
    first_phase, last_phase = context.game.spec.turn_track.phases[0].id, context.game.spec.turn_track.phases[-1].id
    tags = []
    if turn == scenario.start_turn and phase_id == (scenario.start_phase or first_phase):
        tags.append(ui_text(context, "Start"))
    if turn == scenario.end_turn and phase_id == (scenario.end_phase or last_phase):
        tags.append(ui_text(context, "End"))
    return " · ".join(tags)


# -- number tracks ---------------------------------------------------------------------------

def number_track_blocks(context, scenario: Scenario | None, width_mm: float, omit=()) -> list[Block]:
    """Each number track: its name, its spaces in rows (a row per side of a two-sided track),
    the markers a scenario puts on it, and its notes; but the tracks `omit` (printed on the
    map instead)."""
    blocks: list[Block] = []
    t = game_text(context)
    for track in context.game.spec.turn_track.tracks:
        if track.id in omit:
            continue
        blocks.append(heading_block(t.of(track), width_mm, cs.BODY_PT + 1, rule=False))
        halves = [(side, track.values) for side in track.sides] or [(None, track.values)]
        for side, values in halves:
            blocks += _space_rows(context, scenario, track, side, values, width_mm)
        notes = [t.game(f"number_track.{track.id}.note.{i}", note) for i, note in enumerate(track.notes)]
        if track.sides and track.first >= 1:
            notes.insert(0, ui_text(context, "No 0: a marker that would go below {first} passes to the other side's "
                                             "{first}.", first=track.first))
        for note in notes:
            blocks.append(text_block(note, width_mm, size_pt=cs.NOTE_PT, colour=cs.MUTED))
    return blocks


def _space_rows(context, scenario, track: NumberTrack, side: str | None, values, width_mm: float) -> list[Block]:
    game, t = context.game, game_text(context)
    name_w = 22.0 if side else 0.0
    space, per_row = space_fit(len(values), width_mm - name_w, context.options.counter_size_mm)
    colour = game.sides[side].colour if side and side in game.sides and game.sides[side].colour else cs.NEUTRAL_TINT
    chips = _track_chips(context, scenario, track, side)
    rows = []
    for start in range(0, len(values), per_row):
        chunk = values[start:start + per_row]
        items: list[Item] = []
        anchors: dict[str, Box] = {}
        if side and start == 0:
            items += fitted(t.of(game.sides[side]) if side in game.sides else side, "sans-bold", 0.0, space / 2,
                            name_w - 2.0, cs.SMALL_PT, 4.0, "start", "middle", cs.INK)
            items.append(Rect(0, space - 1.2, name_w - 2.0, 1.2, Style.filled(colour)))
        for index, value in enumerate(chunk):
            x = name_w + index * space
            items.append(Rect(x, 0, space, space, Style(fill="#ffffff", stroke="#000000", stroke_width_mm=0.3)))
            items.append(Rect(x, 0, space, 2.2, Style.filled(colour, opacity=0.6)))
            items.append(Text(x + 1.0, 1.1, signed(value), "sans-bold", 5.5, baseline="middle", fill=cs.INK))
            anchors[f"track:{track.id}:{side or ''}:{value}"] = (x, 0.0, x + space, space)
            here = chips.get(value, ())
            step, size = fan_in_space(len(here), space - 4.0)
            for chip_number, chip in enumerate(here):
                items.append(chip.draw(x + 2.0 + chip_number * step, 2.5 + chip_number * step, size))
        rows.append(Block(name_w + len(chunk) * space, space, tuple(items), anchors, gap_after_mm=1.5))
    return rows


def fan_in_space(count: int, room_mm: float) -> tuple[float, float]:
    """The step between markers fanned down-right in one space, and their size, so that the
    whole fan stays inside the `room_mm` square: a marker keeps the full room alone, several
    shrink by their offsets (the step at most 1.5 mm, the fan at most 40 % of the room)."""
    if count <= 1:
        return 0.0, room_mm
    step = min(1.5, room_mm * 0.4 / (count - 1))
    return step, room_mm - step * (count - 1)


def _track_chips(context, scenario: Scenario | None, track: NumberTrack, side: str | None) -> dict[int, list[Chip]]:
    """value -> the markers the scenario starts on that space of this track (and side)."""
    if scenario is None:
        return {}
    game, t = context.game, game_text(context)
    found: dict[int, list[Chip]] = {}
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if marker is None or placed.track != track.id or placed.value is None or (track.sides and placed.side != side):
            continue
        back = bool(side) and marker.back_side == side  # a two-sided marker shows that side's face
        found.setdefault(placed.value, []).append(
            Chip(f"marker:{placed.marker_id}:{number}",
                 lambda x, y, s, marker=marker, back=back: marker_counter(game, marker, x, y, s, t, back)))
    return found

