"""Where a unit stands (a `Spot`: a hex or area of a map, or a box) and whether a restriction's
`Place` holds it; which restrictions are in force in a scenario (the game's, changed along the
scenario's `extends` chain). Shared by the `restriction.*` checks and the printed rules."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from generator.model.game import Game
from generator.model.mapdata import Link
from generator.model.restrictions import Beyond, Links, Place, PlacedRestriction, Restriction
from generator.model.selectors import UnitSelector
from generator.model.scenario import Scenario
from generator.validation.placing import area_for


@dataclass(frozen=True)
class Spot:
    """A hex or an area (`place`) of map `map_id`, or a box."""

    map_id: str | None
    place: str | None
    box: str | None = None

    def label(self, game: Game) -> str:
        if self.box is not None:
            return f"box {self.box}"
        spec = game.maps.get(self.map_id or "")
        word = "area" if spec is not None and spec.is_area else "hex"
        other = f" of map {self.map_id}" if len(game.maps) > 1 else ""
        return f"{word} {self.place}{other}"


def region_of(game: Game, spot: Spot) -> str | None:
    spec = game.maps.get(spot.map_id or "")
    if spec is None or spot.place is None:
        return None
    row = game.place(spot.map_id, spot.place)
    return (row.region if row is not None and row.region else None) or spec.default_region


def _terrain(game: Game, spot: Spot) -> str | None:
    spec = game.maps[spot.map_id]
    row = game.place(spot.map_id, spot.place)
    return (row.terrain if row is not None and row.terrain else None) or spec.default_terrain


def _features(game: Game, spot: Spot) -> tuple[str, ...]:
    row = game.place(spot.map_id, spot.place)
    return tuple(row.features) if row is not None else ()


def _coords(game: Game, spot: Spot) -> tuple[int, int] | None:
    spec = game.maps[spot.map_id]
    if spec.is_area:
        return None
    return area_for(game, spot.map_id).coords.get(spot.place)


def beyond(game: Game, map_id: str, rule: Beyond, coords: tuple[int, int]) -> bool:
    """Whether the hex at `coords` lies beyond the row or column on `rule.side`: strictly (the
    row itself is on neither side), or, for a named line with a row or column N (drawn between
    N-1 and N), on its side of the line."""
    grid = game.maps[map_id].grid
    row, column, boundary = rule.row, rule.column, False
    if rule.line is not None:
        line = next((ln for ln in game.maps[map_id].lines if ln.id == rule.line), None)
        if line is None or (line.row is None and line.column is None):
            return False
        row, column, boundary = line.row, line.column, True
    col, hex_row = coords
    if row is not None:
        number, value, lesser = row, hex_row, ("north" if grid.row_direction == "north_south" else "south")
    else:
        number, value, lesser = column, col, ("west" if grid.column_direction == "west_east" else "east")
    if rule.side not in (lesser, _OPPOSITE[lesser]):
        return False
    if rule.side == lesser:
        return value < number
    return value >= number if boundary else value > number


_OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def _on_edge(game: Game, map_id: str, edge: str, coords: tuple[int, int]) -> bool:
    grid = game.maps[map_id].grid
    first_col, last_col = grid.first_column, grid.first_column + grid.columns - 1
    first_row, last_row = grid.first_row, grid.first_row + grid.rows - 1
    col, row = coords
    if edge in ("west", "east"):
        west = first_col if grid.column_direction == "west_east" else last_col
        east = last_col if west == first_col else first_col
        return col == (west if edge == "west" else east)
    north = first_row if grid.row_direction == "north_south" else last_row
    south = last_row if north == first_row else first_row
    return row == (north if edge == "north" else south)


def in_range(game: Game, map_id: str, text_range: tuple[str, str], coords: tuple[int, int]) -> bool:
    box = _range_box(game, map_id, text_range)
    return box is not None and _in_box(box, coords)


def _range_box(game: Game, map_id: str, text_range: tuple[str, str]) -> tuple[int, int, int, int] | None:
    """(first column, last column, first row, last row) of a range of hexes; None when an end
    is not a hex of the map."""
    area = area_for(game, map_id)
    ends = [area.coords.get(text_range[0]), area.coords.get(text_range[1])]
    if None in ends:
        return None
    (c1, r1), (c2, r2) = ends
    return min(c1, c2), max(c1, c2), min(r1, r2), max(r1, r2)


def _in_box(box: tuple[int, int, int, int], coords: tuple[int, int]) -> bool:
    return box[0] <= coords[0] <= box[1] and box[2] <= coords[1] <= box[3]


def holds(game: Game, place: Place, spot: Spot) -> bool:
    """Whether `place` holds the spot (every key it gives must hold) by where the spot is:
    `near` and `empty` ask who stands where, which the checks know (validation/nearby.py); a
    place of links holds no spot."""
    if spot.box is not None:
        return place.boxes is not None and spot.box in place.boxes
    if place.boxes is not None or place.links is not None or spot.map_id not in game.maps or spot.place is None:
        return False
    if place.maps is not None and spot.map_id not in place.maps:
        return False
    if place.areas is not None and spot.place not in place.areas:
        return False
    if place.regions is not None and region_of(game, spot) not in place.regions:
        return False
    if place.terrain is not None and _terrain(game, spot) not in place.terrain:
        return False
    if place.features is not None and not set(place.features) & set(_features(game, spot)):
        return False
    if place.shore_of is not None and not _on_shore(game, spot, place.shore_of):
        return False
    if place.hexes is None and place.edges is None and not place.beyond and not place.coastal:
        return True
    coords = _coords(game, spot)
    if coords is None:
        return False  # an area is never a hex, on an edge, on a coast or beyond a row
    if place.coastal and spot.place not in area_for(game, spot.map_id).coastal:
        return False
    if place.hexes is not None and not any(in_range(game, spot.map_id, r, coords) for r in place.ranges()):
        return False
    if place.edges is not None and not any(_on_edge(game, spot.map_id, e, coords) for e in place.edges):
        return False
    return all(beyond(game, spot.map_id, b, coords) for b in place.beyond)


def held_in(game: Game, place: Place, map_id: str, names) -> list[str]:
    """Those of `names` (hexes or areas of `map_id`, in their order) that `place` holds, as
    `holds` says of each: asked only of the names its areas, coast, hexes and edges leave
    possible (a map of 1,700 hexes, a place of a few dozen)."""
    found = list(names)
    if place.areas is not None:
        wanted = set(place.areas)
        found = [name for name in found if name in wanted]
    spec = game.maps.get(map_id)
    if spec is not None and not spec.is_area and (place.coastal or place.hexes is not None or place.edges is not None):
        area = area_for(game, map_id)
        coords = area.coords
        found = [name for name in found if name in coords]
        if place.coastal:
            found = [name for name in found if name in area.coastal]
        if place.hexes is not None:
            boxes = [box for box in (_range_box(game, map_id, r) for r in place.ranges()) if box is not None]
            found = [name for name in found if any(_in_box(box, coords[name]) for box in boxes)]
        if place.edges is not None:
            found = [name for name in found if any(_on_edge(game, map_id, e, coords[name]) for e in place.edges)]
    return [name for name in found if holds(game, place, Spot(map_id, name))]


def _on_shore(game: Game, spot: Spot, regions: list[str]) -> bool:
    """Whether the spot lies outside the regions but next to a hex of them (on an area map: an
    area linked to one of theirs): the shore of a sea or a lake the regions name."""
    if region_of(game, spot) in regions:
        return False
    if game.maps[spot.map_id].is_area:
        ends = [ln.area_b if ln.area_a == spot.place else ln.area_a for ln in links_of(game, spot.map_id, spot.place)]
    else:
        ends = area_for(game, spot.map_id).neighbours(spot.place)
    return any(region_of(game, Spot(spot.map_id, end)) in regions for end in ends)


def open_then(place: Place | Restriction, turn: int, events: dict[str, int]) -> bool:
    """Whether a place (or a restriction) open only after or before an event is open (in force)
    on `turn`, by the turns the scenario dates its events (`events`): from the turn of
    `after_event` on (never, when it is not dated), and before the turn of `until_event`
    (always, when it is not dated)."""
    if place.after_event is not None and (place.after_event not in events or turn < events[place.after_event]):
        return False
    return place.until_event is None or place.until_event not in events or turn < events[place.until_event]


def holds_any(game: Game, places: list[Place], spot: Spot) -> bool:
    return any(holds(game, place, spot) for place in places)


# -- links of area maps and distances -----------------------------------------------------

def links_of(game: Game, map_id: str, area_id: str) -> list[Link]:
    """The links with an end in the area, in the table's order."""
    return [ln for ln in game.links if ln.map_id == map_id and area_id in (ln.area_a, ln.area_b)]


