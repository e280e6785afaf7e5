"""Registration of a picture to the hex grid, and tracing terrain off a picture the test
paints itself from a sample map (rotated, scaled, blurred, noisy, JPEG) with known terrain."""

from __future__ import annotations

import io
import math
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter
from typer.testing import CliRunner

from generator.cli.app import app
from generator.geometry.hexgrid import HexGrid
from generator.geometry.mapgrid import grid_for
from generator.geometry.registration import Registration, from_points, parse_registration, register
from generator.io.loader import load_game
from generator.io.textmap import read_text_map
from generator.maptools.trace import trace
from generator.model.registration import ImageRegistration
from generator.validation.report import Report

DATA = Path(__file__).parent.parent / "data"
COLOURS = {"clear": "#e8e0c0", "forest": "#3f7f3a", "mountain": "#9a7a5a", "sea": "#5a8fc8", "swamp": "#7a9a8a"}


def test_origin_size_and_rotation():
    grid = HexGrid(orientation="flat", columns=10, rows=8, size_mm=20, margin_mm=10)
    reg = register(ImageRegistration(origin=(100, 50), hex_size_px=40, rotation=90), grid)
    assert reg.hex_centre_px(grid, 1, 1) == pytest.approx((100, 50))
    # the next hex down (+20 mm on the page) is 40 px to the left once turned a quarter clockwise
    assert reg.hex_centre_px(grid, 1, 2) == pytest.approx((60, 50))
    assert reg.pixels_per_mm == pytest.approx(2.0)


def test_dpi_gives_the_scale():
    grid = HexGrid(orientation="pointy", columns=4, rows=4, size_mm=25.4)
    reg = register(ImageRegistration(origin=(0, 0), dpi=300), grid)
    assert reg.pixels_per_mm * 25.4 == pytest.approx(300)


def test_three_points_fit_a_skewed_scan_and_report_their_misfit():
    truth = Registration(3.0, 0.2, 15.0, -0.1, 2.8, 40.0)
    pairs = [((x, y), truth.to_pixel(x, y)) for x, y in [(10, 10), (200, 20), (30, 150), (180, 160)]]
    fitted = from_points(pairs)
    assert (fitted.a, fitted.b, fitted.c, fitted.d, fitted.e, fitted.f) == pytest.approx((3.0, 0.2, 15.0, -0.1, 2.8, 40.0))
    assert fitted.residual_px == pytest.approx(0, abs=1e-6) and fitted.references == 4
    nudged = pairs[:3] + [(pairs[3][0], (pairs[3][1][0] + 8, pairs[3][1][1]))]
    # the fourth point 8 px off in x: the misfit left is that error's share along the one
    # combination of the four points an affine map cannot absorb, n = (0.803, -0.788, -1.015, 1)
    # (n sums to 0 against 1, x and y): 8 * |n4| / |n| = 8 / sqrt(3.296) = 4.406 px in all,
    # an RMS over four points of 4.406 / 2 = 2.203 px
    assert from_points(nudged).residual_px == pytest.approx(2.203, abs=0.001)
    three = from_points(nudged[:2] + [nudged[3]])
    assert three.residual_px == 0.0 and three.references == 3  # three points always fit: no misfit to show


def _traced_lines(references: int, residual: float, hex_px: float = 60.0) -> list[str]:
    from generator.maptools.trace import Traced

    registration = Registration(1, 0, 0, 0, 1, 0, residual, references)
    return Traced("main", (), 0.6, registration, hex_px=hex_px).lines()


def test_the_trace_says_what_the_reference_hexes_show():
    assert _traced_lines(3, 0.0)[1] == ("registration: three reference hexes fix the grid exactly; a fourth would "
                                        "show whether they agree (a mistyped pixel is otherwise unseen)")
    assert _traced_lines(4, 5.9)[1:] == ["registration: the 4 reference hexes agree within 5.9 px (RMS)"]
    assert _traced_lines(5, 6.6)[1:] == [
        "registration: the 5 reference hexes agree within 6.6 px (RMS)",
        "warning: the reference hexes disagree by 7 px, 11% of a hex: a pixel typed wrong, x and y swapped or the "
        "wrong hex named? The hexes may be sampled off their centres"]
    assert _traced_lines(2, 0.0)[1:] == [] and _traced_lines(0, 0.0)[1:] == []


