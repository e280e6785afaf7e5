"""Notes on a scenario's set-up and reinforcement rows: kept when the data loads, printed in
the build's language beside the unit's line on the setup chart and in the scenario sheet's
list of reinforcements, each its own entry of the game catalog (per scenario and row)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.build.runner import build_game
from generator.i18n.strings import game_strings
from generator.io.loader import load_game
from kits import DATA


def _text(path) -> str:
    """Every page's text, its lines joined by spaces (a card's note wraps over lines)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)
    finally:
        pdf.close()


@pytest.fixture(scope="module")
def marne(tmp_path_factory):
    out = tmp_path_factory.mktemp("marne")
    build_game(DATA / "glorys-end", out, {"only": ("setup",), "languages": ("en", "es"), "scenarios": ("marne",)})
    return {lang: _text(out / "glorys-end" / lang / "setup-marne.pdf") for lang in ("en", "es")}


def test_marne_arrival_notes_print_beside_each_arrival_in_english(marne):
    text = marne["en"]
    # the setup chart's reinforcement cards, each with its note (its rule citation left off),
    # printed once: the sheet points to the turn track for the arrivals by turn
    assert "7th Corps enters: by strategic movement does nothing else that player turn" in text
    assert "Turn 8 — French: 7th Corps" not in text
    assert text.count("does nothing else that player turn") == 3
    assert "11.1" not in text


def test_marne_arrival_notes_print_in_spanish(marne):
    text = marne["es"]
    assert "7.º Cuerpo" in text and "Turno 8 — Franceses" not in text
    assert text.count("no hace nada más en ese turno de jugador") == 3
    assert "does nothing else" not in text


def test_a_set_up_table_s_notes_column_prints_on_the_setup_chart(tmp_path):
    """GWNE's setup.csv: the notes cell of a hex row, beside that unit's card."""
    build_game(DATA / "great-war-near-east", tmp_path, {"only": ("setup",), "languages": ("en", "es")})
    en = _text(tmp_path / "great-war-near-east" / "en" / "setup-campaign.pdf")
    es = _text(tmp_path / "great-war-near-east" / "es" / "setup-campaign.pdf")
    assert "35th Division 1442 Baghdad set-up code I: any city of Iraq but Basra" in en
    assert "set-up code E: Egypt west of the Suez Canal" in en
    assert "35.ª División 1442 Bagdad código de despliegue I: cualquier ciudad de Irak salvo Basora" in es
    assert "código de despliegue E: Egipto al oeste del canal de Suez" in es
    # the campaign's one reinforcement note, beside its card (citation left off)
    assert "58th Division enters: Arabia placed straight into the Arabia box" in en
    assert "se coloca directamente en la casilla de Arabia" in es


NOTES_SCENARIO = """\
id: noted
title: Noted
map: main
start_turn: 1
end_turn: 4
first_side: blue
setup:
  - {unit: b1, hex: "0101", notes: holds the bridge until relieved}
  - {unit: r1, hex: "0505"}
  - {unit: b4, box: dead, notes: comes back only by event}
reinforcements: arrivals.csv
victory: Hold Blueton.
"""

ARRIVALS = """\
unit,turn,entry,notes
b2,2,0101,
r2,3,0505,may not attack on the turn it arrives
"""


@pytest.fixture
def noted(mini):
    mini.write("scenarios/noted.yaml", NOTES_SCENARIO).write("scenarios/arrivals.csv", ARRIVALS)
    return mini


def test_notes_are_kept_in_the_model_for_yaml_and_table_rows(noted):
    loaded = load_game(noted.path)
    assert not loaded.report.errors, loaded.report.errors
    game = loaded.game
    scenario = game.scenario_index["noted"]
    assert [p.notes for p in scenario.setup] == ["holds the bridge until relieved", "", "comes back only by event"]
    assert [r.notes for r in scenario.reinforcements] == ["", "may not attack on the turn it arrives"]


def test_each_note_is_a_catalog_entry_keyed_by_scenario_and_row(noted):
    game = load_game(noted.path).game
    found = {s.key: s.source for s in game_strings(game) if s.key.startswith("scenario.noted.")}
    assert found["scenario.noted.setup.0.notes"] == "holds the bridge until relieved"
    assert found["scenario.noted.setup.2.notes"] == "comes back only by event"
    assert found["scenario.noted.reinforcements.1.notes"] == "may not attack on the turn it arrives"
    assert "scenario.noted.setup.1.notes" not in found  # a row without a note asks for nothing
    assert "scenario.noted.reinforcements.0.notes" not in found


def test_any_game_s_notes_print_on_its_setup_chart_and_sheet(noted, tmp_path):
    build_game(noted.path, tmp_path / "out", {"only": ("setup",), "languages": ("en",), "scenarios": ("noted",)})
    text = _text(tmp_path / "out" / "mini" / "en" / "setup-noted.pdf")
    assert "0101 Blueton holds the bridge until relieved" in text  # the hex row's card
    assert "Dead pile comes back only by event" in text  # the box row's card
    assert "may not attack on the turn it arrives" in text
    assert text.count("may not attack on the turn it arrives") == 1  # the card; the sheet points to the track


def test_a_scenario_that_inherits_rows_shares_their_catalog_entries(noted):
    noted.write("scenarios/noted-child.yaml", "id: noted-child\nextends: noted\ntitle: Noted again\n")
    loaded = load_game(noted.path)
    assert not loaded.report.errors, loaded.report.errors
    game = loaded.game
    keys = [s.key for s in game_strings(game) if s.key.endswith(".notes") and ".setup." in s.key]
    assert "scenario.noted-child.setup.0.notes" not in keys
    assert "scenario.noted.setup.0.notes" in keys
    assert game.scenario_index["noted-child"].setup[0].notes == "holds the bridge until relieved"
