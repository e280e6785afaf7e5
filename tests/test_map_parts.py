"""The pieces of the map drawing, checked on the mapmini fixture's model."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.components.mapparts.coast import coast_items
from generator.components.mapparts.curves import chain, relax
from generator.components.mapparts.drawing import draw_map
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.labels import fit_lines
from generator.components.mapparts.linked import linked_lines
from generator.components.mapparts.mapview import build_view
from generator.components.mapparts.namedlines import line_segments
from generator.components.mapparts.palette import TERRAIN
from generator.components.mapparts.sides import across_lines
from generator.io.loader import load_game
from generator.layout.primitives import Group, Path as DrawnPath, SymbolDef, Text, Use
from generator.fonts.metrics import text_width_mm

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def game():
    return load_game(FIXTURES / "mapmini").game


@pytest.fixture(scope="module")
def view(game):
    return build_view(game, game.spec.maps[0])


def walk(items):
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.items)


def test_every_terrain_is_one_symbol_used_once_per_hex(game, view):
    drawing = draw_map(game, game.spec.maps[0])
    terrain_symbols = [s for s in drawing.symbols if s.id.startswith("terrain-")]
    assert sorted(s.id for s in terrain_symbols) == sorted(
        f"terrain-{style}" for style in {"clear", "woods", "rough", "hills", "mountain", "swamp", "desert", "sea", "lake", "plain"})
    uses = [i for i in drawing.items if isinstance(i, Use) and i.symbol_id.startswith("terrain-")]
    assert len(uses) == 8 * 6  # one per hex, not one drawing per hex
    assert all(isinstance(s, SymbolDef) for s in drawing.symbols)


def test_unknown_terrain_gets_the_neutral_style(view):
    tundra = view.hexes[view.grid.parse_id("0705")]
    assert (tundra.terrain, tundra.style) == ("tundra", "plain")


def test_land_next_to_water_gets_a_coast(view):
    items = coast_items(view)
    fills = {i.style.fill for i in items if isinstance(i, DrawnPath) and i.style.fill}
    assert fills == {TERRAIN["sea"][0], TERRAIN["lake"][0]}  # sea coast and lake shore
    strokes = [i for i in items if isinstance(i, DrawnPath) and i.style.stroke]
    assert strokes  # the coastline itself


def test_no_auto_coast_leaves_only_the_listed_coast_sides(game, view):
    spec = game.spec.maps[0].model_copy(update={"auto_coast": False})
    quiet = build_view(game, spec)
    items = coast_items(quiet)
    assert [i.style.fill for i in items if i.style.fill] == [TERRAIN["sea"][0]]  # 0705's listed S side
    bounds = [c[1:] for i in items for c in i.commands if c[0] in "ML"]
    x, y = quiet.grid.centre_mm(*quiet.grid.parse_id("0705"))
    assert all(math.dist(p, (x, y)) < quiet.grid.size_mm for p in bounds)


def test_river_hexes_are_linked_without_triangles(view):
    """0302, 0303, 0304 run in a line; three mutually adjacent hexes would make a triangle."""
    lines = linked_lines(view, "river", extend_ends=True)
    centres = {view.grid.centre_mm(*view.grid.parse_id(h)) for h in ("0302", "0303", "0304")}
    points = [p for line in lines for p in line]
    assert all(any(math.dist(c, p) < 1e-3 for p in points) for c in centres)
    segments = sum(len(line) - 1 for line in lines)
    assert segments == 2 + 2  # two links and an extension at each end


def test_a_triangle_of_river_hexes_draws_two_links(game):
    spec = game.spec.maps[0]
    view = build_view(game, spec)
    grid = view.grid
    a = (4, 4)
    b, c = grid.neighbour(*a, "N"), grid.neighbour(*a, "NE")
    for cell in view.hexes:
        view.hexes[cell] = view.hexes[cell].__class__(**{**view.hexes[cell].__dict__, "features": ()})
    for cell in (a, b, c):
        view.hexes[cell] = view.hexes[cell].__class__(**{**view.hexes[cell].__dict__, "features": ("river",)})
    lines = linked_lines(view, "river", extend_ends=False)
    assert sum(len(line) - 1 for line in lines) == 2


def test_rail_hexsides_run_centre_to_centre(view):
    lines = across_lines(view, view.across["rail"])
    assert len(lines) == 1
    ids = ["0202", "0302", "0402", "0502"]
    expected = [view.grid.centre_mm(*view.grid.parse_id(h)) for h in ids]
    assert [tuple(round(v, 3) for v in p) for p in lines[0]] in (
        [tuple(round(v, 3) for v in p) for p in expected], [tuple(round(v, 3) for v in p) for p in expected[::-1]])


def test_a_row_line_follows_the_edge_between_rows(view, game):
    row_line = next(line for line in game.spec.maps[0].lines if line.row == 5)
    segments = line_segments(view, row_line)
    grid = view.grid
    for a, b in segments:
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        # one step either side of the side's middle lies in row 4 and in row 5
        rows = set()
        for d in (-1, 1):
            nx, ny = -(b[1] - a[1]), b[0] - a[0]
            length = math.hypot(nx, ny)
            cell = grid.hex_at_mm(middle[0] + d * nx / length, middle[1] + d * ny / length)
            rows.add(cell[1])
        assert rows == {4, 5}
    assert len(chain(segments)) == 1  # one unbroken line across the map


def test_borders_are_drawn_where_regions_differ(game):
    drawing = draw_map(game, game.spec.maps[0])
    dashed = [i for i in walk(drawing.items) if isinstance(i, DrawnPath) and i.style.dash_mm == (2.2, 0.8, 0.5, 0.8)]
    assert dashed


def test_long_names_shrink_then_break_onto_two_lines():
    shape = HexShape("flat", 18)
    lines, size = fit_lines(shape, "Riverton", "condensed-bold", shape.name_dy)
    assert lines == ["Riverton"] and size == shape.name_size_pt
    lines, size = fit_lines(shape, "Bridgeford-on-the-Marsh", "condensed-bold", shape.name_dy)
    assert lines == ["Bridgeford-", "on-the-Marsh"]
    assert shape.name_min_pt <= size <= shape.name_size_pt
    room = shape.width_at(shape.name_dy + 3) - 1.2
    assert all(text_width_mm(line, "condensed-bold", size) <= room for line in lines)


def test_relax_straightens_a_zigzag_but_keeps_pinned_points():
    zigzag = [(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)]
    straighter = relax(zigzag, pinned={(2, 0)})
    assert straighter[0] == (0, 0) and straighter[-1] == (4, 0) and straighter[2] == (2, 0)
    assert straighter[1][1] < 1 and straighter[3][1] < 1


def test_hex_numbers_are_text_in_the_games_format(game):
    drawing = draw_map(game, game.spec.maps[0])
    numbers = {i.text for i in walk(drawing.items) if isinstance(i, Text) and i.font == "condensed"}
    assert {"0101", "0806", "0705"} <= numbers


def test_a_large_region_is_named_across_its_hexes(view):
    from generator.components.mapparts.regionlabels import region_label_items, spaced

    labels = region_label_items(view)
    assert [label.text for label in labels] == [spaced("Westland")]  # Eastland has too few hexes
    assert spaced("Russian Poland") == "R\u2009U\u2009S\u2009S\u2009I\u2009A\u2009N   P\u2009O\u2009L\u2009A\u2009N\u2009D"
    cell = view.grid.hex_at_mm(labels[0].x_mm, labels[0].y_mm)
    assert view.hexes[cell].region == "west"


def test_the_panel_goes_where_the_tiles_need_fewest_sheets(game):
    from generator.layout.tiling import plan_tiles

    spec = game.spec.maps[0]
    grid = spec.grid.model_copy(update={"columns": 33, "rows": 38, "hex_size_mm": 19, "margin_mm": 10})
    big = spec.model_copy(update={"grid": grid})  # WEF's grid
    sheets = {}
    for tiling in (None, ((210.0, 297.0), 10.0)):
        drawing = draw_map(game, big, tiling=tiling)
        sheets[tiling is None] = plan_tiles((drawing.width_mm, drawing.height_mm), (210, 297), 10).count
    assert sheets[False] <= sheets[True]


def test_unknown_features_are_drawn_with_the_neutral_fallback(tmp_path):
    import shutil

    folder = tmp_path / "odd"
    shutil.copytree(FIXTURES / "mapmini", folder)
    yaml = (folder / "game.yaml").read_text(encoding="utf-8")
    yaml = yaml.replace("  - {id: road, name: Road}", "  - {id: road, name: Road}\n  - {id: hedge, name: Hedgerow}")
    yaml = yaml.replace("  - {id: town, name: Town}", "  - {id: town, name: Town}\n  - {id: windmill, name: Windmill}")
    (folder / "game.yaml").write_text(yaml, encoding="utf-8")
    with open(folder / "map" / "hexsides.csv", "a", encoding="utf-8") as table:
        table.write("0605,0606,hedge\n")
    hexes = (folder / "map" / "hexes.csv").read_text(encoding="utf-8").replace("0806,clear,Endville,town", "0806,clear,Endville,town;windmill")
    (folder / "map" / "hexes.csv").write_text(hexes, encoding="utf-8")
    game = load_game(folder).game
    drawing = draw_map(game, game.spec.maps[0])
    assert "feature-generic" in {s.id for s in drawing.symbols}
    assert any(isinstance(i, DrawnPath) and i.style.dash_mm == (1.5, 0.8) for i in walk(drawing.items))  # hedge


def test_a_map_without_panel_is_just_its_hexes(game):
    spec = game.spec.maps[0].model_copy(update={"panel": "none"})
    drawing = draw_map(game, spec)
    view = build_view(game, spec)
    assert (drawing.width_mm, drawing.height_mm) == (view.grid.width_mm, view.grid.height_mm)


def _numbers_crossed_point_by_point(view, shape, lines) -> set:
    """The hexes whose number a line runs across, every step of every line located (what
    `crossed_numbers` finds while leaving out the points far from every row of numbers)."""
    from generator.components.mapparts.labels import number_box

    found = set()
    for line in lines:
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            steps = max(1, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / 0.6))
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                cell = view.grid.hex_at_mm(x, y)
                if cell is not None:
                    left, top, right, bottom = number_box(shape, view.hexes[cell].hex_id, *view.grid.centre_mm(*cell))
                    if left - 0.6 <= x <= right + 0.6 and top - 0.6 <= y <= bottom + 0.6:
                        found.add(cell)
    return found


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("rows", ["north_south", "south_north"])
def test_a_line_plates_exactly_the_numbers_it_runs_across(orientation, rows):
    import random
    from types import SimpleNamespace

    from generator.components.mapparts.labels import crossed_numbers
    from generator.geometry.hexgrid import HexGrid

    grid = HexGrid(orientation=orientation, columns=9, rows=7, row_direction=rows, size_mm=16.0, margin_mm=6.0)
    view = SimpleNamespace(grid=grid, hexes={cell: SimpleNamespace(hex_id=grid.hex_id(*cell)) for cell in grid.cells()})
    shape = HexShape.of(grid)
    pick = random.Random(7)
    lines = [[(pick.uniform(0, grid.width_mm), pick.uniform(0, grid.height_mm)) for _ in range(4)] for _ in range(12)]
    found = crossed_numbers(view, shape, lines)
    assert found == _numbers_crossed_point_by_point(view, shape, lines)
    assert 10 < len(found) < len(view.hexes) - 10
    if orientation == "flat":  # a line from hex 0203's centre to 0206's, along the column
        down = crossed_numbers(view, shape, [[grid.centre_mm(2, 3), grid.centre_mm(2, 6)]])
        # the numbers sit at the top of a hex: on the page, rows run down (north_south) or up
        assert down == ({(2, 4), (2, 5), (2, 6)} if rows == "north_south" else {(2, 3), (2, 4), (2, 5)})
