"""The sample games' kits built once per test session, and their PDFs' text.

    text = kit_text("glorys-end", "es", "tec.pdf")      # every page's text, joined
    kit_pdfs("glorys-end")                               # {(language, name): path} of every PDF
    built("glorys-end") / "es"                           # the Spanish kit's folder
    summary("glorys-end")["kit_pages"]                   # the `warkit build --json` summary
    folder, pages = qps("glorys-end")                    # the kit in the pseudo-locale, its pages
    pdf_pages(built("glorys-end") / "en" / "tec.pdf")    # each page's text as pdfium reads it
    report("glorys-end", "es") / "report.pdf"            # `warkit report --lang es`'s folder
    vassal("glorys-end", "es").modules["es"]             # the VASSAL module exported in Spanish

Each game is built once, in full, into a session folder (`warkit build --json` as a user runs
it, in every language the game lists), the first time a test asks for it; its pseudo-locale
(qps) kit is built once too, apart, with the pages the build laid out. Under pytest-xdist the
workers of one run share the folder: the first worker to ask builds the kit while the others
wait for it (a file lock), so a kit is built once per run, not once per worker; and each
worker starts with `prebuild` (tests/conftest.py) of the kits the collected tests read, so
the workers build different kits at once instead of one waiting on the other's lock.

The kits' PDFs are read with pdfium (`pdf_pages`, `pdf_text`): pypdf takes seconds for a map
or a set-up sheet (7.4 s for the Near East's set-up sheet in one language) where pdfium
takes a tenth, and the tests here need the text only.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import pathlib
import pickle
import re
import tempfile
from collections.abc import Callable

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
GAMES = ("when-eagles-fight", "glorys-end", "great-war-near-east", "blitz-in-the-east", "strike-of-the-eagle")
_RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # the same in every worker of one run
if _RUN:
    _ROOT = pathlib.Path(tempfile.gettempdir()) / f"warkit-kits-{_RUN}"
    _ROOT.mkdir(exist_ok=True)
else:
    _ROOT = pathlib.Path(tempfile.mkdtemp(prefix="warkit-kits-"))


def _once(name: str, make: Callable[[], None], wait: bool = True) -> None:
    """Run `make` unless a worker of this run has already done it (`name` marks it done).
    Without `wait`, a `make` another worker is running now is left to that worker."""
    done = _ROOT / f"{name}.built"
    with open(_ROOT / f"{name}.lock", "w") as lock:
        try:  # another worker building it: wait for its kit (or leave it, without `wait`)
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return
        if not done.exists():
            make()
            done.touch()


def _build_full(game: str, wait: bool = True) -> None:
    from typer.testing import CliRunner

    from generator.cli.app import app

    def make() -> None:
        result = CliRunner().invoke(app, ["build", str(DATA / game), "--out", str(_ROOT), "--jobs", "2", "--json"])
        assert result.exit_code == 0, result.output
        (_ROOT / f"{game}.summary.json").write_text(result.stdout, encoding="utf-8")

    _once(game, make, wait)


@functools.lru_cache(maxsize=None)
def built(game: str) -> pathlib.Path:
    """The output folder of a full build of the sample game (every language it lists)."""
    _build_full(game)
    return _ROOT / game


@functools.lru_cache(maxsize=None)
def summary(game: str) -> dict:
    """The JSON summary `warkit build --json` printed for the game's full build."""
    built(game)
    return json.loads((_ROOT / f"{game}.summary.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def report(game: str, language: str) -> pathlib.Path:
    """The folder `warkit report GAME --lang LANGUAGE` writes (report.pdf, the workbooks, the
    charts), run once per run for every test and worker that reads it."""
    from typer.testing import CliRunner

    from generator.cli.app import app

    out = _ROOT / f"report-{language}"

    def make() -> None:
        result = CliRunner().invoke(app, ["report", str(DATA / game), "--out", str(out), "--lang", language])
        assert result.exit_code == 0, result.output

    out.mkdir(exist_ok=True)
    _once(f"report-{language}-{game}", make)
    return out / game / language


@functools.lru_cache(maxsize=None)
def vassal(game: str, language: str = "en", scenario: str | None = None, dpi: float = 150.0):
    """`export_vassal` of the sample game in one language (its default scenario unless one is
    named), run once per run for every worker: the ExportResult it returned."""
    from generator.export.vassal import export_vassal

    name = f"vassal-{game}-{language}-{scenario or ''}-{dpi:g}"
    saved = _ROOT / f"{name}.pickle"

    def make() -> None:
        result = export_vassal(DATA / game, _ROOT / name, scenario, (language,), dpi=dpi)
        saved.write_bytes(pickle.dumps(result))

    _once(name, make)
    return pickle.loads(saved.read_bytes())


def _build_qps(game: str, wait: bool = True) -> None:
    from generator.build.runner import build_game
    from generator.render.observe import observing

    out = _ROOT / "qps"

    def make() -> None:
        pages: list = []
        with observing(pages.extend):
            build_game(DATA / game, out, {"languages": ("qps",)}, jobs=1)
        (out / f"{game}.pages.pickle").write_bytes(pickle.dumps(pages))

    out.mkdir(exist_ok=True)
    _once(f"qps-{game}", make, wait)


@functools.lru_cache(maxsize=None)
def qps(game: str) -> tuple[pathlib.Path, list]:
    """The game's kit built in the pseudo-locale qps alone: its folder and every page the build
    laid out (observed in one process, `--jobs 1`, and kept for the other workers)."""
    _build_qps(game)
    out = _ROOT / "qps"
    return out / game / "qps", pickle.loads((out / f"{game}.pages.pickle").read_bytes())


_BUILDS = {"full": _build_full, "qps": _build_qps}
# Every kit's build, the longest first, so that the last to start are short and the workers
# end their shares together (CPU seconds of each build alone, measured: docs/testing.md).
_LONGEST_FIRST = [
    ("full", "great-war-near-east"),  # 15.3
    ("qps", "great-war-near-east"),  # 8.4
    ("full", "blitz-in-the-east"),  # 7.5
    ("full", "when-eagles-fight"),  # 7.3
    ("full", "glorys-end"),  # 5.9
    ("qps", "blitz-in-the-east"),  # 4.4
    ("qps", "when-eagles-fight"),  # 3.8
    ("qps", "glorys-end"),  # 3.5
    ("full", "strike-of-the-eagle"),  # 3.4
    ("qps", "strike-of-the-eagle"),  # 1.8
]


def needed(sources: dict[str, str]) -> list[tuple[str, str]]:
    """The kits the test modules (their source, by name) will ask for: (kind, game) pairs,
    kind "full" (`built` and what reads it) or "qps". A module that reads the full kits and
    names no game, or names GAMES, reads every game's."""
    wanted: set[tuple[str, str]] = set()
    for text in sources.values():
        if not re.search(r"^\s*(import kits|from kits import)", text, re.M):
            continue
        named = [game for game in GAMES if game in text]
        games = GAMES if "GAMES" in text or not named else named
        if re.search(r"\bqps\(", text):
            wanted.update(("qps", game) for game in games)
        if re.search(r"\b(built|summary|kit_pdfs|kit_text|pdf_pages|pdf_text)\(", text):
            wanted.update(("full", game) for game in games)
    return [build for build in _LONGEST_FIRST if build in wanted]


def prebuild(builds: list[tuple[str, str]]) -> None:
    """Build the kits of `builds` that no worker of this run has built or is building now,
    one after another: the workers, each starting with this, share the builds out among
    themselves instead of one waiting on the lock of a kit the other builds."""
    for kind, game in builds:
        _BUILDS[kind](game, wait=False)


def kit_pdfs(game: str) -> dict[tuple[str, str], pathlib.Path]:
    """Every top-level PDF of the game's kit, by (language, file name)."""
    folder = built(game)
    return {(path.parent.name, path.name): path for path in sorted(folder.glob("*/*.pdf"))}


@functools.lru_cache(maxsize=None)
def pdf_pages(path: pathlib.Path) -> tuple[str, ...]:
    """The text of each page of a PDF, as pdfium reads it (a page with no text: '')."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return tuple(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def pdf_text(path: pathlib.Path) -> str:
    """The text of every page of a PDF, as pdfium reads it, pages joined by new lines."""
    return "\n".join(pdf_pages(path))


def kit_text(game: str, language: str, name: str) -> str:
    """The text of one PDF of the game's kit, its lines joined by spaces (a cell's text may
    wrap over lines)."""
    return " ".join(pdf_text(built(game) / language / name).split())
