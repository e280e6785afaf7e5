"""Branch coverage per folder of generator/, from the data `make coverage` collected.

    .venv/bin/python quality/coverage_by_folder.py     # a Markdown table on stdout

Lines and branches are added up per folder (generator/model, generator/validation/rules …),
so a folder's figure weighs its files by their size."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parent.parent


def folder_of(path: str) -> str:
    relative = Path(path).resolve().relative_to(ROOT)
    return str(relative.parent)


def main() -> int:
    data = coverage.Coverage(data_file=str(ROOT / ".coverage"), config_file=str(ROOT / "pyproject.toml"))
    data.load()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # statements, missed, branches, partial
    analysis = data._analyze  # noqa: SLF001 - the public API gives no per-file numbers
    for path in data.get_data().measured_files():
        if "/generator/" not in path or not path.endswith(".py"):
            continue
        numbers = analysis(path).numbers
        row = totals[folder_of(path)]
        row[0] += numbers.n_statements
        row[1] += numbers.n_missing
        row[2] += numbers.n_branches
        row[3] += numbers.n_missing_branches
    print("| folder | statements | missed | branches | branches missed | branch coverage |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for folder, (statements, missed, branches, missed_branches) in sorted(totals.items()):
        covered = statements - missed + branches - missed_branches
        share = 100.0 * covered / (statements + branches) if statements + branches else 100.0
        print(f"| {folder} | {statements} | {missed} | {branches} | {missed_branches} | {share:.1f} % |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
