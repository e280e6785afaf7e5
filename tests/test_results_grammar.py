"""Combat results read through each table's declared grammar (model/results.py: named groups
and `result_parts`, code losses), in one place; the CRT's shading and its probability view
follow it; a table without a grammar is not shaded, and `check` says so."""

from __future__ import annotations

import pytest

from checks import assert_exact
from generator.components import chart_style as cs
from generator.components.crt import crt_grid_block
from generator.components.crt_probability import probability_block
from generator.components.crt_results import favour_fill
from generator.components.dice import result_chances
from generator.io.loader import load_game
from generator.model.results import read_result, result_order_key
from kits import DATA, kit_text
from charts_game import context_for, texts_in


def table(game: str, table_id: str):
    return load_game(DATA / game).game.tables[table_id]


# (result, attacker's loss, defender's loss, whom it favours) as each rulebook's grammar reads it
@pytest.mark.parametrize("game, table_id, result, attacker, defender, favours", [
    ("when-eagles-fight", "crt", "2/1", 2, 1, "defender"),        # WEF 13.21: attacker/defender loss points
    ("when-eagles-fight", "crt", "E/0", 10, 0, "defender"),       # E: every unit of that side
    ("when-eagles-fight", "crt", "B/E", 0, 10, "attacker"),       # 13.26: an assault costs the attacker nothing
    ("when-eagles-fight", "crt", "1/1", 1, 1, "even"),
    ("glorys-end", "crt", "1/2R", 1, 2.5, "attacker"),            # GE 13.18: R, a forced retreat, half a loss
    ("glorys-end", "crt", "2/0", 2, 0, "defender"),
    ("great-war-near-east", "crt-a", "DE", 0, 10, "attacker"),    # GWNE 13.12: defender eliminated
    ("great-war-near-east", "crt-a", "2/1", 2, 1, "defender"),
    ("great-war-near-east", "crt-b", "1/4", 1, 4, "attacker"),
    ("blitz-in-the-east", "gcrt", "2/1!", 1, 2.5, "attacker"),    # BitE 4.2: defender/attacker, ! a retreat
    ("blitz-in-the-east", "gcrt", "0/2", 2, 0, "defender"),
    ("blitz-in-the-east", "attrition", "4-1", 1, 4, "attacker"),  # BitE 3.2: X hits the non-phasing player
    ("blitz-in-the-east", "attrition", "0-3", 3, 0, "defender"),
])
def test_each_games_results_are_read_through_its_own_grammar(game, table_id, result, attacker, defender, favours):
    reading = read_result(table(game, table_id), result)
    assert (reading.attacker_loss, reading.defender_loss, reading.favours) == (attacker, defender, favours)


def test_the_shade_says_whom_a_result_favours_and_how_strongly():
    crt_a = table("great-war-near-east", "crt-a")
    assert favour_fill(crt_a, "DE") == cs.ATTACKER_STRONG  # unshaded before the grammar was read from data
    assert favour_fill(crt_a, "2/1") == cs.DEFENDER_LIGHT
    assert favour_fill(crt_a, "2/0") == cs.DEFENDER_STRONG
    assert favour_fill(crt_a, "1/1") == cs.EVEN
    assert favour_fill(crt_a, "9-9") is None  # not a result of this table


def test_gwne_de_cells_are_shaded_in_the_grid_and_keyed_in_the_pdf():
    context = context_for(DATA / "great-war-near-east")
    crt_a = context.game.tables["crt-a"]
    grid = crt_grid_block(context, crt_a, 190.0)
    fills = {}
    for name, box in grid.anchors.items():
        if name.startswith("result:"):
            r, c = (int(n) for n in name.split(":")[1:])
            fills[crt_a.cells[r][c]] = favour_fill(crt_a, crt_a.cells[r][c])
    assert fills["DE"] == cs.ATTACKER_STRONG
    text = kit_text("great-war-near-east", "en", "crt.pdf")
    assert "Favours the attacker" in text and "Favours the defender" in text


def test_the_probability_view_sorts_by_the_grammar_from_the_defenders_best_to_the_attackers():
    crt = table("when-eagles-fight", "crt")
    results = sorted({r for row in crt.cells for r in row}, key=lambda r: result_order_key(crt, r))
    assert results[0] == "3/0" and results[-1] == "B/E"
    assert results.index("1/E") < results.index("0/E")  # the same defender's loss, the attacker's own loss first
    context = context_for(DATA / "when-eagles-fight")
    block = probability_block(context, crt, 0, result_chances(crt, 0))
    shown = [t.text for t, _, _ in texts_in(block.items)]
    assert shown.index("3/0") < shown.index("2/0") < shown.index("B/E")


def test_a_table_without_a_grammar_is_unshaded_and_check_warns(mini):
    def edit(folder):
        folder.replace("game.yaml", "    result_parts: [{group: attacker, hurts: attacker}, {group: defender, hurts: "
                                    "defender}, {group: retreat, hurts: defender, weight: 0.5}]\n", "")

    assert_exact(mini, edit, "crt.result-parts",
                 "mini/game.yaml:88:5: warning: crt.result-parts: table 'crt': no result_parts, so its results are not "
                 "shaded by whom they favour; name the parts of result_pattern with groups (its named groups: "
                 "attacker, defender, retreat) and say whose loss each is, e.g. result_parts: [{group: attacker, "
                 "hurts: attacker}, {group: defender, hurts: defender}]")
    game = load_game(mini.path).game
    assert favour_fill(game.tables["crt"], "0/2") is None


def test_a_part_that_names_no_group_is_refused(mini):
    mini.replace("game.yaml", "{group: retreat, hurts: defender, weight: 0.5}",
                 "{group: retreats, hurts: defender, weight: 0.5}")
    loaded = load_game(mini.path)
    messages = [i.message for i in loaded.report.errors]
    assert any("result part 'retreats' is not a named group of result_pattern (it defines attacker, defender, "
               "retreat)" in m for m in messages), messages
