"""The scenario sheet: the first page(s) of setup-<scenario>.pdf, all a player needs to know
before and during play — how long it lasts, who sets up and moves first, how it is won, its
special rules, the rules and values in force, what arrives and leaves and when, the turn by
turn schedule (on the turn track; the sheet points to it). Every marker with its start is in
the setup list that follows (its counter, its name and where it starts)."""

from __future__ import annotations

from generator.components import chart_style as cs
from generator.components.chart_document import bullet_blocks, heading_block, text_block, title_block
from generator.components.illustrative import MARK, any_illustrative, is_illustrative, mark_note, marked
from generator.components.mapparts.panel import signed
from generator.components.opening import opening_rows, plays_first
from generator.components.printed_once import arrivals_pointer, schedule_pointer
from generator.components.scenario_turns import rules_in_play, scenario_turns, weather_words
from generator.components.setup_content import place, unit_name
from generator.components.text import game_text, turn_name, turn_word, ui_text
from generator.components.triggers import conditional_arrivals, trigger_words
from generator.components.turn_windows import window_in_words
from generator.i18n.marks import N_
from generator.layout.blocks import Block
from generator.layout.grid import Cell, flowing_grid, natural_width_mm
from generator.model.clauses import VICTORY_KINDS
from generator.model.restrictions import PlacedRestriction
from generator.model.scenario import Scenario
from generator.model.variants import effective
from generator.validation.restriction_words import rule_words

KIND_WORDS = {
    "sudden_death": N_("Sudden death"),
    "threshold": N_("Victory level"),
    "check": N_("Victory check"),
    "points": N_("Victory points"),
    "end": N_("End of the game"),
    "other": "",
}


def sheet_blocks(context, scenario: Scenario, width_mm: float) -> list[Block]:
    t = game_text(context)
    name = t.of(scenario, "title") or scenario.scenario_id
    blocks = [title_block(ui_text(context, "Scenario: {scenario}", scenario=name), width_mm, _map_line(context, scenario))]
    if scenario.description:
        blocks.append(text_block(t.of(scenario, "description"), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED))
    blocks += _facts(context, scenario, width_mm)
    blocks += _victory(context, scenario, width_mm)
    blocks += _clause_section(context, scenario, "special_rules", ui_text(context, "Special rules"), width_mm)
    blocks += _settings(context, scenario, width_mm)
    blocks += _comings_and_goings(context, scenario, width_mm)
    blocks += _schedule(context, scenario, width_mm)
    clauses = (*scenario.victory, *scenario.special_rules, *scenario.withdrawals, *scenario.arrivals)
    if any_illustrative(item.spec for item in clauses) or \
            schedule_illustrative(scenario, scenario_turns(context, scenario)):
        blocks.append(text_block(mark_note(context), width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED))
    return blocks


def _map_line(context, scenario: Scenario) -> str:
    spec = context.game.sheet_of_map.get(scenario.map_id) or context.game.maps.get(scenario.map_id)
    return ui_text(context, "Map: {map}", map=game_text(context).of(spec, "title")) if spec is not None else ""


def called(context, turn: int, lower: bool = False) -> str:
    """A turn as the game calls it: "Turn 12", "Round 5", "Turn G"; `lower` in a sentence."""
    word = turn_word(context)
    return f"{word.lower() if lower else word} {turn_name(context, turn)}"


def setup_first(context, scenario: Scenario) -> str | None:
    """The side that sets up first: the scenario's word, else its deployment's order."""
    if scenario.setup_first:
        return scenario.setup_first
    plan = scenario.deployment
    return plan.spec.order[0] if plan is not None and plan.spec.order else None


def _side(context, side: str | None) -> str:
    sides = context.game.sides
    return game_text(context).of(sides[side]) if side in sides else (side or "")


def _facts(context, scenario: Scenario, width_mm: float) -> list[Block]:
    played = scenario_turns(context, scenario)
    count = len(played)
    first, last = (played[0].turn, played[-1].turn) if played else (None, None)
    t = game_text(context)
    track = context.game.spec.turn_track
    if track.show_numbers:
        def name(turn: int) -> str:
            return called(context, turn, lower=True)
    else:  # the turns go by their labels: "Nov – Dec 1914 to Nov – Dec 1918"
        def name(turn: int) -> str:
            return turn_name(context, turn)
    # one turn: "1 turn: turn 2", never "turn 2 to turn 2"
    span = name(scenario.start_turn) if scenario.start_turn == scenario.end_turn else \
        ui_text(context, "{first} to {last}", first=name(scenario.start_turn), last=name(scenario.end_turn))
    dates = ""
    if track.show_numbers and first is not None and (t.turn_label(first) or t.turn_label(last)):
        dates = f" ({t.turn_label(first)} – {t.turn_label(last)})" if first is not last else f" ({t.turn_label(first)})"
    lettered = [p.turn.letter for p in played if p.turn.letter]
    if lettered:  # GWNE 5.1: the strategic turns between the others
        dates += ui_text(context, ", including {count} lettered turns ({first}–{last})", count=len(lettered),
                         first=lettered[0], last=lettered[-1])
    length = ui_text(context, "{count} turns: {span}", count=count, span=span) if count != 1 else \
        ui_text(context, "1 turn: {span}", span=span)
    if track.turn_name:  # the game's own word: "Round 5 to round 6 (2 in all)"
        length = ui_text(context, "{span} ({count} in all)", span=span[0].upper() + span[1:], count=count)
    rows = [(ui_text(context, "Length"), length + dates)]
    rows += opening_rows(context, scenario)
    first_setup = setup_first(context, scenario)
    if first_setup:
        rows.append((ui_text(context, "Sets up first"), _side(context, first_setup)))
    if scenario.first_side:
        rows.append((ui_text(context, "Plays first"), plays_first(context, scenario) or _side(context, scenario.first_side)))
    cells = [[Cell(k, "sans-bold", cs.SMALL_PT, align="start"), Cell(v, "sans", cs.SMALL_PT, align="start")]
             for k, v in rows]
    key_w = min(width_mm / 3, max(natural_width_mm(r[0]) for r in cells) + 1.0)
    return [flowing_grid(cells, [key_w, width_mm - key_w], header_rows=0)]


