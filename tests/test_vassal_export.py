"""`warkit export vassal`: the module's archive and XML, checked against VASSAL's rules
(tests/vassal_module.py: VASSAL itself cannot run here), the pieces and their faces, the
scenarios' saved games, the turn tracker, dice, charts and help, the CLI's errors,
determinism, and living beside a kit in the same output folder."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.build.runner import build_game
from generator.cli.app import app
from generator.export.vassal import export_vassal
from generator.export.vassal.images import png_size
from vassal_module import GRID, MAP, TURN, W, M, Module, problems
from vassal_save import tracker

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
MINI = ROOT / "tests" / "fixtures" / "mini"
runner = CliRunner()


def export(game: Path, out: Path, *args: str):
    return runner.invoke(app, ["export", "vassal", str(game), "--out", str(out), *args])


@pytest.fixture(scope="module")
def mini_vmod(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("vassal")
    result = export(MINI, out)
    assert result.exit_code == 0, result.output
    return out / "mini" / "en" / "mini.vmod"


@pytest.fixture(scope="module")
def mini(mini_vmod) -> Module:
    return Module(mini_vmod.read_bytes())


@pytest.fixture(scope="module")
def marne(vassal_export) -> Module:
    return vassal_export("glorys-end", "en", "marne")[1]  # exported once per run (tests/kits.py)


@pytest.fixture(scope="module")
def eagles(vassal_export) -> Module:
    return vassal_export("when-eagles-fight", "es", "historical")[1]


# -- the archive ------------------------------------------------------------------------------

def test_the_module_is_a_zip_of_buildfile_moduledata_images_help_and_saved_games(mini_vmod, mini):
    names = mini.names
    assert names == sorted(names)
    assert {"buildFile.xml", "moduledata"} <= set(names)
    assert {n.split("/")[0] for n in names} == {"buildFile.xml", "moduledata", "images", "player-aid-blue.pdf",
                                                "player-aid-red.pdf", "setup-opening.vsav"}
    with zipfile.ZipFile(mini_vmod) as archive:
        dates = {info.date_time for info in archive.infolist()}
        assert len(dates) == len(names) and all(1980 <= date[0] <= 1999 for date in dates)
        assert archive.testzip() is None
    for name in names:
        if name.startswith("images/"):
            assert png_size(mini.zip.read(name)) > (0, 0), name


def test_moduledata_names_the_module_and_vassal_3_7(mini):
    data = {child.tag: child.text for child in mini.data}
    assert mini.data.tag == "data" and mini.data.get("version") == "1"
    assert data["name"] == "Mini War" == mini.root.get("name")
    assert data["VassalVersion"].startswith("3.7") and data["version"] == mini.root.get("version")
    assert re.fullmatch("[0-9a-f]{12}", data["version"])
    assert data["description"] is None and mini.root.get("description") == ""  # the game has no subtitle
    assert data["dateSaved"].isdigit()


@pytest.mark.parametrize("which", ["mini", "marne", "eagles"])
def test_every_part_follows_vassals_rules(which, request):
    """Known classes in allowed places with known attributes, every image present, every
    map with its interaction components, every piece definition decoding trait by trait,
    every saved game reading back into pieces and stacks on the module's maps."""
    assert problems(request.getfixturevalue(which)) == []


@pytest.mark.parametrize("game", ["when-eagles-fight", "glorys-end", "great-war-near-east", "strike-of-the-eagle",
                                  "blitz-in-the-east"])
def test_every_sample_games_module_follows_vassals_rules(game, vassal_export):
    assert problems(vassal_export(game)[1]) == []


def test_an_export_is_byte_identical_and_unchanged_files_are_not_rewritten(tmp_path, mini_vmod):
    result = export(MINI, tmp_path)
    assert result.exit_code == 0, result.output
    again = tmp_path / "mini" / "en" / "mini.vmod"
    assert again.read_bytes() == mini_vmod.read_bytes()
    mtime = again.stat().st_mtime_ns
    result = export(MINI, tmp_path)
    assert "unchanged" in result.output and again.stat().st_mtime_ns == mtime


# -- pieces -----------------------------------------------------------------------------------

