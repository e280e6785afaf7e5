"""Time the deployment generator: for every scenario with a free deployment in data/, N seeded
deployments (generate, write the file's text, run the scenario checks on it), and the cold
command line `warkit scenario generate` into a temporary copy of the game.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_scenarios.py [N]   (default 1000)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def per_deployment(game, scenario, count: int) -> tuple[float, float, float, int]:
    """Mean milliseconds to generate, to write, to check; the number of units placed each time."""
    from generator.scenarios import check_scenario
    from generator.scenarios.generate import generate
    from generator.scenarios.write import as_scenario, scenario_text

    spent = [0.0, 0.0, 0.0]
    placed = 0
    for seed in range(count):
        start = time.perf_counter()
        deployed = generate(game, scenario, seed)
        middle = time.perf_counter()
        written = scenario_text(deployed, "bench", "bench")
        result = as_scenario(deployed, "bench", written, "bench.yaml")
        checked = time.perf_counter()
        report = check_scenario(game, result)
        end = time.perf_counter()
        assert not report.errors, report.errors[:1]
        spent[0] += middle - start
        spent[1] += checked - middle
        spent[2] += end - checked
        placed = len(deployed.placed)
    return (*(1000 * s / count for s in spent), placed)


def cold_cli(game_dir: Path, scenario_id: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / game_dir.name
        shutil.copytree(game_dir, copy)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "scenario", "generate", str(copy), "--from", scenario_id,
                        "--seed", "1"], capture_output=True, check=True)
        return time.perf_counter() - start


def main(argv: list[str]) -> None:
    from generator.io.loader import load_game

    count = int(argv[0]) if argv else 1000
    print(f"{'game':<18} {'scenario':<16} {'units':>5} {'generate ms':>11} {'write ms':>9} {'check ms':>9} "
          f"{'cold CLI s':>10}")
    for game_dir in sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml")):
        game = load_game(game_dir).game
        for scenario in game.scenarios:
            if not scenario.free_units():
                continue
            generate_ms, write_ms, check_ms, placed = per_deployment(game, scenario, count)
            cli = cold_cli(game_dir, scenario.scenario_id)
            print(f"{game_dir.name:<18} {scenario.scenario_id:<16} {placed:>5} {generate_ms:>11.2f} {write_ms:>9.2f} "
                  f"{check_ms:>9.2f} {cli:>10.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
