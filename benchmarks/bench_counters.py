"""Time 600 double-sided counters to counters.pdf plus per-counter SVGs (and, apart, PNGs).

Run:  PYTHONPATH=. python benchmarks/bench_counters.py [COUNT] [--svg-only]
The game is the showcase fixture (tests/fixtures/showcase) with its units.csv replaced by
COUNT (default 600) generated rows cycling through every nationality, type, size and step
system. Timings are printed, never asserted (DESIGN.md: timings belong in benchmarks/).
With --svg-only the PNG pass is skipped, so `time` around the script gives the cold wall
time of the whole job (start-up, imports, load, counters.pdf and the SVGs).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from generator.build.components import BuildContext
from generator.build.options import BuildOptions
from generator.io.loader import load_game

SHOWCASE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "showcase"
ROWS = [  # nationality, type, size, factors, step system
    ("de", "inf", "XXX", "6-7-4|3-4-4", ""), ("de", "act", "XXX", "7-7-4|4-4-4", ""),
    ("ah", "inf", "XXX", "5-6-3|2-3-3", ""), ("ah", "mtn", "XX", "4-5-3|2-2-3", ""),
    ("tu", "inf", "XX", "3-4-3|1-2-3", ""), ("tu", "shock", "X", "3-4", ""),
    ("bi", "inf", "XX", "3-4-4|1-2-4", ""), ("bi", "ac", "I", "2-8", ""),
    ("ru", "inf", "XXX", "8-8-4|6-6-4|4-4-4|2-2-4", "big"), ("ru", "cav", "XX", "(2) 3-6|(1) 1-6", ""),
    ("ru", "arm", "XXXX", "9-8-6|5-5-6", ""), ("es", "inf", "X", "2-3-4", ""),
]  # fmt: skip


def synthetic_game(folder: Path, count: int) -> Path:
    """The showcase game with `count` counters (a two-counter unit counts twice)."""
    shutil.copytree(SHOWCASE, folder)
    lines = ["id,nationality,type,size,designation,factors,code,steps,step_system"]
    counters = 0
    number = 0
    while counters < count:
        nationality, unit_type, size, factors, system = ROWS[number % len(ROWS)]
        steps = "4" if system else ""
        lines.append(f"u{number},{nationality},{unit_type},{size},{number % 40 + 1},{factors},"
                     f"{number % 6 + 1:02d}0{number % 5 + 1},{steps},{system}")  # fmt: skip
        counters += 2 if system else 1
        number += 1
    (folder / "units.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "markers.csv").write_text("id,name\n", encoding="utf-8")
    return folder


def main() -> None:
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(arguments[0]) if arguments else 600
    with_png = "--svg-only" not in sys.argv
    with tempfile.TemporaryDirectory() as temporary:
        folder = synthetic_game(Path(temporary) / "bench", count)
        started = time.perf_counter()
        loaded = load_game(folder)
        assert loaded.game is not None and not loaded.report.errors, loaded.report
        loaded_at = time.perf_counter()
        from generator.components.counters.component import build_counters
        from generator.fonts.faces import register_fonts

        register_fonts()
        ready = time.perf_counter()
        options = BuildOptions(out_dir=Path(temporary), counter_images=("svg",))
        files = build_counters(BuildContext(loaded.game, options, "en"))
        built = time.perf_counter()
        pdf = next(f for f in files if f.name == "counters.pdf")
        svgs = [f for f in files if f.name.endswith(".svg")]
        pngs = []
        if with_png:
            png_options = BuildOptions(out_dir=Path(temporary), counter_images=("png",))
            pngs = [f for f in build_counters(BuildContext(loaded.game, png_options, "en")) if f.name.endswith(".png")]
        pngs_done = time.perf_counter()
    print(f"counters          {count} double-sided, {pdf.pages} pages")
    print(f"load game         {loaded_at - started:.3f} s (not part of the figure)")
    print(f"fonts             {ready - loaded_at:.3f} s (once per process)")
    print(f"pdf + {len(svgs)} svgs   {built - ready:.3f} s   pdf {len(pdf.data) / 1024:.0f} KiB, "
          f"svgs {sum(len(f.data) for f in svgs) / 1024:.0f} KiB")
    if with_png:
        print(f"pdf + {len(pngs)} pngs   {pngs_done - built:.3f} s (300 dpi)")


if __name__ == "__main__":
    main()
