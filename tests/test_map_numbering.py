"""Hex numbers printed in the game's own format, at the top of the right hex, for both of
the sample games' conventions: WEF-like CCRR with columns west→east, and GE-like
`{row:02d}{col:02d}` with columns east→west on pointy hexes. Positions are read back from
the rendered PDF's text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.components.map import whole_page
from generator.components.mapparts.drawing import draw_map
from generator.components.mapparts.hexshape import HexShape
from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game
from generator.render.pdf import render_pdf

FIXTURES = Path(__file__).parent / "fixtures"
PT_PER_MM = 72 / 25.4
WEF_GRID = ("{orientation: flat, columns: 8, rows: 6, first_column: 10, first_row: 1, stagger: odd, "
            "column_direction: west_east, id_format: '{col:02d}{row:02d}', hex_size_mm: 18, margin_mm: 12}")
GE_GRID = ("{orientation: pointy, columns: 8, rows: 6, first_column: 11, first_row: 10, stagger: odd, "
           "column_direction: east_west, row_direction: north_south, id_format: '{row:02d}{col:02d}', "
           "hex_size_mm: 17.5, margin_mm: 12}")


def _game(tmp_path: Path, grid: str, hexes: str):
    folder = tmp_path / "numbering"
    shutil.copytree(FIXTURES / "mapmini", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    start = text.index("    grid: {")
    end = text.index("\n", start)
    text = text[:start] + f"    grid: {grid}" + text[end:]
    # the fixture's named lines name hexes of its own numbering: drop them
    text = text[: text.index("    lines:")] + text[text.index("turn_track:") :]
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    (folder / "map" / "hexes.csv").write_text(hexes, encoding="utf-8")
    (folder / "map" / "hexsides.csv").write_text("hex,neighbour,feature\n", encoding="utf-8")
    return load_game(folder).game


def _label_boxes_mm(pdf: bytes, hex_id: str) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of each whole-word occurrence of the text, y down."""
    page = pdfium.PdfDocument(pdf)[0]
    height = page.get_height()
    text = page.get_textpage()
    search = text.search(hex_id, match_whole_word=True)
    boxes = []
    while (found := search.get_next()) is not None:
        first, count = found
        left, _, _, top = text.get_charbox(first)
        _, bottom, right, _ = text.get_charbox(first + count - 1)
        boxes.append((left / PT_PER_MM, (height - top) / PT_PER_MM, right / PT_PER_MM, (height - bottom) / PT_PER_MM))
    return boxes


def _printed(game):
    drawing = draw_map(game, game.spec.maps[0])
    return render_pdf([whole_page(drawing, "numbering")], title="t")


@pytest.mark.parametrize(
    "grid, known",
    [(WEF_GRID, [("1001", 10, 1), ("1203", 12, 3), ("1706", 17, 6)]),
     (GE_GRID, [("1011", 11, 10), ("1215", 15, 12), ("1518", 18, 15)])],
    ids=["wef-ccrr-west-east", "ge-rrcc-east-west"],
)
def test_hex_numbers_sit_at_the_top_of_their_hex(tmp_path, grid, known):
    game = _game(tmp_path, grid, "hex,terrain\n")
    spec = game.spec.maps[0]
    hex_grid = grid_for(spec.grid)
    shape = HexShape.of(hex_grid)
    pdf = _printed(game)
    for hex_id, col, row in known:
        assert hex_grid.hex_id(col, row) == hex_id
        (left, top, right, bottom), = _label_boxes_mm(pdf, hex_id)
        x, y = hex_grid.centre_mm(col, row)
        assert (left + right) / 2 == pytest.approx(x, abs=0.3), hex_id
        assert y - shape.half_height_mm < top < y - 0.2 * hex_grid.size_mm, hex_id  # in the hex's top part
        assert bottom - top < 2.5  # small


def test_column_numbers_grow_west_to_east_on_wef_and_east_to_west_on_ge(tmp_path):
    wef = _printed(_game(tmp_path / "wef", WEF_GRID, "hex,terrain\n"))
    x_1001 = _label_boxes_mm(wef, "1001")[0][0]
    x_1101 = _label_boxes_mm(wef, "1101")[0][0]
    assert x_1001 < x_1101  # WEF: column 10 is the west edge
    ge = _printed(_game(tmp_path / "ge", GE_GRID, "hex,terrain\n"))
    assert _label_boxes_mm(ge, "1011")[0][0] > _label_boxes_mm(ge, "1012")[0][0]  # GE: 11 is east of 12
    assert _label_boxes_mm(ge, "1011")[0][1] < _label_boxes_mm(ge, "1111")[0][1]  # rows grow southwards


def test_a_place_name_sits_under_its_hex_number(tmp_path):
    game = _game(tmp_path, GE_GRID, "hex,terrain,name,features\n1215,clear,Lille,city\n")
    pdf = _printed(game)
    (number,) = _label_boxes_mm(pdf, "1215")
    (name,) = _label_boxes_mm(pdf, "Lille")
    assert name[1] > number[3]  # below
    assert (name[0] + name[2]) / 2 == pytest.approx((number[0] + number[2]) / 2, abs=0.3)
