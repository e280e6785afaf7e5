"""sheet.*, box.*, setupcode.*: map sheets name real maps once; boxes and set-up codes name
real places; weather by map names real maps."""

from __future__ import annotations

from generator.model.source import Location
from generator.i18n.citations import cited
from generator.io.inputs import MAP, SCENARIOS, UNITS
from generator.validation.places import Spot, holds
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.hexes import locate_hex
from generator.validation.rules.references import unknown


@rule("sheet.maps", "a map sheet prints declared maps, each on one sheet, in a complete arrangement", reads=())
def sheet_maps(ctx: Context):
    g = ctx.game
    printed_on: dict[str, str] = {}
    for n, sheet in enumerate(g.spec.map_sheets):
        for map_id in sheet.maps:
            if map_id not in g.maps:
                yield unknown(g.spec_where("map_sheets", n, "maps"), "map", map_id, g.maps)
            elif g.maps[map_id].is_area:
                yield Issue(g.spec_where("map_sheets", n, "maps"), "sheet.maps",
                            f"map {map_id!r} is an area map; a map sheet holds hex maps (an area map is printed "
                            f"on its own)")
            elif map_id in printed_on:
                yield Issue(g.spec_where("map_sheets", n, "maps"), "sheet.maps",
                            f"map {map_id!r} is on sheet {printed_on[map_id]!r} already; a map is printed on one sheet")
            else:
                printed_on[map_id] = sheet.id
        if sheet.arrangement is not None:
            arranged = [m for column in sheet.arrangement for m in column]
            if sorted(arranged) != sorted(set(sheet.maps)):
                yield Issue(g.spec_where("map_sheets", n, "arrangement"), "sheet.maps",
                            f"sheet {sheet.id!r}: the arrangement must list each of its maps once "
                            f"({', '.join(sheet.maps)}), found {', '.join(arranged) or 'none'}")
    for path, box in g.boxes_declared():
        if box.side and box.side not in g.sides:
            yield unknown(g.spec_where(*path, "side"), "side", box.side, g.sides)


@rule("track.weather", "weather by map names the game's maps; every weather is a declared one", reads=())
def weather_maps(ctx: Context):
    g = ctx.game
    declared = {w.id for w in g.spec.turn_track.weathers}
    for n, turn in enumerate(g.spec.turn_track.turns):
        for map_id, value in turn.weather_by_map.items():
            if map_id not in g.maps:
                yield unknown(g.spec_where("turn_track", "turns", n, "weather_by_map", map_id), "map", map_id, g.maps)
            elif declared and value not in declared:
                yield unknown(g.spec_where("turn_track", "turns", n, "weather_by_map", map_id), "weather", value,
                              declared)
        if declared and turn.weather is not None and turn.weather not in declared:
            yield unknown(g.spec_where("turn_track", "turns", n, "weather"), "weather", turn.weather, declared)


@rule("setupcode", "set-up codes name real sides, maps, hexes, boxes and regions", reads=())
def setup_codes(ctx: Context):
    g = ctx.game
    seen: dict[tuple, Location] = {}
    for n, code in enumerate(g.spec.setup_codes):
        where = g.spec_where("setup_codes", n)
        key = (code.side, code.code)
        if key in seen:
            owner = f" of side {code.side!r}" if code.side else ""
            yield Issue(where, "ids.duplicate", f"set-up code {code.code!r}{owner} is declared twice (first at {seen[key]})")
        seen.setdefault(key, where)
        if code.side and code.side not in g.sides:
            yield unknown(g.spec_where("setup_codes", n, "side"), "side", code.side, g.sides)
        if code.box is not None and code.box not in g.boxes:
            yield unknown(g.spec_where("setup_codes", n, "box"), "box", code.box, g.boxes)
        if code.region is not None and code.region not in g.regions:
            yield unknown(g.spec_where("setup_codes", n, "region"), "region", code.region, g.regions)
        map_id = code.map or g.spec.maps[0].id
        if code.map is not None and code.map not in g.maps:
            yield unknown(g.spec_where("setup_codes", n, "map"), "map", code.map, g.maps)
        elif code.hex is not None:
            found = locate_hex(ctx, map_id, code.hex, g.spec_where("setup_codes", n, "hex"), "hex.map",
                               f"set-up code {code.code!r} hex")
            if isinstance(found, Issue):
                yield found


@rule("setup.code-area", "a unit whose set-up code names an area sets up inside it", reads=(MAP, SCENARIOS, UNITS))
def code_areas(ctx: Context):
    g = ctx.game
    if not any(code.area for code in g.spec.setup_codes):
        return  # no set-up code names an area: no unit's code to look up
    for scenario in ctx.scenarios:
        if scenario.setup_from_codes:
            yield from _unplaced_area_units(g, scenario)
        for placement in scenario.setup:
            unit = g.unit_index.get(placement.unit_id)
            if unit is None or placement.hex_id is None:
                continue
            code = _area_code(g, unit)
            if code is None:
                continue
            map_id = placement.map_id or scenario.map_id
            hex_ = g.hex_index.get((map_id, placement.hex_id))
            spec = g.maps.get(map_id)
            region = hex_.region if hex_ and hex_.region else (spec.default_region if spec else None)
            if (code.map and map_id != code.map) or (code.region and region != code.region) or \
                    (code.place is not None and not holds(g, code.place, Spot(map_id, placement.hex_id))):
                yield Issue(placement.place_at, "setup.code-area",
                            f"unit {unit.unit_id!r} carries set-up code {code.code!r} ({code.name}) but sets up in "
                            f"hex {placement.hex_id} of map {map_id!r}, region {region or 'none'!r}"
                            + (f" ({cited(code.source)})" if code.source else ""))


def _unplaced_area_units(g, scenario):
    listed = {p.unit_id for p in scenario.setup} | {r.unit_id for r in scenario.reinforcements}
    for unit in g.units:
        code = _area_code(g, unit) if unit.unit_id not in listed else None
        if code is not None:
            yield Issue(unit.at("code"), "setup.code-area",
                        f"unit {unit.unit_id!r} carries set-up code {code.code!r} ({code.name}), an area: scenario "
                        f"{scenario.scenario_id!r} sets up from the codes, so its setup must give the unit's hex")


def _area_code(g, unit):
    """The unit's set-up code when it names an area (a map and region), else None."""
    for form in g.spec.counter_codes:
        match = form.regex.fullmatch(unit.code or "")
        if match and match.groupdict().get("setup"):
            code = g.spec.setup_code(g.side_of(unit), match.group("setup"))
            return code if code is not None and code.area else None
    return None
