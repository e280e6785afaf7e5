"""`warkit build --only map`: the files, their PDF structure, the tiles, the pixels.

The map of tests/fixtures/mapmini uses every map feature once. Its SVG is kept as a golden
file; refresh it after an intended change of the map's look with:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_map_build.py
"""

from __future__ import annotations

import io
import json
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy
import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image as PILImage
from typer.testing import CliRunner

from generator.cli.app import app
from generator.layout.tiling import plan_tiles

FIXTURES = Path(__file__).parent / "fixtures"
GOLDEN = Path(__file__).parent / "golden" / "map-mapmini.svg"
PT_PER_MM = 72 / 25.4
A4_PT = sorted((210 * PT_PER_MM, 297 * PT_PER_MM))
LETTER_PT = sorted((215.9 * PT_PER_MM, 279.4 * PT_PER_MM))
runner = CliRunner()


def build(game: Path, out: Path, *options: str) -> Path:
    result = runner.invoke(app, ["build", str(game), "--only", "map", "--out", str(out), "--quiet", *options])
    assert result.exit_code == 0, result.output
    (game_out,) = out.iterdir()  # output/<game id>/
    return game_out / "en"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build(FIXTURES / "mapmini", tmp_path_factory.mktemp("out"))


def pixels(image: PILImage.Image) -> numpy.ndarray:
    return numpy.asarray(image)


def pdf_text(pdf: bytes) -> str:
    """Every page's text (pdfium: pypdf re-parses the map form on every sheet, slowly)."""
    document = pdfium.PdfDocument(pdf)
    return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))


