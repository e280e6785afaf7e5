"""stacking.*: the set-up of every scenario respects the game's stacking limits, in every hex
of a hex map and every area of an area map."""

from __future__ import annotations

from collections import defaultdict

from generator.model.track import parse_window
from generator.io import inputs
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.merging import SCENARIOS, merged


@rule("stacking.setup-limit", "no hex or area is overstacked at set-up",
      reads=(inputs.MAP, inputs.SCENARIOS, inputs.UNITS))
@merged
def setup_stacking(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        stacks: dict[tuple[str, str], list] = defaultdict(list)
        for p in s.setup:
            unit = g.unit_index.get(p.unit_id)
            if unit is not None and p.place is not None:
                stacks[(p.map_id or s.map_id, p.place)].append((p, unit))
        for (map_id, place_id), stack in sorted(stacks.items()):
            spec = g.maps.get(map_id)
            place = f"{'area' if spec is not None and spec.is_area else 'hex'} {place_id}"
            row = g.place(map_id, place_id)
            yield from _limits(ctx, s, place, stack, row.features if row is not None else ())
            yield from _per_type(ctx, place, stack)
            yield from _sides(ctx, place, stack)


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


def _limits(ctx: Context, s, place: str, stack, features: tuple[str, ...]):
    g = ctx.game
    for limit in g.spec.stacking.limits:
        try:
            if not parse_window(limit.turns).contains(s.start_turn):
                continue
        except ValueError:
            continue  # reported by sop.turn-window
        if set(limit.exempt_features) & set(features):
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
            cite = f" ({limit.source})" if limit.source else ""
            yield (breaker.where, "stacking.setup-limit",
                   f"unit {breaker.unit_id!r} overstacks {place} in {SCENARIOS}: it holds "
                   f"{_num(total)} {limit.measure} ({', '.join(counted)}); the limit is {label}{cite}", s.scenario_id)


def _per_type(ctx: Context, place: str, stack):
    g = ctx.game
    by_type: dict[str, list] = defaultdict(list)
    for placement, unit in stack:
        by_type[unit.type_id].append(placement)
    for type_id, placements in sorted(by_type.items()):
        unit_type = g.unit_types.get(type_id)
        if unit_type and unit_type.max_per_hex is not None and len(placements) > unit_type.max_per_hex:
            yield Issue(placements[unit_type.max_per_hex].where, "stacking.type-limit",
                        f"{place} holds {len(placements)} {unit_type.name} units; at most {unit_type.max_per_hex} may stack")


def _sides(ctx: Context, place: str, stack):
    g = ctx.game
    sides = sorted({g.side_of(u) for _, u in stack} - {None})
    if len(sides) > 1:
        yield Issue(stack[-1][0].where, "stacking.enemy",
                    f"{place} holds units of both sides ({', '.join(sides)}) at set-up")
    if not g.spec.stacking.separate_nationalities:
        return
    exempt = set(g.spec.stacking.mixing_exempt_types)
    nations = sorted({u.nationality for _, u in stack if u.type_id not in exempt})
    if len(nations) > 1:
        yield Issue(stack[-1][0].where, "stacking.nationalities",
                    f"{place} mixes nationalities ({', '.join(nations)}), which may not stack together")


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
