"""Time `warkit export vassal` from the command line, as a user runs it.

Run:  PYTHONPATH=. python benchmarks/bench_vassal.py [--repeat N]

Every sample game in data/ and the large synthetic game (benchmarks/synthetic_game.py: 60 ×
40 hexes, 600 double-sided counters, English and Spanish), each a cold command in a
subprocess: wall seconds, CPU seconds and peak resident memory (bench_build.py's `run`),
then the size of each module written. `export` goes into a new folder; `again` exports into
it a second time (every module unchanged). Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from benchmarks.bench_build import ROOT, run
from benchmarks.synthetic_game import write_large_game


def measure(game: Path, out: Path, repeat: int) -> dict[str, list[tuple[float, float, float]]]:
    figures: dict[str, list] = {"export": [], "again": []}
    for n in range(repeat):
        target = out / f"{game.name}-{n}"
        figures["export"].append(run(["export", "vassal", str(game), "--out", str(target)]))
        figures["again"].append(run(["export", "vassal", str(game), "--out", str(target)]))
    return figures


def report(game: Path, figures: dict, out: Path) -> None:
    print(f"{game.name}:")
    for step, runs in figures.items():
        walls = [wall for wall, _, _ in runs]
        print(f"  {step:7s} best {min(walls):6.2f} s  median {statistics.median(walls):6.2f} s  "
              f"cpu {min(c for _, c, _ in runs):6.2f} s  peak {max(p for _, _, p in runs):6.0f} MiB")
    for module in sorted(out.glob(f"{game.name}-0/*/*/*.vmod")):
        print(f"  {module.parent.name}: {module.stat().st_size / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks") as scratch:
        out = Path(scratch)
        games = sorted(p for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
        games.append(write_large_game(out / "large-game"))
        for game in games:
            report(game, measure(game, out, args.repeat), out)


if __name__ == "__main__":
    main()
