"""scenario.clause-*: what a scenario's victory conditions, special rules, withdrawals and
conditional arrivals name exists — sides, hexes, areas, boxes, units, markers, a record track
and a space on it, the card, chit or table event that sets an arrival off — and the turns they
name are turns the scenario plays."""

from __future__ import annotations

from generator.model.track import parse_window
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity
from generator.validation.rules.areas import area_where
from generator.validation.rules.hexes import locate_hex
from generator.validation.rules.references import unknown

FIELDS = (("victory", "victory condition"), ("special_rules", "special rule"), ("withdrawals", "withdrawal"),
          ("arrivals", "conditional arrival"))


def _clauses(ctx: Context):
    """(scenario, clause, 'victory condition 2') for every clause of the scenarios checked."""
    for s in ctx.scenarios:
        for field, word in FIELDS:
            for n, item in enumerate(getattr(s, field)):
                yield s, item, f"{word} {n + 1}"


def _renamed(issue: Issue, code: str, what: str) -> Issue:
    return Issue(issue.where, code, f"{what}: {issue.message}", issue.severity)


@rule("scenario.clause-side", "victory conditions, special rules and withdrawals name declared sides")
def clause_sides(ctx: Context):
    for s, item, what in _clauses(ctx):
        for key in ("side", "track_side"):
            side = getattr(item.spec, key, None)
            if side is not None and side not in ctx.game.sides:
                yield _renamed(unknown(item.at(key), "side", side, ctx.game.sides), "scenario.clause-side", what)


@rule("scenario.clause-place", "the hexes, areas and boxes a scenario's clauses name exist")
def clause_places(ctx: Context):
    g = ctx.game
    for s, item, what in _clauses(ctx):
        spec = item.spec
        map_id = spec.map or s.map_id
        if spec.map is not None and spec.map not in g.maps:
            yield _renamed(unknown(item.at("map"), "map", spec.map, g.maps), "scenario.clause-place", what)
            continue
        for i, hex_id in enumerate(spec.hexes):
            found = locate_hex(ctx, map_id, hex_id, item.at(f"hexes.{i}"), "scenario.clause-place", f"{what}: hex")
            if isinstance(found, Issue):
                yield Issue(found.where, "scenario.clause-place", found.message)
        for i, area_id in enumerate(spec.areas):
            problem = area_where(ctx, map_id, area_id, item.at(f"areas.{i}"), f"{what}: area")
            if problem is not None:
                yield Issue(problem.where, "scenario.clause-place", problem.message)
        for i, box in enumerate(spec.boxes):
            if box not in g.boxes:
                yield _renamed(unknown(item.at(f"boxes.{i}"), "box", box, g.boxes), "scenario.clause-place", what)


@rule("scenario.clause-piece", "the units and markers a scenario's clauses name exist")
def clause_pieces(ctx: Context):
    g = ctx.game
    for s, item, what in _clauses(ctx):
        for i, unit_id in enumerate(item.spec.units):
            if unit_id not in g.unit_index:
                yield _renamed(unknown(item.at(f"units.{i}"), "unit", unit_id, g.unit_index), "scenario.clause-piece", what)
        for i, marker_id in enumerate(item.spec.markers):
            if marker_id not in g.marker_index:
                yield _renamed(unknown(item.at(f"markers.{i}"), "marker", marker_id, g.marker_index),
                               "scenario.clause-piece", what)


@rule("scenario.clause-track", "a clause's record track is declared and its value is a space on it")
def clause_tracks(ctx: Context):
    tracks = {t.id: t for t in ctx.game.spec.turn_track.tracks}
    for s, item, what in _clauses(ctx):
        spec = item.spec
        if spec.track is None:
            if spec.value is not None:
                yield Issue(item.at("value"), "scenario.clause-track",
                            f"{what}: 'value' {spec.value} needs the 'track' it is a space of")
            continue
        track = tracks.get(spec.track)
        if track is None:
            yield _renamed(unknown(item.at("track"), "track", spec.track, tracks), "scenario.clause-track", what)
        elif spec.value is not None and spec.value not in track.values:
            yield Issue(item.at("value"), "scenario.clause-track",
                        f"{what}: value {spec.value} is not a space of track {spec.track!r} "
                        f"({track.first} to {track.last})")
        elif (getattr(spec, "kind", None) == "threshold" or getattr(spec, "triggered", False)) and spec.value is None:
            yield Issue(item.where, "scenario.clause-track", f"{what}: a threshold needs the 'value' to reach on "
                                                             f"track {spec.track!r}")


