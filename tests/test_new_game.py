"""`warkit new`: a new game passes `warkit check --strict` and builds a kit at once."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from generator.cli.app import app

runner = CliRunner()


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_a_new_game_checks_clean_and_builds_a_kit_in_both_languages(tmp_path):
    game = tmp_path / "border-war"
    made = cli("new", game)
    assert made.exit_code == 0, made.output
    assert "created" in made.output and "docs/data-format.md" in made.output
    for name in ("game.yaml", "units.csv", "markers.csv", "map/hexes.csv", "map/hexsides.csv",
                 "scenarios/first-clash.yaml", "README.md", "locales/game.pot", "locales/es/LC_MESSAGES/game.po"):
        assert (game / name).is_file(), name
    assert "docs/data-format.md" in (game / "game.yaml").read_text(encoding="utf-8")
    checked = cli("check", game, "--strict")
    assert checked.exit_code == 0, checked.output
    assert "0 warning(s)" in checked.output
    status = cli("i18n", "status", game)
    assert status.exit_code == 0, status.output  # the Spanish catalog is complete
    built = cli("build", game, "--out", tmp_path / "out", "--json")
    assert built.exit_code == 0, built.output
    summary = json.loads(built.stdout)
    assert summary["warnings"] == []
    assert set(summary["kit_pages"]) == {"en", "es"}
    for language in ("en", "es"):
        folder = tmp_path / "out" / "border-war" / language
        assert {"kit.pdf", "index.html", "manifest.json", "counters.pdf", "map-main.pdf"} <= {p.name for p in folder.iterdir()}


def test_the_title_and_id_come_from_the_options_and_the_folder(tmp_path):
    game = tmp_path / "Río Grande 1812"
    assert cli("new", game, "--title", "Río Grande: 1812").exit_code == 0
    text = (game / "game.yaml").read_text(encoding="utf-8")
    assert "id: rio-grande-1812 " in text
    assert 'title: "Río Grande: 1812"' in text
    assert cli("check", game, "--strict").exit_code == 0
    assert (game / "README.md").read_text(encoding="utf-8").startswith("# Río Grande: 1812\n")


def test_an_existing_folder_with_files_is_refused(tmp_path):
    game = tmp_path / "mine"
    game.mkdir()
    (game / "notes.txt").write_text("keep me", encoding="utf-8")
    result = cli("new", game)
    assert result.exit_code == 2 and "not empty" in result.output
    assert [p.name for p in game.iterdir()] == ["notes.txt"]


def test_an_unknown_kind_is_refused_with_a_clear_message(tmp_path):
    result = cli("new", tmp_path / "blocks", "--kind", "hexes")
    assert result.exit_code == 2
    assert "unknown kind 'hexes': expected hex or area" in result.output
    assert not (tmp_path / "blocks").exists()


def test_a_new_game_gives_its_sides_and_nationalities_adjectives_translated_for_spanish(tmp_path):
    # restrictions put in words name units by adjective ("Blue units", "las unidades azules");
    # the template shows an author the key and the translator the form that agrees with "unidades"
    for kind in ("hex", "area"):
        game = tmp_path / kind
        assert cli("new", game, "--kind", kind).exit_code == 0
        po = (game / "locales/es/LC_MESSAGES/game.po").read_text(encoding="utf-8")
        for context, english, spanish in (("side.blue.adjective", "Blue", "azules"),
                                          ("side.red.adjective", "Red", "rojas"),
                                          ("nationality.bl.adjective", "Blueland", "de Azulia"),
                                          ("nationality.rd.adjective", "Redland", "de Rojania")):
            assert f'msgctxt "{context}"\nmsgid "{english}"\nmsgstr "{spanish}"' in po, (kind, context)
