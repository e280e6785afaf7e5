"""Which hexes of a map a place holds, worked out for a whole map at once
(`validation/places.held_in`, as the entry codes of arrivals ask it): the same hexes, in the
same order, as asking `holds` of every hex.

The hex mini game (tests/fixtures/mini) is 6 columns (west to east) by 5 rows (north to
south), hex ids CCRR; its region is blueland but for 0504 and 0505 (redland) and 0601
(neutralia); 0101 and 0505 are cities; 0404 is sea, and the land around it is coastal
(0303, 0304, 0403, 0405, 0503, 0504)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.io.loader import load_game
from generator.model.restrictions import Place
from generator.validation.places import Spot, held_in, holds
from generator.validation.standings import entries

ROOT = Path(__file__).resolve().parent.parent
MINI = load_game(ROOT / "tests" / "fixtures" / "mini").game


def _held(place: dict, names=None) -> list[str]:
    return held_in(MINI, Place.model_validate(place), "main", sorted(entries(MINI, "main")) if names is None else names)


@pytest.mark.parametrize("place, expected", [
    ({"edges": ["east"]}, ["0601", "0602", "0603", "0604", "0605"]),
    ({"edges": ["north", "west"]}, ["0101", "0102", "0103", "0104", "0105", "0201", "0301", "0401", "0501", "0601"]),
    ({"hexes": ["0203-0304"]}, ["0203", "0204", "0303", "0304"]),
    ({"hexes": ["0304-0203", "0606"]}, ["0203", "0204", "0303", "0304"]),  # either way round; 0606 is off the map
    ({"hexes": ["0101", "0505"]}, ["0101", "0505"]),
    ({"coastal": True}, ["0303", "0304", "0403", "0405", "0503", "0504"]),
    ({"coastal": True, "hexes": ["0401-0505"]}, ["0403", "0405", "0503", "0504"]),
    ({"coastal": True, "edges": ["east"]}, []),
    ({"regions": ["redland"]}, ["0504", "0505"]),
    ({"regions": ["blueland"], "edges": ["east"]}, ["0602", "0603", "0604", "0605"]),
    ({"features": ["city"]}, ["0101", "0505"]),
    ({"terrain": ["sea"], "coastal": True}, []),
    ({"areas": ["0202", "0101", "9999"]}, ["0101", "0202"]),
    ({"hexes": ["0101-0205"], "beyond": [{"row": 3, "side": "south"}]}, ["0104", "0105", "0204", "0205"]),
    ({"boxes": ["pool"]}, []),
])
def test_the_hexes_a_place_holds(place, expected):
    assert _held(place) == expected


def test_the_names_keep_the_order_they_are_given_in():
    assert _held({"edges": ["east"]}, ["0605", "0101", "0601"]) == ["0605", "0601"]


def _places(game):
    """Every place the game's entry codes and restrictions name."""
    for code in game.entry_codes.values():
        if code.place is not None:
            yield code.place
    for restriction in game.spec.restrictions:
        yield from restriction.only_in or ()
        yield from restriction.never_in or ()


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").exists()))
def test_the_sample_games_places_hold_what_holds_says(game):
    loaded = load_game(ROOT / "data" / game).game
    places = list(_places(loaded))
    assert places  # every sample game names some
    for map_id in loaded.maps:
        names = sorted(entries(loaded, map_id))
        for place in places:
            assert held_in(loaded, place, map_id, names) == [n for n in names if holds(loaded, place, Spot(map_id, n))]
