"""Area (point-to-point) maps: loading areas and links, their checks (one invalid fixture
each, with the exact message), drawing, tiling, the setup map and `warkit new --kind area`."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from checks import issues
from charts_game import context_for
from generator.cli.app import app
from generator.components.mapparts.areadrawing import draw_area_map
from generator.components.mapparts.areaview import AreaShape
from generator.components.map import tile_pages_for
from generator.components.setup_chart import setup_pages
from generator.components.setup_map import area_slots
from generator.io.loader import load_game
from generator.layout.primitives import Text
from generator.layout.tiling import plan_tiles


def load(folder):
    loaded = load_game(folder.path)
    assert loaded.game is not None, [i.format() for i in loaded.report.issues]
    return loaded.game


def test_the_area_fixture_is_clean(areamini):
    assert issues(areamini) == []


def test_areas_and_links_load_with_their_rows(areamini):
    game = load(areamini)
    hill = game.area_index[("land", "hill")]
    assert (hill.name, hill.x_mm, hill.y_mm, hill.features, hill.region) == ("Hill Fort", 180.0, 45.0, ("fort",), "north")
    assert str(hill.where) == "areamini/map/areas.csv:4"
    assert game.area_index[("land", "bluetown")].victory[0].value == 2
    first = game.links[0]
    assert (first.area_a, first.area_b, first.kinds) == ("bluetown", "ford", ("road", "rail"))
    assert str(first.at("kind")) == "areamini/map/links.csv:2:3"
    assert len(game.links) == 9 and game.hexes == ()
    setup = {p.unit_id: p for p in game.scenarios[0].setup}
    assert (setup["b2"].area_id, setup["b2"].hex_id, setup["b2"].place, setup["b2"].steps) == ("bluetown", None, "bluetown", 1)


CASES = [
    pytest.param(
        lambda g: g.replace("map/links.csv", "ford,hill,road", "ford,hil,road"), "ref",
        "areamini/map/links.csv:3:2: error: ref.unknown-area: [to] unknown area 'hil'; did you mean 'hill'? "
        "(known: bluetown, ford, harbour, hill, mire, pass, redtown)",
        id="link-to-unknown-area"),
    pytest.param(
        lambda g: g.append("map/links.csv", "ford,bluetown,road,illustrative"), "link",
        "areamini/map/links.csv:11:3: error: link.asymmetric: [kind] link ford -> bluetown is 'road', but the same "
        "link given the other way round at areamini/map/links.csv:2 is 'road;rail'; a link is the same from both ends",
        id="link-asymmetric"),
    pytest.param(
        lambda g: g.append("map/links.csv", "ford,hill,road,illustrative"), "link",
        "areamini/map/links.csv:11: error: link.duplicate: link ford -> hill is given twice "
        "(first at areamini/map/links.csv:3)",
        id="link-duplicate"),
    pytest.param(
        lambda g: g.append("map/links.csv", "ford,ford,road,illustrative"), "link",
        "areamini/map/links.csv:11:2: error: link.self: [to] link from area 'ford' to itself",
        id="link-to-itself"),
    pytest.param(
        lambda g: g.replace("map/links.csv", "ford,hill,road", "ford,hill,canal"), "ref",
        "areamini/map/links.csv:3:3: error: ref.unknown-link-kind: [kind] unknown link kind 'canal' (known: rail, road)",
        id="link-unknown-kind"),
    pytest.param(
        lambda g: g.append("map/areas.csv", "ford,Ford Two,200,150,,,,,illustrative"), "ids",
        "areamini/map/areas.csv:9:1: error: ids.duplicate: [id] duplicate area of map 'land' id 'ford' "
        "(first defined at areamini/map/areas.csv:3:1)",
        id="area-duplicate-id"),
    pytest.param(
        lambda g: g.replace("map/areas.csv", "hill,Hill Fort,180,45", "hill,Hill Fort,280,45"), "area",
        "areamini/map/areas.csv:4:3: error: area.position: [x] area 'hill' at (280, 45) mm is off the board of map "
        "'land' (x 0-260, y 0-180 mm)",
        id="area-off-board"),
    pytest.param(
        lambda g: g.replace("map/areas.csv", "hill,Hill Fort,180,45", "hill,Hill Fort,18O,45"), "",
        "areamini/map/areas.csv:4:3: error: areas.position: [x] expected a position in mm from the board's top-left "
        "corner, e.g. '120.5', found '18O'",
        id="area-position-not-a-number"),
    pytest.param(
        lambda g: g.replace("map/areas.csv", "hill,Hill Fort,180,45", "hill,Hill Fort,120,40"), "area",
        "areamini/map/areas.csv:4:3: warning: area.overlap: [x] areas 'ford' and 'hill' are 11 mm apart, closer "
        "than an area is drawn (44 mm): they overlap on the map",
        id="areas-overlap"),
    pytest.param(
        lambda g: g.append("map/areas.csv", "islet,Islet,240,160,,,,,illustrative"), "area",
        "areamini/map/areas.csv:9:1: warning: area.isolated: [id] area 'islet' has no link to any other area: "
        "no unit can enter or leave it",
        id="area-isolated"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "area: ford}", "area: frod}"), "setup",
        "areamini/scenarios/opening.yaml:9:16: error: setup.area-exists: set-up area on map 'land': unknown area "
        "'frod'; did you mean 'ford'? (known: bluetown, ford, harbour, hill, mire, pass, redtown)",
        id="setup-unknown-area"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "area: ford}", 'hex: "0101"}'), "setup",
        "areamini/scenarios/opening.yaml:9:16: error: setup.hex-exists: set-up hex '0101': map 'land' is an area "
        "map; give an 'area', not a 'hex'",
        id="setup-hex-on-area-map"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "area: ford}", "area: mire}"), "setup",
        "areamini/scenarios/opening.yaml:9:16: error: setup.prohibited-terrain: unit 'b3' is set up in area mire, "
        "which is Marsh (no unit may stand there)",
        id="setup-in-prohibited-area"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "{unit: b3, area: ford}", "{unit: b3, area: bluetown}"),
        "stacking",
        "areamini/scenarios/opening.yaml:9:5: error: stacking.setup-limit: unit 'b3' overstacks area bluetown in "
        "scenario 'opening': it holds 3 units (b1, b2, b3); the limit is at most 2 units per area, garrisons exempt (rule 4)",
        id="stacking-in-an-area"),
    pytest.param(
        lambda g: g.replace("game.yaml", "    board: {width_mm: 260, height_mm: 180, area_size_mm: 44}\n", ""),
        "game", "areamini/game.yaml:47:5: error: game.schema: maps[0]: an area map needs 'board'",
        id="area-map-without-board"),
    pytest.param(
        lambda g: g.replace("game.yaml", "    kind: area\n", "    kind: area\n    hexes: map/hexes.csv\n"),
        "game", "areamini/game.yaml:47:5: error: game.schema: maps[0]: 'hexes': for hex maps, not for an area map",
        id="hex-table-on-area-map"),
    pytest.param(
        lambda g: g.replace("map/links.csv", "from,to,kind", "from,too,kind"), "links",
        "areamini/map/links.csv:1:2: error: links.columns: [too] unknown column 'too'; did you mean 'to'? "
        "(expected columns: from, to, kind, source, notes)",
        id="links-unknown-column"),
    pytest.param(
        lambda g: g.append("game.yaml", "map_sheets:\n  - {id: all, title: All, maps: [land]}"), "sheet",
        "areamini/game.yaml:62:27: error: sheet.maps: map 'land' is an area map; a map sheet holds hex maps "
        "(an area map is printed on its own)",
        id="area-map-on-a-sheet"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_area_fixture_gives_exact_message(areamini, edit, code, expected):
    edit(areamini)
    assert issues(areamini, code) == (expected if isinstance(expected, list) else [expected])


def test_the_limit_skips_exempt_types_and_exempt_features(areamini):
    # The fixture's Bluetown holds two units and a garrison (exempt type): legal. Three units
    # in the Harbour, which has the exempt feature "haven": legal too, until it loses it.
    areamini.replace("units.csv", "r3,rd,inf,XX,3,,3-2,", "r4,rd,inf,XX,4,,3-2,,,illustrative\nr3,rd,inf,XX,3,,3-2,")
    areamini.replace("scenarios/opening.yaml", "  - {unit: r3, box: pool}\n",
                     "  - {unit: r3, area: harbour}\n  - {unit: r4, area: harbour}\n")
    assert issues(areamini, "stacking") == []
    areamini.replace("map/areas.csv", "clear,haven,south", "clear,,south")
    assert issues(areamini, "stacking") == [
        "areamini/scenarios/opening.yaml:13:5: error: stacking.setup-limit: unit 'r4' overstacks area harbour in "
        "scenario 'opening': it holds 3 units (r2, r3, r4); the limit is at most 2 units per area, garrisons exempt (rule 4)"]


def test_an_area_on_a_hex_map_is_refused(mini):
    mini.write("scenarios/areas.yaml", "start_turn: 1\nend_turn: 2\nsetup:\n  - {unit: b1, area: bluetown}\n")
    assert issues(mini, "setup") == [
        "mini/scenarios/areas.yaml:4:16: error: setup.area-exists: set-up area 'bluetown': map 'main' is a hex map; "
        "give a 'hex', not an 'area'"]


def test_the_area_map_draws_every_area_link_and_legend_entry(areamini):
    game = load(areamini)
    drawing = draw_area_map(game, game.maps["land"], tiling=((210.0, 297.0), 10.0))
    texts = {item.text for item in _walk(drawing.items) if isinstance(item, Text)}
    assert {"Bluetown", "Hill Fort", "Redtown", "Harbour"} <= texts  # area names
    assert {"Road", "Railway", "Key city", "Supply depot", "Fortification", "North front", "Terrain", "Links"} <= texts
    assert drawing.hex_area_mm == (0.0, 0.0, 260.0, 180.0)
    assert drawing.width_mm >= 260 and drawing.height_mm >= 180
    symbols = {symbol.id for symbol in drawing.symbols}
    assert {"feature-city", "feature-supply", "feature-fortress"} <= symbols


def test_the_area_map_is_tiled_for_home_printers(areamini):
    game = load(areamini)
    drawing = draw_area_map(game, game.maps["land"])
    pages = tile_pages_for(drawing, "Area War", "A4", (210.0, 297.0), 10.0)
    plan = plan_tiles((drawing.width_mm, drawing.height_mm), (210.0, 297.0), 10.0)
    assert plan.count >= 2
    assert len(pages) == plan.count + 1  # the assembly page, then one sheet per tile
    assert all(math.isclose(page.width_mm, 210.0) or math.isclose(page.width_mm, 297.0) for page in pages)


def test_stacks_stand_in_their_areas_on_the_setup_map(areamini):
    context = context_for(areamini.path)
    _, anchors = setup_pages(context, context.game.scenarios[0])
    on_map = {name: value for name, value in anchors.items() if name.startswith("map:unit:")}
    assert {name.split(":")[2] for name in on_map} == {"b1", "b2", "bg", "b3", "bk1", "bk2", "r1", "r2"}
    assert {value[2] for value in on_map.values()} == {"bluetown", "ford", "redtown", "harbour", "pass"}
    boxes = [value[1] for value in on_map.values()]
    for index, a in enumerate(boxes):  # no two pieces overlap
        for b in boxes[:index]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_area_slots_stay_inside_the_area_above_its_name():
    shape = AreaShape(26.0)
    left, top, right, bottom = shape.box(0.0, 0.0)
    for count in (1, 2, 4, 6):
        size, slots = area_slots(shape, count, 0.0, 0.0)
        assert len(slots) == count and size > 4.0
        for x, y in slots:
            assert left < x and x + size < right and top < y and y + size < bottom - 0.15 * shape.height_mm


def test_warkit_new_kind_area_checks_clean_and_builds_both_languages(tmp_path):
    runner = CliRunner()
    game = tmp_path / "border-areas"
    made = runner.invoke(app, ["new", str(game), "--kind", "area"])
    assert made.exit_code == 0, made.output
    assert (game / "map" / "areas.csv").is_file() and (game / "map" / "links.csv").is_file()
    checked = runner.invoke(app, ["check", str(game), "--strict"])
    assert checked.exit_code == 0, checked.output
    built = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--json", "--only", "map,setup"])
    assert built.exit_code == 0, built.output
    summary = json.loads(built.stdout)
    assert summary["warnings"] == []
    for language in ("en", "es"):
        names = {p.name for p in (tmp_path / "out" / "border-areas" / language).iterdir()}
        assert {"map-main.pdf", "map-main.svg", "map-main-tiles-A4.pdf", "setup-first-clash.pdf"} <= names


def _walk(items):
    for item in items:
        yield item
        yield from _walk(getattr(item, "items", ()) or ())