def test_a_mistyped_fourth_reference_hex_is_warned_of(painted, tmp_path):
    picture, _, points = painted
    game = load_game(DATA / "when-eagles-fight").game
    grid = grid_for(game.spec.maps[0].grid)
    x, y = points["1038"]
    swapped = dict(points, **{"4238": (y, x)})  # a fourth hex with its x and y swapped
    register_text = " ".join(f"{h}={px},{py}" for h, (px, py) in swapped.items())
    colours = tmp_path / "colours.yaml"
    colours.write_text("".join(f"{k}: '{v}'\n" for k, v in COLOURS.items()), encoding="utf-8")
    result = CliRunner().invoke(app, ["map", "trace", str(DATA / "when-eagles-fight"), "--image", str(picture),
                                      "--register", register_text, "--colours", str(colours),
                                      "--out", str(tmp_path / "t.txt")])
    assert grid.contains(*grid.parse_id("4238"))
    assert "registration: the 4 reference hexes agree within" in result.output
    assert "warning: the reference hexes disagree by" in result.output


def test_two_points_give_scale_and_rotation():
    fitted = from_points([((0, 0), (10, 10)), ((10, 0), (10, 30))])
    assert fitted.rotation_deg == pytest.approx(90)
    assert fitted.pixels_per_mm == pytest.approx(2)


@pytest.mark.parametrize("text, message", [
    ("0101=1,1 0301=5,5 0501=9,9", "lie on one line"),
    ("0101=1,1", "at least two reference points"),
    ("origin=5,5", "give one of 'hex_size_px' or 'dpi'"),
    ("0101=1,x", "expected numbers"),
])
def test_bad_registrations_say_why(text, message):
    grid = HexGrid(orientation="flat", columns=10, rows=8, size_mm=20)
    with pytest.raises(ValueError, match=message):
        register(parse_registration(text), grid)


def test_a_registration_off_the_map_is_refused():
    grid = HexGrid(orientation="flat", columns=10, rows=8, size_mm=20)
    with pytest.raises(ValueError, match="not on the map"):
        register(parse_registration("0101=1,1 2020=50,50"), grid)


@pytest.fixture(scope="module")
def painted(tmp_path_factory):
    """When Eagles Fight's map painted from its hexes: turned 1.5°, 6 px a mm, grid lines,
    names in the hexes, a blur, noise, saved as JPEG. Returns (picture, truth, points)."""
    game = load_game(DATA / "when-eagles-fight").game
    grid = grid_for(game.spec.maps[0].grid)
    angle = math.radians(1.5)
    reg = Registration(6 * math.cos(angle), -6 * math.sin(angle), 40, 6 * math.sin(angle), 6 * math.cos(angle), 25)
    width, height = int(grid.width_mm * 6) + 80, int(grid.height_mm * 6) + 80
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    for hex_ in game.hexes:
        col, row = grid.parse_id(hex_.hex_id)
        draw.polygon(reg.hex_corners_px(grid, col, row), fill=COLOURS[hex_.terrain], outline="#333333", width=2)
        if hex_.name:
            x, y = reg.hex_centre_px(grid, col, row)
            draw.text((x - 12, y - 4), hex_.name[:6], fill="black")
    image = image.filter(ImageFilter.GaussianBlur(1))
    noisy = np.asarray(image).astype(np.float32) + np.random.default_rng(7).normal(0, 14, (height, width, 3))
    path = tmp_path_factory.mktemp("trace") / "scan.jpg"
    Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8)).save(path, quality=80)
    # reference hexes as a designer would click them: to the nearest pixel, a pixel or two off
    points = {h: tuple(round(v) + 1 for v in reg.hex_centre_px(grid, *grid.parse_id(h))) for h in ("1001", "4201", "1038")}
    return path, {h.hex_id: h.terrain for h in game.hexes}, points


