"""Record tracks on the map hold their markers: a map panel's track box draws every space at
least a counter wide (the shared sizing of generator/components/record_space.py, as on the
turn-track sheet), and a record track that every map of a scenario group prints that way is
not printed again on the turn-track sheet: a line names the maps, and a table keeps where each
group starts its markers. A map that lacks the track (or a game without scenarios) keeps it
printed whole on the turn-track sheet."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.components.record_space import space_fit

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
MM = 25.4 / 72


def _build(game: Path, out: Path, only: str, lang: str = "en") -> Path:
    result = runner.invoke(app, ["build", str(game), "--only", only, "--lang", lang, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / game.name / lang


def _text(pdf: Path) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages)


def _number_centres(pdf: Path, labels: list[str]) -> dict[str, tuple[float, float]]:
    """Where each label is printed on the PDF's first page (its centre, mm from the top-left);
    the first place each is found."""
    page = pdfium.PdfDocument(str(pdf))[0]
    height = page.get_height()
    text = page.get_textpage()
    found = {}
    for label in labels:
        search = text.search(label, match_whole_word=True)
        hit = search.get_next()
        assert hit is not None, label
        first, count = hit
        boxes = [text.get_charbox(i) for i in range(first, first + count)]
        left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
        bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
        found[label] = ((left + right) / 2 * MM, (height - (top + bottom) / 2) * MM)
    return found


@pytest.fixture(scope="module")
def glorys_end(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ge")
    return _build(ROOT / "data" / "glorys-end", out, "map,turn-track")


def test_the_shared_sizing_holds_a_counter_and_half_a_millimetre_saves_a_row():
    # 15 mm counters: 17 mm spaces (1 mm round the counter), 16 to 16.875 mm where that saves a row
    assert space_fit(61, 60.0, 15.0) == (17.0, 3)  # 3 a row in a 60 mm column: 21 rows either way
    assert space_fit(61, 270.0, 15.0) == (16.875, 16)  # 4 rows of 16 rather than 5 of 15
    assert space_fit(5, 100.0, 15.0) == (17.0, 5)


# The Marne's VP box spans 4 panel columns (270 mm of spaces): 16 spaces a row of 16.875 mm
# (a counter and 0.5 mm round it saves the fifth row), 40 on the fourth row; the Western
# Front's spans 8 (550 mm): 32 a row of 17 mm, 40 on the second row.
@pytest.mark.parametrize("pdf, space, rows_below", [("map-marne.pdf", 16.875, 3), ("map-main.pdf", 17.0, 1)])
def test_the_maps_victory_point_track_spaces_hold_a_15_mm_counter(glorys_end, pdf, space, rows_below):
    # each number is printed in the middle of its space: the step from one to the next along a
    # row is the space's width, from a row to the next its height
    centres = _number_centres(glorys_end / pdf, ["\u221220", "\u221219", "\u221218", "40"])
    step = centres["\u221219"][0] - centres["\u221220"][0]
    assert step == pytest.approx(space, abs=0.05)
    assert step >= 15.0  # GE's counters are 15 mm
    assert centres["\u221218"][0] - centres["\u221219"][0] == pytest.approx(space, abs=0.05)
    assert centres["40"][1] - centres["\u221220"][1] == pytest.approx(rows_below * space, abs=0.05)


def test_the_turn_track_sheet_names_the_maps_and_keeps_the_starts_but_not_the_vp_spaces(glorys_end):
    pdf = glorys_end / "turn-track.pdf"
    assert len(pypdf.PdfReader(str(pdf)).pages) == 2  # was 3: the record tracks' page
    text = _text(pdf)
    assert re.search(r"Printed on the map \(The Western Front, 1914; The Marne, September 1914\), each space\s+holding "
                     r"a marker: Victory points, Replacement steps available\.", text), text
    assert "Markers at the start" in text
    # the starts: the campaigns put the Allied VP marker on −7, the Marne on 0 and 3 French steps
    assert re.search(r"Free Setup Campaign, The Historical Campaign,\s*Short Historical Campaign\s*\u22127\s*0\s*0\s*0"
                     r"\s*0", text), text
    assert re.search(r"Battle of the Marne\s*0\s*0\s*3\s*0\s*\u2014", text), text
    assert "\u221220" not in text and "\u221219" not in text  # no VP space is printed
    assert "Record tracks" not in text


def test_the_spanish_turn_track_sheet_says_where_the_tracks_are(tmp_path):
    spanish = _build(ROOT / "data" / "glorys-end", tmp_path, "turn-track", "es")
    text = _text(spanish / "turn-track.pdf")
    assert re.search(r"Impresos en el mapa \(El Frente Occidental, 1914; El Marne, septiembre de 1914\)", text), text
    assert "Marcadores al empezar" in text and "\u221220" not in text


def _glorys_end_edited(tmp_path, old: str, new: str):
    """A copy of Glory's End whose game.yaml has `old` (found there) replaced by `new`."""
    game = tmp_path / "glorys-end"
    shutil.copytree(ROOT / "data" / "glorys-end", game)
    spec = game / "game.yaml"
    source = spec.read_text(encoding="utf-8")
    assert old in source
    spec.write_text(source.replace(old, new), encoding="utf-8")
    return game


def test_a_map_without_the_track_box_keeps_the_track_whole_on_the_turn_track_sheet(tmp_path):
    game = _glorys_end_edited(tmp_path, "      - {id: marne-vp-track, name: Victory Point track, kind: track, track: vp}\n", "")
    out = _build(game, tmp_path / "out", "turn-track")
    text = _text(out / "turn-track.pdf")
    # the VP track printed whole again (every space, −20 to 40), the replacement track still on the maps
    assert "Record tracks" in text and "\u221220" in text and "\u221219" in text
    assert re.search(r"Printed on the map \(The Western Front, 1914; The Marne, September 1914\), each space\s+holding "
                     r"a marker: Replacement steps available\.", text), text
    # the Marne's own turn track (its SVG) prints the VP track whole too
    svg = (out / "turn-track-marne.svg").read_text(encoding="utf-8")
    assert "Victory points" in svg


def test_a_map_with_no_panel_keeps_the_tracks_on_the_turn_track_sheet(tmp_path):
    anchor = "      - {id: marne-dead, name: Dead pile, kind: holding}\n"
    # the Marne map prints no panel: its boxes (and tracks) are not on it
    game = _glorys_end_edited(tmp_path, "    boxes:\n" + anchor, "    panel: none\n    boxes:\n" + anchor)
    out = _build(game, tmp_path / "out", "turn-track")
    text = _text(out / "turn-track.pdf")
    assert "Printed on the map" not in text
    assert "Record tracks" in text and "Victory points" in text and "Replacement steps available" in text
