"""Time `warkit check` and `warkit build` from the command line, as a user runs them.

Run:  PYTHONPATH=. python benchmarks/bench_build.py [--repeat N] [--sizes] [--games] [--jobs J]

- the large synthetic game (benchmarks/synthetic_game.py: 60 × 40 hexes, 600 double-sided
  counters, 3 scenarios, English and Spanish), always;
- with --sizes, the same game at four sizes (hexes and counters growing together), to show
  how time grows;
- with --games, every sample game in data/.

Each figure is a cold command in a subprocess (Python start-up and imports included): wall
seconds, CPU seconds (user + system of the command and its worker processes) and the peak
resident memory of the largest process (workers are forked, so they share the parent's pages;
the sum over processes is less than their count times this). `build` goes into a new, empty
folder each time (a fresh kit); `rebuild` builds again into it (every file unchanged).
Best and median of N runs are printed. Timings are printed, never asserted.

File creation on ext4 slows down where many files were deleted recently (the inode allocator
skips recently freed inodes one by one): in /tmp, which test suites fill and empty all day,
creating a file took 0.7 ms instead of 25 µs on the project's machine — 3 s for the 4,900 files
of the large game. So the games and kits go into benchmarks/out/ (ignored by git), and are
deleted only at the very end. Pass --scratch DIR to measure somewhere else.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = [(30, 20, 150), (45, 30, 300), (60, 40, 600), (90, 60, 1200)]  # columns, rows, counters


# Runs one command and prints its wall time and rusage. A small process of its own, because a
# child's peak RSS counts the memory of the process it was forked from (before exec).
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                  done.stdout[-2000:] + done.stderr[-2000:]]))
"""


def run(args: list[str]) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB of the largest process) of one warkit command."""
    done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "generator", *args],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    code, wall, cpu, peak, output = json.loads(done.stdout)
    if code != 0:
        raise SystemExit(f"warkit {' '.join(args)} failed ({code}):\n{output}")
    return wall, cpu, peak


def busy_share(seconds: float = 0.5) -> float:
    """How busy the CPUs were over `seconds` (0..1), from /proc/stat; 0 where unknown."""
    def sample():
        with open("/proc/stat", encoding="ascii") as stat:
            numbers = [int(v) for v in stat.readline().split()[1:]]
        return numbers[3] + numbers[4], sum(numbers)  # idle + iowait, total

    try:
        idle1, total1 = sample()
        time.sleep(seconds)
        idle2, total2 = sample()
    except OSError:
        return 0.0
    return 1 - (idle2 - idle1) / max(1, total2 - total1)


def wait_until_quiet(limit_s: float) -> float:
    """Wait (at most `limit_s`) until other processes leave the CPUs idle; the busy share seen."""
    deadline = time.monotonic() + limit_s
    share = busy_share()
    while share > 0.1 and time.monotonic() < deadline:
        share = busy_share()
    return share


QUIET = {"limit": 0.0, "busy": []}


def measure(game: Path, scratch: Path, repeat: int, jobs: str) -> dict[str, list[tuple[float, float, float]]]:
    figures: dict[str, list] = {"check": [], "build": [], "rebuild": []}
    for attempt in range(repeat):
        if QUIET["limit"]:
            QUIET["busy"].append(wait_until_quiet(QUIET["limit"]))
        figures["check"].append(run(["check", str(game)]))
        out = scratch / f"{game.name}-{attempt}"
        figures["build"].append(run(["build", str(game), "--out", str(out), "--quiet", "--jobs", jobs]))
        figures["rebuild"].append(run(["build", str(game), "--out", str(out), "--quiet", "--jobs", jobs]))
    return figures


def report(name: str, figures: dict, note: str = "") -> None:
    for what, runs in figures.items():
        walls = [r[0] for r in runs]
        cpus = [r[1] for r in runs]
        peak = max(r[2] for r in runs)
        print(f"{name:<28} {what:<8} wall best {min(walls):6.2f} s  median {statistics.median(walls):6.2f} s   "
              f"CPU median {statistics.median(cpus):6.2f} s   peak {peak:5.0f} MiB {note}", flush=True)


def describe(game: Path) -> str:
    from generator.components.counters.plan import plan_counters
    from generator.io.loader import load_game

    loaded = load_game(game).game
    counters = sum(len(section.counters) for section in plan_counters(loaded))
    return f"{len(loaded.hexes)} hexes, {len(loaded.units)} units, {counters} distinct counters"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", action="store_true", help="also the game at four sizes")
    parser.add_argument("--games", action="store_true", help="also every sample game in data/")
    parser.add_argument("--jobs", default="0", help="--jobs for warkit build (0: one per core)")
    parser.add_argument("--wait-quiet", type=float, default=0.0, metavar="S",
                        help="before each round, wait up to S seconds for the other processes to go idle")
    parser.add_argument("--scratch", type=Path, default=ROOT / "benchmarks" / "out",
                        help="where the games and kits are written (deleted at the end)")
    args = parser.parse_args()
    from benchmarks.bytecode import compile_package

    compile_package()  # as an install would: bytecode, not sources compiled at every start
    from benchmarks.synthetic_game import write_large_game

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    QUIET["limit"] = args.wait_quiet
    args.scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="warkit-bench-", dir=args.scratch) as folder:
        scratch = Path(folder)
        sizes = SIZES if args.sizes else [(60, 40, 600)]
        for columns, rows, counters in sizes:
            game = write_large_game(scratch / "games" / f"large-{columns}x{rows}", columns, rows, counters)
            name = f"synthetic {columns}×{rows}, {counters}"
            report(name, measure(game, scratch / "out", args.repeat, args.jobs), f"[{describe(game)}]")
        if args.games:
            for game in sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml")):
                report(game.name, measure(game, scratch / "out", args.repeat, args.jobs), f"[{describe(game)}]")
        print(f"load average at the end {os.getloadavg()[0]:.2f}")
        if QUIET["busy"]:
            print(f"CPUs busy with other work before the rounds: {', '.join(f'{b:.0%}' for b in QUIET['busy'])}")


if __name__ == "__main__":
    main()
