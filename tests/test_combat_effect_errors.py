"""The combat effects' and retreat compasses' remaining error paths (`combat.unknown`,
`combat.system`, `map.retreat`): one invalid fixture each, with the exact message, file, line
and column the author reads."""

from __future__ import annotations

import pytest

from checks import assert_exact

FOREST = '  - {id: forest, name: Forest, movement: "2"}'


def forest_effect(effect: str):
    return lambda g: g.replace("game.yaml", FOREST, FOREST[:-1] + f", combat: [{effect}]}}")


def retreat(roses: str):
    return lambda g: g.replace("game.yaml", "      - {id: dead, name: Dead pile}",
                               "      - {id: dead, name: Dead pile}\n    retreat:\n" + roses)


CASES = [
    pytest.param(forest_effect("{shift: 1, units: [infantry]}"), "combat.unknown",
                 "mini/game.yaml:54:67: error: combat.unknown: terrain 'forest', combat effect 1: "
                 "units 'infantry' is no unit type of the game",
                 id="unit-type"),
    pytest.param(forest_effect("{shift: 1, regions: [greenland]}"), "combat.unknown",
                 "mini/game.yaml:54:67: error: combat.unknown: terrain 'forest', combat effect 1: "
                 "region 'greenland' is not declared under regions",
                 id="region"),
    pytest.param(forest_effect("{shift: 1, tables: [trc]}"), "combat.unknown",
                 "mini/game.yaml:54:67: error: combat.unknown: terrain 'forest', combat effect 1: "
                 "table 'trc' is no combat table of the game (combat tables: crt)",
                 id="table"),
    pytest.param(forest_effect("{shift: 1, attacker: [green]}"), "combat.unknown",
                 "mini/game.yaml:54:67: error: combat.unknown: terrain 'forest', combat effect 1: "
                 "attacker 'green' is no side, nationality or unit type of the game",
                 id="attacker"),
    pytest.param(forest_effect("{shift: 1, direction: up}"), "combat.system",
                 "mini/game.yaml:54:67: error: combat.system: terrain 'forest', combat effect 1: a shift up, but only "
                 "an attrition table has rows to shift along",
                 id="shift-up-without-an-attrition-table"),
    pytest.param(retreat("      - {side: green, directions: [N]}\n"), "map.retreat",
                 "mini/game.yaml:74:10: error: map.retreat: map 'main': retreat compass for 'green', which is no side "
                 "of the game (sides: blue, red)",
                 id="retreat-of-an-unknown-side"),
    pytest.param(retreat("      - {side: blue, directions: [N]}\n      - {side: blue, directions: [S]}\n"),
                 "map.retreat",
                 "mini/game.yaml:75:9: error: map.retreat: map 'main': side 'blue' has two retreat roses",
                 id="two-retreat-roses-of-one-side"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_a_broken_combat_effect_or_retreat_compass_gives_the_exact_message(mini, edit, code, expected):
    assert_exact(mini, edit, code, expected)


def test_a_column_shift_in_a_game_without_columns_is_an_error(areamini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: fort, name: Fortification, style: fortress}",
                       "  - {id: fort, name: Fortification, style: fortress, combat: [{shift: 1}]}")

    assert_exact(areamini, edit, "combat.system",
                 "areamini/game.yaml:41:64: error: combat.system: hex feature 'fort', combat effect 1: a column shift, "
                 "but the game has no odds CRT or attrition table to shift along")
