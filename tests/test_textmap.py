"""Text maps: the sample games' hex maps round-trip exactly through to-text and from-text;
every orientation, stagger, direction and id convention; errors at file:line:col."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.io.loader import load_game
from generator.io.textmap import parse_text_map
from generator.maptools.tables import hexes_csv
from generator.io.textmap import page_order
from generator.io.textmap_sides import OWN_SIDES as OWN
from generator.maptools.text import to_text
from generator.model.game import GameSpec
from generator.model.mapdata import GridSpec, MapSpec
from generator.model.terrain import HexsideFeature, Region
from generator.validation.report import Report

DATA = Path(__file__).parent.parent / "data"
HEX_GAMES = ["when-eagles-fight", "glorys-end", "great-war-near-east", "blitz-in-the-east"]


def hex_key(h):
    return (h.map_id, h.hex_id, h.terrain, h.name, h.features, h.region, h.victory, h.source, h.coast, h.notes)


def side_key(s):
    return (s.map_id, s.hex_a, s.hex_b, s.feature, s.source, s.notes)


@pytest.fixture(scope="module")
def games():
    return {name: load_game(DATA / name).game for name in HEX_GAMES}


@pytest.mark.parametrize("name", HEX_GAMES)
def test_every_sample_hex_map_round_trips_exactly(games, name):
    game = games[name]
    for map_spec in (m for m in game.spec.maps if m.kind == "hex"):
        text = to_text(game, map_spec)
        report = Report()
        hexes, sides = parse_text_map(text, "t.txt", game.spec, map_spec, report)
        assert report.issues == []
        assert sorted(hex_key(h) for h in hexes) == sorted(hex_key(h) for h in game.hexes if h.map_id == map_spec.id)
        assert [side_key(s) for s in sides] == [side_key(s) for s in game.hexsides if s.map_id == map_spec.id]


def test_round_trip_through_the_commands_gives_the_same_tables(tmp_path):
    game_dir = tmp_path / "wef"
    shutil.copytree(DATA / "when-eagles-fight", game_dir)
    before = load_game(game_dir).game
    runner = CliRunner()
    result = runner.invoke(app, ["map", "to-text", str(game_dir), "--out", str(game_dir / "map" / "main.txt")])
    assert result.exit_code == 0, result.output
    (game_dir / "map" / "hexes.csv").unlink()
    result = runner.invoke(app, ["map", "from-text", str(game_dir), str(game_dir / "map" / "main.txt")])
    assert result.exit_code == 0, result.output
    assert "1254 hexes" in result.output
    after = load_game(game_dir).game
    assert sorted(map(hex_key, after.hexes)) == sorted(map(hex_key, before.hexes))
    assert list(map(side_key, after.hexsides)) == list(map(side_key, before.hexsides))


def test_a_game_keeps_its_map_as_text(tmp_path):
    """game.yaml's `text:` replaces `hexes:` and `hexsides:`; the game checks clean."""
    game_dir = tmp_path / "wef"
    shutil.copytree(DATA / "when-eagles-fight", game_dir)
    game = load_game(game_dir).game
    (game_dir / "map" / "main.txt").write_text(to_text(game, game.spec.maps[0]), encoding="utf-8")
    spec = (game_dir / "game.yaml").read_text(encoding="utf-8")
    spec = spec.replace("    hexes: map/hexes.csv\n", "    text: map/main.txt\n").replace("    hexsides: map/hexsides.csv\n", "")
    (game_dir / "game.yaml").write_text(spec, encoding="utf-8")
    (game_dir / "map" / "hexes.csv").unlink()
    (game_dir / "map" / "hexsides.csv").unlink()
    loaded = load_game(game_dir)
    assert loaded.report.errors == []
    assert sorted(map(hex_key, loaded.game.hexes)) == sorted(map(hex_key, game.hexes))
    assert len(loaded.game.hexsides) == 32


def small_spec(**grid) -> tuple[GameSpec, MapSpec]:
    game = load_game(DATA / "when-eagles-fight").game
    map_spec = MapSpec(id="m", title="M", grid=GridSpec(**grid), text="m.txt", default_terrain="clear")
    return game.spec, map_spec


