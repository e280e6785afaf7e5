"""A map's background picture: registered to the grid (reference hexes or origin and size),
drawn under the layers its switches keep, warned about when a reference or the map's corners
fall outside it or it prints too coarse."""

from __future__ import annotations

import pytest

from checks import issues
from generator.components.mapparts.drawing import draw_map
from generator.io.loader import load_game
from generator.layout.primitives import Group, Image, Page, Text, Use
from generator.render.pdf import render_pdf
from pictures_helpers import placements, write_png

# The mini map: flat hexes 20 mm across; hex 0101's centre at (23.547, 32.0) mm and 0605's at
# (110.150, 102.0) mm of the grid (worked out from the hex size: columns 17.320 mm apart,
# rows 20 mm apart, odd columns half a row up, a 12 mm margin).
BACKGROUND = """    background:
      image: art/painted.png
      register: {points: {"0101": [100, 100], "0605": [1000, 800]}}
"""


def _with_background(mini, register=None, layers="", size=(1200, 1000)):
    write_png(mini.path / "art/painted.png", *size, colour=(120, 160, 90))
    text = BACKGROUND if register is None else BACKGROUND.replace(
        '{points: {"0101": [100, 100], "0605": [1000, 800]}}', register)
    mini.replace("game.yaml", "    default_region: blueland\n", "    default_region: blueland\n" + text + layers)
    return mini


def _drawing(mini):
    game = load_game(mini.path).game
    return draw_map(game, game.maps["main"])


def _background_group(drawing):
    groups = [item for item in drawing.items if isinstance(item, Group) and item.clip is not None
              and any(isinstance(inner, Group) and any(isinstance(i, Image) for i in inner.items)
                      for inner in item.items)]
    assert len(groups) == 1
    return groups[0]


def test_reference_hexes_put_their_pixels_on_the_hex_centres(mini):
    drawing = _drawing(_with_background(mini))
    clip_group = _background_group(drawing)
    (placed,) = clip_group.items
    to_mm = placed.transform
    x, y = to_mm.apply(100, 100)
    assert (round(x, 3), round(y, 3)) == (23.547, 32.0)
    x, y = to_mm.apply(1000, 800)
    assert (round(x, 3), round(y, 3)) == (110.15, 102.0)
    # clipped to the map's body: the grid's area with its margin
    assert (clip_group.clip.x_mm, clip_group.clip.y_mm) == (0.0, 0.0)


def test_the_pdf_draws_the_background_where_the_registration_says(mini):
    drawing = _drawing(_with_background(mini))
    pdf = render_pdf([Page(drawing.width_mm, drawing.height_mm, drawing.items, drawing.symbols)], title="t")
    (image,) = [p for p in placements(pdf) if p[1] == "/Image"]
    # two references 900 px and 86.603 mm apart across, 700 px and 70 mm down: a similarity
    # (scale and rotation from the pair); pixel (0, 0) lands left of and above 0101's centre
    left, top, right, bottom = image[2]
    assert right - left > 100 and bottom - top > 90
    assert left < 23.547 < right and top < 32.0 < bottom


def test_terrain_is_off_over_a_background_and_other_layers_switch(mini):
    plain = _drawing(mini)
    assert any(isinstance(i, Use) and i.symbol_id.startswith("terrain") for i in plain.items)
    drawing = _drawing(_with_background(mini, layers="      layers: {numbers: false}\n"))
    uses = [i for i in drawing.items if isinstance(i, Use)]
    assert not [u for u in uses if u.symbol_id.startswith("terrain")]
    texts = {t.text for t in drawing.items if isinstance(t, Text)}
    assert "0101" not in texts and "0605" not in texts
    assert "Blueton" in texts  # names stay on


def test_layers_can_bring_the_terrain_back(mini):
    drawing = _drawing(_with_background(mini, layers="      layers: {terrain: true}\n"))
    assert any(isinstance(i, Use) and i.symbol_id.startswith("terrain") for i in drawing.items)


