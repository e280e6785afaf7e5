"""Turn dates and numbers as each language spells them, kept between runs
(generator/i18n/formatting.py, through generator/kept.py): a kept spelling is what Babel
spells, read back without loading Babel's data of the language; a damaged file is spelled
again."""

from __future__ import annotations

import pytest

from generator.i18n import formatting
from generator.i18n.formatting import format_turn_date, label_is_date


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path / "kept"))
    monkeypatch.setattr(formatting, "_SPELLED", {})  # nothing spelled earlier in this process
    return tmp_path / "kept" / "dates"


CASES = [("1914-08", "en", "Aug 1914"), ("1914-08", "es", "ago 1914"), ("1914", "en", "1914"),
         ("1914-08-04", "en", "Aug 4, 1914"), ("1914-09-04/1914-09-06", "en", "Sep 4\u2009–\u20096, 1914")]


@pytest.mark.parametrize("text, language, spelled", CASES)
def test_a_kept_spelling_is_babels(kept, monkeypatch, text, language, spelled):
    assert format_turn_date(text, language) == spelled  # spelled by Babel, and kept
    monkeypatch.setattr(formatting, "_SPELLED", {})  # as a new run
    monkeypatch.setattr(formatting, "format_skeleton", _no_babel)
    monkeypatch.setattr(formatting, "format_interval", _no_babel)
    assert format_turn_date(text, language) == spelled  # read back


def _no_babel(*args, **kwargs):
    raise AssertionError("spelled by Babel again")


def test_each_language_keeps_its_own_spellings(kept):
    assert format_turn_date("1914-08", "en") == "Aug 1914"
    assert format_turn_date("1914-08", "es") == "ago 1914"
    assert len(list(kept.glob("*.json"))) == 2
    assert label_is_date("Aug 1914", "1914-08", "en") and not label_is_date("Aug 1914", "1914-08", "es")


def test_a_damaged_file_is_spelled_again(kept, monkeypatch):
    assert format_turn_date("1914-08", "en") == "Aug 1914"
    [path] = kept.glob("*.json")
    path.write_bytes(path.read_bytes()[:-3])  # its digest no longer matches
    monkeypatch.setattr(formatting, "_SPELLED", {})
    assert format_turn_date("1914-08", "en") == "Aug 1914"


def test_nothing_is_kept_when_told_so(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", "off")
    monkeypatch.setattr(formatting, "_SPELLED", {})
    assert format_turn_date("1914-08", "en") == "Aug 1914"
    assert formatting._SPELLED == {}


def test_an_unknown_language_is_refused_each_time(kept):
    from generator.i18n.languages import UnknownLanguage

    for _ in range(2):
        with pytest.raises(UnknownLanguage):
            format_turn_date("1914-08", "xx")
    assert not kept.exists() or not list(kept.glob("*.json"))


NUMBERS = [("number", 1.5, None, "es", "1,5"), ("number", 1.5, None, "en", "1.5"), ("number", 10000, None, "es", "10.000"),
           ("number", 15.875, None, "en", "15.875"), ("number", 2, 1, "es", "2,0"), ("number", 1234.4, 0, "en", "1,234"),
           ("signed", 1, None, "en", "+1"), ("signed", -0.5, None, "es", "-0,5"), ("percent", 0.5, None, "es", "50\xa0%"),
           ("percent", 0.5, None, "en", "50%")]


def _spell(kind, value, decimals, language):
    if kind == "number":
        return formatting.format_number(value, language, decimals)
    return formatting.format_signed(value, language) if kind == "signed" else \
        formatting.format_percentage(value, language)


@pytest.mark.parametrize("kind, value, decimals, language, spelled", NUMBERS)
def test_a_kept_number_is_babels(kept, monkeypatch, kind, value, decimals, language, spelled):
    assert _spell(kind, value, decimals, language) == spelled  # spelled by Babel, and kept
    monkeypatch.setattr(formatting, "_SPELLED", {})  # as a new run
    monkeypatch.setattr(formatting, "format_decimal", _no_babel)
    monkeypatch.setattr(formatting, "format_percent", _no_babel)
    assert _spell(kind, value, decimals, language) == spelled  # read back
    assert len(list((kept.parent / "numbers").glob("*.json"))) == 1


def test_numbers_are_kept_by_their_exact_value_and_kind(kept, monkeypatch):
    from decimal import Decimal

    assert [formatting.format_number(1, "en"), formatting.format_number(1.0, "en"),
            formatting.format_number(1.25, "en", 1), formatting.format_signed(1, "en")] == ["1", "1", "1.2", "+1"]
    monkeypatch.setattr(formatting, "_SPELLED", {})
    monkeypatch.setattr(formatting, "format_decimal", _no_babel)
    assert [formatting.format_number(1, "en"), formatting.format_number(1.0, "en"),
            formatting.format_number(1.25, "en", 1), formatting.format_signed(1, "en")] == ["1", "1", "1.2", "+1"]
    for unknown in (lambda: formatting.format_number(1.5000001, "en"), lambda: formatting.format_number(1.25, "en", 2),
                    lambda: formatting.format_number(True, "en"), lambda: formatting.format_number(Decimal("1"), "en")):
        with pytest.raises(AssertionError, match="spelled by Babel again"):
            unknown()  # never spelled: asked of Babel (a bool or a Decimal never kept)


def test_a_damaged_file_of_numbers_is_spelled_again(kept, monkeypatch):
    assert formatting.format_number(1.5, "es") == "1,5"
    [path] = (kept.parent / "numbers").glob("*.json")
    path.write_bytes(path.read_bytes()[:-3])
    monkeypatch.setattr(formatting, "_SPELLED", {})
    assert formatting.format_number(1.5, "es") == "1,5"