CONVENTIONS = [
    dict(orientation="flat", columns=4, rows=3),
    dict(orientation="flat", columns=4, rows=3, stagger="even", first_column=0, first_row=0),
    dict(orientation="pointy", columns=4, rows=3, stagger="even"),
    dict(orientation="pointy", columns=4, rows=3, column_direction="east_west", row_direction="south_north"),
    dict(orientation="flat", columns=4, rows=3, id_format="{row:02d}{col:02d}", first_column=5, first_row=8),
    dict(orientation="flat", columns=12, rows=3, id_format="{col:02d}.{row:02d}", column_direction="east_west"),
]


@pytest.mark.parametrize("grid", CONVENTIONS)
def test_every_convention_reads_lines_in_page_order(grid):
    """The top line is the northmost row and symbols run west to east, whichever way the
    numbers grow; every hex id comes from the grid's own convention."""
    spec, map_spec = small_spec(**grid)
    from generator.geometry.mapgrid import grid_for
    hexgrid = grid_for(map_spec.grid)
    text = "[legend terrain]\nc clear\nf forest\n\n[terrain]\n" + "\n".join(
        " ".join("f" if (r == 0 and c == 0) else "c" for c in range(hexgrid.columns)) for r in range(hexgrid.rows)) + "\n"
    report = Report()
    hexes, _ = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    assert len(hexes) == hexgrid.columns * hexgrid.rows
    forest = [h for h in hexes if h.terrain == "forest"]
    assert len(forest) == 1
    # the forest hex is drawn at the top left of the page: the leftmost column, its northmost hex
    expected = min(hexgrid.cells(), key=lambda cell: (round(hexgrid.centre_mm(*cell)[0], 6), hexgrid.centre_mm(*cell)[1]))
    assert forest[0].hex_id == hexgrid.hex_id(*expected)


def test_the_first_line_is_the_northmost_row_when_rows_count_northwards():
    spec, map_spec = small_spec(orientation="flat", columns=2, rows=3, row_direction="south_north")
    text = "[legend terrain]\nc clear\nf forest\n[terrain]\nf c\nc c\nc c\n"
    hexes, _ = parse_text_map(text, "m.txt", spec, map_spec, Report())
    assert [h.hex_id for h in hexes if h.terrain == "forest"] == ["0103"]


def test_compact_runs_and_two_character_symbols():
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=2)
    text = "[legend terrain]\ncl clear\nfo forest\n[terrain]\nclfocl\nfo fo cl\n"
    report = Report()
    hexes, _ = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    assert {h.hex_id: h.terrain for h in hexes} == {"0101": "clear", "0201": "forest", "0301": "clear",
                                                     "0102": "forest", "0202": "forest", "0302": "clear"}


def test_sidecar_rows_regions_and_no_hex():
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=1)
    text = ("[legend terrain]\n. clear\n[terrain]\n. - .  # row 1\n[legend region]\ng germany\n[region]\ng g -\n"
            "[hexes]\nhex,name,features,vp,source\n*,,,,illustrative\n0101,Thorn,city;fortress,german=2;russian=1c,rule 3\n"
            "[hexsides]\nhex,neighbour,feature\n0101,0201,river\n")
    report = Report()
    hexes, sides = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    by_id = {h.hex_id: h for h in hexes}
    assert sorted(by_id) == ["0101", "0301"]
    assert by_id["0101"].name == "Thorn" and by_id["0101"].features == ("city", "fortress")
    assert [(v.side, v.value, v.conditional) for v in by_id["0101"].victory] == [("german", 2, False), ("russian", 1, True)]
    assert by_id["0101"].source == "rule 3" and by_id["0301"].source == "illustrative"
    assert by_id["0101"].region == "germany" and by_id["0301"].region is None
    assert [(s.hex_a, s.hex_b, s.feature) for s in sides] == [("0101", "0201", "river")]


