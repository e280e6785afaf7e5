"""The turn track: one box per turn of the data, sized to hold a counter, with each box's
date, season, annotations and notes; for a scenario, its length and its reinforcements and
markers in their arrival boxes. And the `turn-track` component."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from generator.build.components import BuildContext, OutputFile, component
from generator.components.chart_document import (
    bullet_blocks,
    chart_pages,
    content_frame,
    document_outputs,
    heading_block,
    svg_output,
    text_block,
    title_block,
)
from generator.components import chart_style as cs
from generator.components.counter_hook import marker_counter, unit_counter
from generator.components.illustrative import any_illustrative, some_note
from generator.components.phase_track import number_track_blocks, phase_grid_blocks
from generator.components.mapparts.panel import signed  # as the track prints its spaces
from generator.layout.grid import Cell, flowing_grid, natural_width_mm
from generator.components.scenario_turns import scenario_turns, weather_words
from generator.components.setup_content import arrival_entry, entry_code, short_code
from generator.i18n import keys
from generator.components.table_keys import swatch_key_block
from generator.components.text import game_text, turn_name, turn_span, ui_text
from generator.components.turn_box import (
    BoxGeometry,
    Chip,
    TurnBox,
    area_section,
    draw_box,
    foot_section,
    head_section,
    notes_fit,
)
from generator.layout.blocks import TIGHTER, Block, paginate_snug, stacked_within
from generator.layout.frame import Frame
from generator.layout.primitives import Box, Group, Item, Page
from generator.layout.transform import Transform
from generator.model.scenario import Scenario

MIN_BOX_MM = 20.0
MAX_STRETCH = 1.5  # boxes grow to fill a row, but not beyond this share of their minimum
NOTE_LINES_IN_BOX = 3
COUNTER_MARGIN_MM = 1.5
ROW_GAP_MM = 2.5


def track_geometry(context: BuildContext, width_mm: float, turns: int) -> tuple[BoxGeometry, int]:
    """The box size and how many boxes a row holds, rows balanced (24 turns: 3 rows of 8)."""
    counter = context.options.counter_size_mm
    least = BoxGeometry(0.0, counter, COUNTER_MARGIN_MM)
    minimum = max(MIN_BOX_MM, least.space_mm + 2 * least.padding_mm + 1.0)
    most = max(1, int(width_mm // minimum))
    rows = math.ceil(turns / most)
    per_row = math.ceil(turns / rows)
    width = min(width_mm / per_row, minimum * MAX_STRETCH)
    chip = max(7.0, min(counter * 0.55, 12.0))
    return BoxGeometry(width, counter, COUNTER_MARGIN_MM, chip_mm=chip), per_row


def turn_boxes(context: BuildContext, scenario: Scenario | None, geo: BoxGeometry,
               riders: tuple[Scenario, ...] = ()) -> tuple[list[TurnBox], list[str]]:
    """What each box shows, and the notes too long for their box (listed under the track);
    `riders`: the shorter scenarios printed on this track, their start and end marked in the
    boxes by name, and the notes only a rider has, after the box's own, led by its name."""
    t = game_text(context)
    boxes, long_notes = [], []
    extra = _rider_notes(context, scenario, riders)
    for played in scenario_turns(context, scenario):
        turn = played.turn
        label = t.turn_label(turn) or turn.date or ""
        notes, ref = played.notes + extra.get(turn.turn, ()), ""
        if notes and not notes_fit(list(notes), geo, NOTE_LINES_IN_BOX):
            long_notes.append(_turn_note(context, turn, label if turn.label else "", notes))
            notes, ref = (), ui_text(context, "notes below")
        weather = weather_words(context, turn)
        boxes.append(TurnBox(turn, _tag(context, scenario, turn.turn), True, _chips(context, scenario, turn.turn),
                             notes, ref, label, weather, played.annotations, _headline(context, turn, label),
                             _rider_marks(context, riders, turn.turn)))
    return boxes, long_notes


def _rider_notes(context, scenario: Scenario | None, riders: tuple[Scenario, ...]) -> dict[int, tuple[str, ...]]:
    """The notes riders have on a turn that the track's scenario has not, by turn, each led by
    its rider's name ("Short campaign: Last turn: …")."""
    if not riders:
        return {}
    own = {p.turn.turn: p.notes for p in scenario_turns(context, scenario)}
    extra: dict[int, tuple[str, ...]] = {}
    for rider in riders:
        name = _names(context, [rider])
        for played in scenario_turns(context, rider):
            mine = tuple(ui_text(context, "{scenario}: {note}", scenario=name, note=note)
                         for note in played.notes if note not in own.get(played.turn.turn, ()))
            if mine:
                extra[played.turn.turn] = extra.get(played.turn.turn, ()) + mine
    return extra


