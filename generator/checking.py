"""load + check: the one entry point the CLI and the build share."""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path

from generator.errors import WarkitError
from generator.io.loader import Loaded, load_game
from generator.model.game import Game
from generator.model.source import Location
from generator.render.fonts import use_game_fonts
from generator.validation.registry import run_checks
from generator.validation.report import Report


def load_and_check(game_dir: Path, scenario_ids: tuple[str, ...] | None = None) -> Loaded:
    with bulk():
        loaded = load_game(Path(game_dir))
        if loaded.game is not None:
            use_game_fonts(loaded.game)  # the checks measure and check glyphs in the faces the kit will use
            run_checks(loaded.game, loaded.report, scenario_ids)
    return loaded


@contextlib.contextmanager
def bulk():
    """No cyclic garbage collection while a game is read and checked: a hundred thousand
    units make millions of objects, none of them garbage, and the collector's passes over
    them cost more than the check itself (reference counting still frees everything)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def unknown_scenarios(game: Game, wanted) -> str | None:
    """"no scenario 'x' (known: …)" for the wanted ids the game lacks; None when all exist."""
    known = {s.scenario_id for s in game.scenarios}
    missing = [s for s in wanted or () if s not in known]
    if not missing:
        return None
    return f"no scenario {', '.join(map(repr, missing))} (known: {', '.join(sorted(known)) or 'none'})"


def declared_languages(game: Game, wanted: tuple[str, ...] | None) -> tuple[str, ...]:
    """The languages asked for (default the game's `print.languages`), each declared there,
    none twice; a WarkitError naming the problem otherwise."""
    declared = tuple(game.spec.print.languages)
    languages = wanted or declared
    missing = [language for language in languages if language not in declared]
    if missing:
        raise WarkitError(f"language {', '.join(map(repr, missing))} is not declared in game.yaml "
                          f"(print.languages: {', '.join(declared)})")
    if len(set(languages)) != len(languages):
        raise WarkitError(f"a language is listed twice: {', '.join(languages)}")
    return languages


def check_game(game_dir: Path, scenario_ids: tuple[str, ...] | None = None) -> Report:
    loaded = load_and_check(game_dir, scenario_ids)
    if loaded.game is not None:
        for wanted in scenario_ids or ():  # one issue per missing scenario, as before
            message = unknown_scenarios(loaded.game, (wanted,))
            if message:
                loaded.report.error(Location(str(game_dir)), "scenario.unknown", message)
    return loaded.report
