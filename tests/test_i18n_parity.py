"""Parity between the languages of a build, and one translation per term within a catalog."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.build.parity import check_parity, parity_problems
from generator.errors import WarkitError
from generator.i18n.consistency import deviations
from generator.i18n.glossary import load_glossary


def _printed(*keys, ui=()):
    return Counter({**{("game", k): 1 for k in keys}, **{("warkit", k): 1 for k in ui}})


def test_a_document_whose_language_lacks_a_note_is_a_parity_error():
    printed = {
        ("en", "tables"): _printed("table.crt.name", "table.crt.note.0", "table.crt.note.1"),
        ("es", "tables"): _printed("table.crt.name", "table.crt.note.0"),
        ("en", "tec"): _printed("terrain.forest.name"),
        ("es", "tec"): _printed("terrain.forest.name"),
    }
    assert parity_problems(printed) == ["tables in es lacks 1 string(s) that en print(s): table.crt.note.1"]
    with pytest.raises(WarkitError, match="table.crt.note.1"):
        check_parity(printed)


def test_how_often_a_string_is_asked_for_and_warkit_words_do_not_count():
    printed = {
        ("en", "turn-track"): Counter({("game", "turn.3.note.0"): 2, ("warkit", "notes below"): 1}),
        ("es", "turn-track"): Counter({("game", "turn.3.note.0"): 1}),
    }
    assert parity_problems(printed) == []
    check_parity(printed)


def test_one_language_or_a_document_built_in_one_language_only_is_no_difference():
    assert parity_problems({("en", "map"): _printed("map.main.title")}) == []
    assert parity_problems({("en", "map"): _printed("x"), ("es", "tec"): _printed("y")}) == []


def test_every_language_is_named_that_lacks_something():
    printed = {("en", "aid"): _printed("a", "b"), ("es", "aid"): _printed("a"), ("qps", "aid"): _printed("b")}
    assert parity_problems(printed) == ["aid in es lacks 1 string(s) that en, qps print(s): b",
                                        "aid in qps lacks 1 string(s) that en, es print(s): a"]


ENTRIES = [
    ("side.cp.name", "Central Powers", "Poderes Centrales"),
    ("nationality.ru.name", "Russia", "Rusia"),
    ("nationality.ruv.name", "Russian", "Ruso"),
    ("region.iraq.name", "Iraq", "Irak"),
    ("terrain.clear.name", "Clear", "Despejado"),
    ("scenario.a.special_rule.0", "Central Powers units may not enter Russia.",
     "Las unidades de las Potencias Centrales no pueden entrar en Rusia."),
    ("scenario.a.special_rule.1", "Russian armies in Iraq are supplied.", "Los ejércitos rusos en Iraq están abastecidos."),
    ("scenario.a.special_rule.2", "Clear the hex of markers.", "Retira los marcadores del hexágono."),
]


def test_a_name_translated_otherwise_inside_a_longer_string_is_a_deviation():
    found = [(d.key, d.term, d.expected) for d in deviations(ENTRIES)]
    assert found == [("scenario.a.special_rule.0", "Central Powers", "Poderes Centrales"),
                     ("scenario.a.special_rule.1", "Iraq", "Irak")]  # "rusos" agrees with "Ruso"


def test_a_glossary_term_keeps_to_the_first_of_its_accepted_forms():
    entries = [("supply.summary.0", "Supply is traced to a source.", "El suministro se traza hasta una fuente."),
               ("edge.map.north.label", "German supply edge", "Borde de abastecimiento alemán")]
    found = deviations(entries, load_glossary(), "en", "es")
    assert [(d.key, d.expected) for d in found] == [("edge.map.north.label", "Suministro")]