def _rider_marks(context, riders: tuple[Scenario, ...], turn: int) -> tuple[str, ...]:
    """"Start: Short campaign", "End: Short campaign": where each scenario riding the track
    begins and ends (the band's tag is the track's own scenarios')."""
    marks = []
    for rider in riders:
        name = _names(context, [rider])
        if turn == rider.start_turn == rider.end_turn:  # a one-turn scenario, as the band tags one
            marks.append(ui_text(context, "Start · End: {scenario}", scenario=name))
        elif turn == rider.start_turn:
            marks.append(ui_text(context, "Start: {scenario}", scenario=name))
        elif turn == rider.end_turn:
            marks.append(ui_text(context, "End: {scenario}", scenario=name))
    return tuple(marks)


def _headline(context, turn, label: str) -> str:
    """What the box's band leads with: the letter of a lettered turn (GWNE 5.1), else the
    turn number, or its label when the track does not show numbers."""
    if turn.letter:
        return turn.letter
    return str(turn.turn) if context.game.spec.turn_track.show_numbers or not label else label


def _turn_note(context, turn, label: str, notes) -> str:
    if turn.letter or not context.game.spec.turn_track.show_numbers:
        name = turn_name(context, turn.turn)
    else:
        name = f"{turn.turn} ({label})" if label else str(turn.turn)
    return ui_text(context, "Turn {turn}: {notes}", turn=name, notes="; ".join(n.rstrip(".") for n in notes) + ".")


def _tag(context, scenario: Scenario | None, turn: int) -> str:
    if scenario is None:
        return ""
    tags = []
    if turn == scenario.start_turn:
        tags.append(ui_text(context, "Start"))
    if turn == scenario.end_turn:
        tags.append(ui_text(context, "End"))
    return " · ".join(tags)


def _chips(context: BuildContext, scenario: Scenario | None, turn: int, phase: str | None = None) -> tuple[Chip, ...]:
    """The scenario's reinforcements arriving on `turn`, then its markers placed there; with
    `phase` (a tracking sheet's space), only those of that phase (an arrival that names no
    phase waits in the turn's first)."""
    if scenario is None:
        return ()
    game, t = context.game, game_text(context)
    phases = game.spec.turn_track.phases
    first = phases[0].id if phases else None
    chips = []
    for number, arrival in enumerate(scenario.reinforcements):
        unit = game.unit_index.get(arrival.unit_id)
        if arrival.turn == turn and unit is not None and (arrival.phase or first) == phase:
            chips.append(Chip(f"chip:{arrival.unit_id}:{number}",
                              lambda x, y, s, unit=unit, steps=arrival.steps: unit_counter(game, unit, x, y, s, t, steps),
                              arrival_entry(context, scenario, arrival, short=True)))
    start = scenario.start_phase if scenario.start_phase and turn == scenario.start_turn else first
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if placed.turn == turn and marker is not None and phase == start:  # the round marker: where play starts
            chips.append(Chip(f"marker:{placed.marker_id}:{number}",
                              lambda x, y, s, marker=marker: marker_counter(game, marker, x, y, s, t)))
    return tuple(chips)


def track_row_block(boxes: list[TurnBox], geo: BoxGeometry) -> Block:
    """A row of boxes side by side, their sections lined up."""
    sections = [(head_section(b, geo), area_section(b, geo), foot_section(b, geo)) for b in boxes]
    heights = tuple(max(parts[i].height_mm for parts in sections) for i in range(3))
    items: list[Item] = []
    anchors: dict[str, Box] = {}
    for index, (box, parts) in enumerate(zip(boxes, sections)):
        x = index * geo.width_mm
        box_items, box_anchors = draw_box(box, geo, heights, parts)
        items.append(Group(tuple(box_items), Transform.translate(x, 0.0)))
        anchors.update({name: (l + x, t, r + x, b) for name, (l, t, r, b) in box_anchors.items()})
    return Block(len(boxes) * geo.width_mm, sum(heights), tuple(items), anchors)


