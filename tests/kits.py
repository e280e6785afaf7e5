"""The sample games' kits built once per test session, and their PDFs' text.

    text = kit_text("glorys-end", "es", "tec.pdf")      # every page's text, joined
    kit_pdfs("glorys-end")                               # {(language, name): path} of every PDF

Each game is built once, in full, into a session folder (`warkit build` as a user runs it),
the first time a test asks for it. Under pytest-xdist the workers of one run share the
folder: the first worker to ask builds the game while the others wait for it (a file lock),
so a kit is built once per run, not once per worker.
"""

from __future__ import annotations

import fcntl
import functools
import os
import pathlib
import tempfile

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
GAMES = ("when-eagles-fight", "glorys-end", "great-war-near-east", "blitz-in-the-east", "strike-of-the-eagle")
_RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # the same in every worker of one run
if _RUN:
    _ROOT = pathlib.Path(tempfile.gettempdir()) / f"warkit-kits-{_RUN}"
    _ROOT.mkdir(exist_ok=True)
else:
    _ROOT = pathlib.Path(tempfile.mkdtemp(prefix="warkit-kits-"))


@functools.lru_cache(maxsize=None)
def built(game: str) -> pathlib.Path:
    """The output folder of a full build of the sample game (both languages)."""
    from generator.build.runner import build_game

    done = _ROOT / f"{game}.built"
    with open(_ROOT / f"{game}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker building it: wait for its kit
        if not done.exists():
            build_game(DATA / game, _ROOT, {}, jobs=2)
            done.touch()
    return _ROOT / game


def kit_pdfs(game: str) -> dict[tuple[str, str], pathlib.Path]:
    """Every top-level PDF of the game's kit, by (language, file name)."""
    folder = built(game)
    return {(path.parent.name, path.name): path for path in sorted(folder.glob("*/*.pdf"))}


@functools.lru_cache(maxsize=None)
def pdf_text(path: pathlib.Path) -> str:
    """The text of every page of a PDF, as pdfium reads it, pages joined by new lines."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def kit_text(game: str, language: str, name: str) -> str:
    """The text of one PDF of the game's kit, its lines joined by spaces (a cell's text may
    wrap over lines)."""
    return " ".join(pdf_text(built(game) / language / name).split())
