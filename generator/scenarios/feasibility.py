"""Where each free unit of a side may go (its candidate hexes), and the constraint sets no
deployment can meet, found before searching and said in words: a unit with no open hex, a
set of units that cannot fit the hexes open to them, an `at_least` no unit can reach, more
markers than places for them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from generator.errors import WarkitError
from generator.model.deployment import AtLeast, Group
from generator.model.game import Game
from generator.model.scenario import Scenario
from generator.scenarios.board import Board, Piece
from generator.validation.placing import MapArea, area_for, group_armies


class CannotDeploy(WarkitError):
    """No legal deployment: the message names the constraint that cannot be met."""


def _names(game: Game, region_ids) -> str:
    return ", ".join(game.regions[r].name if r in game.regions else r for r in region_ids)


@dataclass(frozen=True)
class Need:
    group: Group
    spec: AtLeast
    where: str  # the regions in words

    def message(self, done: int) -> str:
        return (f"group {self.group.group_id!r} must set up at least {self.spec.count} unit(s) in {self.where}, "
                f"but only {done} of its units could be placed there")


class Candidates:
    """The free units of one side with the hexes each may stand in."""

    def __init__(self, game: Game, scenario: Scenario, side: str, markers: dict[str, str]):
        self.game, self.scenario, self.side, self.markers = game, scenario, side, markers
        self.area: MapArea = area_for(game, scenario.map_id)
        free = set(scenario.free_units())
        self.group: dict[str, Group] = {}
        self.units: list[str] = []
        for group in scenario.deployment.groups:
            if group.spec.side != side:
                continue
            for unit_id in group.unit_ids:
                if unit_id in free and unit_id in game.unit_index and unit_id not in self.group:
                    self.group[unit_id] = group
                    self.units.append(unit_id)
        self.armies = {g.group_id: group_armies(game, g) for g in scenario.deployment.groups}
        self._hexes: dict[tuple, list[str]] = {}
        self._by_unit: dict[tuple[str, str | None], list[str]] = {}

    # -- candidate hexes
    def open_hexes(self, unit_id: str) -> list[str]:
        """Hexes of the group's regions the unit may set up in, before `within`."""
        unit, group = self.game.unit_index[unit_id], self.group[unit_id]
        return self.area.open_to(unit.nationality, self.game.side_of(unit), group.spec.regions)

    def origin(self, group: Group, army: str | None) -> tuple[str, str | None]:
        """(words, hex) of what the unit must stay near; hex None when it is not on the map."""
        within = group.spec.within
        if within.of_hex is not None:
            return f"hex {within.of_hex}", within.of_hex
        name = within.marker_for(army)
        where = self.markers.get(name)
        return (f"marker {name!r} in {where}" if where else f"marker {name!r}"), where

    def armies_for(self, unit_id: str) -> list[str | None]:
        """The armies whose range the unit may use: its own, or each it may join."""
        unit, group = self.game.unit_index[unit_id], self.group[unit_id]
        within = group.spec.within
        if within is None or not within.per_army:
            return [None]
        if unit.army in group.spec.any_army:
            return list(self.armies[group.group_id])
        return [unit.army]

    def hexes_of(self, unit_id: str, army: str | None) -> list[str]:
        """Candidate hexes: open, and near the origin of `army` (None: of any army it may use).
        Units with the same candidates share one list: do not change it."""
        found = self._by_unit.get((unit_id, army))
        if found is None:
            found = self._by_unit[(unit_id, army)] = self._hexes_of(unit_id, army)
        return found

    def _hexes_of(self, unit_id: str, army: str | None) -> list[str]:
        unit, group = self.game.unit_index[unit_id], self.group[unit_id]
        armies = (army,) if army is not None else tuple(self.armies_for(unit_id))
        key = (group.group_id, unit.nationality, armies)
        if key not in self._hexes:
            within = group.spec.within
            origins = None if within is None else tuple(self.origin(group, a)[1] for a in armies)
            self._hexes[key] = self.area.open_near(unit.nationality, self.game.side_of(unit), group.spec.regions,
                                                   origins, within.hexes if within else 0)
        return self._hexes[key]

    def ordered(self, board: Board) -> list[str]:
        """Most constrained first: fewest candidate hexes, then the heavier, then data order."""
        index = {u: i for i, u in enumerate(self.units)}

        def key(unit_id):
            weight = sum(board.measures(Piece(self.game.unit_index[unit_id], None, None)))
            return (len(self.hexes_of(unit_id, None)), -weight, index[unit_id])
        return sorted(self.units, key=key)

    @cached_property
    def needs(self) -> list[tuple[Need, set[str]]]:
        out = []
        seen = set()
        for group in (self.group[u] for u in self.units):
            if group.group_id in seen:
                continue
            seen.add(group.group_id)
            for spec in group.spec.at_least:
                hexes = self.area.in_regions(spec.regions)
                out.append((Need(group, spec, _names(self.game, spec.regions)), hexes))
        return out

    # -- words
    def no_hex_message(self, unit_id: str) -> str:
        group = self.group[unit_id]
        spec = group.spec
        head = f"no hex is open to unit {unit_id!r} of group {group.group_id!r}: "
        if not self.open_hexes(unit_id):
            if spec.regions is None:
                return head + f"no hex of map {self.scenario.map_id!r} may hold it"
            return head + f"no hex of {_names(self.game, spec.regions)} on map {self.scenario.map_id!r} may hold it"
        armies = self.armies_for(unit_id)
        origins = [self.origin(group, a) for a in armies]
        missing = [words for words, hex_id in origins if hex_id is None]
        if missing and len(missing) == len(origins):
            return head + f"it must stand near {' or '.join(missing)}, which is not on the map"
        regions = _names(self.game, spec.regions) if spec.regions is not None else "the hexes it may set up in"
        return head + (f"none of {regions} lies within {spec.within.hexes} hexes of "
                       f"{' or '.join(words for words, _ in origins)}")

    def stuck_message(self, unit_id: str, hexes: list[str], board: Board, pieces) -> str:
        group = self.group[unit_id]
        piece = pieces[0][0]
        reasons = Counter(board.refusal(h, piece) or "free" for h in hexes)
        said = ", ".join(f"{n} {why}" for why, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
        return (f"could not place unit {unit_id!r} of group {group.group_id!r}: none of the {len(hexes)} hexes "
                f"open to it has room left ({said})")


def check_feasible(c: Candidates, board: Board) -> None:
    """Raise CannotDeploy when no deployment of the side can meet the constraints."""
    for unit_id in c.units:
        if not c.hexes_of(unit_id, None):
            raise CannotDeploy(c.no_hex_message(unit_id))
    _room(c, board)
    for need, hexes in c.needs:
        able = [u for u in need.group.unit_ids if u in c.group and not hexes.isdisjoint(c.hexes_of(u, None))]
        if len(able) < need.spec.count:
            raise CannotDeploy(f"group {need.group.group_id!r} must set up at least {need.spec.count} unit(s) in "
                             f"{need.where}, but only {len(able)} of its units may stand there")


def _room(c: Candidates, board: Board) -> None:
    """Units sharing the same candidate hexes must fit them under every stacking limit."""
    sets: dict[int, list[str]] = {}  # units whose candidates are the same (shared) list
    for unit_id in c.units:
        sets.setdefault(id(c.hexes_of(unit_id, None)), []).append(unit_id)
    game = c.game
    for unit_ids in sets.values():
        hexes = c.hexes_of(unit_ids[0], None)
        inside = set(hexes)
        side = game.side_of(game.unit_index[unit_ids[0]])
        blocked = [h for h in board.stacks if h in inside and _enemy(board, h, side)]
        shared = [board.stacks[h] for h in board.stacks if h in inside and not _enemy(board, h, side)]
        usable = len(hexes) - len(blocked)
        pieces = [Piece(game.unit_index[u], None, None) for u in unit_ids]
        for i, limit in enumerate(board.limits):
            need = sum(board.measures(p)[i] for p in pieces)
            room = limit.max * usable - sum(min(limit.max, stack.totals[i]) for stack in shared)
            if need > room + 1e-9:
                group = c.group[unit_ids[0]]
                raise CannotDeploy(
                    f"the {len(unit_ids)} unit(s) of group {group.group_id!r} that may use the same "
                    f"{len(hexes)} hexes ({_span(hexes)}) need room for {_num(need)} {limit.measure} there, "
                    f"but those hexes hold at most {_num(room)} more under '{limit.name or limit.measure}'")
        for type_id, count in Counter(game.unit_index[u].type_id for u in unit_ids).items():
            most = game.unit_types[type_id].max_per_hex if type_id in game.unit_types else None
            if most is not None and count > most * usable:
                raise CannotDeploy(f"{count} {game.unit_types[type_id].name} units must fit {usable} hexes, "
                                 f"at most {most} to a hex")


def _enemy(board: Board, hex_id: str, side: str | None) -> bool:
    stack = board.stacks.get(hex_id)
    return bool(stack and stack.sides and side not in stack.sides)


def _span(hexes) -> str:
    shown = list(hexes)[:3]
    return ", ".join(shown) + (" …" if len(hexes) > 3 else "")


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def marker_spots(game: Game, scenario: Scenario, rule_at) -> list[str]:
    """Hexes where a marker rule lets its markers go; raises CannotDeploy when too few."""
    spec = rule_at.spec
    spots = area_for(game, scenario.map_id).spots(spec.regions, spec.not_next_to)
    needed = len(spec.markers) if spec.one_per_hex else 1
    if len(spots) < needed:
        where = _names(game, spec.regions) if spec.regions is not None else f"map {scenario.map_id!r}"
        away = f" away from {_names(game, spec.not_next_to)}" if spec.not_next_to else ""
        raise CannotDeploy(f"the {len(spec.markers)} markers of side {spec.side!r} need {needed} hex(es) of "
                         f"{where}{away}, but only {len(spots)} are there")
    return spots