def turn_track_blocks(context: BuildContext, scenario: Scenario | None, width_mm: float, *,
                      new_page: bool = False, serves: list[Scenario] | None = None, tail: bool = True,
                      riders: tuple[Scenario, ...] = ()) -> list[Block]:
    """The whole track for one scenario (or none): title, rows of boxes, keys and notes;
    `serves`: the scenarios whose track is the same, named in the title (default: `scenario`);
    `riders`: shorter scenarios printed on it too (track_groups), named after them, their
    start and end marked in the boxes; without `tail`, no number tracks or notes about the
    track (track_tail_blocks)."""
    track = context.game.spec.turn_track
    played = scenario_turns(context, scenario)
    geo, per_row = track_geometry(context, width_mm, len(played))
    boxes, long_notes = turn_boxes(context, scenario, geo, riders)
    if riders:
        serves = [*(serves or [scenario]), *riders]
    blocks = [title_block(_title(context, scenario, serves), width_mm, _subtitle(context, scenario, serves),
                          page_break_before=new_page)]
    if track.phases:  # a tracking sheet: turns × phases
        blocks += phase_grid_blocks(context, scenario, width_mm,
                                    lambda turn, phase: _chips(context, scenario, turn, phase))
        long_notes = [_turn_note(context, p.turn, game_text(context).turn_label(p.turn) if p.turn.label else "",
                                 list(p.notes)) for p in played if p.notes]
    else:
        rows = [track_row_block(boxes[i : i + per_row], geo) for i in range(0, len(boxes), per_row)]
        blocks += [replace(row, gap_after_mm=ROW_GAP_MM) for row in rows[:-1]] + rows[-1:]
    key = _nationality_key(context, scenario)
    if key:
        blocks.append(swatch_key_block(key, width_mm))
    if long_notes:
        blocks += [heading_block(ui_text(context, "Turn notes"), width_mm), *bullet_blocks(long_notes, width_mm)]
    codes = _entry_codes(context, scenario)
    if codes:
        blocks += [heading_block(ui_text(context, "Entry codes"), width_mm),
                   *bullet_blocks(codes, width_mm, size_pt=cs.SMALL_PT)]
    return blocks + (track_tail_blocks(context, scenario, width_mm, serves=serves) if tail else [])


def track_tail_blocks(context: BuildContext, scenario: Scenario | None, width_mm: float, omit=None,
                      starts: bool = True, played_on: list[Scenario | None] | None = None,
                      serves: list[Scenario] | None = None) -> list[Block]:
    """What follows a scenario's boxes: the number tracks, and the note on illustrative values.
    The track's `notes` are the designer's (how the calendar was inferred, which values are
    illustrative): they print in the designer appendix, not here; the mark's note does.
    A record track every map of the scenario prints at marker size (`omit`, by default
    `tracks_on_maps`) is not printed again: a line says where it is, and (`starts`) a table
    where the scenario's markers start on it."""
    omit = tracks_on_maps(context, [scenario]) if omit is None else omit
    blocks = number_track_blocks(context, scenario, width_mm, omit)
    if omit:
        group = serves or [scenario]
        blocks += on_map_blocks(context, [group] if starts else [], omit, width_mm, played_on or group)
    return blocks + _illustrative(context, width_mm)


def _illustrative(context: BuildContext, width_mm: float) -> list[Block]:
    """The note on illustrative values, when the turn track or a record track has some."""
    spec_track = context.game.spec.turn_track
    if any_illustrative([*spec_track.turns, *spec_track.tracks]):
        return [text_block(some_note(context.translator), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED)]
    return []


def maps_of(context, scenarios: list[Scenario | None]) -> list[str]:
    """The maps (or map sheets) the scenarios are played on, in the game's order: each one's
    map and the maps its pieces are set up on; a map printed on a map sheet gives the sheet."""
    game = context.game
    used = {s.map_id for s in scenarios if s is not None}
    used |= {p.map_id for s in scenarios if s is not None for p in s.setup if p.map_id}
    sheets = {map_id: sheet for sheet in game.spec.map_sheets for map_id in sheet.maps}
    found = [*({sheets[m].id for m in used if m in sheets}), *(m for m in used if m not in sheets)]
    order = [*(s.id for s in game.spec.map_sheets), *(m.id for m in game.spec.maps)]
    return sorted(set(found), key=lambda m: order.index(m) if m in order else len(order))


