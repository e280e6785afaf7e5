"""The check registry: each rule is a named function from the model to issues."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable

from generator.geometry.mapgrid import grid_for
from generator.model.game import Game
from generator.validation.report import Issue, Report


@dataclass
class Context:
    """What a check may need besides the game: the scenario filter and derived geometry."""

    game: Game
    scenario_ids: tuple[str, ...] | None = None

    @cached_property
    def grids(self) -> dict:
        """map id -> HexGrid of every hex map (area maps have none)."""
        return {m.id: grid_for(m.grid) for m in self.game.spec.maps if not m.is_area}

    @property
    def scenarios(self):
        wanted = self.scenario_ids
        return [s for s in self.game.scenarios if wanted is None or s.scenario_id in wanted]


Check = Callable[[Context], Iterable[Issue]]


@dataclass(frozen=True)
class Rule:
    code: str
    description: str
    check: Check


RULES: list[Rule] = []


def rule(code: str, description: str):
    """Register a check under a family code such as 'stacking' or 'crt'."""

    def register(check: Check) -> Check:
        RULES.append(Rule(code, description, check))
        return check

    return register


def run_checks(game: Game, report: Report, scenario_ids: tuple[str, ...] | None = None) -> Report:
    from generator.validation import rules  # noqa: F401 - importing registers every rule

    context = Context(game, scenario_ids)
    follows = consequences(game.unread)
    for registered in RULES:
        report.extend(i for i in registered.check(context) if not (follows and i.code.startswith(follows)))
    return report


# What follows from a table that could not be read: every reference to its rows, and the checks
# that count them. One root cause, one message: the table's own error.
_FOLLOWS = {
    "units": ("ref.unknown-unit", "deployment.", "setup.code-area", "units."),
    "markers": ("ref.unknown-marker", "deployment.markers", "track.markers"),
    "hexes": ("ref.unknown-feature", "setup.prohibited-", "restriction.place"),
    "areas": ("ref.unknown-area", "area.", "link"),
    "decks": ("decks.",),
}


def consequences(unread) -> tuple[str, ...]:
    return tuple(code for kind in sorted(unread) for code in _FOLLOWS.get(kind, ()))
