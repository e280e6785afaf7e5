"""init/update: translations are never dropped; changed sources become fuzzy; the glossary
pre-fills; the po text round-trips (#| previous msgid, #~ obsolete)."""

from __future__ import annotations

import pytest

from generator.i18n import workflow
from generator.i18n.merge import merge
from generator.i18n.pofiles import read_catalog, render_catalog
from babel.messages.catalog import Catalog
from i18n_helpers import edit_entry, entry, es_po, load, obsolete_entry


def update(folder, language="es"):
    return workflow.update_catalog(workflow.game_domain(load(folder)), language)


def test_a_changed_source_keeps_its_translation_as_fuzzy_with_the_old_text(mini):
    mini.replace("game.yaml", "{id: forest, name: Forest", "{id: forest, name: Woods")
    result = update(mini)
    assert result.to_review == ["terrain.forest.name"]
    forest = entry(es_po(mini), "terrain.forest.name")
    assert (forest.id, forest.string, forest.fuzzy, forest.previous_id) == ("Woods", "Bosque", True, ["Forest"])
    assert '#| msgid "Forest"\nmsgctxt "terrain.forest.name"\nmsgid "Woods"\nmsgstr "Bosque"' in es_po(mini).read_text("utf-8")


def test_a_removed_string_is_kept_as_obsolete_and_revived_when_it_returns(mini):
    original = mini.read("game.yaml")
    mini.replace("game.yaml", "  - {id: forest, name: Forest, movement: \"2\"}\n", "")
    result = update(mini)
    assert result.obsoleted == 1
    assert entry(es_po(mini), "terrain.forest.name") is None
    kept = obsolete_entry(es_po(mini), "terrain.forest.name")
    assert (kept.id, kept.string) == ("Forest", "Bosque")
    assert '#~ msgctxt "terrain.forest.name"\n#~ msgid "Forest"\n#~ msgstr "Bosque"' in es_po(mini).read_text("utf-8")
    mini.write("game.yaml", original)
    update(mini)
    back = entry(es_po(mini), "terrain.forest.name")
    assert (back.string, back.fuzzy) == ("Bosque", False)
    assert obsolete_entry(es_po(mini), "terrain.forest.name") is None


def test_update_never_drops_a_translation(mini):
    before = {m.context: m.string for m in read_catalog(es_po(mini)) if m.id}
    mini.replace("map/hexes.csv", "Blueton", "Bluetown").replace("game.yaml", "label: Summer", "label: High summer")
    mini.replace("game.yaml", "{id: city, name: City", "{id: town, name: Town")
    for _ in range(2):  # a second update changes nothing
        update(mini)
    after = read_catalog(es_po(mini))
    kept = {m.context: m.string for m in list(after) + list(after.obsolete.values()) if m.id}
    assert all(kept.get(key) == text for key, text in before.items())
    assert entry(es_po(mini), "hex.main.0101.name").fuzzy
    assert obsolete_entry(es_po(mini), "hex_feature.city.name").string == "Ciudad"


def test_an_untranslated_entry_that_left_the_data_is_simply_gone(mini):
    edit_entry(es_po(mini), "terrain.forest.name", string="")
    mini.replace("game.yaml", "  - {id: forest, name: Forest, movement: \"2\"}\n", "")
    assert update(mini).obsoleted == 0
    assert obsolete_entry(es_po(mini), "terrain.forest.name") is None


def test_init_prefills_glossary_terms_usable_and_ambiguous_ones_fuzzy(mini):
    mini.replace("game.yaml", "{id: forest, name: Forest", "{id: forest, name: Swamp")
    mini.replace("game.yaml", "{id: blue-move, name: Movement}", "{id: blue-move, name: Withdrawals}")
    mini.replace("game.yaml", "{id: blue-combat, name: Combat", "{id: blue-combat, name: Landing")
    es_po(mini).unlink()
    result = workflow.init_catalog(workflow.game_domain(load(mini)), "es")
    po = es_po(mini)
    swamp, withdrawals, landing = (entry(po, k) for k in ("terrain.forest.name", "phase.blue-move.name", "phase.blue-combat.name"))
    assert (swamp.string, swamp.fuzzy) == ("Pantano", False)
    assert (withdrawals.string, withdrawals.fuzzy) == ("Retiradas", False)
    assert entry(po, "unit_type.art.name").string == "Artillería pesada"  # sentence case as the source
    assert (landing.string, landing.fuzzy) == ("Desembarco", True)
    assert " ".join(landing.user_comments) == ("glossary: Desembarco (from the sea: troops put ashore); "
                                               "Aterrizaje (air units: coming down at a base)")  # wrapped on write
    assert result.from_glossary == 19 and result.suggested == 2  # Landing, and Clear (terrain or weather)


