"""A player's kit, read as a player would from the built PDFs: each sample scenario's sheet
(length, who sets up and plays first, how to win, rules in force, arrivals, markers and their
starts), the record tracks numbered on the track sheet and the map, and the turn track true
to the scenario (what it cancels absent). Expected strings are the rulebooks', by hand."""

from __future__ import annotations

import pathlib
import re

import pytest

from kits import built, pdf_pages

MINUS = "\u2212"


def _text(path: pathlib.Path, pages=None) -> str:
    texts = pdf_pages(path)
    chosen = texts if pages is None else [texts[i] for i in pages]
    return " ".join(" ".join(text.split()) for text in chosen)


def _sheet(out: pathlib.Path, scenario: str) -> str:
    """The scenario sheet: the setup PDF's text before the set-up list, whose title repeats
    the running header's ("Setup: …") on the page where the list starts (flowed on under
    the sheet); the whole text of a setup PDF that points to another's list."""
    texts = [" ".join(text.split()) for text in pdf_pages(out / f"setup-{scenario}.pdf")]
    title = re.search(r"(Setup|Despliegue|Preparación): [^·]*?(?= Scenario| Escenario)", texts[0]).group(0)
    end = next((i for i, t in enumerate(texts) if t.count(title) >= 2), None)
    if end is None:  # no list of its own: it sets up as another scenario, whose list it names
        return " ".join(texts)
    return " ".join([*texts[:end], texts[end][:texts[end].rfind(title)]])


def _track_section(out: pathlib.Path, title: str, tail: str | None = None) -> str:
    """One scenario's track in turn-track.pdf: from its title ("Turn track: …") to the next
    track's title. Number tracks shared by a run of scenarios print once, after the last of
    the run: `tail` (a number track's name) adds them from their first place after it."""
    text = " ".join(" ".join(page.split()) for page in pdf_pages(out / "turn-track.pdf"))
    heads = []
    for m in re.finditer(r"(Turn track|Game tracking sheet): ", text):  # a page's running head repeats its title
        if not heads or text[m.start():m.start() + 40] != text[heads[-1]:heads[-1] + 40]:
            heads.append(m.start())
    heads.append(len(text))
    found = [(a, b) for a, b in zip(heads, heads[1:]) if title in text[a:a + 200]]
    if not found:
        return ""
    start, end = found[0]
    section = text[start:end]
    if tail is not None and tail not in section:
        at = text.find(tail, end)
        if at >= 0:
            section += " " + text[at:next((h for h in heads if h > at), len(text))]
    return section


@pytest.fixture(scope="module")
def kits():
    """The folder of a sample game's kit in one language (the full kit, built once per run)."""
    return lambda game, lang="en": built(game) / lang


# -- When Eagles Fight ---------------------------------------------------------------------

def test_wef_historical_sheet(kits):
    out = kits("when-eagles-fight")
    sheet = _sheet(out, "historical")
    for expected in ("Scenario: The Historical Campaign", "24 turns: turn 1 to turn 24 (Aug 1914 – Mar/Apr 1917)",
                     "Sets up first Russia", "Starts with Central Powers Normal Movement Phase",
                     "Plays first Russia, from turn 2", "Sudden death · Central Powers: The Central Powers win at once", "4201 Petrograd",
                     "1019 Berlin, 1430 Vienna, 2031 Budapest", "Turns: 2, 6, 11, 15, 20, 24",
                     "Victory checks of the campaign (turns 2, 6, 11, 15, 20, 24): in play",
                     "Central Powers reinforcements and fortress conversions: in play",
                     "Extra Russian replacement steps each turn, turns 2-6: 0",
                     "Turn 12, withdrawal · back on turn 14 · Central Powers",
                     "Reinforcements by turn: each counter is in the box of the turn it arrives on “Turn track: "
                     "The Historical Campaign” (turn-track.pdf)",
                     "Each turn's weather, values and notes are in its box on “Turn track: The Historical Campaign”",
                     # conditional arrivals and withdrawals, set off by a marker or a random event
                     "Arrive when the Brusilov Offensive marker is placed, the next turn · Central Powers: "
                     "XXIV Reserve Corps, XLI Reserve Corps.",
                     "Arrive when the Brusilov Offensive marker is placed, 3 turns later · Russia: 4th Romanian Army.",
                     "Arrive when the Random Events Table gives G, the next turn · Russia: I Caucasian Corps, "
                     "II Turkestan Corps.",
                     "Withdrawal when the Random Events Table gives F · Russia:",
                     "Withdrawal when the Random Events Table gives K · Central Powers: Event K, Verdun: six German"):
        assert expected in sheet, expected
    assert "Turn 19 — " not in sheet and "Replacements G2/A2/R5" not in sheet  # the track's, not printed twice
    # the replacement schedule, the victory numbers and the arrivals, turn by turn, on the track
    track = _track_section(out, "The Historical Campaign")
    assert "6 Mar/Apr 1915 spring Russ. Victory 5/3 Rev 15 Replacements G2/A2/R5" in track
    assert "24 End Mar/Apr 1917 spring Russ. Victory 3/3 Rev 11 Replacements G1/A1/R2" in track
    assert "19 Aug 1916 summer Replacements G1/A1/R2 XXX 19 TU 4-5-3" in track  # XV Turkish Corps
    # the markers with their starts, and the units the events bring (off the track), on the set-up pages
    setup = _text(out / "setup-historical.pdf")
    assert "German replacements Replacement steps: 0" in setup and "Russian replacements Replacement steps: 0" in setup
    assert "Conditional reinforcements" in setup
    assert "Arrive when the Brusilov Offensive marker is placed, 2 turns later" in setup


