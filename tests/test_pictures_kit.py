"""Pictures through a whole kit: cards and deck backs, the cover's logo and the charts'
running header, per-counter images, byte-identical rebuilds, and the same pictures in the
VASSAL module."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image as PilImage

from generator.build.runner import build_game
from pictures_helpers import placements, write_png
from test_pictures import _with_art

PORTRAIT = (60, 120, 200)  # the portrait's colour, easy to find in a rendered page


def _art_game(mini):
    _with_art(mini)
    write_png(mini.path / "art/portrait.png", 300, 400, PORTRAIT)
    write_png(mini.path / "art/scene.png", 800, 500, (30, 140, 60))
    mini.replace("game.yaml", 'back: {label: Blue events, colour: "#1f4e9c"}',
                 'back: {label: Blue events, colour: "#1f4e9c", image: art/plane.svg}')
    mini.append("game.yaml", "logo: plane")
    rows = mini.read("decks/blue-events.csv").splitlines()
    header = rows[0].split(",")
    at = header.index("orientation") + 1
    header.insert(at, "image")
    body = []
    for row in rows[1:]:
        cells = row.split(",")
        cells.insert(at, "art/scene.png" if cells[0] == "rally" else "")
        body.append(",".join(cells))
    mini.write("decks/blue-events.csv", "\n".join([",".join(header), *body]) + "\n")
    return mini


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from conftest import FIXTURES, GameFolder
    import shutil

    root = tmp_path_factory.mktemp("artkit")
    shutil.copytree(FIXTURES / "mini", root / "mini")
    game = _art_game(GameFolder(root / "mini"))
    build_game(game.path, root / "one", {})
    build_game(game.path, root / "two", {})
    return game, root / "one/mini/en", root / "two/mini/en"


@pytest.fixture(scope="module")
def cards_alone(built, tmp_path_factory):
    """cards.pdf of the cards built alone: in a whole build the mini game's four cards go on
    the counter sheet (tests/test_piece_sheets.py)."""
    game, _, _ = built
    out = tmp_path_factory.mktemp("artcards")
    build_game(game.path, out, {"only": ("decks",), "languages": ("en",)}, jobs=1)
    return out / "mini/en"


def test_a_rebuild_is_byte_identical(built):
    _, one, two = built
    first = json.loads((one / "manifest.json").read_text())
    second = json.loads((two / "manifest.json").read_text())
    hashes = lambda manifest: {entry["path"]: entry["sha256"] for entry in manifest["outputs"]}  # noqa: E731
    assert hashes(first) == hashes(second) and len(hashes(first)) > 30
    inputs = {entry["path"] for entry in first["inputs"]}
    assert {"art/plane.svg", "art/portrait.png", "art/scene.png"} <= inputs  # an edited picture rebuilds


def test_a_parallel_build_in_a_fresh_process_writes_the_same_bytes(built, tmp_path):
    # The logo (an SVG) heads every chart; a parallel build records it before forking, in a
    # process that has drawn nothing yet, and must still write what a one-process build wrote.
    import os
    import subprocess
    import sys
    from pathlib import Path

    game, one, _ = built
    root = Path(__file__).resolve().parent.parent
    script = ("import sys; from pathlib import Path; from generator.build.runner import build_game; "
              "build_game(Path(sys.argv[1]), Path(sys.argv[2]), {'only': ('turn-track', 'tec')}, jobs=2)")  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "4321", "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-c", script, str(game.path), str(tmp_path)], check=True, env=env)
    parallel = tmp_path / "mini" / "en"
    written = sorted(p.relative_to(parallel) for p in parallel.rglob("*.pdf"))
    assert [str(p) for p in written] == ["tec.pdf", "turn-track.pdf"]
    for name in written:
        assert (parallel / name).read_bytes() == (one / name).read_bytes(), name


def test_the_card_illustration_sits_under_the_title(cards_alone):
    pdf = (cards_alone / "cards.pdf").read_bytes()
    images = [p for p in placements(pdf) if p[1] == "/Image"]
    assert len(images) == 1  # the rally card's scene (the backs are on the next page)
    left, top, right, bottom = images[0][2]
    # a mini card 44 x 63 mm: the illustration's box is the panel's inner width, 44 - 2 x 0.09
    # x 44 = 36.08 mm, by 0.42 of the panel's height, 0.42 x (63 - 0.315 x 44) = 20.639 mm; an
    # 800 x 500 scene fitted to it is 20.639 mm tall and 1.6 x 20.639 = 33.022 mm wide
    assert (round(right - left, 2), round(bottom - top, 2)) == (33.02, 20.64)


def test_the_deck_back_carries_its_picture_on_every_back(cards_alone):
    from pypdf import PdfReader

    one = cards_alone
    reader = PdfReader(one / "cards.pdf")
    back_form = [ref.get_object() for ref in reader.pages[1]["/Resources"]["/XObject"].values()]
    # the back is one form (the deck's shared back), holding the silhouette's form once
    inner = [name for form in back_form for name in form.get("/Resources", {}).get("/XObject", {})]
    assert len([name for name in inner if name.startswith("/FormXob.pic-")]) == 1
    page = _render(one / "cards.pdf", 1)
    assert _has_colour(page, (32, 32, 32))  # the silhouette's ink on the backs


def test_the_cover_shows_the_logo_above_the_title(built):
    _, one, _ = built
    cover = _render(one / "kit.pdf", 0)
    width, height = cover.size
    top = cover.crop((0, int(height * 0.06), width, int(height * 0.2)))
    assert _has_colour(top, (32, 32, 32))


def test_the_running_header_shows_the_logo(built):
    _, one, _ = built
    page = _render(one / "crt.pdf", 0)
    header = page.crop((0, 0, int(page.width * 0.2), int(page.height * 0.06)))
    assert _has_colour(header, (32, 32, 32))


def test_the_per_counter_images_show_the_portrait(built):
    _, one, _ = built
    front = PilImage.open(one / "counters/b1-front.png").convert("RGB")
    assert _has_colour(front, PORTRAIT)
    svg = (one / "counters/b1-front.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1


def test_the_vassal_module_uses_the_same_pictures(built, tmp_path):
    from generator.export.vassal import export_vassal
    import zipfile

    game, one, _ = built
    result = export_vassal(game.path, tmp_path, None, ("en",))
    module = zipfile.ZipFile(io.BytesIO((tmp_path / "mini/en/mini.vmod").read_bytes()))
    piece = PilImage.open(io.BytesIO(module.read("images/b1-front.png"))).convert("RGB")
    assert _has_colour(piece, PORTRAIT)
    assert result is not None


def _render(path, page_number: int) -> PilImage.Image:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    return document[page_number].render(scale=1.5).to_pil().convert("RGB")


def _has_colour(image: PilImage.Image, colour, tolerance: int = 12) -> bool:
    found = image.convert("RGB").getcolors(maxcolors=1 << 24)
    return any(all(abs(a - b) <= tolerance for a, b in zip(pixel, colour)) for _, pixel in found)
