"""Shared fixtures: a tiny valid game copied to a temp folder; a sample page of every primitive."""

from __future__ import annotations

import atexit
import os
import pathlib
import shutil
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

# Bytecode. Where the interpreter may not write `__pycache__` (PYTHONDONTWRITEBYTECODE, as on
# the project's machine), every process of a run (each xdist worker, each `python -m
# generator` a test starts) would compile warkit's modules and pytest would rewrite every test
# module from source again. The suite keeps that bytecode in the user's cache instead
# (`sys.pycache_prefix`, never in the tree), for its own processes and their children.
if sys.dont_write_bytecode:
    _PYCACHE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "warkit", "pycache")
    sys.dont_write_bytecode, sys.pycache_prefix = False, _PYCACHE
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE

from generator.layout.primitives import (  # noqa: E402 (after the bytecode settings)
    Circle,
    Group,
    Line,
    Page,
    Path,
    Polygon,
    Polyline,
    Rect,
    Style,
    SymbolDef,
    Text,
    Use,
)
from generator.layout.transform import Transform  # noqa: E402

FIXTURES = pathlib.Path(__file__).parent / "fixtures"

# The files warkit keeps between runs (generator/kept.py) go to a folder of this test session,
# not the user's: every run of the suite starts without them, and its commands (in process or
# in subprocesses, which inherit it) keep and read them as a user's would.
_KEPT = tempfile.mkdtemp(prefix="warkit-tests-kept-")
os.environ["WARKIT_CACHE"] = _KEPT
atexit.register(shutil.rmtree, _KEPT, True)


@pytest.fixture(scope="session", autouse=True)
def _empty_caches_under_mutation_testing():
    """mutmut runs each mutant's tests in a process forked from one that has already run them:
    a result cached by functools.cache/lru_cache would answer instead of the mutated code and
    let the mutant survive. Under mutmut (MUTANT_UNDER_TEST set) every such cache of
    generator/ starts empty; a normal run is untouched."""
    if "MUTANT_UNDER_TEST" in os.environ:
        import functools
        import gc

        for found in gc.get_objects():
            if isinstance(found, functools._lru_cache_wrapper) and \
                    str(getattr(found, "__module__", "")).startswith("generator"):
                found.cache_clear()
    yield

