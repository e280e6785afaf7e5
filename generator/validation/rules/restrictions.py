"""restriction.*: the game's restrictions (and a scenario's changes to them) name real things,
and every unit a scenario sets up or brings in stands where they allow, with the companions
they allow, in the numbers they allow. Only set-ups and arrivals are in the data: a
restriction that holds "always" is checked on those placements."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from generator.model.deployment import UnitSelector
from generator.model.restrictions import PlacedRestriction, Restriction, cap_at
from generator.model.source import Location
from generator.model.track import parse_window
from generator.model.units import Unit
from generator.validation.placing import area_for
from generator.validation.places import Spot, holds_any, in_force, region_of
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.merging import SCENARIOS, merged
from generator.validation.restriction_words import places_words, rule_words
from generator.validation.rules.references import unknown


@dataclass(frozen=True)
class Standing:
    """A unit set up or arriving at a spot on a turn."""

    unit: Unit
    side: str | None
    spot: Spot
    steps: int | None
    scope: str  # setup, arrival
    turn: int
    where: Location


def in_window(text: str | None, turn: int) -> bool:
    if text is None:
        return True
    try:
        return parse_window(text).contains(turn)
    except ValueError:
        return False  # reported by sop.turn-window


def _matches(g, selector: UnitSelector | None, standing: Standing) -> bool:
    return selector is not None and selector.matches(standing.unit, g.spec.code_kind(standing.unit.code),
                                                     standing.side, standing.steps,
                                                     g.spec.setup_code_of(standing.unit.code))


def standings(g, scenario) -> list[Standing]:
    """Every unit the scenario sets up (turn: its start) or brings in at a known spot: a box, a
    hex of the scenario's map given as the entry, or the place of a declared entry code."""
    out = []
    for p in scenario.setup:
        unit = g.unit_index.get(p.unit_id)
        if unit is None:
            continue
        spot = Spot(None, None, p.box) if p.box is not None else Spot(p.map_id or scenario.map_id, p.place)
        out.append(Standing(unit, g.side_of(unit), spot, p.steps, "setup", scenario.start_turn,
                            p.box_at if p.box is not None else p.place_at))
    coords = _entries(g, scenario.map_id)
    for r in scenario.reinforcements:
        unit = g.unit_index.get(r.unit_id)
        if unit is None:
            continue
        if r.box is not None:
            spot = Spot(None, None, r.box)
        elif r.entry in coords:
            spot = Spot(scenario.map_id, r.entry)
        else:
            continue
        out.append(Standing(unit, g.side_of(unit), spot, r.steps, "arrival", r.turn,
                            r.box_at if r.box is not None else r.where))
    return out


def _said(g, spec: Restriction) -> str:
    text = rule_words(None, g, spec, spec.name or "")
    return text[:1].lower() + text[1:]


def _entries(g, map_id: str):
    """The ids an arrival's entry may give to name a place of the map: its hexes or areas."""
    spec = g.maps.get(map_id)
    if spec is None:
        return {}
    if spec.is_area:
        return {a.area_id for a in g.areas if a.map_id == map_id}
    return area_for(g, map_id).coords


def _cite(placed: PlacedRestriction) -> str:
    return placed.spec.source or f"restriction {placed.spec.id!r}"


def _verb(standing: Standing) -> str:
    return "is set up" if standing.scope == "setup" else f"arrives on turn {standing.turn}"


def _at(g, standing: Standing) -> str:
    label = standing.spot.label(g)
    region = region_of(g, standing.spot)
    return f"{label} ({g.regions[region].name})" if region in g.regions else label


