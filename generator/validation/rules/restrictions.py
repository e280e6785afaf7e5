"""restriction.*: the game's restrictions (and a scenario's changes to them) name real things,
and every unit a scenario sets up or brings in stands where they allow, with the companions
they allow, in the numbers they allow. Only set-ups and arrivals are in the data: a
restriction that holds "always" is checked on those placements."""

from __future__ import annotations

from collections import defaultdict

from generator.i18n.citations import cited
from generator.model.restrictions import PlacedRestriction, Restriction, cap_at
from generator.model.track import parse_window
from generator.validation.places import (Spot, holds, holds_any, in_force, link_between, link_in_any, links_of,
                                         open_then, region_of)
from generator.validation.registry import Context, rule
from generator.validation.restriction_words import places_words, rule_words
from generator.validation.rules.merging import SCENARIOS, merged
from generator.validation.rules.references import unknown
from generator.validation.rules.restriction_refs import _restriction_refs
from generator.validation.standings import Nearby, Standing, entries, entry_spots, picks, standings


def weighed(g, scenario) -> list[PlacedRestriction]:
    """The restrictions in force in the scenario whose references all hold: one naming an
    unknown region, unit or event is reported once (restriction.refs) and not weighed, where
    it would only refuse every unit again."""
    return [placed for placed in in_force(g, scenario) if next(_restriction_refs(g, placed), None) is None]


def weighed_in(ctx: Context, wanted):
    """(scenario, the restrictions weighed in it that `wanted(spec)` picks), for each scenario
    checked that has any."""
    for scenario in ctx.scenarios:
        rules = [placed for placed in weighed(ctx.game, scenario) if wanted(placed.spec)]
        if rules:
            yield scenario, rules


def in_window(text: str | None, turn: int) -> bool:
    if text is None:
        return True
    try:
        return parse_window(text).contains(turn)
    except ValueError:
        return False  # reported by sop.turn-window


def _said(g, spec: Restriction) -> str:
    return rule_words(None, g, spec, spec.name or "", capital=False)


def _cite(placed: PlacedRestriction) -> str:
    return cited(placed.spec.source) if placed.spec.source else f"restriction {placed.spec.id!r}"


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
    wanted = ("only_in", "never_in", "not_used")
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind in wanted and not spec.on_links):
        found = standings(g, scenario)
        stacks, nearby = _stacks(found), Nearby(g, scenario, found)
        events = scenario.event_turns()
        for standing in found:
            broken = [placed for placed in rules if _breaks(g, placed.spec, standing, nearby, stacks, events)]
            if broken:  # one placement, one message, however many rules it breaks
                yield (standing.where, "restriction.place",
                       f"unit {standing.unit.unit_id!r} {_verb(standing)} in {_at(g, standing)} in {SCENARIOS}; "
                       + "; and ".join(f"{_said(g, placed.spec)} ({_cite(placed)})" for placed in broken),
                       scenario.scenario_id)
        yield from _unplaced(g, scenario, rules, found, nearby, events)
        yield from _deploying(g, scenario, [r for r in rules if r.spec.not_used], events)


def _breaks(g, spec: Restriction, standing: Standing, nearby: Nearby, stacks, events) -> bool:
    """Whether the unit, where it stands, breaks a restriction of places (or one not used)."""
    if not _applies(g, spec, standing, events) or not _concerns_spot(spec, standing.spot):
        return False
    if spec.not_used:
        broken = True
    elif spec.only_in is not None:
        broken = nearby.holds_any(spec.only_in, standing) is False
    else:
        broken = nearby.holds_any(spec.never_in, standing) is True
    return broken and not _lifted(g, spec, standing, stacks)