def link_between(game: Game, map_id: str, a: str, b: str) -> Link | None:
    pair = (a, b) if a <= b else (b, a)
    return next((ln for ln in game.links if ln.map_id == map_id and ln.pair == pair), None)


def link_in(game: Game, chosen: Links, link: Link) -> bool:
    """Whether the link is one of those `chosen` names (every key given must hold)."""
    if chosen.between is not None and link.pair != tuple(sorted(chosen.between)):
        return False
    if chosen.kinds is not None and not set(chosen.kinds) & set(link.kinds):
        return False
    if chosen.to is not None and not any(holds(game, chosen.to, Spot(link.map_id, end))
                                         for end in (link.area_a, link.area_b)):
        return False
    return True


def link_in_any(game: Game, places: list[Place], link: Link) -> bool:
    return any(link_in(game, chosen, link) for place in places for chosen in place.links or ())


def distance(game: Game, map_id: str, a: str, b: str) -> int | None:
    """Hexes between two hexes of a hex map, or links between two areas of an area map (None:
    off the map, or no path)."""
    spec = game.maps.get(map_id)
    if spec is None:
        return None
    if not spec.is_area:
        return area_for(game, map_id).distance(a, b)
    seen, todo = {a: 0}, deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return seen[here]
        for link in links_of(game, map_id, here):
            there = link.area_b if link.area_a == here else link.area_a
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return None


