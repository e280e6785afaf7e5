"""A painted board under an area map: registered by reference areas (an area's id with the
pixel of its centre) or by the pixel of the board's top-left corner with a resolution and a
rotation; drawn under the layers its switches keep; checked like a hex map's background."""

from __future__ import annotations

from checks import issues
from generator.components.mapparts.areadrawing import draw_area_map
from generator.io.loader import load_game
from generator.layout.primitives import Circle, Group, Image, Path, Rect, Text
from pictures_helpers import image_objects, write_png

# The area fixture's board is 260 x 180 mm; bluetown's centre is at (40, 40) mm, redtown's at
# (225, 95), pass's at (60, 130) (tests/fixtures/areamini/map/areas.csv). A picture of the
# board at 10 pixels a mm puts them at (400, 400), (2250, 950) and (600, 1300).
TEN_PX_A_MM = "{points: {bluetown: [400, 400], redtown: [2250, 950]}}"


def _with_background(areamini, register=TEN_PX_A_MM, layers="", size=(2700, 1900)):
    write_png(areamini.path / "art/board.png", *size, colour=(150, 170, 120))
    text = f"    background:\n      image: art/board.png\n      register: {register}\n{layers}"
    areamini.replace("game.yaml", "    default_region: north\n", "    default_region: north\n" + text)
    return areamini


def _drawing(areamini):
    loaded = load_game(areamini.path)
    assert loaded.game is not None, [i.format() for i in loaded.report.issues]
    return draw_area_map(loaded.game, loaded.game.maps["land"])


def _background(drawing):
    found = [item for item in drawing.items if isinstance(item, Group) and item.clip is not None
             and any(isinstance(inner, Group) and any(isinstance(i, Image) for i in inner.items)
                     for inner in item.items)]
    assert len(found) == 1
    return found[0]


def _mm(transform, x, y):
    px, py = transform.apply(x, y)
    return round(px, 3), round(py, 3)


def test_reference_areas_put_their_pixels_on_the_areas_centres(areamini):
    clip = _background(_drawing(_with_background(areamini)))
    (placed,) = clip.items
    assert _mm(placed.transform, 400, 400) == (40.0, 40.0)
    assert _mm(placed.transform, 2250, 950) == (225.0, 95.0)
    assert _mm(placed.transform, 600, 1300) == (60.0, 130.0)  # an area not given lands too
    # clipped to the board
    assert (clip.clip.x_mm, clip.clip.y_mm, clip.clip.width_mm, clip.clip.height_mm) == (0.0, 0.0, 260.0, 180.0)


def test_three_reference_areas_fit_a_skewed_scan(areamini):
    # a scan 10 px a mm across and 12 px a mm down: pass (60, 130) at (600, 1560)
    register = "{points: {bluetown: [400, 480], redtown: [2250, 1140], pass: [600, 1560]}}"
    (placed,) = _background(_drawing(_with_background(areamini, register, size=(2700, 2200)))).items
    assert _mm(placed.transform, 1100, 420) == (110.0, 35.0)  # ford's centre


def test_the_origin_is_the_boards_top_left_corner_turned_by_the_rotation(areamini):
    # 254 dpi is 10 px a mm; turned 90 degrees clockwise, the board's x runs down the picture
    # and its y leftwards from the corner's pixel (1850, 50): bluetown (40, 40) at (1450, 450)
    _with_background(areamini, "{origin: [1850, 50], dpi: 254, rotation: 90}", size=(1900, 2700))
    assert issues(areamini, "image") == []
    (placed,) = _background(_drawing(areamini)).items
    assert _mm(placed.transform, 1850, 50) == (0.0, 0.0)
    assert _mm(placed.transform, 1450, 450) == (40.0, 40.0)


def test_area_fills_are_off_over_a_background_and_the_other_layers_switch(areamini):
    plain = _drawing(areamini)
    shapes = [i for i in plain.items if isinstance(i, (Rect, Circle)) and i.style.stroke == "#6a4b78"]
    assert shapes and all(s.style.fill is not None for s in shapes)  # the north front's areas, filled
    drawing = _drawing(_with_background(areamini))
    shapes = [i for i in drawing.items if isinstance(i, (Rect, Circle)) and i.style.stroke == "#6a4b78"]
    assert len(shapes) == 3 and all(s.style.fill is None for s in shapes)  # bluetown, ford, hill: outlines only
    texts = {t.text for t in drawing.items if isinstance(t, Text)}
    assert {"Bluetown", "Hill Fort", "Redtown"} <= texts