def _deploying(g, scenario, rules, events):
    """A unit not used takes no part in a free deployment either (it is in a group the players
    place, not yet set up)."""
    if not rules or scenario.deployment is None:
        return
    placed = scenario.placed_ids()
    for group in scenario.deployment.groups:
        for member in group.members:
            unit = g.unit_index.get(member.unit_id)
            if unit is None or member.unit_id in placed:
                continue
            standing = Standing(unit, g.side_of(unit), Spot(None, None), None, "setup", scenario.start_turn,
                                member.where)
            for placed_rule in rules:
                if _applies(g, placed_rule.spec, standing, events):
                    yield (member.where, "restriction.place",
                           f"unit {member.unit_id!r} deploys with group {group.group_id!r} in {SCENARIOS}; "
                           f"{_said(g, placed_rule.spec)} ({_cite(placed_rule)})", scenario.scenario_id)
                    break


def _unplaced(g, scenario, rules, found: list[Standing], nearby: Nearby, events):
    """Arrivals the standings leave out (no hex or area of the map as their entry): a unit not used
    arrives all the same. An entry code is a way in the player may take anywhere in its place: it
    must lie within what `only_in` allows (GE 8.2: a German entering by the south edge is refused,
    even though the corner hex is on the east edge too), and it is refused by `never_in` only when
    every one of its places is closed (the player keeps out of a neutral country on the edge)."""
    known = {s.where for s in found if s.scope == "arrival"}
    spots: dict[str, list[Spot]] = {}
    for r in scenario.reinforcements:
        unit = g.unit_index.get(r.unit_id)
        if unit is None or r.box is not None or r.where in known:
            continue
        code = g.entry_codes.get(r.entry)
        for placed in rules:
            spec = placed.spec
            arrival = Standing(unit, g.side_of(unit), Spot(None, None), r.steps, "arrival", r.turn, r.where, r.phase)
            if not _applies(g, spec, arrival, events):
                continue
            if spec.not_used:
                by = f" by {r.entry!r}" if r.entry else ""
                yield (r.where, "restriction.place", f"unit {r.unit_id!r} {_verb(arrival)}{by} in {SCENARIOS}; "
                       f"{_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)
                continue
            if code is None or code.place is None:
                continue
            if r.entry not in spots:
                spots[r.entry] = entry_spots(g, scenario.map_id, code.place)
            if not spots[r.entry]:
                continue  # the code names no place of this map: nothing to weigh
            if spec.unless_with is not None:
                continue  # who comes in with it is up to play
            answers = [nearby.holds_any(spec.only_in or spec.never_in, Standing(
                unit, arrival.side, spot, r.steps, "arrival", r.turn, r.where, r.phase)) for spot in spots[r.entry]]
            if spec.only_in is not None:
                closed = [spot for spot, answer in zip(spots[r.entry], answers) if answer is False]
            else:
                closed = spots[r.entry] if all(a is True for a in answers) else []
            if closed:
                which = "none of whose places it may enter" if len(closed) == len(spots[r.entry]) else \
                    f"which offers {len(closed)} places it may not enter ({closed[0].label(g)} …)"
                yield (r.where, "restriction.place",
                       f"unit {r.unit_id!r} {_verb(arrival)} by entry code {r.entry!r} ({code.name}) in {SCENARIOS}, "
                       f"{which}; {_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)


def _lifted(g, spec: Restriction, standing: Standing, stacks) -> bool:
    """Whether `unless_with` lifts the restriction: the unit stands with a unit it names."""
    if spec.unless_with is None or standing.spot.box is not None:
        return False
    return any(picks(g, spec.unless_with, other) for other in stacks[_key(standing)] if other is not standing)


@rule("restriction.link", "units set up or arriving on an area map reach their area along links open to them")
@merged
def along_links(ctx: Context):
    g = ctx.game
    for scenario, rules in weighed_in(ctx, lambda spec: spec.on_links):
        found = standings(g, scenario)
        stacks, events = _stacks(found), scenario.event_turns()
        for standing in found:
            spot = standing.spot
            if spot.box is not None or spot.map_id not in g.maps or not g.maps[spot.map_id].is_area:
                continue
            for placed in rules:
                spec = placed.spec
                if not _applies(g, spec, standing, events) or _lifted(g, spec, standing, stacks):
                    continue
                closed = _closed(g, spec)
                if standing.via is not None:
                    link = link_between(g, spot.map_id, standing.via, spot.place)
                    if link is not None and closed(link):
                        yield (standing.where, "restriction.link",
                               f"unit {standing.unit.unit_id!r} {_verb(standing)} in {_at(g, standing)} along the "
                               f"link from area {standing.via} in {SCENARIOS}; {_said(g, spec)} ({_cite(placed)})",
                               scenario.scenario_id)
                    continue
                touching = links_of(g, spot.map_id, spot.place)
                if touching and all(closed(link) for link in touching):
                    yield (standing.where, "restriction.link",
                           f"unit {standing.unit.unit_id!r} {_verb(standing)} in {_at(g, standing)} in {SCENARIOS}, "
                           f"which it could reach only along links closed to it; {_said(g, spec)} ({_cite(placed)})",
                           scenario.scenario_id)


def _closed(g, spec: Restriction):
    """Whether a link is closed to the units of a restriction on links."""
    if spec.never_in is not None:
        return lambda link: link_in_any(g, spec.never_in, link)
    return lambda link: not link_in_any(g, spec.only_in or [], link)


@rule("reinforcement.via", "an arrival that comes along a link comes along a link of the map into its entry")
@merged
def vias(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        spec = g.maps.get(scenario.map_id)
        for r in scenario.reinforcements:
            if r.via is None or spec is None:
                continue
            where = r.via_where or r.where
            areas = {a.area_id for a in g.areas if a.map_id == scenario.map_id}
            if not spec.is_area:
                yield (where, "reinforcement.via",
                       f"unit {r.unit_id!r} comes via {r.via!r} in {SCENARIOS}, but map {scenario.map_id!r} is a hex "
                       f"map: 'via' names the area of an area map an arrival comes from", scenario.scenario_id)
            elif r.via not in areas:
                issue = unknown(where, "area", r.via, areas)
                yield (issue.where, issue.code, issue.message, scenario.scenario_id)
            elif r.entry in areas and link_between(g, scenario.map_id, r.via, r.entry) is None:
                yield (where, "reinforcement.via",
                       f"unit {r.unit_id!r} enters area {r.entry} from area {r.via} in {SCENARIOS}, but no link of "
                       f"map {scenario.map_id!r} joins them", scenario.scenario_id)


def _applies(g, spec: Restriction, standing: Standing, events: dict[str, int] | None = None) -> bool:
    if not open_then(spec, standing.turn, events or {}):
        return False
    return spec.binds(standing.scope) and in_window(spec.turns, standing.turn) and picks(g, spec.units, standing)


def _concerns_spot(spec: Restriction, spot) -> bool:
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
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind == "never_with"):
        for key, stack in sorted(_stacks(standings(g, scenario)).items(), key=lambda kv: str(kv[0])):
            if key[2].box is not None:
                continue  # a holding box is no stack
            for placed in rules:
                spec = placed.spec
                for standing in stack:
                    if not _applies(g, spec, standing, scenario.event_turns()):
                        continue
                    others = [o for o in stack if o is not standing and picks(g, spec.never_with, o)]
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
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind == "max"):
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
    if spec.stacked_with is not None and not any(picks(g, spec.stacked_with, s) for s in group):
        return
    counted = [s for s in group if _applies(g, spec, s, events)]
    limit = cap_at(spec.caps, turn, events, in_window)
    if limit is None or len(counted) <= limit:
        return
    breaker = counted[limit]  # in the scenario's order: a unit a change moves in comes last
    where = "there" if spot is not None else places_words(None, g, spec.in_ or [])
    yield (breaker.where, "restriction.cap",
           f"unit {breaker.unit.unit_id!r} {_verb(breaker)} in {_at(g, breaker)} in {SCENARIOS}, making "
           f"{len(counted)} ({', '.join(s.unit.unit_id for s in counted)}) {where} on turn {turn}; the limit is "
           f"{limit}: {_said(g, spec)} ({_cite(placed)})", scenario.scenario_id)


@rule("restriction.strength", "units set up or arriving at full or reduced strength where a restriction asks it")
@merged
def strengths(ctx: Context):
    g = ctx.game
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind == "strength"):
        events = scenario.event_turns()
        placed = [("setup", scenario.start_turn, p.unit_id, p.steps, p.steps_at) for p in scenario.setup] + \
            [("arrival", r.turn, r.unit_id, r.steps, r.steps_at) for r in scenario.reinforcements]
        for scope, turn, unit_id, steps, where in placed:
            unit = g.unit_index.get(unit_id)
            if unit is None or unit.steps < 2:
                continue  # a unit of one step is neither reduced nor more than whole
            full = steps is None or steps >= unit.steps
            standing = Standing(unit, g.side_of(unit), Spot(None, None), steps, scope, turn, where)
            for restriction in rules:
                if full == (restriction.spec.strength == "full") or not _applies(g, restriction.spec, standing, events):
                    continue
                at = f"with {steps} of its {unit.steps} steps" if not full else f"at full strength ({unit.steps} steps)"
                yield (where, "restriction.strength",
                       f"unit {unit_id!r} {_verb(standing)} {at} in {SCENARIOS}; {_said(g, restriction.spec)} "
                       f"({_cite(restriction)})", scenario.scenario_id)
                break


