"""combat.*: the effects terrain has on combat (model/combat.py) name real sides,
nationalities, unit types, regions, weathers and combat tables, and fit the game's combat
system; crt.result-parts: a combat table says whose loss each part of a result is."""

from __future__ import annotations

from generator.model.tables import AttritionTable, OddsCrt
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity

_ENTRIES = (("terrain", "terrain"), ("hexside_features", "hexside feature"), ("hex_features", "hex feature"))


def _weathers(game) -> set[str]:
    track = game.spec.turn_track
    found = {turn.weather for turn in track.turns if turn.weather}
    found |= {value for turn in track.turns for value in turn.weather_by_map.values()}
    return found


def _combat_tables(game) -> list:
    return [t for t in game.spec.tables if isinstance(t, (OddsCrt, AttritionTable)) or t.combat]


@rule("combat", "terrain effects on combat name what exists and fit the game's combat tables")
def combat_effects(ctx: Context):
    game = ctx.game
    weathers = _weathers(game)
    tables = _combat_tables(game)
    rolled = any(isinstance(t, OddsCrt) or (t.dice != "none" and t.combat) for t in tables)
    columns = any(isinstance(t, (OddsCrt, AttritionTable)) for t in tables)
    rows = any(isinstance(t, AttritionTable) for t in tables)
    who = {**game.sides, **game.nationalities, **game.unit_types}
    for key, what in _ENTRIES:
        for n, entry in enumerate(getattr(game.spec, key)):
            for i, effect in enumerate(entry.combat):
                here = (key, n, "combat", i)

                def issue(field, code, message, severity=Severity.ERROR):
                    return Issue(game.spec_where(*here, field), code, f"{what} {entry.id!r}, combat effect {i + 1}: "
                                 f"{message}", severity)

                for field in ("defender", "attacker"):
                    for item in getattr(effect, field):
                        if item not in who:
                            yield issue(field, "combat.unknown", f"{field} {item!r} is no side, nationality or "
                                                                 f"unit type of the game")
                for item in effect.units:
                    if item not in game.unit_types:
                        yield issue("units", "combat.unknown", f"units {item!r} is no unit type of the game")
                for item in effect.regions:
                    if item not in game.regions:
                        yield issue("regions", "combat.unknown", f"region {item!r} is not declared under regions")
                for item in effect.tables:
                    if not any(t.id == item for t in tables):
                        known = ", ".join(t.id for t in tables) or "none"
                        yield issue("tables", "combat.unknown", f"table {item!r} is no combat table of the game "
                                                                f"(combat tables: {known})")
                for item in effect.weather:
                    if item not in weathers:
                        known = ", ".join(sorted(weathers)) or "none"
                        yield issue("weather", "combat.weather", f"weather {item!r} never comes on the turn track "
                                                                 f"(its weathers: {known}), so the effect never "
                                                                 f"applies", Severity.WARNING)
                if effect.across and key != "hexside_features":
                    yield issue("across", "combat.across", "'across' is for hexside features: a unit attacks "
                                                           "across a hexside, not across a hex")
                if effect.kind == "drm" and not rolled:
                    yield issue("drm", "combat.system", "a die-roll modifier, but no combat table of the game "
                                                        "is read with dice (its combat tables: "
                                                        f"{', '.join(t.id for t in tables) or 'none'})")
                if effect.kind == "shift" and effect.direction in ("left", "right") and not columns:
                    yield issue("shift", "combat.system", "a column shift, but the game has no odds CRT or "
                                                          "attrition table to shift along")
                if effect.kind == "shift" and effect.direction in ("up", "down") and not rows:
                    yield issue("direction", "combat.system", f"a shift {effect.direction}, but only an "
                                                              "attrition table has rows to shift along")


@rule("crt.result-parts", "a combat table says whose loss each part of its results is, so they can be shaded")
def result_parts(ctx: Context):
    for n, table in enumerate(ctx.game.spec.tables):
        if isinstance(table, (OddsCrt, AttritionTable)) and not table.result_parts:
            groups = ", ".join(table.regex.groupindex) or "none yet"
            yield Issue(ctx.game.spec_where("tables", n, "result_pattern"), "crt.result-parts",
                        f"table {table.id!r}: no result_parts, so its results are not shaded by whom they favour; "
                        f"name the parts of result_pattern with groups (its named groups: {groups}) and say "
                        f"whose loss each is, e.g. result_parts: [{{group: attacker, hurts: attacker}}, "
                        f"{{group: defender, hurts: defender}}]", Severity.WARNING)


@rule("map.retreat", "a retreat compass names sides of the game and directions of its map's hexes")
def retreat_compass(ctx: Context):
    game = ctx.game
    for m, spec in enumerate(game.spec.maps):
        grid = ctx.grids.get(spec.id)
        seen: set[str] = set()
        for r, rose in enumerate(spec.retreat):
            where = game.spec_where("maps", m, "retreat", r)
            if rose.side not in game.sides:
                yield Issue(game.spec_where("maps", m, "retreat", r, "side"), "map.retreat",
                            f"map {spec.id!r}: retreat compass for {rose.side!r}, which is no side of the game "
                            f"(sides: {', '.join(game.sides)})")
            if rose.side in seen:
                yield Issue(where, "map.retreat", f"map {spec.id!r}: side {rose.side!r} has two retreat roses")
            seen.add(rose.side)
            if grid is None:
                continue
            wrong = [d for d in rose.directions if d not in grid.directions]
            if wrong:
                yield Issue(game.spec_where("maps", m, "retreat", r, "directions"), "map.retreat",
                            f"map {spec.id!r}: retreat direction(s) {', '.join(wrong)} of {rose.side!r} are not "
                            f"sides of a {grid.orientation}-top hex (expected {', '.join(grid.directions)})")