def test_wef_free_setup_lifts_the_turn_1_restrictions(kits):
    sheet = _sheet(kits("when-eagles-fight"), "free-setup")
    for expected in ("Sets up first Russia", "three Austro-Hungarian cavalry corps and one Russian Cossack cavalry corps",
                     "three A-H attacks at 2:1: not in play",
                     "Arrive when the Random Events Table gives G, the next turn"):
        assert expected in sheet, expected


def test_wef_schlieffen_east_cancels_the_turn_2_check_and_the_conversions(kits):
    out = kits("when-eagles-fight")
    sheet = _sheet(out, "schlieffen-east")
    for expected in ("3 turns: turn 1 to turn 3", "Plays first Central Powers",
                     "Victory checks of the campaign (turns 2, 6, 11, 15, 20, 24): not in play",
                     "Central Powers reinforcements and fortress conversions: not in play",
                     "OberOst may be used every turn: in play", "Turns: 3"):
        assert expected in sheet, expected
    # no random events, no Brusilov and no withdrawals in three turns
    assert "withdrawal ·" not in sheet and "Posen" not in sheet and "Arrive when" not in sheet
    track = _track_section(out, "Schlieffen East Variant")
    assert "Turns 1–3" in track
    assert "2 Sep 1914 autumn Replacements G1/A1/R3" in track and "3 End Oct 1914 autumn Replacements G1/A1/R3 Rev 16" in track
    track = track.split("About the track")[0]  # the designer notes are not the track
    assert "Posen" not in track, track[track.find("Posen") - 300:]
    assert "Breslau" not in track and "Russ. Victory" not in track
    assert "Victory check" not in track and "The only victory check" in track


def test_wef_historical_track_keeps_checks_and_conversions(kits):
    track = _track_section(kits("when-eagles-fight"), "The Historical Campaign", tail="Replacement steps")
    assert "Posen and Thorn garrisons convert" in track
    assert "Breslau garrison converts" in track
    assert "Russ. Victory" in track and "Replacement steps" in track
    # the replacement track (WEF 10.9) is printed on the map, each space holding a marker; the
    # turn-track sheet names the map and says where its three markers start: on 0
    whole = " ".join(" ".join(page.split()) for page in pdf_pages(kits("when-eagles-fight") / "turn-track.pdf"))
    assert "Printed on the map (The Eastern Front), each space holding a marker: Replacement steps." in whole
    assert re.search(r"Markers at the start German replacements Austro-Hungarian replacements Russian replacements "
                     r"Free Setup, The Historical Campaign, Plan 19, Schlieffen East Variant 0 0 0", track), track
    assert " 0 German Repl. A-H Repl. Russian Repl. 1 2 3 4 " not in track  # its spaces are not


def test_wef_plan_19_track_adds_the_russian_replacements(kits):
    out = kits("when-eagles-fight")
    track = _track_section(out, "Plan 19")
    assert "G1/A1/R5" in track and "G2/A2/R7" in track and "STAVKA available (Plan 19)" in track
    assert "STAVKA available from now" not in track
    sheet = _sheet(out, "plan-19")
    assert "Extra Russian replacement steps each turn, turns 2-6: 2" in sheet
    assert "Modifier to the Russian ammunition roll, turns 2-6: -1" in sheet
    assert "2419 Warsaw, 4233 Odessa" in sheet


