"""Time the restriction checks (restriction.*, box.side, reinforcement.entry) and the stacking
check on each sample game, in process, best of 5.

Run: .venv/bin/python benchmarks/bench_restrictions.py [GAME_DIR ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("restriction", "box.side", "reinforcement.entry", "stacking")


def timed(game_dir: Path, repeat: int = 5) -> tuple[float, int]:
    import generator.validation.rules  # noqa: F401 - registers the checks
    from generator.io.loader import load_game
    from generator.validation.registry import RULES, Context

    game = load_game(game_dir).game
    rules = [r for r in RULES if r.code.startswith(FAMILIES)]
    best = float("inf")
    for _ in range(repeat):
        context = Context(game)
        start = time.perf_counter()
        for registered in rules:
            list(registered.check(context))
        best = min(best, time.perf_counter() - start)
    return best, len(game.spec.restrictions)


def main(argv: list[str]) -> None:
    games = [Path(a) for a in argv] or sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
    print(f"{'game':<24} {'restrictions':>12} {'scenarios':>9} {'checks (s)':>11}")
    for game_dir in games:
        seconds, count = timed(game_dir)
        scenarios = len(list((game_dir / "scenarios").glob("*.yaml")))
        print(f"{game_dir.name:<24} {count:>12} {scenarios:>9} {seconds:>11.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