@rule("restriction.place", "units set up and arriving stand where the game's restrictions allow them")
@merged
def places(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        rules = [r for r in in_force(g, scenario) if r.spec.kind in ("only_in", "never_in", "not_used")]
        if not rules:
            continue
        found = standings(g, scenario)
        stacks = _stacks(found)
        events = scenario.event_turns()
        for standing in found:
            for placed in rules:
                spec = placed.spec
                if not _applies(g, spec, standing, events) or not _concerns_spot(spec, standing.spot):
                    continue
                if spec.not_used:
                    broken = True
                elif spec.only_in is not None:
                    broken = not holds_any(g, spec.only_in, standing.spot)
                else:
                    broken = holds_any(g, spec.never_in, standing.spot)
                if broken and spec.unless_with is not None and standing.spot.box is None:
                    broken = not any(_matches(g, spec.unless_with, other)
                                     for other in stacks[_key(standing)] if other is not standing)
                if broken:
                    yield (standing.where, "restriction.place",
                                f"unit {standing.unit.unit_id!r} {_verb(standing)} in {_at(g, standing)} in {SCENARIOS}; "
                                f"{_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)


def _applies(g, spec: Restriction, standing: Standing, events: dict[str, int] | None = None) -> bool:
    if spec.until_event is not None and (events or {}).get(spec.until_event, standing.turn + 1) <= standing.turn:
        return False
    return spec.binds(standing.scope) and in_window(spec.turns, standing.turn) and _matches(g, spec.units, standing)


def _concerns_spot(spec: Restriction, spot: Spot) -> bool:
    """A box is a place of its own: places that name no box say nothing about units in boxes."""
    if spot.box is None or spec.not_used:
        return True
    return any(place.boxes for place in (spec.only_in or []) + (spec.never_in or []))


def _key(standing: Standing) -> tuple:
    return (standing.scope, standing.turn, standing.spot)


def _stacks(found: list[Standing]) -> dict[tuple, list[Standing]]:
    """Units standing together: set up in one place, or arriving in one place on one turn."""
    out: dict[tuple, list[Standing]] = defaultdict(list)
    for standing in found:
        out[_key(standing)].append(standing)
    return out


@rule("restriction.companions", "units never stack with the units a restriction keeps them from")
@merged
def companions(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        rules = [r for r in in_force(g, scenario) if r.spec.kind == "never_with"]
        if not rules:
            continue
        for key, stack in sorted(_stacks(standings(g, scenario)).items(), key=lambda kv: str(kv[0])):
            if key[2].box is not None:
                continue  # a holding box is no stack
            for placed in rules:
                spec = placed.spec
                for standing in stack:
                    if not _applies(g, spec, standing, scenario.event_turns()):
                        continue
                    others = [o for o in stack if o is not standing and _matches(g, spec.never_with, o)]
                    if others:
                        yield (standing.where, "restriction.companions",
                                    f"unit {standing.unit.unit_id!r} {_verb(standing)} in {_at(g, standing)} with "
                                    f"{', '.join(repr(o.unit.unit_id) for o in others)} in {SCENARIOS}; "
                                    f"{_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)
                        break


@rule("restriction.cap", "no more units gather in a place than a restriction allows")
@merged
def caps(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        rules = [r for r in in_force(g, scenario) if r.spec.kind == "max"]
        if not rules:
            continue
        found = standings(g, scenario)
        events = scenario.event_turns()
        for placed in rules:
            spec = placed.spec
            groups: dict[tuple, list[Standing]] = defaultdict(list)
            for standing in found:
                if standing.spot.box is not None and not spec.in_:
                    continue
                if spec.in_ and not holds_any(g, spec.in_, standing.spot):
                    continue
                spot_key = standing.spot if spec.per == "hex" else None
                groups[(standing.scope, standing.turn, spot_key)].append(standing)
            for (scope, turn, spot), group in sorted(groups.items(), key=lambda kv: str(kv[0])):
                yield from _over(g, scenario, placed, group, turn, events, spot)


def _over(g, scenario, placed: PlacedRestriction, group: list[Standing], turn: int, events, spot):
    spec = placed.spec
    if spec.stacked_with is not None and not any(_matches(g, spec.stacked_with, s) for s in group):
        return
    counted = [s for s in group if _applies(g, spec, s, events)]
    limit = cap_at(spec.caps, turn, events, in_window)
    if limit is None or len(counted) <= limit:
        return
    breaker = sorted(counted, key=lambda s: (s.where.file or "", s.where.line or 0))[limit]
    where = "there" if spot is not None else places_words(None, g, spec.in_ or [])
    yield (breaker.where, "restriction.cap",
           f"unit {breaker.unit.unit_id!r} {_verb(breaker)} in {_at(g, breaker)} in {SCENARIOS}, making "
           f"{len(counted)} ({', '.join(s.unit.unit_id for s in counted)}) {where} on turn {turn}; the limit is "
           f"{limit}: {_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)


@rule("box.side", "units set up or arriving in a box of a side belong to that side")
@merged
def box_sides(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        for standing in standings(g, scenario):
            box = g.boxes.get(standing.spot.box or "")
            if box is not None and box.side and standing.side and box.side != standing.side:
                yield (standing.where, "box.side",
                            f"unit {standing.unit.unit_id!r} of side {standing.side!r} {_verb(standing)} in box "
                            f"{box.id!r} in {SCENARIOS}, which belongs to side {box.side!r}", scenario.scenario_id)


@rule("reinforcement.entry", "arrivals enter by a hex of the map or a declared entry code")
@merged
def entries(ctx: Context):
    g = ctx.game
    if not g.entry_codes:
        return
    for scenario in ctx.scenarios:
        coords = _entries(g, scenario.map_id)
        for r in scenario.reinforcements:
            if r.entry and r.entry not in coords and r.entry not in g.entry_codes:
                known = ", ".join(sorted(g.entry_codes))
                yield (r.where, "reinforcement.entry",
                            f"unit {r.unit_id!r} enters by {r.entry!r} in {SCENARIOS}, which is neither a place of "
                            f"map {scenario.map_id!r} nor a declared entry code ({known})", scenario.scenario_id)


# -- references -------------------------------------------------------------------------

_SELECTOR_KINDS = (("sides", "side", "sides"), ("nationalities", "nationality", "nationalities"),
                   ("types", "unit type", "unit_types"), ("sizes", "size", "sizes"), ("units", "unit", "unit_index"))


def _selector_refs(g, selector: UnitSelector | None, where: Location):
    if selector is None:
        return
    for key, kind, index in _SELECTOR_KINDS:
        known = getattr(g, index)
        for value in getattr(selector, key) or ():
            if value not in known:
                yield unknown(where, kind, value, known)
    yield from _selector_refs(g, selector.exclude, where)


def _place_refs(g, place, where: Location):
    for key, kind, known in (("maps", "map", g.maps), ("regions", "region", g.regions), ("terrain", "terrain", g.terrain),
                             ("features", "feature", {**g.hex_features}), ("boxes", "box", g.boxes)):
        for value in getattr(place, key) or ():
            if value not in known:
                yield unknown(where, kind, value, known)
    maps = [g.maps[m] for m in (place.maps or [s.id for s in g.spec.maps]) if m in g.maps and not g.maps[m].is_area]
    for first, last in place.ranges():
        for hex_id in (first, last):
            if not any(hex_id in area_for(g, m.id).coords for m in maps):
                yield Issue(where, "restriction.refs",
                            f"hex {hex_id!r} of the range {first}-{last} is on none of the maps "
                            f"{', '.join(m.id for m in maps) or '(no hex map)'}")
    areas = {a.area_id for a in g.areas}
    for area_id in place.areas or ():
        if area_id not in areas:
            yield unknown(where, "area", area_id, areas)
    lines = {ln.id for m in g.spec.maps for ln in m.lines}
    for rule_ in place.beyond:
        if rule_.line is not None and rule_.line not in lines:
            yield unknown(where, "line", rule_.line, lines)


def _unknown_event(where: Location, event_id: str, known) -> Issue:
    if known:
        return unknown(where, "event", event_id, known)
    return Issue(where, "ref.unknown-event", f"unknown event {event_id!r}: game.yaml declares no events")


def _restriction_refs(g, placed: PlacedRestriction):
    spec, where = placed.spec, placed.where
    for selector in (spec.units, spec.unless_with, spec.never_with, spec.stacked_with):
        yield from _selector_refs(g, selector, where)
    for place in (spec.only_in or []) + (spec.never_in or []) + (spec.in_ or []):
        yield from _place_refs(g, place, where)
    if spec.until_event is not None and spec.until_event not in g.events:
        yield _unknown_event(where, spec.until_event, g.events)
    for cap in spec.caps:
        if cap.after_event is not None and cap.after_event not in g.events:
            yield _unknown_event(where, cap.after_event, g.events)
    for window in [spec.turns] + [c.turns for c in spec.caps]:
        if window is not None:
            try:
                parse_window(window)
            except ValueError as exc:
                yield Issue(where, "restriction.refs", f"restriction {spec.id!r}: turns {window!r}: {exc}")


@rule("restriction.refs", "restrictions, entry codes and dated events name real units, places and events")
def references(ctx: Context):
    g = ctx.game
    seen: set[str] = set()
    for n, spec in enumerate(g.spec.restrictions):
        where = g.spec_where("restrictions", n)
        if spec.id in seen:
            yield Issue(where, "ids.duplicate", f"duplicate restriction id {spec.id!r}")
        seen.add(spec.id)
        if spec.off:
            yield Issue(where, "restriction.refs", f"restriction {spec.id!r}: 'off' lifts a game restriction in a "
                                                   f"scenario; game.yaml simply leaves it out")
        yield from _restriction_refs(g, PlacedRestriction(spec, where))
    for n, code in enumerate(g.spec.entry_codes):
        if code.place is not None:
            yield from _place_refs(g, code.place, g.spec_where("entry_codes", n))
    done: set[tuple] = set()
    for scenario in ctx.scenarios:
        known = set(seen)
        for placed in scenario.restrictions:
            key = (placed.where.file, placed.where.line, placed.where.column)
            lifted_unknown = placed.spec.off and placed.spec.id not in known
            known.add(placed.spec.id)
            if key in done:
                continue  # a scenario's changes are inherited by those that extend it
            done.add(key)
            if lifted_unknown:
                yield unknown(placed.where, "restriction", placed.spec.id, known - {placed.spec.id})
            elif not placed.spec.off:
                yield from _restriction_refs(g, placed)
        for event_id, (turn, where) in scenario.events.items():
            if event_id not in g.events:
                yield _unknown_event(where, event_id, g.events)
            elif turn not in g.turn_numbers:
                yield Issue(where, "restriction.refs",
                            f"scenario {scenario.scenario_id!r} dates event {event_id!r} on turn {turn}, which is "
                            f"not on the turn track")

