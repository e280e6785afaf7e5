"""The `warkit` command's way in: the plain forms of `warkit check` and `warkit build` on their
own, everything else through typer.

Loading typer (with its copy of click, and pydantic's plugins that typer's own parameter
types look up through `importlib.metadata`) costs a cold `check` about a sixth of its time and
a build's imports a quarter. The plain forms — a game folder and the command's options, each
written out in full (`--out DIR` or `--out=DIR`, a short option apart: `-s NAME`, `-j 2`) with
a value of the expected kind — are read here and run without it; anything else (help, an
unknown, misspelt or merged option, a missing folder name, a value typer would convert or
refuse, a Windows console, an ASCII-only terminal) goes to the typer application
(`cli/app.py`), which reads, refuses and explains it as before. A value the command's own
reading refuses (`cli/buildoptions.py`: `--counter-size huge`, `--map-files jpg`) goes to
typer too, whose command refuses it in its words. Both ways run the same `run_check` and
`run_build`.
"""

from __future__ import annotations

import atexit
import codecs
import gc
import os
import re
import signal
import sys
from pathlib import Path

# The options of `check` this module reads, as typer declares them in cli/app.py.
FLAGS = {"--strict": "strict", "--debug": "debug"}
VALUED = {"--format": "format", "--scenario": "scenario", "-s": "scenario"}
FORMATS = ("text", "json")

# The options of `build`, as typer declares them in cli/app.py: flags, and options with a
# value of a kind (text, a whole number, a number of mm; `scenario` repeatable).
BUILD_FLAGS = {"--force": "force", "--quiet": "quiet", "-q": "quiet", "--json": "as_json", "--debug": "debug"}
BUILD_VALUED = {
    "--only": ("only", str), "--lang": ("lang", str), "--paper": ("paper", str),
    "--counter-size": ("counter_size", str), "--duplex": ("duplex", str), "--back-offset": ("back_offset", str),
    "--bleed": ("bleed", float), "--overlap": ("overlap", float), "--dpi": ("dpi", int), "--ink": ("ink", str),
    "--counter-sheets": ("counter_sheets", str), "--map-files": ("map_files", str),
    "--counter-images": ("counter_images", str), "--scenario": ("scenario", list), "-s": ("scenario", list),
    "--out": ("out", str), "--jobs": ("jobs", int), "-j": ("jobs", int),
}
_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?")  # what click's float reads as Python's float does


def run_check(game_dir: Path, scenarios: tuple[str, ...] | None, strict: bool, output_format, debug: bool) -> int:
    """`warkit check`: the report printed, the exit code returned (1 on errors, 2 when input
    cannot be read)."""
    from generator.checking import check_game
    from generator.cli.output import Console

    console = Console(output_format)
    with console.guard(debug):
        report = check_game(game_dir, scenarios)
        console.report(report, strict)
        return report.exit_code(strict)


def plain_check(args: list[str]) -> dict | None:
    """The options of `warkit check ARGS` when they are in a plain form this module reads
    exactly as typer would; None for anything else."""
    valued = {name: (dest, list if dest == "scenario" else "format") for name, dest in VALUED.items()}
    found = _plain(args, FLAGS, valued, {"strict": False, "debug": False, "format": "text", "scenario": []})
    return found if found is None or _readable(found["game"]) else None


def plain_build(args: list[str]) -> dict | None:
    """The options of `warkit build ARGS` when they are in a plain form this module reads
    exactly as typer would (their values still to be read by cli/buildoptions.py); None for
    anything else."""
    defaults = {dest: None for dest, _ in BUILD_VALUED.values()}
    defaults.update({dest: False for dest in BUILD_FLAGS.values()}, scenario=[], out="output", jobs=0)
    found = _plain(args, BUILD_FLAGS, BUILD_VALUED, defaults)
    return found if found is None or (_readable(found["game"]) and _readable(found["out"])) else None


def _plain(args: list[str], flags: dict, valued: dict, found: dict) -> dict | None:
    """Flags, valued options (`--name VALUE`, `--name=VALUE`, `-x VALUE`) and one game folder,
    each read as click reads it (a repeated option's last value; a list option's every one);
    None for anything else."""
    found = {**found, "game": None}
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        name, equals, value = token.partition("=") if token.startswith("--") else (token, "", "")
        if token in flags:
            found[flags[token]] = True
        elif name in valued:
            if not equals:
                if index >= len(args):
                    return None
                value = args[index]
                index += 1
            dest, kind = valued[name]
            if not value or value.startswith("-"):
                return None
            if kind is list:
                found[dest] = [*found[dest], value]
            elif kind == "format":
                if value not in FORMATS:
                    return None
                found[dest] = value
            elif kind is int or kind is float:
                if not (_WHOLE if kind is int else _DECIMAL).fullmatch(value):
                    return None
                found[dest] = kind(value)
            else:
                found[dest] = value
        elif token and not token.startswith("-") and found["game"] is None:
            found["game"] = token
        else:
            return None
    return found if found["game"] is not None else None