def palette(module: Module) -> list:
    return module.pieces(module.all(M + "PieceWindow")[0])


def by_level(expression: str, level: int) -> str:
    """Evaluates the nested `(Step_Level==n?a:b)` of a calculated property at a level."""
    body = expression.removeprefix("{").removesuffix("}")
    while True:
        match = re.fullmatch(r"\(Step_Level==(\d+)\?([^:?()]+):(.*)\)", body)
        if match is None:
            return body
        body = match[2] if int(match[1]) == level else match[3]


def test_the_palette_has_a_tab_per_side_then_the_markers(mini):
    tabs = mini.all(W + "TabWidget")[0]
    panels = [(panel.get("entryName"), [s.get("entryName") for s in panel]) for panel in tabs]
    assert [name for name, _ in panels] == ["Blue", "Red", "Markers"]
    assert panels[0][1][:3] == ["1 (Blueland)", "2 (Blueland)", "HA (Blueland)"]  # in the order of units.csv
    assert len(palette(mini)) == len(mini.all(W + "PieceSlot"))  # no at-start stacks: the set-ups are saved games
    assert not mini.all(MAP + "SetupStack")


def test_a_four_step_unit_has_a_level_per_step_and_its_factors_follow_the_level(mini):
    piece = next(p for p in palette(mini) if p.properties().get("UnitId") == "r3")
    assert piece.layer_images() == ["r3-A-front.png", "r3-A-back.png", "r3-B-front.png", "r3-B-back.png"]
    fields, state = piece.trait("emb2;")
    assert (fields[3], fields[27], fields[6], fields[28]) == ("Lose a step", "76,130", "Regain a step", "82,130")
    assert fields[16].split(",")[1:] == ["+ (3 steps)", "+ (2 steps)", "+ (1 step)"]
    attack = piece.properties()["attack"]
    assert [by_level(attack, level) for level in (1, 2, 3, 4)] == ["6", "5", "3", "2"]
    assert piece.properties()["movement"] == "4"  # the same on every face: a plain property
    assert piece.properties()["Side"] == "red" and piece.properties()["Steps"] == "4"
    assert piece.types[0] == "delete;Delete;68,130"  # every piece can be taken off the map


def test_a_two_step_unit_flips_and_a_one_step_unit_has_no_layer(mini):
    pieces = {p.properties()["UnitId"]: p for p in palette(mini) if "UnitId" in p.properties()}
    flip, fields = pieces["b1"], pieces["b1"].trait("emb2;")[0]
    assert flip.layer_images() == ["b1-front.png", "b1-back.png"]
    assert (fields[3], fields[27], fields[17]) == ("Flip", "70,130", "true")
    assert by_level(flip.properties()["defence"], 2) == "4"
    reformed = pieces["b3"].trait("emb2;")[0]
    assert reformed[16] == ",+ (reformed)"
    single = pieces["b2"]
    assert single.trait("emb2;") is None and single.layer_images() == ["b2-front.png"]
    assert {k: single.properties()[k] for k in ("attack", "defence", "movement")} == \
        {"attack": "3", "defence": "3", "movement": "4"}


def test_pieces_show_the_counter_sheets_faces_at_their_size(mini):
    piece = next(p for p in palette(mini) if p.slot.get("entryName") == "1 (Blueland)")
    front = mini.image("b1-front.png")
    assert png_size(front) == (int(piece.slot.get("width")), int(piece.slot.get("height")))
    dy = float(mini.all(GRID + "HexGrid")[0].get("dy"))
    # counter and hex at the same scale: 15.875 mm counters on 20 mm hexes
    assert png_size(front)[0] == pytest.approx(dy * 15.875 / 20, abs=1)


def test_markers_flip_between_their_two_faces(mini):
    marker = next(p for p in palette(mini) if p.properties().get("MarkerId"))
    assert [name.rsplit("-", 1)[1] for name in marker.layer_images()] == ["front.png", "back.png"]


# -- set-up -----------------------------------------------------------------------------------

