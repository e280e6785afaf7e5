"""The designer's prose (sources, designer notes) and the words on counters (designations,
symbol words, chit marks) come through the catalogs: translated, or printed in the source
language and reported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.build.runner import build_game
from generator.cli.app import app
from generator.components.counters.art import draw_face
from generator.components.counters.plan import unit_counters
from generator.components.designer_notes import STEM
from generator.i18n import Translator, game_strings
from generator.i18n.citations import say_citation
from generator.i18n.pseudo import pseudo
from generator.io.loader import load_game
from generator.layout.primitives import Group, Text
from generator.layout.symbol_icons import SymbolStyle
from generator.layout.symbols import unit_symbol
from i18n_helpers import declare, edit_entry, es_po
from kits import built, pdf_text

DATA = Path(__file__).resolve().parent.parent / "data"
runner = CliRunner()


@pytest.fixture(scope="module")
def games():
    return {name: load_game(DATA / name).game for name in
            ("glorys-end", "when-eagles-fight", "strike-of-the-eagle", "great-war-near-east")}


# --- extraction -----------------------------------------------------------------------


def test_the_designers_prose_is_extracted_under_the_datas_ids(games):
    strings = {s.key: s.source for s in game_strings(games["glorys-end"])}
    assert strings["game.source"] == "1914: Glory's End, GMT Games 2014 (Spanish rulebook); rule numbers as printed"
    assert strings["terrain.swamp.source"] == "rules 12.8, 13.14"
    assert strings["unit_type.cavalry.notes"].startswith("the bracketed factor is used only")
    assert strings["map.main.note.5"] == "The 10 VP of Paris (rule 4.2) are printed on 3036."
    assert strings["turn_track.note.0"].startswith("Each game turn is three days")
    assert strings["turn.30.source"] == "3-day turns from 14 August (rules 1.2, 16.2); rules 4.1, 5.2"
    assert strings["stacking.limit.1.source"] == "rule 6.1"


def test_a_source_many_rows_share_is_one_entry_keyed_by_the_first_row(games):
    game = games["glorys-end"]
    text = "rule 16.2 (unit and size; Marne set-up); factors and army illustrative"
    holders = [u.unit_id for u in game.units if u.source == text]
    assert len(holders) == 14 and holders[0] == "de-gd"
    keys = [s.key for s in game_strings(game) if s.source == text]
    assert keys == ["unit.de-gd.source"]


def test_a_rule_cited_in_words_is_extracted_and_a_section_code_is_not(games):
    sote = {s.key: s.source for s in game_strings(games["strike-of-the-eagle"])}
    assert sote["table.combat.drm.3.rule"] == "Flank attacks"
    bite = {s.key for s in game_strings(load_game(DATA / "blitz-in-the-east").game)}
    assert not any(key.endswith(".rule") for key in bite)  # "RA.2", "4.3": printed as given


# --- bare citations pre-filled --------------------------------------------------------


@pytest.mark.parametrize("source, spanish", [
    ("rule 12.8", "regla 12.8"),
    ("rules 12.8, 13.14", "reglas 12.8, 13.14"),
    ("Rules 7.1-7.13", "Reglas 7.1-7.13"),
    ("rule 3 and 4.2", "reglas 3 y 4.2"),
    ("rules RA.2, S.1", "reglas RA.2, S.1"),
    ("illustrative", "ilustrativo"),
    ("rule 13.19; illustrative", "regla 13.19; ilustrativo"),
    ("rule 8.6; length illustrative", None),  # words besides the citation: a translator's
    ("rule: Stacking", None),
])
def test_a_source_of_bare_citations_is_said_in_the_target_language(source, spanish):
    assert say_citation(source, "es") == spanish


def test_bare_citations_are_not_guessed_for_an_unknown_language():
    assert say_citation("rule 12.8", "fr") is None
    assert say_citation("regla 12.8", "en") == "rule 12.8"


# --- the appendix in Spanish ------------------------------------------------------------


def test_the_spanish_appendix_prints_the_translation_and_reports_an_untranslated_source(mini, tmp_path):
    declare(mini, "en", "es")
    mini.replace("game.yaml", "source: test fixture (illustrative values)", "source: test fixture (made up)")
    runner.invoke(app, ["i18n", "update", str(mini.path)])
    result = build_game(mini.path, tmp_path / "out", {"only": (STEM,), "languages": ("es",)})
    text = " ".join(pdf_text(tmp_path / "out" / "mini" / "es" / f"{STEM}.pdf").split())
    assert "test fixture (made up)" in text  # untranslated: printed as written …
    assert "'game.source' is fuzzy (needs review); printing the source text 'test fixture (made up)'" in " ".join(
        result.warnings)  # … and reported (its old translation waits for review)
    assert "ilustrativo" in text and "illustrative" not in text  # the units' shared source, pre-filled
    strict = runner.invoke(app, ["check", str(mini.path), "--strict"])
    assert strict.exit_code == 1 and "game.source" in strict.output


def test_the_spanish_appendix_of_a_sample_game_holds_no_english_prose():
    text = " ".join(pdf_text(built("glorys-end") / "es" / f"{STEM}.pdf").split())  # the shared full kit
    assert "Pantano: reglas 12.8, 13.14" in text
    assert "Los 10 PV de París (regla 4.2) se imprimen en 3036." in text
    assert "Pantano — MTD −1: 13.14" in text  # the effect in words, not its kind "drm"
    assert "de-gd, de-3" in text and "y 103 más" in text  # ids as given; the rest counted, never "…"
    assert "Notas: unidades, marcadores, lugares y cartas" in text
    assert "pantanos de Saint-Gond (2): 3028, 3029" in text  # a hex's designer note, translated
    for english in ("illustrative", "rule ", "rules ", "The Western Front", "drm:", "hexsides", "…"):
        assert english not in text, english


# --- designations -------------------------------------------------------------------------


def test_designations_translate_their_words_and_keep_codes_places_and_proper_names(games):
    es = {name: Translator.for_game(game, "es") for name, game in games.items()}
    assert es["glorys-end"].designation("Gd") == "G"  # the Spanish rulebook's own letter for the Guard
    assert es["glorys-end"].designation("GdR") == "GR"
    assert es["glorys-end"].designation("1 Cav") == "1 Cav"
    assert es["strike-of-the-eagle"].designation("3 Rif") == "3 Fus"
    assert es["strike-of-the-eagle"].designation("Budyonny") == "Budyonny"  # listed in as_given
    assert es["when-eagles-fight"].designation("Warsaw") == "Varsovia"  # the map's own name for the place
    assert es["when-eagles-fight"].designation("Brest-Litovsk") == "Brest-Litovsk"
    assert es["when-eagles-fight"].designation("Cossack") == "Cosacos"
    assert es["great-war-near-east"].designation("IEF D") == "IEF D"  # an acronym and a letter: codes
    qps = Translator.for_game(games["glorys-end"], "qps")
    assert qps.designation("7 Cav") == f"7 {pseudo('Cav')}"


def test_a_word_in_a_designation_not_listed_as_given_is_reported_untranslated(games):
    game = games["strike-of-the-eagle"]
    assert "designation.Stalin" not in {s.key for s in game_strings(game)}
    t = Translator.for_game(game, "es")
    t.game_catalog.by_context.pop("designation.Rif")
    assert t.designation("1 Rif") == "1 Rif"
    assert [m.key for m in t.missing] == ["designation.Rif"]


# --- words drawn on counters ------------------------------------------------------------


def _texts(items):
    for item in items:
        if isinstance(item, Text):
            yield item.text
        elif isinstance(item, Group):
            yield from _texts(item.items)


def test_the_headquarters_symbol_prints_its_word_in_the_given_language():
    style = SymbolStyle(words=(("HQ", "CG"),))
    assert list(_texts(unit_symbol("headquarters", 10, 10, 8, style))) == ["CG"]
    assert list(_texts(unit_symbol("headquarters", 10, 10, 8, SymbolStyle()))) == ["HQ"]


def test_an_hq_counter_of_the_spanish_kit_says_cg(games):
    game = games["great-war-near-east"]
    unit = game.unit_index["ru-hq-cau"]
    face = unit_counters(game, unit, Translator.for_game(game, "es"))[0].front
    drawn = list(_texts(draw_face(face, 12.7).picture.items))
    assert "CG" in drawn and "HQ" not in drawn


def test_chit_marks_are_translated_and_printed_apart():
    kit = built("great-war-near-east")  # the shared full kit, both languages
    english = " ".join(pdf_text(kit / "en" / "counters.pdf").split())
    spanish = " ".join(pdf_text(kit / "es" / "counters.pdf").split())
    assert "U C I" in english and "UC" not in english  # two marks (unit, combined), never a word
    assert "U C I" in spanish and "UC" not in spanish  # Unidad, Combinado
    assert re.search(r"\bR A No Event\b", english)  # "returns to the cup": R …
    assert re.search(r"\bV A Sin Evento\b", spanish)  # … V (vuelve) in Spanish
    assert "CG" in spanish.split() and "HQ" not in spanish.split()  # the HQ counters' symbol word
    assert "HQ" in english.split()
