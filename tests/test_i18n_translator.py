"""Translator: lookups by key, fallback with one warning per key, fuzzy never used, plurals,
numbers and dates by locale, jinja2 templates."""

from __future__ import annotations

from pathlib import Path

import jinja2

from generator.i18n import Translator
from generator.i18n.formatting import format_number, format_turn_date
from i18n_helpers import edit_entry, es_po, load


def test_game_strings_come_from_the_spanish_catalog(mini):
    game = load(mini)
    t = Translator.for_game(game, "es")
    assert t.game("terrain.forest.name", "Forest") == "Bosque"
    assert t.of(game.terrain["forest"]) == "Bosque"
    assert t.of(game.spec.sequence_of_play[0]) == "Fase de eventos"
    assert t.of(game.scenario_index["opening"], "title") == "Primeros movimientos"
    assert t.special_rule(game.scenario_index["opening"], 0) == "Los azules mueven primero."
    assert t.hex_name(game.hex_index[("main", "0101")]) == "Villazul"
    assert t.box_name("main", game.maps["main"].boxes[0]) == "Montón de fichas muertas"
    assert t.turn_annotation(game.spec.turn_track.turns[2], "Victory check") == "Comprobación de victoria"
    assert t.marker_text(game.marker_index["turn"]) == "Turno"
    assert t.warnings == []


def test_a_missing_string_falls_back_to_the_source_with_one_warning(mini):
    po = es_po(mini)
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Bosque"', 'msgstr ""'), encoding="utf-8")
    t = Translator.for_game(load(mini), "es")
    for _ in range(3):  # printed on three components: still one warning
        assert t.game("terrain.forest.name", "Forest") == "Forest"
    assert t.game("terrain.sea.name", "Sea") == "Mar"
    assert t.warnings == ["es: 'terrain.forest.name' is untranslated; printing the source text 'Forest'"]
    assert [(m.key, m.reason) for m in t.missing] == [("terrain.forest.name", "is untranslated")]


def test_fuzzy_entries_are_never_used(mini):
    edit_entry(es_po(mini), "terrain.forest.name", fuzzy=True)
    t = Translator.for_game(load(mini), "es")
    assert t.game("terrain.forest.name", "Forest") == "Forest"
    assert t.warnings == ["es: 'terrain.forest.name' is fuzzy (needs review); printing the source text 'Forest'"]


def test_a_translation_of_an_older_source_text_is_not_printed(mini):
    mini.replace("game.yaml", "{id: forest, name: Forest", "{id: forest, name: Woods")
    game = load(mini)
    t = Translator.for_game(game, "es")
    assert t.of(game.terrain["forest"]) == "Woods"
    assert "older source text" in t.warnings[0]


def test_keys_not_in_the_catalog_and_languages_without_one(mini):
    game = load(mini)
    t = Translator.for_game(game, "es")
    assert t.game("terrain.jungle.name", "Jungle") == "Jungle"
    assert "is not in the catalog (run `warkit i18n update`)" in t.warnings[0]
    french = Translator.for_game(game, "fr")
    assert french.of(game.terrain["forest"]) == "Forest"
    assert french.ui("Terrain") == "Terrain"
    assert french.warnings == [
        "fr: 'terrain.forest.name' has no catalog for this language; printing the source text 'Forest'",
        "fr: warkit text 'Terrain' has no catalog for this language; printing the source text 'Terrain'",
    ]


def test_the_source_language_needs_no_catalog_and_warns_nothing(mini):
    game = load(mini)
    t = Translator.for_game(game, "en")
    assert t.of(game.terrain["forest"]) == "Forest"
    assert t.ui("Terrain Effects Chart") == "Terrain Effects Chart"
    assert t.ngettext("%(num)d counter", "%(num)d counters", 1) == "1 counter"
    assert t.warnings == []


def test_a_regional_variant_uses_the_language_catalog(mini):
    t = Translator.for_game(load(mini), "es-MX")
    assert t.language == "es_MX"
    assert t.game("terrain.forest.name", "Forest") == "Bosque"
    assert t.ui("Terrain") == "Terreno"


def test_warkit_strings_and_plurals_in_spanish():
    t = Translator.for_language("es")
    assert t.ui("Terrain Effects Chart") == "Tabla de Efectos del Terreno"
    assert t.ui("Page %(page)s of %(pages)s", page=2, pages=5) == "Página 2 de 5"
    assert t.ngettext("%(num)d counter", "%(num)d counters", 1) == "1 ficha"
    assert t.ngettext("%(num)d counter", "%(num)d counters", 12) == "12 fichas"
    assert t.ui("Not a warkit string") == "Not a warkit string"
    assert t.warnings == ["es: warkit text 'Not a warkit string' is missing from warkit's catalog; "
                          "printing the source text 'Not a warkit string'"]


def test_numbers_follow_the_locale():
    es, en = Translator.for_language("es"), Translator.for_language("en")
    assert es.number(1.5) == "1,5" and en.number(1.5) == "1.5"
    assert es.number(10000) == "10.000" and en.number(10000) == "10,000"
    assert es.number(2, decimals=1) == "2,0"
    assert es.signed(1) == "+1" and es.signed(-2) == "-2" and es.signed(0.5) == "+0,5"
    assert format_number(0.25, "de") == "0,25"


