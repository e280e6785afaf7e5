"""`warkit report`: the designer's report (report.pdf, force-curve SVGs, report.xlsx and
report.ods) beside the kit.

Exit codes as `warkit build`: 0 written, 1 the data check found errors (the report is
printed), 2 anything else that stops it (an unknown scenario, an undeclared language, an
output folder holding files warkit did not write).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.output import Console, OutputFormat, say
from generator.errors import CheckFailed


def report(
    game_dir: Path = typer.Argument(..., help="The game folder (holding game.yaml)."),
    scenario: Optional[str] = typer.Option(None, "--scenario", "-s", help="Report on this scenario only (default: every scenario)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Comma-separated languages (default: print.languages)."),
    out: Path = typer.Option(Path("output"), "--out", help="The report goes into OUT/<game>/<lang>/."),
    force: bool = typer.Option(False, "--force", help="Write into a folder holding files warkit did not write."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
) -> None:
    """Write the designer's report: the order of battle per side as a workbook (report.xlsx,
    report.ods); force curves per scenario; each combat table's chances, expected step losses
    and the odds a typical attack reaches on each turn; anomalies worth a look (report.pdf,
    report-<scenario>.svg). Nothing is written when the check fails."""
    from generator.report.output import write_report

    console = Console(OutputFormat.text)
    languages = tuple(p.strip() for p in lang.split(",") if p.strip()) if lang else None
    with console.guard(debug):
        try:
            result = write_report(game_dir, out, scenario, languages, force=force)
        except CheckFailed as failed:
            console.report(failed.report)
            raise typer.Exit(failed.report.exit_code() or 1) from None
        for note in result.notes:
            say(f"not computed: {note}", fg="yellow", err=True)
        for language, paths in result.files.items():
            for path in paths:
                state = "written" if path in result.written else "unchanged"
                say(f"{path} ({language}): {state}")
        for path in result.removed:
            say(f"{path}: removed (no longer part of the report)")
