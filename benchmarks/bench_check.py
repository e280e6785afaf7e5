"""Time `warkit check` (load + every rule) on each game in data/ and on the test fixture.

Run: .venv/bin/python benchmarks/bench_check.py [GAME_DIR ...]
Prints CPU seconds (user + system: a shared machine stretches wall time, not the CPU a
command uses), best of 5: the check in this process (after a first run, so without the
imports), and the cold command line as a subprocess (Python start-up, imports, the check;
the kept files of the in-process runs present, as for any run after the first).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_process(game: Path, repeat: int = 5) -> float:
    from generator.checking import check_game

    check_game(game)  # the imports, and the kept files written
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        check_game(game)
        best = min(best, time.process_time() - start)
    return best


def cold_cli(game: Path, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "generator", "check", str(game)], capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return best


def main(argv: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.bytecode import compile_package

    compile_package()  # as an install would: bytecode, not sources compiled at every start
    games = [Path(a) for a in argv] or sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
    games.append(ROOT / "tests" / "fixtures" / "mini")
    print(f"{'game':<28} {'check CPU (s)':>14} {'cold CLI CPU (s)':>17}")
    for game in games:
        print(f"{game.name:<28} {in_process(game):>14.3f} {cold_cli(game):>17.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
