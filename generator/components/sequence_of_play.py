"""The sequence of play as a checklist: tick boxes, numbered phases and steps, the side that
acts, the turns a step happens on (in words) and its notes; and the `sequence-of-play`
component."""

from __future__ import annotations

from dataclasses import replace

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import chart_pages, content_frame, document_outputs, text_block, title_block
from generator.components.text import game_text, ui_text
from generator.components.turn_windows import window_in_words
from generator.layout.blocks import Block, beside, stacked
from generator.layout.primitives import Item, Page, Rect, Style, Text
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.wrap import paragraph
from generator.model.track import Phase

INDENT_MM = 6.0
TICK_MM = 3.4
META_MM = 46.0  # right-hand column: side and turns
PHASE_GAP_MM = 2.0  # after a phase's last line
SHORTER = 0.8  # two columns only where they take a fifth or more off the height
META_SHARE = 0.25  # of a column, at most, for the side and turns (a long window wraps)
PAD_MM = 1.5  # inside the right edge of a shaded line
NAME_PT = {0: 9.5, 1: 8.5}
PAD_Y_MM = 1.0  # over and under a line's text
# a sequence set tighter (kit.pdf takes it where that lets it share a page): its lines' room
# over and under them and between phases the least that still parts them, and a step's notes
# running on under the turns column where that is free
SNUG_PAD_Y_MM, SNUG_PHASE_GAP_MM = 0.25, 1.0  # (the same gap under the intro line)
ROMAN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def number_label(depth: int, index: int) -> str:
    """1. / A. / 1. / a. by depth, as rulebooks number phases and steps."""
    if depth % 2 == 0:
        return f"{index + 1}." if depth == 0 or depth == 2 else f"{index + 1})"
    letters = ROMAN_LETTERS if depth == 1 else ROMAN_LETTERS.lower()
    return f"{letters[index % 26]}."


def side_colours(context, side_id: str | None) -> tuple[str, str] | None:
    """(fill, text) for a side: its own colour, else its first nationality's counter colours."""
    game = context.game
    side = game.sides.get(side_id) if side_id else None
    if side is None:
        return None
    if side.colour:
        return side.colour, _readable_on(side.colour)
    for nationality in game.spec.nationalities:
        if nationality.side == side.id:
            return nationality.colours.background, nationality.colours.text
    return "#666666", "#ffffff"


