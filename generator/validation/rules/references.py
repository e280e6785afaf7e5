"""ref.unknown: every id a row or key refers to exists."""

from __future__ import annotations

import difflib

from generator.model.selectors import UnitSelector
from generator.model.source import Location
from generator.io.inputs import MAP, MARKERS, SCENARIOS, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


def unknown(where: Location, kind: str, value: str, known) -> Issue:
    known = sorted(known)
    hint = difflib.get_close_matches(value, known, n=1)
    text = f"unknown {kind} {value!r}"
    text += f"; did you mean {hint[0]!r}?" if hint else ""
    shown = ", ".join(known[:12]) + (" …" if len(known) > 12 else "")
    text += f" (known: {shown})" if known else " (the game declares none)"
    return Issue(where, f"ref.unknown-{kind.replace(',', '').replace(' ', '-')}", text)


def led_by(lead: str, issues) -> list[Issue]:
    """The same issues, each message led by what names the thing ("restriction 'a', only_in[0]: …")."""
    return [Issue(issue.where, issue.code, f"{lead}: {issue.message}", issue.severity) for issue in issues]


_SELECTOR_KINDS = (("sides", "side", "sides"), ("nationalities", "nationality", "nationalities"),
                   ("types", "unit type", "unit_types"), ("sizes", "size", "sizes"), ("units", "unit", "unit_index"))


def selector_refs(g, selector: UnitSelector | None, where: Location):
    """What a unit selector (and its `exclude`) names that the game does not declare."""
    if selector is None:
        return
    for key, kind, index in _SELECTOR_KINDS:
        known = getattr(g, index)
        for value in getattr(selector, key) or ():
            if value not in known:
                yield unknown(where, kind, value, known)
    yield from selector_refs(g, selector.exclude, where)


@rule("ref.spec", "game.yaml refers only to declared ids", reads=(MARKERS, SCENARIOS, UNITS))
def spec_references(ctx: Context):
    g = ctx.game
    spec = g.spec
    if spec.default_scenario is not None and spec.default_scenario not in g.scenario_index:
        yield unknown(g.spec_where("default_scenario"), "scenario", spec.default_scenario, g.scenario_index)
    for n, nat in enumerate(spec.nationalities):
        if nat.side not in g.sides:
            yield unknown(g.spec_where("nationalities", n, "side"), "side", nat.side, g.sides)
        if nat.step_system and nat.step_system not in g.step_systems:
            yield unknown(g.spec_where("nationalities", n, "step_system"), "step system", nat.step_system, g.step_systems)
    for n, unit_type in enumerate(spec.unit_types):
        for layout in unit_type.layouts:
            if layout not in g.factor_layouts:
                yield unknown(g.spec_where("unit_types", n, "factor_layout"), "factor layout", layout, g.factor_layouts)
    for n, limit in enumerate(spec.stacking.limits):
        for size in limit.sizes or ():
            if size not in g.sizes:
                yield unknown(g.spec_where("stacking", "limits", n, "sizes"), "size", size, g.sizes)
        for key in ("types", "exempt_types"):
            for type_id in getattr(limit, key) or ():
                if type_id not in g.unit_types:
                    yield unknown(g.spec_where("stacking", "limits", n, key), "unit type", type_id, g.unit_types)
        for k, exempt in enumerate(limit.exempt):
            yield from selector_refs(g, exempt, g.spec_where("stacking", "limits", n, "exempt", k))
        for feature in limit.exempt_features:
            if feature not in g.hex_features:
                yield unknown(g.spec_where("stacking", "limits", n, "exempt_features"), "feature", feature,
                              g.hex_features)
    barrable = set(g.sides) | set(g.nationalities) | set(g.unit_types)
    for key in ("terrain", "hexside_features"):
        for n, item in enumerate(getattr(spec, key)):
            for barred in item.prohibited_to:
                if barred not in barrable:
                    yield unknown(g.spec_where(key, n, "prohibited_to"), "side, nationality or unit type", barred,
                                  barrable)
    for n, limit in enumerate(spec.stacking.limits):
        for side in limit.sides or ():
            if side not in g.sides:
                yield unknown(g.spec_where("stacking", "limits", n, "sides"), "side", side, g.sides)
    for n, state in enumerate(spec.unit_states):
        if state.marker and state.marker not in g.marker_index:
            yield unknown(g.spec_where("unit_states", n, "marker"), "marker", state.marker, g.marker_index)
    for n, region in enumerate(spec.regions):
        if region.side and region.side not in g.sides:
            yield unknown(g.spec_where("regions", n, "side"), "side", region.side, g.sides)
        for barred in region.prohibited_to:
            if barred not in g.sides and barred not in g.nationalities:
                yield unknown(g.spec_where("regions", n, "prohibited_to"), "side or nationality", barred,
                              set(g.sides) | set(g.nationalities))
    for n, map_spec in enumerate(spec.maps):
        if map_spec.default_terrain not in g.terrain:
            yield unknown(g.spec_where("maps", n, "default_terrain"), "terrain", map_spec.default_terrain, g.terrain)
        if map_spec.default_region and map_spec.default_region not in g.regions:
            yield unknown(g.spec_where("maps", n, "default_region"), "region", map_spec.default_region, g.regions)
        for e, edge in enumerate(map_spec.edges):
            if edge.friendly_to and edge.friendly_to not in g.sides:
                yield unknown(g.spec_where("maps", n, "edges", e, "friendly_to"), "side", edge.friendly_to, g.sides)