def test_a_reference_outside_the_picture_is_warned_about(mini):
    _with_background(mini, register='{points: {"0101": [100, 100], "0605": [1000, 1800]}}')
    found = issues(mini, "image.background")  # the map's corners then fall outside too (73:7)
    assert len(found) == 2 and found[0].startswith("mini/game.yaml:73:7: warning: image.background: the background")
    assert found[1] == ("mini/game.yaml:73:47: warning: image.background: reference hex '0605' is at pixel "
                        "(1000, 1800), outside the 1200 x 1000 picture 'art/painted.png'")


def test_a_picture_short_of_the_map_is_warned_about(mini):
    # 2.5 pixels a mm (a hex 20 mm across is 50 px), 0101's centre (23.547, 32) mm at (100, 100):
    # the map's corner (0, 0) at (100 - 58.87, 100 - 80) = (41, 20); the body is 133.697 x 134 mm,
    # so its far corner falls at (41 + 334.24, 20 + 335) = (375, 355)
    _with_background(mini, register="{origin: [100, 100], hex_size_px: 50}", size=(300, 300))
    assert issues(mini, "image.background") == [
        "mini/game.yaml:73:7: warning: image.background: the background 'art/painted.png' does not cover the whole "
        "map: the map's corners fall at pixels (41, 20), (41, 355), (375, 20), (375, 355) of a 300 x 300 "
        "picture; its edges show the paper"]


def test_origin_and_dpi_register_a_picture_of_the_printed_map(mini):
    # a picture of the map at 300 dpi: 0101's centre at 23.547 mm x 300 / 25.4 = 278.1 px
    _with_background(mini, register="{origin: [278.1, 377.95], dpi: 300}", size=(1600, 1600))
    assert issues(mini, "image") == []
    drawing = _drawing(mini)
    (placed,) = _background_group(drawing).items
    x, y = placed.transform.apply(278.1, 377.95)
    assert (round(x, 2), round(y, 2)) == (23.55, 32.0)
    assert round(placed.transform.a, 5) == round(25.4 / 300, 5)


def test_a_coarse_background_is_warned_about(mini):
    _with_background(mini, register="{origin: [92.7, 126], dpi: 100}", size=(600, 600))  # covers the map
    assert issues(mini, "image.resolution") == [
        "mini/game.yaml:72:7: warning: image.resolution: the background 'art/painted.png' prints at 100 dpi, "
        "under 150"]


def test_a_registration_that_cannot_be_made_is_an_error(mini):
    _with_background(mini, register='{points: {"0101": [100, 100], "0101x": [1000, 800]}}')
    found = issues(mini, "image.background")
    # at the reference itself: the 47th character of the `register:` line
    assert len(found) == 1 and found[0].startswith("mini/game.yaml:73:47: error: image.background: the background "
                                                   "cannot be registered: reference hex '0101x'")


@pytest.mark.parametrize("component", ["map"])
def test_the_background_is_in_the_built_map(mini, tmp_path, component):
    from generator.build.runner import build_game

    _with_background(mini)
    build_game(mini.path, tmp_path / "out", {"only": (component,)})
    svg = (tmp_path / "out/mini/en/map-main.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1


def test_two_hexes_on_one_pixel_are_an_error_not_a_failure(mini):
    _with_background(mini, register='{points: {"0101": [100, 100], "0605": [100, 100]}}')
    assert issues(mini, "image.background") == [
        "mini/game.yaml:73:7: error: image.background: the background cannot be registered: the two reference "
        "hexes are at the same pixel"]
    assert not any(isinstance(i, Group) and i.clip is not None for i in _drawing(mini).items
                   if isinstance(i, Group) and any(isinstance(g, Group) and any(isinstance(x, Image) for x in g.items)
                                                   for g in i.items))


def test_an_area_layer_on_a_hex_map_is_refused(mini):
    _with_background(mini, layers="      layers: {links: false, numbers: false}\n")
    assert issues(mini, "game") == [
        "mini/game.yaml:65:5: error: game.schema: maps[0]: background: layers 'links': for area maps, "
        "not for a hex map"]
