"""The units of a side or nationality named by its adjective on the printed aids ("German
units", "las unidades alemanas"), read in the built PDFs of Glory's End in both languages."""

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
