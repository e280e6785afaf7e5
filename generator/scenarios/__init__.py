"""Scenario tools: a random legal deployment of a free set-up (`generate`), written as an
ordinary scenario file (`write`), and the difference between two scenarios as changes
(`diff`). `warkit scenario …` (generator/cli/scenario.py) drives them."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from generator.errors import WarkitError
from generator.model.game import Game
from generator.model.scenario import Scenario
from generator.validation.report import Report

SCENARIO_CHECKS = ("scenario", "setup", "reinforcement", "stacking", "deployment")


def check_scenario(game: Game, scenario: Scenario) -> Report:
    """The checks that look at scenarios, run on `scenario` alone against `game`'s rules and
    units (the game is not read again: the scenario is swapped in)."""
    import generator.validation.rules  # noqa: F401 - registers the checks
    from generator.validation.registry import RULES, Context

    context = Context(game.with_scenarios((scenario,)))
    report = Report()
    for registered in RULES:
        if registered.code.split(".")[0] in SCENARIO_CHECKS:
            report.extend(registered.check(context))
    return report


@dataclass(frozen=True)
class Generated:
    path: Path
    scenario: Scenario  # as the loader will read it
    seed: int
    sides: list[str]
    placed: int  # units
    markers: int  # markers placed


def generate_file(game: Game, game_dir: Path, source_id: str, seed: int | None = None,
                  sides: list[str] | None = None, out: Path | None = None, force: bool = False) -> Generated:
    """Write a random legal deployment of scenario `source_id` next to the game's scenarios
    (or to `out`); refuses to overwrite a file unless `force`."""
    from generator.build.writer import write_atomic
    from generator.scenarios.generate import generate
    from generator.scenarios.write import as_scenario, generated_id, scenario_text

    source = game.scenario_index.get(source_id)
    if source is None:
        known = ", ".join(sorted(game.scenario_index)) or "none"
        raise WarkitError(f"no scenario {source_id!r} (known: {known})")
    seed = secrets.randbelow(10**6) if seed is None else seed
    deployed = generate(game, source, seed, sides)
    new_id = generated_id(source_id, seed, sides)
    path = out or Path(game_dir) / game.spec.scenarios / f"{new_id}.yaml"
    if out is not None:
        new_id = path.stem
    if path.exists() and not force:
        raise WarkitError(f"{path} exists; give another --out or --force to replace it")
    command = f"warkit scenario generate {Path(game_dir).name} --from {source_id} --seed {seed}" + \
        "".join(f" --side {s}" for s in sides or ())
    written = scenario_text(deployed, new_id, command)
    scenario = as_scenario(deployed, new_id, written, str(path))
    report = check_scenario(game, scenario)
    if report.errors:  # the generator and the checks disagree: a bug, never written
        raise WarkitError("the generated deployment fails the check:\n" + "\n".join(i.format() for i in report.errors))
    write_atomic(path, written.text.encode("utf-8"))
    return Generated(path, scenario, seed, deployed.sides, len(deployed.placed), deployed.markers_placed)
