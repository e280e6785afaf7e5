"""What a module is known by in VASSAL: a name per language, a version from its content, and
zip dates from each entry's content — so VASSAL's tile cache never shows one module's or one
export's tiles for another's images.

VASSAL's rule, re-implemented from its source: tiles live in `tiles/<sha1(name + "_" +
version)>` (launch/AbstractLaunchAction, GameModule.getImageTileSource), and an image's
tiles are reused while the image's date in the zip is positive and no later than the tile's
file (TilingHandler.isFresh). A zip entry's date is its DOS date read as local time
(java.util.zip.ZipEntry.getTime)."""

from __future__ import annotations

import hashlib
import io
import time
import zipfile
from pathlib import Path

import pytest

from generator.export.vassal import export_vassal
from generator.export.vassal.identity import entry_date, module_name
from generator.io.loader import load_game
from vassal_module import M, Module, problems

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
MINI = ROOT / "tests" / "fixtures" / "mini"


def tile_folder(module: Module) -> str:
    """The folder VASSAL keeps the module's tiles in (AbstractLaunchAction: sha1Hex of the
    moduledata's name, '_', version; GameModule.getImageTileSource: buildFile's)."""
    data = {child.tag: child.text for child in module.data}
    assert (data["name"], data["version"]) == (module.root.get("name"), module.root.get("version"))
    return hashlib.sha1(f"{data['name']}_{data['version']}".encode("utf-8")).hexdigest()


def image_times(data: bytes) -> dict[str, int]:
    """Each image's date in the zip, in ms, as ZipEntry.getTime reads a DOS date (local time)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: int(time.mktime((*info.date_time, 0, 0, -1))) * 1000
                for info in archive.infolist() if info.filename.startswith("images/")}


def is_fresh(image_ms: int, tile_ms: int) -> bool:
    """TilingHandler.isFresh: the image's date positive and no later than its first tile's."""
    return 0 < image_ms <= tile_ms


def test_a_module_is_named_by_the_games_title_in_its_language():
    """A translated title is the name; a title the translation keeps (Strike of the Eagle's
    Spanish title is the English one) gets its language, so the two modules differ."""
    names = {}
    for game_id in ("glorys-end", "strike-of-the-eagle", "when-eagles-fight"):
        game = load_game(DATA / game_id).game
        names[game_id] = [module_name(game, language) for language in ("en", "es")]
    assert names == {"glorys-end": ["1914: Glory's End", "1914: El fin de la gloria"],
                     "strike-of-the-eagle": ["Strike of the Eagle", "Strike of the Eagle (es)"],
                     "when-eagles-fight": ["When Eagles Fight", "Cuando las águilas luchan"]}


def test_the_spanish_and_english_modules_of_one_game_keep_their_tiles_apart(vassal_export):
    _, english = vassal_export("strike-of-the-eagle", "en")
    _, spanish = vassal_export("strike-of-the-eagle", "es")
    assert spanish.root.get("name") == "Strike of the Eagle (es)" == spanish.data.find("name").text
    assert english.root.get("name") == "Strike of the Eagle"
    assert tile_folder(english) != tile_folder(spanish)
    assert problems(spanish) == []
    # each saved game carries its own module's moduledata (GameState checks a save's module name)
    for setup in spanish.all(M + "PredefinedSetup"):
        saved = zipfile.ZipFile(io.BytesIO(spanish.zip.read(setup.get("file"))))
        assert saved.read("moduledata") == spanish.zip.read("moduledata")


@pytest.fixture(scope="module")
def three_exports(tmp_path_factory):
    """The mini game exported at 150 dpi twice and at 120 dpi."""
    out = [tmp_path_factory.mktemp(name) for name in ("a", "b", "c")]
    data = []
    for folder, dpi in zip(out, (150.0, 150.0, 120.0)):
        result = export_vassal(MINI, folder, None, ("en",), dpi=dpi)
        data.append(result.modules["en"].read_bytes())
    return data


def test_the_same_content_gives_the_same_bytes(three_exports):
    first, again, _ = three_exports
    assert first == again


def test_another_dpi_changes_the_version_and_every_changed_images_date(three_exports):
    first, _, other = three_exports
    a, b = Module(first), Module(other)
    assert a.root.get("version") != b.root.get("version")
    assert a.root.get("name") == b.root.get("name") == "Mini War"
    times_a, times_b = image_times(first), image_times(other)
    changed = [n for n in times_a if a.zip.read(n) != b.zip.read(n)]
    assert "images/map-main.png" in changed and "images/b1-front.png" in changed
    assert all(times_a[n] != times_b[n] for n in changed)
    kept = [n for n in times_a if a.zip.read(n) == b.zip.read(n)]  # the charts keep their own resolution
    assert kept and all(times_a[n] == times_b[n] for n in kept)


def test_vassals_tile_cache_never_shows_the_old_exports_tiles(three_exports):
    """Tiles made from the first export now are fresh for it again (same folder, images dated
    in the past); the export at another dpi looks in another folder, where there are none,
    so VASSAL tiles its images anew."""
    first, again, other = three_exports
    made_now = int(time.time() * 1000)
    assert tile_folder(Module(first)) == tile_folder(Module(again))
    assert all(is_fresh(ms, made_now) for ms in image_times(again).values())
    assert tile_folder(Module(other)) != tile_folder(Module(first))


def test_entry_dates_come_from_the_name_and_bytes_within_1980_1999():
    assert entry_date("images/a.png", b"one") == entry_date("images/a.png", b"one")
    assert entry_date("images/a.png", b"one") != entry_date("images/a.png", b"two")
    assert entry_date("images/a.png", b"one") != entry_date("images/b.png", b"one")
    dates = [entry_date(f"images/{n}.png", bytes([n])) for n in range(200)]
    assert all(1980 <= d[0] <= 1999 and d[5] % 2 == 0 for d in dates)  # a zip's dates: even seconds
    assert len(set(dates)) == 200
