"""Mutation testing of the modules that decide facts, one folder at a time, with mutmut.

    .venv/bin/python quality/mutants.py geometry            # one folder
    .venv/bin/python quality/mutants.py                     # every folder in FOLDERS (hours)
    .venv/bin/python quality/mutants.py --list              # the folders and their tests
    .venv/bin/python quality/mutants.py --recheck geometry  # only last run's survivors, again
    .venv/bin/python quality/mutants.py --sample 10 model    # every 10th mutant (in name order)
    .venv/bin/python quality/mutants.py --recheck --sample 10 model  # that sample's survivors, again

Each folder runs in its own scratch project under build/mutation/<folder>/ (links to
generator/, tests/, templates/ and data/ and a pyproject.toml whose [tool.mutmut] section
names the files to mutate and the fast tests that cover them), so runs of different folders
never share state and the working tree is never changed. mutmut runs each mutant against
the tests that reach the mutated function only. The results (counts and every surviving
mutant with its diff) go to build/mutation/<folder>/summary.txt; docs/testing.md records
them with the reason each survivor is equivalent or the test that now kills it.

`--sample K` tests every K-th mutant of the folder (sorted by name, so the same ones on every
run and spread over every function) that has no result yet: an estimate of the score where
the whole folder would take hours. The summary then counts only the sample's mutants (a result
kept from an earlier run of another mutant is left out); `--recheck --sample K` runs again
the sample's survivors, time-outs and mutants no test reached."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "build" / "mutation"
MUTMUT = [str(Path(sys.executable).parent / "mutmut")]
TIMEOUT_CONSTANT_S = 40.0
TIMEOUT_MULTIPLIER = 4.0

# folder -> (files mutmut mutates, the tests that cover them)
FOLDERS: dict[str, tuple[list[str], list[str]]] = {
    "geometry": (["generator/geometry/*"],
                 ["tests/test_hexgrid.py", "tests/test_gridfit.py", "tests/test_map_numbering.py",
                  "tests/test_registration.py"]),
    "model": (["generator/model/*"],
              ["tests/test_model.py", "tests/test_checks.py", "tests/test_mapstyles.py", "tests/test_decks.py",
               "tests/test_yaml.py", "tests/test_map_data.py", "tests/test_lettered_turns.py",
               "tests/test_two_sided_markers.py", "tests/test_attrition.py", "tests/test_blocks.py",
               "tests/test_model_rules.py", "tests/test_faces.py", "tests/test_build_options.py",
               "tests/test_results_grammar.py", "tests/test_pictures.py",
               # a whole chart build: too slow to run once a mutant
               "--deselect=tests/test_results_grammar.py::test_gwne_de_cells_are_shaded_in_the_grid_and_keyed_in_the_pdf"]),
    "validation": (["generator/validation/*"],
                   ["tests/test_checks.py", "tests/test_checks_locations.py", "tests/test_deployment_checks.py",
                    "tests/test_gridfit.py", "tests/test_i18n_checks.py", "tests/test_area_maps.py",
                    "tests/test_decks.py", "tests/test_attrition.py", "tests/test_cli_check.py",
                    "tests/test_restrictions.py", "tests/test_restriction_places.py",
                    "tests/test_restriction_games.py", "tests/test_clause_checks.py", "tests/test_combat_checks.py",
                    "tests/test_checks_track.py", "tests/test_check_reads.py", "tests/test_validation_units.py",
                    "tests/test_restriction_words.py", "tests/test_validation_edges.py",
                    "tests/test_restriction_windows.py", "tests/test_restriction_coverage.py",
                    "tests/test_restriction_hostile.py", "tests/test_pictures.py",
                    # the free deployments' search (placing.MapArea) and unknown map styles
                    "tests/test_scenario_generate.py", "tests/test_map_data.py",
                    "--deselect=tests/test_scenario_generate.py::test_a_thousand_seeded_deployments_all_pass_the_check"]),
    "layout": (["generator/layout/*"],
               ["tests/test_primitives.py", "tests/test_blocks.py", "tests/test_layout_flow.py",
                "tests/test_sheets.py", "tests/test_tiling.py", "tests/test_symbols.py", "tests/test_calibrate.py",
                "tests/test_charts_lines.py", "tests/test_render_svg.py", "tests/test_render_pdf.py",
                "tests/test_layout_units.py", "tests/test_layout_edges.py", "tests/test_packing.py"]),
    "crt-dice": (["generator/components/crt.py", "generator/components/crt_probability.py",
                  "generator/components/crt_results.py", "generator/components/dice.py"],
                 ["tests/test_dice.py", "tests/test_charts_crt.py", "tests/test_attrition.py"]),
    "setup-content": (["generator/components/setup_content.py"],
                      ["tests/test_setup_content.py"]),
    "i18n-lookup": (["generator/i18n/translator.py", "generator/i18n/accessors.py", "generator/i18n/pofiles.py",
                     "generator/i18n/formatting.py", "generator/i18n/languages.py"],
                    ["tests/test_i18n_lookup.py", "tests/test_i18n_translator.py", "tests/test_i18n_catalogs.py",
                     "tests/test_i18n_accessors.py", "tests/test_i18n_catalog_reading.py"]),
}

PYPROJECT = """[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-q -p no:cacheprovider"

[tool.mutmut]
source_paths = ["generator"]
only_mutate = {only}
pytest_add_cli_args_test_selection = {tests}
also_copy = ["templates", "data"]
use_git_change_detection = false
# A mutant's tests run in a forked child that first empties the generator's caches (fonts,
# catalogs, map styles) and builds them again: seconds of fixed cost that mutmut's own
# estimate (the tests' time in a warm process) leaves out. With mutmut's defaults (1 s,
# x 15) a child on a loaded machine ran out of time on a mutant that only raised an error.
# A time-out is counted as killed only when the mutant's tests run past
# (estimate + 40 s) x 4 of wall time: a hang, not a slow start.
timeout_constant = {timeout_constant}
timeout_multiplier = {timeout_multiplier}
"""


def prepare(folder: str) -> Path:
    only, tests = FOLDERS[folder]
    where = SCRATCH / folder
    where.mkdir(parents=True, exist_ok=True)
    for name in ("generator", "tests", "templates", "data"):
        link = where / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name, target_is_directory=True)
    _refresh_data_files(where)
    text = PYPROJECT.format(only=_toml_list(only), tests=_toml_list(tests), timeout_constant=TIMEOUT_CONSTANT_S,
                           timeout_multiplier=TIMEOUT_MULTIPLIER)
    (where / "pyproject.toml").write_text(text, encoding="utf-8")
    return where


def _refresh_data_files(where: Path) -> None:
    """mutmut copies generator/ into mutants/ once and afterwards brings only the Python files
    up to date: a catalog or scaffold file changed since would stay stale there (and a test of
    the unchanged code fail before a mutant is tried). Copy every other file that differs."""
    copy = where / "mutants" / "generator"
    if not copy.is_dir():
        return
    for source in (ROOT / "generator").rglob("*"):
        if not source.is_file() or source.suffix in (".py", ".pyc") or "__pycache__" in source.parts:
            continue
        target = copy / source.relative_to(ROOT / "generator")
        if not target.exists() or target.read_bytes() != source.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def results(where: Path, env: dict) -> dict[str, str]:
    """mutant name -> its status (killed, survived, no tests, timeout …)."""
    listed = subprocess.run([*MUTMUT, "results", "--all", "true"], cwd=where, env=env, capture_output=True,
                            text=True).stdout
    found = {}
    for line in listed.splitlines():
        match = re.match(r"\s*(\S+): (\w[\w ]*)$", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def run(folder: str, recheck: bool = False, sample: int = 0) -> int:
    """Mutate the folder and test every mutant; with `recheck`, test again only the mutants
    that survived, had no test or timed out last time (after tests were added); with `sample`, every
    sample-th mutant not yet tested."""
    where = prepare(folder)
    env = {**os.environ, "HYPOTHESIS_PROFILE": "mutants"}
    names: list[str] = []
    if recheck:
        found = results(where, env)
        chosen = sorted(found)[::sample] if sample else sorted(found)
        names = [n for n in chosen if found[n] in ("survived", "no tests", "timeout", "suspicious")]
        if not names:
            print(f"folder {folder}: nothing to recheck")
            return 0
    elif sample:
        # mutmut makes the mutants (and maps tests to functions) before it filters by name,
        # so a name that matches nothing prepares the folder without testing anything
        subprocess.run([*MUTMUT, "run", "--max-children", "1", "prepare-only"], cwd=where, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        every = sorted(results(where, env))
        names = [n for n in every[::sample] if results_cache(where, env).get(n) == "not checked"]
        if not names:
            print(f"folder {folder}: every sampled mutant has a result")
    status = 0
    if names or not (recheck or sample):
        command = ["nice", "-n", "10", *MUTMUT, "run", "--max-children", "1", *names]
        status = subprocess.run(command, cwd=where, env=env).returncode
    summarise(folder, where, env, sample)
    return status


_CACHE: dict[Path, dict[str, str]] = {}


def results_cache(where: Path, env: dict) -> dict[str, str]:
    if where not in _CACHE:
        _CACHE[where] = results(where, env)
    return _CACHE[where]


def summarise(folder: str, where: Path, env: dict, sample: int = 0) -> None:
    """build/mutation/<folder>/summary.txt: the counts, the score over the mutants tested and
    every survivor with its diff."""
    counts: dict[str, int] = {}
    survivors = []
    untested = []
    found = results(where, env)
    every = len(found)
    if sample:  # only the sample's own mutants: results of earlier runs of other mutants are left out
        found = {name: found[name] for name in sorted(found)[::sample]}
    for name, state in found.items():
        counts[state] = counts.get(state, 0) + 1
        if state == "survived":
            survivors.append(name)
        elif state == "no tests":
            untested.append(name)
    lines = [f"folder {folder}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))]
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    total = sum(counts.values()) - counts.get("skipped", 0) - counts.get("not checked", 0)
    if total:
        tested = f"{total} of {sum(counts.values())} mutants tested" + (
            f" (the sample: every {sample}th of {every})" if sample else "")
        lines.append(f"score: {killed}/{total} = {100 * killed / total:.1f} % killed; {tested}")
    if untested:
        lines += ["", "no test reaches: " + ", ".join(untested)]
    for name in survivors:
        shown = subprocess.run([*MUTMUT, "show", name], cwd=where, env=env, capture_output=True, text=True).stdout
        lines += ["", f"## {name}", shown.strip()]
    (where / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[:2]))


def main(argv: list[str]) -> int:
    if "--list" in argv:
        for folder, (only, tests) in FOLDERS.items():
            print(f"{folder}: {' '.join(only)}\n    tests: {' '.join(tests)}")
        return 0
    recheck = "--recheck" in argv
    summary_only = "--summary" in argv
    sample = 0
    if "--sample" in argv:
        at = argv.index("--sample")
        sample = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    folders = [a for a in argv if a not in ("--recheck", "--summary")]
    unknown = [a for a in folders if a not in FOLDERS]
    if unknown:
        print(f"unknown folder(s): {', '.join(unknown)} (known: {', '.join(FOLDERS)})", file=sys.stderr)
        return 2
    worst = 0
    for folder in folders or list(FOLDERS):
        if summary_only:
            summarise(folder, prepare(folder), {**os.environ, "HYPOTHESIS_PROFILE": "mutants"}, sample)
            continue
        worst = max(worst, run(folder, recheck, sample))
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
