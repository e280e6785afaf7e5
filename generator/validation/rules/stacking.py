"""stacking.*: the set-up of every scenario respects the game's stacking limits."""

from __future__ import annotations

from collections import defaultdict

from generator.model.track import parse_window
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


@rule("stacking.setup-limit", "no hex is overstacked at set-up")
def setup_stacking(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        stacks: dict[tuple[str, str], list] = defaultdict(list)
        for p in s.setup:
            unit = g.unit_index.get(p.unit_id)
            if unit is not None and p.hex_id is not None:
                stacks[(p.map_id or s.map_id, p.hex_id)].append((p, unit))
        for (map_id, hex_id), stack in sorted(stacks.items()):
            yield from _limits(ctx, s, hex_id, stack)
            yield from _per_type(ctx, hex_id, stack)
            yield from _sides(ctx, hex_id, stack)


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


def _limits(ctx: Context, s, hex_id, stack):
    g = ctx.game
    for limit in g.spec.stacking.limits:
        try:
            if not parse_window(limit.turns).contains(s.start_turn):
                continue
        except ValueError:
            continue  # reported by sop.turn-window
        total = 0.0
        for placement, unit in stack:
            if not _counts(g, unit):
                continue
            if limit.sizes is not None and unit.size not in limit.sizes:
                continue
            if limit.types is not None and unit.type_id not in limit.types:
                continue
            if limit.sides is not None and g.side_of(unit) not in limit.sides:
                continue
            total += _measure(g, limit, placement, unit)
        if total > limit.max + 1e-9:
            label = limit.name or f"at most {_num(limit.max)} {limit.measure}"
            ids = ", ".join(p.unit_id for p, _ in stack)
            yield Issue(stack[-1][0].where, "stacking.setup-limit",
                        f"hex {hex_id} in scenario {s.scenario_id!r} holds {_num(total)} {limit.measure} "
                        f"({ids}); the limit is {label}")


def _per_type(ctx: Context, hex_id, stack):
    g = ctx.game
    by_type: dict[str, list] = defaultdict(list)
    for placement, unit in stack:
        by_type[unit.type_id].append(placement)
    for type_id, placements in sorted(by_type.items()):
        unit_type = g.unit_types.get(type_id)
        if unit_type and unit_type.max_per_hex is not None and len(placements) > unit_type.max_per_hex:
            yield Issue(placements[-1].where, "stacking.type-limit",
                        f"hex {hex_id} holds {len(placements)} {unit_type.name} units; at most {unit_type.max_per_hex} may stack")


def _sides(ctx: Context, hex_id, stack):
    g = ctx.game
    sides = sorted({g.side_of(u) for _, u in stack} - {None})
    if len(sides) > 1:
        yield Issue(stack[-1][0].where, "stacking.enemy",
                    f"hex {hex_id} holds units of both sides ({', '.join(sides)}) at set-up")
    if not g.spec.stacking.separate_nationalities:
        return
    exempt = set(g.spec.stacking.mixing_exempt_types)
    nations = sorted({u.nationality for _, u in stack if u.type_id not in exempt})
    if len(nations) > 1:
        yield Issue(stack[-1][0].where, "stacking.nationalities",
                    f"hex {hex_id} mixes nationalities ({', '.join(nations)}), which may not stack together")


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