def test_tracing_a_painted_scan_reads_every_hex(painted, tmp_path):
    picture, truth, points = painted
    colours = tmp_path / "colours.yaml"
    colours.write_text("".join(f"{k}: '{v}'\n" for k, v in COLOURS.items()), encoding="utf-8")
    out = tmp_path / "traced.txt"
    register_text = " ".join(f"{h}={x},{y}" for h, (x, y) in points.items())
    result = CliRunner().invoke(app, ["map", "trace", str(DATA / "when-eagles-fight"), "--image", str(picture),
                                      "--register", register_text, "--colours", str(colours), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "traced 1254 hexes of map 'main'" in result.output
    assert "warning" not in result.output  # noise averages out: no shift of the colours
    game = load_game(DATA / "when-eagles-fight").game
    hexes, _ = read_text_map(out, "traced.txt", game.spec, game.spec.maps[0], Report())
    right = sum(truth[h.hex_id] == h.terrain for h in hexes)
    assert len(hexes) == 1254
    assert right / 1254 >= 0.99, f"accuracy {right / 1254:.3f}"
    overlay = Image.open(out.with_suffix(".overlay.png"))
    assert overlay.size[0] > 1000


def test_doubtful_hexes_are_the_ones_painted_over(painted):
    """A blot of ink over three hexes: they come out doubtful, the rest sure."""
    picture, truth, points = painted
    game = load_game(DATA / "when-eagles-fight").game
    map_spec = game.spec.maps[0]
    grid = grid_for(map_spec.grid)
    reg = register(ImageRegistration(points=points), grid)
    image = Image.open(picture).convert("RGB")
    draw = ImageDraw.Draw(image)
    blotted = ["2020", "2520", "3010"]
    for hex_id in blotted:
        x, y = reg.hex_centre_px(grid, *grid.parse_id(hex_id))
        draw.ellipse((x - 42, y - 42, x + 42, y + 42), fill="#ff00ff")
    legend = {k: [tuple(int(v[i:i + 2], 16) for i in (1, 3, 5))] for k, v in COLOURS.items()}
    traced = trace(np.asarray(image, dtype=np.float32), map_spec, reg, legend, 0.6)
    assert sorted(r.hex_id for r in traced.doubtful) == blotted
    assert all(r.confidence == 0 for r in traced.doubtful)


def test_a_picture_that_is_not_one_is_reported(tmp_path):
    bad = tmp_path / "map.png"
    bad.write_bytes(b"not a picture")
    result = CliRunner().invoke(app, ["map", "trace", str(DATA / "when-eagles-fight"), "--image", str(bad),
                                      "--register", "1001=10,10 4201=500,10 1038=10,700", "--out", str(tmp_path / "t.txt")])
    assert result.exit_code == 2
    assert "is not a picture warkit can read" in result.output
    assert not (tmp_path / "t.txt").exists()


def _marne_picture(tmp_path, darken: float = 1.0):
    """Glory's End's Marne map as warkit draws it, 60 dpi, blurred, JPEG (optionally darkened
    and more saturated, as a scan might come out); (picture, register text, game, map)."""
    import pypdfium2 as pdfium
    from PIL import ImageEnhance

    from generator.components.map import whole_page
    from generator.components.mapparts.drawing import draw_map
    from generator.render.pdf import render_pdf

    game = load_game(DATA / "glorys-end").game
    map_spec = next(m for m in game.spec.maps if m.id == "marne")
    drawing = draw_map(game, map_spec)
    document = pdfium.PdfDocument(render_pdf([whole_page(drawing, "Marne")], title="Marne"))
    image = document[0].render(scale=60 / 72).to_pil().convert("RGB").filter(ImageFilter.GaussianBlur(0.8))
    document.close()
    if darken != 1.0:
        image = ImageEnhance.Color(ImageEnhance.Brightness(image).enhance(darken)).enhance(1.15)
    picture = tmp_path / "marne.jpg"
    image.save(picture, quality=70)
    grid = grid_for(map_spec.grid)
    x0, y0 = dict(drawing.grids_mm)["marne"][:2]
    cells = list(grid.cells())
    px = 60 / 25.4
    register_text = " ".join(f"{grid.hex_id(*c)}={(x0 + grid.centre_mm(*c)[0]) * px:.1f},"
                             f"{(y0 + grid.centre_mm(*c)[1]) * px:.1f}" for c in (cells[0], cells[-1], cells[40]))
    return picture, register_text, game, map_spec


def test_tracing_warkit_s_own_map_after_jpeg_reads_every_hex_without_a_colour_file(tmp_path):
    """The Marne map (fills and patterns, hex numbers, names, rivers) traced with the default
    legend: the colours warkit paints each terrain with, fill, pattern inks, both together."""
    picture, register_text, game, map_spec = _marne_picture(tmp_path)
    out = tmp_path / "traced.txt"
    result = CliRunner().invoke(app, ["map", "trace", str(DATA / "glorys-end"), "--map", "marne", "--image",
                                      str(picture), "--register", register_text, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    hexes, _ = read_text_map(out, "traced.txt", game.spec, map_spec, Report())
    truth = {h.hex_id: h.terrain for h in game.hexes if h.map_id == "marne"}
    wrong = [h.hex_id for h in hexes if h.hex_id in truth and truth[h.hex_id] != h.terrain]
    assert len(truth) == 336 and len(wrong) <= 3, wrong  # with the fills alone: 12 woods read as mountains


def test_a_picture_whose_colours_are_shifted_is_reported(tmp_path):
    """Darkened by 7 % and more saturated, the clear hexes pass for marsh, all of them, with
    full confidence: the trace cannot see that, but it sees the colours all off one way."""
    picture, register_text, _, _ = _marne_picture(tmp_path, darken=0.93)
    result = CliRunner().invoke(app, ["map", "trace", str(DATA / "glorys-end"), "--map", "marne", "--image",
                                      str(picture), "--register", register_text, "--out", str(tmp_path / "t.txt")])
    assert result.exit_code == 0, result.output
    assert "warning: the picture's colours sit" in result.output and "give --colours" in result.output