def test_the_scenario_sets_units_up_at_their_step_level(marne):
    """Where VASSAL reports each stack of the saved game, what each piece shows."""
    placed = marne.placed("marne")
    assert ("II Corps (3 steps)", 2, "bef-2-A-back.png") in placed["3235"]
    assert ("Guard Corps (2 steps)", 3, "de-gd-B-front.png") in placed["3129"]
    assert any(name.startswith("1st Cavalry Corps") and image == "fr-1cav-back.png"
               for name, _, image in placed["3237"])
    # record-track markers stand on their start space of the track (the turn track's board draws it)
    assert [entry[0] for entry in placed["Replacement steps available 3"]] == ["French replacements available"]
    assert [entry[0] for entry in placed["Replacement steps available 0"]] == ["German replacements available"]
    assert [entry[0] for entry in placed["Victory points 0"]] == ["Allied victory points", "German victory points"]
    assert [entry[0] for entry in placed["Turn 8 (4-6 Sep)"]] == ["Game turn"]  # on the turn track


def test_the_scenario_map_is_the_main_window_and_the_other_maps_open_from_the_toolbar(marne):
    maps = marne.all(M + "Map")
    assert [(m.get("mapName"), m.get("launch"), m.get("buttonName")) for m in maps] == [
        ("The Marne, September 1914", "false", None), ("The Western Front, 1914", "true", "The Western Front, 1914"),
        ("Turn track", "true", "Turn track")]
    assert all((m.get("edgeWidth"), m.get("edgeHeight")) == ("0", "0") for m in maps)


def test_off_map_boxes_are_zones_where_the_map_draws_them(marne):
    board = marne.all(MAP + "boardPicker.Board")[0]
    zones = {z.get("name"): z.get("path") for z in board.iter(GRID + "mapgrid.Zone")}
    assert set(zones) == {"Dead pile", "Left the map (not eliminated)", "Turn Record Track (turns 8-12)",
                          "Victory Point track", "Replacement track"}
    width, height = int(board.get("width")), int(board.get("height"))
    for path in zones.values():
        points = [tuple(map(int, p.split(","))) for p in path.split(";")]
        assert len(points) == 4 and all(0 <= x <= width and 0 <= y <= height for x, y in points)


# -- turns, dice, charts, help ----------------------------------------------------------------

def test_the_turn_tracker_lists_every_turn_and_the_phases_and_a_saved_game_starts_it_at_its_turn(marne, eagles):
    turns = marne.all(TURN + "ListTurnLevel")[0].get("list").split(",")
    assert len(turns) == 30 and turns[:2] == ["Turn 1 (14-16 Aug)", "Turn 2 (17-19 Aug)"]
    assert turns[7:12] == ["Turn 8 (4-6 Sep)", "Turn 9 (7-9 Sep)", "Turn 10 (10-12 Sep)", "Turn 11 (13-15 Sep)",
                           "Turn 12 (16-18 Sep)"]
    assert marne.all(TURN + "TurnTracker")[0].get("turnFormat") == "$level1$ — $level2$"
    tracker_id, state = marne.saved_game("marne").turn
    level, [(current, active, phases)] = tracker(state)
    assert (tracker_id, level, current) == ("TurnTracker0", 0, 7)  # turn 8, the eighth item
    assert [n + 1 for n, on in enumerate(active) if on] == [8, 9, 10, 11, 12]  # the other turns are off
    assert tracker(marne.saved_game("short-campaign").turn[1])[1][0][0] == 0
    phases = eagles.all(TURN + "ListTurnLevel")[1].get("list")
    assert phases.startswith("Fase de Eventos Aleatorios (solo en los turnos 5–24),")


def test_a_dice_button_for_each_kind_of_dice_the_tables_roll(eagles):
    dice = [(d.get("name"), d.get("nDice"), d.get("nSides"), d.get("reportTotal")) for d in eagles.all(M + "DiceButton")]
    assert dice == [("1d6", "1", "6", "false"), ("2d6", "2", "6", "true")]


