"""How results reach the terminal: plain `file:line:col` lines for editors, or JSON."""

from __future__ import annotations

import contextlib
import enum
import signal
import sys

import typer

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
    typer.secho(one_line(text), fg=fg, err=err)


def is_usage_error(exc: BaseException) -> bool:
    """The command line's refusal of an option or argument (click's UsageError, whichever
    copy of click typer carries)."""
    return isinstance(exc, typer.BadParameter.__mro__[1]) or (
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
            typer.echo(report.to_json())
            return
        for issue in report.sorted():
            severity = issue.severity
            if strict and severity is Severity.WARNING:
                severity = Severity.ERROR
            colour = {"error": "red", "warning": "yellow"}.get(severity.value)
            line = issue.format()
            typer.secho(line, fg=colour, err=True) if colour else typer.echo(line, err=True)
        errors, warnings = len(report.errors), len(report.warnings)
        if report.unreadable:
            summary = f"input could not be read: {errors} error(s), {warnings} warning(s)"
        elif errors or (strict and warnings):
            summary = f"{errors} error(s), {warnings} warning(s)"
        else:
            summary = f"ok: no errors, {warnings} warning(s)"
        if not self.quiet:
            typer.echo(summary, err=True)

    @contextlib.contextmanager
    def guard(self, debug: bool):
        """One clear line for any warkit error; a traceback only under --debug."""
        try:
            yield
        except typer.Exit:
            raise
        except KeyboardInterrupt:  # Ctrl-C, or a termination signal (see app.main)
            if debug:
                raise
            ignore_interrupts()  # a second Ctrl-C while warkit exits must not print a traceback
            typer.echo("warkit: interrupted", err=True)
            raise typer.Exit(130) from None
        except WarkitError as exc:
            if debug:
                raise
            typer.secho(one_line(f"warkit: {exc}"), fg="red", err=True)
            raise typer.Exit(2) from None
        except OSError as exc:  # a file system refusal nothing above put in words
            if debug:
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            typer.secho(one_line(f"warkit: {where}{exc.strerror or exc}"), fg="red", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:  # last resort: never a bare traceback for users
            if is_usage_error(exc):  # an option's value refused in the command's body
                typer.echo(usage_line(exc), err=True)
                raise typer.Exit(2) from None
            if debug:
                raise
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            typer.secho(one_line(f"warkit: internal error: {type(exc).__name__}: {first} (run with --debug for "
                                 "details)"), fg="red", err=True)
            sys.exit(3)
