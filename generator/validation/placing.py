"""Where a deployment lets a unit stand: the one reading of the constraints that the checks
(rules/deployment.py) and the deployment generator (generator/scenarios/) share.

A hex is *open* to a unit when it is on the scenario's map, its terrain is not prohibited, its
region is not neutral nor barred to the unit's nationality or side (the `setup` check), and it
lies in one of the group's `regions` (any region when the group names none). `within` then
limits it to hexes near the unit's army's marker (or a hex).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from generator.geometry.hexgrid import HexGrid
from generator.geometry.mapgrid import grid_for
from generator.model.deployment import Group
from generator.model.game import Game
from generator.model.mapstyles import terrain_style
from generator.model.scenario import Placement, Scenario
from generator.model.units import Unit


@dataclass(frozen=True)
class MapArea:
    """One map's hexes with their region and whether units may stand there at all."""

    game: Game
    map_id: str
    _memo: dict = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def grid(self) -> HexGrid:
        return grid_for(self.game.maps[self.map_id].grid)

    @cached_property
    def hexes(self) -> tuple[str, ...]:
        """Every hex of the grid, in the grid's order."""
        return tuple(self.grid.hex_id(col, row) for col, row in self.grid.cells())

    @cached_property
    def order(self) -> dict[str, int]:
        """hex id -> its place in the grid's order (for sorting sets of hexes)."""
        return {hex_id: n for n, hex_id in enumerate(self.hexes)}

    @cached_property
    def region_of(self) -> dict[str, str | None]:
        spec = self.game.maps[self.map_id]
        found = {h.hex_id: h for h in self.game.hexes if h.map_id == self.map_id}
        return {hex_id: (found[hex_id].region if hex_id in found and found[hex_id].region else spec.default_region)
                for hex_id in self.hexes}

    @cached_property
    def land(self) -> frozenset[str]:
        """Hexes whose terrain a unit may stand in."""
        spec = self.game.maps[self.map_id]
        terrain = {h.hex_id: h.terrain for h in self.game.hexes if h.map_id == self.map_id}
        out = []
        for hex_id in self.hexes:
            kind = self.game.terrain.get(terrain.get(hex_id) or spec.default_terrain)
            if kind is None or not kind.prohibited:
                out.append(hex_id)
        return frozenset(out)

    @cached_property
    def coastal(self) -> frozenset[str]:
        """Land hexes on a sea coast: next to a hex whose terrain style is sea, or with a coast side
        of their own (a lake shore is no coast: no ship lands there)."""
        spec = self.game.maps[self.map_id]
        rows = {h.hex_id: h for h in self.game.hexes if h.map_id == self.map_id}

        styles: dict[str, bool] = {}  # terrain id -> whether it is sea: a map has a few terrains

        def water(hex_id: str) -> bool:
            terrain_id = (rows[hex_id].terrain if hex_id in rows and rows[hex_id].terrain else None) \
                or spec.default_terrain or ""
            if terrain_id not in styles:
                kind = self.game.terrain.get(terrain_id)
                styles[terrain_id] = terrain_style(terrain_id, kind.style if kind is not None else None) == "sea"
            return styles[terrain_id]

        wet = {hex_id for hex_id in self.hexes if water(hex_id)}
        known = set(self.hexes)
        # next to the water: the neighbours of the (few) water hexes, not the whole map's table
        shore = {n for w in wet for n in self._adjacent(w) if n in known and n not in wet}
        return frozenset(h for h in self.hexes if h not in wet and ((h in rows and rows[h].coast) or h in shore))

    @cached_property
    def coords(self) -> dict[str, tuple[int, int]]:
        return {hex_id: self.grid.parse_id(hex_id) for hex_id in self.hexes}

    def distance(self, a: str, b: str) -> int | None:
        if a not in self.coords or b not in self.coords:
            return None
        return self.grid.distance(self.coords[a], self.coords[b])

    def around(self, hex_id: str, radius: int) -> frozenset[str]:
        """Hexes of the grid within `radius` of `hex_id` (itself included)."""
        key = ("around", hex_id, radius)
        if key not in self._memo:
            found, edge = {hex_id} if hex_id in self.coords else set(), {hex_id} if hex_id in self.coords else set()
            for _ in range(radius):
                edge = {n for h in edge for n in self.neighbours(h)} - found
                found |= edge
            self._memo[key] = frozenset(found)
        return self._memo[key]

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        grid = self.grid
        return {hex_id: tuple(grid.hex_id(c, r) for _, (c, r) in grid.neighbours(*self.coords[hex_id])
                              if grid.contains(c, r)) for hex_id in self.hexes}

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        return self._neighbours.get(hex_id, ())

    def _adjacent(self, hex_id: str) -> tuple[str, ...]:
        """`neighbours`, without building the whole map's table when no one has."""
        if "_neighbours" in self.__dict__:
            return self._neighbours.get(hex_id, ())
        grid = self.grid
        return tuple(grid.hex_id(c, r) for _, (c, r) in grid.neighbours(*self.coords[hex_id]) if grid.contains(c, r))

    def barred(self, region_id: str | None, nationality: str, side: str | None) -> bool:
        region = self.game.regions.get(region_id or "")
        if region is None:
            return False
        return region.neutral or nationality in region.prohibited_to or side in region.prohibited_to

    def open_to(self, nationality: str, side: str | None, regions: list[str] | None) -> list[str]:
        """The hexes a unit of this nationality and side may set up in, within `regions`
        (in grid order; the list is shared: do not change it)."""
        key = ("open", nationality, side, None if regions is None else tuple(regions))
        if key not in self._memo:
            wanted = set(regions) if regions is not None else None
            allowed = {r: not self.barred(r, nationality, side) for r in set(self.region_of.values())}
            self._memo[key] = [h for h in self.hexes if h in self.land and allowed[self.region_of[h]]
                               and (wanted is None or self.region_of[h] in wanted)]
        return self._memo[key]

    def open_near(self, nationality: str, side: str | None, regions: list[str] | None,
                  origins: tuple[str | None, ...] | None, radius: int) -> list[str]:
        """`open_to`, limited (when `origins` is given) to hexes within `radius` of one of the
        origin hexes (None: an origin not on the map), in grid order; shared: do not change it."""
        opened = self.open_to(nationality, side, regions)
        if origins is None:
            return opened
        key = ("near", nationality, side, None if regions is None else tuple(regions), origins, radius)
        if key not in self._memo:
            nearby, allowed = set().union(*(self.around(o, radius) for o in origins if o is not None)), set(opened)
            self._memo[key] = [h for h in sorted(nearby, key=self.order.__getitem__) if h in allowed]
        return self._memo[key]

    def in_regions(self, regions: list[str]) -> frozenset[str]:
        key = ("in", tuple(regions))
        if key not in self._memo:
            wanted = set(regions)
            self._memo[key] = frozenset(h for h in self.hexes if self.region_of[h] in wanted)
        return self._memo[key]

    def spots(self, regions: list[str] | None, banned: list[str]) -> list[str]:
        """Land hexes of `regions` neither in nor next to a `banned` region (marker rules)."""
        key = ("spots", None if regions is None else tuple(regions), tuple(banned))
        if key not in self._memo:
            wanted, banned_set = (set(regions) if regions is not None else None), set(banned)
            self._memo[key] = [h for h in self.hexes if h in self.land
                               and (wanted is None or self.region_of[h] in wanted)
                               and self.region_of[h] not in banned_set
                               and not any(self.region_of.get(n) in banned_set for n in self.neighbours(h))]
        return self._memo[key]