def printed_tracks(context, owner_id: str) -> set[str]:
    """The record tracks a map (or map sheet) prints in its panel, each space holding a
    marker at true size (mapparts.panel.track_spaces); none when it prints no panel."""
    game = context.game
    sheet = next((s for s in game.spec.map_sheets if s.id == owner_id), None)
    if sheet is not None:
        owners = [sheet, *(m for m in game.spec.maps if m.id in sheet.maps)]
        panel = sheet.panel
    else:
        owners = [m for m in game.spec.maps if m.id == owner_id]
        panel = owners[0].panel if owners else "none"
    if panel == "none":
        return set()
    return {box.track for owner in owners for box in owner.boxes if box.kind == "track" and box.track}


def tracks_on_maps(context, scenarios: list[Scenario | None]) -> tuple[str, ...]:
    """The record tracks (ids, in the game's order) that every map the scenarios use prints
    at marker size; none without a scenario (the bare track prints everything)."""
    if not scenarios or any(s is None for s in scenarios):
        return ()
    maps = maps_of(context, scenarios)
    if not maps:
        return ()
    common = set.intersection(*(printed_tracks(context, m) for m in maps))
    return tuple(t.id for t in context.game.spec.turn_track.tracks if t.id in common)


def on_map_blocks(context, groups: list[list[Scenario | None]], omit, width_mm: float,
                  scenarios: list[Scenario | None] | None = None) -> list[Block]:
    """Where the record tracks `omit` are printed (the maps of `scenarios`, by default those
    of `groups`), and a table of where each group starts its markers on them: a row per
    group, a column per marker."""
    t = game_text(context)
    game = context.game
    tracks = [track for track in game.spec.turn_track.tracks if track.id in omit]
    scenarios = [s for group in groups for s in group] if scenarios is None else scenarios
    owners = {**{s.id: s for s in game.spec.map_sheets}, **{m.id: m for m in game.spec.maps}}
    maps = "; ".join(t.of(owners[m], "title") for m in maps_of(context, scenarios) if m in owners)
    line = ui_text(context, "Printed on the map ({maps}), each space holding a marker: {tracks}.", maps=maps,
                   tracks=", ".join(t.of(track) for track in tracks))
    table = _starts_by_group(context, groups, omit, width_mm)
    notes = [f"{t.of(track)}: " + t.game(f"number_track.{track.id}.note.{i}", note)
             for track in tracks for i, note in enumerate(track.notes)]  # the tracks' own notes, kept
    return [text_block(line, width_mm, size_pt=cs.SMALL_PT, keep_with_next=bool(table or notes)), *table,
            *[text_block(note, width_mm, size_pt=cs.NOTE_PT, colour=cs.MUTED) for note in notes]]


def _starts_by_group(context, groups: list[list[Scenario | None]], omit, width_mm: float) -> list[Block]:
    """Where each group of scenarios starts each marker on the tracks `omit`: a row per group
    (— where it does not place a marker), a column per marker."""
    game, t = context.game, game_text(context)
    columns: dict[tuple, dict[int, str]] = {}
    for row, scenarios in enumerate(groups):
        for placed in scenarios[0].markers if scenarios[0] is not None else ():
            if placed.track in omit and placed.marker_id in game.marker_index and placed.value is not None:
                columns.setdefault((placed.marker_id, placed.track, placed.side), {}).setdefault(row, signed(placed.value))
    if not columns:
        return []
    head = dict(font="sans-bold", size_pt=cs.NOTE_PT, fill=cs.HEADER_FILL, colour=cs.HEADER_TEXT)
    names = [t.of(game.marker_index[marker_id]) + (f" ({t.of(game.sides[side]) if side in game.sides else side})"
                                                     if side else "") for marker_id, _, side in columns]
    table = [[Cell(ui_text(context, "Markers at the start"), align="start", **head), *[Cell(n, **head) for n in names]]]
    rows: dict[tuple, list] = {}  # groups starting every marker alike share a row
    for row, scenarios in enumerate(groups):
        rows.setdefault(tuple(values.get(row, "\u2014") for values in columns.values()), []).extend(scenarios)
    for values, scenarios in rows.items():
        table.append([Cell(_names(context, scenarios), "sans", cs.NOTE_PT, align="start"),
                      *[Cell(value, "sans", cs.NOTE_PT) for value in values]])
    first = min(width_mm / 3, max(natural_width_mm(row[0]) for row in table) + 1.0)
    rest = (width_mm - first) / len(columns)
    return [flowing_grid(table, [first, *[rest] * len(columns)], header_rows=1)]


