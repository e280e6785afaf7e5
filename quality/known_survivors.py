"""Small deliberate bugs that once passed the whole test suite, each written as a mutant of
the code with the tests that must now fail on it. The script applies each mutant to a copy
of generator/ (the working tree is never touched), runs only the named tests against the
copy and says whether the mutant is killed.

    .venv/bin/python quality/known_survivors.py          # every mutant
    .venv/bin/python quality/known_survivors.py distance  # those whose name holds 'distance'

Exit status 1 when a mutant survives or a named test fails on the unchanged code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str  # the behaviour the bug breaks
    path: str  # the file changed, from the repository root
    old: str  # the text replaced (exactly once in the file)
    new: str
    tests: tuple[str, ...]  # pytest node ids (or files) that must fail on the mutant


MUTANTS = (
    Mutant("percent: a half rounds down (1/8 prints 12 instead of 13)",
           "generator/components/crt_probability.py",
           "return _number(int(value + Fraction(1, 2)), t)", "return _number(round(value), t)",
           ("tests/test_charts_crt.py::test_percent_rounds_half_up_and_marks_tiny_and_zero",)),
    Mutant("percent_sign: a half rounds down",
           "generator/components/crt_probability.py",
           "whole = int(value + Fraction(1, 2))", "whole = round(value)",
           ("tests/test_charts_crt.py::test_percent_sign_rounds_the_same_way",)),
    Mutant("stacking: a steps limit ignores the step level a unit is set up at",
           "generator/validation/rules/stacking.py",
           "return placement.steps if placement.steps is not None else unit.steps", "return unit.steps",
           ("tests/test_checks.py::test_a_steps_stacking_limit_counts_the_step_level_a_unit_is_set_up_at",)),
    Mutant("stacking: a stack exactly at the limit is called overstacked",
           "generator/validation/rules/stacking.py",
           "total > limit.max + 1e-9:", "total >= limit.max:",
           ("tests/test_checks.py::test_a_steps_stacking_limit_counts_the_step_level_a_unit_is_set_up_at",)),
    Mutant("counters.pdf laid out at 5/8\" whatever --counter-size says",
           "generator/components/counters/component.py",
           "cell_mm=options.counter_size_mm,", "cell_mm=15.875,",
           ("tests/test_counters.py::test_counter_size_option_lays_out_counters_pdf_at_that_size",)),
    Mutant("i18n: warkit's own catalog uses fuzzy entries",
           "generator/i18n/translator.py",
           "if message is None or not is_translated(message) or message.fuzzy:",
           "if message is None or not is_translated(message):",
           ("tests/test_i18n_translator.py::test_fuzzy_entries_of_warkits_own_catalog_are_never_used",)),
    Mutant("setup chart: reinforcements in file order instead of by turn",
           "generator/components/setup_content.py",
           "for turn in sorted(by_turn)]", "for turn in by_turn]",
           ("tests/test_setup_chart.py::test_reinforcements_are_listed_by_turn_of_arrival_whatever_the_files_order",)),
    Mutant("hex distance: the larger axial difference (symmetric, triangle inequality, neighbours at 1)",
           "generator/geometry/hexgrid.py",
           "return (abs(dq) + abs(dr) + abs(dq + dr)) // 2", "return max(abs(dq), abs(dr))",
           ("tests/test_hexgrid.py::test_hex_distance_counted_by_hand",
            "tests/test_hexgrid.py::test_distance_is_the_fewest_steps_between_neighbours")),
    Mutant("hex distance: the difference of the axial differences",
           "generator/geometry/hexgrid.py",
           "return (abs(dq) + abs(dr) + abs(dq + dr)) // 2", "return (abs(dq) + abs(dr) + abs(dq - dr)) // 2",
           ("tests/test_hexgrid.py::test_hex_distance_counted_by_hand",)),
    Mutant("TEC: a pass drawn across a hexside loses its )( marks",
           "generator/components/mapparts/sides.py",
           "return dashes + _pass_marks(lines, turn_deg=90.0)", "return dashes",
           ("tests/test_tec.py::test_a_pass_hexside_gets_its_swatch",)),
    Mutant("TEC: a hexside drawn across is sampled as one drawn along",
           "generator/components/mapparts/samples.py",
           'if draw == "across":\n        return draw_across(', 'if draw == "never":\n        return draw_across(',
           ("tests/test_tec.py::test_a_pass_hexside_gets_its_swatch",)),
)


def run_tests(source_root: Path, tests: tuple[str, ...]) -> int:
    """pytest's exit status for `tests` with `generator` imported from source_root."""
    env = {**os.environ, "PYTHONPATH": str(source_root), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
               *[str(ROOT / t) for t in tests]]
    # run from source_root: `python -m` puts the working folder first on sys.path
    done = subprocess.run(command, cwd=source_root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    return done.returncode


def copy_sources(target: Path) -> None:
    shutil.copytree(ROOT / "generator", target / "generator",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "templates", target / "templates")


def main(argv: list[str]) -> int:
    chosen = [m for m in MUTANTS if not argv or any(word in m.name for word in argv)]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="warkit-mutant-") as scratch:
        for mutant in chosen:
            root = Path(scratch) / "src"
            if root.exists():
                shutil.rmtree(root)
            copy_sources(root)
            target = root / mutant.path
            text = target.read_text(encoding="utf-8")
            if text.count(mutant.old) != 1:
                print(f"STALE     {mutant.name}: {mutant.old!r} is not in {mutant.path} exactly once")
                failures += 1
                continue
            baseline = run_tests(root, mutant.tests)
            if baseline != 0:
                print(f"BROKEN    {mutant.name}: the tests fail on the unchanged code (pytest exit {baseline})")
                failures += 1
                continue
            target.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
            status = run_tests(root, mutant.tests)
            if status == 1:  # 1: tests ran and failed; anything else is no kill
                print(f"killed    {mutant.name}")
            else:
                print(f"SURVIVED  {mutant.name} (pytest exit {status})")
                failures += 1
    print(f"{len(chosen) - failures} of {len(chosen)} mutants killed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
