"""What sets off a conditional arrival or withdrawal, in the players' words ("when the Pearl
Harbor card is played, the next turn"), and every conditional arrival of a scenario — the
structured ones of its `arrivals` and those whose counters carry an event code (WEF 10.3: REG,
B+1) — grouped the way the scenario sheet and the set-up pages list them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from generator.components.mapparts.panel import signed
from generator.components.text import game_text, ui_text
from generator.i18n import keys
from generator.model.scenario import Scenario
from generator.model.units import Unit


@dataclass(frozen=True)
class Conditional:
    """Units that wait off the turn track until something happens."""

    when: str  # the trigger in words
    units: tuple[Unit, ...]
    text: str = ""  # the scenario's own words (a structured arrival), in the build's language
    clause: object | None = None  # the Clause, for a structured arrival


def trigger_words(context, spec) -> str:
    """A trigger as a phrase: "when the Pearl Harbor card is played", "when Random Events Table
    gives G", "when Brusilov Offensive is placed", "when the German victory points marker reaches 20 (Victory points)";
    its delay after it: ", the next turn" or ", 3 turns later"."""
    game, t = context.game, game_text(context)
    parts = []
    if spec.card:
        card = next((c for c in game.cards if c.card_id == spec.card and spec.deck in (None, c.deck_id)), None)
        deck = next((d for d in game.spec.decks if card is not None and d.id == card.deck_id), None)
        title = t.card_title(card) if card is not None else spec.card
        if spec.cancelled:
            parts.append(ui_text(context, "when the card “{title}” is cancelled", title=title))
        else:
            parts.append(ui_text(context, "when the chit “{title}” is played", title=title)
                         if deck is not None and deck.kind == "chit" else
                         ui_text(context, "when the card “{title}” is played", title=title))
    if spec.table and spec.event:
        table = game.tables.get(spec.table)
        name = t.of(table) if table is not None else spec.table
        parts.append(ui_text(context, "when the {table} gives {event}", table=name, event=spec.event))
    for marker_id in spec.markers:
        marker = game.marker_index.get(marker_id)
        name = t.marker_text(marker) if marker is not None else marker_id
        parts.append(ui_text(context, "when the {marker} marker is placed", marker=name))
    tracks = {tr.id: tr for tr in game.spec.turn_track.tracks}
    if spec.track in tracks and spec.value is not None:
        sides = game.sides
        whose = spec.track_side or spec.side
        who = t.of(sides[whose]) if whose in sides else ""
        track = t.of(tracks[spec.track])
        # the side's own marker on the track, when it has one: "the German victory points marker"
        mine = [game.marker_index[m] for m in tracks[spec.track].markers
                if m in game.marker_index and game.marker_index[m].side == whose] if whose else []
        value = signed(spec.value)
        if len(mine) == 1:
            parts.append(ui_text(context, "when the {marker} marker reaches {value} ({track})",
                                 marker=t.marker_text(mine[0]), value=value, track=track))
        elif who:
            parts.append(ui_text(context, "when {side} reaches {value} ({track})", side=who, value=value, track=track))
        else:
            parts.append(ui_text(context, "when the {track} reaches {value}", value=value, track=track))
    text = "; ".join(parts)
    if spec.after == 1:
        text += ui_text(context, ", the next turn")
    elif spec.after:
        text += ui_text(context, ", {count} turns later", count=spec.after)
    return text


def conditional_arrivals(context, scenario: Scenario) -> list[Conditional]:
    """The scenario's structured arrivals, then the units whose corner code names an event
    (when the scenario takes arrivals from codes and no structured arrival names them)."""
    game, t = context.game, game_text(context)
    out = []
    named = set()
    for n, item in enumerate(scenario.arrivals):
        units = tuple(game.unit_index[u] for u in item.spec.units if u in game.unit_index)
        named |= {u.unit_id for u in units}
        out.append(Conditional(trigger_words(context, item.spec), units, t.clause(scenario, "arrivals", n), item))
    return out + _coded(context, scenario, named)


def _coded(context, scenario: Scenario, named: set[str]) -> list[Conditional]:
    """Units whose corner code names an event rather than a turn (WEF 10.3-10.5: REG, B+1), by
    code, with what the code means."""
    if not scenario.reinforcements_from_codes:
        return []
    game, t = context.game, game_text(context)
    forms = [(n, f) for n, f in enumerate(game.spec.counter_codes) if f.kind == "event"]
    listed = {p.unit_id for p in scenario.setup} | {r.unit_id for r in scenario.reinforcements} | named
    removed = set(scenario.free_units())
    by_code: dict[str, list[Unit]] = defaultdict(list)
    meaning: dict[str, str] = {}
    for unit in game.units:
        if not unit.code or unit.unit_id in listed or unit.unit_id in removed:
            continue
        found = next(((n, f) for n, f in forms if f.regex.fullmatch(unit.code)), None)
        if found is not None:
            n, form = found
            by_code[unit.code].append(unit)
            meaning[unit.code] = t.game(keys.counter_code_arrival(n), form.arrival) if form.arrival else ""
    return [Conditional(ui_text(context, "code {code}: {meaning}", code=code, meaning=meaning[code])
                        if meaning[code] else ui_text(context, "code {code}", code=code), tuple(units))
            for code, units in sorted(by_code.items())]
