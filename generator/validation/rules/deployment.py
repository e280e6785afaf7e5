"""deployment.*: a scenario's free deployment is well declared, and the units (and markers)
its set-up places meet every constraint; scenario.settings: rule switches and parameters."""

from __future__ import annotations

from collections import defaultdict

from generator.validation.placing import area_for, army_of, group_armies, marker_hexes, origins
from generator.io.inputs import MAP, MARKERS, SCENARIOS, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.references import led_by, selector_refs, unknown


def _deployed(ctx: Context):
    """(scenario, deployment) for every scenario that has a deployment."""
    for scenario in ctx.scenarios:
        if scenario.deployment is not None:
            yield scenario, scenario.deployment


@rule("deployment.refs", "deployment groups and marker rules name real sides, regions, units and markers",
      reads=(MARKERS, SCENARIOS, UNITS))
def references(ctx: Context):
    g = ctx.game
    for scenario, plan in _deployed(ctx):
        for side in plan.spec.order:
            if side not in g.sides:
                yield unknown(plan.where, "side", side, g.sides)
        seen: dict[str, str] = {}
        for group in plan.groups:
            yield from _group_refs(ctx, scenario, group, seen)
        for placed in plan.marker_rules:
            rule_spec = placed.spec
            if rule_spec.side not in g.sides:
                yield unknown(placed.where, "side", rule_spec.side, g.sides)
            for marker_id in rule_spec.markers:
                if marker_id not in g.marker_index:
                    yield unknown(placed.where, "marker", marker_id, g.marker_index)
            for region in (rule_spec.regions or []) + rule_spec.not_next_to:
                if region not in g.regions:
                    yield unknown(placed.where, "region", region, g.regions)


def _group_refs(ctx: Context, scenario, group, seen: dict[str, str]):
    g, spec = ctx.game, group.spec
    if spec.side not in g.sides:
        yield unknown(group.where, "side", spec.side, g.sides)
    for region in (spec.regions or []) + [r for need in spec.at_least for r in need.regions]:
        if region not in g.regions:
            yield unknown(group.where, "region", region, g.regions)
    within = spec.within
    if within is not None and within.of_hex is not None and scenario.map_id in g.maps \
            and within.of_hex not in area_for(g, scenario.map_id).coords:
        yield Issue(group.where, "deployment.refs",
                    f"deployment group {spec.id!r}: hex {within.of_hex!r} is not on map {scenario.map_id!r}")
    # what the group's `units` selector names that the game lacks (it would select nothing);
    # a group empty only for that reason gets this message alone
    named_wrongly = led_by(f"deployment group {spec.id!r}, units", selector_refs(g, spec.units, group.where))
    yield from named_wrongly
    if not group.members and not named_wrongly:
        yield Issue(group.where, "deployment.empty-group",
                    f"deployment group {spec.id!r} of scenario {scenario.scenario_id!r} selects no unit")
    for member in group.members:
        unit = g.unit_index.get(member.unit_id)
        if unit is None:
            yield unknown(member.where, "unit", member.unit_id, g.unit_index)
            continue
        if member.unit_id in seen:
            yield Issue(member.where, "deployment.twice",
                        f"unit {member.unit_id!r} deploys with group {spec.id!r} and with group {seen[member.unit_id]!r}")
        seen.setdefault(member.unit_id, spec.id)
        side = g.side_of(unit)
        if side != spec.side:
            yield Issue(member.where, "deployment.side",
                        f"unit {member.unit_id!r} ({unit.nationality}, side {side}) is in deployment group "
                        f"{spec.id!r} of side {spec.side!r}")


def _placed_members(g, plan, scenario):
    """(placement, unit, group, map id) for every unit of a group the set-up gives a hex."""
    for placement in scenario.setup:
        group, unit = plan.group_of.get(placement.unit_id), g.unit_index.get(placement.unit_id)
        map_id = placement.map_id or scenario.map_id
        if group is not None and unit is not None and placement.hex_id is not None and map_id in g.maps:
            yield placement, unit, group, map_id


@rule("deployment.place", "units placed by a free deployment stand where their group allows",
      reads=(SCENARIOS, UNITS))