# -- 1914: Glory's End -----------------------------------------------------------------------

def test_ge_historical_campaign(kits):
    sheet = _sheet(kits("glorys-end"), "historical")
    for expected in ("Scenario: The Historical Campaign", "30 turns: turn 1 to turn 30 (14-16 Aug – 9-11 Nov)",
                     "Sets up first Allied", "Plays first Allied",
                     "Victory level · Allied", "Victory points: 20", "Victory points: 30",
                     "Turn 5, withdrawal · German: Eastern Front"):
        assert expected in sheet, expected
    setup = _text(kits("glorys-end") / "setup-historical.pdf")
    for expected in (f"Allied victory points Victory points: {MINUS}7", "German victory points Victory points: 0",
                     "German 1st Army mobilization 1617 Düren"):
        assert expected in setup, expected
    assert "Last turn: the victory check of turn 10 decides" not in sheet


def test_ge_short_campaign_starts_the_allies_at_minus_7(kits):
    out = kits("glorys-end")
    sheet = _sheet(out, "short-campaign")
    for expected in ("10 turns: turn 1 to turn 10", "Sets up first Allied", "Plays first Allied",
                     "3036 Paris, 3037 Paris, 3136 Paris"):
        assert expected in sheet, expected
    # it sets up as the historical campaign: its setup PDF points to that list, printed once for both
    assert "Set up as on “Setup: The Historical Campaign”" in _text(out / "setup-short-campaign.pdf")
    setup = _text(out / "setup-historical.pdf")
    assert "Setup: The Historical Campaign, Short Historical Campaign" in setup
    for expected in (f"Allied victory points Victory points: {MINUS}7", "German victory points Victory points: 0",
                     "British replacements available Replacement steps available: 0"):
        assert expected in setup, expected
    assert "Turn 11" not in sheet
    track = _track_section(out, "Short Historical Campaign", tail="Markers at the start")  # it rides on the campaigns' track
    assert "Short Historical Campaign: Last turn: the victory check of turn 10 decides" in track
    # the VP track is printed on both maps, the sheet giving its start: the Allies on −7
    assert f"{MINUS}20" not in track and " 40 " not in track
    assert re.search(f"Free Setup Campaign, The Historical Campaign, Short Historical Campaign {MINUS}7 0 0 0 0", track)


def test_ge_free_setup_levels_20_and_30_and_the_british_entry(kits):
    sheet = _sheet(kits("glorys-end"), "free-setup")
    assert "30 turns: turn 1 to turn 30" in sheet
    assert "Victory level · Allied" in sheet and "Victory points: 20" in sheet and "Victory points: 30" in sheet
    assert "Eastern Front" in sheet and "Invading Holland costs the German player 15 VP" in sheet
    # GE 3.7: the British wait for the German total to reach 20 VP if Belgium is spared
    assert ("Arrive when the German VP marker reaches 20 (Victory points) · Allied: Only if the German "
            "player invaded no part of Belgium") in sheet
    assert "Last turn: the victory check of turn 10 decides" not in sheet


def test_ge_marne_has_neither_campaign_nor_british_replacements(kits):
    out = kits("glorys-end")
    sheet = _sheet(out, "marne")
    for expected in ("5 turns: turn 8 to turn 12 (4-6 Sep – 16-18 Sep)", "Plays first Allied",
                     "Replacements of the campaign schedule", "not in play",
                     "2 VP each", "3334 Melun"):
        assert expected in sheet, expected
    setup = _text(out / "setup-marne.pdf")
    for expected in ("French replacements available Replacement steps available: 3",
                     "German replacements available Replacement steps available: 0",
                     "Allied victory points Victory points: 0",
                     # the arrivals' notes stay listed (the track shows their counters)
                     "Turn 8 (4-6 Sep) XXX 7 1 5-4-4 7th Corps enters: by strategic movement does nothing else that "
                     "player turn"):
        assert expected in setup, expected
    assert "repl-bef" not in setup and "British replacements available" not in setup
    track = _track_section(out, "Battle of the Marne")
    assert track.count("F3 G3") == 4 and "B1" not in track and "B2" not in track
    assert "Turns 8–12" in track


