"""The counters component: faces from data rows and step systems, every counter the right
number of times (copies), fonts embedded, multilingual names, images, determinism."""

from __future__ import annotations

import collections
import functools
import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from PIL import Image as PILImage
from typer.testing import CliRunner

from generator.build.runner import build_game
from generator.cli.app import app
from generator.components.counters.art import draw_face
from generator.components.counters.plan import CounterSpec, plan_counters
from generator.errors import MissingGlyphError, WarkitError
from generator.io.loader import load_game
import kits

FIXTURES = Path(__file__).parent / "fixtures"
SHOWCASE = FIXTURES / "showcase"
ROOT = Path(__file__).parent.parent


def counters_of(folder: Path) -> dict[str, CounterSpec]:
    game = load_game(folder).game
    return {c.name: c for section in plan_counters(game) for c in section.counters}


def build(folder: Path, out: Path, **overrides) -> Path:
    build_game(folder, out, {"only": ("counters",), **overrides})
    game_id = load_game(folder).game.spec.id
    return out / game_id / "en"


@functools.lru_cache(maxsize=4)
def text_chunks(pdf: bytes) -> list[list[str]]:
    """Every string shown on each page (inside forms too), one entry per text object (a PDF
    read twice by a test is parsed once)."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    pages = []
    for page in reader.pages:
        chunks: list[str] = []
        page.extract_text(visitor_text=lambda text, *_: chunks.append(text) if text.strip() else None)
        pages.append([c.strip() for c in chunks])
    return pages


# -- faces from the data rows ---------------------------------------------------------------


def test_flip_units_show_the_reduced_face_on_the_back() -> None:
    b1 = counters_of(FIXTURES / "mini")["b1"]
    assert (b1.front.factors, b1.front.state) == ("6-7-4", "full")
    assert (b1.back.factors, b1.back.state) == ("3-4-4", "reduced")
    assert b1.front.code == "0101" and b1.back.code == ""  # the set-up code is on the front
    assert (b1.front.echelon, b1.front.designation, b1.front.symbol) == ("XXX", "1", "infantry")


def test_reformed_units_mark_their_back_as_reformed() -> None:
    b3 = counters_of(FIXTURES / "mini")["b3"]  # Greyland uses the reformed step system (WEF 2.12)
    assert b3.back.state == "reformed" and b3.back.factors == "2-3-3"


def test_one_step_and_stepless_units_get_a_coloured_back() -> None:
    counters = counters_of(FIXTURES / "mini")
    for name in ("b2", "b4"):
        assert counters[name].back.kind == "blank"
        assert counters[name].back.colours.background == counters[name].front.colours.background


def test_blank_backs_can_be_plain_white() -> None:
    game = load_game(FIXTURES / "mini").game
    counters = {c.name: c for s in plan_counters(game, blank_backs="plain") for c in s.counters}
    assert counters["b2"].back.colours.background == "#ffffff"
    assert counters["b2"].front.colours.background == "#9ec9e8"
    assert counters["b1"].back.colours.background == "#9ec9e8"  # a printed back keeps its colours


def test_four_step_units_are_two_counters_with_the_dot_on_b() -> None:
    counters = counters_of(FIXTURES / "mini")
    assert "r3" not in counters
    a, b = counters["r3-A"], counters["r3-B"]
    assert [a.front.factors, a.back.factors, b.front.factors, b.back.factors] == ["6-6-4", "5-5-4", "3-3-4", "2-2-4"]
    assert not a.front.dot and b.front.dot and b.back.dot  # GE 2.11: the lower counter's dot
    assert a.back.state == b.front.state == "reduced"


def test_three_step_units_leave_the_unused_face_blank() -> None:
    counters = counters_of(SHOWCASE)
    a, b = counters["ru-1-A"], counters["ru-1-B"]
    assert [a.front.factors, a.back.factors, b.front.factors] == ["6-6-4", "4-4-4", "2-2-4"]
    assert b.back.kind == "blank" and b.back.dot


def test_marks_layouts_and_round_air_counters() -> None:
    counters = counters_of(SHOWCASE)
    assert counters["de-17"].front.star and not counters["de-17"].back.star
    assert counters["ru-gd-A"].front.star and counters["ru-gd-B"].back.star
    assert counters["ru-cav"].front.factors == "(2) 3-6"
    assert counters["tu-fort"].front.factors == "3+2"
    assert counters["de-hq"].front.factors == "1-3" and counters["de-hq"].back.factors == "0-3"
    assert counters["de-gd"].front.ad_hoc and counters["de-gd"].front.echelon == "XXX"
    assert counters["de-air"].front.shape == "round"
    assert counters["de-17"].front.army == "8" and counters["ah-1"].front.parent == "2"
    assert counters["de-zep"].front.symbol == "zeppelin"  # unknown: a plain frame, no crash
    draw_face(counters["de-zep"].front, 15.875)


def test_markers_take_front_and_back_text_and_side_colours() -> None:
    counters = counters_of(SHOWCASE)
    allied = counters["marker-ctl-al"]
    assert (allied.front.lines, allied.back.lines) == (("Control",), ("Contrôle",))
    assert allied.front.colours.background == "#1f4e9a" and allied.front.colours.text == "#ffffff"
    assert counters["marker-ammo"].front.lines == ("Ammo", "short")  # ' / ' breaks the line
    assert counters["marker-turn"].back.lines == ("Game turn",)  # no back text: the name
    assert counters["marker-ammo"].front.colours.background == "#1b5e20"  # its nationality's


def test_sections_follow_sides_then_nationalities() -> None:
    game = load_game(SHOWCASE).game
    sections = plan_counters(game)
    assert [s.title for s in sections] == ["Central Powers", "Allies", "Markers"]
    first_rows = [row[0].name for row in sections[0].rows]
    assert first_rows == ["de-1", "ah-1", "tu-3", "marker-ctl-cp"]  # a row per nationality, then markers


# -- the built files ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def showcase_build(tmp_path_factory) -> Path:
    return build(SHOWCASE, tmp_path_factory.mktemp("out"), counter_images=("svg", "png"))


def assert_every_face_printed(game, pdf: bytes) -> None:
    """Each face of each unit, straight from its data row, appears on the fronts or the backs
    pages exactly as often as the copies of all units printing that face."""
    pages = text_chunks(pdf)
    fronts = collections.Counter(chunk for page in pages[0::2] for chunk in page)
    backs = collections.Counter(chunk for page in pages[1::2] for chunk in page)
    wanted_front: collections.Counter = collections.Counter()
    wanted_back: collections.Counter = collections.Counter()
    for unit in game.units:
        layouts = [game.factor_layouts[i] for i in game.unit_types[unit.type_id].layouts]
        # a layout's die-face factors are drawn as dice, not printed: "2-5 4" prints "2-5"
        dice = [layout for layout in layouts if layout.dice]
        faces = [dice[0].printed(f.values)[0] if dice and set(dice[0].fields) == set(f.values) else f.text
                 for f in unit.faces if f.text]
        system = game.step_systems[unit.step_system]
        on_fronts = {0, 2} if system.kind == "two_counter" else {0}  # A.front, B.front
        for index, text in enumerate(faces):
            (wanted_front if index in on_fronts else wanted_back)[text] += unit.copies
    for text, count in wanted_front.items():
        assert fronts[text] == count, f"{text!r} on fronts: {fronts[text]} != {count}"
    for text, count in wanted_back.items():
        assert backs[text] == count, f"{text!r} on backs: {backs[text]} != {count}"


def test_every_counter_appears_as_often_as_its_copies(showcase_build: Path) -> None:
    pdf = (showcase_build / "counters.pdf").read_bytes()
    assert_every_face_printed(load_game(SHOWCASE).game, pdf)
    pages = text_chunks(pdf)
    fronts = collections.Counter(chunk for page in pages[0::2] for chunk in page)
    backs = collections.Counter(chunk for page in pages[1::2] for chunk in page)
    assert fronts["Control"] == 6 and backs["Contrôle"] == 3
    assert fronts["305"] == 2  # the siege guns: copies = 2


SAMPLE_GAMES = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))


@pytest.mark.parametrize("game_dir", SAMPLE_GAMES, ids=[g.name for g in SAMPLE_GAMES])
def test_sample_games_print_every_counter(game_dir: Path) -> None:
    pdf = (kits.built(game_dir.name) / "en" / "counters.pdf").read_bytes()  # the kit a user builds
    game = load_game(game_dir).game
    assert_every_face_printed(game, pdf)
    markers = collections.Counter(chunk for page in text_chunks(pdf)[0::2]
                                  for chunk in page)  # fmt: skip
    for marker in game.markers:
        first_word = (marker.text or marker.name).split()[0]
        assert markers[first_word] or any(first_word in chunk for chunk in markers), marker.marker_id


def test_counters_pdf_fonts_are_embedded(showcase_build: Path) -> None:
    reader = pypdf.PdfReader(showcase_build / "counters.pdf")
    seen = 0
    for page in reader.pages:
        for reference in page["/Resources"].get("/Font", {}).values():
            descriptor = reference.get_object()["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor
            seen += 1
    assert seen


def test_spanish_polish_and_turkish_names_render_without_missing_glyphs(showcase_build: Path) -> None:
    text = "\n".join(chunk for page in text_chunks((showcase_build / "counters.pdf").read_bytes()) for chunk in page)
    for name in ("Peñíscola", "Łódź-Świętokrzyski", "Yıldırım", "Iğdır", "Çanakkale"):
        assert name in text
    svg = (showcase_build / "counters" / "es-2-front.svg").read_text(encoding="utf-8")
    assert "Łódź-Świętokrzyski" in svg


def test_a_glyph_the_fonts_lack_stops_the_build_clearly(mini, tmp_path) -> None:
    mini.replace("units.csv", "b2,bl,inf,XX,2,", "b2,bl,inf,XX,中国,")
    with pytest.raises(MissingGlyphError, match="U\\+4E2D"):
        build(mini.path, tmp_path)


def test_every_counter_has_front_and_back_svg_and_png_with_stable_names(showcase_build: Path) -> None:
    names = counters_of(SHOWCASE)
    folder = showcase_build / "counters"
    for name in names:
        for side in ("front", "back"):
            assert (folder / f"{name}-{side}.svg").is_file()
            assert (folder / f"{name}-{side}.png").is_file()
    assert len(list(folder.iterdir())) == 4 * len(names)
    assert {"ru-gd-A", "ru-gd-B", "marker-turn", "de-1"} <= set(names)
    svg = (folder / "de-1-front.svg").read_text(encoding="utf-8")
    assert 'width="15.875mm"' in svg and 'height="15.875mm"' in svg and "6-7-4" in svg


def test_round_counter_images_have_transparent_corners(showcase_build: Path) -> None:
    air = PILImage.open(showcase_build / "counters" / "de-air-front.png")
    assert air.mode == "RGBA" and air.getpixel((0, 0))[3] == 0
    assert air.getpixel((air.size[0] // 2, air.size[1] // 2))[3] == 255
    assert PILImage.open(showcase_build / "counters" / "de-1-front.png").mode == "RGB"


@pytest.mark.parametrize("dpi", [300, 150])
def test_png_images_have_the_counter_size_at_the_dpi(tmp_path, dpi: int) -> None:
    folder = build(FIXTURES / "mini", tmp_path, counter_dpi=dpi, counter_images=("png",))
    image = PILImage.open(folder / "counters" / "b1-front.png")
    pixels = round(15.875 / 25.4 * dpi)
    assert abs(image.size[0] - pixels) <= 1 and image.size[0] == image.size[1]
    assert round(image.info["dpi"][0]) == dpi
    assert image.getpixel((pixels // 2, pixels // 8))[:3] != (255, 255, 255)  # painted, not blank


def test_counter_size_option_sets_the_printed_size(tmp_path) -> None:
    folder = build(FIXTURES / "mini", tmp_path, counter_size_mm=19.05, counter_images=("svg",))
    assert 'width="19.05mm"' in (folder / "counters" / "b1-front.svg").read_text(encoding="utf-8")
    assert not (folder / "counters" / "b1-front.png").exists()


def test_two_builds_are_byte_identical_even_across_processes(tmp_path) -> None:
    first = build(SHOWCASE, tmp_path / "a")
    second = build(SHOWCASE, tmp_path / "b")
    script = ("import sys; from pathlib import Path; from generator.build.runner import build_game; "
              "build_game(Path(sys.argv[1]), Path(sys.argv[2]), {'only': ('counters',)})")  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script, str(SHOWCASE), str(tmp_path / "c")], check=True, env=env)
    third = tmp_path / "c" / "showcase" / "en"

    def digests(folder: Path) -> dict[str, str]:
        return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(folder.rglob("*")) if p.is_file()}  # fmt: skip

    assert digests(first) == digests(second) == digests(third)


def test_counter_names_that_collide_on_case_insensitive_disks_are_refused(mini, tmp_path) -> None:
    mini.append("units.csv", "B1,bl,inf,XX,9,3-3-4,0101,1,illustrative,,")
    with pytest.raises(WarkitError, match="image name"):
        build(mini.path, tmp_path)


def test_warkit_build_only_counters_from_the_command_line(tmp_path) -> None:
    result = CliRunner().invoke(app, ["build", str(FIXTURES / "mini"), "--only", "counters", "--out", str(tmp_path),
                                      "--duplex", "short", "--back-offset", "0.5,-0.5", "--dpi", "100"])  # fmt: skip
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "mini" / "en" / "counters.pdf")
    assert len(reader.pages) == 2  # both sides and the markers share one sheet
    assert "flipping on the short edge" in reader.pages[1].extract_text()
    assert "Backs shifted +0.5, -0.5 mm" in reader.pages[0].extract_text()
    assert "Blue, Red, Markers — Sheet 1" in reader.pages[0].extract_text()
    result = CliRunner().invoke(app, ["build", str(FIXTURES / "mini"), "--only", "counters", "--out", str(tmp_path),
                                      "--counter-sheets", "by_side"])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "mini" / "en" / "counters.pdf")
    assert len(reader.pages) == 6  # each side, and the markers of no side, on sheets of their own


def test_sheet_texts_and_marker_texts_follow_the_language(tmp_path) -> None:
    build_game(SHOWCASE, tmp_path, {"only": ("counters",), "languages": ("es",), "counter_images": ()})
    reader = pypdf.PdfReader(tmp_path / "showcase" / "es" / "counters.pdf")
    front, back = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    assert "Hoja 1" in front and "Anversos" in front and "Reversos" in back
    assert "Imprímase al 100" in front and "volteando por el borde largo" in front
    assert "Fichas: 15,875 mm" in front


# -- counter shapes, die faces, renamed and re-typed backs (Blitz in the East) ---------------

BLITZ = ROOT / "data" / "blitz-in-the-east"


def _blitz_counter(unit_id: str):
    from generator.components.counters.plan import unit_counters

    game = load_game(BLITZ).game
    (counter,) = unit_counters(game, game.unit_index[unit_id])
    return counter


def test_a_type_declares_round_counters_and_any_symbol_may_use_it(mini) -> None:
    from generator.components.counters.plan import unit_counters

    mini.replace("game.yaml", "{id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav}",
                 "{id: cav, name: Cavalry, symbol: cavalry, factor_layout: cav, shape: round}")
    game = load_game(mini.path).game
    (cavalry,) = unit_counters(game, game.unit_index["r2"])
    (infantry,) = unit_counters(game, game.unit_index["r1"])
    assert (cavalry.front.shape, cavalry.back.shape, infantry.front.shape) == ("round", "round", "square")
    assert _blitz_counter("de-air-s").front.shape == "round"  # air types are round by default


def test_die_face_factors_are_drawn_as_dice_not_printed() -> None:
    from generator.layout.primitives import Circle

    air = _blitz_counter("de-air-s")  # factors "2-5 4|1-5 4": two dice, range 5, hits on 4+
    assert (air.front.factors, air.front.dice, air.back.factors, air.back.dice) == ("2-5", (4,), "1-5", (4,))
    picture = draw_face(air.front, 15.875).picture
    pips = [i for i in picture.items if isinstance(i, Circle) and i.r_mm < 0.5]
    assert len(pips) == 4
    assert draw_face(air.back, 15.875).picture.id == draw_face(air.back, 15.875).picture.id  # shared, cached
    assert all(t.text != "4" for t in draw_face(air.front, 15.875).text)


def test_backs_print_the_renamed_unit_as_its_other_type() -> None:
    hungarian = _blitz_counter("hu-2")  # 1.5d: the Rapid Corps (cadre cavalry) becomes the 2nd Army (infantry)
    assert (hungarian.front.designation, hungarian.front.symbol) == ("2", "infantry")
    assert (hungarian.back.designation, hungarian.back.symbol, hungarian.back.factors) == ("Rp", "cavalry", "2-5")
    panzer = _blitz_counter("de-pz1")
    assert panzer.front.icon == "blitz" and _blitz_counter("de-pz3").front.icon == ""  # the unit's own icon


def _counter_boxes_mm(pdf: bytes, page_index: int = 0) -> list[tuple[float, float]]:
    """(width, height) in mm of every counter face drawn on a page of counters.pdf, as pdfium
    measures the drawn form objects."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    page = pdfium.PdfDocument(pdf)[page_index]
    found = []
    for obj in page.get_objects(max_depth=1):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            left, bottom, right, top = obj.get_bounds()
            found.append(((right - left) * 25.4 / 72, (top - bottom) * 25.4 / 72))
    return found