@pytest.mark.parametrize("text, expected", [
    ("[legend terrain]\n. clear\n[terrain]\n. x .\n",
     "m.txt:4:3: error: textmap.terrain: [terrain] unknown terrain symbol 'x' (the legend has: . clear; add it under "
     "[legend terrain] or as a terrain 'symbol:' in game.yaml)"),
    ("[legend terrain]\n. clear\n[terrain]\n. . . .\n",
     "m.txt:4:7: error: textmap.terrain: row 1 has 4 hex(es) in the [terrain] layer; the map has 3 columns "
     "(one symbol per hex, separated by spaces)"),
    ("[legend terrain]\n. clear\n[terrain]\n. . .\n. . .\n",
     "m.txt:5:1: error: textmap.terrain: the [terrain] layer has 2 line(s) of symbols; the map has 1 hex rows "
     "(one line per row, the northmost first)"),
    ("[legend terrain]\n. forrest\n[terrain]\n. . .\n",
     "m.txt:2:1: error: textmap.legend: unknown terrain 'forrest'; did you mean 'forest'?"),
    ("[terain]\n. . .\n", "m.txt:1:1: error: textmap.section: unknown section [terain]; did you mean [terrain]?"),
    ("[legend terrain]\n. clear\n[terrain]\n. . .\n[hexes]\nhex,name\n0901,Nowhere\n",
     "m.txt:7:1: error: textmap.hexes: [hex] hex '0901' has no terrain in the [terrain] layer"),
])
def test_errors_name_file_line_and_column(text, expected):
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=1)
    report = Report()
    parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues, "expected an error"
    assert report.issues[0].format().startswith(expected)


def test_from_text_writes_nothing_when_the_text_has_an_error(tmp_path):
    game_dir = tmp_path / "wef"
    shutil.copytree(DATA / "when-eagles-fight", game_dir)
    before = (game_dir / "map" / "hexes.csv").read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_text("[legend terrain]\n. clear\n[terrain]\n. . Q\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["map", "from-text", str(game_dir), str(bad)])
    assert result.exit_code == 1
    assert "bad.txt:4:5" in result.output
    assert (game_dir / "map" / "hexes.csv").read_bytes() == before


def test_hexes_csv_writer_keeps_only_filled_optional_columns(games):
    game = games["when-eagles-fight"]
    text = hexes_csv([h for h in game.hexes][:3])
    assert text.splitlines()[0] == "hex,terrain,region,source"


def test_a_features_layer_gives_each_hex_its_features():
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=2)
    text = ("[legend terrain]\n. clear\n[terrain]\n. . .\n. - .\n"
            "[legend features]\nC city\nK city;fortress\n= rail\n[features]\nC - K\n- - =\n")
    report = Report()
    hexes, _ = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    assert {h.hex_id: h.features for h in hexes} == {"0101": ("city",), "0201": (), "0301": ("city", "fortress"),
                                                     "0102": (), "0302": ("rail",)}


def _sides_map(orientation: str) -> tuple[GameSpec, MapSpec]:
    return small_spec(orientation=orientation, columns=3, rows=2)


def test_a_sides_layer_draws_each_hexside_from_its_owner_flat():
    """Flat hexes own their north, north-east and south-east sides; the neighbours come from
    the grid (stagger: odd, the default: odd columns sit half a hex lower)."""
    spec, map_spec = _sides_map("flat")
    text = ("[legend terrain]\n. clear\n[terrain]\n. . .\n. . .\n"
            "[legend sides]\nr lake\nR lake;pass_path\n"
            "[sides]\n--r --- ---\nr-- -R- ---\n"
            "[hexsides]\nhex,neighbour,feature,source\n*,,,illustrative\n0301,0302,lake,rule 9\n")
    report = Report()
    _, sides = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    assert [(s.hex_a, s.hex_b, s.feature, s.source) for s in sides] == [
        ("0101", "0202", "lake", "illustrative"),  # row 1, first hex, south-east side
        ("0102", "0101", "lake", "illustrative"),  # row 2, first hex, north side
        ("0202", "0301", "lake", "illustrative"),  # row 2, second hex, north-east side …
        ("0202", "0301", "pass_path", "illustrative"),  # … holding two features
        ("0301", "0302", "lake", "rule 9"),  # then the [hexsides] rows
    ]
    assert sides[0].where.line == 10 and sides[0].where.column == 3