def _details(context, scenario: Scenario, spec) -> list[str]:
    """What a clause names, in words: the places, the track and value, the turns, points (not
    the markers and track that set a withdrawal off: its heading says them)."""
    t = game_text(context)
    triggered = getattr(spec, "triggered", False)
    parts = []
    map_id = spec.map or scenario.map_id
    places = [place(context, map_id, h) for h in spec.hexes] + [place(context, map_id, a) for a in spec.areas]
    places += [t.box_title(b) for b in spec.boxes]
    if places:
        parts.append(ui_text(context, "Places: {places}", places=", ".join(places)))
    if spec.units:
        units = [unit_name(context, context.game.unit_index[u]) for u in spec.units if u in context.game.unit_index]
        parts.append(ui_text(context, "Units: {units}", units=", ".join(units)))
    if spec.markers and not triggered:
        markers = [t.marker_text(context.game.marker_index[m]) for m in spec.markers if m in context.game.marker_index]
        parts.append(ui_text(context, "Markers: {markers}", markers=", ".join(markers)))
    tracks = {tr.id: tr for tr in context.game.spec.turn_track.tracks}
    if spec.track in tracks and not triggered:
        name = t.of(tracks[spec.track])
        parts.append(ui_text(context, "{track}: {value}", track=name, value=signed(spec.value))
                     if spec.value is not None else name)
    if spec.turns:
        turns = ", ".join(x.strip() for x in spec.turns.split(","))
        parts.append(f"{turn_word(context)}: {turns}" if context.game.spec.turn_track.turn_name else
                     ui_text(context, "Turns: {turns}", turns=turns))
    points = getattr(spec, "points", None)
    if points is not None:  # points scored on a marker the clause names are that marker's, not VP
        shown = signed(points) if points < 0 else points
        parts.append(ui_text(context, "{points} each", points=shown) if spec.markers else
                     ui_text(context, "{points} VP each", points=shown))
    return parts


def _line(context, scenario, item, text: str, label: str = "") -> str:
    head = " · ".join(x for x in (label, _side(context, item.spec.side)) if x)
    text = marked(text, item.spec.source)  # an invented condition or rule carries the mark
    body = f"{head}: {text}" if head else text
    details = _details(context, scenario, item.spec)
    return body + (" [" + "; ".join(details) + "]" if details else "")


def _victory(context, scenario: Scenario, width_mm: float) -> list[Block]:
    if not scenario.victory:
        return []
    t = game_text(context)
    order = {kind: n for n, kind in enumerate(VICTORY_KINDS)}
    items = sorted(enumerate(scenario.victory), key=lambda pair: order.get(pair[1].spec.kind, 99))
    lines = []
    for index, item in items:
        label = KIND_WORDS.get(item.spec.kind, "")
        label = ui_text(context, label) if label else ""
        scored_on = [context.game.marker_index[m] for m in item.spec.markers if m in context.game.marker_index]
        if item.spec.kind == "points" and scored_on:  # points of a marker the clause names: that marker's
            label = ", ".join(t.of(m) for m in scored_on)
        lines.append(_line(context, scenario, item, t.victory(scenario, index), label))
    return [heading_block(ui_text(context, "How to win"), width_mm), *bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT)]


def _clause_section(context, scenario: Scenario, field: str, title: str, width_mm: float) -> list[Block]:
    items = getattr(scenario, field)
    if not items:
        return []
    t = game_text(context)
    lines = [_line(context, scenario, item, t.clause(scenario, field, n)) for n, item in enumerate(items)]
    return [heading_block(title, width_mm), *bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT)]