def test_charts_and_player_aids_in_the_chart_window_and_the_aids_in_help(eagles):
    charts = [c.get("chartName") for c in eagles.all(W + "Chart")]
    assert "Tabla de Resultados del Combate" in charts  # one page: its chances in one row
    assert any("Efectos del Terreno" in name for name in charts)
    help_files = {h.get("pdfFile"): h.get("title") for h in eagles.all(M + "documentation.BrowserPDFFile")}
    # each side's aid: the aid of every side only saves paper in kit.pdf
    assert set(help_files) == {"player-aid-cp.pdf", "player-aid-russia.pdf"}
    assert not any("Poderes Centrales y Rusia" in name for name in charts)
    assert "Ayuda de juego: Rusia (1/3)" in charts
    assert eagles.zip.read("player-aid-cp.pdf").startswith(b"%PDF")


def test_the_module_speaks_the_language_it_was_made_for(eagles):
    assert eagles.all(M + "PieceWindow")[0].get("name") == "Fichas"
    assert eagles.all(M + "ChartWindow")[0].get("name") == "Tablas y ayudas"
    assert [e.text for e in eagles.all("entry")] == ["Poderes Centrales", "Rusia"]


# -- bad input ----------------------------------------------------------------------------------

def test_an_unknown_scenario_or_undeclared_language_stops_with_one_message(tmp_path):
    result = export(MINI, tmp_path, "--scenario", "nope")
    assert result.exit_code == 2
    assert "no scenario 'nope' (known: opening)" in result.output
    result = export(MINI, tmp_path, "--lang", "es")
    assert result.exit_code == 2
    assert "language 'es' is not declared in game.yaml (print.languages: en)" in result.output
    assert not (tmp_path / "mini").exists()


def test_data_errors_print_the_check_report_and_write_nothing(tmp_path, mini):
    import shutil

    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    units = game / "units.csv"
    units.write_text(units.read_text().replace("6-7-4|3-4-4", "6-7|3-4-4"))
    result = export(game, tmp_path / "out")
    assert result.exit_code == 1
    assert "units.csv:2:" in result.output and "error" in result.output
    assert not (tmp_path / "out").exists()


# -- beside a kit -------------------------------------------------------------------------------

def test_a_later_build_keeps_the_module_and_a_later_export_keeps_the_kit(tmp_path):
    out = tmp_path / "out"
    assert export(MINI, out).exit_code == 0
    folder = out / "mini" / "en"
    module = (folder / "mini.vmod").read_bytes()
    build_game(MINI, out, {"only": ("crt",)}, jobs=1)  # not refused as a foreign file
    build_game(MINI, out, {}, jobs=1)  # a full build: not removed as stale
    listed = {entry["path"]: entry for entry in json.loads((folder / "manifest.json").read_text())["outputs"]}
    assert (folder / "mini.vmod").read_bytes() == module
    assert listed["mini.vmod"]["component"] == "vassal" and "kit.pdf" in listed
    assert export(MINI, out).exit_code == 0
    listed = {entry["path"] for entry in json.loads((folder / "manifest.json").read_text())["outputs"]}
    assert {"mini.vmod", "kit.pdf", "crt.pdf"} <= listed
    build_game(MINI, out, {}, jobs=1)
    assert (folder / "mini.vmod").read_bytes() == module


def test_a_folder_holding_files_warkit_did_not_write_is_refused_unless_forced(tmp_path):
    folder = tmp_path / "mini" / "en"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    result = export(MINI, tmp_path)
    assert result.exit_code == 2 and "notes.txt" in result.output and "--force" in result.output
    assert not (folder / "mini.vmod").exists()
    assert export(MINI, tmp_path, "--force").exit_code == 0
    assert (folder / "notes.txt").read_text() == "mine" and (folder / "mini.vmod").exists()


# -- area maps ----------------------------------------------------------------------------------

AREAMINI = ROOT / "tests" / "fixtures" / "areamini"


@pytest.fixture(scope="module")
def areas(tmp_path_factory) -> Module:
    result = export_vassal(AREAMINI, tmp_path_factory.mktemp("areas"), "opening", ("en",))
    return Module(result.modules["en"].read_bytes())


