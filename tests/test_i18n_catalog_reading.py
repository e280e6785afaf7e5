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


def test_a_catalog_not_in_utf8_is_refused_at_the_line_of_the_first_bad_byte(tmp_path):
    po = tmp_path / "game.po"
    po.write_bytes(HEADER.encode() + b'msgctxt "k"\nmsgid "Forest"\nmsgstr "Bosque \xe1rido"\n')
    with pytest.raises(InputError) as caught:
        read_catalog(po, "game.po")
    assert str(caught.value) == "game.po:7: is not UTF-8 text: byte 0xE1 cannot be read (save it as UTF-8)"
    latin = tmp_path / "latin.po"
    latin.write_bytes(HEADER.replace("UTF-8", "ISO-8859-1").encode())
    with pytest.raises(InputError) as caught:
        read_catalog(latin, "latin.po")
    assert str(caught.value) == ("latin.po:3: declares the charset 'ISO-8859-1'; warkit reads catalogs in UTF-8 "
                                 "(save it as UTF-8 and write charset=UTF-8)")


def test_the_previous_source_text_of_a_fuzzy_entry_is_kept(tmp_path):
    po = tmp_path / "game.po"
    po.write_text(HEADER + '#, fuzzy\n#| msgctxt "k"\n#| msgid "Woods"\nmsgctxt "k"\nmsgid "Forest"\nmsgstr "Bosque"\n\n'
                  '#| msgid "Hill"\n#| msgid_plural "Hills"\nmsgctxt "h"\nmsgid "Ridge"\nmsgid_plural "Ridges"\n'
                  'msgstr[0] "Cresta"\nmsgstr[1] "Crestas"\n\n'
                  '# a translator\'s note\nmsgctxt "s"\nmsgid "Sea"\nmsgstr "Mar"\n', encoding="utf-8")
    catalog = read_catalog(po)
    by_context = {m.context: m for m in catalog if m.id}
    assert by_context["k"].previous_id == ["Woods"] and by_context["k"].user_comments == []
    assert by_context["h"].previous_id == ["Hill", "Hills"]
    assert by_context["s"].previous_id == [] and by_context["s"].user_comments == ["a translator's note"]


def test_numbers_with_a_fixed_count_of_decimals():
    from generator.i18n.formatting import format_date, format_number

    assert [format_number(1234.4, "en", 0), format_number(1234.5, "es", 1), format_number(0.25, "en", 2),
            format_number(1.5, "es")] == ["1,234", "1.234,5", "0.25", "1,5"]
    assert format_date("1914-09-04", "en") == "Sep 4, 1914"


def test_what_was_printed_is_counted_and_handed_over_once():
    t = Translator.for_language("es")
    t.ui("portrait")
    t.ui("portrait")
    t.pgettext("compass", "W")
    assert t.take_printed() == {("warkit", "portrait"): 2, ("warkit", "compass\x04W"): 1}
    assert t.take_printed() == {}


def test_templates_count_plurals_with_a_context_and_load_from_warkits_folder():
    t = Translator.for_language("en")
    env = t.jinja_env(loader=jinja2.DictLoader({
        "n.txt": "{{ npgettext('chits', '%(num)d chit', '%(num)d chits', 1) }} / "
                 "{{ npgettext('chits', '%(num)d chit', '%(num)d chits', 3) }}"}))
    assert env.get_template("n.txt").render() == "1 chit / 3 chits"
    assert t.jinja_env().get_template("player-aid.xml.j2") is not None  # warkit's own templates folder


def test_an_older_source_texts_warning_names_the_key(mini):
    from i18n_helpers import load

    mini.replace("game.yaml", "{id: forest, name: Forest", "{id: forest, name: Woods")
    game = load(mini)
    t = Translator.for_game(game, "es")
    assert t.of(game.terrain["forest"]) == "Woods"
    assert t.warnings == ["es: 'terrain.forest.name' was translated from an older source text (run `warkit i18n "
                          "update`); printing the source text 'Woods'"]
