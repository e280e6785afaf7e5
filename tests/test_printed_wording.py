"""Words that read right on the printed aids, read in the built PDFs of Glory's End in both
languages: the units of a side or nationality named by its adjective ("German units", "las
unidades alemanas"); a result code that names a marker printed as the marker prints."""

from __future__ import annotations

from kits import kit_text


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_glorys_end_aids_name_units_by_their_adjective_in_english_and_spanish():
    en = _flat(kit_text("glorys-end", "en", "player-aid-german.pdf"))
    es = _flat(kit_text("glorys-end", "es", "player-aid-german.pdf"))
    assert "At set-up: German units never stand in France" in en
    assert "Allied units except French units never stand in hexes 3036, 3037, 3136" in en
    assert "units of German" not in en and "units of Allied" not in en
    assert "En el despliegue: las unidades alemanas nunca pueden estar en Francia" in es
    assert "Las unidades aliadas salvo las unidades francesas nunca pueden estar en los hexágonos 3036, 3037, 3136" in es
    assert "unidades de Alemanes" not in es and "unidades de Aliados" not in es


def test_a_rule_not_in_force_keeps_the_adjective_capitalised_mid_sentence():
    assert "Not in force: at set-up: German units never stand in France" in _flat(
        kit_text("glorys-end", "en", "setup-marne.pdf"))
    assert "Sin efecto: en el despliegue: las unidades alemanas nunca pueden estar en Francia" in _flat(
        kit_text("glorys-end", "es", "setup-marne.pdf"))


def test_a_result_code_naming_a_marker_prints_as_the_marker_does_in_each_language():
    # Glory's End's Command table: a 6 gives "OOC", the Out of Command marker ("SMN" in Spanish)
    for language, code, other in (("en", "OOC", "SMN"), ("es", "SMN", "OOC")):
        tables = _flat(kit_text("glorys-end", language, "tables.pdf"))
        aid = _flat(kit_text("glorys-end", language, "player-aid-german.pdf"))
        counters = _flat(kit_text("glorys-end", language, "counters.pdf"))
        assert f"6 {code} 17" in tables and f"6 {code} 17" in aid  # the table's cell
        assert f"{code} the opponent marks" in tables if language == "en" else \
            f"{code} el adversario marca tres pilas" in tables  # the legend of the codes
        assert f"{code} {code} {code}" in counters  # the markers
        assert other not in tables and other not in aid and other not in counters


def test_a_terrain_effect_for_some_units_reads_as_a_phrase():
    # Glory's End's fortress: cavalry never attacks into it
    assert "no attack into it, when Cavalry units attack" in _flat(kit_text("glorys-end", "en", "player-aid-german.pdf"))
    assert "no se puede atacar en él, cuando atacan las unidades de Caballería" in _flat(
        kit_text("glorys-end", "es", "player-aid-german.pdf"))


def test_the_shore_of_a_named_sea_reads_with_its_name_in_english_and_spanish():
    # GWNE rule 7.30: Russian amphibious landings on the Black Sea coast; the sea's name takes
    # no article of its own, so the phrase carries one in each language
    en = _flat(kit_text("great-war-near-east", "en", "player-aid-allied.pdf"))
    es = _flat(kit_text("great-war-near-east", "es", "player-aid-allied.pdf"))
    assert "or on map Caucasus, on the Black Sea shore, in an empty hex" in en
    assert "o en el mapa Cáucaso, en la costa de la región Mar Negro, en un hexágono vacío" in es
    assert "shore of Black Sea" not in en and "orilla de Mar Negro" not in es


def test_a_map_tile_page_is_named_in_the_kits_language_in_the_bookmarks():
    import kits
    import pypdf

    for language, word, other in (("en", "tile", "hoja"), ("es", "hoja", "tile")):
        reader = pypdf.PdfReader(kits.built("glorys-end") / language / "kit.pdf")
        titles = []
        stack = list(reader.outline)
        while stack:
            item = stack.pop(0)
            if isinstance(item, list):
                stack = item + stack
            else:
                titles.append(item.title)
        tiles = [t for t in titles if t.endswith((f"{word} A1", f"{word} B1"))]
        assert len(tiles) >= 4, titles  # A1 and B1 of both maps
        assert not any(t.endswith(f"— {other} A1") for t in titles), titles
