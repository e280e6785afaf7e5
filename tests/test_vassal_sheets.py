"""A map sheet exported as it is printed: The Great War in the Near East's three front maps
on one board, the sheet as the kit draws it, with a ZonedGrid holding a zone per map (each
with its own hex grid and numbering) and a zone per box of the panel.

Hex ids are checked as VASSAL would find them (tests/vassal_grid.py, written from its
source): the centre of every hex, placed on the board by warkit's own geometry (where the
sheet drawing puts the map, where the map's grid puts the hex), falls in that map's zone
(ZonedGrid.findZone), and the zone's grid snaps it to within a pixel and names it with the
map's name and the game's id; VASSAL's lookup of that name (ZonedGrid.getLocation) finds
the same point. The campaign's saved game puts every unit in its map's hex or its box."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from generator.build.components import BuildContext
from generator.build.options import options_for
from generator.components.mapparts.sheet import draw_sheet
from generator.geometry.mapgrid import grid_for
from generator.export.vassal.hexgrid import Lattice
from generator.io.loader import load_game
from generator.layout.primitives import Group, Use
from generator.layout.transform import IDENTITY
from vassal_grid import Zoned
from vassal_module import GRID, MAP, M, Module, problems
from vassal_save import SavedGame

DATA = Path(__file__).resolve().parent.parent / "data"
GWNE = DATA / "great-war-near-east"


@pytest.fixture(scope="module")
def game():
    return load_game(GWNE).game


@pytest.fixture(scope="module")
def exported(vassal_export):
    """The module as `warkit export vassal` makes it without --scenario."""
    return vassal_export("great-war-near-east")[0]


@pytest.fixture(scope="module")
def module(vassal_export) -> Module:
    return vassal_export("great-war-near-east")[1]


@pytest.fixture(scope="module")
def sheet_drawing(game):
    """The sheet as the kit prints it (the map component's arguments)."""
    options = options_for(game.spec.print, Path("output"), {"languages": ("en",)})
    context = BuildContext(game, options, "en")
    sheet = game.spec.map_sheets[0]
    return draw_sheet(game, sheet, options.counter_size_mm, context.translator,
                      (options.paper_mm, options.map_overlap_mm))


@pytest.fixture(scope="module")
def board(module):
    maps = module.all(M + "Map")
    assert len(maps) == 2  # every map of the game is on the sheet; then the turn track
    node = next(maps[0].iter(MAP + "boardPicker.Board"))
    assert next(maps[1].iter(MAP + "boardPicker.Board")).get("image") == "turn-track.png"
    return maps[0], node, Zoned.from_xml(node.find(GRID + "ZonedGrid"), node)


@pytest.fixture(scope="module")
def placement(game, board, sheet_drawing):
    """(px per mm, shift): how the board puts a page position in pixels, from the main map's
    zone grid — its origin hex (the lattice's) is the grid's origin, on a whole pixel."""
    _, _, zoned = board
    caucasus = game.maps["caucasus"]
    grid = next(zone.grid for zone in zoned.zones if zone.name == caucasus.title)
    geometry = grid_for(caucasus.grid)
    px_per_mm = grid.dy / caucasus.grid.hex_size_mm
    x, y = dict(sheet_drawing.grids_mm)["caucasus"][:2]
    cx, cy = Lattice.of(geometry).origin_mm
    x0, y0 = (grid.y0, grid.x0) if grid.sideways else (grid.x0, grid.y0)
    return px_per_mm, (x0 - (x + cx) * px_per_mm, y0 - (y + cy) * px_per_mm)


def to_px(placement, x_mm: float, y_mm: float) -> tuple[float, float]:
    px_per_mm, (dx, dy) = placement
    return x_mm * px_per_mm + dx, y_mm * px_per_mm + dy


def test_the_sheet_is_one_map_whose_zones_are_its_maps_then_its_boxes(game, module, board, sheet_drawing):
    assert problems(module) == []
    map_node, node, zoned = board
    sheet = game.spec.map_sheets[0]
    assert map_node.get("mapName") == node.get("name") == sheet.title
    assert node.get("image") == "map-near-east.png"
    names = [zone.name for zone in zoned.zones]
    titles = [game.maps[map_id].title for map_id in sheet.maps]
    boxes = [game.boxes[box_id].name for box_id, _ in sheet_drawing.boxes_mm]
    assert names == titles + boxes
    assert len(boxes) == len(sheet.boxes)  # the sheet's boxes (its maps have none of their own)
    assert zoned.background is None
    assert all(zone.grid is not None and zone.location_format == "$name$ $gridLocation$" for zone in zoned.zones[:3])
    assert all(zone.grid is None and zone.location_format == "$name$" for zone in zoned.zones[3:])


def test_the_board_is_the_sheet_as_the_kit_prints_it(board, sheet_drawing, placement):
    """Its size, each map's zone (the map's hex area) and each box's zone are where the
    kit's drawing of the sheet puts them, to the pixel."""
    _, node, zoned = board
    width, height = to_px(placement, sheet_drawing.width_mm, sheet_drawing.height_mm)
    assert abs(int(node.get("width")) - width) <= 1 and abs(int(node.get("height")) - height) <= 1
    expected = dict(sheet_drawing.grids_mm) | dict(sheet_drawing.boxes_mm)
    assert len(expected) == len(zoned.zones)
    for zone, (x, y, w, h) in zip(zoned.zones, expected.values()):
        corners = [to_px(placement, x + a, y + b) for a, b in ((0, 0), (w, 0), (w, h), (0, h))]
        assert all(abs(p - q) <= 0.5 for point, corner in zip(zone.points, corners)
                   for p, q in zip(point, corner)), zone.name


def test_no_two_zones_overlap(board):
    """So the first zone VASSAL finds holding a point is the only one."""
    _, _, zoned = board
    boxes = [(min(x for x, _ in z.points), min(y for _, y in z.points), max(x for x, _ in z.points),
              max(y for _, y in z.points)) for z in zoned.zones]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_every_hex_of_every_map_falls_in_its_zone_is_named_by_its_map_and_id_and_found_by_them(
        game, board, sheet_drawing, placement):
    """Snapped within a pixel (VASSAL truncates a hex centre's coordinates) on the main map,
    whose grid origin is a whole pixel of the drawing, and found by name exactly there;
    within 1.5 on the others, whose origins are rounded to the nearest pixel and whose hexes
    are not a whole number of pixels tall, and found within a pixel of it, in the same hex.
    Two maps of the sheet share ids (each has a 1208): the map's name tells them apart."""
    _, _, zoned = board
    origins = dict(sheet_drawing.grids_mm)
    main = game.scenario_index["campaign"].map_id
    ids = {map_id: {grid_for(game.maps[map_id].grid).hex_id(*c) for c in grid_for(game.maps[map_id].grid).cells()}
           for map_id in game.spec.map_sheets[0].maps}
    assert ids["caucasus"] & ids["iraq"]
    for map_id in game.spec.map_sheets[0].maps:
        spec = game.maps[map_id]
        tolerance = 1 if map_id == main else 1.5
        geometry = grid_for(spec.grid)
        assert len(ids[map_id]) > 300, map_id
        for hex_id in sorted(ids[map_id]):
            cx, cy = geometry.centre_mm(*geometry.parse_id(hex_id))
            x, y = to_px(placement, origins[map_id][0] + cx, origins[map_id][1] + cy)
            zone = zoned.find(round(x), round(y))
            assert zone is not None and zone.name == spec.title, (map_id, hex_id)
            snapped = zoned.snap(round(x), round(y))
            assert abs(snapped[0] - x) <= tolerance and abs(snapped[1] - y) <= tolerance, (map_id, hex_id, snapped)
            name = f"{spec.title} {hex_id}"
            assert zoned.name(*snapped) == name, (map_id, hex_id)
            found = zoned.location(name)
            if map_id == main:
                assert found == snapped, (map_id, hex_id)
            else:
                assert zoned.snap(*found) == snapped and abs(found[1] - snapped[1]) <= 1, (map_id, hex_id)


def test_every_map_counts_its_own_way(board):
    """Caucasus: row first, rows growing north; Iraq: column first, both growing; Egypt:
    columns growing west, rows north — each zone's numbering differs."""
    _, _, zoned = board
    grids = {zone.name: zone.grid for zone in zoned.zones[:3]}
    caucasus, iraq, egypt = grids["Caucasus"], grids["Iraq"], grids["Egypt/Palestine"]
    assert (caucasus.first, caucasus.h_descend, caucasus.v_descend) == ("V", False, True)
    assert (iraq.first, iraq.h_descend, iraq.v_descend) == ("H", False, False)
    assert (egypt.first, egypt.h_descend, egypt.v_descend) == ("H", True, True)
    # a descending axis counts from the zone's size, not the board's
    zone = next(z for z in zoned.zones if z.name == "Egypt/Palestine")
    assert egypt.board == (zone.points[2][0] - zone.points[0][0], zone.points[2][1] - zone.points[0][1])


def test_the_set_up_stands_in_its_hexes_and_boxes(game, module, board, exported):
    """Every unit the campaign's saved game sets up is on the sheet, in its map's zone and
    hex, or in its box's zone; the record track's markers in the General Record Track; the
    game turn marker on the turn track's first box."""
    map_node, node, zoned = board
    scenario = game.scenario_index["campaign"]
    saved = SavedGame.read(module.zip.read("setup-campaign.vsav"))
    found = {}
    for piece in saved.pieces.values():
        key = piece.properties().get("UnitId") or piece.properties()["MarkerId"]
        if piece.map_name == map_node.get("mapName"):
            zone = zoned.find(*piece.at)
            found[key] = (zone.name, zoned.name(*zoned.snap(*piece.at)))
        else:
            found[key] = (piece.map_name,)
    for placed in scenario.setup:
        spec = game.maps[placed.map_id or scenario.map_id]
        where = (spec.title, f"{spec.title} {placed.hex_id}") if placed.hex_id else (game.boxes[placed.box].name,) * 2
        assert found[placed.unit_id] == where, placed.unit_id
    assert sum(1 for p in scenario.setup if p.box) == 15  # 4 in Arabia, 11 in the required reserve
    boxed = [m.marker_id for m in scenario.markers if m.box == "general-track"]
    assert boxed and all(found[m] == ("General Record Track",) * 2 for m in boxed)
    assert found["game-turn"] == ("Turn track",)
    assert exported.not_placed == []


def flat_uses(items, transform=IDENTITY):
    for item in items:
        if isinstance(item, Group):
            yield from flat_uses(item.items, item.transform.then(transform))
        elif isinstance(item, Use):
            yield item.symbol_id, transform.apply(item.x_mm, item.y_mm)


def test_the_sheet_drawing_says_where_each_maps_grid_lies(game, sheet_drawing):
    """grids_mm: each map's terrain is drawn at the hex centres of its grid moved to the
    recorded origin."""
    drawn = {(round(x, 6), round(y, 6)) for symbol, (x, y) in flat_uses(sheet_drawing.items) if "terrain-" in symbol}
    expected = set()
    for map_id, (x, y, w, h) in sheet_drawing.grids_mm:
        geometry = grid_for(game.maps[map_id].grid)
        assert (w, h) == pytest.approx((geometry.width_mm, geometry.height_mm))
        cells = {(h.map_id, h.hex_id) for h in game.hexes}
        for cell in geometry.cells():
            if (map_id, geometry.hex_id(*cell)) in cells:
                cx, cy = geometry.centre_mm(*cell)
                expected.add((round(x + cx, 6), round(y + cy, 6)))
    assert len(expected) > 1500 and expected <= drawn


def test_the_board_image_shows_the_sheet_at_the_boards_size(module, board):
    _, node, zoned = board
    image = Image.open(io.BytesIO(module.image(node.get("image"))))
    assert image.size == (int(node.get("width")), int(node.get("height")))
    # the sheet's paper round the maps, a map's hexes inside its zone
    paper = image.getpixel((2, 2))
    zone = zoned.zones[0]
    inside = image.crop((zone.points[0][0] + 60, zone.points[0][1] + 60, zone.points[2][0] - 60,
                         zone.points[2][1] - 60)).convert("L")
    assert len(inside.getcolors()) > 20 and paper == image.getpixel((image.width - 3, image.height - 3))


def test_the_checker_refuses_zones_vassal_would_not_read(module):
    """A grid in a zone that uses its parent's grid, two grids in one zone, a path that is no
    polygon, a zone outside a ZonedGrid: each is a problem."""
    import copy

    def broken(change) -> list[str]:
        spoilt = copy.copy(module)
        spoilt.root = copy.deepcopy(module.root)
        change(next(spoilt.root.iter(GRID + "ZonedGrid")))
        return problems(spoilt)

    def parent_grid(zoned):
        zoned.find(GRID + "mapgrid.Zone").set("useParentGrid", "true")

    def two_grids(zoned):
        zone = zoned.find(GRID + "mapgrid.Zone")
        zone.append(copy.deepcopy(zone.find(GRID + "HexGrid")))

    def bad_path(zoned):
        zoned.findall(GRID + "mapgrid.Zone")[4].set("path", "10,10;20,20")

    def nested(zoned):
        zones = zoned.findall(GRID + "mapgrid.Zone")
        zones[0].append(copy.deepcopy(zones[4]))

    assert broken(parent_grid) == [f"zone 'Caucasus' uses its parent's grid yet holds {GRID}HexGrid"]
    assert broken(two_grids) == [f"{GRID}mapgrid.Zone 'Caucasus' holds 2 grids; only the last would count"]
    assert broken(bad_path) == ["zone 'Allied Dead Pile' has the path '10,10;20,20', not a polygon"]
    assert broken(nested) == [f"{GRID}mapgrid.Zone may not be inside {GRID}mapgrid.Zone"]