def test_links_names_and_outlines_switch_off(areamini):
    plain = _drawing(_with_background(areamini))
    lines = len([i for i in plain.items if isinstance(i, Path)])
    areamini.replace("game.yaml", f"      register: {TEN_PX_A_MM}\n",
                     f"      register: {TEN_PX_A_MM}\n      layers: {{links: false, names: false, areas: false}}\n")
    drawing = _drawing(areamini)
    assert len([i for i in drawing.items if isinstance(i, Path)]) < lines
    texts = {t.text for t in drawing.items if isinstance(t, Text)}
    assert "Bluetown" not in texts and "Redtown" not in texts
    assert not [i for i in drawing.items if isinstance(i, (Rect, Circle)) and i.style.stroke == "#6a4b78"]


def test_a_hex_layer_on_an_area_map_is_refused(areamini):
    _with_background(areamini, layers="      layers: {grid: false}\n")
    assert issues(areamini, "game") == [
        "areamini/game.yaml:47:5: error: game.schema: maps[0]: background: layers 'grid': for hex maps, "
        "not for an area map"]


def test_a_hex_size_on_an_area_map_is_refused(areamini):
    _with_background(areamini, "{origin: [0, 0], hex_size_px: 40}")
    assert issues(areamini, "game") == [
        "areamini/game.yaml:47:5: error: game.schema: maps[0]: background: register 'hex_size_px' (an area map's "
        "origin takes 'dpi'): for hex maps, not for an area map"]


def test_an_unknown_reference_area_is_an_error_at_its_key(areamini):
    _with_background(areamini, "{points: {bluetown: [400, 400], redtwn: [2250, 950]}}")
    assert issues(areamini, "image.background") == [
        "areamini/game.yaml:56:49: error: image.background: the background cannot be registered: reference area "
        "'redtwn' is not an area of the map"]


def test_references_on_one_pixel_cannot_register(areamini):
    _with_background(areamini, "{points: {bluetown: [400, 400], pass: [400, 400], ford: [400, 400]}}")
    assert issues(areamini, "image.background") == [
        "areamini/game.yaml:56:7: error: image.background: the background cannot be registered: the reference "
        "areas' pixels lie on one line; the picture cannot be placed"]
    _drawing(areamini)  # drawn without the picture, no failure


def test_two_references_on_one_pixel_cannot_register(areamini):
    _with_background(areamini, "{points: {bluetown: [400, 400], pass: [400, 400]}}")
    assert issues(areamini, "image.background") == [
        "areamini/game.yaml:56:7: error: image.background: the background cannot be registered: the two reference "
        "areas are at the same pixel"]


def test_a_reference_outside_the_picture_is_warned_about(areamini):
    _with_background(areamini, "{points: {bluetown: [400, 400], redtown: [2250, 950]}}", size=(2000, 1900))
    assert issues(areamini, "image.background") == [
        "areamini/game.yaml:56:7: warning: image.background: the background 'art/board.png' does not cover the "
        "whole map: the map's corners fall at pixels (0, 0), (0, 1800), (2600, 0), (2600, 1800) of a 2000 x 1900 "
        "picture; its edges show the paper",
        "areamini/game.yaml:56:49: warning: image.background: reference area 'redtown' is at pixel (2250, 950), "
        "outside the 2000 x 1900 picture 'art/board.png'"]


def test_a_coarse_board_is_warned_about(areamini):
    # 100 dpi: the 260 x 180 mm board is 1024 x 709 px
    _with_background(areamini, "{origin: [0, 0], dpi: 100}", size=(1030, 710))
    assert issues(areamini, "image") == [
        "areamini/game.yaml:55:7: warning: image.resolution: the background 'art/board.png' prints at 100 dpi, "
        "under 150"]


def test_the_built_map_tiles_and_setup_charts_hold_the_picture_once(areamini, tmp_path):
    from generator.build.runner import build_game

    _with_background(areamini)
    build_game(areamini.path, tmp_path / "out", {"only": ("map", "setup")})
    out = tmp_path / "out/areamini/en"
    svg = (out / "map-land.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1
    for name in ("map-land.pdf", "map-land-tiles-A4.pdf"):
        (picture,) = image_objects((out / name).read_bytes())  # one image XObject, however many tiles
        assert (picture["/Width"], picture["/Height"]) == (2700, 1900)
    setup = sorted(out.glob("setup-*.pdf"))
    assert setup and all(len(image_objects(p.read_bytes())) == 1 for p in setup)
