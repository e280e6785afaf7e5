"""`warkit i18n …` through typer's runner: files written, messages, exit codes."""

from __future__ import annotations

import re

import json
import shutil

from typer.testing import CliRunner

from generator.cli.app import app
from generator.i18n.pofiles import read_catalog
from i18n_helpers import declare, edit_entry, es_po

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["i18n", *map(str, args)])


def test_extract_writes_the_game_template(mini):
    (mini.path / "locales" / "game.pot").unlink()
    result = run("extract", mini.path)
    assert result.exit_code == 0, result.output
    assert "game.pot: 71 string(s), written" in result.output
    template = read_catalog(mini.path / "locales" / "game.pot")
    assert {m.context for m in template if m.id} >= {"terrain.forest.name", "turn.3.annotation.Victory check"}
    assert "unchanged" in run("extract", mini.path).output  # same strings: the file is left alone


def test_status_of_a_complete_catalog_exits_zero(mini):
    result = run("status", mini.path, "--lang", "es")
    assert result.exit_code == 0, result.output
    assert "es     game    71/71 translated, 0 fuzzy, 0 untranslated" in result.output
    assert re.search(r"es     warkit  (\d+)/\1 translated, 0 fuzzy, 0 untranslated", result.output)
    assert "all 2 catalog(s) complete" in result.output


def test_status_reports_a_missing_string_and_exits_one(mini):
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    edit_entry(es_po(mini), "hex.main.0101.name", fuzzy=True)
    result = run("status", mini.path, "--lang", "es")
    assert result.exit_code == 1
    assert "es     game    69/71 translated, 1 fuzzy, 1 untranslated" in result.output
    assert "    untranslated: terrain.forest.name 'Forest' (line " in result.output
    assert "    fuzzy: hex.main.0101.name 'Blueton' (line " in result.output
    assert "1 of 2 catalog(s) incomplete" in result.output


def test_status_json_and_default_languages(mini):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    result = run("status", mini.path, "--format", "json")
    data = json.loads(result.stdout)
    assert [(d["catalog"], d["language"], d["complete"]) for d in data] == [("game", "es", False), ("warkit", "es", True)]
    assert data[0]["untranslated"] == 1
    assert data[0]["pending"] == [{"key": "terrain.forest.name", "source": "Forest", "state": "untranslated"}]


def test_status_flags_glossary_inconsistencies_and_strict_fails_on_them(mini):
    edit_entry(es_po(mini), "table.crt.name", string="Tabla de Combate")
    result = run("status", mini.path, "--lang", "es")
    assert result.exit_code == 0
    assert ("glossary: table.crt.name: 'Combat Results Table' is translated 'Tabla de Combate'; "
            "the glossary says 'Tabla de Resultados del Combate'") in result.output
    assert run("status", mini.path, "--lang", "es", "--strict").exit_code == 1


def test_init_creates_a_catalog_and_refuses_to_overwrite_it(mini):
    shutil.rmtree(mini.path / "locales")
    declare(mini, "en", "es")
    result = run("init", mini.path)
    assert result.exit_code == 0, result.output
    assert "es/LC_MESSAGES/game.po: created; 0 kept, 22 pre-filled (20 from the glossary, 2 bare citations), 1 fuzzy suggestion(s), 48 untranslated" in result.output
    assert es_po(mini).is_file()
    again = run("init", mini.path, "--lang", "es")
    assert again.exit_code == 1
    assert "already exists; run `warkit i18n update`" in again.output


def test_init_without_a_target_language_says_what_to_do(mini):
    result = run("init", mini.path)
    assert result.exit_code == 1
    assert "no catalog to work on; add languages to print.languages in game.yaml or pass --lang" in result.output


def test_update_keeps_translations_and_reports_changed_sources(mini):
    mini.replace("game.yaml", "{id: forest, name: Forest", "{id: forest, name: Woods")
    result = run("update", mini.path)
    assert result.exit_code == 0, result.output
    assert "game.po: updated; 70 kept, 1 to review (source changed), 0 untranslated" in result.output
    assert "  source text changed, translation kept as fuzzy: terrain.forest.name" in result.output
    assert run("status", mini.path, "--lang", "es").exit_code == 1


def test_compile_writes_a_mo_without_fuzzy_entries(mini):
    import gettext

    edit_entry(es_po(mini), "terrain.forest.name", fuzzy=True)
    result = run("compile", mini.path)
    assert result.exit_code == 0, result.output
    with open(es_po(mini).with_suffix(".mo"), "rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    assert compiled.pgettext("terrain.sea.name", "Sea") == "Mar"
    assert compiled.pgettext("terrain.forest.name", "Forest") == "Forest"


def test_a_broken_catalog_exits_two_naming_file_and_line(mini):
    po = es_po(mini)
    text = po.read_text(encoding="utf-8")
    po.write_text(text + '\nmsgctxt "x"\nmsgid "y"\nthis is no keyword\n', encoding="utf-8")
    bad_line = text.count("\n") + 4
    result = run("status", mini.path, "--lang", "es")
    assert result.exit_code == 2
    assert f"locales/es/LC_MESSAGES/game.po:{bad_line}: not a valid gettext catalog: Unknown or misformatted keyword" in result.output
    assert "Traceback" not in result.output


def test_an_unreadable_game_exits_two(tmp_path):
    result = run("status", tmp_path / "nope")
    assert result.exit_code == 2
    assert "game folder not found" in result.output


def test_warkit_catalog_status():
    result = run("status", "--ui")
    assert result.exit_code == 0, result.output
    assert re.search(r"es     warkit  (\d+)/\1 translated, 0 fuzzy, 0 untranslated", result.output)


def test_usage_problems_exit_two_with_one_line(mini):
    no_game = run("status")
    assert no_game.exit_code == 2
    assert "give the game folder (or --ui for warkit's own catalog)" in no_game.output
    unknown = run("status", mini.path, "--lang", "xx")
    assert unknown.exit_code == 2
    assert "unknown language code 'xx'" in unknown.output


def test_a_missing_catalog_is_named_with_the_command_that_creates_it(mini):
    result = run("status", mini.path, "--lang", "fr")
    assert result.exit_code == 1
    assert "fr     game    missing: " in result.output and "locales/fr/LC_MESSAGES/game.po (run `warkit i18n init`)" in result.output
    assert "fr     warkit  missing: generator/locale/fr/LC_MESSAGES/warkit.po (run `warkit i18n init --ui --lang fr`)" in result.output
