"""The `warkit` command's way in: `warkit check` on its own, everything else through typer.

Loading typer and its copy of click costs a cold `warkit check` about a sixth of its time.
The plain forms of `check` — a game folder, `--strict`, `--debug`, `--format text|json`,
`--scenario/-s NAME` — are read here and run without it; anything else (help, an unknown or
misspelt option, a missing folder name, a Windows console, an ASCII-only terminal) goes to
the typer application (`cli/app.py`), which reads, refuses and explains it as before. Both
ways run the same `run_check`.
"""

from __future__ import annotations

import atexit
import codecs
import gc
import os
import signal
import sys
from pathlib import Path

# The options of `check` this module reads, as typer declares them in cli/app.py.
FLAGS = {"--strict": "strict", "--debug": "debug"}
VALUED = {"--format": "format", "--scenario": "scenario", "-s": "scenario"}
FORMATS = ("text", "json")


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
    found: dict = {"strict": False, "debug": False, "format": "text", "scenario": [], "game": None}
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        name, equals, value = token.partition("=") if token.startswith("--") else (token, "", "")
        if token in FLAGS:
            found[FLAGS[token]] = True
        elif name in VALUED:
            if not equals:
                if index >= len(args):
                    return None
                value = args[index]
                index += 1
            if not value or value.startswith("-"):
                return None
            if VALUED[name] == "scenario":
                found["scenario"].append(value)
            elif value in FORMATS:
                found["format"] = value
            else:
                return None
        elif token and not token.startswith("-") and found["game"] is None:
            found["game"] = token
        else:
            return None
    game = found["game"]
    if game is None or (os.path.exists(game) and not os.access(game, os.R_OK)):
        return None  # typer's own words for an unreadable folder
    return found


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
    warkit as Ctrl-C does."""
    args = sys.argv[1:]
    options = plain_check(args[1:]) if args[:1] == ["check"] and _plain_terminal() else None
    if options is None:
        if args[:1] == ["build"]:
            _build()
            return
        from generator.cli.app import main as typer_main

        typer_main()
        return
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _interrupt)
    gc.disable()  # a run of a fraction of a second: nothing to collect (as checking.bulk does for the check)
    from generator.cli.output import OutputFormat, ignore_interrupts

    try:
        code = run_check(Path(options["game"]), tuple(options["scenario"]) or None, options["strict"],
                         OutputFormat(options["format"]), options["debug"])
    except KeyboardInterrupt:
        ignore_interrupts()
        sys.stderr.write("warkit: interrupted\n")
        sys.exit(130)
    except SystemExit as done:  # input that cannot be read: 2, after its message
        code = done.code if isinstance(done.code, int) else 1
    _leave(code)


def _build() -> None:
    """`warkit build`, through typer, without the collector during the imports and the load
    (they make little garbage: the build runs the collector its own way, build/execution) and
    without the interpreter's teardown once every file is written: freeing the objects of the
    drawings, fonts and modules one by one, and a last collection of them, cost a large map's
    build a sixth of its time. What the modules registered to run at exit still runs. A
    failure's traceback is printed as always."""
    gc.disable()
    from generator.cli.app import main as typer_main

    code: object = 0
    try:
        typer_main()
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
    the terminal's streams need flushing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
