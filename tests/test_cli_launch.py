"""`warkit check`'s short way in (generator/cli/launch.py): the plain forms are read without
typer, with the very output, exit code and messages typer's command gives; anything else
goes to typer."""

from __future__ import annotations

import inspect
import shutil
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import launch

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

TYPER = "import sys; sys.argv = ['warkit', *sys.argv[1:]]; from generator.cli.app import main; main()"
HEAVY = ("typer", "click", "rich", "reportlab", "fontTools", "svgwrite", "pypdfium2", "pandas", "PIL", "jinja2",
         "pypdf", "lxml")  # none of them is needed to check a game without pictures or spreadsheets
SHORT = ("import sys; sys.argv = ['warkit', *sys.argv[1:]]; from generator.cli import launch\n"
         "leave = launch._leave\n"
         "def spy(code):\n"
         f"    print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}), file=sys.stderr)\n"
         "    leave(code)\n"
         "launch._leave = spy\n"
         "try:\n    launch.main()\nexcept SystemExit:\n"
         f"    print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}), file=sys.stderr)\n"
         "    raise\n")


def test_plain_forms_are_read():
    assert launch.plain_check(["game"]) == {"strict": False, "debug": False, "format": "text", "scenario": [],
                                            "game": "game"}
    assert launch.plain_check(["--strict", "g", "-s", "a", "--scenario=b", "--format", "json", "--debug"]) == {
        "strict": True, "debug": True, "format": "json", "scenario": ["a", "b"], "game": "g"}
    assert launch.plain_check(["--format=text", "--format=json", "g"])["format"] == "json"  # the last one, as click


@pytest.mark.parametrize("args", [
    [], ["--help"], ["g", "--help"], ["-h", "g"], ["g", "h"], ["--format", "xml", "g"], ["--format", "g"],
    ["g", "--format"], ["-sX", "g"], ["-s=x", "g"], ["--scenario=", "g"], ["--strict=true", "g"], ["--", "g"],
    ["--stric", "g"], ["g", "-s", "--strict"], ["", "g"], ["-"], ["--version", "g"],
])
def test_anything_else_goes_to_typer(args):
    assert launch.plain_check(args) is None


def test_the_options_read_are_the_commands_options():
    """Every option `check` declares in cli/app.py, and no other, is one this module reads."""
    from generator.cli.app import check

    declared = set()
    for parameter in inspect.signature(check).parameters.values():
        declared.update(d for d in getattr(parameter.default, "param_decls", None) or () if d.startswith("-"))
    assert declared == set(launch.FLAGS) | set(launch.VALUED)


def _run(code: str, args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=ENV, cwd=ROOT)


@pytest.mark.parametrize("extra", [[], ["--format", "json"], ["--strict", "-s", "nowhere"], ["--scenario=nowhere"],
                                   ["--debug", "--format=json"]])
def test_the_short_way_prints_what_typer_prints(mini, extra):
    mini.replace("game.yaml", "title: Mini War", "title: Mini War\nmax_stack: many")  # an error at 4:1
    for game in (str(mini.path), str(mini.path / "missing")):
        args = ["check", game, *extra]
        typer_run, short = _run(TYPER, args), _run(SHORT, args)
        # the same lines, then the list of the heavy modules loaded: none
        assert (short.returncode, short.stdout, short.stderr) == (typer_run.returncode, typer_run.stdout,
                                                                  typer_run.stderr + "[]\n")
    assert typer_run.returncode == 2  # the missing folder: input cannot be read


def test_a_refused_option_gets_typers_words(mini):
    args = ["check", str(mini.path), "--format", "xml"]
    short, typer_run = _run(SHORT, args), _run(TYPER, args)
    assert short.returncode == typer_run.returncode == 2
    assert "'xml'" in typer_run.stderr and "--format" in typer_run.stderr
    assert short.stderr.startswith(typer_run.stderr)
    assert "'typer'" in short.stderr.splitlines()[-1]  # typer read and refused it (it is in the list)


# -- `warkit build` -------------------------------------------------------------------------

def test_plain_build_forms_are_read():
    found = launch.plain_build(["g", "--only", "map,counters", "--lang=es", "-j", "2", "-q", "-s", "a", "--scenario=b",
                                "--bleed", "2.5", "--dpi=150", "--out", "kits", "--force", "--json", "--debug"])
    assert found == {
        "game": "g", "only": "map,counters", "lang": "es", "paper": None, "counter_size": None, "duplex": None,
        "back_offset": None, "bleed": 2.5, "overlap": None, "dpi": 150, "ink": None, "counter_sheets": None,
        "map_files": None, "counter_images": None, "scenario": ["a", "b"], "out": "kits", "jobs": 2, "force": True,
        "quiet": True, "as_json": True, "debug": True}
    plain = launch.plain_build(["g"])
    assert (plain["out"], plain["jobs"], plain["scenario"], plain["quiet"], plain["only"]) == ("output", 0, [], False,
                                                                                               None)
    assert launch.plain_build(["--jobs", "1", "--jobs", "3", "g"])["jobs"] == 3  # the last one, as click