def mark_restrictions(game: Game) -> list[PlacedRestriction]:
    """The restrictions a feature's `setup_mark` stands for: at set-up, no unit of another side
    on the mark (id "<feature>.side"), at most `holds` units on each (id "<feature>.holds")."""
    out = []
    for n, feature in enumerate(game.spec.hex_features):
        mark = feature.setup_mark
        if mark is None:
            continue
        where, on = game.spec_where("hex_features", n, "setup_mark"), [Place(features=[feature.id])]
        if mark.side is not None:
            spec = Restriction(id=f"{feature.id}.side", units=UnitSelector(exclude=UnitSelector(sides=[mark.side])),
                               when="setup", never_in=on, source=feature.source)
            out.append(PlacedRestriction(spec, where))
        if mark.holds is not None:
            spec = Restriction.model_validate({"id": f"{feature.id}.holds", "when": "setup", "max": mark.holds,
                                               "in": [{"features": [feature.id]}], "source": feature.source})
            out.append(PlacedRestriction(spec, where))
    return out


def in_force(game: Game, scenario: Scenario | None) -> list[PlacedRestriction]:
    """The game's restrictions (and those its set-up marks stand for) as `scenario` changes
    them along its chain (farthest first): an entry with a known id replaces it, `off: true`
    lifts it, a new id adds one."""
    found: dict[str, PlacedRestriction] = {placed.spec.id: placed for placed in mark_restrictions(game)}
    for n, spec in enumerate(game.spec.restrictions):
        found.setdefault(spec.id, PlacedRestriction(spec, game.spec_where("restrictions", n)))
    for placed in scenario.restrictions if scenario is not None else ():
        if placed.spec.off:
            found.pop(placed.spec.id, None)
        else:
            found[placed.spec.id] = placed
    return list(found.values())
