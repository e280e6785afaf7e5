"""warkit against the floor: the map of the large synthetic game (60 × 40) and its 600
double-sided counters, drawn by `warkit build` and by a bare reportlab script
(`benchmarks/floor.py`) drawing the same pages.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_floor.py [--repeat N]

Both run cold in a subprocess (interpreter start-up and imports included); the figure is CPU
time (user + system of the child, `getrusage`), best of N, with wall time beside it. warkit
is timed three times: writing the same two PDFs (`--only map,counters --map-files pdf`), as a
user's default `--only map,counters` (the map's SVG and tiles too), and with every output
(`--counter-images svg,png`: 2,400 per-counter SVG and PNG images as well).
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


def cpu_of(args: list[str], repeat: int) -> tuple[float, float]:
    """(best CPU s, its wall s) of a command run `repeat` times."""
    best = (float("inf"), 0.0)
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True, env=ENV)
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
    args = parser.parse_args()
    from benchmarks.bytecode import compile_package

    compile_package()  # as an install would: bytecode, not sources compiled at every start
    from benchmarks.synthetic_game import write_large_game

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    (ROOT / "benchmarks" / "out").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks" / "out") as folder:
        game = write_large_game(Path(folder) / "large", 60, 40, 600, languages=("en",))
        out = Path(folder) / "out"
        python = sys.executable
        floor = cpu_of([python, str(ROOT / "benchmarks" / "floor.py"), str(game), str(out / "floor")], args.repeat)
        same = cpu_of([python, "-m", "generator", "build", str(game), "--only", "map,counters", "--map-files", "pdf",
                       "--jobs", "1", "--quiet", "--out", str(out / "warkit")], args.repeat)
        default = cpu_of([python, "-m", "generator", "build", str(game), "--only", "map,counters", "--jobs", "1",
                          "--quiet", "--out", str(out / "default")], args.repeat)
        every = cpu_of([python, "-m", "generator", "build", str(game), "--only", "map,counters", "--jobs", "1",
                        "--counter-images", "svg,png", "--quiet", "--out", str(out / "every")], args.repeat)
    print(f"floor (bare reportlab, map.pdf + counters.pdf)        CPU {floor[0]:5.2f} s  wall {floor[1]:5.2f} s")
    print(f"warkit, the same two PDFs                             CPU {same[0]:5.2f} s  wall {same[1]:5.2f} s"
          f"   = {same[0] / floor[0]:.1f} × the floor")
    print(f"warkit --only map,counters (and the map's SVG, tiles) CPU {default[0]:5.2f} s  wall {default[1]:5.2f} s")
    print(f"the same with --counter-images svg,png               CPU {every[0]:5.2f} s  wall {every[1]:5.2f} s")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