def _entry_codes(context, scenario: Scenario | None) -> list[str]:
    """What each entry code printed under a reinforcement in the boxes means."""
    used = dict.fromkeys(a.entry for a in (scenario.reinforcements if scenario is not None else ()) if a.entry)
    return [ui_text(context, "code {code}: {meaning}", code=code, meaning=entry_code(context, code))
            for code in used if short_code(context, code)]


def _names(context, scenarios: list[Scenario]) -> str:
    return ", ".join(game_text(context).of(s, "title") or s.scenario_id for s in scenarios)


def _title(context, scenario: Scenario | None, serves: list[Scenario] | None = None) -> str:
    title = context.game.spec.turn_track.title
    names = _names(context, serves or [scenario]) if scenario is not None else ""
    if title:  # the game's own name for it: "Game tracking sheet"
        own = game_text(context).game(keys.game("turn_track_title"), title)
        if scenario is None:
            return own
        return f"{own}: {names}"
    if scenario is None:
        return ui_text(context, "Turn track")
    return ui_text(context, "Turn track: {scenario}", scenario=names)


def _subtitle(context, scenario: Scenario | None, serves: list[Scenario] | None = None) -> str:
    parts = []
    scale = context.game.spec.scale.get("turn")
    if scale:
        parts.append(ui_text(context, "One turn is {scale}", scale=game_text(context).scale("turn", scale)))
    if scenario is not None and serves and len(serves) > 1:  # each scenario's turns
        parts += [f"{_names(context, [s])}: " + turn_span(context, s.start_turn, s.end_turn) for s in serves]
    elif scenario is not None:
        parts.append(turn_span(context, scenario.start_turn, scenario.end_turn))
        if scenario.reinforcements:
            parts.append(ui_text(context, "reinforcements shown in the turn they arrive"))
    return "; ".join(parts)


def _nationality_key(context, scenario: Scenario | None) -> list[tuple[str, str]]:
    """Swatches for the nationalities whose reinforcements appear on the track."""
    if scenario is None:
        return []
    game = context.game
    seen: dict[str, None] = {}
    for arrival in scenario.reinforcements:
        unit = game.unit_index.get(arrival.unit_id)
        if unit is not None and unit.nationality in game.nationalities:
            seen.setdefault(unit.nationality)
    t = game_text(context)
    return [(game.nationalities[n].colours.background, t.of(game.nationalities[n])) for n in seen]


def selected_scenarios(context: BuildContext) -> list[Scenario | None]:
    """The scenarios asked for (--scenario), else every scenario; [None] when there are none."""
    wanted = context.options.scenarios
    scenarios = [s for s in context.game.scenarios if wanted is None or s.scenario_id in wanted]
    return scenarios or [None]


@dataclass(frozen=True)
class TrackGroup:
    """One printed turn track: the scenarios whose tracks are the same, box for box and
    record track for record track (the first draws it; `(None,)`: the bare track), and the
    groups of such scenarios riding on it: shorter, each of their boxes the same as the box
    of that turn on it; they are printed on it, not on tracks of their own."""

    scenarios: tuple[Scenario | None, ...]
    rider_groups: tuple[tuple[Scenario, ...], ...] = ()

    @property
    def first(self) -> Scenario | None:
        return self.scenarios[0]

    @property
    def riders(self) -> tuple[Scenario, ...]:
        return tuple(s for group in self.rider_groups for s in group)

    @property
    def serves(self) -> list[Scenario] | None:
        """Every scenario the track is printed for (None: the bare track)."""
        return None if self.first is None else [*self.scenarios, *self.riders]

    def columns(self, context: BuildContext, width_mm: float) -> list[list[Scenario | None]]:
        """Its scenarios by their record tracks' starts (shared_tail_blocks): the track's own
        with the riders that start them the same, then each other rider's group."""
        own = _tail_key(context, self.first, width_mm)
        same = [g for g in self.rider_groups if _tail_key(context, g[0], width_mm) == own]
        return [[*self.scenarios, *[s for g in same for s in g]], *[list(g) for g in self.rider_groups if g not in same]]

    def blocks(self, context: BuildContext, width_mm: float, *, tail: bool = True, **options) -> list[Block]:
        serves = list(self.scenarios) if self.first is not None else None
        head = turn_track_blocks(context, self.first, width_mm, serves=serves, riders=self.riders, tail=False, **options)
        return head + (shared_tail_blocks(context, self.columns(context, width_mm), width_mm) if tail else [])