def test_a_sides_layer_draws_each_hexside_from_its_owner_pointy():
    spec, map_spec = _sides_map("pointy")
    text = ("[legend terrain]\n. clear\n[terrain]\n. . .\n . . .\n"
            "[legend sides]\nr lake\n[sides]\n-r- --r ---\n--- --- ---\n")
    report = Report()
    _, sides = parse_text_map(text, "m.txt", spec, map_spec, report)
    assert report.issues == []
    # pointy hexes own their north-east, east and south-east sides
    assert [(s.hex_a, s.hex_b) for s in sides] == [("0101", "0201"), ("0201", "0302")]


@pytest.mark.parametrize("text, expected", [
    ("[legend features]\nC city\n[features]\nC - Q\n",
     "m.txt:8:5: error: textmap.features: [features] unknown hex feature symbol 'Q' (the legend has: C city; add it under "
     "[legend features] or as a hex feature 'symbol:' in game.yaml)"),
    ("[legend features]\nC city;castle\n[features]\nC - -\n",
     "m.txt:6:1: error: textmap.legend: unknown hex feature 'castle'"),
    ("[legend features]\nC city\n[features]\n- C -\n",
     "m.txt:8:3: error: textmap.features: [features] features 'C' on a hex left out ('-' in the [terrain] layer): give the hex its terrain"),
    ("[legend features]\nC city\n[features]\nC - -\n[hexes]\nhex,features\n0101,town\n",
     "m.txt:11:2: error: textmap.hexes: [features] hex '0101' has features in the [features] layer (line 8) and in "
     "[hexes]"),
    ("[legend sides]\nr lake\n[sides]\n--- -- ---\n",
     "m.txt:8:5: error: textmap.sides: [sides] expected three characters for hex 0201, one per side (north, "
     "north-east, south-east; '-' for nothing), found '--'"),
    ("[legend sides]\nr lake\n[sides]\nr-- --- ---\n",
     "m.txt:8:1: error: textmap.sides: [sides] hex 0101 has no neighbour on its north side (the map's edge)"),
    ("[legend sides]\nr lake\n[sides]\n--- --x ---\n",
     "m.txt:8:7: error: textmap.sides: [sides] unknown sides symbol 'x' on the south-east side of hex 0201"),
    ("[legend sides]\nrv lake\n[sides]\n--- --- ---\n",
     "m.txt:6:1: error: textmap.legend: symbol 'rv' cannot be used in [sides]"),
    ("[hexsides]\nhex,neighbour,feature,source\n*,0201,,x\n",
     "m.txt:7:1: error: textmap.hexsides: [hex] the '*' row gives only the source of the hexsides drawn in the "
     "[sides] layer"),
])
def test_layer_errors_name_file_line_and_column(text, expected):
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=1)
    report = Report()
    parse_text_map("[legend terrain]\n. clear\n[terrain]\n. - .\n" + text, "m.txt", spec, map_spec, report)
    assert report.issues, "expected an error"
    assert report.issues[0].format().startswith(expected), report.issues[0].format()


