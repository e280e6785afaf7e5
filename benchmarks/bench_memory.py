"""The memory a build of the large game takes, all its processes together.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_memory.py [--jobs J] [--repeat N]

`bench_build.py` prints the peak resident memory of the largest process; a parallel build's
workers are forked from the parent and share most of its pages, so neither that figure nor
the sum of the processes' resident sizes says what the build takes. This samples, every
50 ms while `warkit build` runs, the proportional set size (PSS: each shared page split
between the processes sharing it) of the command and every process under it, from
/proc/<pid>/smaps_rollup (Linux), and prints the largest total, with the largest sum of
resident sizes beside it. The game is benchmarks/synthetic_game.py's (60 × 40 hexes, 600
counters, English and Spanish), written into benchmarks/out/; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _children() -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            found.setdefault(parent, []).append(int(name))
    return found


def _tree_kib(root: int) -> tuple[int, int]:
    """(PSS, RSS) in KiB of `root` and every process under it."""
    children, todo, pss, rss = _children(), [root], 0, 0
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
                for line in rollup:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1])
                    elif line.startswith("Rss:"):
                        rss += int(line.split()[1])
        except OSError:
            continue
    return pss, rss


def measure(game: Path, out: Path, jobs: str) -> tuple[float, float]:
    """(peak PSS, peak RSS) in MiB of one cold build."""
    command = [sys.executable, "-m", "generator", "build", str(game), "--out", str(out), "--quiet", "--jobs", jobs]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": str(ROOT)})
    peak_pss = peak_rss = 0
    while process.poll() is None:
        pss, rss = _tree_kib(process.pid)
        peak_pss, peak_rss = max(peak_pss, pss), max(peak_rss, rss)
        time.sleep(0.05)
    if process.returncode:
        raise SystemExit(f"warkit build failed ({process.returncode})")
    return peak_pss / 1024, peak_rss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", default="0", help="--jobs for warkit build (0: one per core)")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    if not Path("/proc/self/smaps_rollup").exists():
        raise SystemExit("this benchmark reads /proc/<pid>/smaps_rollup (Linux)")
    from benchmarks.synthetic_game import write_large_game

    (ROOT / "benchmarks" / "out").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="warkit-memory-", dir=ROOT / "benchmarks" / "out") as folder:
        game = write_large_game(Path(folder) / "large", 60, 40, 600)
        for attempt in range(args.repeat):
            pss, rss = measure(game, Path(folder) / f"out-{attempt}", args.jobs)
            print(f"build --jobs {args.jobs}: peak PSS of all its processes {pss:5.0f} MiB "
                  f"(sum of their resident sizes {rss:5.0f} MiB)", flush=True)


if __name__ == "__main__":
    main()
