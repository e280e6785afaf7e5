"""Time `warkit check` (load + every rule) on each game in data/ and on the test fixture.

Run: .venv/bin/python benchmarks/bench_check.py [GAME_DIR ...]
Prints wall seconds (best of 5, in-process) and the cold-start time of the CLI as a
subprocess, which includes Python start-up and imports.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_process(game: Path, repeat: int = 5) -> float:
    from generator.checking import check_game

    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        check_game(game)
        best = min(best, time.perf_counter() - start)
    return best


def cold_cli(game: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "check", str(game)], capture_output=True, check=False)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    games = [Path(a) for a in argv] or sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
    games.append(ROOT / "tests" / "fixtures" / "mini")
    print(f"{'game':<28} {'check (s)':>10} {'cold CLI (s)':>13}")
    for game in games:
        print(f"{game.name:<28} {in_process(game):>10.3f} {cold_cli(game):>13.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
