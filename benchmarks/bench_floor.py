"""warkit against the floor: the map of the large synthetic game (60 × 40) and its 600
double-sided counters, drawn by `warkit build` and by a bare reportlab script
(`benchmarks/floor.py`) drawing the same pages.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_floor.py [--repeat N]

Both run cold in a subprocess (interpreter start-up and imports included), the commands in
turn N times; the figure is CPU time (user + system of the child, `getrusage`), best of N,
with wall time beside it. warkit
is timed three times: writing the same two PDFs (`--only map,counters --map-files pdf`), as a
user's default `--only map,counters` (the map's SVG and tiles too), and with every output
(`--counter-images svg,png`: 2,400 per-counter SVG and PNG images as well).

warkit keeps files from one run to the next (generator/kept.py: the data model's validators,
the parsed fonts, the compiled code of its dataclasses and annotations), as a user's second
run finds them: each command is run once before it is timed, with the kept files in a folder
of the benchmark's own. With `--first-run` every timed run starts with none (a user's very
first run, or the first after an upgrade).
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
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def cpu_of(args: list[str], repeat: int, kept: Path | None = None) -> tuple[float, float]:
    """(best CPU s, its wall s) of a command run `repeat` times; with `kept`, a folder of kept
    files of its own for every run (none kept from one run to the next)."""
    best = (float("inf"), 0.0)
    for run in range(repeat):
        env = ENV if kept is None else {**ENV, "WARKIT_CACHE": str(kept / str(run))}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode:
            raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-2000:]}")
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        best = min(best, (cpu, wall))
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--first-run", action="store_true", help="no kept files at any timed run")
    args = parser.parse_args()
    from benchmarks.bytecode import compile_package

    compile_package()  # as an install would: bytecode, not sources compiled at every start
    from benchmarks.synthetic_game import write_large_game

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    (ROOT / "benchmarks" / "out").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks" / "out") as folder:
        game = write_large_game(Path(folder) / "large", 60, 40, 600, languages=("en",))
        out = Path(folder) / "out"
        ENV["WARKIT_CACHE"] = str(Path(folder) / "kept")
        fresh = Path(folder) / "fresh" if args.first_run else None
        python = sys.executable
        warkit = [python, "-m", "generator", "build", str(game), "--only", "map,counters", "--jobs", "1", "--quiet"]
        commands = {
            "floor": [python, str(ROOT / "benchmarks" / "floor.py"), str(game), str(out / "floor")],
            "same": [*warkit, "--map-files", "pdf", "--out", str(out / "warkit")],
            "default": [*warkit, "--out", str(out / "default")],
            "every": [*warkit, "--counter-images", "svg,png", "--out", str(out / "every")],
        }
        for command in commands.values():  # a user's first run, whose kept files the timed runs find
            cpu_of(command, 1)
        best = {name: (float("inf"), 0.0) for name in commands}
        for run in range(args.repeat):  # the commands in turn: a shared machine's load weighs on each alike
            for name, command in commands.items():
                kept = None if fresh is None or name == "floor" else fresh / f"{name}-{run}"
                best[name] = min(best[name], cpu_of(command, 1, kept))
        floor, same, default, every = (best[name] for name in ("floor", "same", "default", "every"))
    print("every run without kept files (a first run)" if args.first_run else "kept files present (a second run)")
    print(f"floor (bare reportlab, map.pdf + counters.pdf)        CPU {floor[0]:6.3f} s  wall {floor[1]:6.3f} s")
    print(f"warkit, the same two PDFs                             CPU {same[0]:6.3f} s  wall {same[1]:6.3f} s"
          f"   = {same[0] / floor[0]:.2f} × the floor")
    print(f"warkit --only map,counters (and the map's SVG, tiles) CPU {default[0]:6.3f} s  wall {default[1]:6.3f} s")
    print(f"the same with --counter-images svg,png               CPU {every[0]:6.3f} s  wall {every[1]:6.3f} s")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
