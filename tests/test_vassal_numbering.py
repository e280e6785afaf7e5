"""The exported boards number their hexes as the games do: for known hexes of both sample
games (WEF's column-row ids, GE's row-column ids on pointy hexes numbered east to west, and
GE's second map), the point VASSAL snaps the hex's centre to gets the game's own id from
VASSAL's numbering rules (tests/vassal_grid.py, written from VASSAL's source) applied to
the module's attributes. Every combination of orientation, directions, stagger and id
format is checked the same way, and the board image is checked to put a hex's centre where
the grid says."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from PIL import Image

from generator.components.mapparts.drawing import MapDrawing
from generator.export.vassal import export_vassal
from generator.export.vassal.boards import rect_px
from generator.export.vassal.hexgrid import VassalHexGrid, board_scale, pixels_per_mm
from generator.export.vassal.images import board_png
from generator.geometry.hexgrid import HexGrid
from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game
from generator.layout.primitives import Circle, Rect, Style
from vassal_grid import Grid, board_size
from vassal_module import MAP, Module

DATA = Path(__file__).resolve().parent.parent / "data"
HEX_GRID = MAP + "boardPicker.board.HexGrid"
NUMBERING = MAP + "boardPicker.board.mapgrid.HexGridNumbering"


@pytest.fixture(scope="module", params=[("when-eagles-fight", "historical"), ("glorys-end", "marne")])
def exported(request, tmp_path_factory):
    game_id, scenario = request.param
    result = export_vassal(DATA / game_id, tmp_path_factory.mktemp(game_id), scenario, ("en",))
    return load_game(DATA / game_id).game, Module(result.modules["en"].read_bytes()), scenario


def boards(game, module: Module):
    """(map spec, the VASSAL grid rules with the module's attributes, the Map element)."""
    for map_node in module.all(MAP.removesuffix("map.") + "Map"):
        board = next(map_node.iter(MAP + "boardPicker.Board"))
        spec = game.maps[board.get("image").removeprefix("map-").removesuffix(".png")]
        grid_node = next(board.iter(HEX_GRID))
        yield spec, Grid.from_xml(grid_node, next(grid_node.iter(NUMBERING)), board_size(board)), map_node


def known_hexes(game, scenario_id: str, map_id: str) -> set[str]:
    """Every hex the data names on a map: its hexes table and the scenario's set-up."""
    scenario = game.scenario_index[scenario_id]
    named = {h.hex_id for h in game.hexes if h.map_id == map_id}
    return named | {p.hex_id for p in scenario.setup if p.hex_id and (p.map_id or scenario.map_id) == map_id}


def test_both_games_and_all_three_maps_are_exported(exported):
    game, module, _ = exported
    assert {spec.id for spec, _, _ in boards(game, module)} == set(game.maps)


def test_known_hexes_get_the_games_ids_from_vassals_numbering(exported):
    game, module, scenario = exported
    checked = 0
    for spec, vassal, _ in boards(game, module):
        geometry = grid_for(spec.grid)
        # the board's scale from the grid (dy is a hex's height along its line) and its shift
        # from the origin, the first hex's centre
        px_per_mm = vassal.dy / spec.grid.hex_size_mm
        first = geometry.centre_mm(geometry.first_column, geometry.first_row)
        origin = (vassal.y0, vassal.x0) if vassal.sideways else (vassal.x0, vassal.y0)
        shift = (origin[0] - first[0] * px_per_mm, origin[1] - first[1] * px_per_mm)
        hexes = known_hexes(game, scenario, spec.id)
        assert len(hexes) > 100
        for hex_id in sorted(hexes):
            x_mm, y_mm = geometry.centre_mm(*geometry.parse_id(hex_id))
            x, y = x_mm * px_per_mm + shift[0], y_mm * px_per_mm + shift[1]
            snapped = vassal.snap(round(x), round(y))
            assert abs(snapped[0] - x) <= 1 and abs(snapped[1] - y) <= 1, (spec.id, hex_id, snapped, x, y)
            assert vassal.name(*snapped) == hex_id, (spec.id, hex_id)
            checked += 1
    assert checked > 300


def test_set_up_stacks_stand_on_a_hex_centre_that_vassal_names_as_the_set_up_hex(exported):
    game, module, _ = exported
    stacks = 0
    for spec, vassal, map_node in boards(game, module):
        for stack in map_node.iter(MAP + "SetupStack"):
            hex_id = stack.get("name").split(" ")[0]
            if not hex_id.isdigit():
                continue  # a box
            x, y = int(stack.get("x")), int(stack.get("y"))
            snapped = vassal.snap(x, y)
            assert abs(snapped[0] - x) <= 1 and abs(snapped[1] - y) <= 1
            assert vassal.name(x, y) == hex_id
            stacks += 1
    assert stacks > 10


def test_the_sample_games_grids_read_as_expected(exported):
    """Spelled out once: WEF flat hexes counted east and south; GE pointy hexes (a sideways
    grid) whose first label is the row and whose columns are numbered east to west."""
    game, module, _ = exported
    for spec, vassal, _ in boards(game, module):
        if game.spec.id == "when-eagles-fight":
            assert (vassal.sideways, vassal.h_descend, vassal.v_descend, vassal.h_off, vassal.v_off) == \
                (False, False, False, 10, 1)
        else:
            assert vassal.sideways and vassal.h_descend and not vassal.v_descend
            assert vassal.h_off == spec.grid.first_row and vassal.location_format == "$column$$row$"


COMBINATIONS = list(itertools.product(
    ["flat", "pointy"], ["odd", "even"], ["west_east", "east_west"], ["north_south", "south_north"], [1, 2, 10], [0, 1, 5],
    ["{col:02d}{row:02d}", "{row:02d}.{col:02d}", "{col}-{row}", "X{col:03d}{row:02d}"]))


@pytest.mark.parametrize("orientation, stagger, columns, rows", sorted({c[:4] for c in COMBINATIONS}))
@pytest.mark.parametrize("in_zone", [False, True], ids=["board", "zone"])
def test_every_numbering_convention_maps_onto_vassals(orientation, stagger, columns, rows, in_zone):
    """On a board of its own, and as one map of a sheet: in a zone away from the page's
    corner, on a board whose scale another map fixed, counting from the zone's size."""
    for _, _, _, _, first_column, first_row, id_format in (c for c in COMBINATIONS if c[:4] == (orientation, stagger, columns, rows)):
        grid = HexGrid(orientation=orientation, columns=9, rows=7, first_column=first_column, first_row=first_row,
                       stagger=stagger, column_direction=columns, row_direction=rows, id_format=id_format,
                       size_mm=16.3, margin_mm=7)
        if in_zone:
            origin = (61.7, 23.9)
            other = HexGrid(orientation="flat", columns=3, rows=3, size_mm=14.1, margin_mm=5)
            scale = board_scale(other, (grid.width_mm + 150, grid.height_mm + 90), pixels_per_mm(other, 127))
            left, top, right, bottom = rect_px(scale, (*origin, grid.width_mm, grid.height_mm))
            exported = VassalHexGrid(grid, scale, origin, (right - left, bottom - top))
        else:
            scale = board_scale(grid, (grid.width_mm + 40, grid.height_mm + 25), pixels_per_mm(grid, 127))
            exported = VassalHexGrid(grid, scale)
        vassal = Grid.from_xml(type("G", (), {"attrib": exported.grid_attributes()}),
                               type("N", (), {"attrib": exported.numbering_attributes()}),
                               exported.container_px or scale.size_px)
        for col, row in grid.cells():
            x, y = exported.centre_px(col, row)
            assert vassal.name(*vassal.snap(round(x), round(y))) == grid.hex_id(col, row), (id_format, first_column, first_row)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_board_image_puts_each_hex_centre_where_the_grid_says(orientation):
    """A dot drawn at two hex centres of a map page lands, in the board image, on the pixel
    VASSAL's grid makes those hexes' centres."""
    grid = HexGrid(orientation=orientation, columns=8, rows=6, first_column=3, first_row=1, size_mm=17.3, margin_mm=9,
                   column_direction="east_west")
    dots = [(3, 1), (10, 6)]
    items = [Rect(0, 0, grid.width_mm, grid.height_mm, Style.filled("#ffffff"))]
    items += [Circle(*grid.centre_mm(*cell), 1.5, Style.filled("#000000")) for cell in dots]
    drawing = MapDrawing("test", "test", grid.width_mm, grid.height_mm, tuple(items), (), (0, 0, grid.width_mm, grid.height_mm))
    scale = board_scale(grid, (grid.width_mm, grid.height_mm), pixels_per_mm(grid, 150))
    image = Image.open(io.BytesIO(board_png(drawing, scale))).convert("L")
    assert image.size == scale.size_px
    exported = VassalHexGrid(grid, scale)
    attributes = exported.grid_attributes()
    origin = (int(attributes["y0"]), int(attributes["x0"])) if orientation == "pointy" else \
        (int(attributes["x0"]), int(attributes["y0"]))
    for cell in dots:
        x, y = exported.centre_px(*cell)
        if cell == dots[0]:
            assert (x, y) == pytest.approx(origin, abs=1e-6)  # the first hex's centre is a whole pixel
        box = (round(x) - 20, round(y) - 20, round(x) + 20, round(y) + 20)
        weights = [(255 - image.getpixel((i, j)), i + 0.5, j + 0.5)
                   for i in range(box[0], box[2]) for j in range(box[1], box[3])]
        total = sum(w for w, _, _ in weights)
        centroid = (sum(w * i for w, i, _ in weights) / total, sum(w * j for w, _, j in weights) / total)
        assert centroid == pytest.approx((x, y), abs=0.05), cell