@rule("ref.units", "units and markers refer to declared nationalities, types, sizes and step systems",
      reads=(MARKERS, UNITS))
def unit_references(ctx: Context):
    g = ctx.game
    for unit in g.units:
        if unit.nationality not in g.nationalities:
            yield unknown(unit.at("nationality"), "nationality", unit.nationality, g.nationalities)
        if unit.type_id not in g.unit_types:
            yield unknown(unit.at("type"), "unit type", unit.type_id, g.unit_types)
        if unit.size is not None and unit.size not in g.sizes:
            yield unknown(unit.at("size"), "size", unit.size, g.sizes)
        if unit.step_system not in g.step_systems:
            yield unknown(unit.at("step_system"), "step system", unit.step_system, g.step_systems)
        if unit.back_type and unit.back_type not in g.unit_types:
            yield unknown(unit.at("back_type"), "unit type", unit.back_type, g.unit_types)
        if unit.back_nationality and unit.back_nationality not in g.nationalities:
            yield unknown(unit.at("back_nationality"), "nationality", unit.back_nationality, g.nationalities)
    for marker in g.markers:
        if marker.nationality and marker.nationality not in g.nationalities:
            yield unknown(marker.at("nationality"), "nationality", marker.nationality, g.nationalities)
        for column in ("side", "back_side"):
            side = getattr(marker, column)
            if side and side not in g.sides:
                yield unknown(marker.at(column), "side", side, g.sides)


@rule("ref.map", "hexes, hexsides and areas refer to declared terrain, features and regions", reads=(MAP,))
def map_references(ctx: Context):
    g = ctx.game
    for h in (*g.hexes, *g.areas):  # a hex and an area name the same things
        if h.terrain not in g.terrain:
            yield unknown(h.at("terrain"), "terrain", h.terrain, g.terrain)
        for feature in h.features:
            if feature not in g.hex_features:
                yield unknown(h.at("features"), "feature", feature, g.hex_features)
        if h.region and h.region not in g.regions:
            yield unknown(h.at("region"), "region", h.region, g.regions)
        for vp in h.victory:
            if vp.side not in g.sides:
                yield unknown(h.at("vp"), "side", vp.side, g.sides)
    for side in g.hexsides:
        if side.feature not in g.hexside_features:
            yield unknown(side.at("feature"), "hexside feature", side.feature, g.hexside_features)