def restriction_changes(context, scenario: Scenario) -> list[str]:
    """What the scenario changes in the game's restrictions, in words."""
    game, t = context.game, game_text(context)
    declared = {spec.id: n for n, spec in enumerate(game.spec.restrictions)}
    window = lambda text: window_in_words(context, text)  # noqa: E731
    lines = []
    last = {placed.spec.id: placed for placed in scenario.restrictions}  # the net change along `extends`
    stated = {r for item in scenario.special_rules for r in getattr(item.spec, "restrictions", ())}
    for placed in last.values():
        if placed.spec.id in stated:  # a special rule says it already, in its own words
            continue
        if placed.spec.off and placed.spec.id in declared:
            spec = game.spec.restrictions[declared[placed.spec.id]]
            words = rule_words(t, game, spec, t.restriction_name(PlacedRestriction(spec, placed.where)), window,
                               capital=False)
            lines.append(ui_text(context, "Not in force: {rule}", rule=words))
        elif not placed.spec.off:
            text = rule_words(t, game, placed.spec, t.restriction_name(placed), window)
            lines.append(text[:1].upper() + text[1:])
    return lines


def _settings(context, scenario: Scenario, width_mm: float) -> list[Block]:
    """Every rule switch and parameter the game declares, as this scenario sets it."""
    game, t = context.game, game_text(context)
    lines = []
    for key, on in rules_in_play(context, scenario).items():
        declared = game.scenario_rules[key]
        state = ui_text(context, "in play") if on else ui_text(context, "not in play")
        lines.append(f"{t.of(declared)}: {state}")
    for key, value in effective(game.spec.parameters, scenario.parameters, False).items():
        lines.append(f"{t.of(game.parameters[key])}: {value}")
    lines += restriction_changes(context, scenario)
    for event_id, turn in scenario.event_turns().items():
        event = game.events.get(event_id)
        if event is not None:
            lines.append(ui_text(context, "{event}: turn {turn}", event=t.of(event), turn=turn))
    if not lines:
        return []
    return [heading_block(ui_text(context, "Rules and values of this scenario"), width_mm),
            *bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT)]


def _comings_and_goings(context, scenario: Scenario, width_mm: float) -> list[Block]:
    game = context.game
    lines = []
    if any(a.unit_id in game.unit_index for a in scenario.reinforcements):  # on the turn track, each in its box
        lines.append(arrivals_pointer(context, scenario))
    for waiting in conditional_arrivals(context, scenario):
        names = ", ".join(unit_name(context, u) for u in waiting.units)
        head = ui_text(context, "Arrive {condition}", condition=waiting.when)
        if waiting.clause is not None:
            side = _side(context, waiting.clause.spec.side)
            head = f"{head} · {side}" if side else head
            body = f"{head}: {names}. {waiting.text}" if names else f"{head}: {waiting.text}"
        else:
            body = f"{head}: {names}"
        lines.append(body)
    t = game_text(context)
    for n, item in enumerate(scenario.withdrawals):
        spec = item.spec
        text = t.clause(scenario, "withdrawals", n)
        if spec.turn is not None:
            head = ui_text(context, "{turn}, withdrawal", turn=called(context, spec.turn))
        else:
            head = ui_text(context, "Withdrawal {condition}", condition=trigger_words(context, spec))
        if spec.returns is not None:
            head += " · " + ui_text(context, "back on {turn}", turn=called(context, spec.returns, lower=True))
        lines.append(_line(context, scenario, item, text, head))
    if not lines:
        lines.append(ui_text(context, "No reinforcements and no withdrawals."))
    return [heading_block(ui_text(context, "Reinforcements and withdrawals"), width_mm),
            *bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT)]


def _schedule(context, scenario: Scenario, width_mm: float) -> list[Block]:
    """Turn by turn: the turns' weather, annotations (replacements, victory levels …) and notes
    are on the scenario's turn track, box by box; the sheet says so (with the mark when a
    value is invented) rather than printing them again."""
    played = scenario_turns(context, scenario)
    if not any(weather_words(context, p.turn) or p.annotations or p.notes for p in played):
        return []
    title = ui_text(context, "Turn by turn")
    if schedule_illustrative(scenario, played):  # invented replacements, levels …: the one mark
        title = f"{title} {MARK}"
    return [heading_block(title, width_mm), text_block(schedule_pointer(context, scenario), width_mm,
                                                       size_pt=cs.SMALL_PT)]


def schedule_illustrative(scenario: Scenario, played) -> bool:
    """True when a turn the scenario plays, or its change of one, holds an invented value."""
    changes = {change.turn for change in scenario.turn_overlays if is_illustrative(getattr(change, "source", None))}
    return any(is_illustrative(p.turn.source) or p.turn.turn in changes for p in played)


def marker_start(context, scenario: Scenario, placed) -> str:
    """Where a marker starts, in words: a space of a record track, a turn, a hex, a box."""
    t = game_text(context)
    tracks = {tr.id: tr for tr in context.game.spec.turn_track.tracks}
    if placed.track is not None:
        track = tracks.get(placed.track)
        name = t.of(track) if track is not None else placed.track
        value = signed(placed.value) if placed.value is not None else ""
        side = f" ({_side(context, placed.side)})" if placed.side else ""
        return f"{name}{side}: {value}"
    if placed.place:
        return place(context, scenario.map_id, placed.place)
    if placed.box:
        return t.box_title(placed.box)
    if placed.turn is not None:
        return ui_text(context, "Turn track, {turn}", turn=called(context, placed.turn, lower=True))
    return ""