def placements(ctx: Context):
    g = ctx.game
    for scenario, plan in _deployed(ctx):
        markers = marker_hexes(scenario)
        armies = {group.group_id: group_armies(g, group) for group in plan.groups}
        for placement in scenario.setup:
            if placement.army is not None and placement.unit_id in g.unit_index \
                    and placement.unit_id not in plan.group_of:
                yield Issue(placement.where, "deployment.army",
                            f"unit {placement.unit_id!r} is given army {placement.army!r} but deploys with no group")
        for placement, unit, group, map_id in _placed_members(g, plan, scenario):
            yield from _army_given(group, unit, placement, armies[group.group_id])
            yield from _region(g, group, unit, placement, map_id)
            yield from _distance(g, group, unit, placement, map_id, markers, armies[group.group_id])


def _army_given(group, unit, placement, armies):
    if placement.army is None:
        return
    if unit.army not in group.spec.any_army:
        yield Issue(placement.where, "deployment.army",
                    f"unit {unit.unit_id!r} belongs to army {unit.army or 'none'}; only units of army "
                    f"{' or '.join(group.spec.any_army) or '(none in this group)'} are given an army at set-up")
    elif placement.army not in armies:
        yield Issue(placement.where, "deployment.army",
                    f"unit {unit.unit_id!r} joins army {placement.army!r}, which group {group.group_id!r} does not have "
                    f"(armies: {', '.join(armies)})")


def _region(g, group, unit, placement, map_id):
    wanted = group.spec.regions
    if wanted is None:
        return
    region = area_for(g, map_id).region_of.get(placement.hex_id)
    if region not in wanted:
        names = ", ".join(g.regions[r].name if r in g.regions else r for r in wanted)
        here = g.regions[region].name if region in g.regions else (region or "no region")
        yield Issue(placement.where, "deployment.region",
                    f"unit {unit.unit_id!r} is set up in hex {placement.hex_id} ({here}); group {group.group_id!r} "
                    f"deploys only in {names}")


def _distance(g, group, unit, placement, map_id, markers, armies):
    within = group.spec.within
    if within is None:
        return
    army = army_of(unit, group, placement)
    found = origins(group, army, armies, markers)
    if not found:
        if army is not None or not within.per_army:
            wanted = f"marker {within.marker_for(army)!r}"
        else:
            wanted = "the marker of an army of its group"
        yield Issue(placement.where, "deployment.distance",
                    f"unit {unit.unit_id!r} must stand within {within.hexes} hexes of {wanted}, which the "
                    f"scenario does not place on the map")
        return
    area = area_for(g, map_id)
    distances = [(area.distance(placement.hex_id, hex_id), what, hex_id) for what, hex_id in found]
    near = min(distances, key=lambda d: (d[0] is None, d[0] or 0))
    if near[0] is not None and near[0] > within.hexes:
        who = f" (army {army})" if army is not None else ""
        yield Issue(placement.where, "deployment.distance",
                    f"unit {unit.unit_id!r}{who} is set up in hex {placement.hex_id}, {near[0]} hexes from "
                    f"{near[1]} in {near[2]}; group {group.group_id!r} allows at most {within.hexes}")


@rule("deployment.army-stacking", "at set-up, army units stack only with their own army or units without one",
      reads=(SCENARIOS, UNITS))
