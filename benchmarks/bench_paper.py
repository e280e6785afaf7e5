"""Paper: for every sample game, kit.pdf's pages and the sheets of paper they take, each piece
sheet's fill, and the pages (not a document's last) holding less than a fifth of their frame.

Usage: .venv/bin/python benchmarks/bench_paper.py [GAME_DIR ...]   (default: every game in data/)

Each game is built in every language it declares (`--jobs 1`) into a temporary folder. A page's
fill is the share of the rows between 16 mm from its top and 16 mm from its foot (inside the
running head and the page number) that hold ink, read from the page rendered at 25 dpi (the
same measure as tests/test_kit_pages.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
LEAST = 0.2


def documents(kit: Path) -> list[tuple[str, int, int]]:
    """(title, first page index, end index) of each document in kit.pdf, from its bookmarks."""
    reader = PdfReader(kit)
    marks = [(reader.get_destination_page_number(o), o.title) for o in reader.outline if not isinstance(o, list)]
    ends = [start for start, _ in marks[1:]] + [len(reader.pages)]
    return [(title, start, end) for (start, title), end in zip(marks, ends)]


def page_fill(page) -> float:
    height_mm = page.get_height() / 72 * 25.4
    image = np.array(page.render(scale=25 / 72).to_pil().convert("L"))
    per_mm = image.shape[0] / height_mm
    band = image[int(16 * per_mm):int((height_mm - 16) * per_mm)]
    return float((band < 235).any(axis=1).mean()) if band.size else 1.0


def measure(game: Path) -> list[dict]:
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run([sys.executable, "-m", "generator", "build", str(game), "--out", out,
                               "--jobs", "1", "--json"], capture_output=True, text=True, cwd=ROOT, check=True)
        summary = json.loads(done.stdout)
        found = []
        for language in summary["kit_pages"]:
            kit = Path(out) / game.name / language / "kit.pdf"
            pdf = pdfium.PdfDocument(kit)
            sparse = []
            for title, start, end in documents(kit):
                for index in range(start, end - 1):  # a document's last page may be short
                    fill = page_fill(pdf[index])
                    if fill < LEAST:
                        sparse.append(f"p. {index + 1} ({title}) {fill:.0%}")
            found.append({"game": game.name, "language": language, "pages": summary["kit_pages"][language],
                          "sheets": summary["kit_sheets"][language], "fills": summary["fills"].get(language, {}),
                          "sparse": sparse, "documents": [(title, end - start) for title, start, end in documents(kit)]})
        return found


def main(argv: list[str]) -> None:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return
    missing = [a for a in argv if not (Path(a) / "game.yaml").is_file()]
    if missing:
        sys.exit(f"bench_paper: not a game folder (no game.yaml): {', '.join(missing)}")
    games = [Path(a).resolve() for a in argv] or sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
    for game in games:
        for found in measure(game):
            fills = "; ".join(f"{name} " + " ".join(f"{f:.0%}" for f in shares)
                              for name, shares in found["fills"].items())
            print(f"{found['game']} ({found['language']}): {found['pages']} pages on {found['sheets']} sheets; "
                  f"fill {fills or '-'}; pages under {LEAST:.0%} but a document's last: "
                  f"{', '.join(found['sparse']) or 'none'}")
            for title, pages in found["documents"]:
                print(f"    {pages:3d}  {title}")


if __name__ == "__main__":
    main(sys.argv[1:])
