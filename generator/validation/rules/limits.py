"""restriction.limit: a place of an `only_in` with a `limit` lets in no more units at a time (a
set-up, or one turn's arrivals) than it says: all of them together (GWNE 7.30: one Russian unit
a turn lands on the Black Sea coast), or next to any one unit its `near` names, all of those in
one hex when it says so (GWNE 8.7: at most 3 new units next to any one HQ, all in one hex).

A unit counts against a limited place when that place is the only one of the restriction that
lets it stand where it is (one another place lets in, or may let in, is not counted: a Russian
entering at a Russian city next to an HQ enters by the city). For a `per: near` limit the units
it may stand near are those placed with it within reach, and, for an arrival, every such unit
in play by then (where it stands is up to play): the count is refused only when no way of
sharing the units out among those can keep each within the limit."""

from __future__ import annotations

from collections import defaultdict
from math import ceil

from generator.model.restrictions import Limit, Place, PlacedRestriction
from generator.validation.registry import Context, rule
from generator.validation.restriction_words import near_words
from generator.validation.rules.merging import SCENARIOS, merged
from generator.validation.rules.restrictions import (_applies, _at, _cite, _concerns_spot, _lifted, _said, _stacks,
                                                      _verb, weighed_in)
from generator.validation.standings import Nearby, Standing, standings


@rule("restriction.limit", "a place that limits the units it lets in lets in no more at a time")
@merged
def limits(ctx: Context):
    g = ctx.game
    for scenario, rules in weighed_in(ctx, lambda spec: any(place.limit for place in spec.only_in or ())):
        found = standings(g, scenario)
        nearby, stacks, events = Nearby(g, scenario, found), _stacks(found), scenario.event_turns()
        # one place in several restrictions is one limit (GWNE 8.7: a German HQ places German
        # divisions and other German units alike, 3 in all)
        groups: dict[str, tuple[Place, dict]] = {}
        for placed in rules:
            for standing in found:
                n = _let_in_by(g, placed.spec, standing, nearby, stacks, events)
                if n is not None:
                    place = placed.spec.only_in[n]
                    _, members = groups.setdefault(place.model_dump_json(), (place, {}))
                    members.setdefault((standing.scope, standing.turn), {}).setdefault(id(standing), (standing, placed))
        for place, members in groups.values():
            for (scope, turn), chosen in sorted(members.items()):
                yield from _over(g, scenario, place, turn, sorted(chosen.values(), key=lambda m: found.index(m[0])),
                                 nearby)


def _over(g, scenario, place: Place, turn: int, members: list[tuple[Standing, PlacedRestriction]], nearby):
    """One message when the units a place lets in on a turn are more than its limit takes."""
    group = [standing for standing, _ in members]
    breaker = _first_over(place, group, nearby)
    if breaker is None:
        return
    placed = members[group.index(breaker)][1]
    counted = group[:group.index(breaker) + 1]
    how = f"placed {near_words(None, g, place.near)}" if place.limit.per == "near" else \
        "that only a place with a limit lets in"
    area = breaker.spot.map_id in g.maps and g.maps[breaker.spot.map_id].is_area
    yield (breaker.where, "restriction.limit",
           f"unit {breaker.unit.unit_id!r} {_verb(breaker)} in {_at(g, breaker)} in {SCENARIOS}, making "
           f"{len(counted)} ({', '.join(s.unit.unit_id for s in counted)}) {how} on turn {turn}, more "
           f"than {_allowed(place.limit, area)}; {_said(g, placed.spec)} ({_cite(placed)})",
           scenario.scenario_id)


def _let_in_by(g, spec, standing: Standing, nearby: Nearby, stacks, events) -> int | None:
    """The index of the limited place that alone lets the unit stand where it is (None: another
    place does or may, no place does, or the restriction does not bind it)."""
    if not _applies(g, spec, standing, events) or not _concerns_spot(spec, standing.spot) \
            or _lifted(g, spec, standing, stacks):
        return None
    answers = [nearby.holds(place, standing) for place in spec.only_in]
    if any(answer is not False for place, answer in zip(spec.only_in, answers) if place.limit is None):
        return None
    return next((n for n, (place, answer) in enumerate(zip(spec.only_in, answers))
                 if place.limit is not None and answer is not False), None)


def _allowed(limit: Limit, area: bool) -> str:
    where = f", all in one {'area' if area else 'hex'}" if limit.one_place else ""
    if limit.per == "turn":  # with one_place, units in a second spot break it however few they are
        return f"the {limit.max} a turn it lets in{where}"
    return f"the units they may be placed by can take at {limit.max} each{where}"


def _first_over(place, group: list[Standing], nearby: Nearby) -> Standing | None:
    """The first unit, in the scenario's order, past which the place's limit cannot hold."""
    limit = place.limit
    if limit.per == "turn":
        if limit.one_place and len({s.spot for s in group}) > 1:
            return next(s for s in group if s.spot != group[0].spot)
        return group[limit.max] if len(group) > limit.max else None
    for n in range(1, len(group) + 1):
        if not _shared_out(group[:n], place, nearby):
            return group[n - 1]
    return None


def _shared_out(group: list[Standing], place, nearby: Nearby) -> bool:
    """Whether the units can be shared out among the units they may stand near, each of those
    taking at most `max` (all in one spot with `one_place`)."""
    limit = place.limit
    if limit.max == 0:
        return not group
    demands: dict[tuple, int] = defaultdict(int)
    for standing in group:
        known, free = nearby.anchors(place.near, standing)
        key = (standing.spot if limit.one_place else standing.unit.unit_id, tuple(known), tuple(free))
        demands[key] += 1
    # a slot is one anchor's share: a whole spot's worth (one_place) or one unit
    slots = []
    for (_, known, free), demand in demands.items():
        count = ceil(demand / limit.max) if limit.one_place else demand
        slots += [set(known) | set(free)] * count
    copies = 1 if limit.one_place else limit.max
    return _matched(slots, copies)


def _matched(slots: list[set[str]], copies: int) -> bool:
    """Whether every slot gets an anchor of its set, each anchor filling at most `copies` slots
    (augmenting paths: the sets are small)."""
    owner: dict[tuple[str, int], int] = {}

    def place(n: int, seen: set) -> bool:
        for anchor in sorted(slots[n]):
            for copy in range(copies):
                key = (anchor, copy)
                if key in seen:
                    continue
                seen.add(key)
                if key not in owner or place(owner[key], seen):
                    owner[key] = n
                    return True
        return False

    return all(place(n, set()) for n in range(len(slots)))
