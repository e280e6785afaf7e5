"""Every scenario of every sample game is a predefined set-up (File › New game) whose saved
game, read back as VASSAL reads it (tests/vassal_save.py), puts each piece where the data
does: each unit's and marker's point, put through VASSAL's own rules for the board it is on
(tests/vassal_grid.py: the hex numbering, the zones, the regions), is named with the hex,
area or box the scenario gives, and VASSAL's lookup of that name finds exactly that point;
the turn marker stands in its turn's box of the turn track, the markers that start on a
number track on their space, with the side's face of a two-sided marker. The saved game
also sets the turn tracker to the scenario's first turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.io.loader import load_game
from vassal_module import M, MAP, problems
from vassal_save import tracker

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = ["when-eagles-fight", "glorys-end", "great-war-near-east", "strike-of-the-eagle", "blitz-in-the-east"]

# Where each scenario's turn marker and number-track markers stand, as VASSAL names the place
# (the zone of the turn track's board), and the face each shows (1 front, 2 back).
# the record tracks' markers at their starts (WEF 10.9, GE 4.1 and 8.6, GWNE 3.1, Blitz S.0-S.3)
WEF_REPLACEMENTS = {m: ("Replacement steps 0", 1) for m in ("repl-de", "repl-ah", "repl-ru")}
GE_CAMPAIGN = {"vp-allied": ("Victory points -7", 1), "vp-german": ("Victory points 0", 1),
               **{m: ("Replacement steps available 0", 1) for m in ("repl-fr", "repl-de", "repl-bef")}}
BLITZ_AT_ZERO = {"axis-resources": ("Axis production track 0", 1), "axis-oil": ("Axis production track 0", 1),
                 "soviet-resources": ("Soviet production track 0", 1), "soviet-oil": ("Soviet production track 0", 1)}
TRACK_MARKERS = {
    ("when-eagles-fight", "historical"): {"game-turn": ("Turn 1 (Aug 1914)", 1), **WEF_REPLACEMENTS},
    ("when-eagles-fight", "free-setup"): {"game-turn": ("Turn 1 (Aug 1914)", 1), **WEF_REPLACEMENTS},
    ("when-eagles-fight", "plan-19"): {"game-turn": ("Turn 1 (Aug 1914)", 1), **WEF_REPLACEMENTS},
    ("when-eagles-fight", "schlieffen-east"): {"game-turn": ("Turn 1 (Aug 1914)", 1), **WEF_REPLACEMENTS},
    ("glorys-end", "marne"): {"game-turn": ("Turn 8 (4-6 Sep)", 1), "repl-fr": ("Replacement steps available 3", 1),
                              "repl-de": ("Replacement steps available 0", 1), "vp-allied": ("Victory points 0", 1),
                              "vp-german": ("Victory points 0", 1)},
    ("glorys-end", "free-setup"): {"game-turn": ("Turn 1 (14-16 Aug)", 1), **GE_CAMPAIGN},
    ("glorys-end", "short-campaign"): {"game-turn": ("Turn 1 (14-16 Aug)", 1), **GE_CAMPAIGN},
    ("glorys-end", "historical"): {"game-turn": ("Turn 1 (14-16 Aug)", 1), **GE_CAMPAIGN},
    ("great-war-near-east", "campaign"): {"game-turn": ("Turn Nov\u2009–\u2009Dec 1914", 1),  # thin spaces round the dash
                                          **{m: ("General record track 0", 1)
                                             for m in ("ts", "ru-rp", "br-rp", "tu-rp", "cp-vp", "reserve")}},
    ("strike-of-the-eagle", "battle-of-warsaw"): {
        "round": ("Round 5 (Aug 1920): Op. 1", 1),
        "initiative-north": ("North front initiative, Soviet Russia 3", 2),
        "initiative-south": ("South front initiative, Poland 1", 1),
        "vp": ("Victory points, Soviet Russia 2", 2)},
    ("strike-of-the-eagle", "kiev-offensive"): {
        "round": ("Round 1 (Apr 1920): Cards", 1),
        "initiative-south": ("South front initiative, Poland 2", 1),
        "vp": ("Victory points, Soviet Russia 1", 2)},
    ("blitz-in-the-east", "s0-dnieper"): {"turn": ("Turn 2 (Jul-Aug 1941)", 1), **BLITZ_AT_ZERO},
    ("blitz-in-the-east", "s1-blitz"): {"turn": ("Turn 1 (May-Jun 1941)", 1), **BLITZ_AT_ZERO},
    ("blitz-in-the-east", "s2-barbarossa"): {
        "turn": ("Turn 1 (May-Jun 1941)", 1), "axis-resources": ("Axis production track 3", 1),
        "axis-oil": ("Axis production track 2", 1), "soviet-resources": ("Soviet production track 0", 1),
        "soviet-oil": ("Soviet production track 0", 1)},
    ("blitz-in-the-east", "s3-campaign"): {
        "turn": ("Turn 1 (May-Jun 1941)", 1), "axis-resources": ("Axis production track 3", 1),
        "axis-oil": ("Axis production track 2", 1), "soviet-resources": ("Soviet production track 0", 1),
        "soviet-oil": ("Soviet production track 0", 1)},
}
DEFAULTS = {"when-eagles-fight": "historical", "glorys-end": "marne", "great-war-near-east": "campaign",
            "strike-of-the-eagle": "battle-of-warsaw", "blitz-in-the-east": "s0-dnieper"}


@pytest.fixture(scope="module", params=GAMES)
def sample(request, vassal_export):
    result, module = vassal_export(request.param)
    return load_game(DATA / request.param).game, result, module


def test_every_scenario_is_a_predefined_set_up_the_default_first(sample):
    game, result, module = sample
    setups = [s.get("file") for s in module.all(M + "PredefinedSetup")]
    expected = [DEFAULTS[game.spec.id]] + [s.scenario_id for s in game.scenarios if s.scenario_id != DEFAULTS[game.spec.id]]
    assert setups == [f"setup-{sid}.vsav" for sid in expected]
    assert result.scenarios == expected and result.not_placed == []
    assert not module.all(MAP + "SetupStack")  # nothing put on the maps but by a saved game
    assert problems(module) == []


def board_of(module, game, map_id: str) -> tuple[str, str]:
    """(the Map's name, the prefix VASSAL names its hexes with: a sheet's map name)."""
    for node in module.all(M + "Map"):
        image = next(node.iter(MAP + "boardPicker.Board")).get("image")
        if image == f"map-{map_id}.png":
            return node.get("mapName"), ""
        sheet = game.sheet_of_map.get(map_id)
        if sheet is not None and image == f"map-{sheet.id}.png":
            return node.get("mapName"), game.maps[map_id].title + " "
    raise AssertionError(f"no board shows map {map_id}")


def test_every_piece_of_every_scenario_stands_where_the_data_puts_it(sample):
    game, _, module = sample
    grids = module.grids()
    turn_track = next(node.get("mapName") for node in module.all(M + "Map")
                      if next(node.iter(MAP + "boardPicker.Board")).get("image") == "turn-track.png")
    checked = 0
    for scenario in game.scenarios:
        saved = module.saved_game(scenario.scenario_id)
        units = {p.properties().get("UnitId"): p for p in saved.pieces.values() if "UnitId" in p.properties()}
        markers: dict[str, list] = {}
        for piece in saved.pieces.values():
            if "MarkerId" in piece.properties():
                markers.setdefault(piece.properties()["MarkerId"], []).append(piece)
        assert len(units) == len(scenario.setup) == sum(1 for p in saved.pieces.values() if "UnitId" in p.properties())
        for placed in scenario.setup:
            piece = units[placed.unit_id]
            if placed.box:
                map_name = next(name for name, grid in grids.items()
                                if grid is not None and any(z.name == game.boxes[placed.box].name
                                                            for z in getattr(grid, "zones", ())))
                name = game.boxes[placed.box].name
            else:
                map_name, prefix = board_of(module, game, placed.map_id or scenario.map_id)
                name = prefix + placed.hex_id if placed.hex_id else \
                    next(a.name for a in game.areas if a.area_id == placed.area_id)
            grid = grids[piece.map_name]
            where = (scenario.scenario_id, placed.unit_id, name)
            assert piece.map_name == map_name, where
            assert grid.name(*piece.at) == name and grid.location(name) == piece.at, where
            if placed.hex_id:
                assert grid.snap(*piece.at) == piece.at, where  # where a piece dropped in the hex would stand
            if placed.steps is None:
                assert piece.level() == 1, where
            checked += 1
        expected = TRACK_MARKERS[(game.spec.id, scenario.scenario_id)]
        wanted: dict[str, list[str]] = {}  # marker -> where each copy goes (a marker may be set up several times)
        for placed in scenario.markers:
            if placed.marker_id in expected:
                name, level = expected[placed.marker_id]
                [piece] = markers[placed.marker_id]
                assert piece.map_name == turn_track, placed
                assert (grids[turn_track].name(*piece.at), piece.level()) == (name, level), placed
                continue
            assert placed.turn is None and placed.track is None, placed  # every turn and track marker is listed
            if placed.box:
                name = game.boxes[placed.box].name
            else:
                prefix = board_of(module, game, scenario.map_id)[1]
                name = prefix + placed.hex_id if placed.hex_id else \
                    next(a.name for a in game.areas if a.area_id == placed.area_id)
            wanted.setdefault(placed.marker_id, []).append(name)
        for marker_id, names in wanted.items():
            found = [grids[p.map_name].name(*p.at) for p in markers[marker_id]]
            assert sorted(found) == sorted(names), marker_id
            for piece, name in zip(markers[marker_id], found):
                assert grids[piece.map_name].location(name) == piece.at, (marker_id, name)
            checked += len(names)
        assert set(markers) == set(wanted) | {m for m in expected}  # no marker the scenario does not set up
        turns = game.spec.turn_track.turns
        level, [(current, active, _)] = tracker(saved.turn[1])
        assert turns[current].turn == scenario.start_turn
        assert [t.turn for t, on in zip(turns, active) if on] == \
            [t.turn for t in turns if scenario.start_turn <= t.turn <= scenario.end_turn]
    assert checked > {"when-eagles-fight": 60, "glorys-end": 100, "great-war-near-east": 50,
                      "strike-of-the-eagle": 60, "blitz-in-the-east": 200}[game.spec.id]



def test_a_marker_the_scenario_starts_on_its_back_shows_it(sample):
    """GWNE rule 6.5: the Central Powers' initiative marker starts West up, the Allies' East up
    (`face: back`); the two copies in the Initiative box show one face each."""
    game, _, module = sample
    if game.spec.id != "great-war-near-east":
        pytest.skip("the sample with a marker started on its back")
    saved = module.saved_game("campaign")
    levels = sorted(p.level() for p in saved.pieces.values() if p.properties().get("MarkerId") == "initiative")
    assert levels == [1, 2]