def test_an_area_map_is_a_region_grid_with_a_region_per_area_at_its_position(areas):
    from generator.io.loader import load_game

    assert problems(areas) == []
    game = load_game(AREAMINI).game
    regions = {r.get("name"): (int(r.get("originx")), int(r.get("originy")))
               for r in areas.all(GRID + "Region")}
    assert set(regions) == {area.name for area in game.areas}
    assert not areas.all(GRID + "HexGrid")
    px_per_mm = 150 / 25.4  # the default resolution, not fitted to any hex
    for area in game.areas:
        assert regions[area.name] == (round(area.x_mm * px_per_mm), round(area.y_mm * px_per_mm))


def test_pieces_set_up_in_an_area_stand_on_its_region_and_blocks_show_their_strength(areas):
    saved = areas.saved_game("opening")
    regions = {(int(r.get("originx")), int(r.get("originy"))) for r in areas.all(GRID + "Region")}
    on_map = [s for s in saved.stacks if s.map_name != "Turn track"]
    assert sum(s.at in regions for s in on_map) == len(on_map) - 1  # all but the force pool's, a box
    placed = areas.placed("opening")
    assert ("4th Division (3 steps)", 2, "bk1-block-3.png") in placed["Ford"]
    block = next(p for p in areas.pieces() if p.properties()["UnitId"] == "bk1")
    assert block.layer_images() == ["bk1-block-4.png", "bk1-block-3.png", "bk1-block-2.png", "bk1-block-1.png"]
    assert placed["Force pool"] == [("3 (Redland)", 1, "r3-front.png")]


def test_exports_in_separate_processes_with_different_hash_seeds_are_byte_identical(tmp_path, mini_vmod):
    import os
    import subprocess
    import sys

    out = tmp_path / "again"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-m", "generator", "export", "vassal", str(MINI), "--out", str(out)],
                   check=True, capture_output=True, env=env)
    assert (out / "mini" / "en" / "mini.vmod").read_bytes() == mini_vmod.read_bytes()


# -- which scenario -------------------------------------------------------------------------------

FREE_OPENING = """title: Free opening
map: main
start_turn: 1
end_turn: 4
first_side: blue
deployment:
  groups:
    - {id: red-army, name: Red army, side: red, units: {nationalities: [rd]}}
"""


@pytest.fixture
def free_first(tmp_path) -> Path:
    """The mini game with a free set-up scenario before its complete one (in file order)."""
    import shutil

    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    (game / "scenarios" / "a-free.yaml").write_text(FREE_OPENING, encoding="utf-8")
    return game


def test_the_default_scenario_is_the_declared_one_else_the_first_whose_set_up_is_complete(free_first):
    from generator.export.vassal.export import default_scenario
    from generator.io.loader import load_game

    chosen = {}
    for name in ("glorys-end", "when-eagles-fight", "great-war-near-east", "strike-of-the-eagle", "blitz-in-the-east"):
        game = load_game(DATA / name).game
        assert game.spec.default_scenario  # every sample game declares its own
        chosen[name] = default_scenario(game).scenario_id
    assert chosen == {"glorys-end": "marne", "when-eagles-fight": "historical", "great-war-near-east": "campaign",
                      "strike-of-the-eagle": "battle-of-warsaw", "blitz-in-the-east": "s0-dnieper"}
    assert default_scenario(load_game(free_first).game).scenario_id == "opening"  # a-free comes first by name
    spec = free_first / "game.yaml"
    spec.write_text(spec.read_text() + "default_scenario: a-free\n")
    assert default_scenario(load_game(free_first).game).scenario_id == "a-free"


