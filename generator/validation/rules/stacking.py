"""stacking.*: the set-up of every scenario respects the game's stacking limits, in every hex
of a hex map and every area of an area map."""

from __future__ import annotations

from collections import defaultdict

from generator.model.track import parse_window
from generator.i18n.citations import cited
from generator.io import inputs
from generator.validation.registry import Context, rule
from generator.validation.rules.merging import SCENARIOS, merged


@rule("stacking.setup-limit", "no hex or area is overstacked at set-up",
      reads=(inputs.MAP, inputs.SCENARIOS, inputs.UNITS))
@merged
def setup_stacking(ctx: Context):
    g = ctx.game
    capped = any(unit_type.max_per_hex is not None for unit_type in g.unit_types.values())
    for s in ctx.scenarios:
        limits = _in_force(g, s.start_turn)
        stacks: dict[tuple[str, str], list] = defaultdict(list)
        for p in s.setup:
            unit = g.unit_index.get(p.unit_id)
            if unit is not None and p.place is not None:
                stacks[(p.map_id or s.map_id, p.place)].append((p, unit))
        for (map_id, place_id), stack in sorted(stacks.items()):
            spec = g.maps.get(map_id)
            place = f"{'area' if spec is not None and spec.is_area else 'hex'} {place_id}"
            row = g.place(map_id, place_id)
            if limits:
                yield from _limits(ctx, s, place, stack, row.features if row is not None else (), limits)
            if capped:  # else no type has a limit per hex
                yield from _per_type(ctx, s, place, stack)
            if len(stack) > 1:  # one unit never stacks with an enemy or another nationality
                yield from _sides(ctx, s, place, stack)


def _counts(g, unit) -> bool:
    unit_type = g.unit_types.get(unit.type_id)
    return unit_type is not None and unit_type.stacking == "counts"


def _measure(g, limit, placement, unit) -> float:
    if limit.measure == "units":
        return 1
    if limit.measure == "steps":
        return placement.steps if placement.steps is not None else unit.steps
    size = g.sizes.get(unit.size or "")
    return size.weight if size else 1.0


def _in_force(g, turn: int) -> list[tuple]:
    """The stacking limits in force on `turn`, each with the features that exempt a hex from
    it (worked out once a scenario, not once a stack)."""
    found = []
    for limit in g.spec.stacking.limits:
        try:
            if not parse_window(limit.turns).contains(turn):
                continue
        except ValueError:
            continue  # reported by sop.turn-window
        found.append((limit, frozenset(limit.exempt_features)))
    return found


def _limits(ctx: Context, s, place: str, stack, features: tuple[str, ...], limits: list[tuple]):
    g = ctx.game
    for limit, exempt_features in limits:
        if not exempt_features.isdisjoint(features):
            continue
        total, counted, breaker = 0.0, [], None
        for placement, unit in stack:
            if not _counts(g, unit) or unit.type_id in limit.exempt_types:
                continue
            if any(sel.matches(unit, g.spec.code_kind(unit.code), g.side_of(unit), placement.steps,
                               g.spec.setup_code_of(unit.code))
                   for sel in limit.exempt):
                continue
            if limit.sizes is not None and unit.size not in limit.sizes:
                continue
            if limit.types is not None and unit.type_id not in limit.types:
                continue
            if limit.sides is not None and g.side_of(unit) not in limit.sides:
                continue
            total += _measure(g, limit, placement, unit)
            counted.append(placement.unit_id)
            if breaker is None and total > limit.max + 1e-9:
                breaker = placement
        if breaker is not None:
            label = limit.name or f"at most {_num(limit.max)} {limit.measure}"
            yield (breaker.where, "stacking.setup-limit",
                   f"unit {breaker.unit_id!r} overstacks {place} in {SCENARIOS}: it holds "
                   f"{_num(total)} {limit.measure} ({', '.join(counted)}); the limit is {label} "
                   f"({_cite(g, limit.source)})", s.scenario_id)


def _cite(g, *sources) -> str:
    """The rule a stacking message cites: the closest source given, else the game's stacking
    rules, else where the data says it."""
    return cited(next((x for x in sources if x), None) or g.spec.stacking.source or "game.yaml: stacking")


def _in_order(stack):
    """The stack's units in the scenario's order (its set-up as listed, then what its changes
    add or move): the first that breaks a rule is the one named."""
    return list(stack)


def _per_type(ctx: Context, s, place: str, stack):
    g = ctx.game
    by_type: dict[str, list] = defaultdict(list)
    for placement, unit in _in_order(stack):
        by_type[unit.type_id].append(placement)
    for type_id, placements in sorted(by_type.items()):
        unit_type = g.unit_types.get(type_id)
        if unit_type and unit_type.max_per_hex is not None and len(placements) > unit_type.max_per_hex:
            breaker = placements[unit_type.max_per_hex]
            yield (breaker.where, "stacking.type-limit",
                   f"unit {breaker.unit_id!r} is set up in {place} in {SCENARIOS}, making {len(placements)} "
                   f"{unit_type.name} units there ({', '.join(p.unit_id for p in placements)}); at most "
                   f"{unit_type.max_per_hex} may stack ({_cite(g, unit_type.source)})", s.scenario_id)


def _sides(ctx: Context, s, place: str, stack):
    g = ctx.game
    ordered = _in_order(stack)
    sided = [(p, u, g.side_of(u)) for p, u in ordered if g.side_of(u) is not None]
    if sided:
        first = sided[0][2]
        breaker = next((item for item in sided if item[2] != first), None)
        if breaker is not None:
            placement, _, side = breaker
            others = [p.unit_id for p, _, other in sided if other == first]
            yield (placement.where, "stacking.enemy",
                   f"unit {placement.unit_id!r} of side {side!r} is set up in {place} in {SCENARIOS} with units of "
                   f"side {first!r} ({', '.join(others)}); units of two sides never stack together "
                   f"({_cite(g)})", s.scenario_id)
    if not g.spec.stacking.separate_nationalities:
        return
    exempt = set(g.spec.stacking.mixing_exempt_types)
    mixing = [(p, u) for p, u in ordered if u.type_id not in exempt]
    if mixing:
        first = mixing[0][1].nationality
        breaker = next(((p, u) for p, u in mixing if u.nationality != first), None)
        if breaker is not None:
            placement, unit = breaker
            others = [p.unit_id for p, u in mixing if u.nationality == first]
            yield (placement.where, "stacking.nationalities",
                   f"unit {placement.unit_id!r} of nationality {unit.nationality!r} is set up in {place} in "
                   f"{SCENARIOS} with units of nationality {first!r} ({', '.join(others)}); nationalities may not "
                   f"stack together ({_cite(g, g.spec.stacking.mixing_source)})", s.scenario_id)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