def test_ge_map_panels_number_the_vp_and_turn_tracks(kits):
    out = kits("glorys-end")
    marne = _text(out / "map-marne.pdf")
    assert "Victory Point track" in marne
    assert f"{MINUS}20 {MINUS}19" in marne and "39 40" in marne and "14 15" in marne
    # the Marne map's turn record track: its five turns, numbered, with their dates
    assert "Turn Record Track (turns 8-12)" in marne
    assert "8 9 10 11 12" in marne and "4-6 Sep" in marne and "16-18 Sep" in marne
    campaign = _text(out / "map-main.pdf")
    assert "Turn Record Track" in campaign and "28 29 30" in campaign and "9-11 Nov" in campaign


# -- The Great War in the Near East ----------------------------------------------------------

def test_gwne_general_record_track_and_initiative(kits):
    out = kits("great-war-near-east")
    sheet = _sheet(out, "campaign")
    setup = _text(out / "setup-campaign.pdf")
    for name in ("Turkish Surrender", "Russian resource points", "British resource points",
                 "Turkish resource points", "Central Powers victory points", "Turkish Required Reserve"):
        assert f"{name} General record track: 0" in setup, name
    assert "Sets up first Allies" in sheet and "Plays first" not in sheet  # GWNE 5.1: moves are mutual
    assert "49 turns: Nov – Dec 1914 to Nov – Dec 1918, including 16 lettered turns (A–P)" in sheet
    assert "Initiative Initiative" in setup  # both initiative markers start in the Initiative box
    track = _track_section(out, "The Great War in the Near East")
    # turn by turn on the track: weather by map, RP, the reserve dice and the Fall of the Tsar target
    assert "C RP R3 B2 T3 FoC 6 Reserve 1d6" in track and "First required-reserve roll" in track
    assert "Caucasus: snow" in track and "Weather RP FoC Reserve Notes" not in sheet
    # the general record track is printed on the map sheet (its spaces a counter wide), the
    # turn track naming it and its six markers' start, 0
    assert "Printed on the map (The Near East fronts), each space holding a marker: General record track." in track
    assert " 19 20" not in track and re.search(r"Markers at the start .*The Great War in the Near East, 1914-1918 0 0 0 "
                                               r"0 0 0", track), track


def test_gwne_chits_bring_and_take_units(kits):
    sheet = _sheet(kits("great-war-near-east"), "campaign")
    for expected in ("Arrive when the chit “Northern Arab Army” is played · Allies: Northern Arab Army 1, "
                     "Northern Arab Army 2, Northern Arab Army 3.",
                     "Arrive when the chit “10th Division” is played · Allies: 10th Division (Near East).",
                     "Arrive when the Fall of the Tsar marker is placed · Allies: Provisional Government Division 1",
                     "Withdrawal when the chit “Remove 10IN and 11IN” is played · Allies:",
                     "[Units: 10th Indian Division, 11th Indian Division]",
                     "Withdrawal when the chit “Kaiserschlacht” is played",
                     "Taking Baghdad at any time in 1915: 3 permanent TS points", "1442 Baghdad"):
        assert expected in sheet, expected
    panel = _text(kits("great-war-near-east") / "map-near-east.pdf")
    assert "Initiative" in panel and "General Record Track" in panel


# -- Blitz in the East -----------------------------------------------------------------------

def test_blitz_tutorials_are_one_turn_with_production_at_zero(kits):
    out = kits("blitz-in-the-east")
    dnieper = _sheet(out, "s0-dnieper")
    assert "1 turn: turn 2 (Jul-Aug 1941)" in dnieper and "turn 2 to turn 2" not in dnieper and "1710 Smolensk, 1515 Kiev, 1519 Odesa" in dnieper
    setup = _text(out / "setup-s0-dnieper.pdf")
    assert "Axis resources Axis production track: 0" in setup and "Soviet oil Soviet production track: 0" in setup
    # it rides on the campaign's track, its one turn marked in its box
    assert "2 Jul-Aug 1941 clear Start · End: Beyond the Dnieper 3 " in _track_section(out, "Beyond the Dnieper")
    blitz = _sheet(out, "s1-blitz")
    assert "1 turn: turn 1 (May-Jun 1941)" in blitz and "1108 Riga, 1311 Minsk, 1015 Lvov" in blitz
    assert "Axis surprise" in blitz and "Axis resources Axis production track: 0" in _text(out / "setup-s1-blitz.pdf")


