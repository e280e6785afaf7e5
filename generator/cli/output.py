"""How results reach the terminal: plain `file:line:col` lines for editors, or JSON."""

from __future__ import annotations

import contextlib
import enum
import sys

import typer

from generator.errors import WarkitError
from generator.validation.report import Report, Severity


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
        except (typer.Exit, typer.BadParameter):  # a bad option: typer says which and exits 2
            raise
        except WarkitError as exc:
            if debug:
                raise
            typer.secho(f"warkit: {exc}", fg="red", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:  # last resort: never a bare traceback for users
            if debug:
                raise
            typer.secho(f"warkit: internal error: {type(exc).__name__}: {exc} (run with --debug for details)",
                        fg="red", err=True)
            sys.exit(3)
