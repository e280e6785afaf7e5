"""Where the large game's kit spends its CPU: each component and each language's kit, timed
in one process (`--jobs 1`), with the imports and the rest (load, check, staging, commit).

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_kit_steps.py [COLUMNS ROWS COUNTERS]

The game is benchmarks/synthetic_game.py's (60 × 40 hexes, 600 counters, English and Spanish by
default), written into benchmarks/out/ and built there. CPU time (`time.process_time`) of each
step, largest first; nothing is asserted.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    size = tuple(int(v) for v in sys.argv[1:4]) or (60, 40, 600)
    start = time.process_time()
    from generator.build import runner
    from generator.build.components import COMPONENTS, all_components
    import generator.kit as kit

    imports = time.process_time() - start
    from benchmarks.synthetic_game import write_large_game

    spent: dict[tuple[str, str], float] = {}

    def timed(name: str, build):
        def run(context, *args):
            begun = time.process_time()
            try:
                return build(context, *args)
            finally:
                spent[(context.language, name)] = time.process_time() - begun
        return run

    all_components()
    for name, component in list(COMPONENTS.items()):
        object.__setattr__(component, "build", timed(name, component.build))
    kit.build_kit = timed("kit", kit.build_kit)
    (ROOT / "benchmarks" / "out").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks" / "out") as folder:
        game = write_large_game(Path(folder) / "large", *size)
        begun = time.process_time()
        runner.build_game(game, Path(folder) / "out", {}, jobs=1)
        build = time.process_time() - begun
    for (language, name), seconds in sorted(spent.items(), key=lambda item: -item[1]):
        if seconds >= 0.01:
            print(f"{seconds:6.2f} s  {name} ({language})")
    print(f"{build - sum(spent.values()):6.2f} s  the rest of the build (load, check, staging, commit)")
    print(f"{imports:6.2f} s  imports of the build")
    print(f"{imports + build:6.2f} s  in all")


if __name__ == "__main__":
    main()
