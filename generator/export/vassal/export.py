"""`warkit export vassal`: check the game, make one module per language, write them safely.

Every scenario goes into the module (File › New game); the default one — `--scenario`, else
game.yaml's `default_scenario`, else the first whose set-up is complete — comes first and
its map is the main window.

Like a build, nothing is written when the data check finds errors, the scenario is unknown
or a language is not declared; each `OUT/<game>/<lang>/` must hold only files warkit wrote
(unless `force`); files are staged under temporary names and renamed only when every
language's module is ready, through the build's journal and under its lock
(`generator/build/commit.py`, `lock.py`); and the module is listed in the folder's manifest.json (as
component `vassal`), so a later `warkit build` keeps it rather than refusing it as foreign
or removing it as stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.caches import build_caches
from generator.build import commit, folders
from generator.build import manifest as mf
from generator.build.lock import OutputLock
from generator.build.writer import Staging
from generator.checking import declared_languages, load_and_check, unknown_scenarios
from generator.errors import CheckFailed, WarkitError
from generator.export.vassal.archive import zip_bytes
from generator.export.vassal.module import module_files

COMPONENT = "vassal"
DEFAULT_DPI = 150.0  # the map and counters (a 19 mm hex is 112 px)
CHART_DPI = 110.0  # the charts' pages: readable on a screen at 100 %


@dataclass
class ExportResult:
    modules: dict[str, Path] = field(default_factory=dict)  # language -> .vmod
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    scenario: str | None = None  # the default scenario
    scenarios: list[str] = field(default_factory=list)  # every scenario, as File › New game lists them
    not_placed: list[str] = field(default_factory=list)  # set-up the module could not place
    notes: list[str] = field(default_factory=list)  # which scenario and why, units left to deploy
    warnings: list[str] = field(default_factory=list)  # what VASSAL would not read as the kit prints it


def export_vassal(game_dir: Path, out_dir: Path, scenario_id: str | None = None,
                  languages: tuple[str, ...] | None = None, *, dpi: float = DEFAULT_DPI,
                  force: bool = False) -> ExportResult:
    loaded = load_and_check(Path(game_dir))  # every scenario goes into the module
    if loaded.game is None or loaded.report.errors or loaded.report.unreadable:
        raise CheckFailed(loaded.report)
    game = loaded.game
    scenario = _scenario(game, scenario_id)
    languages = declared_languages(game, languages)
    result = ExportResult(scenario=scenario.scenario_id if scenario else None,
                          scenarios=[s.scenario_id for s in sorted(game.scenarios, key=lambda s: s is not scenario)],
                          notes=_notes(game, scenario, asked=scenario_id is not None))
    staging = Staging()
    root = Path(out_dir) / game.spec.id
    with OutputLock(root, staging.token), build_caches():  # what this export caches is its own
        targets = {}
        for language in languages:
            folder = root / language
            folders.guard(folder, mf.read_manifest(folder), force)
            targets[language] = folder
        try:
            plans = {}
            for language, folder in targets.items():
                module = module_files(game, scenario, language, dpi, CHART_DPI)
                data = zip_bytes(module.files)
                path = folder / f"{game.spec.id}.vmod"
                entry = mf.Entry(path.name, COMPONENT, len(data), mf.sha256(data))
                staging.add(path, data)
                staging.add(folder / mf.NAME, mf.with_entries(folder, game, language, [entry]))
                plans[language] = ([(t.relative_to(folder).as_posix(), p.relative_to(folder).as_posix())
                                    for t, p in staging.temporaries if p.parent == folder], [])
                result.modules[language] = path
                result.not_placed += [f"{language}: {what}" for what in module.not_placed]
                result.warnings += [w for w in module.warnings if w not in result.warnings]
            commit.commit(root, staging.token, plans)  # each manifest after its module
        except BaseException:
            staging.discard()
            commit.recover(root, [staging.token])
            raise
    result.written, result.unchanged = staging.written, staging.unchanged
    return result


def _scenario(game, scenario_id: str | None):
    if scenario_id is None:
        return default_scenario(game)
    message = unknown_scenarios(game, (scenario_id,))
    if message:
        raise WarkitError(message)
    return game.scenario_index[scenario_id]


def default_scenario(game):
    """game.yaml's `default_scenario`; without one, the first scenario (in file order) whose
    set-up is complete — no units left for the players to deploy themselves — else the
    first; None when the game has none."""
    declared = game.scenario_index.get(game.spec.default_scenario or "")
    if declared is not None:
        return declared
    complete = [scenario for scenario in game.scenarios if not scenario.free_units()]
    return (complete or game.scenarios or [None])[0]


def _notes(game, scenario, *, asked: bool) -> list[str]:
    """What to tell the user: which scenario comes first and why, what File › New game
    offers, and the units each free set-up leaves to the players (in the palette)."""
    if scenario is None:
        return []
    if asked:
        why = "--scenario"
    elif game.spec.default_scenario:
        why = "default_scenario in game.yaml"
    elif scenario.free_units():
        why = "every scenario leaves units to deploy; the first"
    else:
        why = "the first whose set-up is complete"
    others = [s.scenario_id for s in game.scenarios if s is not scenario]
    rest = f"; File › New game also offers {', '.join(others)}" if others else ""
    notes = [f"default scenario {scenario.scenario_id} ({why}){rest}"]
    for each in game.scenarios:
        free = each.free_units()
        if free:
            notes.append(f"scenario {each.scenario_id} leaves {len(free)} units for the players to deploy themselves: "
                         "they are in the palette's Free deployment tab, a tab per deployment group")
    return notes