def track_groups(context: BuildContext) -> list[TrackGroup]:
    """The turn tracks the build prints, in the order of their first scenarios: scenarios
    with the same track share one; a scenario (or such a group) whose turns are a part of a
    longer track's, each box the same as that turn's box there (counters and captions,
    values, weather, notes), rides on the longest such track. Its record tracks' markers
    may start elsewhere: the record tracks then list where each scenario starts them, as
    they list it for tracks of their own (shared_tail_blocks). Computed once a build and
    language (the scenario sheets name the tracks)."""
    cache = vars(context).setdefault("_track_groups", {})  # BuildContext is frozen; its dict is not
    width = content_frame(context).width_mm
    if width not in cache:
        cache[width] = _track_groups(context, width)
    return cache[width]


def _track_key(context: BuildContext, scenario: Scenario | None, width_mm: float) -> tuple:
    """What makes two scenarios' tracks the same: the boxes, keys and notes, the record tracks
    with their markers, and where the markers start on the tracks printed on the map (the
    table naming the scenario left out)."""
    head = turn_track_blocks(context, scenario, width_mm, tail=False)
    on_maps = tuple(maps_of(context, [scenario])) if tracks_on_maps(context, [scenario]) else ()
    return _drawn(head[1:]), _tail_key(context, scenario, width_mm), on_maps


def _tail_key(context: BuildContext, scenario: Scenario | None, width_mm: float) -> tuple:
    """What a scenario's record tracks print (its markers in their spaces) and where it starts
    the markers of the tracks printed on the map: two scenarios alike in both share a column
    of the table of starts."""
    omit = tracks_on_maps(context, [scenario])
    return _drawn(track_tail_blocks(context, scenario, width_mm, omit, starts=False)), _starts(context, [scenario], omit)


def _track_groups(context: BuildContext, width_mm: float) -> list[TrackGroup]:
    groups: list[tuple[tuple, list]] = []
    for scenario in selected_scenarios(context):
        key = _track_key(context, scenario, width_mm)  # the tail too: its markers are the scenario's
        for known, scenarios in groups:
            if known == key:
                scenarios.append(scenario)
                break
        else:
            groups.append((key, [scenario]))
    exact = [scenarios for _, scenarios in groups]
    if context.game.spec.turn_track.phases or len(exact) < 2 or exact[0][0] is None:
        return [TrackGroup(tuple(scenarios)) for scenarios in exact]  # a tracking sheet: no riders
    span = {id(g): g[0].end_turn - g[0].start_turn for g in exact}
    hosts: list[list] = []
    riders: dict[int, list] = {}
    for group in sorted(exact, key=lambda g: -span[id(g)]):  # the longest first (stable)
        host = next((h for h in hosts if span[id(h)] > span[id(group)]
                     and _rides(context, group[0], h[0], width_mm)), None)
        if host is None:
            hosts.append(group)
        else:
            riders.setdefault(id(host), []).append(tuple(group))
    order = {id(s): n for n, s in enumerate(selected_scenarios(context))}
    printed = [TrackGroup(tuple(g), tuple(tuple(r) for r in riders.get(id(g), ()))) for g in exact
               if any(g is h for h in hosts)]
    return sorted(printed, key=lambda g: min(order[id(s)] for s in g.serves))  # as their first scenario comes


def _rides(context: BuildContext, rider: Scenario, host: Scenario, width_mm: float) -> bool:
    """Whether `rider` can be printed on `host`'s track: its turns among the host's, each of
    its boxes drawn on the host's track the same as the host's box of that turn (the band's
    Start/End tag aside, its counters in any order), but for notes of its own (printed with
    its name): every note of the host's box is the rider's too."""
    if not (host.start_turn <= rider.start_turn and rider.end_turn <= host.end_turn):
        return False
    notes = {p.turn.turn: p.notes for p in scenario_turns(context, host)}
    if any(not set(notes.get(p.turn.turn, ())) <= set(p.notes) for p in scenario_turns(context, rider)):
        return False
    geo, _ = track_geometry(context, width_mm, len(scenario_turns(context, host)))
    drawn = {turn: _box_items(box, geo) for turn, box in _boxes_by_turn(context, host, geo).items()}
    mine = _boxes_by_turn(context, rider, geo)
    return bool(mine) and all(turn in drawn and drawn[turn] == _box_items(box, geo) for turn, box in mine.items())


