"""The `warkit` command line (typer): parses options, calls the library, prints results."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from generator import __version__
from generator.cli.output import Console, OutputFormat

app = typer.Typer(
    name="warkit",
    help="Turn a wargame's data tables into a checked print-and-play kit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"warkit {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """warkit: check a game's data and build its print-and-play kit."""


@app.command()
def check(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    scenario: Optional[list[str]] = typer.Option(None, "--scenario", "-s", help="Check only this scenario (repeatable)."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--format", help="text or json."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Check a game's data, row by row; exit 1 on errors, 2 when input cannot be read."""
    from generator.checking import check_game

    console = Console(output_format)
    with console.guard(debug):
        report = check_game(game_dir, tuple(scenario) if scenario else None)
        console.report(report, strict)
        raise typer.Exit(report.exit_code(strict))


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("warkit: interrupted\n")
        sys.exit(130)
