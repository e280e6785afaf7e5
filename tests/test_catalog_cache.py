"""Catalogs kept between runs (generator/i18n/catalogcache.py): a catalog read back from a
kept file holds what parsing it gives, an edited catalog is parsed again, and a damaged or
foreign file is never used."""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

import pytest

from generator.i18n import catalogcache, pofiles

HEADER = ('msgid ""\nmsgstr ""\n"POT-Creation-Date: 2026-01-05 10:00+0000\\n"\n"PO-Revision-Date: 2026-01-06 11:00+0100\\n"\n'
          '"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: es\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')  # stated: Babel's own count for es varies by version
BODY = ('#, fuzzy\n#| msgid "Woods"\nmsgctxt "k"\nmsgid "Forest"\nmsgstr "Bosque"\n\n'
        'msgctxt "h"\nmsgid "Ridge"\nmsgid_plural "Ridges"\nmsgstr[0] "Cresta"\nmsgstr[1] "Crestas"\n\n'
        '# a note\nmsgctxt "s"\nmsgid "Sea"\nmsgstr "Mar"\n\n#~ msgctxt "o"\n#~ msgid "Old"\n#~ msgstr "Viejo"\n')


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "kept"
    monkeypatch.setenv("WARKIT_CACHE", str(folder))
    monkeypatch.setattr(pofiles, "_PARSED", {})  # nothing parsed earlier in this process
    return folder / "catalogs"


def _po(tmp_path: Path, body: str = BODY) -> Path:
    po = tmp_path / "game.po"
    po.write_text(HEADER + body, encoding="utf-8")
    return po


def _read(po: Path):
    pofiles._PARSED.clear()  # as a new run: only the kept files remain
    return pofiles.index_of_content(str(po), pofiles.content_digest(po), "game.po")


def _entries(index) -> list[tuple]:
    return [(m.context, m.id, m.string, sorted(m.flags), m.lineno, m.previous_id, m.user_comments)
            for m in index.catalog if m.id]


def test_a_kept_catalog_holds_what_parsing_gives(tmp_path, cache):
    po = _po(tmp_path)
    first = _read(po)
    assert len(list(cache.glob("*.pickle"))) == 1
    second = _read(po)
    assert second.catalog is not first.catalog  # read back from the kept file
    assert _entries(second) == [
        ("k", "Forest", "Bosque", ["fuzzy"], 12, ["Woods"], []),
        ("h", ("Ridge", "Ridges"), ("Cresta", "Crestas"), [], 16, [], []),
        ("s", "Sea", "Mar", [], 23, [], ["a note"]),
    ]
    assert _entries(second) == _entries(first)
    assert list(second.catalog.obsolete) == [("Old", "o")]
    assert str(second.catalog.locale) == "es" and second.catalog.num_plurals == 2
    assert second.by_context["s"].string == "Mar" and second.plural_index(5) == 1


def test_an_edited_catalog_is_parsed_again(tmp_path, cache):
    po = _po(tmp_path)
    _read(po)
    po.write_text(HEADER + BODY.replace('"Mar"', '"Océano"'), encoding="utf-8")
    assert _read(po).by_context["s"].string == "Océano"
    assert len(list(cache.glob("*.pickle"))) == 2


def test_nothing_is_kept_when_told_so(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", "off")
    po = _po(tmp_path)
    assert _read(po).by_context["s"].string == "Mar"
    assert not cache.exists()


def test_a_catalog_that_cannot_be_read_is_not_kept_and_says_why_each_time(tmp_path, cache):
    from generator.errors import InputError

    po = _po(tmp_path, 'msgctxt "x"\nmsgid "y"\nthis is no keyword\nmsgstr "z"\n')
    for _ in range(2):
        with pytest.raises(InputError, match="not a valid gettext catalog"):
            _read(po)
    assert not cache.exists() or not list(cache.glob("*.pickle"))


class _Planted:
    """A pickle that would run a command when loaded."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_foreign_or_damaged_file_is_never_used(tmp_path, cache):
    po = _po(tmp_path)
    _read(po)
    [kept] = cache.glob("*.pickle")
    marker = tmp_path / "ran"
    body = pickle.dumps(_Planted(marker))
    kept.write_bytes(hashlib.sha256(body).digest() + body)
    assert _read(po).by_context["s"].string == "Mar"  # parsed again
    assert not marker.exists()
    assert catalogcache.load(pofiles.content_digest(po)) is not None  # and kept again, whole
    data = kept.read_bytes()
    kept.write_bytes(data[:-40])  # cut short: its digest no longer matches
    assert _read(po).by_context["s"].string == "Mar"
