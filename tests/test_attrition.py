"""Attrition tables (strength bands against strength bands, several numbers a cell) and the
odds CRT's defender-first results and column shifts, as Blitz in the East prints them."""

from __future__ import annotations

import pathlib

from charts_game import context_for, texts_in
from generator.components import chart_style as cs
from generator.components.attrition import attrition_blocks, attrition_grid_block, result_form, shade
from generator.components.crt import combat_tables, crt_blocks, crt_grid_block
from generator.components.crt_results import favour_fill
from generator.model.results import read_result
from generator.model.tables import AttritionTable, value_span

BLITZ = pathlib.Path(__file__).resolve().parent.parent / "data" / "blitz-in-the-east"


def blitz(language: str = "en"):
    context = context_for(BLITZ)
    if language != "en":
        from generator.build.components import BuildContext

        context = BuildContext(context.game, context.options, language)
    return context


def words(block, anchor) -> list[str]:
    left, top, right, bottom = block.anchors[anchor]
    return [t.text for t, x, y in texts_in(block.items) if left <= x <= right and top <= y <= bottom]


def test_bands_read_as_ranges_and_an_open_top():
    assert value_span("27-53") == (27, 53) and value_span("162+") == (162, float("inf")) and value_span("OVER") is None


def test_the_rule_3_0_table_as_printed():
    table = blitz().game.tables["attrition"]
    assert isinstance(table, AttritionTable) and table.groups == ("x", "y")
    assert table.values(table.cells[2][0]) == {"x": 0, "y": 2}  # 54-80 non-phasing against 0-26 phasing
    assert table.cells[0][0] == "1-1" and table.cells[6][6] == "6-6"  # the corner as the book prints it
    assert result_form(table) == "X-Y"
    assert [o.group for o in table.outputs] == ["x", "x", "x", "y", "y"]


def test_cells_are_shaded_by_what_the_column_side_gains():
    table = blitz().game.tables["attrition"]  # x hurts the row side (non-phasing), y the column side
    assert read_result(table, "4-1").balance == 3 and shade(table, "4-1") == cs.ATTACKER_STRONG
    assert shade(table, "2-1") == cs.ATTACKER_LIGHT and shade(table, "3-3") == cs.EVEN
    assert shade(table, "0-1") == cs.DEFENDER_LIGHT and shade(table, "0-6") == cs.DEFENDER_STRONG


def test_the_grid_prints_every_band_and_result_in_its_cell():
    context = blitz()
    table = context.game.tables["attrition"]
    grid = attrition_grid_block(context, table, 190.0)
    assert words(grid, "column:6") == ["162+"] and words(grid, "row:3") == ["81-107"]
    assert words(grid, "result:1:3") == ["3-1"]  # 27-53 against 81-107: the 3.2 example's 3 hits, 1 back
    assert words(grid, "column-title") == ["Phasing player's valid front ground strength"]


def test_keys_shifts_and_modifiers_follow_the_grid():
    context = blitz()
    blocks = attrition_blocks(context, context.game.tables["attrition"], 190.0)
    text = " ".join(t.text for b in blocks for t, _, _ in texts_in(b.items))
    assert "X-Y" in text and "hits on the non-phasing player" in text
    assert "Favours the phasing player" in text and "Favours the non-phasing player" in text
    assert "→ 1 column right" in text and "↓ 1 row down" in text  # phasing shifts right, non-phasing down
    assert "×¼" in text and "Blizzard: the phasing Axis total (alpine units excepted)" in text


def test_spanish_attrition_table():
    context = blitz("es")
    blocks = attrition_blocks(context, context.game.tables["attrition"], 190.0)
    text = " ".join(t.text for b in blocks for t, _, _ in texts_in(b.items))
    assert "Tabla de desgaste" in text and "→ 1 columna" in text and "↓ 1 fila" in text
    assert "impactos al jugador no activo" in text and "Favorece al jugador activo" in text
    assert context.translator.missing == []


def test_combat_tables_are_the_crts_and_attrition_tables_in_data_order():
    assert [t.id for t in combat_tables(blitz().game)] == ["attrition", "gcrt"]


def test_defender_first_results_shade_the_other_way():
    context = blitz()
    gcrt = context.game.tables["gcrt"]  # defender/attacker, as its result_parts declare
    assert favour_fill(gcrt, "0/2") == cs.DEFENDER_STRONG and favour_fill(gcrt, "2/0") == cs.ATTACKER_STRONG
    assert favour_fill(gcrt, "2/1!") == cs.ATTACKER_LIGHT  # 2 + half a loss for the retreat against 1
    grid = crt_grid_block(context, context.game.tables["gcrt"], 190.0)
    assert words(grid, "result:1:4") == ["2/2"]  # 4:1 with a roll of 2 (the 4.5 example)


def test_an_odds_crt_prints_its_column_shifts_and_no_drm_chances_without_drms():
    context = blitz()
    blocks = crt_blocks(context, context.game.tables["gcrt"], 190.0)
    text = " ".join(t.text for b in blocks for t, _, _ in texts_in(b.items))
    assert "→ 2 columns right" in text and "← 1 column left" in text and "Shifts" in text
    assert "Net DRM" not in text  # chances by die-roll modifier mean nothing for a table of shifts


def test_the_crt_document_puts_each_combat_table_on_its_own_page_unless_that_leaves_one_nearly_empty():
    from generator.components.crt import crt_document

    title, pages = crt_document(blitz())
    assert title == "Combat results tables"
    assert [[t.text for t, _, _ in texts_in(page.items)][:3] for page in pages] == [
        ["Blitz in the East", "Combat results tables", "Attrition Table"],
        ["Blitz in the East", "Combat results tables", "Ground Combat Results Table †"],  # † illustrative cells
    ]
    # in Spanish too the attrition table keeps its notes on its page and the CRT starts the next
    # (a part following on a nearly empty page is tested in test_layout_flow.py)
    title, pages = crt_document(blitz("es"))
    assert title == "Tablas de resultados del combate"
    texts = [[t.text for t, _, _ in texts_in(page.items)] for page in pages]
    assert [page[:3] for page in texts] == [
        ["Blitz en el Este", "Tablas de resultados del combate", "Tabla de desgaste"],
        ["Blitz en el Este", "Tablas de resultados del combate", "Tabla de Resultados del Combate Terrestre †"],
    ]
    assert texts[0][-2] == "Los desplazamientos del activo van a la derecha, los del no activo hacia abajo; se acumulan."
