"""The turn track as a map of the module: its board is the printed track (the turn-track
component's drawing, bare of any scenario's pieces), with a zone per turn box — per space of
a turn's phase on a tracking sheet — and per space of each number track, named as a player
would say it; the zones lie where the image draws the boxes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from vassal_grid import Zoned
from vassal_module import GRID, M, MAP, Module


def track_map(module: Module):
    maps = module.all(M + "Map")
    node = next(m for m in maps if next(m.iter(MAP + "boardPicker.Board")).get("image") == "turn-track.png")
    board = next(node.iter(MAP + "boardPicker.Board"))
    return node, board, Zoned.from_xml(board.find(GRID + "ZonedGrid"), board)


def rect(zone) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_turn_track_is_a_map_opened_from_the_toolbar_with_a_zone_per_turn(vassal_export):
    _, module = vassal_export("glorys-end")
    node, board, zoned = track_map(module)
    assert (node.get("mapName"), node.get("launch"), node.get("buttonName")) == ("Turn track", "true", "Turn track")
    assert zoned.background is None  # pieces go where they are dropped
    names = [zone.name for zone in zoned.zones]
    assert len(names) == 30
    assert names[:3] == ["Turn 1 (14-16 Aug)", "Turn 2 (17-19 Aug)", "Turn 3 (20-22 Aug)"]
    assert names[29] == "Turn 30 (9-11 Nov)"
    assert all(zone.location_format == "$name$" for zone in zoned.zones)
    width, height = int(board.get("width")), int(board.get("height"))
    boxes = [rect(zone) for zone in zoned.zones]
    for index, (left, top, right, bottom) in enumerate(boxes):
        assert 0 <= left < right <= width and 0 <= top < bottom <= height
        for other in boxes[index + 1:]:  # no point in two zones
            assert left >= other[2] or other[0] >= right or top >= other[3] or other[1] >= bottom
    # eight boxes a row, in turn order, left to right, then down
    assert [b[1] for b in boxes[:8]] == [boxes[0][1]] * 8 and boxes[8][1] > boxes[0][3] - 1
    assert [b[0] for b in boxes[:8]] == sorted(b[0] for b in boxes[:8])


def test_the_image_draws_each_turn_box_where_its_zone_is(vassal_export):
    """Each box's border runs along its zone's edges: dark pixels on the zone's left and
    right edges half way down, paper a few pixels inside."""
    _, module = vassal_export("glorys-end")
    _, board, zoned = track_map(module)
    image = Image.open(io.BytesIO(module.image(board.get("image")))).convert("L")
    assert image.size == (int(board.get("width")), int(board.get("height")))
    for zone in zoned.zones:
        left, top, right, bottom = rect(zone)
        middle = (top + bottom) // 2
        assert min(image.getpixel((x, middle)) for x in range(left - 1, left + 2)) < 100, zone.name
        assert min(image.getpixel((x, middle)) for x in range(right - 2, right + 1)) < 100, zone.name
        assert image.getpixel((left + 4, bottom - 4)) > 200, zone.name


def test_a_tracking_sheet_has_a_zone_per_turn_and_phase_and_per_number_track_space(vassal_export):
    _, module = vassal_export("strike-of-the-eagle")
    node, _, zoned = track_map(module)
    assert node.get("mapName") == "Game tracking sheet"  # the game's own name for its track
    names = [zone.name for zone in zoned.zones]
    phases = ["Cards", "Op. 1", "Op. 2", "Op. 3", "Op. 4", "Op. 5", "Reinf."]
    assert names[:7] == [f"Round 1 (Apr 1920): {p}" for p in phases]
    assert names[7 * 7 - 1] == "Round 7 (Oct 1920): Reinf."
    assert not any(name.startswith("Round") and ":" not in name for name in names)  # no whole-round zone over them
    tracks = names[7 * 7:]
    assert tracks[:7] == ["North front initiative, Poland 1", "North front initiative, Poland 2",
                          "North front initiative, Poland 3", "North front initiative, Poland 4",
                          "North front initiative, Poland 5", "North front initiative, Poland 6",
                          "North front initiative, Soviet Russia 1"]
    assert len(tracks) == 12 + 12 + 40 and tracks[-1] == "Victory points, Soviet Russia 20"


def test_number_tracks_of_a_turn_track_get_a_zone_per_value(vassal_export):
    _, module = vassal_export("blitz-in-the-east")
    _, _, zoned = track_map(module)
    names = [zone.name for zone in zoned.zones]
    axis = [n for n in names if n.startswith("Axis production track ")]
    assert axis[0] == "Axis production track 0" and len(axis) == len(set(axis)) > 5
    assert "Soviet production track 0" in names


@pytest.mark.parametrize("game, name, first", [("glorys-end", "Registro de turnos", "Turno 1 (14-16 ago)"),
                                               ("strike-of-the-eagle", "Hoja de seguimiento", "Ronda 1 (abr 1920): ")])
def test_the_turn_track_speaks_the_modules_language(game, name, first, vassal_export):
    _, module = vassal_export(game, "es")
    node, _, zoned = track_map(module)
    assert node.get("mapName") == name
    assert zoned.zones[0].name.startswith(first)


def test_a_marker_that_starts_on_a_number_track_stands_on_its_space(mini, tmp_path):
    """A game's own track (victory points 0-5) under the turn track: the scenario's marker on
    its space 2, named and found there; the game turn marker in its turn's box."""
    from generator.export.vassal import export_vassal

    mini.replace("game.yaml", "turn_track:\n  turns:",
                 "turn_track:\n  tracks:\n    - {id: vp, name: Victory points, first: 0, last: 5}\n  turns:")
    mini.append("scenarios/opening.yaml", "markers:\n  - {marker: control-red, track: vp, value: 2}\n"
                                          "  - {marker: turn, turn: 2}")
    result = export_vassal(mini.path, tmp_path / "out", None, ("en",))
    assert result.not_placed == []
    module = Module(result.modules["en"].read_bytes())
    _, _, zoned = track_map(module)
    assert [z.name for z in zoned.zones][4:] == [f"Victory points {n}" for n in range(6)]
    saved = module.saved_game("opening")
    where = {p.properties()["MarkerId"]: (p.map_name, zoned.name(*p.at), zoned.location(zoned.name(*p.at)) == p.at)
             for p in saved.pieces.values() if "MarkerId" in p.properties()}
    assert where == {"control-red": ("Turn track", "Victory points 2", True),
                     "turn": ("Turn track", "Turn 2 (Summer)", False)}  # in the box's counter space, not its centre


