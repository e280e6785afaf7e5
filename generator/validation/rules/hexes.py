"""hex.*: hex ids well formed and on the map; hexside.*: unique, between adjacent hexes."""

from __future__ import annotations

from generator.model.source import Location
from generator.io.inputs import MAP
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


def locate_hex(ctx: Context, map_id: str, hex_id: str, where: Location, code: str, what: str):
    """(col, row) of a hex id on a map, or an Issue saying why it is not there."""
    grid = ctx.grids.get(map_id)
    if grid is None:
        return Issue(where, code, f"{what} names map {map_id!r}, which the game does not declare")
    try:
        col, row = grid.parse_id(hex_id)
    except ValueError:
        return Issue(where, "hex.malformed", malformed_text(ctx, map_id, hex_id, what))
    if not grid.contains(col, row):
        return Issue(where, "hex.off-map", off_map_text(ctx, map_id, hex_id, what))
    return (col, row)


def malformed_text(ctx: Context, map_id: str, hex_id: str, what: str) -> str:
    grid = ctx.grids[map_id]
    example = grid.hex_id(grid.first_column, grid.first_row)
    text = f"{what} {hex_id!r} is not a hex id of map {map_id!r} (expected the form {example!r})"
    if hex_id.isdigit() and len(hex_id) < len(example):
        padded = hex_id.zfill(len(example))
        text += f"; a lost leading zero? did you mean {padded!r}? (format the column as text in the spreadsheet)"
    return text


def off_map_text(ctx: Context, map_id: str, hex_id: str, what: str) -> str:
    grid = ctx.grids[map_id]
    first = grid.hex_id(grid.first_column, grid.first_row)
    last = grid.hex_id(grid.first_column + grid.columns - 1, grid.first_row + grid.rows - 1)
    return f"{what} {hex_id!r} is off map {map_id!r} (hexes run from {first} to {last})"


@rule("hex.ids", "hex ids in the map tables are well formed and on the map", reads=(MAP,))
def hex_rows(ctx: Context):
    for h in ctx.game.hexes:
        found = locate_hex(ctx, h.map_id, h.hex_id, h.at("hex"), "hex.map", "hex")
        if isinstance(found, Issue):
            yield found


@rule("hexside", "hexsides are unique and lie between adjacent hexes", reads=(MAP,))
def hexsides(ctx: Context):
    seen: dict[tuple, Location] = {}
    for side in ctx.game.hexsides:
        a = locate_hex(ctx, side.map_id, side.hex_a, side.at("hex"), "hex.map", "hexside hex")
        b = locate_hex(ctx, side.map_id, side.hex_b, side.at("neighbour"), "hex.map", "hexside neighbour")
        bad = [x for x in (a, b) if isinstance(x, Issue)]
        if bad:
            yield from bad
            continue
        grid = ctx.grids[side.map_id]
        if grid.direction_between(a, b) is None:
            yield Issue(side.at("neighbour"), "hexside.not-adjacent",
                        f"hexes {side.hex_a} and {side.hex_b} are not adjacent, so they share no hexside")
            continue
        key = (side.map_id, grid.hexside_key(a, b), side.feature)
        if key in seen:
            yield Issue(side.where, "hexside.duplicate",
                        f"hexside {side.hex_a}/{side.hex_b} already has {side.feature!r} (at {seen[key]})")
        else:
            seen[key] = side.where


@rule("map.lines", "named lines follow hexsides between adjacent hexes", reads=())
def named_lines(ctx: Context):
    for n, map_spec in enumerate(ctx.game.spec.maps):
        for l_index, line in enumerate(map_spec.lines):
            where = ctx.game.spec_where("maps", n, "lines", l_index, "hexsides")
            for pair in line.hexsides:
                parts = pair.split("/")
                if len(parts) != 2:
                    yield Issue(where, "map.lines", f"line {line.id!r}: expected a hexside as 'HHHH/HHHH', found {pair!r}")
                    continue
                found = [locate_hex(ctx, map_spec.id, p.strip(), where, "hex.map", f"line {line.id!r} hex") for p in parts]
                bad = [x for x in found if isinstance(x, Issue)]
                if bad:
                    yield from bad
                elif ctx.grids[map_spec.id].direction_between(*found) is None:
                    yield Issue(where, "hexside.not-adjacent", f"line {line.id!r}: hexes {pair} are not adjacent")
