"""The scale bounds: `warkit check` of a game with 100,000 units, and a whole `warkit build` of
a game with 20,000 counters.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_scale.py [--check-only] [--jobs N]

Both games are the synthetic large game (benchmarks/synthetic_game.py, a 60 × 40 hex map,
charts, scenarios, a Spanish catalog) with its units table grown by repeating its rows under
new ids and without set-up codes (a 60 × 40 map cannot hold 100,000 units in legal stacks).
Each command runs cold, as a user runs it, in a subprocess; the figures are its wall time,
its CPU time (user + system: on a shared machine the wall time also holds the time other
processes had the cores) and its peak memory (maximum resident set size).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.synthetic_game import write_large_game  # noqa: E402


def grown(folder: Path, counters: int) -> Path:
    """The synthetic game with its units repeated until they print `counters` counters."""
    write_large_game(folder)
    table = folder / "units.csv"
    header, *rows = table.read_text(encoding="utf-8").splitlines()
    lines, printed, number = [header], 0, 0
    while printed < counters:
        cells = rows[number % len(rows)].split(",")
        cells[0], cells[6] = f"x{number}", ""  # a new id, no set-up code
        lines.append(",".join(cells))
        printed += 2 if cells[8] else 1  # a two-counter unit prints two
        number += 1
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def timed(*args: str) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak MB, last line of output) of one cold warkit command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        raise SystemExit(f"warkit {' '.join(args)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    lines = (result.stdout + result.stderr).strip().splitlines()
    return wall, cpu, after.ru_maxrss / 1024, lines[-1] if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check-only", action="store_true")
    parser.add_argument("--jobs", default="0")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        units = grown(Path(work) / "units-100k", 100_000)
        wall, cpu, peak, last = timed("check", str(units))
        print(f"check, 100,000 units: {wall:.2f} s wall, {cpu:.2f} s CPU, {peak:.0f} MB peak — {last}")
        if options.check_only:
            return
        counters = grown(Path(work) / "counters-20k", 20_000)
        out = Path(work) / "out"
        wall, cpu, peak, last = timed("build", str(counters), "--out", str(out), "--jobs", options.jobs, "--quiet")
        files = sum(len(names) for _, _, names in os.walk(out))
        print(f"build, 20,000 counters (every component, en and es, --jobs {options.jobs}): {wall:.1f} s wall, "
              f"{cpu:.1f} s CPU, {peak:.0f} MB peak (the largest process), {files} files")
        wall, cpu, peak, last = timed("build", str(counters), "--out", str(out), "--jobs", options.jobs, "--quiet")
        print(f"  again, nothing changed: {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MB peak")


if __name__ == "__main__":
    main()