def test_a_record_tracks_spaces_in_a_map_box_are_zones_found_before_the_box():
    """A track printed in a box of a map's panel: its spaces are zones listed before the
    box's, so VASSAL (the first zone holding a point) names a point on a space by the space,
    elsewhere in the box by the box."""
    import xml.etree.ElementTree as ET

    from generator.components.mapparts.drawing import MapDrawing
    from generator.export.vassal.boards import Board, add_map
    from generator.export.vassal.hexgrid import BoardScale

    boxes = (("vp-track", (10.0, 10.0, 60.0, 30.0)), ("track:vp::1", (12.0, 20.0, 8.0, 8.0)),
             ("track:vp::2", (20.0, 20.0, 8.0, 8.0)))
    drawing = MapDrawing("m", "m", 100.0, 50.0, (), (), (0.0, 0.0, 100.0, 50.0), boxes)
    board = Board("Map", "map-m.png", drawing, BoardScale(10.0, (0.0, 0.0), (1000, 500)), {})
    board.box_names = {"vp-track": "Victory point track", "track:vp::1": "Victory points 1",
                       "track:vp::2": "Victory points 2"}
    root = ET.Element("root")
    add_map(root, board, main=True)
    node = root.find(f"{M}Map/{MAP}BoardPicker/{MAP}boardPicker.Board")
    zoned = Zoned.from_xml(node.find(GRID + "ZonedGrid"), node)
    assert [z.name for z in zoned.zones] == ["Victory points 1", "Victory points 2", "Victory point track"]
    assert zoned.name(160, 240) == "Victory points 1" and zoned.name(240, 240) == "Victory points 2"
    assert zoned.name(500, 150) == "Victory point track"
    assert zoned.location("Victory points 2") == (240, 240)
