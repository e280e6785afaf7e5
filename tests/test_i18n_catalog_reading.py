"""Reading catalogs and looking up warkit's own text: the file a message names, entries
babel would skip, a catalog edited twice within the clock's resolution, words with a
context in templates, {% trans %} blocks over several lines, regional variants."""

from __future__ import annotations

import os

import jinja2
import pytest

from generator.errors import InputError
from generator.i18n import Translator
from generator.i18n.pofiles import load_index, read_catalog

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def test_a_missing_catalog_is_named_as_the_user_wrote_it(tmp_path):
    with pytest.raises(InputError) as caught:
        read_catalog(tmp_path / "nowhere.po", "locales/es/LC_MESSAGES/game.po")
    assert str(caught.value) == "locales/es/LC_MESSAGES/game.po: file not found"


def test_a_catalog_too_big_is_refused_by_its_given_name(tmp_path, monkeypatch):
    import generator.i18n.pofiles as pofiles

    monkeypatch.setattr(pofiles, "MAX_CATALOG_BYTES", 10)
    po = tmp_path / "game.po"
    po.write_text(HEADER, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_catalog(po, "game.po")
    assert str(caught.value) == f"game.po: is {len(HEADER.encode())} bytes; catalogs are limited to 10"


def test_a_line_babel_could_skip_is_an_error_with_its_line(tmp_path):
    po = tmp_path / "game.po"
    po.write_text(HEADER + 'msgctxt "x"\nmsgid "y"\nthis is no keyword\nmsgstr "z"\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_catalog(po, "game.po")
    assert caught.value.line == 7  # four lines of header, msgctxt on 5, msgid on 6, the bad line
    assert "not a valid gettext catalog: Unknown or misformatted keyword" in str(caught.value)


def test_a_catalog_rewritten_in_the_same_instant_is_read_again_when_its_size_changed(tmp_path):
    po = tmp_path / "game.po"
    po.write_text(HEADER + 'msgctxt "k"\nmsgid "Forest"\nmsgstr "Bosque"\n', encoding="utf-8")
    stamp = po.stat().st_mtime_ns
    assert load_index(po).by_context["k"].string == "Bosque"
    po.write_text(HEADER + 'msgctxt "k"\nmsgid "Forest"\nmsgstr "Selva tropical"\n', encoding="utf-8")
    os.utime(po, ns=(stamp, stamp))  # a coarse clock: the same modification time
    assert load_index(po).by_context["k"].string == "Selva tropical"
    assert load_index(tmp_path / "absent.po") is None


def test_templates_look_words_up_with_their_context():
    t = Translator.for_language("es")
    env = t.jinja_env(loader=jinja2.DictLoader({
        "c.txt": "{{ pgettext('compass', 'W') }} {{ pgettext('compass', 'NW') }} {{ _('portrait') }}"}))
    assert env.get_template("c.txt").render() == "O NO vertical"


def test_a_trans_block_over_several_lines_is_looked_up_as_one_line():
    t = Translator.for_language("es")
    env = t.jinja_env(loader=jinja2.DictLoader({"p.txt": "{% trans %}\n   portrait\n{% endtrans %}"}))
    assert env.get_template("p.txt").render() == "vertical"


@pytest.mark.parametrize("language, source, translates", [
    ("en", "en", False),
    ("en_GB", "en", False),  # a regional variant of the source without a catalog of its own
    ("es", "en", True),
    ("es_MX", "es", False),
    ("pt_BR", "en", True),
])
def test_which_languages_need_a_catalog(language, source, translates):
    t = Translator(language, source_language=source)
    assert t.translates_game is translates
    assert t.game("terrain.forest.name", "Forest") == "Forest"
    assert len(t.warnings) == (1 if translates else 0)
