"""`warkit export vassal`: the game as a playable VASSAL module.

Exit codes as `warkit build`: 0 written, 1 the data check found errors (the report is
printed), 2 anything else that stops the export (an unknown scenario, an undeclared
language, an output folder holding files warkit did not write).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.output import Console, OutputFormat, say
from generator.errors import CheckFailed

app = typer.Typer(
    help="Export a game to another tool's format.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command()
def vassal(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    scenario: Optional[str] = typer.Option(None, "--scenario", "-s", help="The default scenario: first under File › New game, its map the main window (default: game.yaml's default_scenario, else the first whose set-up is complete)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Comma-separated languages (default: print.languages)."),
    dpi: float = typer.Option(150.0, "--dpi", min=50, max=400, help="Resolution of the map and counters."),
    out: Path = typer.Option(Path("output"), "--out", help="The module goes into OUT/<game>/<lang>/<game>.vmod."),
    force: bool = typer.Option(False, "--force", help="Write into a folder holding files warkit did not write."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write a VASSAL 3.7 module: the maps with their hex grids, the turn track, every unit and
    marker, every scenario's set-up under File › New game, the turn tracker, dice, charts and
    player aids. Nothing is written when the check fails."""
    from generator.export.vassal import export_vassal

    console = Console(OutputFormat.text)
    languages = tuple(p.strip() for p in lang.split(",") if p.strip()) if lang else None
    with console.guard(debug):
        try:
            result = export_vassal(game_dir, out, scenario, languages, dpi=dpi, force=force)
        except CheckFailed as failed:
            console.report(failed.report)
            raise typer.Exit(failed.report.exit_code() or 1) from None
        for note in result.notes:
            say(note)
        for missing in result.not_placed:
            say(f"warning: not set up at start: {missing}", fg="yellow", err=True)
        for warning in result.warnings:
            say(f"warning: {warning}", fg="yellow", err=True)
        set_up = f"default scenario {result.scenario}" if result.scenario else "no scenario"
        for language, path in result.modules.items():
            state = "written" if path in result.written else "unchanged"
            say(f"{path} ({language}, {set_up}): {state}")
