"""`warkit report` on the five sample games: each kind of combat table gives what it can and
says what it cannot (odds CRTs with DRMs, with shifts, an attrition table, a value table
without dice, results the grammar does not read), fronts where the game has several maps."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from generator.cli.app import app

DATA = Path(__file__).resolve().parent.parent / "data"
runner = CliRunner()

EXPECTED = {
    "when-eagles-fight": ["Combat Results Table: chances and expected losses", "Net DRM −2", "Defender eliminated (%)",
                          "Central Powers with replacements received", "steps by region"],
    "glorys-end": ["Forces in Battle of the Marne (turns 8 to 12)", "with replacements received", "Net DRM +2"],
    "great-war-near-east": ["steps by front", "Defender eliminated (%)", "Caucasus"],  # DE read through its grammar
    "blitz-in-the-east": ["Net shift −2", "Typical attacks, turn by turn",
                          "Under an attrition table", "Attrition Table is read without dice"],
    "strike-of-the-eagle": ["No unit prints an attack or a defence factor: strength is counted in steps.",
                            "Combat Table: losses by value", "Combat Table is read by a value, without dice"],
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_sample_game_report(game, tmp_path):
    result = runner.invoke(app, ["report", str(DATA / game), "--out", str(tmp_path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / game / "en"
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(folder / "report.pdf").pages)
    assert "Order of battle at full strength" in text
    for expected in EXPECTED[game]:
        assert expected in text, expected
    assert (folder / "report.xlsx").stat().st_size > 0 and (folder / "report.ods").stat().st_size > 0
    assert list(folder.glob("report-*.svg"))
