"""A random legal deployment of a scenario's free units, reproducible from a seed.

The solver works side by side in the deployment's order (a side sees the units placed before
it), places each side's markers first when a marker rule asks for them, then its units: the
units of `at_least` requirements first, then the others most constrained first (fewest open
hexes). Each unit tries a few random hexes and then every open hex in a random order; when
none is left it repairs the board (a unit blocking it moves elsewhere) a bounded number of
times, and only then gives up, naming the constraint that could not be met. Before searching,
`feasibility.py` rules out constraint sets no deployment can meet, with a message that says why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.model.deployment import Group
from generator.model.game import Game
from generator.model.scenario import MarkerPlacement, Placement, Scenario
from generator.model.source import Location
from generator.scenarios.board import Board, Piece
from generator.scenarios.feasibility import CannotDeploy, Candidates, check_feasible, marker_spots
from generator.validation.placing import army_of, marker_hexes

RANDOM_TRIES = 8  # random hexes tried before scanning them all
REPAIRS = 60  # units moved aside to make room, per side
MARKER_ATTEMPTS = 20  # fresh marker positions tried when a side's units cannot be placed


@dataclass
class Deployed:
    """What the generator placed, ready to be written as a scenario file."""

    source: Scenario
    seed: int
    sides: list[str]
    fixed: list[Placement]  # what the scenario already placed (kept as it is)
    placed: list[tuple[str, Placement]] = field(default_factory=list)  # (group id, placement)
    markers: list[MarkerPlacement] = field(default_factory=list)  # every marker of the new scenario
    markers_placed: int = 0


def generate(game: Game, scenario: Scenario, seed: int, sides: list[str] | None = None) -> Deployed:
    """Place every free unit (of `sides`, default all) of `scenario`'s deployment."""
    plan = scenario.deployment
    if plan is None:
        raise CannotDeploy(f"scenario {scenario.scenario_id!r} has no deployment: nothing to generate "
                           "(give it a `deployment:` key, see docs/data-format.md)")
    order = plan.sides_in_order([s.id for s in game.spec.sides])
    to_do = _sides_to_do(game, scenario, order, sides)
    rng = random.Random(seed)
    result = Deployed(scenario, seed, to_do, list(scenario.setup), markers=list(scenario.markers))
    board = Board(game, scenario.start_turn)
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        group = plan.group_of.get(placement.unit_id)
        if unit is not None and placement.hex_id is not None:
            board.put(placement.hex_id, _piece(unit, group, placement))
    for side in to_do:
        _deploy_side(game, scenario, side, rng, board, result)
    return result


def _sides_to_do(game: Game, scenario: Scenario, order: list[str], wanted: list[str] | None) -> list[str]:
    free = set(scenario.free_units())
    placed_markers = marker_hexes(scenario)
    pending = {side for side in order
               if any(g.spec.side == side and set(g.unit_ids) & free for g in scenario.deployment.groups)
               or any(r.spec.side == side and not set(r.spec.markers) <= set(placed_markers)
                      for r in scenario.deployment.marker_rules)}
    for side in wanted or ():
        if side not in game.sides:
            raise CannotDeploy(f"no side {side!r} (sides: {', '.join(game.sides)})")
        if side not in pending:
            raise CannotDeploy(f"side {side!r} has nothing left to deploy in scenario {scenario.scenario_id!r}")
    if not pending:
        raise CannotDeploy(f"scenario {scenario.scenario_id!r} has nothing left to deploy: every unit of its "
                           "deployment is placed")
    return [side for side in order if side in pending and (wanted is None or side in wanted)]


def _piece(unit, group: Group | None, placement: Placement | None) -> Piece:
    army = army_of(unit, group, placement) if group is not None and group.spec.army_stacking else None
    return Piece(unit, placement.steps if placement is not None else None, army)


# -- one side ---------------------------------------------------------------------------

def _deploy_side(game: Game, scenario: Scenario, side: str, rng: random.Random, board: Board, result: Deployed):
    rules = [r for r in scenario.deployment.marker_rules
             if r.spec.side == side and not set(r.spec.markers) <= set(marker_hexes(scenario))]
    last: CannotDeploy | None = None
    for _ in range(MARKER_ATTEMPTS if rules else 1):
        markers = dict(marker_hexes(scenario))
        new_markers = _place_markers(game, scenario, rules, rng, markers)
        candidates = Candidates(game, scenario, side, markers)
        check_feasible(candidates, board)
        try:
            placed = _Solver(game, scenario, candidates, board, rng).run()
        except CannotDeploy as exc:
            last = exc
            continue
        result.placed += placed
        result.markers += new_markers
        result.markers_placed += len(new_markers)
        return
    raise last


