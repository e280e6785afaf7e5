"""A player's kit, read as a player would from the built PDFs: each sample scenario's sheet
(length, who sets up and plays first, how to win, rules in force, arrivals, markers and their
starts), the record tracks numbered on the track sheet and the map, and the turn track true
to the scenario (what it cancels absent). Expected strings are the rulebooks', by hand."""

from __future__ import annotations

import pathlib
import re

import pypdf
import pytest

from generator.build.runner import build_game

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
MINUS = "\u2212"


def _text(path: pathlib.Path, pages=None) -> str:
    reader = pypdf.PdfReader(str(path))
    chosen = reader.pages if pages is None else [reader.pages[i] for i in pages]
    return " ".join(" ".join((page.extract_text() or "").split()) for page in chosen)


def _sheet(out: pathlib.Path, scenario: str) -> str:
    """The scenario sheet: the setup PDF's pages before the set-up list, whose first page
    repeats the running header's title ("Setup: …") as its own."""
    reader = pypdf.PdfReader(str(out / f"setup-{scenario}.pdf"))
    texts = [" ".join((p.extract_text() or "").split()) for p in reader.pages]
    header = texts[0].split(" · ")[0]
    title = re.search(r"(Setup|Despliegue|Preparación): [^·]*?(?= Scenario| Escenario)", texts[0]).group(0)
    end = next(i for i, t in enumerate(texts) if t.count(title) >= 2)
    return " ".join(texts[:end])


def _track_section(out: pathlib.Path, title: str) -> str:
    """The turn-track pages of one scenario (found by its title in the running header)."""
    reader = pypdf.PdfReader(str(out / "turn-track.pdf"))
    texts = [" ".join((p.extract_text() or "").split()) for p in reader.pages]
    return " ".join(t for t in texts if title in t[:200])


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    built = {}

    def build(game: str, lang: str = "en", only=("setup", "turn-track")):
        key = (game, lang, only)
        if key not in built:
            out = tmp_path_factory.mktemp(f"{game}-{lang}")
            build_game(DATA / game, out, {"only": only, "languages": (lang,)})
            built[key] = out / game / lang
        return built[key]

    return build


# -- When Eagles Fight ---------------------------------------------------------------------

def test_wef_historical_sheet(kits):
    out = kits("when-eagles-fight")
    sheet = _sheet(out, "historical")
    for expected in ("Scenario: The Historical Campaign", "24 turns: turns 1 to 24 (Aug 1914 – Mar/Apr 1917)",
                     "Sets up first Russia", "Plays first Russia",
                     "Sudden death · Central Powers: The Central Powers win at once", "4201 Petrograd",
                     "1019 Berlin, 1430 Vienna, 2031 Budapest", "Turns: 2, 6, 11, 15, 20, 24",
                     "Victory checks of the campaign (turns 2, 6, 11, 15, 20, 24): in play",
                     "Central Powers reinforcements and fortress conversions: in play",
                     "Extra Russian replacement steps each turn, turns 2-6: 0",
                     "Turn 12, withdrawal · back on turn 14 · Central Powers",
                     # conditional arrivals and withdrawals, set off by a marker or a random event
                     "Arrive when the Brusilov Offensive marker is placed, the next turn · Central Powers: "
                     "XXIV Reserve Corps, XLI Reserve Corps.",
                     "Arrive when the Brusilov Offensive marker is placed, 3 turns later · Russia: 4th Romanian Army.",
                     "Arrive when the Random Events Table gives G, the next turn · Russia: I Caucasian Corps, "
                     "II Turkestan Corps.",
                     "Withdrawal when the Random Events Table gives F · Russia:",
                     "Withdrawal when the Random Events Table gives K · Central Powers: Event K, Verdun: six German",
                     "German replacements Replacement steps: 0", "Russian replacements Replacement steps: 0"):
        assert expected in sheet, expected
    # the replacement schedule and the victory numbers, turn by turn
    assert "6 · Mar/Apr 1915 G2/A2/R5 5/3 15" in sheet
    assert "24 · Mar/Apr 1917 G1/A1/R2 3/3 11" in sheet


def test_wef_schlieffen_east_cancels_the_turn_2_check_and_the_conversions(kits):
    out = kits("when-eagles-fight")
    sheet = _sheet(out, "schlieffen-east")
    for expected in ("3 turns: turns 1 to 3", "Plays first Central Powers",
                     "Victory checks of the campaign (turns 2, 6, 11, 15, 20, 24): not in play",
                     "Central Powers reinforcements and fortress conversions: not in play",
                     "OberOst may be used every turn: in play", "Turns: 3"):
        assert expected in sheet, expected
    assert "withdrawal ·" not in sheet and "Posen" not in sheet
    assert "2 · Sep 1914 G1/A1/R3" in sheet and "3 · Oct 1914 G1/A1/R3 16" in sheet
    track = _track_section(out, "Schlieffen East Variant")
    assert "Turns 1–3" in track
    track = track.split("About the track")[0]  # the designer notes are not the track
    assert "Posen" not in track, track[track.find("Posen") - 300:]
    assert "Breslau" not in track and "Russ. Victory" not in track
    assert "Victory check" not in track and "The only victory check" in track


def test_wef_historical_track_keeps_checks_and_conversions(kits):
    track = _track_section(kits("when-eagles-fight"), "The Historical Campaign")
    assert "Posen and Thorn garrisons convert (10.14)" in track
    assert "Breslau garrison converts (10.14)" in track
    assert "Russ. Victory" in track and "Replacement steps" in track
    for value in range(0, 5):
        assert f" {value} " in track