def _boxes_by_turn(context, scenario: Scenario, geo: BoxGeometry) -> dict[int, TurnBox]:
    """Each turn's box as it compares with another scenario's: without the band's tag and its
    notes (_rides compares them), its counters in one order (a scenario lists its arrivals in
    an order of its own)."""
    boxes, _ = turn_boxes(context, scenario, geo)
    return {box.turn.turn: replace(box, tag="", notes=(), note_ref="", chips=tuple(sorted(box.chips, key=_chip_order)))
            for box in boxes}


def _chip_order(chip: Chip) -> tuple[str, str]:
    return chip.key.rsplit(":", 1)[0], chip.caption  # "chip:bef-4:4": the unit, not its place in the list


def _box_items(box: TurnBox, geo: BoxGeometry) -> tuple:
    return tuple(section(box, geo).items for section in (head_section, area_section, foot_section))


def printed_track_title(context: BuildContext, scenario: Scenario) -> str:
    """The title of the track `scenario` is printed on, as the track prints it ("Turn track:
    Free Setup Campaign, The Historical Campaign, Short Historical Campaign")."""
    for group in track_groups(context):
        if scenario in group.scenarios or scenario in group.riders:
            return _title(context, group.first, group.serves)
    return _title(context, scenario)


def track_sections(context: BuildContext) -> list[tuple[Scenario | None, list[Page]]]:
    """The pages of each printed track (track_groups), by the first scenario it serves (the
    bare track without one), its title naming them all and its subtitle each one's turns."""
    width = content_frame(context).width_mm
    return [(group.first, chart_pages(context, _title(context, group.first, group.serves), group.blocks(context, width)))
            for group in track_groups(context)]


def track_document_blocks(context: BuildContext, width_mm: float, height_mm: float) -> list[Block]:
    """Every printed track (track_groups) flowed one after another, each kept whole on a page
    when it fits one (with narrower gaps if need be, rather than spill a few lines onto the
    next); and the record tracks and notes once for every track (`shared_tail_blocks`),
    after the last track unless after an earlier one saves a page."""
    groups = track_groups(context)
    tracks = [group.blocks(context, width_mm, tail=False) for group in groups]
    order = {id(s): n for n, s in enumerate(selected_scenarios(context))}
    columns = sorted((column for g in groups for column in g.columns(context, width_mm)), key=lambda c: order[id(c[0])])
    tail = shared_tail_blocks(context, columns, width_mm)
    orders = []
    for shares in ((1.0, *TIGHTER[:2]), TIGHTER[:1], TIGHTER[1:2]):  # each track whole, its gaps narrower if need be
        heads = []
        for head in tracks:
            whole = stacked_within(head, cs.BLOCK_GAP_MM, height_mm, shares)
            heads.append([whole] if whole is not None else head)
        orders += [[*[b for head in heads[:at] for b in head], *tail, *[b for head in heads[at:] for b in head]]
                   for at in range(len(heads), 0, -1)]
    return fewest_pages(orders, width_mm, height_mm)


def fewest_pages(orders: list[list[Block]], width_mm: float, height_mm: float) -> list[Block]:
    """Of several orders of the same blocks, the first that flows onto the fewest pages (the
    record tracks after the last group's track, else after an earlier one whose page they
    fill rather than leave it half empty before a track that needs a page of its own)."""
    frame = Frame(0.0, 0.0, width_mm, height_mm)
    return min(orders, key=lambda blocks: len(paginate_snug(blocks, frame, cs.BLOCK_GAP_MM)))


def shared_tail_blocks(context: BuildContext, groups: list[list[Scenario | None]], width_mm: float) -> list[Block]:
    """The record tracks printed once for several tracks' groups of scenarios, under a heading
    naming them all: with the markers in their spaces where every group starts them in the
    same ones, else bare, with where each group's markers start listed under the heading (the
    tracks' spaces and notes are the game's, the same for every scenario)."""
    omit = tracks_on_maps(context, [s for scenarios in groups for s in scenarios])
    tails = [track_tail_blocks(context, scenarios[0], width_mm, omit, starts=False) for scenarios in groups]
    if len(groups) == 1 or not tails[0]:
        return track_tail_blocks(context, groups[0][0], width_mm, omit,
                                 serves=[s for s in groups[0] if s is not None] or None) if groups else []
    if not number_track_blocks(context, None, width_mm):  # no record tracks: the note alone
        return tails[0]
    order = {id(s): n for n, s in enumerate(context.game.scenarios)}
    everyone = sorted((s for scenarios in groups for s in scenarios if s is not None), key=lambda s: order.get(id(s), 0))
    if not number_track_blocks(context, None, width_mm, omit):  # every record track on the map
        return on_map_blocks(context, groups, omit, width_mm) + _illustrative(context, width_mm)
    blocks = [heading_block(ui_text(context, "Record tracks"), width_mm),
              text_block(ui_text(context, "For {scenarios}.", scenarios=_names(context, everyone)), width_mm,
                         size_pt=cs.SMALL_PT, colour=cs.MUTED, keep_with_next=True)]
    if all(_same(tails[0], tail) for tail in tails[1:]) and \
            all(_starts(context, groups[0], omit) == _starts(context, g, omit) for g in groups[1:]):
        return blocks + track_tail_blocks(context, groups[0][0], width_mm, omit)
    rest = [track.id for track in context.game.spec.turn_track.tracks if track.id not in omit]
    return (blocks + _track_starts(context, groups, width_mm, only=rest)
            + track_tail_blocks(context, None, width_mm, omit, starts=False, played_on=everyone)
            + (_starts_by_group(context, groups, omit, width_mm) if omit else []))