def test_turn_dates_are_spelled_by_the_locale(mini):
    assert format_turn_date("1914-08", "en") == "Aug 1914"
    assert format_turn_date("1914-08", "es") == "ago 1914"
    assert format_turn_date("1914-09-04", "es") == "4 sept 1914"
    assert format_turn_date("1914-09-04/1914-09-06", "es") == "4–6 sept 1914"
    assert format_turn_date("Spring 1915", "es") is None
    mini.replace("game.yaml", "{turn: 1, label: Spring}", "{turn: 1, label: Aug 1914, date: 1914-08}")
    mini.replace("game.yaml", "{turn: 4, label: Winter}", "{turn: 4, date: 1914-11-20}")
    game = load(mini)
    t = Translator.for_game(game, "es")
    turns = game.spec.turn_track.turns
    assert t.turn_label(turns[0]) == "ago 1914"  # needs no catalog entry
    assert t.turn_label(turns[1]) == "Verano"
    assert t.turn_label(turns[3]) == "20 nov 1914"
    assert t.turn_date(turns[1]) is None
    assert Translator.for_game(game, "en").turn_label(turns[0]) == "Aug 1914"
    assert t.warnings == []


def test_jinja_templates_use_the_translator(tmp_path):
    (tmp_path / "aid.html.j2").write_text(
        "<h1>{{ _('Terrain Effects Chart') }}</h1>"
        "{% trans count=n %}{{ count }} counter{% pluralize %}{{ count }} counters{% endtrans %}"
        "<p>{{ ngettext('%(num)d page', '%(num)d pages', 3) }} {{ t.number(2.5) }}</p>",
        encoding="utf-8",
    )
    t = Translator.for_language("es")
    env = t.jinja_env(jinja2.FileSystemLoader(str(tmp_path)))
    html = env.get_template("aid.html.j2").render(n=2)
    assert html.startswith("<h1>Tabla de Efectos del Terreno</h1>")
    assert "3 páginas 2,5" in html
    # the {% trans %} block is not in warkit.po: English, and one warning
    assert "2 counters" in html
    assert t.warnings == ["es: warkit text '%(count)s counter' is missing from warkit's catalog; "
                          "printing the source text '%(count)s counters'"]


def _warkit_catalog_copy(tmp_path, edit) -> Path:
    """A copy of warkit's Spanish catalog under tmp_path, each message passed through `edit`."""
    from generator.i18n import paths
    from generator.i18n.pofiles import read_catalog, write_catalog

    target = paths.ui_catalog("es", tmp_path)
    target.parent.mkdir(parents=True)
    catalog = read_catalog(paths.ui_catalog("es"))
    for message in catalog:
        edit(message)
    write_catalog(target, catalog)
    return tmp_path


def test_fuzzy_entries_of_warkits_own_catalog_are_never_used(tmp_path):
    def fuzz(message):
        if message.id in ("Terrain", ("%(num)d counter", "%(num)d counters")):
            message.flags.add("fuzzy")

    t = Translator.for_language("es", ui_locale_dir=_warkit_catalog_copy(tmp_path, fuzz))
    assert t.ui("Terrain") == "Terrain"
    assert t.ngettext("%(num)d counter", "%(num)d counters", 12) == "12 counters"
    assert t.ui("Terrain Effects Chart") == "Tabla de Efectos del Terreno"  # the rest still translated
    assert t.warnings == [
        "es: warkit text 'Terrain' is fuzzy or untranslated; printing the source text 'Terrain'",
        "es: warkit text '%(num)d counter' is fuzzy or untranslated; printing the source text '%(num)d counters'",
    ]


def test_untranslated_entries_of_warkits_own_catalog_print_the_english(tmp_path):
    def empty(message):
        if message.id == "Terrain":
            message.string = ""

    t = Translator.for_language("es", ui_locale_dir=_warkit_catalog_copy(tmp_path, empty))
    assert t.ui("Terrain") == "Terrain"
    assert [(m.catalog, m.key, m.reason) for m in t.missing] == [("warkit", "Terrain", "is fuzzy or untranslated")]


def test_a_template_is_compiled_once_a_build_for_every_language(monkeypatch):
    import jinja2

    from generator import caches

    compiled = []
    original = jinja2.Environment._compile
    monkeypatch.setattr(jinja2.Environment, "_compile",
                        lambda self, source, filename: compiled.append(filename) or original(self, source, filename))
    loader = jinja2.DictLoader({"aid.j2": "{{ _('Map') }} {{ n }}"})
    with caches.build_caches():
        english = Translator.for_language("en").jinja_env(loader).get_template("aid.j2")
        spanish = Translator.for_language("es").jinja_env(loader).get_template("aid.j2")
        assert (english.render(n=1), spanish.render(n=2)) == ("Map 1", "Mapa 2")  # each its own words
        assert len(compiled) == 1
        edited = jinja2.DictLoader({"aid.j2": "{{ n }} {{ _('Map') }}"})
        assert Translator.for_language("es").jinja_env(edited).get_template("aid.j2").render(n=3) == "3 Mapa"
        assert len(compiled) == 2  # its source changed: compiled again
        Translator.for_language("es").jinja_env(loader, sandboxed=True).get_template("aid.j2")
        assert len(compiled) == 3  # a sandbox compiles its own
    with caches.build_caches():
        Translator.for_language("en").jinja_env(loader).get_template("aid.j2")
    assert len(compiled) == 4  # the next build compiles afresh