def test_without_scenario_the_export_says_which_comes_first_and_every_scenario_is_a_set_up(free_first, tmp_path):
    result = export(free_first, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "default scenario opening (the first whose set-up is complete); File › New game also offers a-free" \
        in result.output
    assert "(en, default scenario opening): written" in result.output
    module = Module((tmp_path / "out" / "mini" / "en" / "mini.vmod").read_bytes())
    assert problems(module) == []
    assert [(s.get("name"), s.get("file")) for s in module.all(M + "PredefinedSetup")] == [
        ("Opening moves", "setup-opening.vsav"), ("Free opening", "setup-a-free.vsav")]
    assert [t.get("entryName") for t in module.all(W + "TabWidget")[0]] == ["Free deployment", "Blue", "Red", "Markers"]


def test_default_scenario_in_game_yaml_comes_first_and_scenario_overrides_it(free_first, tmp_path):
    spec = free_first / "game.yaml"
    spec.write_text(spec.read_text() + "default_scenario: a-free\n")
    result = export(free_first, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "default scenario a-free (default_scenario in game.yaml); File › New game also offers opening" in result.output
    module = Module((tmp_path / "out" / "mini" / "en" / "mini.vmod").read_bytes())
    assert [s.get("file") for s in module.all(M + "PredefinedSetup")] == ["setup-a-free.vsav", "setup-opening.vsav"]
    result = export(free_first, tmp_path / "out", "--scenario", "opening")
    assert "default scenario opening (--scenario); File › New game also offers a-free" in result.output
    module = Module((tmp_path / "out" / "mini" / "en" / "mini.vmod").read_bytes())
    assert [s.get("file") for s in module.all(M + "PredefinedSetup")] == ["setup-opening.vsav", "setup-a-free.vsav"]


def test_an_unknown_default_scenario_is_a_check_error_naming_its_line(free_first, tmp_path):
    spec = free_first / "game.yaml"
    lines = spec.read_text().count("\n")
    spec.write_text(spec.read_text() + "default_scenario: a-fre\n")
    result = runner.invoke(app, ["check", str(free_first)])
    assert result.exit_code == 1
    assert f"game.yaml:{lines + 1}:1: error: " in result.output
    assert "unknown scenario 'a-fre'; did you mean 'a-free'?" in result.output
    assert export(free_first, tmp_path / "out").exit_code == 1 and not (tmp_path / "out").exists()


def test_a_free_set_up_puts_the_units_to_deploy_in_a_palette_tab_and_says_so(free_first, tmp_path):
    result = export(free_first, tmp_path / "out", "--scenario", "a-free")
    assert result.exit_code == 0, result.output
    assert ("scenario a-free leaves 3 units for the players to deploy themselves: they are in the palette's "
            "Free deployment tab, a tab per deployment group") in result.output
    module = Module((tmp_path / "out" / "mini" / "en" / "mini.vmod").read_bytes())
    assert problems(module) == []
    tabs = module.all(W + "TabWidget")[0]
    assert [t.get("entryName") for t in tabs] == ["Free deployment", "Blue", "Red", "Markers"]
    free = tabs[0]
    assert [t.get("entryName") for t in free] == ["Free opening"]  # a tab per scenario with a free set-up
    assert [g.get("entryName") for g in free[0]] == ["Red army"]
    red = {p.properties()["UnitId"] for p in module.pieces(free)}
    assert red == {"r1", "r2", "r3"} == {p.properties()["UnitId"] for p in module.pieces(tabs[2])
                                         if "UnitId" in p.properties()}
    saved = module.saved_game("a-free")
    assert not red & {p.properties().get("UnitId") for p in saved.pieces.values()}
    assert {"r1", "r3"} <= {p.properties().get("UnitId") for p in module.saved_game("opening").pieces.values()}  # r2 arrives later


def test_when_every_scenario_leaves_units_to_deploy_the_first_comes_first_and_the_export_says_why(free_first, tmp_path):
    (free_first / "scenarios" / "opening.yaml").unlink()
    result = export(free_first, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "default scenario a-free (every scenario leaves units to deploy; the first)" in result.output
    assert "leaves 3 units for the players to deploy themselves" in result.output


def test_a_game_without_scenarios_gives_a_module_without_set_ups(tmp_path):
    """File › New game then opens the maps empty (VASSAL's own New game, no predefined set-up)."""
    import shutil

    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    for scenario in (game / "scenarios").glob("*.yaml"):
        scenario.unlink()
    result = export(game, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "(en, no scenario): written" in result.output
    module = Module((tmp_path / "out" / "mini" / "en" / "mini.vmod").read_bytes())
    assert problems(module) == [] and module.all(M + "PredefinedSetup") == []
    assert not [n for n in module.names if n.endswith(".vsav")]
    assert [m.get("mapName") for m in module.all(M + "Map")] == ["Mini map", "Turn track"]
