"""A deck a player aid prints whole (a side's reference deck) is not printed again on the
cards-and-chits sheet, which names the decks it leaves to the aids; read from the PDFs."""

from __future__ import annotations

import pypdf
from typer.testing import CliRunner

from generator.cli.app import app


def _texts(mini, tmp_path) -> tuple[str, str, str]:
    result = CliRunner().invoke(app, ["build", str(mini.path), "--out", str(tmp_path), "--lang", "en", "--jobs", "1",
                                      "--only", "deck-summary,player-aids"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "mini" / "en"
    text = lambda name: "\n".join(p.extract_text() for p in pypdf.PdfReader(folder / name).pages)  # noqa: E731
    return text("deck-summary.pdf"), text("player-aid-blue.pdf"), text("player-aid-red.pdf")


def test_a_reference_cup_of_no_side_is_left_to_every_aid(mini, tmp_path):
    mini.replace("game.yaml", "  - id: supply\n", "  - id: supply\n    reference: true\n")
    summary, blue, red = _texts(mini, tmp_path)
    assert "Blue event cards" in summary and "Ambush" in summary  # not a reference deck: printed here
    assert "Depot" not in summary and "Keep this chit until used." not in summary
    assert "In the player aids: Supply chits." in summary
    assert "Keep this chit until used." in blue and "Keep this chit until used." in red


def test_without_reference_decks_the_sheet_holds_every_deck(mini, tmp_path):
    summary, blue, _ = _texts(mini, tmp_path)
    assert "Ambush" in summary and "Keep this chit until used." in summary
    assert "In the player aids" not in summary and "Keep this chit until used." not in blue