@rule("restriction.printed", "arrivals enter by the hex or edge their counter prints, where a restriction asks it")
@merged
def printed_entries(ctx: Context):
    g = ctx.game
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind == "as_printed"):
        events = scenario.event_turns()
        for r in scenario.reinforcements:
            unit = g.unit_index.get(r.unit_id)
            printed = g.spec.code_groups(unit.code).get("entry") if unit is not None else None
            if printed is None or r.entry == printed:
                continue
            standing = Standing(unit, g.side_of(unit), Spot(None, None), r.steps, "arrival", r.turn, r.where, r.phase)
            for placed in rules:
                if _applies(g, placed.spec, standing, events):
                    by = f"by {r.entry!r}" if r.entry else "with no entry"
                    yield (r.where, "restriction.printed",
                           f"unit {r.unit_id!r} arrives on turn {r.turn} {by} in {SCENARIOS}, but its counter prints "
                           f"{printed!r} (code {unit.code!r}); {_said(g, placed.spec)} ({_cite(placed)})",
                           scenario.scenario_id)
                    break


@rule("box.side", "units set up or arriving in a box of a side belong to that side")
@merged
def box_sides(ctx: Context):
    g = ctx.game
    if not any(box.side for box in g.boxes.values()):
        return  # no box belongs to a side: no unit's placement to compare with one
    for scenario in ctx.scenarios:
        for standing in standings(g, scenario):
            box = g.boxes.get(standing.spot.box or "")
            if box is not None and box.side and standing.side and box.side != standing.side:
                yield (standing.where, "box.side",
                            f"unit {standing.unit.unit_id!r} of side {standing.side!r} {_verb(standing)} in box "
                            f"{box.id!r} in {SCENARIOS}, which belongs to side {box.side!r}", scenario.scenario_id)


@rule("reinforcement.entry", "arrivals enter by a hex of the map or a declared entry code")
@merged
def entry_codes(ctx: Context):
    g = ctx.game
    if not g.entry_codes:
        return
    for scenario in ctx.scenarios:
        coords = entries(g, scenario.map_id)
        for r in scenario.reinforcements:
            if r.entry and r.entry not in coords and r.entry not in g.entry_codes:
                known = ", ".join(sorted(g.entry_codes))
                yield (r.where, "reinforcement.entry",
                            f"unit {r.unit_id!r} enters by {r.entry!r} in {SCENARIOS}, which is neither a place of "
                            f"map {scenario.map_id!r} nor a declared entry code ({known})", scenario.scenario_id)