# Property tests. "ci" (the default, and what `make test` runs): the same examples on every
# run (derandomize), no deadline (a loaded machine is no failure) and no example database
# written into the tree. "thorough" (HYPOTHESIS_PROFILE=thorough, `make thorough`): random
# examples, ten times as many, counterexamples remembered outside the tree so a failure comes
# back until fixed; pin each one found as an @example in its test. Every setting a profile relies
# on is stated: a profile inherits Hypothesis's defaults, which derandomize when CI is set.
_HYPOTHESIS_HOME = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "warkit", "hypothesis")
set_hypothesis_home_dir(_HYPOTHESIS_HOME)  # its caches too stay out of the tree
settings.register_profile("ci", derandomize=True, deadline=None, database=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", max_examples=1000, derandomize=False, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow],
    database=DirectoryBasedExampleDatabase(os.path.join(_HYPOTHESIS_HOME, "examples")),
)
# "mutants" (set by quality/mutants.py): the ci examples, fewer of them, and no shrinking —
# a mutation run needs only whether a test fails, not the smallest example that fails it.
settings.register_profile("mutants", derandomize=True, deadline=None, database=None, max_examples=25,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


class GameFolder:
    """A copy of the mini game that a test can edit file by file."""

    def __init__(self, path: pathlib.Path):
        self.path = path

    def read(self, name: str) -> str:
        return (self.path / name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> "GameFolder":
        target = self.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return self

    def replace(self, name: str, old: str, new: str) -> "GameFolder":
        text = self.read(name)
        assert old in text, f"{old!r} not in {name}"
        return self.write(name, text.replace(old, new, 1))

    def append(self, name: str, line: str) -> "GameFolder":
        text = self.read(name)
        return self.write(name, text.rstrip("\n") + "\n" + line + "\n")


@pytest.fixture
def mini(tmp_path) -> GameFolder:
    target = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", target)
    return GameFolder(target)


@pytest.fixture
def areamini(tmp_path) -> GameFolder:
    """A copy of the tiny area-map game (tests/fixtures/areamini)."""
    target = tmp_path / "areamini"
    shutil.copytree(FIXTURES / "areamini", target)
    return GameFolder(target)



_HEX_MM = ((5.0, 0.0), (2.5, 4.33), (-2.5, 4.33), (-5.0, 0.0), (-2.5, -4.33), (2.5, -4.33))


def build_sample_page() -> Page:
    hex_symbol = SymbolDef(
        "hex clear",  # a space, to exercise id sanitising
        (-5.2, -4.6, 5.2, 4.6),
        (Polygon(_HEX_MM, Style(fill="#EEE8D5", stroke="#586e75", stroke_width_mm=0.2)),),
    )
    town = SymbolDef(
        "town",
        (-2, -2, 2, 2),
        (Circle(0, 0, 1.5, Style(fill="#ffffff", stroke_width_mm=0.3)), Use("dot", 0, 0)),
    )
    dot = SymbolDef("dot", (-1, -1, 1, 1), (Circle(0, 0, 0.5, Style.filled("#000000")),))
    items = (
        Rect(1, 1, 78, 58, Style(stroke="#93a1a1", dash_mm=(2, 1)), corner_radius_mm=3),
        Use("hex clear", 15, 15),
        Use("hex clear", 22.5, 19.33, rotation_deg=60),
        Use("town", 15, 15, scale=1.5),
        Text(15, 11, "0101", "condensed", 5, anchor="middle", baseline="hanging"),
        Text(15, 25, "Łódź", "sans-bold", 7, anchor="middle", baseline="middle", fill="#DC322F"),
        Text(60, 30, "<script>alert(1)</script>", "sans-oblique", 6, anchor="end", rotation_deg=-30),
        Line(40, 5, 75, 5, Style(stroke="#268bd2", stroke_width_mm=0.5, line_cap="round")),
        Polyline([(40, 8), (50, 12), (60, 8)], Style(stroke="#859900", line_join="round")),
        Path(
            (("M", 40, 40), ("C", 45, 30, 55, 50, 60, 40), ("L", 60, 55), ("Z",)),
            Style(fill="#b58900", stroke=None, opacity=0.5),
            fill_rule="evenodd",
        ),
        Group(
            (Circle(0, 0, 8, Style.filled("#6c71c4")), Text(0, 0, "clip", anchor="middle")),
            Transform.rotate(15).then(Transform.translate(20, 45)),
            clip=Rect(-8, -8, 16, 8),
        ),
    )
    return Page(80, 60, items, symbols=(hex_symbol, town, dot), title="Sample page")


@pytest.fixture
def sample_page() -> Page:
    return build_sample_page()


@pytest.fixture(autouse=True)
def _bundled_fonts_after():
    """A test that builds a game with its own fonts leaves DejaVu in force for the next."""
    yield
    from generator.fonts.faces import use_game_fonts

    use_game_fonts(None)


@pytest.fixture(scope="session")
def vassal_export():
    """export(game_id, language="en", scenario=None, dpi=150.0) -> (ExportResult, the module
    read back): each sample game exported once per run for every worker (tests/kits.py),
    whichever test asks first."""
    import kits
    from vassal_module import Module

    cache: dict = {}

    def export(game_id: str, language: str = "en", scenario: str | None = None, dpi: float = 150.0):
        key = (game_id, language, scenario, dpi)
        if key not in cache:
            result = kits.vassal(game_id, language, scenario, dpi)
            cache[key] = (result, Module(result.modules[language].read_bytes()))
        return cache[key]

    return export


@pytest.fixture(scope="session", autouse=True)
def _sample_kits_shared_out(request):
    """Under pytest-xdist, each worker starts by building the sample kits (tests/kits.py) the
    collected tests will read and no other worker of the run is building: the workers build
    different kits at once, where each would otherwise reach a test that reads a kit the other
    is building and wait on its lock. A run without xdist builds each kit when a test asks."""
    if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("PYTEST_XDIST_TESTRUNUID"):
        import kits

        files = {str(item.path) for item in request.session.items}
        kits.prebuild(kits.needed({name: pathlib.Path(name).read_text(encoding="utf-8") for name in files}))
    yield


# The sample kits' folder of a run (tests/kits.py: a few hundred MB in the temporary folder)
# goes when the run ends. Under xdist the controller names the run (its `--testrunuid`, which
# the workers receive as PYTEST_XDIST_TESTRUNUID) and removes the folder once every worker is
# done; a run without xdist removes the folder its own process made.
def pytest_configure(config):
    if not hasattr(config, "workerinput") and getattr(config.option, "testrunuid", "") is None:
        import uuid

        config.option.testrunuid = uuid.uuid4().hex


def pytest_sessionfinish(session):
    if hasattr(session.config, "workerinput"):
        return
    run = getattr(session.config.option, "testrunuid", None)
    if run and getattr(session.config.option, "numprocesses", None):
        shutil.rmtree(pathlib.Path(tempfile.gettempdir()) / f"warkit-kits-{run}", ignore_errors=True)
    elif "kits" in sys.modules:
        shutil.rmtree(sys.modules["kits"]._ROOT, ignore_errors=True)