def test_blitz_barbarossa_production_and_cards(kits):
    out = kits("blitz-in-the-east")
    sheet = _sheet(out, "s2-barbarossa")
    assert "4 turns: turn 1 to turn 4" in sheet and "Plays first Axis" in sheet
    setup = _text(out / "setup-s2-barbarossa.pdf")
    assert "Axis resources Axis production track: 3" in setup and "Axis oil Axis production track: 2" in setup
    assert "Soviet resources Soviet production track: 0" in setup
    assert "1108 Riga" in sheet and "Turns: 1-4" in sheet
    # S.1's rules written out again, and the units the cards bring
    assert "Axis surprise, in the Axis player turn of turn 1" in sheet
    assert "Arrive when the card “Pearl Harbor” is played · Soviet: Kalinin Front." in sheet
    assert "Arrive when the card “Iran joins the Axis” is cancelled, the next turn · Soviet: 53rd Army." in sheet
    # S.2 plays without the optional rules: no RO.2 extreme cold on turn 4
    whole = _text(out / "turn-track.pdf")  # its section: from its title to the next track's or the record tracks
    track = whole[whole.index("Turn track: Operation Barbarossa"):]
    track = track[:min(at for at in (track.find("Turn track:", 10), track.find("Record tracks"), len(track)) if at > 0)]
    assert "4 End Nov-Dec 1941 blizzard" in track and "Extreme cold" not in track


def test_blitz_campaign_cards_and_decisive_checks(kits):
    out = kits("blitz-in-the-east")
    sheet = _sheet(out, "s3-campaign")
    for expected in ("28 turns: turn 1 to turn 28", "Turns: 10, 16, 22, 28", "0212 Berlin",
                     "Arrive when the card “Manstein” is played · Axis: SS Panzer Army, 8th Army.",
                     "Arrive when the card “Pearl Harbor” is played, the next turn · Soviet: Stalingrad Front.",
                     "Optional rules (by agreement): in play"):
        assert expected in sheet, expected
    assert "4 Nov-Dec 1941 blizzard Extreme cold for Axis units east of the line (an optional rule)" in \
        _track_section(out, "The Russian Campaign")


# -- Strike of the Eagle ---------------------------------------------------------------------

def test_sote_warsaw_sheet(kits):
    out = kits("strike-of-the-eagle")
    sheet = _sheet(out, "battle-of-warsaw")
    for expected in ("Round 5 to round 6 (2 in all)", "Starts with Operation phase 1", "Ends after Reinforcement phase",
                     "the player with the initiative decides who places the first order", "Places: Warsaw",
                     "on “Game tracking sheet: The Battle of Warsaw” (turn-track.pdf)"):
        assert expected in sheet, expected
    assert "Turn 5" not in sheet
    # the VP marker shows the side that leads: the Soviets' face, on the set-up pages
    setup = _text(out / "setup-battle-of-warsaw.pdf")
    assert "North front initiative (Soviet Russia): 3" in setup and "South front initiative (Poland): 1" in setup
    # the arrivals in their round and phase on the tracking sheet: the Volunteer Division, round 5, Warsaw
    assert "5 Aug 1920 Round Start XX Vol 3 2 1 Warsaw" in _track_section(out, "The Battle of Warsaw")
    assert "Soviets lead Victory points (Soviet Russia): 2" in setup


def test_sote_kiev_sheet(kits):
    out = kits("strike-of-the-eagle")
    sheet = _sheet(out, "kiev-offensive")
    for expected in ("Round 1 to round 2 (2 in all)", "Starts with Card replenishment", "Ends after Operation phase 5",
                     "No reinforcements and no withdrawals."):
        assert expected in sheet, expected
    setup = _text(out / "setup-kiev-offensive.pdf")
    assert "South front initiative (Poland): 2" in setup and "North front initiative" not in setup


# -- Spanish ---------------------------------------------------------------------------------

def test_spanish_sheet_holds_the_same_facts(kits):
    out = kits("glorys-end", "es")
    sheet = _sheet(out, "marne")
    assert "Escenario:" in sheet and "Cómo ganar" in sheet and "Reglas especiales" in sheet
    assert "3334 Melun" in sheet and "F3 G3" not in sheet  # turn by turn: on the track
    assert "«Registro de turnos: Batalla del Marne» (turn-track.pdf)" in sheet
    assert "Scenario:" not in sheet and "How to win" not in sheet and "Special rules" not in sheet