@pytest.mark.parametrize("args", [
    [], ["--help"], ["g", "--help"], ["g", "h"], ["g", "-qj1"], ["g", "-j1"], ["g", "--jobs", "-1"],
    ["g", "--jobs", "two"], ["g", "--jobs", "²"], ["g", "--bleed", "1e3"], ["g", "--bleed", ".5"], ["g", "--only"],
    ["g", "--only="], ["g", "--out", "--force"], ["--", "g"], ["g", "--quiet=yes"], ["g", "--format", "json"],
    ["g", "--strict"], ["g", "--lan", "es"], ["-"], ["", "g"], ["--version", "g"],
])
def test_any_other_build_goes_to_typer(args):
    assert launch.plain_build(args) is None


def test_the_build_options_read_are_the_commands_options():
    """Every option `build` declares in cli/app.py, and no other, is one this module reads,
    into the parameter of the same name."""
    from generator.cli.app import build

    declared = {}
    for name, parameter in inspect.signature(build).parameters.items():
        for decl in getattr(parameter.default, "param_decls", None) or ():
            if decl.startswith("-"):
                declared[decl] = name
    read = {**launch.BUILD_FLAGS, **{decl: dest for decl, (dest, _) in launch.BUILD_VALUED.items()}}
    assert read == declared


def _normal(text: str) -> str:
    import re

    return re.sub(r" in \d+\.\d\d s ", " in S s ", re.sub(r'"seconds": [0-9.]+', '"seconds": S', text))


@pytest.mark.parametrize("extra", [
    ["--only", "counters", "--lang", "en"], ["--only", "counters,crt", "--json", "--lang=en"],
    ["--only", "crt", "-q", "--lang", "en", "--paper", "Letter", "--bleed", "2"],
    ["--only", "nothing"], ["--only", "crt", "--json", "--lang", "xx"], ["--only", "map", "--map-files", "jpg"],
    ["--only", "crt", "--counter-size", "huge"], ["--only", "crt", "--scenario", "nowhere"],
])
def test_the_short_way_builds_what_typer_builds(mini, tmp_path, extra):
    for game in (str(mini.path), str(mini.path / "missing")):
        typer_out, short_out = tmp_path / "typer", tmp_path / "short"
        typer_run = _run(TYPER, ["build", game, "--jobs", "1", "--out", str(typer_out), *extra])
        short = _run(SHORT, ["build", game, "--jobs", "1", "--out", str(short_out), *extra])
        assert short.returncode == typer_run.returncode
        assert _normal(short.stdout) == _normal(typer_run.stdout).replace(str(typer_out), str(short_out))
        lines = short.stderr.splitlines()
        assert _normal(short.stderr[:-len(lines[-1]) - 1]) == _normal(typer_run.stderr).replace(str(typer_out),
                                                                                                str(short_out))
        refused = "Invalid value" in typer_run.stderr
        assert ("'typer'" in lines[-1]) == refused  # typer only when a value is refused, to refuse it
        written = sorted(p.relative_to(typer_out) for p in typer_out.rglob("*")) if typer_out.exists() else []
        assert written == (sorted(p.relative_to(short_out) for p in short_out.rglob("*")) if short_out.exists()
                           else [])
        for path in written:
            if (typer_out / path).is_file():
                assert (typer_out / path).read_bytes() == (short_out / path).read_bytes(), path
        for folder in (typer_out, short_out):
            if folder.exists():
                shutil.rmtree(folder)


LAUNCH = ("import atexit, sys; sys.argv = ['warkit', *sys.argv[1:]]\n"
          "atexit.register(lambda: print('exit functions ran'))\n"
          "from generator.cli import launch; launch.main()\n")


def test_a_build_ends_without_teardown_but_whole(mini, tmp_path):
    """`warkit build` ends with os._exit once its files are committed: the files are those
    typer's own way writes, what was registered for the exit still runs, and a refused build
    keeps its code and words."""
    args = ["build", str(mini.path), "--only", "crt", "--lang", "en", "--jobs", "1", "--quiet"]
    short = _run(LAUNCH, [*args, "--out", str(tmp_path / "short")])
    typer_run = _run(TYPER, [*args, "--out", str(tmp_path / "typer")])
    assert short.returncode == typer_run.returncode == 0, short.stderr
    assert short.stdout == typer_run.stdout + "exit functions ran\n"
    written = sorted(p.relative_to(tmp_path / "short") for p in (tmp_path / "short").rglob("*") if p.is_file())
    assert [p.name for p in written] == ["crt.pdf", "crt.svg", "manifest.json"]
    for path in written:
        assert (tmp_path / "short" / path).read_bytes() == (tmp_path / "typer" / path).read_bytes()
    refused = _run(LAUNCH, ["build", str(mini.path), "--only", "nosuch", "--out", str(tmp_path / "no")])
    assert refused.returncode == 2 and "unknown component(s) nosuch" in refused.stderr
    assert refused.stdout == "exit functions ran\n"