def test_the_same_text_is_reused_within_a_kind_and_suggested_across_kinds(mini):
    mini.replace("game.yaml", "{turn: 4, label: Winter}", "{turn: 4, label: Winter, annotations: {Victory check: \"yes\"}}")
    mini.replace("game.yaml", "{id: clear, name: Clear", "{id: clear, name: Blueland")
    update(mini)
    po = es_po(mini)
    annotation = entry(po, "turn.4.annotation.Victory check")
    assert (annotation.string, annotation.fuzzy) == ("Comprobación de victoria", False)
    clear = entry(po, "terrain.clear.name")  # "Blueland" is translated as a nationality and a region
    assert (clear.string, clear.fuzzy) == ("Terreno abierto", True)


def test_a_source_language_catalog_is_refused(mini):
    with pytest.raises(workflow.WarkitError, match="is the source language"):
        workflow.init_catalog(workflow.game_domain(load(mini)), "en")


def test_warkit_catalog_merges_by_msgid_and_suggests_the_closest_old_translation():
    old = Catalog(locale="es")
    old.add("Terrain Effects Chart", "Tabla de Efectos del Terreno")
    old.add("Cut here", "Cortar por aquí")
    template = Catalog()
    template.add("Terrain Effects Charts")
    template.add("Cut here")
    result = merge(template, old, "es", by_key=False)
    new = {m.id: m for m in result.catalog if m.id}
    assert (new["Cut here"].string, new["Cut here"].fuzzy) == ("Cortar por aquí", False)
    suggestion = new["Terrain Effects Charts"]
    assert (suggestion.string, suggestion.fuzzy, suggestion.previous_id) == (
        "Tabla de Efectos del Terreno", True, ["Terrain Effects Chart"])
    assert [m.id for m in result.catalog.obsolete.values()] == ["Terrain Effects Chart"]


def test_obsolete_entries_with_the_same_text_under_two_keys_both_survive_a_round_trip(tmp_path):
    catalog = Catalog(locale="es")
    catalog.obsolete[("Retreat", "table.crt.result.R")] = _message("Retreat", "Retirada", "table.crt.result.R")
    catalog.obsolete[("Retreat", "phase.retreat.name")] = _message("Retreat", "Repliegue", "phase.retreat.name")
    path = tmp_path / "game.po"
    path.write_bytes(render_catalog(catalog))
    again = read_catalog(path)
    assert sorted(m.string for m in again.obsolete.values()) == ["Repliegue", "Retirada"]


def _message(msgid, string, context):
    from babel.messages.catalog import Message

    return Message(msgid, string, context=context)


def test_update_keeps_the_plural_forms_the_catalog_was_written_for():
    # Russian has three plural forms in Babel's locale data; a catalog written with two keeps
    # two (and its expression) through a merge, so a newer Babel never re-plans a catalog
    import io

    from babel.messages.pofile import read_po

    old = read_po(io.BytesIO(
        b'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        b'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        b'msgid "%(n)d step"\nmsgid_plural "%(n)d steps"\nmsgstr[0] "%(n)d shag"\nmsgstr[1] "%(n)d shagov"\n'),
        locale="ru")
    template = Catalog(locale=None)
    template.add(("%(n)d step", "%(n)d steps"))
    template.add("Clear")
    merged = merge(template, old, "ru", by_key=False).catalog
    assert (merged.num_plurals, merged.plural_expr) == (2, "(n != 1)")
    text = render_catalog(merged).decode("utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    assert 'msgstr[0] "%(n)d shag"\nmsgstr[1] "%(n)d shagov"\n' in text
    fresh = merge(template, None, "ru", by_key=False).catalog
    assert fresh.num_plurals == 3  # a new catalog takes the locale's own forms