@pytest.mark.parametrize("name", HEX_GAMES)
def test_every_sample_map_round_trips_with_its_hexsides_drawn_in_the_sides_layer(games, name):
    """The sample maps' hexsides carry names in their notes, so to-text lists them; without
    notes, named from their owner and in page order, they are drawn, and come back the same."""
    import dataclasses

    from generator.geometry.mapgrid import grid_for
    from generator.io.textmap_sides import own_side

    game = games[name]
    for map_spec in (m for m in game.spec.maps if m.kind == "hex"):
        grid = grid_for(map_spec.grid)
        rows, columns = page_order(map_spec)
        plain = []
        for side in (s for s in game.hexsides if s.map_id == map_spec.id):
            (col, row), direction = own_side(grid, grid.parse_id(side.hex_a), grid.parse_id(side.hex_b))
            other = grid.neighbour(col, row, direction)
            key = (rows.index(row), columns.index(col), OWN[grid.orientation].index(direction))
            plain.append((key, dataclasses.replace(side, hex_a=grid.hex_id(col, row), hex_b=grid.hex_id(*other),
                                                   source="illustrative", notes="")))
        plain = [side for _, side in sorted(plain, key=lambda pair: pair[0])]
        others = [s for s in game.hexsides if s.map_id != map_spec.id]
        redrawn = dataclasses.replace(game, hexsides=tuple(plain + others))
        text = to_text(redrawn, map_spec)
        assert "[sides]" in text and ("[hexsides]" not in text or text.count("\n", text.index("[hexsides]")) <= 3)
        report = Report()
        hexes, sides = parse_text_map(text, "t.txt", game.spec, map_spec, report)
        assert report.issues == []
        assert [side_key(s) for s in sides] == [side_key(s) for s in plain]
        assert sorted(hex_key(h) for h in hexes) == sorted(hex_key(h) for h in game.hexes if h.map_id == map_spec.id)
        assert to_text(dataclasses.replace(game, hexes=tuple(hexes), hexsides=tuple(sides)), map_spec) == text


def test_to_text_draws_features_and_lists_hexsides_that_carry_notes(games):
    game = games["when-eagles-fight"]
    text = to_text(game, game.spec.maps[0])
    assert "[features]" in text and "[legend features]" in text
    assert "[sides]" not in text  # every hexside of the map names its river in its notes
    hexes_section = text[text.index("[hexes]"):].splitlines()
    assert hexes_section[1] == "hex,name,vp,source,notes"  # the features are in their layer


def test_the_text_map_of_the_data_format_guide_reads_as_it_says():
    """docs/data-format.md, section 4c: the example, read on a flat 5 x 3 map."""
    import re

    guide = (Path(__file__).parent.parent / "docs" / "data-format.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 4c. Text maps"):guide.index("## 4d.")]
    text = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    spec, map_spec = small_spec(orientation="flat", columns=5, rows=3)
    spec = spec.model_copy(update={
        "regions": [Region(id="germany", name="Germany"), Region(id="russia", name="Russia")],
        "hexside_features": [HexsideFeature(id="river", name="River")]})
    report = Report()
    hexes, sides = parse_text_map(text, "guide.txt", spec, map_spec, report)
    assert report.issues == []
    by_id = {h.hex_id: h for h in hexes}
    assert len(hexes) == 14 and "0403" not in by_id
    assert by_id["0301"].features == ("city", "fortress") and by_id["0301"].name == "Thorn"
    assert by_id["0502"].features == ("city",) and by_id["0101"].terrain == "sea"
    assert by_id["0201"].region == "germany" and by_id["0301"].region == "russia"
    assert [(s.hex_a, s.hex_b, s.feature, s.source, s.notes) for s in sides] == [
        ("0301", "0402", "river", "illustrative", ""),
        ("0202", "0301", "river", "illustrative", ""),
        ("0302", "0301", "river", "illustrative", ""),
        ("0401", "0402", "river", "rule 9", "the Vistula"),
    ]


# -- hostile text maps: one message per root cause, at its line and column ------------------

def _errors(text: str, columns: int = 3, rows: int = 1) -> list[str]:
    spec, map_spec = small_spec(orientation="flat", columns=columns, rows=rows)
    report = Report()
    parse_text_map(text, "m.txt", spec, map_spec, report)
    return [issue.format() for issue in report.issues]


def test_an_unknown_symbol_is_reported_once_with_its_other_places():
    text = "[legend terrain]\n. clear\n[terrain]\n. x x\nx . x\nx x .\n"
    assert _errors(text, rows=3) == [
        "m.txt:4:3: error: textmap.terrain: [terrain] unknown terrain symbol 'x' (the legend has: . clear; add it "
        "under [legend terrain] or as a terrain 'symbol:' in game.yaml); also at 4:5, 5:1, 5:5, 6:1, 6:3"]


