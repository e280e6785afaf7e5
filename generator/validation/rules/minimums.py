"""restriction.minimum: at set-up, at least so many of a restriction's units stand in each of its
places (SotE "Preparar": a garrison on every key city), or in all of them together.

Only a set-up is known whole, so a minimum is counted there: a scenario that sets up nothing
(one of arrivals only) is not weighed, nor one whose free deployment still leaves units the
restriction picks to the players (they may yet place them). The places weighed are those of the
maps the scenario plays on: its own map and every map its set-up names."""

from __future__ import annotations

from collections import Counter

from generator.validation.places import Spot, holds_any
from generator.validation.registry import Context, rule
from generator.validation.rules.merging import SCENARIOS, merged
from generator.validation.rules.restrictions import _applies, _cite, _said, weighed_in
from generator.validation.standings import entries, matches, standings


@rule("restriction.minimum", "at set-up, a restriction's places hold at least so many of its units")
@merged
def minimums(ctx: Context):
    g = ctx.game
    for scenario, rules in weighed_in(ctx, lambda spec: spec.kind == "min"):
        if not scenario.setup:
            continue
        found = [s for s in standings(g, scenario) if s.scope == "setup"]
        events = scenario.event_turns()
        maps = [scenario.map_id] + sorted({p.map_id for p in scenario.setup if p.map_id} - {scenario.map_id})
        for placed in rules:
            spec = placed.spec
            if any(u in g.unit_index and matches(g, spec.units, g.unit_index[u], g.side_of(g.unit_index[u]))
                   for u in scenario.free_units()):
                continue
            counted = Counter(s.spot for s in found if _applies(g, spec, s, events) and holds_any(g, spec.in_, s.spot))
            said = f"{_said(g, spec)} ({_cite(placed)})"
            where = placed.where if placed.scenario_id == scenario.scenario_id else scenario.where
            if spec.per == "total":
                total = sum(counted.values())
                if total < spec.min:
                    yield (where, "restriction.minimum",
                           f"{SCENARIOS} sets up {total} of the units a restriction counts in its places, fewer than "
                           f"{spec.min}; {said}", scenario.scenario_id)
                continue
            for spot in _spots(g, maps, spec.in_):
                if counted[spot] < spec.min:
                    yield (where, "restriction.minimum",
                           f"{spot.label(g)}{_named(g, spot)} holds {counted[spot]} of the units it needs at set-up "
                           f"in {SCENARIOS}, fewer than {spec.min}; {said}", scenario.scenario_id)


def _spots(g, maps: list[str], places) -> list[Spot]:
    """Every hex or area of the maps, and every box the places name, that the places hold."""
    out = []
    for map_id in maps:
        spots = [Spot(map_id, place) for place in sorted(entries(g, map_id))]
        out += [spot for spot in spots if holds_any(g, places, spot)]
    boxes = sorted({box for place in places for box in place.boxes or ()})
    return out + [Spot(None, None, box) for box in boxes]


def _named(g, spot: Spot) -> str:
    """' (Warsaw)': the name of the hex or area, when it has one."""
    if spot.box is not None or spot.map_id is None:
        return ""
    area = next((a for a in g.areas if a.map_id == spot.map_id and a.area_id == spot.place), None)
    if area is not None:
        return f" ({area.name})" if area.name else ""
    found = g.hex_index.get((spot.map_id, spot.place))
    return f" ({found.name})" if found is not None and found.name else ""