@pytest.mark.parametrize(("option", "size_mm", "note"), [
    (None, 15.875, "Counters: 15.875 mm"),  # the mini game's default: 5/8"
    ('3/4"', 19.05, "Counters: 19.05 mm"),
    ("12.5", 12.5, "Counters: 12.5 mm"),
])
def test_counter_size_option_lays_out_counters_pdf_at_that_size(tmp_path, option, size_mm, note) -> None:
    """--counter-size reaches the printed sheet: every face drawn in counters.pdf measures
    the chosen size, and the sheet's footer says it."""
    args = ["build", str(FIXTURES / "mini"), "--only", "counters", "--lang", "en", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args + (["--counter-size", option] if option else []))
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "mini" / "en" / "counters.pdf").read_bytes()
    boxes = _counter_boxes_mm(pdf)
    assert len(boxes) == 13  # packed on one sheet: 6 units, r3 on two counters, 1 + 4 markers
    for width, height in boxes:
        assert width == pytest.approx(size_mm, abs=0.01) and height == pytest.approx(size_mm, abs=0.01)
    from charts_game import pdf_words

    assert any(note in text for text, _, _ in pdf_words(pdf, 0))


def test_the_command_line_chooses_the_per_counter_images_and_refuses_a_wrong_name(tmp_path):
    """--counter-images: none (the default) writes the sheets alone, svg or png one format, both
    both; the sheets are the same bytes whatever the images; a name that is no format is refused
    before the build."""
    cli = CliRunner()

    def counters(option: str | None) -> Path:
        out = tmp_path / (option or "default").replace(",", "-")
        extra = [] if option is None else ["--counter-images", option]
        done = cli.invoke(app, ["build", str(FIXTURES / "mini"), "--only", "counters", "--lang", "en", "--jobs", "1",
                                "--quiet", "--out", str(out), *extra])
        assert done.exit_code == 0, done.output
        (game_out,) = out.iterdir()
        return game_out / "en"

    def images(folder: Path) -> set[str]:
        return {p.suffix for p in (folder / "counters").iterdir()} if (folder / "counters").is_dir() else set()

    assert images(counters(None)) == set()
    every = counters("svg,png")
    assert images(every) == {".svg", ".png"}
    none = counters("none")
    assert images(none) == set()
    assert (none / "counters.pdf").read_bytes() == (every / "counters.pdf").read_bytes()
    assert images(counters("png")) == {".png"}
    assert images(counters("svg, svg")) == {".svg"}
    wrong = cli.invoke(app, ["build", str(FIXTURES / "mini"), "--only", "counters", "--out", str(tmp_path / "x"),
                             "--counter-images", "svg,jpeg"])
    assert wrong.exit_code == 2
    assert "expected none, or svg and/or png separated by commas, not 'jpeg'" in wrong.output
    assert not (tmp_path / "x").exists()
