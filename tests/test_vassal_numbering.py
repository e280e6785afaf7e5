"""The exported boards number their hexes as the games do, both ways: for every hex of every
hex map of the sample games (WEF's column-row ids, GE's row-column ids on pointy hexes
numbered east to west and its second map, Blitz in the East's even-staggered columns), the
point VASSAL snaps the hex's printed centre to gets the game's own id from VASSAL's
numbering rules (tests/vassal_grid.py, written from its source) applied to the module's
attributes, and VASSAL's lookup of that id (RegularGridNumbering.getLocation,
HexGridNumbering.getCenterPoint) gives back exactly that point. Every combination of
orientation, directions, stagger and id format is checked the same way, on a board of its
own and as a map in a zone of a sheet; VASSAL's own quirk (a staggered grid whose
descending axis has an odd maximum finds a hex by id half a line off) is pinned so that the
reason the export never staggers stays visible; and the board image is checked to put a
hex's centre where the grid says."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from PIL import Image

from generator.components.mapparts.drawing import MapDrawing
from generator.export.vassal.boards import rect_px
from generator.export.vassal.hexgrid import Lattice, VassalHexGrid, board_scale, pixels_per_mm
from generator.export.vassal.images import board_png
from generator.geometry.hexgrid import HexGrid
from generator.geometry.mapgrid import grid_for
from generator.io.loader import load_game
from generator.layout.primitives import Circle, Rect, Style
from vassal_grid import BadCoords, Grid, board_size
from vassal_module import MAP, Module

DATA = Path(__file__).resolve().parent.parent / "data"
HEX_GRID = MAP + "boardPicker.board.HexGrid"
NUMBERING = MAP + "boardPicker.board.mapgrid.HexGridNumbering"
HEX_GAMES = ["when-eagles-fight", "glorys-end", "blitz-in-the-east"]  # hex maps printed alone


@pytest.fixture(scope="module", params=HEX_GAMES)
def exported(request, vassal_export):
    _, module = vassal_export(request.param)
    return load_game(DATA / request.param).game, module


def boards(game, module: Module):
    """(map spec, the VASSAL grid rules with the module's attributes, the Map element) of each
    map board (not the turn track's)."""
    for map_node in module.all(MAP.removesuffix("map.") + "Map"):
        board = next(map_node.iter(MAP + "boardPicker.Board"))
        if not board.get("image").startswith("map-"):
            continue
        spec = game.maps[board.get("image").removeprefix("map-").removesuffix(".png")]
        grid_node = next(board.iter(HEX_GRID))
        yield spec, Grid.from_xml(grid_node, next(grid_node.iter(NUMBERING)), board_size(board)), map_node


def printed_centre(spec, vassal: Grid, lattice_origin_mm) -> callable:
    """The printed centre of a hex in board pixels: the board's scale from the grid (dy is a
    hex's height along its line) and its shift from the origin, the lattice's origin hex."""
    px_per_mm = vassal.dy / spec.grid.hex_size_mm
    origin = (vassal.y0, vassal.x0) if vassal.sideways else (vassal.x0, vassal.y0)
    shift = (origin[0] - lattice_origin_mm[0] * px_per_mm, origin[1] - lattice_origin_mm[1] * px_per_mm)
    geometry = grid_for(spec.grid)

    def centre(hex_id: str) -> tuple[float, float]:
        x_mm, y_mm = geometry.centre_mm(*geometry.parse_id(hex_id))
        return x_mm * px_per_mm + shift[0], y_mm * px_per_mm + shift[1]

    return centre


def test_every_hex_map_of_the_sample_games_is_exported(exported):
    game, module = exported
    assert {spec.id for spec, _, _ in boards(game, module)} == {m.id for m in game.spec.maps}


def test_every_hex_is_named_by_its_id_and_found_by_it_exactly_where_vassal_snaps_it(exported):
    game, module = exported
    checked = 0
    for spec, vassal, _ in boards(game, module):
        geometry = grid_for(spec.grid)
        assert vassal.dy == int(vassal.dy) and int(vassal.dy) % 2 == 0  # each board is scaled to its own hexes
        centre = printed_centre(spec, vassal, Lattice.of(geometry).origin_mm)
        for cell in geometry.cells():
            hex_id = geometry.hex_id(*cell)
            x, y = centre(hex_id)
            snapped = vassal.snap(round(x), round(y))
            assert abs(snapped[0] - x) <= 1 and abs(snapped[1] - y) <= 1, (spec.id, hex_id, snapped, x, y)
            assert vassal.name(*snapped) == hex_id, (spec.id, hex_id)
            assert vassal.location(hex_id) == snapped, (spec.id, hex_id)
            checked += 1
    assert checked >= {"when-eagles-fight": 900, "glorys-end": 1000, "blitz-in-the-east": 1000}[game.spec.id]


def test_the_sample_games_grids_read_as_expected(exported):
    """Spelled out once: WEF flat hexes counted east and south; GE pointy hexes (a sideways
    grid) whose first label is the row and whose columns are numbered east to west; none
    staggered."""
    game, module = exported
    for spec, vassal, _ in boards(game, module):
        assert not vassal.stagger
        if game.spec.id == "when-eagles-fight":
            assert (vassal.sideways, vassal.h_descend, vassal.v_descend, vassal.v_off) == (False, False, False, 1)
            assert vassal.h_off in (9, 10)  # the first column, or the one before it when that is a lower line
        elif game.spec.id == "glorys-end":
            assert vassal.sideways and vassal.h_descend and not vassal.v_descend
            assert vassal.location_format == "$column$$row$"


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
            hex_id = grid.hex_id(col, row)
            x, y = exported.centre_px(col, row)
            snapped = vassal.snap(round(x), round(y))
            assert vassal.name(*snapped) == hex_id, (id_format, first_column, first_row)
            assert exported.vassal_point(col, row) == snapped
            found = vassal.location(hex_id)
            if in_zone:  # another map fixed the scale: a hex is not a whole number of pixels tall
                assert vassal.snap(*found) == snapped and abs(found[1] - snapped[1]) <= 1
            else:
                assert found == snapped, (id_format, first_column, first_row, hex_id)


@pytest.mark.parametrize("sideways", [False, True])
def test_vassal_finds_a_staggered_hex_by_id_half_a_line_off_when_a_descending_axis_has_an_odd_maximum(sideways):
    """Why the export never staggers. A staggered grid counting its columns backwards on a
    board 9 columns wide (an odd maximum): getRow reads the stagger from the column counted
    from the origin, getCenterPoint from the column's number, so an odd column found by its
    name lands a line off; the same board 10 columns wide (an even maximum) is consistent."""
    dx, dy = 97.0 * 3 ** 0.5 / 2, 97.0
    for columns, off in ((9, False), (10, True)):
        width = round(columns * dy) if not sideways else 400
        height = 400 if not sideways else round(columns * dx)
        grid = Grid(20, 30, dx, dy, sideways, "H", "", 1, 1, 0, 0, not sideways, sideways, True, "$gridLocation$",
                    (width, height))
        a, b = (20 + round(3 * dx), 30 + round(2 * dy + dy / 2))  # an odd line, counted from the origin
        point = grid.snap(*((b, a) if sideways else (a, b)))
        assert (grid.location(grid.name(*point)) == point) is off, (columns, point)


def test_vassal_finds_no_hex_by_a_name_its_numbering_cannot_read():
    grid = Grid(20, 30, 84.0, 97.0, False, "H", "", 1, 1, 1, 1, False, False, False, "$gridLocation$", (900, 900))
    assert grid.location("0304") == grid.snap(20 + 2 * 84, 30 + 3 * 97 + 48)
    for name in ("3", "03/04", "x0304"):
        with pytest.raises(BadCoords):
            grid.location(name)


def test_an_id_format_vassal_cannot_split_is_reported():
    """Two numbers with nothing between them: VASSAL's lookup takes the first greedily, so an
    unpadded row past 9 after a padded column is read as part of the column."""
    padded = HexGrid(orientation="flat", columns=12, rows=12, size_mm=16.0, id_format="{col:02d}{row:02d}")
    bare = HexGrid(orientation="flat", columns=12, rows=12, size_mm=16.0, id_format="{col:02d}{row}")
    scale = board_scale(padded, (220.0, 220.0), pixels_per_mm(padded, 127))
    assert VassalHexGrid(padded, scale).unreadable_ids() == []
    wrong = VassalHexGrid(bare, scale).unreadable_ids()
    assert "0110" in wrong and "1212" in wrong and "019" not in wrong and len(wrong) == 12 * 3  # rows 10-12


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
    lattice = Lattice.of(grid)
    assert scale.to_px(*lattice.origin_mm) == pytest.approx(origin, abs=1e-6)  # the origin is a whole pixel
    for cell in dots:
        x, y = exported.centre_px(*cell)
        box = (round(x) - 20, round(y) - 20, round(x) + 20, round(y) + 20)
        weights = [(255 - image.getpixel((i, j)), i + 0.5, j + 0.5)
                   for i in range(box[0], box[2]) for j in range(box[1], box[3])]
        total = sum(w for w, _, _ in weights)
        centroid = (sum(w * i for w, i, _ in weights) / total, sum(w * j for w, _, j in weights) / total)
        assert centroid == pytest.approx((x, y), abs=0.05), cell
