"""`warkit check` through typer's runner: exit codes, formats, messages, never a traceback."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from generator.cli.app import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["check", *map(str, args)])


def test_clean_game_exits_zero(mini):
    result = run(mini.path)
    assert result.exit_code == 0
    assert "ok: no errors, 0 warning(s)" in result.output


def test_errors_exit_one_with_positioned_lines(mini):
    mini.replace("units.csv", "b2,bl,", "b2,bx,")
    result = run(mini.path)
    assert result.exit_code == 1
    assert "mini/units.csv:3:2: error: ref.unknown-nationality:" in result.output
    assert "1 error(s), 0 warning(s)" in result.output


def test_json_format_lists_every_issue(mini):
    mini.replace("units.csv", "b2,bl,", "b2,bx,").replace("map/hexes.csv", "0303,forest", "0303,jungle")
    result = runner.invoke(app, ["check", str(mini.path), "--format", "json"])
    data = json.loads(result.stdout)
    assert data["errors"] == 2
    assert {(i["file"], i["line"], i["column_name"]) for i in data["issues"]} == {
        ("mini/units.csv", 3, "nationality"),
        ("mini/map/hexes.csv", 3, "terrain"),
    }


def test_warnings_fail_only_under_strict(mini):
    (mini.path / "markers.csv").write_bytes("id,name\nturn,Game turn\nctl,Contr\xf4le\n".encode("cp1252"))
    assert run(mini.path).exit_code == 0
    strict = runner.invoke(app, ["check", str(mini.path), "--strict"])
    assert strict.exit_code == 1
    assert "mini/markers.csv: warning: load.encoding: not UTF-8; read as Windows-1252" in strict.output


def test_unreadable_input_exits_two(mini):
    (mini.path / "units.csv").write_text("", encoding="utf-8")
    result = run(mini.path)
    assert result.exit_code == 2
    assert "mini/units.csv: error: load.table: is empty (expected a header line and rows)" in result.output
    assert "Traceback" not in result.output


def test_yaml_syntax_error_exits_two(mini):
    mini.replace("game.yaml", "title: Mini War", "title: [Mini War")
    result = run(mini.path)
    assert result.exit_code == 2
    assert "mini/game.yaml:" in result.output and "YAML syntax error" in result.output


def test_missing_units_file_names_it(mini):
    (mini.path / "units.csv").unlink()
    result = run(mini.path)
    assert result.exit_code == 2
    assert "mini/units.csv: error: load.table: file not found" in result.output


def test_missing_game_folder(tmp_path):
    result = run(tmp_path / "nope")
    assert result.exit_code == 2
    assert "game folder not found" in result.output


def test_unknown_key_in_game_yaml(mini):
    mini.replace("game.yaml", "source_language: en", "source_langauge: en")
    result = run(mini.path)
    assert result.exit_code == 1
    assert "mini/game.yaml:5:1: error: game.schema: unknown key 'source_langauge'; did you mean 'source_language'?" in result.output


def test_wrong_column_name_is_reported_at_the_header(mini):
    mini.replace("units.csv", "designation,factors", "designation,factor")
    result = run(mini.path)
    assert "mini/units.csv:1:6: error: units.columns: [factor] unknown column 'factor'; did you mean 'factors'?" in result.output


def test_scenario_filter(mini):
    assert run(mini.path, "--scenario", "opening").exit_code == 0
    result = run(mini.path, "--scenario", "nosuch")
    assert result.exit_code == 1
    assert "no scenario 'nosuch' (known: opening)" in result.output


def test_path_outside_the_game_folder_is_refused(mini):
    mini.replace("game.yaml", "units: units.csv", "units: ../../etc/passwd")
    result = run(mini.path)
    assert ("error: path.outside: path '../../etc/passwd' must not contain '..' (files stay inside the game folder)"
            in result.output)
