"""Two-sided markers (`back_side`): each face in its own side's colour (SotE: the VP and
initiative counters, one player's emblem on each side)."""

from __future__ import annotations

from checks import issues
from charts_game import context_for
from generator.components.counters.plan import marker_counter


def test_the_back_takes_the_back_sides_colour(areamini):
    areamini.write("markers.csv", "id,name,text,back_text,side,back_side\n"
                                  "initiative,Initiative,Blue,Red,blue,red\nround,Round,Round,,,\n")
    areamini.replace("game.yaml", "units: units.csv", "units: units.csv\nmarkers: markers.csv")
    game = context_for(areamini.path).game
    two_sided = marker_counter(game, game.marker_index["initiative"])
    assert (two_sided.front.colours.background, two_sided.back.colours.background) == ("#1f4e99", "#b3261e")
    assert (two_sided.front.lines, two_sided.back.lines) == (("Blue",), ("Red",))
    plain = marker_counter(game, game.marker_index["round"])
    assert plain.front.colours == plain.back.colours


def test_an_unknown_back_side_is_reported(areamini):
    areamini.write("markers.csv", "id,name,side,back_side\ninitiative,Initiative,blue,green\n")
    areamini.replace("game.yaml", "units: units.csv", "units: units.csv\nmarkers: markers.csv")
    assert issues(areamini, "ref") == [
        "areamini/markers.csv:2:4: error: ref.unknown-side: [back_side] unknown side 'green' (known: blue, red)"]
