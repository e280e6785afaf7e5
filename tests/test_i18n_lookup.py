"""Looking text up, case by case with the expected text written out: language codes, locale
numbers and percentages, plural forms by the language's rule, a catalog edited on disk read
again, and untranslated plural forms printing the source."""

from __future__ import annotations

from decimal import Decimal

import pytest
from babel.messages.catalog import Catalog

from generator.i18n import Translator
from generator.i18n.formatting import format_number, format_percentage, format_signed, label_is_date, parse_turn_date
from generator.i18n.languages import UnknownLanguage, locale_of, normalize, same_language
from generator.i18n.pofiles import PoIndex, is_translated, is_usable, load_index, write_catalog


@pytest.mark.parametrize(("code", "folder"), [
    ("es", "es"), ("ES", "es"), (" es ", "es"), ("pt-BR", "pt_BR"), ("pt_br", "pt_BR"), ("zh_Hant", "zh_Hant"),
    ("sr-latn-RS", "sr_latn_RS"),
])
def test_language_codes_take_the_gettext_spelling(code, folder):
    assert normalize(code) == folder


def test_bad_language_codes_are_named():
    with pytest.raises(UnknownLanguage, match="empty language code ''"):
        normalize("")
    with pytest.raises(UnknownLanguage, match="unknown language code 'xx-YY'"):
        locale_of("xx-YY")
    assert same_language("pt-br", "pt_BR") and not same_language("pt", "pt_BR")


@pytest.mark.parametrize(("value", "language", "decimals", "text"), [
    (1.5, "es", None, "1,5"), (1.5, "en", None, "1.5"), (1234567, "es", None, "1.234.567"),
    (1234567, "en", None, "1,234,567"), (2, "es", 2, "2,00"), (2.345, "en", 1, "2.3"), (7, "en", 0, "7"),
    (0.125, "en", None, "0.125"),
])
def test_numbers_in_the_locale(value, language, decimals, text):
    assert format_number(value, language, decimals) == text


@pytest.mark.parametrize(("value", "language", "text"), [
    (1, "en", "+1"), (-2, "en", "-2"), (0, "en", "+0"), (Decimal("0.5"), "es", "+0,5"), (-1.25, "es", "-1,25"),
])
def test_signed_modifiers(value, language, text):
    assert format_signed(value, language) == text


@pytest.mark.parametrize(("value", "language", "text"), [
    (1, "en", "100%"), (Decimal("0.17"), "en", "17%"), (Decimal("0.5"), "es", "50\xa0%"), (0, "es", "0\xa0%"),
])
def test_percentages(value, language, text):
    assert format_percentage(value, language) == text


@pytest.mark.parametrize(("text", "parsed"), [
    ("1914", ("1914-01-01", None, "year")), ("1914-08", ("1914-08-01", None, "month")),
    ("1914-08-04", ("1914-08-04", None, "day")), ("1914-09-04/1914-09-06", ("1914-09-04", "1914-09-06", "day")),
    ("1914-09/1914-08", None),  # a range that runs backwards
    ("1914-09/1914-09-06", None),  # ends of different precision
    ("1914-13", None), ("Spring 1915", None), ("", None), (None, None),
])
def test_turn_dates(text, parsed):
    found = parse_turn_date(text)
    shown = None if found is None else (found.start.isoformat(), found.end and found.end.isoformat(), found.precision)
    assert shown == parsed


def test_a_label_that_spells_its_date_needs_no_translation():
    assert label_is_date("Aug 1914", "1914-08", "en")
    assert label_is_date("aug. 1914", "1914-08", "en")  # case, dots and spaces aside
    assert not label_is_date("Summer", "1914-08", "en")
    assert not label_is_date("", "1914-08", "en") and not label_is_date("Aug 1914", None, "en")


def _catalog(tmp_path, language="es"):
    """An empty catalog of warkit's domain for `language` (its plural rule from CLDR) and the
    path it goes to under tmp_path."""
    catalog = Catalog(locale=language)
    target = tmp_path / language / "LC_MESSAGES" / "warkit.po"
    target.parent.mkdir(parents=True)
    return catalog, target


def test_plural_forms_follow_the_languages_rule(tmp_path):
    catalog, target = _catalog(tmp_path, "pl")  # Polish: 1 plik, 2-4 pliki, 5+ plików
    catalog.add(("%(num)d file", "%(num)d files"), ("%(num)d plik", "%(num)d pliki", "%(num)d plików"))
    catalog.add("Terrain", "Teren")
    catalog.add(("%(num)d step", "%(num)d steps"), ("%(num)d krok", "", ""))  # plural forms left empty
    write_catalog(target, catalog)
    t = Translator.for_language("pl", ui_locale_dir=tmp_path)
    assert [t.ngettext("%(num)d file", "%(num)d files", n) for n in (1, 2, 4, 5, 12, 22, 25)] == [
        "1 plik", "2 pliki", "4 pliki", "5 plików", "12 plików", "22 pliki", "25 plików"]
    assert t.ui("Terrain") == "Teren"
    assert t.ngettext("%(num)d step", "%(num)d steps", 1) == "1 step"  # incomplete: the source, singular …
    assert t.ngettext("%(num)d step", "%(num)d steps", 3) == "3 steps"  # … and plural
    assert [m.reason for m in t.missing] == ["is fuzzy or untranslated"]


def test_an_edited_catalog_is_read_again(tmp_path):
    catalog, target = _catalog(tmp_path)
    catalog.add("Terrain", "Terreno")
    write_catalog(target, catalog)
    assert Translator.for_language("es", ui_locale_dir=tmp_path).ui("Terrain") == "Terreno"
    catalog["Terrain"].string = "Terrenos del mapa"  # a longer text, so the file's size changes too
    write_catalog(target, catalog)
    assert Translator.for_language("es", ui_locale_dir=tmp_path).ui("Terrain") == "Terrenos del mapa"
    assert load_index(tmp_path / "fr" / "LC_MESSAGES" / "warkit.po") is None


def test_what_counts_as_translated():
    catalog = Catalog(locale="es")
    done = catalog.add("A", "Á")
    empty = catalog.add("B", "")
    plural = catalog.add(("C", "Cs"), ("Ce", "Ces"))
    half = catalog.add(("D", "Ds"), ("De", ""))
    fuzzy = catalog.add("E", "É", flags=["fuzzy"])
    assert [is_translated(m) for m in (done, empty, plural, half, fuzzy)] == [True, False, True, False, True]
    assert [is_usable(m) for m in (done, empty, plural, half, fuzzy)] == [True, False, True, False, False]
    index = PoIndex.of(catalog)
    assert set(index.by_id) == {(None, "A"), (None, "B"), (None, "C"), (None, "D"), (None, "E")}