@rule("scenario.clause-trigger", "the card, chit or table event that sets off an arrival or withdrawal exists")
def clause_triggers(ctx: Context):
    g = ctx.game
    decks = {d.id: d for d in g.spec.decks}
    for s, item, what in _clauses(ctx):
        spec = item.spec
        if not hasattr(spec, "triggered"):
            continue
        if spec.deck is not None and spec.deck not in decks:
            yield _renamed(unknown(item.at("deck"), "deck", spec.deck, decks), "scenario.clause-trigger", what)
        elif spec.card is not None:
            holders = sorted({c.deck_id for c in g.cards if c.card_id == spec.card})
            if spec.deck is not None:
                known = {c.card_id for c in g.cards_of(spec.deck)}
                if spec.card not in known:
                    yield _renamed(unknown(item.at("card"), "card", spec.card, known), "scenario.clause-trigger",
                                   f"{what} (deck {spec.deck!r})")
            elif not holders:
                yield _renamed(unknown(item.at("card"), "card", spec.card, {c.card_id for c in g.cards}),
                               "scenario.clause-trigger", what)
            elif len(holders) > 1:
                yield Issue(item.at("card"), "scenario.clause-trigger",
                            f"{what}: card {spec.card!r} is in decks {', '.join(holders)}; say which with 'deck'")
        elif spec.deck is not None:
            yield Issue(item.at("deck"), "scenario.clause-trigger", f"{what}: 'deck' needs the 'card' it holds")
        if spec.table is not None and spec.table not in g.tables:
            yield _renamed(unknown(item.at("table"), "table", spec.table, g.tables), "scenario.clause-trigger", what)
        elif spec.table is not None and spec.event is not None:
            entries = getattr(g.tables[spec.table], "entries", None) or {}
            if spec.event not in entries:
                yield Issue(item.at("event"), "scenario.clause-trigger",
                            f"{what}: table {spec.table!r} has no entry {spec.event!r}"
                            + (f" (its entries: {', '.join(sorted(entries))})" if entries else " (it lists no entries)"))
        elif (spec.table is None) != (spec.event is None):
            key = "table" if spec.table is not None else "event"
            yield Issue(item.at(key), "scenario.clause-trigger",
                        f"{what}: give both the 'table' and the 'event' (an entry of it) that sets it off")


@rule("scenario.clause-restriction", "the restrictions a special rule says it states are the game's or the scenario's")
def clause_restrictions(ctx: Context):
    declared = {spec.id for spec in ctx.game.spec.restrictions}
    for s in ctx.scenarios:
        known = declared | {placed.spec.id for placed in s.restrictions}
        for n, item in enumerate(s.special_rules):
            for i, restriction in enumerate(getattr(item.spec, "restrictions", ())):
                if restriction not in known:
                    yield _renamed(unknown(item.at(f"restrictions.{i}"), "restriction", restriction, known),
                                   "scenario.clause-restriction", f"special rule {n + 1} of scenario {s.scenario_id!r}")


@rule("scenario.clause-turns", "the turns a clause names are turns its scenario plays")
def clause_turns(ctx: Context):
    for s, item, what in _clauses(ctx):
        spec = item.spec
        played = range(s.start_turn, s.end_turn + 1)
        named = []
        if spec.turns is not None:
            try:
                named = list(parse_window(spec.turns).mentioned())
            except ValueError as exc:
                yield Issue(item.at("turns"), "scenario.clause-turns", f"{what}: {exc}")
                continue
            named = [(t, item.at("turns")) for t in named]
        for key in ("returns",):  # a withdrawal's own turn is the withdrawal check's (withdrawal.turn-range)
            value = getattr(spec, key, None)
            if value is not None:
                named.append((value, item.at(key)))
        for turn, where in named:
            if turn not in played:
                yield Issue(where, "scenario.clause-turns",
                            f"{what} of scenario {s.scenario_id!r} names turn {turn}, but the scenario plays turns "
                            f"{s.start_turn}-{s.end_turn} (give the scenario its own list if it inherits this one)",
                            Severity.WARNING)
                break
