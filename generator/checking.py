"""load + check: the one entry point the CLI and the build share."""

from __future__ import annotations

from pathlib import Path

from generator.io.loader import Loaded, load_game
from generator.validation.registry import run_checks
from generator.validation.report import Report


def load_and_check(game_dir: Path, scenario_ids: tuple[str, ...] | None = None) -> Loaded:
    loaded = load_game(Path(game_dir))
    if loaded.game is not None:
        run_checks(loaded.game, loaded.report, scenario_ids)
    return loaded


def check_game(game_dir: Path, scenario_ids: tuple[str, ...] | None = None) -> Report:
    loaded = load_and_check(game_dir, scenario_ids)
    if scenario_ids and loaded.game is not None:
        known = {s.scenario_id for s in loaded.game.scenarios}
        for wanted in scenario_ids:
            if wanted not in known:
                from generator.model.source import Location

                loaded.report.error(Location(str(game_dir)), "scenario.unknown",
                                    f"no scenario {wanted!r} (known: {', '.join(sorted(known)) or 'none'})")
    return loaded.report
