"""The check registry: each rule is a named function from the model to issues.

A rule says which kinds of input it reads besides game.yaml (`reads`; a rule that does not
say reads everything), so after an edit of one table `warkit serve` runs again only the
rules reading it and keeps the others' issues (`check_again`). tests/test_check_reads.py
holds the declarations to account: a rule run on a game that records what is read may touch
only the tables it declares."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable

from generator.geometry.mapgrid import grid_for
from generator.io.inputs import ALL, SPEC
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
    reads: frozenset[str] = ALL  # the kinds of input (io/inputs.py) the rule reads


# What one run of every rule found: each rule's issues, in registry order.
Found = tuple[tuple[Rule, tuple[Issue, ...]], ...]


RULES: list[Rule] = []


def rule(code: str, description: str, reads: Iterable[str] | None = None):
    """Register a check under a family code such as 'stacking' or 'crt'; `reads` names the
    kinds of input it reads besides game.yaml (default: every kind)."""

    def register(check: Check) -> Check:
        RULES.append(Rule(code, description, check, ALL if reads is None else frozenset({SPEC, *reads})))
        return check

    return register


def run_checks(game: Game, report: Report, scenario_ids: tuple[str, ...] | None = None) -> Report:
    report.extend(reported(find(game, scenario_ids), game))
    return report


def find(game: Game, scenario_ids: tuple[str, ...] | None = None, previous: Found | None = None,
         changed: frozenset[str] = ALL) -> Found:
    """Every rule's issues; with `previous` (the last run, on a game that differs from this one
    only in inputs of the `changed` kinds), the rules that read none of them keep their issues."""
    from generator.validation import rules  # noqa: F401 - importing registers every rule

    kept = dict(previous or ())
    context = Context(game, scenario_ids)
    return tuple((registered, kept[registered] if registered in kept and not registered.reads & changed
                  else tuple(registered.check(context)))
                 for registered in RULES)


def reported(found: Found, game: Game) -> list[Issue]:
    """The issues a run found, less those that follow from a table that could not be read."""
    follows = consequences(game.unread)
    return [issue for _, issues in found for issue in issues if not (follows and issue.code.startswith(follows))]


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