def test_wef_plan_19_track_adds_the_russian_replacements(kits):
    out = kits("when-eagles-fight")
    track = _track_section(out, "Plan 19")
    assert "G1/A1/R5" in track and "G2/A2/R7" in track and "STAVKA available (Plan 19)" in track
    assert "STAVKA available from now" not in track
    sheet = _sheet(out, "plan-19")
    assert "Extra Russian replacement steps each turn, turns 2-6: 2" in sheet
    assert "Modifier to the Russian ammunition roll, turns 2-6: -1" in sheet


# -- 1914: Glory's End -----------------------------------------------------------------------

def test_ge_short_campaign_starts_the_allies_at_minus_7(kits):
    out = kits("glorys-end")
    sheet = _sheet(out, "short-campaign")
    for expected in ("10 turns: turns 1 to 10", "Sets up first Allied", "Plays first Allied",
                     f"Allied victory points Victory points: {MINUS}7", "German victory points Victory points: 0",
                     "British replacements available Replacement steps available: 0",
                     "3036 Paris, 3037 Paris, 3136 Paris", "Last turn: the victory check of turn 10 decides"):
        assert expected in sheet, expected
    track = _track_section(out, "Short Historical Campaign")
    assert f"{MINUS}20" in track and f"{MINUS}7 " in track and " 40 " in track


def test_ge_free_setup_levels_20_and_30(kits):
    sheet = _sheet(kits("glorys-end"), "free-setup")
    assert "30 turns: turns 1 to 30" in sheet
    assert "Victory level · Allied" in sheet and "Victory points: 20" in sheet and "Victory points: 30" in sheet
    assert "Eastern Front" in sheet and "15 VP each" in sheet and f"{MINUS}15 VP each" in sheet
    assert "Last turn: the victory check of turn 10 decides" not in sheet


def test_ge_marne_has_neither_campaign_nor_british_replacements(kits):
    out = kits("glorys-end")
    sheet = _sheet(out, "marne")
    for expected in ("5 turns: turns 8 to 12 (4-6 Sep – 16-18 Sep)", "Plays first Allied",
                     "Replacements of the campaign schedule", "not in play",
                     "French replacements available Replacement steps available: 3",
                     "German replacements available Replacement steps available: 0",
                     "Allied victory points Victory points: 0", "2 VP each", "3334 Melun"):
        assert expected in sheet, expected
    assert "repl-bef" not in sheet and "British replacements available" not in sheet
    assert sheet.count("F3 G3") == 4  # turns 9-12; turn 8's are already on the track
    track = _track_section(out, "Battle of the Marne")
    assert track.count("F3 G3") == 4 and "B1" not in track and "B2" not in track
    assert "Turns 8–12" in track


def test_ge_map_panel_numbers_the_vp_track(kits):
    out = kits("glorys-end", only=("map",))
    text = _text(out / "map-marne.pdf")
    assert f"Victory Point track" in text
    assert f"{MINUS}20 {MINUS}19" in text and "39 40" in text and "14 15" in text


# -- The Great War in the Near East ----------------------------------------------------------

def test_gwne_general_record_track(kits):
    out = kits("great-war-near-east")
    sheet = _sheet(out, "campaign")
    for name in ("Turkish Surrender", "Russian resource points", "British resource points",
                 "Turkish resource points", "Central Powers victory points", "Turkish Required Reserve"):
        assert f"{name} General record track: 0" in sheet, name
    assert "Sets up first Allies" in sheet and "Turkish surrender" in sheet
    panel = _text(kits("great-war-near-east", only=("map",)) / "map-sheet.pdf") if \
        (kits("great-war-near-east", only=("map",)) / "map-sheet.pdf").exists() else ""
    track = _track_section(out, "The Great War in the Near East")
    assert "General record track" in track and " 19 20" in track


# -- Blitz in the East -----------------------------------------------------------------------

def test_blitz_barbarossa_production_starts(kits):
    out = kits("blitz-in-the-east")
    sheet = _sheet(out, "s2-barbarossa")
    assert "4 turns: turns 1 to 4" in sheet and "Plays first Axis" in sheet
    assert "Axis production track: 3" in sheet and "Axis production track: 2" in sheet
    assert "Soviet production track: 0" in sheet
    assert "1108 Riga" in sheet and "Turns: 1-4" in sheet
    assert "Turn 4: " in sheet and "Pearl Harbor card" in sheet


def test_blitz_tutorial_is_one_turn(kits):
    sheet = _sheet(kits("blitz-in-the-east"), "s0-dnieper")
    assert "1 turn: turns 2 to 2" in sheet and "1710 Smolensk, 1515 Kiev, 1519 Odesa" in sheet


# -- Strike of the Eagle ---------------------------------------------------------------------

def test_sote_warsaw_sheet(kits):
    out = kits("strike-of-the-eagle")
    sheet = _sheet(out, "battle-of-warsaw")
    for expected in ("2 turns: turns 5 to 6", "Starts with Operation phase 1", "Ends after Reinforcement phase",
                     "Plays first Soviet Russia", "Places: Warsaw", "Victory points (Soviet Russia): 2",
                     "North front initiative (Soviet Russia): 3", "South front initiative (Poland): 1"):
        assert expected in sheet, expected


# -- Spanish ---------------------------------------------------------------------------------

def test_spanish_sheet_holds_the_same_facts(kits):
    out = kits("glorys-end", "es")
    sheet = _sheet(out, "marne")
    assert "Escenario:" in sheet and "Cómo ganar" in sheet and "Reglas especiales" in sheet
    assert "3334 Melun" in sheet and sheet.count("F3 G3") == 4
    assert "Scenario:" not in sheet and "How to win" not in sheet and "Special rules" not in sheet
