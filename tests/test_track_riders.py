"""Riders: a shorter scenario whose every turn box is the same as the box of that turn on a
longer scenario's track (the same counters and captions, values, weather and notes) is printed
on that track, not on one of its own. The track's title names every scenario it serves, its
subtitle each one's turns, and the rider's start and end are marked in its boxes by name; the
scenario sheets name the track it is printed on. A rider whose boxes would differ in anything
(one counter, one note) keeps a track of its own."""

from __future__ import annotations

import io
import re
import shutil

import pypdf
import pytest
from typer.testing import CliRunner

import kits
from charts_game import context_for, texts_in
from generator.cli.app import app

runner = CliRunner()
DATA = kits.DATA


def _groups(path) -> list[tuple[list[str], list[str]]]:
    """Each printed track: the ids of the scenarios it is drawn for, and of its riders."""
    from generator.components.turn_track import track_groups

    return [([s.scenario_id for s in g.scenarios], [r.scenario_id for r in g.riders])
            for g in track_groups(context_for(path))]


def _built_text(game, tmp_path, name: str, language: str = "en") -> str:
    result = runner.invoke(app, ["build", str(game), "--only", "turn-track,setup", "--lang", language,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / game.name / language / name
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    return " ".join(text.split())


# -- 1914: Glory's End: the Short Historical Campaign (turns 1-10) rides on the campaign's track

NAMES = {"en": ("Turn track: Free Setup Campaign, The Historical Campaign, Short Historical Campaign",
                "Short Historical Campaign: Turns 1–10", "Start: Short Historical Campaign",
                "End: Short Historical Campaign", "Turn track: Short Historical Campaign"),
         "es": ("Registro de turnos: Campaña con despliegue libre, La campaña histórica, Campaña histórica corta",
                "Campaña histórica corta: Turnos 1–10", "Inicio: Campaña histórica corta",
                "Fin: Campaña histórica corta", "Registro de turnos: Campaña histórica corta")}


def test_glorys_end_short_campaign_rides_on_the_campaign_track():
    assert _groups(DATA / "glorys-end") == [(["free-setup", "historical"], ["short-campaign"]), (["marne"], [])]


@pytest.mark.parametrize("language", ["en", "es"])
def test_glorys_end_kit_prints_one_track_for_both_campaigns_and_the_short_one(language):
    title, turns, start, end, own = NAMES[language]
    text = kits.kit_text("glorys-end", language, "kit.pdf")
    assert title in text and turns in text
    assert start in text and end in text  # the red marks in its first and last boxes
    # the note of its own on its last turn, under its name, among the turn notes under the track
    assert {"en": "Short Historical Campaign: Last turn: the victory check of turn 10 decides",
            "es": "Campaña histórica corta: Último turno: decide la comprobación de victoria del turno 10"}[language] in text
    assert own not in text  # no track of its own any more
    track = kits.kit_text("glorys-end", language, "turn-track.pdf")
    # the marks sit in the boxes of turns 1 and 10, before the next box's number
    assert re.search(r"\b1 (Start|Inicio) 14-16 (Aug|ago)", track) and track.index(start) < track.index(" 2 17-19 ")
    assert track.index(" 10 10-12 ") < track.index(end) < track.index(" 11 13-15 ")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_short_campaign_sheet_names_the_track_it_is_printed_on(language):
    title = NAMES[language][0]
    sheet = kits.kit_text("glorys-end", language, "setup-short-campaign.pdf")
    assert sheet.count(f"{title}” (turn-track.pdf)" if language == "en" else f"{title}» (turn-track.pdf)") == 2
    assert NAMES[language][4] not in sheet


def test_one_reinforcement_moved_keeps_the_short_campaign_apart(tmp_path):
    """The short campaign's 5th Reserve Division arriving on turn 7 instead of 6: its boxes 6
    and 7 differ from the campaign's, so it prints its own track, and its sheet names it."""
    game = tmp_path / "glorys-end"
    shutil.copytree(DATA / "glorys-end", game)
    short = game / "scenarios" / "short-campaign.yaml"
    text = short.read_text(encoding="utf-8")
    assert '{unit: fr-5r, turn: 6, entry: "2135"}' in text
    short.write_text(text.replace('{unit: fr-5r, turn: 6, entry: "2135"}', '{unit: fr-5r, turn: 7, entry: "2135"}'),
                     encoding="utf-8")
    assert _groups(game) == [(["free-setup", "historical"], []), (["marne"], []), (["short-campaign"], [])]
    track = _built_text(game, tmp_path / "out", "turn-track.pdf")
    assert "Turn track: Free Setup Campaign, The Historical Campaign One turn" in track
    assert "Turn track: Short Historical Campaign" in track and "End: Short Historical Campaign" not in track
    sheet = _built_text(game, tmp_path / "out", "setup-short-campaign.pdf")
    assert "“Turn track: Short Historical Campaign” (turn-track.pdf)" in sheet


# -- a small game: riders that start late, several on one track, one that differs by a note

def _scenario(mini, name: str, start: int, end: int, extra: str = "") -> None:
    mini.write(f"scenarios/{name.lower()}.yaml",
               f"title: {name}\nmap: main\nstart_turn: {start}\nend_turn: {end}\nfirst_side: blue\n"
               f"setup_from_codes: true\nreinforcements_from_codes: true\n{extra}")


def test_several_riders_on_one_track_each_marked_where_it_starts_and_ends(mini, tmp_path):
    _scenario(mini, "Middle", 2, 3)  # turns 2-3 of the opening's 1-4 (the red cavalry arrives on 2 in both)
    _scenario(mini, "Late", 3, 4)
    mini.replace("scenarios/late.yaml", "reinforcements_from_codes: true\n", "")  # the cavalry comes on turn 2
    assert _groups(mini.path) == [(["opening"], ["late", "middle"])]
    from generator.components.turn_track import track_document_blocks, track_groups

    context = context_for(mini.path)
    (group,) = track_groups(context)
    assert [s.scenario_id for s in group.serves] == ["opening", *[r.scenario_id for r in group.riders]]
    words = [t.text for b in group.blocks(context, 190.0) for t, _, _ in texts_in(b.items)]
    joined = " ".join(words)
    assert "Late" in joined and "Middle" in joined
    for mark in ("Start: Middle", "End: Middle", "Start: Late", "End: Late"):
        assert words.count(mark) == 1, mark
    # the band's own tags are the opening's: Start on turn 1, End on turn 4
    assert words.count("Start") == 1 and words.count("End") == 1
    assert track_document_blocks(context, 190.0, 260.0)  # the document flows with one track
    text = _built_text(mini.path, tmp_path, "turn-track.pdf")
    assert "Middle: Turns 2–3" in text and "Late: Turns 3–4" in text and "Opening moves: Turns 1–4" in text
    assert "Turn track: Middle" not in text and "Turn track: Late" not in text


def test_a_note_only_the_rider_has_is_printed_in_its_box_under_its_name(mini):
    _scenario(mini, "Middle", 2, 3, "turns:\n  - {turn: 3, notes: [Blue may not attack.]}\n")
    assert _groups(mini.path) == [(["opening"], ["middle"])]
    from generator.components.turn_track import track_groups

    context = context_for(mini.path)
    (group,) = track_groups(context)
    words = " ".join(t.text for b in group.blocks(context, 190.0) for t, _, _ in texts_in(b.items))
    assert "Middle: Blue may not attack." in words and words.count("Blue may not attack") == 1


def test_a_rider_without_a_note_of_the_tracks_box_keeps_its_own_track(mini):
    """The opening's own note on turn 3 would stand in a box the middle scenario plays too."""
    mini.append("scenarios/opening.yaml", "turns:\n  - {turn: 3, notes: [Red reserves released.]}\n")
    _scenario(mini, "Middle", 2, 3)
    _scenario(mini, "Late", 3, 4, "turns:\n  - {turn: 3, notes: [Red reserves released.]}\n")
    mini.replace("scenarios/late.yaml", "reinforcements_from_codes: true\n", "")
    assert _groups(mini.path) == [(["opening"], ["late"]), (["middle"], [])]  # as their first scenarios come


def test_a_rider_whose_box_lacks_a_counter_keeps_its_own_track(mini):
    """Without the reinforcements by codes, the red cavalry is missing from its turn 2 box."""
    _scenario(mini, "Middle", 2, 3)
    mini.replace("scenarios/middle.yaml", "reinforcements_from_codes: true\n", "")
    assert _groups(mini.path) == [(["middle"], []), (["opening"], [])]


def test_a_rider_with_other_record_starts_is_listed_in_the_table_of_starts(mini, tmp_path):
    mini.replace("game.yaml", "turn_track:\n",
                 "turn_track:\n  tracks:\n    - {id: vp, name: Victory points, first: 0, last: 9, markers: [turn]}\n")
    mini.append("scenarios/opening.yaml", "markers:\n  - {marker: turn, track: vp, value: 2}\n")
    _scenario(mini, "Middle", 2, 3, "markers:\n  - {marker: turn, track: vp, value: 5}\n")
    assert _groups(mini.path) == [(["opening"], ["middle"])]
    text = _built_text(mini.path, tmp_path, "turn-track.pdf")
    assert "Turn track: Opening moves, Middle" in text
    assert re.search(r"Markers at the start Marker Track Opening moves Middle Game turn Victory points 2 5", text), text


def test_blitz_one_turn_scenarios_ride_on_the_campaign_track_but_not_barbarossa():
    """Beyond the Dnieper (turn 2) and Blitz in the East (turn 1) play the campaign's boxes;
    Operation Barbarossa (turns 1-4) leaves out the campaign's optional extreme-cold note of
    turn 4, so it keeps its own track."""
    assert _groups(DATA / "blitz-in-the-east") == [(["s3-campaign"], ["s0-dnieper", "s1-blitz"]),
                                                   (["s2-barbarossa"], [])]