def _starts(context, scenarios: list[Scenario | None], tracks) -> tuple:
    """Where the first of `scenarios` starts its markers on the record tracks `tracks`."""
    first = scenarios[0]
    return tuple((m.marker_id, m.track, m.side, m.value) for m in (first.markers if first is not None else ())
                 if m.track in tracks)


def _track_starts(context, groups: list[list[Scenario | None]], width_mm: float, only=None) -> list[Block]:
    """A table of where each group of scenarios starts each marker on the record tracks (or
    the tracks `only`): a row per marker and track, a column per group (— where a group does
    not place it)."""
    game, t = context.game, game_text(context)
    tracks = {track.id: track for track in game.spec.turn_track.tracks if only is None or track.id in only}
    rows: dict[tuple, dict[int, str]] = {}
    for column, scenarios in enumerate(groups):
        for placed in scenarios[0].markers if scenarios[0] is not None else ():
            if placed.track in tracks and placed.marker_id in game.marker_index and placed.value is not None:
                values = rows.setdefault((placed.marker_id, placed.track, placed.side), {})
                values.setdefault(column, signed(placed.value))
    if not rows:
        return []
    head = dict(font="sans-bold", size_pt=cs.SMALL_PT, fill=cs.HEADER_FILL, colour=cs.HEADER_TEXT)
    table = [[Cell(ui_text(context, "Marker"), align="start", **head), Cell(ui_text(context, "Track"), align="start", **head),
              *[Cell(_names(context, scenarios), **head) for scenarios in groups]]]
    for (marker_id, track_id, side), values in rows.items():
        where = t.of(tracks[track_id]) + (f" ({t.of(game.sides[side]) if side in game.sides else side})" if side else "")
        table.append([Cell(t.of(game.marker_index[marker_id]), "sans", cs.NOTE_PT, align="start"),
                      Cell(where, "sans", cs.NOTE_PT, align="start"),
                      *[Cell(values.get(column, "\u2014"), "sans", cs.NOTE_PT) for column in range(len(groups))]])
    keys = [min(width_mm / 4, max(natural_width_mm(row[i]) for row in table) + 1.0) for i in range(2)]
    rest = (width_mm - sum(keys)) / len(groups)
    return [heading_block(ui_text(context, "Markers at the start"), width_mm, cs.BODY_PT + 1, rule=False),
            flowing_grid(table, [*keys, *[rest] * len(groups)], header_rows=1)]


def _drawn(blocks: list[Block]) -> tuple:
    """What blocks print, to compare: their sizes and items."""
    return tuple((b.width_mm, b.height_mm, b.items) for b in blocks)


def _same(a: list[Block], b: list[Block]) -> bool:
    return _drawn(a) == _drawn(b)


@component("turn-track", order=30)
def build_turn_track(context: BuildContext) -> list[OutputFile]:
    sections = track_sections(context)
    if len(sections) == 1:
        pages, title = sections[0][1], sections[0][1][0].title
    else:
        title = ui_text(context, "Turn track")
        frame = content_frame(context)
        pages = chart_pages(context, title, track_document_blocks(context, frame.width_mm, frame.height_mm))
    files = document_outputs(context, "turn-track", title, pages, shares_pages=True)
    if len(sections) > 1:  # one SVG per scenario whose track fits a page
        files += [svg_output(f"turn-track-{s.scenario_id}", section[0]) for s, section in sections if len(section) == 1]
    return files
