"""Record tracks printed once in a turn-track document of several scenario groups: the tracks'
spaces are the game's, so they follow the last group's turn track once, under a heading that
names every scenario; where the groups start their markers in other spaces, a table says where
each group starts each one (the spaces stay bare), and where every group starts them alike the
markers stand in their spaces. A group's track that overruns a page by a few lines is set with
narrower gaps rather than spill them onto a page of their own."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from typer.testing import CliRunner

from charts_game import enrich
from generator.cli.app import app

runner = CliRunner()
TRACK = "turn_track:\n  tracks:\n    - {id: vp, name: Victory points, first: -5, last: 12, markers: [turn]}\n"


def _game(mini, starts: dict[str, int]):
    game = enrich(mini)
    mini.replace("game.yaml", "turn_track:\n", TRACK)
    for number, (name, value) in enumerate(starts.items()):
        # each scenario its own span, none within another's, so each gets a turn track of its own
        mini.write(f"scenarios/s{number}.yaml",
                   f"title: {name}\nmap: main\nstart_turn: {number % 3 + 1}\nend_turn: {number % 3 + 2}\n"
                   f"markers:\n  - {{marker: turn, track: vp, value: {value}}}\n")
    mini.path.joinpath("scenarios/opening.yaml").unlink()
    return game


def _text(game, tmp_path) -> tuple[str, int]:
    result = runner.invoke(app, ["build", str(game), "--only", "turn-track", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(io.BytesIO((tmp_path / "mini" / "en" / "turn-track.pdf").read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages), len(reader.pages)


def test_tracks_differing_only_in_starts_print_once_with_a_table_of_starts(mini, tmp_path):
    game = _game(mini, {"Alpha": -3, "Bravo": 7, "Charlie": -3})
    text, _ = _text(game, tmp_path)
    assert text.count("Victory points") == 2  # the table's track column and the track's own heading
    assert re.search(r"Record tracks\s*For Alpha, Bravo, Charlie\.", text)
    assert "Markers at the start" in text
    # one row: the marker, its track, then where each group starts it (three groups: their spans differ)
    assert re.search(r"Game turn\s*Victory points\s*\u22123\s*7\s*\u22123", text), text
    assert text.index("Turn track: Charlie") < text.index("Record tracks")  # after the last group's track


def test_tracks_with_the_same_starts_print_once_with_the_markers(mini, tmp_path):
    game = _game(mini, {"Alpha": 4, "Bravo": 4})
    text, _ = _text(game, tmp_path)
    assert text.count("Victory points") == 1
    assert "Markers at the start" not in text
    assert re.search(r"Record tracks\s*For Alpha, Bravo\.", text)
    assert "Turn" in text.split("Record tracks")[1]  # the marker drawn in its space (its face reads "Turn")


def test_number_track_spaces_narrow_to_a_counter_and_half_a_millimetre_only_to_save_a_row():
    from generator.components.record_space import space_fit

    # 21 spaces of 17.875 mm (a 15.875 mm counter and 1 mm round it) on 190 mm: rows of 10, the
    # third holding one; at 190 / 11 = 17.27 mm (more than 16.875) two rows of 11 and 10
    space, per_row = space_fit(21, 190.0, 15.875)
    assert per_row == 11 and space == pytest.approx(190.0 / 11)
    # 61 spaces of 17 mm: rows of 11 either way (6 rows), so the spaces keep their room
    assert space_fit(61, 190.0, 15.0) == (17.0, 11)
    # 20 spaces: two rows of 10 already; nothing narrows
    assert space_fit(20, 190.0, 15.875) == (17.875, 10)


def test_the_record_tracks_go_where_they_save_a_page():
    from generator.components.turn_track import fewest_pages
    from generator.layout.blocks import Block

    small, big, tail = Block(50.0, 120.0, ()), Block(50.0, 200.0, ()), Block(50.0, 100.0, ())
    # after the last track: 120 | 200 | 100 (3 pages); after the first: 120 + 100 | 200 (2 pages)
    assert fewest_pages([[small, big, tail], [small, tail, big]], 50.0, 265.0) == [small, tail, big]
    # when both orders take as many pages, the first (the tracks after the last group) is kept
    assert fewest_pages([[small, small, tail], [small, tail, small]], 50.0, 265.0) == [small, small, tail]


@pytest.mark.parametrize("language", ["en", "es"])
def test_glorys_end_prints_its_victory_point_track_once_for_its_four_scenarios(language):
    """GE's turn-track sheet holds two tracks (its two campaigns share one, the short campaign
    rides on it); the VP track (−20 to 40) and the replacement steps are printed on both its
    maps, each space a counter wide (tests/test_map_track_spaces.py), so the sheet follows the
    tracks once with a line naming the maps and a table of starts: the Allies' VP −7 in the
    three campaigns (one row), 0 at the Marne."""
    import kits

    text = kits.kit_text("glorys-end", language, "turn-track.pdf")
    line, names = {"en": ("Printed on the map (The Western Front, 1914; The Marne, September 1914)",
                          ("Free Setup Campaign", "Battle of the Marne")),
                   "es": ("Impresos en el mapa (El Frente Occidental, 1914; El Marne, septiembre de 1914)",
                          ("Campaña con despliegue libre", "Batalla del Marne"))}[language]
    # (the kit's text comes with its words joined by single spaces)
    assert text.count(line) == 1 and all(name in text.split(line)[1] for name in names)
    assert "−20" not in text  # no VP space
    # Allied VP, German VP, French, German, British steps: the campaigns and the short one, then the Marne
    assert re.search(r" −7 0 0 0 0 .* 0 0 3 0 — ", text.split(line)[1])