def test_more_than_five_other_places_are_counted():
    text = "[legend terrain]\n. clear\n[terrain]\nx x x\nx x x\nx x x\n"
    assert _errors(text, rows=3) == [
        "m.txt:4:1: error: textmap.terrain: [terrain] unknown terrain symbol 'x' (the legend has: . clear; add it "
        "under [legend terrain] or as a terrain 'symbol:' in game.yaml); also at 4:3, 4:5, 5:1, 5:3, 5:5 and 3 more"]


def test_a_symbol_whose_legend_line_is_wrong_is_not_reported_again_where_it_is_used():
    text = "[legend terrain]\n. clear\nf forrest\n[terrain]\n. f f\nf . f\n"
    assert _errors(text, rows=2) == [
        "m.txt:3:1: error: textmap.legend: unknown terrain 'forrest'; did you mean 'forest'? (game.yaml declares "
        "clear, forest, swamp, mountain, sea)"]


def test_a_legend_line_without_an_id_stands_for_its_symbol():
    text = "[legend terrain]\n. clear\n[legend features]\nC\n[terrain]\n. . .\n[features]\nC - C\n"
    assert _errors(text) == [
        "m.txt:4:1: error: textmap.legend: expected a symbol and a features id, e.g. 'f forest', found 'C'"]


def test_a_hexes_row_on_a_hex_whose_cell_was_wrong_is_not_a_second_error():
    text = "[legend terrain]\n. clear\n[terrain]\n. x .\n[hexes]\nhex,name\n0201,Thorn\n"
    assert _errors(text) == [
        "m.txt:4:3: error: textmap.terrain: [terrain] unknown terrain symbol 'x' (the legend has: . clear; add it "
        "under [legend terrain] or as a terrain 'symbol:' in game.yaml)"]


@pytest.mark.parametrize("row, expected", [
    ("0201,Thorn", "m.txt:7:1: error: textmap.hexes: [hex] hex '0201' has no terrain in the [terrain] layer "
                   "(it is '-' there, a hex left out: give it its terrain)"),
    ("0901,Thorn", "m.txt:7:1: error: textmap.hexes: [hex] hex '0901' has no terrain in the [terrain] layer "
                   "(not a hex of this map's grid: its hexes run from 0101 to 0301)"),
])
def test_a_hexes_row_off_the_terrain_says_why(row, expected):
    assert _errors(f"[legend terrain]\n. clear\n[terrain]\n. - .\n[hexes]\nhex,name\n{row}\n") == [expected]


def test_an_unknown_sides_symbol_is_reported_once():
    text = "[legend terrain]\n. clear\n[terrain]\n. . .\n. . .\n[legend sides]\nr lake\n[sides]\n--x --x ---\n--x --- ---\n"
    assert _errors(text, rows=2) == [
        "m.txt:9:3: error: textmap.sides: [sides] unknown sides symbol 'x' on the south-east side of hex 0101 (the "
        "legend has: r lake; add it under [legend sides] or as a hexside feature 'symbol:' in game.yaml); also at "
        "9:7, 10:3"]


@pytest.mark.parametrize("text", [
    "[legend terrain]\r\n. clear\r\nf forest\r\n[terrain]\r\n. f .\r\n",  # Windows line ends
    "\ufeff[legend terrain]\n. clear\nf forest\n[terrain]\n. f .\n",  # a byte order mark (read_text_map strips it)
    "[legend terrain]\n. clear\nf forest\n[terrain]\n.\tf\t.\n",  # tabs between symbols
    "  [legend terrain]\n  . clear  # plain\n  f forest\n[terrain]  # top row first\n  .f.  # compact\n",
])
def test_line_ends_tabs_indents_and_comments_read_alike(tmp_path, text):
    from generator.io.textmap import read_text_map

    spec, map_spec = small_spec(orientation="flat", columns=3, rows=1)
    path = tmp_path / "m.txt"
    path.write_bytes(text.encode("utf-8"))
    report = Report()
    hexes, _ = read_text_map(path, "m.txt", spec, map_spec, report)
    assert [i.format() for i in report.issues] == []
    assert [(h.hex_id, h.terrain) for h in hexes] == [("0101", "clear"), ("0201", "forest"), ("0301", "clear")]


