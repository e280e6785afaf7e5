"""Several maps on one printed sheet (GWNE 1.2): each keeps its grid, hex size and numbering
under its own caption (title, scale, movement factor, north arrow); one panel holds the
legend of all and the boxes; the sheet replaces the maps' own files and is tiled like a map."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.components.mapparts.sheet import draw_sheet, used_symbols
from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game
from generator.layout.primitives import Page

NORTH = """
  - id: north
    title: Northern front
    scale: 40 miles a hex
    movement_factor: 2
    grid: {orientation: pointy, columns: 4, rows: 3, first_column: 1, first_row: 1, hex_size_mm: 15,
           id_format: "N{col:01d}{row:01d}"}
    hexes: map/north-hexes.csv
    default_region: redland
"""
SHEET = """
map_sheets:
  - id: fronts
    title: Both fronts
    maps: [main, north]
    boxes:
      - {id: reserve, name: Strategic reserve, kind: transit, side: red, notes: units wait here}
"""


@pytest.fixture
def two_fronts(mini):
    mini.replace("game.yaml", "turn_track:", NORTH.lstrip("\n") + "turn_track:")
    mini.write("map/north-hexes.csv", "hex,terrain,name\nN11,forest,Nordby\nN22,clear,\n")
    mini.append("game.yaml", SHEET)
    return mini


def test_two_maps_of_different_hex_sizes_share_a_sheet_without_sharing_symbols(two_fronts):
    game = load_game(two_fronts.path).game
    drawing = draw_sheet(game, game.spec.map_sheets[0], tiling=((210, 297), 10))
    page = Page(drawing.width_mm, drawing.height_mm, drawing.items, drawing.symbols)  # refuses a repeated id
    ids = {symbol.id: symbol for symbol in page.symbols}
    # 20 mm flat hexes keep the names; the 15 mm pointy map draws its own, renamed after it
    assert {"terrain-clear", "north-terrain-clear", "north-terrain-woods"} <= set(ids)
    assert ids["terrain-clear"].width_mm > ids["north-terrain-clear"].width_mm
    assert used_symbols(page.items) <= set(ids)  # every placed symbol is defined
    grids = [grid_for(game.maps[m].grid) for m in ("main", "north")]
    both_across = sum(g.width_mm for g in grids) < drawing.width_mm
    both_down = sum(g.height_mm for g in grids) < drawing.height_mm
    assert both_across or both_down  # side by side or one above the other, never overlapping


def test_the_sheet_replaces_its_maps_files_and_prints_both_captions(two_fronts, tmp_path):
    result = CliRunner().invoke(app, ["build", str(two_fronts.path), "--only", "map", "--out", str(tmp_path),
                                      "--quiet", "--lang", "en"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "mini" / "en"
    assert sorted(p.name for p in folder.iterdir()) == ["manifest.json", "map-fronts-tiles-A4.pdf", "map-fronts.pdf",
                                                         "map-fronts.svg"]
    text = _text((folder / "map-fronts.pdf").read_bytes())
    for words in ("Both fronts", "Mini map", "Northern front", "40 miles a hex", "Movement ×2 on this map",
                  "Strategic reserve", "units wait here", "N11", "Nordby", "0101"):
        assert words in text, words
    tiles = pdfium.PdfDocument((folder / "map-fronts-tiles-A4.pdf").read_bytes())
    assert len(tiles) >= 2 and re.search(r"sheets? \(\d+ × \d+\)", _text((folder / "map-fronts-tiles-A4.pdf").read_bytes()))


def test_an_arrangement_puts_the_maps_in_the_columns_it_gives(two_fronts):
    game = load_game(two_fronts.path).game
    sheet = game.spec.map_sheets[0]
    side_by_side = draw_sheet(game, sheet.model_copy(update={"arrangement": [["main"], ["north"]], "panel": "none"}))
    stacked = draw_sheet(game, sheet.model_copy(update={"arrangement": [["main", "north"]], "panel": "none"}))
    assert side_by_side.width_mm > stacked.width_mm and stacked.height_mm > side_by_side.height_mm


def _text(pdf: bytes) -> str:
    document = pdfium.PdfDocument(pdf)
    return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))


def test_the_near_east_prints_its_three_fronts_on_one_sheet():
    folder = Path(__file__).resolve().parent.parent / "data" / "great-war-near-east"
    if not (folder / "game.yaml").exists():
        pytest.skip("sample game not in this checkout")
    game = load_game(folder).game
    (sheet,) = game.spec.map_sheets
    assert sheet.maps == ["caucasus", "iraq", "egypt"]  # GWNE 1.2
    assert game.maps["egypt"].movement_factor == 2  # GWNE 12.2: movement doubled on Egypt/Palestine
    assert [game.maps[m].scale for m in sheet.maps] == ["22.5 miles a hex", "20 miles a hex", "9.5 miles a hex"]
