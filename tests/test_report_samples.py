"""`warkit report` on the five sample games: each kind of combat table gives what it can and
says what it cannot (odds CRTs with DRMs, with shifts, an attrition table, a value table
without dice, results the grammar does not read), fronts where the game has several maps."""

from __future__ import annotations

import pytest

import kits

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
def test_sample_game_report(game):
    folder = kits.report(game, "en")  # `warkit report GAME --lang en`, shared with the other tests that read it
    text = "\n".join(kits.pdf_pages(folder / "report.pdf"))
    assert "Order of battle at full strength" in text
    for expected in EXPECTED[game]:
        assert expected in text, expected
    assert (folder / "report.xlsx").stat().st_size > 0 and (folder / "report.ods").stat().st_size > 0
    assert list(folder.glob("report-*.svg"))
