"""The i18n.untranslated and i18n.glyphs checks, with their exact messages."""

from __future__ import annotations

import shutil

from typer.testing import CliRunner

from checks import issues
from generator.cli.app import app
from i18n_helpers import declare, edit_entry, es_po

runner = CliRunner()


def test_no_languages_besides_the_source_means_no_i18n_issues(mini):
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    assert issues(mini, "i18n") == []


def test_a_complete_declared_language_is_clean(mini):
    declare(mini, "en", "es")
    assert issues(mini, "i18n") == []


def test_an_incomplete_catalog_is_one_warning_naming_the_first_keys(mini):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    edit_entry(es_po(mini), "terrain.sea.name", fuzzy=True)
    found = issues(mini, "i18n")
    assert len(found) == 1
    assert found[0].startswith("mini/locales/es/LC_MESSAGES/game.po:")
    assert found[0].endswith(
        ": warning: i18n.untranslated: es: 1 of 71 game strings untranslated and 1 fuzzy or outdated, "
        "printed in the source language: terrain.forest.name, terrain.sea.name")


def test_a_declared_language_without_catalogs(mini):
    shutil.rmtree(mini.path / "locales")
    declare(mini, "en", "es", "fr")
    assert issues(mini, "i18n") == [
        f"mini/game.yaml:135:9: warning: i18n.untranslated: es is in print.languages but has no catalog of the game's "
        f"strings (mini/locales/es/LC_MESSAGES/game.po); run `warkit i18n init {mini.path} --lang es`",
        f"mini/game.yaml:135:9: warning: i18n.untranslated: fr is in print.languages but has no catalog of the game's "
        f"strings (mini/locales/fr/LC_MESSAGES/game.po); run `warkit i18n init {mini.path} --lang fr`",
        "mini/game.yaml:135:9: warning: i18n.untranslated: fr is in print.languages but warkit has no translation of "
        "its own printed text (generator/locale/fr/LC_MESSAGES/warkit.po); headings would print in English",
    ]


def test_check_strict_fails_when_a_requested_language_is_incomplete(mini):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    assert runner.invoke(app, ["check", str(mini.path)]).exit_code == 0
    strict = runner.invoke(app, ["check", str(mini.path), "--strict"])
    assert strict.exit_code == 1
    assert "warning: i18n.untranslated: es: 1 of 71 game strings untranslated" in strict.output


def test_glyph_check_names_the_string_and_the_character(mini):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="Bosque \u6226")  # a CJK character DejaVu lacks
    found = issues(mini, "i18n.glyphs")
    assert len(found) == 1
    assert found[0].startswith("mini/locales/es/LC_MESSAGES/game.po:")
    assert found[0].endswith(
        ": error: i18n.glyphs: es: the translation of 'terrain.forest.name', 'Bosque \u6226', has U+6226 '\u6226', "
        "which the bundled fonts cannot draw (DejaVuSans, DejaVuSans-Bold, DejaVuSans-Oblique, "
        "DejaVuSansCondensed, DejaVuSansCondensed-Bold)")


def test_glyphs_of_fuzzy_entries_are_not_checked(mini):
    declare(mini, "en", "es")
    edit_entry(es_po(mini), "terrain.forest.name", string="Bosque \u6226", fuzzy=True)
    assert issues(mini, "i18n.glyphs") == []
