"""Map styles: declared, guessed from the id, or a neutral fallback — never an error."""

from __future__ import annotations

import pytest

from generator.model.mapstyles import (
    hex_feature_style,
    hexside_draw,
    hexside_style,
    known_styles,
    line_style,
    terrain_style,
)


@pytest.mark.parametrize(
    "terrain_id, declared, expected",
    [
        ("forest", None, "woods"),
        ("light_woods", None, "woods"),
        ("heavy-woods", None, "woods"),
        ("all_sea", None, "sea"),
        ("marsh", None, "swamp"),
        ("mountains", None, "mountain"),
        ("clear", None, "clear"),
        ("tundra", None, "plain"),  # unknown: neutral fallback
        ("dunes", "desert", "desert"),  # declared wins
        ("jungle", "wods", "woods"),  # a misspelt style falls back to the id
        ("x", "xyzzy", "plain"),
        ("seasonal_floods", None, "sea"),  # keywords begin words: a guess, not a parse
    ],
)
def test_terrain_style(terrain_id, declared, expected):
    assert terrain_style(terrain_id, declared) == expected


@pytest.mark.parametrize(
    "feature_id, expected",
    [("major_river", "major_river"), ("minor_river", "minor_river"), ("river", "minor_river"),
     ("all_sea", "water"), ("lake", "lake"), ("pass_path", "pass"), ("railway", "rail"), ("road", "road"),
     ("frontier", "border"), ("escarpment", "ridge"), ("hedgerow", "generic")],
)
def test_hexside_style(feature_id, expected):
    assert hexside_style(feature_id) == expected


@pytest.mark.parametrize(
    "feature_id, expected",
    [("city", "city"), ("town", "town"), ("capital", "capital"), ("fortress_no_drm", "fortress"),
     ("interior_port", "port"), ("port_access", "port_access"), ("rail_hub", "rail_hub"), ("rail", "rail"),
     ("river", "river"), ("pass", "pass"), ("victory", "victory"), ("sea_supply", "supply"),
     ("windmill", "generic")],
)
def test_hex_feature_style(feature_id, expected):
    assert hex_feature_style(feature_id) == expected


def test_rail_and_road_are_drawn_across_unless_told_otherwise():
    assert hexside_draw("rail") == "across" and hexside_draw("road") == "across"
    assert hexside_draw("minor_river") == "along"
    assert hexside_draw("minor_river", "across") == "across"  # WEF-style river courses
    assert hexside_draw("rail", "along") == "along"


def test_line_styles_guess_from_keywords_and_default_to_line():
    assert line_style(None) == "line"
    assert line_style("perimeter") == "boundary"
    assert line_style("meuse-line") == "line"
    assert line_style("meuse") == "line"


def test_every_kind_lists_its_fallback():
    assert "plain" in known_styles("terrain") and "generic" in known_styles("hexside")


def test_production_centres_get_their_own_styles():
    from generator.model.mapstyles import hex_feature_style

    assert [hex_feature_style(name) for name in ("factory", "mining_centre", "oilfield", "minor_port")] == [
        "industry", "mine", "oil", "port"]
