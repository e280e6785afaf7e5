"""Scenarios: turns, deployment, reinforcements, markers, special rules and victory."""

from __future__ import annotations

from dataclasses import dataclass

from generator.model.source import Location


@dataclass(frozen=True)
class Placement:
    """A unit set up in a hex or a box, optionally below full strength."""

    unit_id: str
    hex_id: str | None
    box: str | None
    steps: int | None
    where: Location
    map_id: str | None = None
    state: tuple[str, ...] = ()  # declared unit states it starts in (disorganised …)


@dataclass(frozen=True)
class Reinforcement:
    unit_id: str
    turn: int
    entry: str
    steps: int | None
    where: Location


@dataclass(frozen=True)
class MarkerPlacement:
    marker_id: str
    hex_id: str | None
    box: str | None
    turn: int | None
    where: Location


@dataclass(frozen=True)
class Scenario:
    scenario_id: str
    title: str
    map_id: str
    start_turn: int
    end_turn: int
    first_side: str | None
    extends: str | None
    setup: tuple[Placement, ...]
    reinforcements: tuple[Reinforcement, ...]
    markers: tuple[MarkerPlacement, ...]
    special_rules: tuple[str, ...]
    victory: tuple[str, ...]
    where: Location
    source: str = ""
    description: str = ""
    setup_from_codes: bool = False
    reinforcements_from_codes: bool = False
