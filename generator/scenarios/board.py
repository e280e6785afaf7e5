"""The map as the deployment generator fills it: what stands in each hex, and whether one
more unit may join it under the game's stacking rules (the same rules the `stacking.*` checks
apply at set-up: limits active on the scenario's first turn, per-type maxima, no enemy units,
separate nationalities) and, for groups that say so, army stacking (GE 3.3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model.game import Game
from generator.model.rules import StackingLimit
from generator.model.track import parse_window
from generator.model.units import Unit


@dataclass
class Stack:
    totals: list[float]
    types: dict = field(default_factory=dict)  # unit type -> units
    sides: dict = field(default_factory=dict)
    nations: dict = field(default_factory=dict)  # of units whose type may not mix
    armies: dict = field(default_factory=dict)  # army -> units of army-stacking groups


@dataclass(frozen=True)
class Piece:
    """One unit on the board, with what it adds to its hex."""

    unit: Unit
    steps: int | None
    army: str | None  # for army stacking: its army; None when it has none (or stacks freely)


class Board:
    def __init__(self, game: Game, start_turn: int):
        self.game = game
        self.limits = [limit for limit in game.spec.stacking.limits if _active(limit, start_turn)]
        self.exempt = set(game.spec.stacking.mixing_exempt_types)
        self.separate = game.spec.stacking.separate_nationalities
        self.stacks: dict[str, Stack] = {}
        self._measures: dict[tuple[str, int | None], list[float]] = {}

    def measures(self, piece: Piece) -> list[float]:
        """What the piece adds to each active limit."""
        key = (piece.unit.unit_id, piece.steps)
        if key not in self._measures:
            self._measures[key] = self._measure(piece)
        return self._measures[key]

    def _measure(self, piece: Piece) -> list[float]:
        g, unit = self.game, piece.unit
        unit_type = g.unit_types.get(unit.type_id)
        if unit_type is None or unit_type.stacking != "counts":
            return [0.0] * len(self.limits)
        out = []
        for limit in self.limits:
            if (limit.sizes is not None and unit.size not in limit.sizes) or \
                    (limit.types is not None and unit.type_id not in limit.types):
                out.append(0.0)
            elif limit.measure == "units":
                out.append(1.0)
            elif limit.measure == "steps":
                out.append(float(piece.steps if piece.steps is not None else unit.steps))
            else:
                size = g.sizes.get(unit.size or "")
                out.append(size.weight if size else 1.0)
        return out

    def refusal(self, hex_id: str, piece: Piece, adds: list[float] | None = None) -> str | None:
        """Why the piece may not join the hex (None: it may)."""
        stack = self.stacks.get(hex_id)
        if stack is None:
            return self._alone(piece, adds)
        adds = self.measures(piece) if adds is None else adds
        for limit, total, add in zip(self.limits, stack.totals, adds):
            if add and total + add > limit.max + 1e-9:
                return f"limit '{limit.name or limit.measure}'"
        unit = piece.unit
        unit_type = self.game.unit_types.get(unit.type_id)
        if unit_type is not None and unit_type.max_per_hex is not None and \
                stack.types.get(unit.type_id, 0) + 1 > unit_type.max_per_hex:
            return f"at most {unit_type.max_per_hex} {unit_type.name} per hex"
        side = self.game.side_of(unit)
        if stack.sides and side not in stack.sides:
            return "enemy units"
        if self.separate and unit.type_id not in self.exempt and stack.nations and unit.nationality not in stack.nations:
            return "another nationality"
        if piece.army is not None and stack.armies and piece.army not in stack.armies:
            return "another army"
        return None

    def _alone(self, piece: Piece, adds: list[float] | None) -> str | None:
        adds = self.measures(piece) if adds is None else adds
        for limit, add in zip(self.limits, adds):
            if add > limit.max + 1e-9:
                return f"limit '{limit.name or limit.measure}'"
        return None

    def put(self, hex_id: str, piece: Piece) -> None:
        stack = self.stacks.setdefault(hex_id, Stack([0.0] * len(self.limits)))
        for i, add in enumerate(self.measures(piece)):
            stack.totals[i] += add
        self._tally(stack, piece, 1)

    def take(self, hex_id: str, piece: Piece) -> None:
        stack = self.stacks[hex_id]
        for i, add in enumerate(self.measures(piece)):
            stack.totals[i] -= add
        self._tally(stack, piece, -1)

    def _tally(self, stack: Stack, piece: Piece, sign: int) -> None:
        unit = piece.unit
        side = self.game.side_of(unit)
        for counter, key in ((stack.types, unit.type_id), (stack.sides, side),
                             (stack.nations, None if unit.type_id in self.exempt else unit.nationality),
                             (stack.armies, piece.army)):
            if key is None:
                continue
            counter[key] = counter.get(key, 0) + sign
            if counter[key] <= 0:
                del counter[key]


def _active(limit: StackingLimit, turn: int) -> bool:
    try:
        return parse_window(limit.turns).contains(turn)
    except ValueError:
        return False  # reported by sop.turn-window
