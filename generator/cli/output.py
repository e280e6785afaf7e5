"""How results reach the terminal: plain `file:line:col` lines for editors, or JSON.

Lines go out through typer (click's `echo`) once the command line has loaded it; `warkit
check`'s short way in (`cli/launch.py`) does not load typer, and writes them as click would
on a POSIX terminal: colour only on a terminal, control sequences stripped elsewhere.
"""

from __future__ import annotations

import contextlib
import enum
import re
import signal
import sys

from generator.errors import WarkitError, one_line
from generator.validation.report import Report, Severity


def ignore_interrupts() -> None:
    """From here on warkit is on its way out: further Ctrl-C (or termination signals) change
    nothing and print nothing."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def say(text: str, fg: str | None = None, err: bool = False) -> None:
    """One line on the terminal, whatever the paths and names in it hold (a folder named with
    a line break or a terminal escape prints as its escapes, never as a forged line)."""
    echo(one_line(text), fg=fg, err=err, styled=True)


_COLOURS = {"red": 31, "green": 32, "yellow": 33, "blue": 34}
_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # what click strips off a line not bound for a terminal


def echo(text: str, fg: str | None = None, err: bool = False, styled: bool = False) -> None:
    """One line on stdout (stderr with `err`), in colour `fg` on a terminal (`styled`: ended
    by a reset even without a colour, as click's `secho` ends it)."""
    typer = sys.modules.get("typer")
    if typer is not None:
        typer.secho(text, fg=fg, err=err) if fg or styled else typer.echo(text, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    if stream.isatty():
        if fg or styled:
            text = (f"\033[{_COLOURS[fg]}m" if fg else "") + f"{text}\033[0m"
    else:
        text = _ANSI.sub("", text)
    stream.write(text + "\n")
    stream.flush()


def _exit(code: int) -> BaseException:
    """The end of the command with `code`: typer's Exit when typer runs it."""
    typer = sys.modules.get("typer")
    return typer.Exit(code) if typer is not None else SystemExit(code)


def _exit_kind() -> type[BaseException]:
    typer = sys.modules.get("typer")
    return typer.Exit if typer is not None else SystemExit


def is_usage_error(exc: BaseException) -> bool:
    """The command line's refusal of an option or argument (click's UsageError, whichever
    copy of click typer carries)."""
    typer = sys.modules.get("typer")
    return (typer is not None and isinstance(exc, typer.BadParameter.__mro__[1])) or (
        hasattr(exc, "format_message") and isinstance(getattr(exc, "exit_code", None), int)
        and type(exc).__name__.endswith(("UsageError", "BadParameter", "NoSuchOption", "MissingParameter",
                                         "BadOptionUsage", "BadArgumentUsage", "NoArgsIsHelpError")))


def usage_line(exc) -> str:
    """One line: what was refused, and where the help is."""
    message = " ".join(exc.format_message().split())
    context = getattr(exc, "ctx", None)
    command = context.command_path if context is not None else "warkit"
    return one_line(f"{command}: {message} (see {command} --help)")


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"


class Console:
    def __init__(self, output_format: OutputFormat = OutputFormat.text, quiet: bool = False):
        self.format = output_format
        self.quiet = quiet

    def report(self, report: Report, strict: bool = False) -> None:
        if self.format is OutputFormat.json:
            echo(report.to_json())
            return
        for issue in report.sorted():
            severity = issue.severity
            if strict and severity is Severity.WARNING:
                severity = Severity.ERROR
            colour = {"error": "red", "warning": "yellow"}.get(severity.value)
            line = issue.format()
            echo(line, fg=colour, err=True)
        errors, warnings = len(report.errors), len(report.warnings)
        if report.unreadable:
            summary = f"input could not be read: {errors} error(s), {warnings} warning(s)"
        elif errors or (strict and warnings):
            summary = f"{errors} error(s), {warnings} warning(s)"
        else:
            summary = f"ok: no errors, {warnings} warning(s)"
        if not self.quiet:
            echo(summary, err=True)

    @contextlib.contextmanager
    def guard(self, debug: bool):
        """One clear line for any warkit error; a traceback only under --debug."""
        try:
            yield
        except _exit_kind():
            raise
        except KeyboardInterrupt:  # Ctrl-C, or a termination signal (see app.main)
            if debug:
                raise
            ignore_interrupts()  # a second Ctrl-C while warkit exits must not print a traceback
            echo("warkit: interrupted", err=True)
            raise _exit(130) from None
        except WarkitError as exc:
            if debug:
                raise
            echo(one_line(f"warkit: {exc}"), fg="red", err=True)
            raise _exit(2) from None
        except OSError as exc:  # a file system refusal nothing above put in words
            if debug:
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            echo(one_line(f"warkit: {where}{exc.strerror or exc}"), fg="red", err=True)
            raise _exit(2) from None
        except Exception as exc:  # last resort: never a bare traceback for users
            if is_usage_error(exc):  # an option's value refused in the command's body
                echo(usage_line(exc), err=True)
                raise _exit(2) from None
            if debug:
                raise
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            echo(one_line(f"warkit: internal error: {type(exc).__name__}: {first} (run with --debug for "
                          "details)"), fg="red", err=True)
            sys.exit(3)