def army_stacking(ctx: Context):
    g = ctx.game
    for scenario, plan in _deployed(ctx):
        armies: dict[tuple[str, str], dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for placement, unit, group, map_id in _placed_members(g, plan, scenario):
            army = army_of(unit, group, placement)
            if group.spec.army_stacking and army is not None:
                armies[(map_id, placement.hex_id)][army].append(placement)
        for (_, hex_id), by_army in sorted(armies.items()):
            if len(by_army) > 1:
                last = max((p for ps in by_army.values() for p in ps), key=lambda p: (p.where.line or 0))
                listed = "; ".join(f"army {a}: {', '.join(p.unit_id for p in ps)}"
                                   for a, ps in sorted(by_army.items()))
                yield Issue(last.where, "deployment.army-stacking",
                            f"hex {hex_id} in scenario {scenario.scenario_id!r} mixes armies ({listed}); army units "
                            f"stack only with their own army or with units that have none")


@rule("deployment.complete", "a side deploys all of its free units or none, and at least the units its groups need",
      reads=(SCENARIOS, UNITS))
def complete(ctx: Context):
    g = ctx.game
    for scenario, plan in _deployed(ctx):
        placed = {p.unit_id: p for p in scenario.setup if p.hex_id is not None}
        for side in g.sides:
            groups = [grp for grp in plan.groups if grp.spec.side == side]
            members = [m for grp in groups for m in grp.members if m.unit_id in g.unit_index]
            missing = [m for m in members if m.unit_id not in placed]
            if missing and len(missing) < len(members):
                shown = ", ".join(m.unit_id for m in missing[:8]) + (" …" if len(missing) > 8 else "")
                yield Issue(scenario.where, "deployment.incomplete",
                            f"scenario {scenario.scenario_id!r} places {len(members) - len(missing)} of the "
                            f"{len(members)} free units of side {side!r}; not placed: {shown}")
            elif not missing:
                for group in groups:
                    yield from _at_least(ctx, scenario, group, placed)


def _at_least(ctx: Context, scenario, group, placed):
    g = ctx.game
    for need in group.spec.at_least:
        count = 0
        for unit_id in group.unit_ids:
            p = placed.get(unit_id)
            if p is not None and area_for(g, p.map_id or scenario.map_id).region_of.get(p.hex_id) in need.regions:
                count += 1
        if count < need.count:
            names = " or ".join(g.regions[r].name if r in g.regions else r for r in need.regions)
            yield Issue(group.where, "deployment.at-least",
                        f"scenario {scenario.scenario_id!r} sets up {count} unit(s) of group {group.group_id!r} in "
                        f"{names}; at least {need.count} must start there")


@rule("deployment.markers", "markers a side places before deploying stand where their rule allows",
      reads=(MAP, SCENARIOS))
def placed_markers(ctx: Context):
    g = ctx.game
    for scenario, plan in _deployed(ctx):
        if scenario.map_id not in g.maps:
            continue
        area = area_for(g, scenario.map_id)
        spots = defaultdict(list)
        for placed in scenario.markers:
            if placed.hex_id:
                spots[placed.marker_id].append(placed)
        for rule_at in plan.marker_rules:
            yield from _marker_rule(g, area, scenario, rule_at, spots)


def _marker_rule(g, area, scenario, rule_at, spots):
    spec = rule_at.spec
    placed = [(m, spots[m][0]) for m in spec.markers if spots.get(m)]
    if placed and len(placed) < len(spec.markers):
        missing = [m for m in spec.markers if not spots.get(m)]
        yield Issue(rule_at.where, "deployment.incomplete",
                    f"scenario {scenario.scenario_id!r} places {len(placed)} of the {len(spec.markers)} markers of "
                    f"side {spec.side!r}; not placed: {', '.join(missing)}")
    used: dict[str, str] = {}
    for marker_id, at in placed:
        region = area.region_of.get(at.hex_id)
        if spec.regions is not None and region not in spec.regions:
            names = ", ".join(g.regions[r].name if r in g.regions else r for r in spec.regions)
            yield Issue(at.where, "deployment.markers",
                        f"marker {marker_id!r} is placed in hex {at.hex_id}, outside {names}")
        touching = sorted({area.region_of.get(n) for n in area.neighbours(at.hex_id)} & set(spec.not_next_to))
        if touching:
            yield Issue(at.where, "deployment.markers",
                        f"marker {marker_id!r} in hex {at.hex_id} is next to "
                        f"{', '.join(g.regions[r].name if r in g.regions else r for r in touching)}, which it may not touch")
        if spec.one_per_hex and at.hex_id in used:
            yield Issue(at.where, "deployment.markers",
                        f"markers {used[at.hex_id]!r} and {marker_id!r} share hex {at.hex_id}; one marker to a hex")
        used.setdefault(at.hex_id, marker_id)


@rule("scenario.settings", "scenarios switch only declared rules and set only declared parameters",
      reads=(SCENARIOS,))
def settings(ctx: Context):
    g = ctx.game
    for scenario in ctx.scenarios:
        for setting in scenario.rules:
            if setting.key not in g.scenario_rules:
                yield _undeclared(setting, "scenario rule", "scenario_rules", g.scenario_rules)
        for setting in scenario.parameters:
            declared = g.parameters.get(setting.key)
            if declared is None:
                yield _undeclared(setting, "parameter", "parameters", g.parameters)
            elif declared.kind == "number" and not _is_number(setting.value):
                yield Issue(setting.where, "scenario.settings",
                            f"parameter {setting.key!r} is a number; found {setting.value!r}")


def _undeclared(setting, kind: str, key: str, known) -> Issue:
    if known:
        return unknown(setting.where, kind, setting.key, known)
    return Issue(setting.where, f"ref.unknown-{kind.replace(' ', '-')}",
                 f"unknown {kind} {setting.key!r}: game.yaml declares no {key}")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