def test_a_text_map_that_is_not_utf8_is_refused_at_its_line(tmp_path):
    game_dir = tmp_path / "wef"
    shutil.copytree(DATA / "when-eagles-fight", game_dir)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"[legend terrain]\n. clear\n[terrain]\n. \xe9 .\n")
    result = CliRunner().invoke(app, ["map", "from-text", str(game_dir), str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:4: error: load.table: is not UTF-8 text (save the text map as UTF-8)" in result.output


# -- the designer's symbols and what the commands say next ----------------------------------

def test_to_text_keeps_the_symbols_of_the_maps_own_text_file(tmp_path):
    from generator.io.textmap import split_sections
    from generator.maptools.symbols import own_symbols

    game_dir = tmp_path / "g"
    shutil.copytree(Path(__file__).parent / "fixtures" / "mini", game_dir)
    before = load_game(game_dir).game
    map_spec = before.spec.maps[0]
    drawn = to_text(before, map_spec)
    # the designer renames every symbol warkit chose: clear is 'o', forest 'T', sea 'w'
    legend = split_sections(drawn, "x", Report()).legends["terrain"]
    assert sorted(value for _, _, value in legend) == ["clear", "forest", "sea"]
    mine = {"clear": "o", "forest": "T", "sea": "w"}
    lines = drawn.splitlines()
    grid_start = lines.index("[terrain]")
    symbol_of = {symbol: value for _, symbol, value in legend}
    renamed = []
    for number, line in enumerate(lines):
        if number > grid_start and line and not line.startswith("[") and "#" in line and grid_start < number <= grid_start + 5:
            body, comment = line.split("  #", 1)
            line = " ".join(mine[symbol_of[s]] if s != "-" else s for s in body.split()) + "  #" + comment
        elif line in {f"{s} {v}" for _, s, v in legend}:
            symbol, value = line.split()
            line = f"{mine[value]} {value}"
        renamed.append(line)
    hand = "\n".join(renamed) + "\n"
    (game_dir / "map" / "hand.txt").write_text(hand, encoding="utf-8")
    spec = (game_dir / "game.yaml").read_text(encoding="utf-8")
    spec = spec.replace("    hexes: map/hexes.csv\n    hexsides: map/hexsides.csv\n", "    text: map/hand.txt\n")
    (game_dir / "game.yaml").write_text(spec, encoding="utf-8")
    loaded = load_game(game_dir)
    assert loaded.report.errors == []
    game = loaded.game
    assert own_symbols(game, game.spec.maps[0])["terrain"] == mine
    assert to_text(game, game.spec.maps[0], own_symbols(game, game.spec.maps[0])) == hand
    result = CliRunner().invoke(app, ["map", "to-text", str(game_dir)])
    assert result.exit_code == 0 and result.output == hand


def test_to_text_says_what_to_put_in_game_yaml(tmp_path):
    game_dir = tmp_path / "g"
    shutil.copytree(Path(__file__).parent / "fixtures" / "mini", game_dir)
    out = game_dir / "map" / "main.txt"
    result = CliRunner().invoke(app, ["map", "to-text", str(game_dir), "--out", str(out)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == (
        "to keep map 'main' as this text, put `text: map/main.txt` in its entry in game.yaml in place of "
        "`hexes: map/hexes.csv` and `hexsides: map/hexsides.csv` (docs/data-format.md section 4c)")
    outside = tmp_path / "elsewhere.txt"
    result = CliRunner().invoke(app, ["map", "to-text", str(game_dir), "--out", str(outside)])
    assert result.output.splitlines()[-1] == (
        "to keep map 'main' as text, move the file into the game folder and name it in game.yaml (`text:` in place "
        "of `hexes:` and `hexsides:`, docs/data-format.md section 4c)")
    spec = (game_dir / "game.yaml").read_text(encoding="utf-8")
    spec = spec.replace("    hexes: map/hexes.csv\n    hexsides: map/hexsides.csv\n", "    text: map/main.txt\n")
    (game_dir / "game.yaml").write_text(spec, encoding="utf-8")
    result = CliRunner().invoke(app, ["map", "to-text", str(game_dir), "--out", str(out)])
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "wrote " + str(out) + ": map 'main', 6 hexes"
    result = CliRunner().invoke(app, ["map", "from-text", str(game_dir), str(out)])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        f"wrote {game_dir / 'map' / 'main-hexes.csv'}: 6 hexes",
        f"wrote {game_dir / 'map' / 'main-hexsides.csv'}: 2 hexsides",
        "game.yaml still reads map 'main' from map/main.txt (`text:`): to read the tables instead, put "
        "`hexes: map/main-hexes.csv` and `hexsides: map/main-hexsides.csv` in its entry in place of `text:`"]


def test_an_area_map_has_no_text_form_and_says_so():
    result = CliRunner().invoke(app, ["map", "to-text", str(DATA / "strike-of-the-eagle")])
    assert result.exit_code == 2
    assert "this game has no hex map (area maps have no text form)" in result.output


@pytest.mark.parametrize("relative", ["map/caucasus.txt", "map/iraq.txt", "map/egypt.txt"])
def test_a_sample_map_kept_as_text_is_written_back_byte_for_byte(relative):
    """The Great War in the Near East keeps its maps as text: read, then written by to-text,
    each file comes back exactly (a text map -> tables -> text is exact)."""
    from generator.maptools.symbols import own_symbols

    game_dir = DATA / "great-war-near-east"
    game = load_game(game_dir).game
    map_spec = next(m for m in game.spec.maps if m.text == relative)
    assert to_text(game, map_spec, own_symbols(game, map_spec)) == (game_dir / relative).read_text(encoding="utf-8")


@pytest.mark.parametrize("table, expected", [
    ('hex,name\n0101,"Thorn\n', "m.txt:7:2: error: load.cell: [name] the quote that opens this cell is never closed "
                                "(expected a closing '\"')"),
    ('hex,name\n0101,"Thorn"x\n', "m.txt:7:2: error: load.cell: [name] text follows the closing quote of a quoted "
                                  "cell (expected ',' or the end of the line after it)"),
])
def test_a_quoting_mistake_in_a_table_section_is_an_error_at_its_cell(table, expected):
    assert _errors("[legend terrain]\n. clear\n[terrain]\n. . .\n[hexes]\n" + table) == [expected]


def test_a_quoted_cell_may_hold_commas():
    spec, map_spec = small_spec(orientation="flat", columns=3, rows=1)
    report = Report()
    hexes, _ = parse_text_map('[legend terrain]\n. clear\n[terrain]\n. . .\n[hexes]\nhex,name\n0101,"Thorn, on the '
                              'Vistula"\n', "m.txt", spec, map_spec, report)
    assert report.issues == [] and hexes[0].name == "Thorn, on the Vistula"


def test_legend_lines_without_their_header_are_one_error():
    """The [legend terrain] header forgotten: one message at the first stray line, and the
    symbols those lines meant to give are not reported again in the grid."""
    assert _errors("# my map\n. clear\nf forest\n[terrain]\n. f .\n") == [
        "m.txt:2:1: error: textmap.section: expected a section header before the first line: [legend terrain] above "
        "a legend's 'SYMBOL id' lines, [terrain] above the lines of symbols"]


def test_a_misspelt_terrain_header_is_the_one_message():
    assert _errors("[legend terrain]\n. clear\n[terain]\n. . .\n") == [
        "m.txt:3:1: error: textmap.section: unknown section [terain]; did you mean [terrain]? (expected one of "
        "[terrain], [region], [features], [sides], [legend terrain], [legend region], [legend features], "
        "[legend sides], [hexes], [hexsides])"]
    assert _errors("") == ["m.txt:1: error: textmap.terrain: a text map needs a [terrain] layer: one line of symbols "
                           "per hex row"]
