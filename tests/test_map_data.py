"""The map's additions to the data format: coast sides, `draw` on hexside features, map
panel and coast switches, and their checks."""

from __future__ import annotations

from checks import issues

from generator.io.loader import load_game


def test_coast_column_is_read_as_upper_case_directions(mini):
    mini.write("map/hexes.csv", "hex,terrain,coast\n0303,forest,n se\n")
    game = load_game(mini.path).game
    assert game.hex_index[("main", "0303")].coast == ("N", "SE")


def test_a_coast_side_the_hex_does_not_have_is_an_error(mini):
    mini.write("map/hexes.csv", "hex,terrain,coast\n0303,forest,N;E\n")
    assert issues(mini, "hex.coast") == [
        "mini/map/hexes.csv:2:3: error: hex.coast: [coast] coast side(s) E of hex 0303 are not sides of a "
        "flat-top hex (expected N, NE, SE, S, SW, NW)"
    ]


def test_draw_across_is_read_and_a_bad_value_is_a_schema_error(mini):
    mini.replace("game.yaml", '{id: river, name: River, movement: "+1"', '{id: river, name: River, draw: across, movement: "+1"')
    game = load_game(mini.path).game
    assert game.hexside_features["river"].draw == "across"
    mini.replace("game.yaml", "draw: across", "draw: sideways")
    found = issues(mini, "game.schema")
    assert len(found) == 1 and "draw" in found[0] and "'along' or 'across'" in found[0]


def test_an_unknown_terrain_style_is_a_warning_naming_the_known_ones(mini):
    mini.replace("game.yaml", '{id: forest, name: Forest, movement: "2"}', '{id: forest, name: Forest, movement: "2", style: wods}')
    (found,) = issues(mini, "map.style")
    assert found.startswith("mini/game.yaml:54:")
    assert "warning: map.style: 'forest': unknown style 'wods', drawn with a guessed or neutral style" in found
    assert "(known: sea, lake, swamp, alpine, mountain, hills, rough, woods, desert, urban, clear, plain)" in found


def test_map_switches_default_and_validate(mini):
    game = load_game(mini.path).game
    spec = game.maps["main"]
    assert (spec.auto_coast, spec.panel) == (True, "auto")
    mini.replace("game.yaml", "    default_region: blueland", "    default_region: blueland\n    panel: left")
    assert any("panel" in line for line in issues(mini, "game.schema"))