_AREAS: dict[tuple[int, int, str], tuple[object, object, MapArea]] = {}


def area_for(game: Game, map_id: str) -> MapArea:
    """The MapArea of a map, shared by every Game with the same rules and hexes (a scenario
    swapped in with dataclasses.replace keeps both), so its tables are built once."""
    key = (id(game.spec), id(game.hexes), map_id)
    found = _AREAS.get(key)
    if found is None or found[0] is not game.spec or found[1] is not game.hexes:
        if len(_AREAS) > 16:
            _AREAS.clear()
        found = _AREAS[key] = (game.spec, game.hexes, MapArea(game, map_id))
    return found[2]


def marker_hexes(scenario: Scenario) -> dict[str, str]:
    """marker id -> the hex the scenario places it in (the first, for markers with copies)."""
    out: dict[str, str] = {}
    for placed in scenario.markers:
        if placed.hex_id:
            out.setdefault(placed.marker_id, placed.hex_id)
    return out


def army_of(unit: Unit, group: Group, placement: Placement | None) -> str | None:
    """The army a unit stands with: its own, or the one its placement gives a unit that
    joins any army (None: not given yet)."""
    if unit.army in group.spec.any_army:
        return placement.army if placement is not None else None
    return unit.army or None


def group_armies(game: Game, group: Group) -> list[str]:
    """The armies of a group's units (those that join any army left out), in number order."""
    armies = {u.army for u in (game.unit_index.get(i) for i in group.unit_ids)
              if u is not None and u.army and u.army not in group.spec.any_army}
    return sorted(armies, key=lambda a: (len(a), a))


def origins(group: Group, army: str | None, armies: list[str], markers: dict[str, str]) -> list[tuple[str, str]]:
    """(what, hex) the unit must stay near: its army's marker, the marker of any army it may
    join (`army` None), or the group's hex; [] when the group has no `within`."""
    within = group.spec.within
    if within is None:
        return []
    if within.of_hex is not None:
        return [(f"hex {within.of_hex}", within.of_hex)]
    names = [within.marker_for(a) for a in ([army] if army is not None or not within.per_army else armies)]
    return [(f"marker {name!r}", markers[name]) for name in names if name in markers]