def _readable(path: str) -> bool:
    """Not a path that exists and cannot be read (typer's own words for it)."""
    return not (os.path.exists(path) and not os.access(path, os.R_OK))


def _plain_terminal() -> bool:
    """POSIX streams with a real encoding: where click's echo writes a line unchanged."""
    if os.name != "posix":
        return False
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        try:
            if not encoding or codecs.lookup(encoding).name == "ascii":
                return False
        except LookupError:
            return False
    return True


def main() -> None:
    """Console-script entry point. A termination signal (the terminal closed, `kill`) stops
    warkit as Ctrl-C does. The methods of dataclasses are compiled through the kept code
    (generator/keptcode.py) before any dataclass is created."""
    from generator import keptcode

    keptcode.install()
    args = sys.argv[1:]
    plain = _plain_terminal() if args[:1] in (["check"], ["build"]) else False
    if plain and args[0] == "check":
        options = plain_check(args[1:])
        if options is not None:
            _run_plain_check(options)
    if args[:1] == ["build"]:
        _build(plain_build(args[1:]) if plain else None)
        return
    from generator.cli.app import main as typer_main

    typer_main()


def _run_plain_check(options: dict) -> None:
    """`warkit check` as typer's command runs it (cli/app.py), then the end of the process."""
    gc.disable()  # a run of a fraction of a second: nothing to collect (as checking.bulk does for the check)
    from generator.cli.output import OutputFormat

    _leave(_run_plain(lambda: run_check(Path(options["game"]), tuple(options["scenario"]) or None,
                                        options["strict"], OutputFormat(options["format"]), options["debug"])))


def _build_overrides(options: dict) -> dict | None:
    """The build's overrides from the options read; None when a value is refused (typer's
    command then says why, in its words)."""
    from generator.cli import buildoptions

    try:
        return buildoptions.overrides(
            only=options["only"], lang=options["lang"], paper=options["paper"], counter_size=options["counter_size"],
            duplex=options["duplex"], back_offset=options["back_offset"], bleed=options["bleed"],
            overlap=options["overlap"], dpi=options["dpi"], ink=options["ink"],
            counter_sheets=options["counter_sheets"], map_files_text=options["map_files"],
            counter_images_text=options["counter_images"], scenario=options["scenario"] or None)
    except buildoptions.Refused:
        return None


def _run_build(options: dict) -> int | None:
    """`warkit build` as typer's command runs it (cli/app.py); None, having done nothing, when
    the command's reading refuses a value."""
    from generator.cli.building import run_build
    from generator.cli.output import Console, OutputFormat

    overrides = _build_overrides(options)
    if overrides is None:
        return None
    console = Console(OutputFormat.json if options["as_json"] else OutputFormat.text, quiet=options["quiet"])
    with console.guard(options["debug"]):
        return run_build(console, Path(options["game"]), Path(options["out"]), overrides, force=options["force"],
                         jobs=options["jobs"])


def _run_plain(command) -> int | None:
    """The exit code of `command()` (None: it left the command line to typer), with Ctrl-C
    and termination signals handled as typer's application (cli/app.py) handles them."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _interrupt)
    try:
        return command()
    except KeyboardInterrupt:
        from generator.cli.output import ignore_interrupts

        ignore_interrupts()
        sys.stderr.write("warkit: interrupted\n")
        sys.exit(130)
    except SystemExit as done:  # input that cannot be read: 2, after its message
        return done.code if isinstance(done.code, int) else 1


def _build(options: dict | None) -> None:
    """`warkit build`: its plain form (`options`) without typer, anything else through typer;
    either way without the collector during the imports and the load (they make little
    garbage: the build runs the collector its own way, build/execution) and without the
    interpreter's teardown once every file is written: freeing the objects of the drawings,
    fonts and modules one by one, and a last collection of them, cost a large map's build a
    sixth of its time. What the modules registered to run at exit still runs. A failure's
    traceback is printed as always."""
    gc.disable()
    code: object = 0
    try:
        found = _run_plain(lambda: _run_build(options)) if options is not None else None
        if found is None:  # not a plain form, or a value the command refuses: typer says why
            from generator.cli.app import main as typer_main

            typer_main()
        code = found
    except SystemExit as done:
        code = done.code
    if code is not None and not isinstance(code, int):  # as the interpreter prints sys.exit's message
        sys.stderr.write(f"{code}\n")
        code = 1
    atexit._run_exitfuncs()  # noqa: SLF001 - what the interpreter would run before its teardown
    _leave(code or 0)


def _leave(code: int) -> None:
    """End the process with `code` once the report is out, without the interpreter's
    teardown: freeing every object of the game and of the modules one by one, and a last
    collection of them, cost a check a fifth of its time. A check writes no file, and a build
    has written, closed and committed each of its files before it returns (io/atomic): only
    the terminal's streams need flushing (and the code compiled this run kept, which the
    teardown's exit functions would have done)."""
    from generator import keptcode

    keptcode.save()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
