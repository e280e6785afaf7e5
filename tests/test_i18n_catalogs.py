"""The shipped catalogs: warkit's own (generator/locale) and the games' (data/*/locales, the
mini fixture) are current and complete, and every translation can be drawn.

When a test here fails after you changed printed text, run:
    warkit i18n update --ui                  (warkit's strings)   or
    warkit i18n update tests/fixtures/mini   (the fixture's strings)
then translate what `warkit i18n status` lists."""

from __future__ import annotations

import pathlib

import pytest

from generator.i18n import paths
from generator.i18n.extract import game_template, ui_template
from generator.i18n.glossary import load_glossary
from generator.i18n.pofiles import is_usable, read_catalog, singular_id
from generator.i18n.status import game_statuses, ui_status
from generator.io.loader import load_game
from generator.fonts.faces import FACES, check_glyphs

ROOT = pathlib.Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
SAMPLES = [p.parent for p in sorted((ROOT / "data").glob("*/game.yaml"))]
SHIPPED = sorted(ROOT.glob("generator/locale/*/LC_MESSAGES/*.po")) + sorted(
    p for game in SAMPLES + [MINI] for p in game.glob("locales/*/LC_MESSAGES/*.po"))


def _ids(catalog) -> set:
    return {(m.context, singular_id(m)) for m in catalog if m.id}


def test_warkit_template_is_current():
    shipped = read_catalog(paths.ui_template())
    assert _ids(ui_template()) == _ids(shipped), "run `warkit i18n update --ui`"


@pytest.mark.parametrize("language", paths.catalog_languages(paths.UI_LOCALE_DIR, paths.UI_DOMAIN))
def test_warkit_catalogs_are_complete(language):
    status = ui_status(language, load_glossary())
    assert status.exists and status.pending == [] and status.problems == [], status.as_dict()
    assert status.glossary == []


def test_mini_template_is_current_and_its_catalogs_complete():
    game = load_game(MINI).game
    assert _ids(game_template(game)) == _ids(read_catalog(paths.game_template(MINI))), f"run `warkit i18n update {MINI}`"
    languages = paths.catalog_languages(paths.game_locale_dir(MINI), paths.GAME_DOMAIN)
    assert languages == ["es"]
    for status in game_statuses(game, languages, load_glossary()):
        assert status.complete and status.glossary == [], [p.key for p in status.pending][:10]


@pytest.mark.parametrize("game_dir", SAMPLES, ids=lambda p: p.name)
def test_sample_games_declared_languages_are_complete(game_dir):
    """Only the languages in print.languages must be complete: a catalog in progress for a
    language the kit does not print yet may lag behind the data (`warkit i18n status`)."""
    game = load_game(game_dir).game
    declared = [c for c in game.spec.print.languages if c != game.spec.source_language]
    for status in game_statuses(game, declared, load_glossary()):
        assert status.complete, f"run `warkit i18n update {game_dir}`: " + str([p.key for p in status.pending][:10])


@pytest.mark.parametrize("po", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_translation_can_be_drawn(po):
    for message in read_catalog(po):
        if message.id and is_usable(message):
            for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
                for font in FACES:
                    check_glyphs(text, font)


def test_glossary_has_the_core_terms_in_both_senses():
    glossary = load_glossary()
    assert len(glossary.terms) >= 40
    for english, spanish in [("CRT", "TRC"), ("DRM", "MTD"), ("OOS", "DES"), ("MP", "PM"), ("VP", "PV"),
                             ("ZOC", "ZDC"), ("SP", "PF"), ("HQ", "CG"), ("Step", "Paso"),
                             ("Reinforcement", "Refuerzo"), ("Replacement", "Reemplazo"), ("Stacking", "Apilamiento"),
                             ("Supply", "Suministro")]:
        assert glossary.suggest(english, "en", "es").text == spanish
    assert glossary.accepts("Supply", "Abastecimiento", "en", "es") is None  # an accepted variant
    retreat, withdrawal = (glossary.suggest(w, "en", "es") for w in ("Retreat", "Withdrawal"))
    assert retreat.text == withdrawal.text == "Retirada"
    assert "combat" in retreat.terms[0].sense and "removal" in withdrawal.terms[0].sense
    back = glossary.suggest("Retirada", "es", "en")  # Spanish source: two senses, a human decides
    assert back.ambiguous and {t.preferred("en") for t in back.terms} == {"Retreat", "Withdrawal"}
