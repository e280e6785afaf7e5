"""Time `warkit report` from the command line, as a user runs it.

Run:  PYTHONPATH=. python benchmarks/bench_report.py [--repeat N]

Every sample game in data/ and the large synthetic game (benchmarks/synthetic_game.py), every
declared language, each a cold command in a subprocess: wall seconds, CPU seconds and peak
resident memory (bench_build.py's `run`), then the pages of report.pdf and the workbooks'
sizes. `report` writes into a new folder; `again` writes into it a second time (every file
unchanged). Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from benchmarks.bench_build import ROOT, run
from benchmarks.synthetic_game import write_large_game


def measure(game: Path, out: Path, repeat: int) -> dict[str, list[tuple[float, float, float]]]:
    figures: dict[str, list] = {"report": [], "again": []}
    for n in range(repeat):
        target = out / f"{game.name}-{n}"
        figures["report"].append(run(["report", str(game), "--out", str(target)]))
        figures["again"].append(run(["report", str(game), "--out", str(target)]))
    return figures


def show(game: Path, figures: dict, out: Path) -> None:
    import pypdf

    print(f"{game.name}:")
    for step, runs in figures.items():
        walls = [wall for wall, _, _ in runs]
        print(f"  {step:7s} best {min(walls):6.2f} s  median {statistics.median(walls):6.2f} s  "
              f"cpu {min(c for _, c, _ in runs):6.2f} s  peak {max(p for _, _, p in runs):6.0f} MiB")
    for pdf in sorted(out.glob(f"{game.name}-0/*/*/report.pdf")):
        folder = pdf.parent
        print(f"  {folder.name}: {len(pypdf.PdfReader(pdf).pages)} pages, "
              f"xlsx {(folder / 'report.xlsx').stat().st_size / 1e3:.0f} kB, "
              f"ods {(folder / 'report.ods').stat().st_size / 1e3:.0f} kB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=ROOT / "benchmarks") as scratch:
        out = Path(scratch)
        games = sorted(p for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
        games.append(write_large_game(out / "large-game"))
        for game in games:
            show(game, measure(game, out, args.repeat), out)


if __name__ == "__main__":
    main()
