"""The checks of combat effects, retreat compasses, symbols that would draw alike, area room
and area squares: one invalid fixture each, with the exact message the author reads."""

from __future__ import annotations

from checks import assert_exact


def test_an_effect_naming_an_unknown_side_is_an_error(mini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: forest, name: Forest, movement: \"2\"}",
                       "  - {id: forest, name: Forest, movement: \"2\", combat: [{shift: 1, defender: [greenland]}]}")

    assert_exact(mini, edit, "combat.unknown",
                 "mini/game.yaml:54:67: error: combat.unknown: terrain 'forest', combat effect 1: defender 'greenland' is "
                 "no side, nationality or unit type of the game")


def test_across_is_for_hexsides(mini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                       "  - {id: city, name: City, combat: [{drm: -1, across: all}]}")

    assert_exact(mini, edit, "combat.across",
                 "mini/game.yaml:59:47: error: combat.across: hex feature 'city', combat effect 1: 'across' is for hexside "
                 "features: a unit attacks across a hexside, not across a hex")


def test_a_weather_the_track_never_has_warns(mini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: river, name: River, movement: \"+1\", combat_drm: -1}",
                       "  - {id: river, name: River, movement: \"+1\", combat: [{shift: 1, weather: [mud]}]}")

    assert_exact(mini, edit, "combat.weather",
                 "mini/game.yaml:57:66: warning: combat.weather: hexside feature 'river', combat effect 1: weather 'mud' "
                 "never comes on the turn track (its weathers: none), so the effect never applies")


def test_a_drm_in_a_game_whose_combat_rolls_no_dice_is_an_error(areamini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: fort, name: Fortification, style: fortress}",
                       "  - {id: fort, name: Fortification, style: fortress, combat: [{drm: -1}, {losses: -1}]}")

    assert_exact(areamini, edit, "combat.system",
                 "areamini/game.yaml:41:64: error: combat.system: hex feature 'fort', combat effect 1: a die-roll "
                 "modifier, but no combat table of the game is read with dice (its combat tables: none)")


def test_a_retreat_direction_a_hex_does_not_have_is_an_error(mini):
    def edit(folder):
        folder.replace("game.yaml", "      - {id: dead, name: Dead pile}",
                       "      - {id: dead, name: Dead pile}\n    retreat:\n      - {side: blue, directions: [N, E]}")

    assert_exact(mini, edit, "map.retreat",
                 "mini/game.yaml:74:22: error: map.retreat: map 'main': retreat direction(s) E of 'blue' are not sides of a "
                 "flat-top hex (expected N, NE, SE, S, SW, NW)")


def test_two_hex_features_that_would_draw_alike_warn(mini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                       "  - {id: city, name: City, combat_drm: -1}\n"
                       "  - {id: red_supply, name: Red supply source, style: supply}\n"
                       "  - {id: blue_supply, name: Blue supply source, style: supply}")

    assert_exact(mini, edit, "map.alike",
                 "mini/game.yaml:61:5: warning: map.alike: hex features 'red_supply' and 'blue_supply' would draw alike "
                 "(style 'supply'), so the legend could not tell them apart: give one a colour, a side or a mark "
                 "(or another style)")


def test_a_side_tells_two_supply_sources_apart(mini):
    def edit(folder):
        folder.replace("game.yaml", "  - {id: city, name: City, combat_drm: -1}",
                       "  - {id: city, name: City, combat_drm: -1}\n"
                       "  - {id: red_supply, name: Red supply source, style: supply, side: red}\n"
                       "  - {id: blue_supply, name: Blue supply source, style: supply, side: blue}")

    assert_exact(mini, edit, "map.alike", [])


def test_an_area_too_small_for_the_stacking_limit_warns(areamini):
    def edit(folder):
        folder.replace("game.yaml", "    - measure: units\n      max: 2", "    - measure: units\n      max: 4")

    assert_exact(areamini, edit, "area.room",
                 "areamini/game.yaml:50:44: warning: area.room: map 'land': an area (44 x 35.2 mm) cannot hold 4 blocks "
                 "of 19 mm side by side (the stacking limit), which need 41 x 41 mm")


def test_an_area_large_enough_for_two_blocks_is_quiet(areamini):
    assert_exact(areamini, lambda folder: None, "area.room", [])  # two blocks of 19 mm need 41 x 21 mm: 44 x 35.2


def test_area_squares_name_declared_colours(areamini):
    def edit(folder):
        text = folder.read("map/areas.csv").splitlines()
        header = text[0] + ",squares"
        rows = [line + (",gold=2" if n == 1 else ",") for n, line in enumerate(text[1:], start=1)]
        folder.write("map/areas.csv", "\n".join([header, *rows]) + "\n")

    assert_exact(areamini, edit, "area.squares",
                 "areamini/map/areas.csv:2:10: error: area.squares: [squares] area 'bluetown': square colour 'gold' is "
                 "not one of the board's squares (known: none: declare them under the map's board, squares)")
