"""setup.* and reinforcement.*: every scenario places real units on legal hexes, once."""

from __future__ import annotations

from generator.i18n.citations import cited
from generator.io.inputs import MAP, MARKERS, SCENARIOS, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.areas import area_where
from generator.validation.rules.hexes import locate_hex
from generator.validation.rules.references import unknown


@rule("scenario.turns", "scenarios start and end on the turn track", reads=(SCENARIOS,))
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


@rule("setup", "set-up entries name real units, real hexes or boxes, legal terrain and regions",
      reads=(MAP, SCENARIOS, UNITS))
def setup(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        boxes = g.boxes
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
            yield from _step_level(ctx, p.where, unit, p.steps, "is set up")
            if p.box is not None:
                if p.box not in boxes:
                    yield unknown(p.box_at, "box", p.box, boxes)
                continue
            if p.area_id is not None:
                yield from _area_legal(ctx, s, p, unit)
            else:
                yield from _hex_legal(ctx, s, p, unit)
        for r in s.reinforcements:
            if r.unit_id in placed:
                yield Issue(r.where, "setup.also-reinforcement",
                            f"unit {r.unit_id!r} is both set up (at {placed[r.unit_id]}) and arriving on turn {r.turn}")


def barred_by(g, unit, prohibited_to, steps: int | None = None) -> str:
    """Which entry of a `prohibited_to` list bars `unit` — its side, nationality or the type
    it shows at `steps` (None: full strength), as "side 'axis'" — or '' when none does."""
    for kind, value in (("side", g.side_of(unit)), ("nationality", unit.nationality),
                        ("unit type", unit.type_at(steps))):
        if value in prohibited_to:
            return f"{kind} {value!r}"
    return ""


def _step_level(ctx: Context, where, unit, steps: int | None, verb: str):
    """A unit set up or arriving below full strength: not above its steps; a block's
    strength within 1 and its maximum SP (at 0 SP a block is off the map)."""
    if steps is None:
        return
    if ctx.game.is_block(unit):
        if not 1 <= steps <= unit.steps:
            yield Issue(where, "setup.step-level",
                        f"block {unit.unit_id!r} {verb} at {steps} SP; its strength must be 1 to its maximum of "
                        f"{unit.steps} SP")
    elif steps > max(unit.steps, 1):
        text = "is set up with" if verb == "is set up" else f"{verb} with"
        yield Issue(where, "setup.step-level", f"unit {unit.unit_id!r} {text} {steps} steps but has only {unit.steps}")


def _hex_legal(ctx: Context, s, p, unit):
    g = ctx.game
    map_id = p.map_id or s.map_id
    map_spec = g.maps.get(map_id)
    if map_spec is not None and map_spec.is_area:
        yield Issue(p.place_at, "setup.hex-exists",
                    f"set-up hex {p.hex_id!r}: map {map_id!r} is an area map; give an 'area', not a 'hex'")
        return
    found = locate_hex(ctx, map_id, p.hex_id, p.place_at, "setup.hex-exists", "set-up hex")
    if isinstance(found, Issue):
        yield Issue(found.where, "setup.hex-exists", found.message)
        return
    yield from _ground_legal(ctx, p, unit, g.hex_index.get((map_id, p.hex_id)), map_spec, "hex")


def _area_legal(ctx: Context, s, p, unit):
    map_id = p.map_id or s.map_id
    problem = area_where(ctx, map_id, p.area_id, p.place_at, "set-up area")
    if problem is not None:
        yield problem
        return
    yield from _ground_legal(ctx, p, unit, ctx.game.area_index[(map_id, p.area_id)], ctx.game.maps[map_id], "area")


def _ground_legal(ctx: Context, p, unit, row, map_spec, word: str):
    """Terrain and region of the hex or area (`row`; None: a hex the table leaves out): one
    message for one placement, the terrain's when it refuses the unit (the region would only
    say again that the unit cannot stand there)."""
    g = ctx.game
    terrain = g.terrain.get(row.terrain if row else map_spec.default_terrain)
    if terrain is not None and terrain.prohibited:
        yield Issue(p.place_at, "setup.prohibited-terrain",
                    f"unit {p.unit_id!r} is set up in {word} {p.place}, which is {terrain.name} (no unit may stand "
                    f"there{_cite(terrain.source)})")
        return
    if terrain is not None and barred_by(g, unit, terrain.prohibited_to, p.steps):
        yield Issue(p.place_at, "setup.prohibited-terrain",
                    f"unit {p.unit_id!r} is set up in {word} {p.place}, which is {terrain.name}, prohibited to "
                    f"{barred_by(g, unit, terrain.prohibited_to, p.steps)}{_cited(terrain.source)}")
        return
    region = g.regions.get(row.region if row else map_spec.default_region or "")
    if region is None:
        return
    side = g.side_of(unit)
    if region.neutral:
        yield Issue(p.place_at, "setup.prohibited-region",
                    f"unit {p.unit_id!r} is set up in {word} {p.place}, in neutral {region.name}{_cited(region.source)}")
    elif unit.nationality in region.prohibited_to or side in region.prohibited_to:
        yield Issue(p.place_at, "setup.prohibited-region",
                    f"unit {p.unit_id!r} ({unit.nationality}) may not set up in {region.name} ({word} {p.place})"
                    f"{_cited(region.source)}")


def _cite(source: str | None) -> str:
    """"; rule 12.5" inside a bracket, when the data gives the rule."""
    return f"; {cited(source)}" if source else ""


def _cited(source: str | None) -> str:
    """" (rule 12.5)" after a message, when the data gives the rule."""
    return f" ({cited(source)})" if source else ""


@rule("reinforcement", "reinforcements name real units arriving on turns of the track", reads=(SCENARIOS, UNITS))
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
            yield from _step_level(ctx, r.where, unit, r.steps, "arrives")
            if r.box is not None and r.box not in g.boxes:
                yield unknown(r.box_at, "box", r.box, g.boxes)


@rule("withdrawal", "withdrawals name units in play, leaving (and coming back) on turns of the scenario",
      reads=(SCENARIOS, UNITS))
def withdrawals(ctx: Context):
    """The units' and side's existence is the clause checks' (scenario.clause-piece, -side)."""
    g = ctx.game
    for s in ctx.scenarios:
        entering = s.placed_ids() | {r.unit_id for r in s.reinforcements} | set(s.free_units()) | \
            {unit_id for a in s.arrivals for unit_id in a.spec.units}
        for item in s.withdrawals:
            w = item.spec
            when = f"on turn {w.turn}" if w.turn is not None else "when set off"
            for unit_id in w.units:
                if unit_id in g.unit_index and unit_id not in entering:
                    yield Issue(item.where, "withdrawal.not-in-play",
                                f"unit {unit_id!r} is withdrawn {when}, but scenario {s.scenario_id!r} "
                                f"neither sets it up nor brings it in")
            if w.turn is not None and not s.start_turn <= w.turn <= s.end_turn:
                yield Issue(item.where, "withdrawal.turn-range",
                            f"a withdrawal on turn {w.turn} is outside scenario {s.scenario_id!r} "
                            f"(turns {s.start_turn}-{s.end_turn})")
            elif w.turn is not None and w.returns is not None and w.returns <= w.turn:
                yield Issue(item.where, "withdrawal.turn-range",
                            f"a withdrawal comes back on turn {w.returns}, not after it leaves (turn {w.turn})")


@rule("scenario.markers", "markers placed by a scenario exist", reads=(MARKERS, SCENARIOS))
def markers(ctx: Context):
    g = ctx.game
    for s in ctx.scenarios:
        for m in s.markers:
            if m.marker_id not in g.marker_index:
                yield unknown(m.where, "marker", m.marker_id, g.marker_index)
            elif m.box is not None and m.box not in g.boxes:
                yield unknown(m.where, "box", m.box, g.boxes)
            elif m.hex_id is not None:
                found = locate_hex(ctx, s.map_id, m.hex_id, m.where, "setup.hex-exists", "marker hex")
                if isinstance(found, Issue):
                    yield found
            elif m.area_id is not None:
                problem = area_where(ctx, s.map_id, m.area_id, m.where, "marker area")
                if problem is not None:
                    yield problem