def _place_markers(game, scenario, rules, rng, markers: dict[str, str]) -> list[MarkerPlacement]:
    out = []
    for rule_at in rules:
        spec = rule_at.spec
        todo = [m for m in spec.markers if m not in markers]
        spots = marker_spots(game, scenario, rule_at)
        taken = {markers[m] for m in spec.markers if m in markers} if spec.one_per_hex else set()
        free = [h for h in spots if h not in taken]
        chosen = rng.sample(free, len(todo)) if spec.one_per_hex else [rng.choice(free) for _ in todo]
        for marker_id, hex_id in zip(todo, chosen):
            markers[marker_id] = hex_id
            out.append(MarkerPlacement(marker_id, hex_id, None, None, Location("")))
    return out


class _Solver:
    def __init__(self, game: Game, scenario: Scenario, candidates: Candidates, board: Board, rng: random.Random):
        self.game, self.scenario, self.c, self.board, self.rng = game, scenario, candidates, board, rng
        self.where: dict[str, tuple[str, Piece, str | None]] = {}  # unit -> (hex, piece, army given)

    def run(self) -> list[tuple[str, Placement]]:
        try:
            for need, region_hexes in self.c.needs:
                self._meet(need, region_hexes)
            for unit_id in self.c.ordered(self.board):
                if unit_id not in self.where:
                    self._place(unit_id)
        except CannotDeploy:
            for unit_id, (hex_id, piece, _) in self.where.items():
                self.board.take(hex_id, piece)
            raise
        return [(self.c.group[u].group_id, self._placement(u)) for u in self.c.units if u in self.where]

    def _placement(self, unit_id: str) -> Placement:
        hex_id, piece, army = self.where[unit_id]
        return Placement(unit_id, hex_id, None, None, Location(""), None, army)

    def _meet(self, need, region_hexes: set[str]) -> None:
        """Place `need.count` units of the group inside the need's regions first."""
        group = need.group
        done = sum(1 for u in group.unit_ids if u in self.where and self.where[u][0] in region_hexes)
        able = [u for u in group.unit_ids if u in self.c.group and u not in self.where
                and not region_hexes.isdisjoint(self.c.hexes_of(u, None))]
        self.rng.shuffle(able)
        for unit_id in able:
            if done >= need.spec.count:
                return
            if self._try(unit_id, region_hexes):
                done += 1
        if done < need.spec.count:
            raise CannotDeploy(need.message(done))

    def _place(self, unit_id: str) -> None:
        if self._try(unit_id):
            return
        for _ in range(REPAIRS):
            if self._repair(unit_id):
                return
        hexes = self.c.hexes_of(unit_id, None)
        raise CannotDeploy(self.c.stuck_message(unit_id, hexes, self.board, self._pieces(unit_id)))

    def _pieces(self, unit_id: str) -> list[tuple[Piece, str | None]]:
        """The ways the unit can stand: one per army it may join (unit first for its own)."""
        unit = self.game.unit_index[unit_id]
        group = self.c.group[unit_id]
        if unit.army in group.spec.any_army and group.spec.within is not None and group.spec.within.per_army:
            armies = list(self.c.armies[group.group_id])
            self.rng.shuffle(armies)
            return [(Piece(unit, None, a if group.spec.army_stacking else None), a) for a in armies]
        army = army_of(unit, group, None) if group.spec.army_stacking else None
        return [(Piece(unit, None, army), None)]

    def _try(self, unit_id: str, limit_to=None) -> bool:
        """Place the unit in a random hex with room (among `limit_to` if given)."""
        for piece, army in self._pieces(unit_id):
            allowed = self.c.hexes_of(unit_id, army)
            if limit_to is not None:
                allowed = [h for h in allowed if h in limit_to]
            hex_id = self._pick(piece, allowed)
            if hex_id is not None:
                self.board.put(hex_id, piece)
                self.where[unit_id] = (hex_id, piece, army)
                return True
        return False

    def _pick(self, piece: Piece, hexes: list[str]) -> str | None:
        if not hexes:
            return None
        adds = self.board.measures(piece)
        for _ in range(RANDOM_TRIES):
            hex_id = hexes[self.rng.randrange(len(hexes))]
            if self.board.refusal(hex_id, piece, adds) is None:
                return hex_id
        order = list(hexes)
        self.rng.shuffle(order)
        return next((h for h in order if self.board.refusal(h, piece, adds) is None), None)

    def _repair(self, unit_id: str) -> bool:
        """Move one unit of this side out of a hex the stuck unit could use, then place both."""
        hexes = set(self.c.hexes_of(unit_id, None))
        blockers = sorted((u, h) for u, (h, _, _) in self.where.items() if h in hexes)
        if not blockers:
            return False
        moved, hex_id = blockers[self.rng.randrange(len(blockers))]
        _, piece, army = self.where.pop(moved)
        self.board.take(hex_id, piece)
        if self._try(unit_id, {hex_id}) or self._try(unit_id):
            if self._try(moved, set(self.c.hexes_of(moved, None)) - {hex_id}):
                return True
            self._undo(unit_id)
        self.board.put(hex_id, piece)
        self.where[moved] = (hex_id, piece, army)
        return False

    def _undo(self, unit_id: str) -> None:
        hex_id, piece, _ = self.where.pop(unit_id)
        self.board.take(hex_id, piece)