def _readable_on(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def phase_block(context, phase: Phase, depth: int, number: str, width_mm: float, shaded: bool,
                pad_mm: float = PAD_Y_MM, notes_across: bool = False, meta_mm: float = META_MM) -> Block:
    """One checklist line: tick box, number, name and notes; side and turns on the right (in a
    column `meta_mm` wide); `pad_mm` over and under it; `notes_across`: notes that start under
    the side and turns run on under them to the right edge."""
    x = depth * INDENT_MM
    text_x = x + TICK_MM + 1.8
    number_w = text_width_mm("00.", "sans-bold", NAME_PT.get(depth, 8.0)) + 1.0
    name_x = text_x + number_w
    name_w = width_mm - name_x - meta_mm - PAD_MM - 2.0
    size = NAME_PT.get(depth, 8.0)
    top = pad_mm
    t = game_text(context)
    name = paragraph(name_x, top, name_w, t.of(phase), "sans-bold" if depth == 0 else "sans", size)
    items: list[Item] = [Rect(x, top + 0.3, TICK_MM, TICK_MM, Style(fill="#ffffff", stroke="#000000", stroke_width_mm=0.3)),
                         Text(text_x, name.items[0].y_mm, number, "sans-bold", size), *name.items]
    y = top + name.height_mm
    meta_items, meta_h = _meta(context, phase, width_mm - meta_mm - PAD_MM, top, meta_mm)
    notes_w = width_mm - name_x - PAD_MM if notes_across and y >= top + meta_h else name_w
    for detail in [t.of(phase, "notes")] if phase.notes else []:
        laid = paragraph(name_x, y, notes_w, detail, "sans", cs.NOTE_PT, fill=cs.MUTED)
        items.extend(laid.items)
        y += laid.height_mm
    items.extend(meta_items)
    height = max(y, top + meta_h, top + TICK_MM + 0.6) + pad_mm
    if shaded:
        items.insert(0, Rect(0, 0, width_mm, height, Style(fill=cs.LABEL_FILL, stroke=None)))
    anchors = {f"phase:{phase.id}": (0.0, 0.0, width_mm, height), f"tick:{phase.id}": (x, top + 0.3, x + TICK_MM, top + 0.3 + TICK_MM)}
    return Block(width_mm, height, tuple(items), anchors, keep_with_next=bool(phase.steps), gap_after_mm=0.0)


def _meta(context, phase: Phase, x_mm: float, top_mm: float, meta_mm: float = META_MM) -> tuple[list[Item], float]:
    """The side (a pill in its colours) and the turn window, right-aligned in the meta column."""
    items: list[Item] = []
    right = x_mm + meta_mm
    y = top_mm
    colours = side_colours(context, phase.side)
    if colours:
        label = game_text(context).of(context.game.sides[phase.side])
        size = fit_text_size(label, "condensed-bold", meta_mm - 2.4, cs.NOTE_PT, 3.0) or 3.0
        w = text_width_mm(label, "condensed-bold", size) + 2.4
        items += [Rect(right - w, y + 0.2, w, 3.4, Style(fill=colours[0], stroke="#333333", stroke_width_mm=0.1), 1.0),
                  Text(right - w / 2, y + 1.9, label, "condensed-bold", size, anchor="middle",
                       baseline="middle", fill=colours[1])]
        y += 4.0
    window = window_in_words(context, phase.turns)
    if phase.optional:
        window = ", ".join(x for x in (ui_text(context, "optional"), window) if x)
    if window:
        laid = paragraph(x_mm, y, meta_mm, window, "sans-oblique", cs.NOTE_PT, anchor="end")
        items.extend(laid.items)
        y += laid.height_mm
    return items, y - top_mm


def sequence_blocks(context, phases: list[Phase], width_mm: float, depth: int = 0, meta_mm: float = META_MM, *,
                    snug: bool = False) -> list[Block]:
    """Every phase and step, depth first, one block per line (`snug`: set tighter)."""
    blocks: list[Block] = []
    pad, gap = (SNUG_PAD_Y_MM, SNUG_PHASE_GAP_MM) if snug else (PAD_Y_MM, PHASE_GAP_MM)
    for index, phase in enumerate(phases):
        blocks.append(phase_block(context, phase, depth, number_label(depth, index), width_mm, depth == 0,
                                  pad_mm=pad, notes_across=snug, meta_mm=meta_mm))
        blocks += sequence_blocks(context, phase.steps, width_mm, depth + 1, meta_mm, snug=snug)
        if depth == 0:
            # set tighter, the last phase keeps the frame's gap to what follows (a player
            # aid's next heading)
            blocks[-1] = _with_gap(blocks[-1], None if snug and index == len(phases) - 1 else gap)
    return blocks


def sequence_in_columns(context, phases: list[Phase], width_mm: float, gap_mm: float) -> list[Block]:
    """The sequence as `sequence_blocks` gives it, or, where that is shorter, its phases in
    two columns side by side: the first phases down the left, the rest down the right (read
    in order), split where the taller column is shortest. Two player turns of the same steps
    take the height of one."""
    single = sequence_blocks(context, phases, width_mm)
    if len(phases) < 2:
        return single
    column_mm = (width_mm - gap_mm) / 2
    meta = min(META_MM, _meta_needed(context, phases), column_mm * META_SHARE)
    heights = [block.height_mm for block in _renumbered(context, phases, column_mm, 0, meta)]
    gap = PHASE_GAP_MM

    def tallest(split: int) -> float:
        return max(sum(heights[:split]) + gap * (split - 1), sum(heights[split:]) + gap * (len(phases) - split - 1))

    split = min(range(1, len(phases)), key=tallest)
    if tallest(split) > stacked(single, 0.0).height_mm * SHORTER:
        return single
    left = stacked(_renumbered(context, phases[:split], column_mm, 0, meta), gap)
    right = stacked(_renumbered(context, phases[split:], column_mm, split, meta), gap)
    return [beside(left, [right], gap_mm)]


def _renumbered(context, phases: list[Phase], width_mm: float, first: int, meta_mm: float) -> list[Block]:
    """Each phase's lines stacked, numbered from `first` (a right column goes on counting)."""
    blocks = []
    for index, phase in enumerate(phases, start=first):
        lines = [phase_block(context, phase, 0, number_label(0, index), width_mm, True, meta_mm=meta_mm),
                 *sequence_blocks(context, phase.steps, width_mm, 1, meta_mm)]
        blocks.append(stacked(lines, 0.0))
    return blocks


def _meta_needed(context, phases: list[Phase]) -> float:
    """The width the widest side pill or turn window of these phases and their steps takes on
    one line (a column narrower than META_MM leaves their names more room)."""
    widest = 0.0
    for phase in phases:
        if side_colours(context, phase.side):
            widest = max(widest, text_width_mm(game_text(context).of(context.game.sides[phase.side]), "condensed-bold",
                                               cs.NOTE_PT) + 2.4)
        window = window_in_words(context, phase.turns)
        if phase.optional:
            window = ", ".join(x for x in (ui_text(context, "optional"), window) if x)
        if window:
            widest = max(widest, text_width_mm(window, "sans-oblique", cs.NOTE_PT))
        widest = max(widest, _meta_needed(context, phase.steps))
    return widest + 0.5


def _with_gap(block: Block, gap_mm: float | None) -> Block:
    return Block(block.width_mm, block.height_mm, block.items, block.anchors, block.keep_with_next,
                 block.page_break_before, gap_mm)


def sequence_document(context: BuildContext, snug: bool = False) -> tuple[str, list[Page]]:
    """The title and pages of the sequence of play (no pages when the game has none; `snug`:
    its lines set tighter)."""
    phases = context.game.spec.sequence_of_play
    if not phases:
        return "", []
    width = content_frame(context).width_mm
    title = ui_text(context, "Sequence of play")
    note = text_block(ui_text(context, "Tick each step as it is done; a step with turns listed happens on those turns "
                                       "only."), width, size_pt=cs.SMALL_PT, colour=cs.MUTED, keep_with_next=True)
    if snug:
        note = replace(note, gap_after_mm=SNUG_PHASE_GAP_MM)
    blocks = [title_block(title, width), note, *sequence_blocks(context, phases, width, snug=snug)]
    return title, chart_pages(context, title, blocks)


@component("sequence-of-play", order=50)
def build_sequence(context: BuildContext) -> list[OutputFile]:
    from generator.components.player_aid import printed_by_the_aids

    title, pages = sequence_document(context)
    if not pages:
        return []
    # the aid of every side prints the sequence whole: printed separately then
    return printed_by_the_aids(context, document_outputs(context, "sequence-of-play", title, pages, shares_pages=True,
                                                         snug_pages=sequence_document(context, snug=True)[1]),
                               "sequence", ["sequence"])
