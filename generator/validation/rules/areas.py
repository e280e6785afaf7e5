"""area.* and link.*: the areas of an area map stand on its board, apart; its links join
existing areas, each link given once or the same from both ends."""

from __future__ import annotations

import math
from collections import defaultdict

from generator.model.mapdata import Link
from generator.model.source import Location
from generator.io.inputs import MAP, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity
from generator.validation.rules.references import unknown


def _num(value: float) -> str:
    return f"{value:g}"


@rule("area.position", "every area stands on its map's board", reads=(MAP,))
def area_positions(ctx: Context):
    g = ctx.game
    for area in g.areas:
        board = g.maps[area.map_id].board
        if math.isnan(area.x_mm) or math.isnan(area.y_mm):
            continue  # areas.position said what is wrong with the cell
        if not (0 <= area.x_mm <= board.width_mm and 0 <= area.y_mm <= board.height_mm):
            yield Issue(area.at("x"), "area.position",
                        f"area {area.area_id!r} at ({_num(area.x_mm)}, {_num(area.y_mm)}) mm is off the board of map "
                        f"{area.map_id!r} (x 0-{_num(board.width_mm)}, y 0-{_num(board.height_mm)} mm)")


@rule("area.overlap", "areas stand far enough apart not to be drawn over each other", reads=(MAP,))
def area_overlaps(ctx: Context):
    g = ctx.game
    by_map = defaultdict(list)
    for area in g.areas:
        by_map[area.map_id].append(area)
    for map_id, areas in by_map.items():
        board = g.maps[map_id].board
        size = board.area_size_mm
        width, height = area_box_mm(board)
        for index, area in enumerate(areas):
            for other in areas[:index]:
                apart = math.dist((area.x_mm, area.y_mm), (other.x_mm, other.y_mm))
                dx, dy = abs(area.x_mm - other.x_mm), abs(area.y_mm - other.y_mm)
                touching = apart < size if board.area_shape == "circle" else dx < width and dy < height
                if touching and area.area_id != other.area_id:
                    yield Issue(area.at("x"), "area.overlap",
                                f"areas {other.area_id!r} and {area.area_id!r} are {apart:.0f} mm apart, closer than "
                                f"an area is drawn ({_num(size)} mm): they overlap on the map", Severity.WARNING)


def area_box_mm(board) -> tuple[float, float]:
    """The width and height an area is drawn at (a rounded box is a little wider than tall)."""
    size = board.area_size_mm
    return size, size * 0.8 if board.area_shape == "rounded" else size


ROOM_GAP_MM = 1.0  # between two pieces standing side by side, and at the area's edge


@rule("area.room", "an area is large enough for the most pieces the stacking rules let stand in it",
      reads=(UNITS,))
def area_room(ctx: Context):
    """With blocks (or counters) of print.block_size_mm (counter_size_mm), the stacking
    limit's count of pieces must fit in an area side by side, in a square as near as may be."""
    g = ctx.game
    limits = [limit for limit in g.spec.stacking.limits if limit.measure == "units"]
    if not limits:
        return
    most = int(max(limit.max for limit in limits))
    blocks = any(g.is_block(unit) for unit in g.units)
    piece = g.spec.print.block_size_mm if blocks else g.spec.print.counter_size_mm
    what = "blocks" if blocks else "counters"
    columns = math.ceil(math.sqrt(most))
    rows = math.ceil(most / columns)
    need = (columns * piece + (columns + 1) * ROOM_GAP_MM, rows * piece + (rows + 1) * ROOM_GAP_MM)
    for m, spec in enumerate(g.spec.maps):
        if not spec.is_area or most < 1:
            continue
        width, height = area_box_mm(spec.board)
        if spec.board.area_shape == "circle":
            width = height = spec.board.area_size_mm / math.sqrt(2)  # the square inside the circle
        if width + 1e-6 < need[0] or height + 1e-6 < need[1]:
            yield Issue(g.spec_where("maps", m, "board", "area_size_mm"), "area.room",
                        f"map {spec.id!r}: an area ({_num(round(width, 1))} x {_num(round(height, 1))} mm) cannot hold "
                        f"{most} {what} of {_num(piece)} mm side by side (the stacking limit), which need "
                        f"{_num(round(need[0], 1))} x {_num(round(need[1], 1))} mm", Severity.WARNING)


