"""`warkit --help` listings: every command's entry is its docstring's first paragraph on one
line, wrapped once by the terminal, never at the docstring's own line breaks."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.cli.app import app


def listing(*args: str) -> list[str]:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "400", "TERM": "dumb"})
    assert result.exit_code == 0
    return [line.strip(" │") for line in result.output.splitlines()]


def test_a_long_command_description_is_one_line_in_the_listing():
    lines = listing()
    report = [line for line in lines if line.startswith("report ")]
    assert len(report) == 1
    assert "workbook (report.xlsx, report.ods); force curves per scenario;" in report[0]
    assert report[0].endswith("Nothing is written when the check fails.")


def test_a_sub_command_listing_joins_its_lines_too():
    lines = listing("map")
    trace = [line for line in lines if line.startswith("trace ")]
    assert len(trace) == 1
    assert trace[0].endswith("lists the doubtful hexes and marks them on an overlay PNG.")
