"""setup.* and reinforcement.*: every scenario places real units on legal hexes, once."""

from __future__ import annotations

from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.hexes import locate_hex
from generator.validation.rules.references import unknown


@rule("scenario.turns", "scenarios start and end on the turn track")
def scenario_turns(ctx: Context):
    g = ctx.game
    track = g.turn_numbers
    for s in ctx.scenarios:
        for name, turn in (("start_turn", s.start_turn), ("end_turn", s.end_turn)):
            if turn not in track:
                yield Issue(s.where, "scenario.turns",
                            f"scenario {s.scenario_id!r}: {name} {turn} is not on the turn track ({track[0]}-{track[-1]})")
        if s.end_turn < s.start_turn:
            yield Issue(s.where, "scenario.turns", f"scenario {s.scenario_id!r} ends (turn {s.end_turn}) before it starts (turn {s.start_turn})")
        if s.map_id not in g.maps:
            yield unknown(s.where, "map", s.map_id, g.maps)
        if s.first_side and s.first_side not in g.sides:
            yield unknown(s.where, "side", s.first_side, g.sides)


@rule("setup", "set-up entries name real units, real hexes or boxes, legal terrain and regions")
def setup(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        boxes = {b.id for m in g.spec.maps for b in m.boxes}
        placed: dict[str, object] = {}
        for p in s.setup:
            unit = g.unit_index.get(p.unit_id)
            if unit is None:
                yield unknown(p.where, "unit", p.unit_id, g.unit_index)
                continue
            if p.unit_id in placed:
                yield Issue(p.where, "setup.duplicate",
                            f"unit {p.unit_id!r} is set up twice in scenario {s.scenario_id!r} (first at {placed[p.unit_id]})")
            placed.setdefault(p.unit_id, p.where)
            for state in p.state:
                if state not in g.unit_states:
                    yield unknown(p.where, "unit state", state, g.unit_states)
            if p.steps is not None and p.steps > max(unit.steps, 1):
                yield Issue(p.where, "setup.step-level",
                            f"unit {p.unit_id!r} is set up with {p.steps} steps but has only {unit.steps}")
            if p.box is not None:
                if p.box not in boxes:
                    yield unknown(p.where, "box", p.box, boxes)
                continue
            yield from _hex_legal(ctx, s, p, unit)
        for r in s.reinforcements:
            if r.unit_id in placed:
                yield Issue(r.where, "setup.also-reinforcement",
                            f"unit {r.unit_id!r} is both set up (at {placed[r.unit_id]}) and arriving on turn {r.turn}")


def barred_by(g, unit, prohibited_to) -> str:
    """Which entry of a `prohibited_to` list bars `unit` — its side, nationality or type,
    as "side 'axis'" — or '' when none does."""
    for kind, value in (("side", g.side_of(unit)), ("nationality", unit.nationality), ("unit type", unit.type_id)):
        if value in prohibited_to:
            return f"{kind} {value!r}"
    return ""


def _hex_legal(ctx: Context, s, p, unit):
    g = ctx.game
    map_id = p.map_id or s.map_id
    found = locate_hex(ctx, map_id, p.hex_id, p.where, "setup.hex-exists", "set-up hex")
    if isinstance(found, Issue):
        yield Issue(found.where, "setup.hex-exists", found.message)
        return
    h = g.hex_index.get((map_id, p.hex_id))
    map_spec = g.maps[map_id]
    terrain = g.terrain.get(h.terrain if h else map_spec.default_terrain)
    if terrain is not None and terrain.prohibited:
        yield Issue(p.where, "setup.prohibited-terrain",
                    f"unit {p.unit_id!r} is set up in hex {p.hex_id}, which is {terrain.name} (no unit may stand there)")
    elif terrain is not None and barred_by(g, unit, terrain.prohibited_to):
        who = barred_by(g, unit, terrain.prohibited_to)
        yield Issue(p.where, "setup.prohibited-terrain",
                    f"unit {p.unit_id!r} is set up in hex {p.hex_id}, which is {terrain.name}, prohibited to {who}")
    region = g.regions.get(h.region if h else map_spec.default_region or "")
    if region is None:
        return
    side = g.side_of(unit)
    if region.neutral:
        yield Issue(p.where, "setup.prohibited-region",
                    f"unit {p.unit_id!r} is set up in hex {p.hex_id}, in neutral {region.name}")
    elif unit.nationality in region.prohibited_to or side in region.prohibited_to:
        yield Issue(p.where, "setup.prohibited-region",
                    f"unit {p.unit_id!r} ({unit.nationality}) may not set up in {region.name} (hex {p.hex_id})")


@rule("reinforcement", "reinforcements name real units arriving on turns of the track")
def reinforcements(ctx: Context):
    g = ctx.game
    track = g.turn_numbers
    for s in ctx.scenarios:
        seen: dict[str, object] = {}
        for r in s.reinforcements:
            unit = g.unit_index.get(r.unit_id)
            if unit is None:
                yield unknown(r.where, "unit", r.unit_id, g.unit_index)
                continue
            if r.unit_id in seen:
                yield Issue(r.where, "reinforcement.duplicate", f"unit {r.unit_id!r} arrives twice (first at {seen[r.unit_id]})")
            seen.setdefault(r.unit_id, r.where)
            if r.turn not in track:
                yield Issue(r.where, "reinforcement.turn-range",
                            f"unit {r.unit_id!r} arrives on turn {r.turn}, outside the turn track ({track[0]}-{track[-1]})")
            elif not s.start_turn <= r.turn <= s.end_turn:
                yield Issue(r.where, "reinforcement.turn-range",
                            f"unit {r.unit_id!r} arrives on turn {r.turn}, outside scenario {s.scenario_id!r} "
                            f"(turns {s.start_turn}-{s.end_turn})", )
            if r.steps is not None and r.steps > max(unit.steps, 1):
                yield Issue(r.where, "setup.step-level", f"unit {r.unit_id!r} arrives with {r.steps} steps but has only {unit.steps}")


@rule("scenario.markers", "markers placed by a scenario exist")
def markers(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        for m in s.markers:
            if m.marker_id not in g.marker_index:
                yield unknown(m.where, "marker", m.marker_id, g.marker_index)
            elif m.hex_id is not None:
                found = locate_hex(ctx, s.map_id, m.hex_id, m.where, "setup.hex-exists", "marker hex")
                if isinstance(found, Issue):
                    yield found