@rule("area.squares", "the squares an area prints are colours its board declares", reads=(MAP,))
def area_squares(ctx: Context):
    g = ctx.game
    for area in g.areas:
        board = g.maps[area.map_id].board
        for name, _count in area.squares:
            if name not in board.squares:
                known = ", ".join(board.squares) or "none: declare them under the map's board, squares"
                yield Issue(area.at("squares"), "area.squares",
                            f"area {area.area_id!r}: square colour {name!r} is not one of the board's squares "
                            f"(known: {known})")


@rule("link", "links join two existing areas of their map, with declared kinds, given once or alike both ways",
      reads=(MAP,))
def links(ctx: Context):
    g = ctx.game
    seen: dict[tuple, Link] = {}
    for link in g.links:
        areas = {a.area_id for a in g.areas if a.map_id == link.map_id}
        bad = False
        for column, area_id in (("from", link.area_a), ("to", link.area_b)):
            if area_id not in areas:
                yield unknown(link.at(column), "area", area_id, areas)
                bad = True
        for kind in link.kinds:
            if kind not in g.hexside_features:
                yield unknown(link.at("kind"), "link kind", kind, g.hexside_features)
        if not link.kinds:
            yield Issue(link.at("kind"), "link.kind", "a link needs a kind (a hexside feature id such as road or rail)")
        if bad:
            continue
        if link.area_a == link.area_b:
            yield Issue(link.at("to"), "link.self", f"link from area {link.area_a!r} to itself")
            continue
        yield from _against_earlier(link, seen)


def _against_earlier(link: Link, seen: dict[tuple, Link]):
    """A link given again: the same way round is a duplicate; the other way round must agree."""
    same = seen.get((link.map_id, link.area_a, link.area_b))
    if same is not None:
        yield Issue(link.where, "link.duplicate",
                    f"link {link.area_a} -> {link.area_b} is given twice (first at {same.where})")
        return
    reverse = seen.get((link.map_id, link.area_b, link.area_a))
    if reverse is not None and set(reverse.kinds) != set(link.kinds):
        yield Issue(link.at("kind"), "link.asymmetric",
                    f"link {link.area_a} -> {link.area_b} is {_kinds(link)}, but the same link given the other way "
                    f"round at {reverse.where} is {_kinds(reverse)}; a link is the same from both ends")
    seen[(link.map_id, link.area_a, link.area_b)] = link


def _kinds(link: Link) -> str:
    return "'" + ";".join(link.kinds) + "'"


@rule("area.isolated", "every area of a map with links has at least one", reads=(MAP,))
def isolated_areas(ctx: Context):
    g = ctx.game
    linked = {(link.map_id, area) for link in g.links for area in (link.area_a, link.area_b)}
    maps_with_links = {link.map_id for link in g.links}
    for area in g.areas:
        if area.map_id in maps_with_links and (area.map_id, area.area_id) not in linked:
            yield Issue(area.at("id"), "area.isolated",
                        f"area {area.area_id!r} has no link to any other area: no unit can enter or leave it",
                        Severity.WARNING)


def area_where(ctx: Context, map_id: str, area_id: str, where: Location, what: str) -> Issue | None:
    """None when `area_id` is an area of area map `map_id`, else the Issue saying why not."""
    spec = ctx.game.maps.get(map_id)
    if spec is None:
        return Issue(where, "ref.unknown-map", f"{what} names map {map_id!r}, which the game does not declare")
    if not spec.is_area:
        return Issue(where, "setup.area-exists",
                     f"{what} {area_id!r}: map {map_id!r} is a hex map; give a 'hex', not an 'area'")
    if (map_id, area_id) not in ctx.game.area_index:
        areas = {a.area_id for a in ctx.game.areas if a.map_id == map_id}
        found = unknown(where, "area", area_id, areas)
        return Issue(where, "setup.area-exists", f"{what} on map {map_id!r}: {found.message}")
    return None