def page_sizes_pt(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def test_build_writes_the_whole_map_as_pdf_and_svg_and_the_tiles(built):
    assert sorted(p.name for p in built.iterdir()) == ["manifest.json", "map-test-tiles-A4.pdf", "map-test.pdf", "map-test.svg"]


def test_the_whole_map_is_one_page_at_true_size(built):
    """One page exactly the size of the laid-out map, in the PDF and in the SVG."""
    from generator.components.mapparts.drawing import draw_map
    from generator.io.loader import load_game

    game = load_game(FIXTURES / "mapmini").game
    drawing = draw_map(game, game.spec.maps[0], tiling=((210, 297), 10))  # as the A4 build lays it out
    ((width_pt, height_pt),) = page_sizes_pt((built / "map-test.pdf").read_bytes())
    assert (width_pt / PT_PER_MM, height_pt / PT_PER_MM) == pytest.approx((drawing.width_mm, drawing.height_mm), abs=0.001)
    root = ET.fromstring((built / "map-test.svg").read_bytes())
    assert root.get("width") == f"{drawing.width_mm:.3f}".rstrip("0").rstrip(".") + "mm"
    assert root.get("height") == f"{drawing.height_mm:.3f}".rstrip("0").rstrip(".") + "mm"
    # the sheet holds at least the whole hex grid (8 columns of 18 mm hexes and 12 mm margins)
    assert drawing.width_mm >= 2 * (12 + 18 / 3**0.5) + 7 * 1.5 * 18 / 3**0.5 - 0.01


def test_tiles_are_a4_sheets_one_per_tile_after_the_assembly_page(built):
    from generator.components.mapparts.drawing import draw_map
    from generator.io.loader import load_game
    from generator.layout.tile_pages import assembly_host

    pdf = (built / "map-test-tiles-A4.pdf").read_bytes()
    game = load_game(FIXTURES / "mapmini").game
    drawing = draw_map(game, game.spec.maps[0], tiling=((210, 297), 10))
    plan = plan_tiles((drawing.width_mm, drawing.height_mm), (210, 297), 10, drawing.content_mm)
    sizes = page_sizes_pt(pdf)
    # the assembly on a page of its own, first, unless a tile has room for it
    assert len(sizes) == plan.count + (0 if assembly_host(plan, drawing.content_mm) else 1)
    for size in sizes:
        assert sorted(size) == pytest.approx(A4_PT, abs=0.01)
    text = pdf_text(pdf)
    assert "Assembly" in text and "Print at 100" in text and "(actual size)" in text
    joins = ", ".join(f"{name} {where}" for where, name in plan.neighbours(plan.tiles()[0]))
    assert f"A1 — joins {joins}" in text


def test_labels_name_every_neighbour(tmp_path):
    """A map wider and taller than a sheet: B2 is joined on all four sides. Its 10 sheets are
    a row of 4 portrait over two rows of 3 landscape (one orientation throughout: 12), so a
    sheet of the landscape rows names both portrait sheets it lies under."""
    out = build(_big_game(tmp_path), tmp_path / "out")
    text = pdf_text((out / "map-test-tiles-A4.pdf").read_bytes())
    assert "B2 — joins A2 on the left, C2 on the right, B1 above, C1 above, B3 below" in text
    assert "10 sheets in rows of 4 (portrait), 3 + 3 (landscape)" in text and "lay each row over the one above" in text


def _big_game(tmp_path: Path) -> Path:
    game = tmp_path / "mapbig"
    shutil.copytree(FIXTURES / "mapmini", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("columns: 8, rows: 6,", "columns: 40, rows: 30,")
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game


def test_letter_paper_and_overlap_come_from_the_options(tmp_path):
    out = build(FIXTURES / "mapmini", tmp_path, "--paper", "Letter")
    pdf = (out / "map-test-tiles-Letter.pdf").read_bytes()
    assert all(sorted(size) == pytest.approx(LETTER_PT, abs=0.01) for size in page_sizes_pt(pdf))


def test_neighbouring_tiles_place_the_map_one_step_apart(built):
    """The map form is placed on each sheet with a translation; A1 and its neighbour
    differ by the window less the 10 mm overlap."""
    pdf = (built / "map-test-tiles-A4.pdf").read_bytes()
    plan, axis, other, first = _first_pair(built)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    a1, neighbour = _map_placement(reader.pages[first]), _map_placement(reader.pages[first + other])
    assert a1[axis] - neighbour[axis] == pytest.approx(plan.window_mm[axis] - 10, abs=0.001)
    assert a1[1 - axis] == neighbour[1 - axis]


def _first_pair(built: Path):
    """The plan, the axis (0 = x) along which A1 has a neighbour, that tile's index after
    A1's, and A1's page index (1 after an assembly page, else 0)."""
    from generator.components.mapparts.drawing import draw_map
    from generator.io.loader import load_game

    game = load_game(FIXTURES / "mapmini").game
    drawing = draw_map(game, game.spec.maps[0], tiling=((210, 297), 10))
    plan = plan_tiles((drawing.width_mm, drawing.height_mm), (210, 297), 10, drawing.content_mm)
    first = len(page_sizes_pt((built / "map-test-tiles-A4.pdf").read_bytes())) - plan.count
    return (plan, 0, 1, first) if plan.columns > 1 else (plan, 1, plan.columns, first)


def _map_placement(page) -> tuple[float, float]:
    """(e, f) of the `cm` right before the map form's `Do`, in page millimetres."""
    operations = pypdf.generic.ContentStream(page.get_contents(), page.pdf).operations
    last_cm = None
    for operands, operator in operations:
        if operator == b"cm":
            last_cm = operands
        elif operator == b"Do" and str(operands[0]).endswith("sym-map-test"):
            return float(last_cm[4]), float(last_cm[5])
    raise AssertionError("the map form is not placed on this sheet")


def test_every_sheet_has_a_50_mm_scale_bar(built):
    document = pdfium.PdfDocument((built / "map-test-tiles-A4.pdf").read_bytes())
    for index in range(len(document)):
        bars = []
        for item in document[index].get_objects(max_depth=0):
            if item.type == pdfium_c.FPDF_PAGEOBJ_PATH:
                left, bottom, right, top = item.get_bounds()
                if abs((top - bottom) / PT_PER_MM - 2.0) < 0.05:
                    bars.append((right - left) / PT_PER_MM)
        assert any(abs(length - 50.0) <= 0.1 for length in bars), (index, bars)


def test_a_rendered_tile_shows_the_terrain(built):
    document = pdfium.PdfDocument((built / "map-test-tiles-A4.pdf").read_bytes())
    image = pixels(document[_first_pair(built)[3]].render(scale=4 / PT_PER_MM).to_pil().convert("RGB"))
    colours = {tuple(c) for c in numpy.unique(image.reshape(-1, 3), axis=0)}
    for terrain_fill in ("#f3eed9", "#bcd5e5", "#d4dfb7"):  # clear, sea, woods
        rgb = tuple(int(terrain_fill[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in colours, terrain_fill
    non_white = (image != 255).any(axis=2).mean()
    assert non_white > 0.3


def test_the_shared_strip_of_two_tiles_shows_the_same_map(built):
    plan, axis, other, a1 = _first_pair(built)
    document = pdfium.PdfDocument((built / "map-test-tiles-A4.pdf").read_bytes())
    px = 10  # per mm
    first, second = (pixels(document[i].render(scale=px / PT_PER_MM).to_pil().convert("L")) for i in (a1, a1 + other))
    left, top, right, bottom = (round(v * px) for v in plan.window_box_mm)
    inset = 3  # keep clear of anti-aliased window edges
    if axis == 0:
        strip_a = first[top + inset : bottom - inset, right - 10 * px + inset : right - inset]
        strip_b = second[top + inset : bottom - inset, left + inset : left + 10 * px - inset]
    else:
        strip_a = first[bottom - 10 * px + inset : bottom - inset, left + inset : right - inset]
        strip_b = second[top + inset : top + 10 * px - inset, left + inset : right - inset]
    assert abs(strip_a.astype(int) - strip_b.astype(int)).mean() < 2.0
    assert len(numpy.unique(strip_a)) > 5  # not a blank strip


def test_the_legend_names_everything_the_map_uses(built):
    text = pdf_text((built / "map-test.pdf").read_bytes())
    for name in ("Map Test", "Clear", "Light woods", "Mountain", "Marsh", "Desert", "Sea", "Lake", "Tundra",
                 "Minor river", "Major river", "Railway", "Road", "Pass path", "Border", "City", "Capital",
                 "Fortress", "Port", "River hex", "Victory points: Blue", "Conditional victory points",
                 "Ridge Line", "Row xx05", "Dead pile", "Portsea", "Capitalia", "Red edge"):
        assert name in text, name


def test_two_builds_are_byte_identical(built, tmp_path):
    again = build(FIXTURES / "mapmini", tmp_path)
    for name in ("map-test.pdf", "map-test.svg", "map-test-tiles-A4.pdf"):
        assert (again / name).read_bytes() == (built / name).read_bytes(), name


def test_a_build_in_another_process_is_byte_identical(built, tmp_path):
    """No set order or hash seed leaks into the files."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-m", "generator", "build", str(FIXTURES / "mapmini"), "--only", "map",
                    "--out", str(tmp_path), "--quiet"], check=True, env=env, cwd=root)
    for name in ("map-test.pdf", "map-test.svg", "map-test-tiles-A4.pdf"):
        assert (tmp_path / "mapmini" / "en" / name).read_bytes() == (built / name).read_bytes(), name


def test_golden_svg_of_the_fixture_map(built):
    svg = (built / "map-test.svg").read_text(encoding="utf-8")
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        GOLDEN.write_text(svg, encoding="utf-8")
    assert svg == GOLDEN.read_text(encoding="utf-8"), (
        "map SVG changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_map_build.py"
    )


def test_the_mini_game_builds_too(tmp_path):
    out = build(FIXTURES / "mini", tmp_path)
    assert (out / "map-main-tiles-A4.pdf").stat().st_size > 0


def test_a_game_with_errors_writes_no_map(tmp_path, mini):
    mini.replace("map/hexes.csv", "0303,forest", "0303,jungle")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(mini.path), "--only", "map", "--out", str(out)])
    assert result.exit_code == 1
    assert not out.exists()


def test_svg_renders_with_librsvg_if_available(built, tmp_path):
    if shutil.which("rsvg-convert") is None:
        pytest.skip("needs rsvg-convert (librsvg)")
    import subprocess

    png = subprocess.run(["rsvg-convert", str(built / "map-test.svg")], capture_output=True, check=True).stdout
    assert PILImage.open(io.BytesIO(png)).width > 100


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("map-"))


def test_a_map_is_written_only_as_the_files_asked_for(tmp_path):
    every = build(FIXTURES / "mapmini", tmp_path / "every", "--jobs", "1")
    assert _files(every) == ["map-test-tiles-A4.pdf", "map-test.pdf", "map-test.svg"]  # the default: all three
    pdf_only = build(FIXTURES / "mapmini", tmp_path / "pdf", "--jobs", "1", "--map-files", "pdf")
    assert _files(pdf_only) == ["map-test.pdf"]
    assert (pdf_only / "map-test.pdf").read_bytes() == (every / "map-test.pdf").read_bytes()
    tiles = build(FIXTURES / "mapmini", tmp_path / "tiles", "--jobs", "1", "--map-files", "tiles, svg")
    assert _files(tiles) == ["map-test-tiles-A4.pdf", "map-test.svg"]
    assert (tiles / "map-test-tiles-A4.pdf").read_bytes() == (every / "map-test-tiles-A4.pdf").read_bytes()
    manifest = json.loads((tiles / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["print"]["map_files"] == ["svg", "tiles"]


def test_the_game_may_choose_its_map_files_and_a_wrong_name_is_refused(tmp_path):
    game = tmp_path / "mapmini"
    shutil.copytree(FIXTURES / "mapmini", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    assert "\nprint:" not in text
    (game / "game.yaml").write_text(text + "print:\n  map_files: [svg]\n", encoding="utf-8")
    assert _files(build(game, tmp_path / "out", "--jobs", "1")) == ["map-test.svg"]
    wrong = runner.invoke(app, ["build", str(game), "--only", "map", "--out", str(tmp_path / "x"), "--map-files",
                                "pdf,png"])
    assert wrong.exit_code == 2
    assert "expected some of pdf, svg, tiles separated by commas, not 'png'" in wrong.output
    assert not (tmp_path / "x").exists()
