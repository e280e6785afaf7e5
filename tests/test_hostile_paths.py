"""The path policy (generator/io/paths.py): every file the data names stays inside the game
folder, is a regular file and is read with a limit; images get a size and pixel limit."""

from __future__ import annotations

import os
import struct
import zlib

import pytest

from generator.errors import InputError
from generator.io import paths
from generator.io.paths import image_size, path_problem, read_image, read_limited, resolve_inside
from generator.model.source import Location
from generator.validation.report import Report

WHERE = Location("mini/game.yaml", 3, 7)


@pytest.mark.parametrize("text, problem", [
    ("units.csv", None),
    ("map/hexes.csv", None),
    ("map\\hexes.csv", None),
    ("", "is empty (expected a file name inside the game folder)"),
    ("/etc/passwd", "must be relative to the game folder (no absolute path)"),
    ("\\\\server\\share\\x.csv", "must be relative to the game folder (no absolute path)"),
    ("C:\\data\\units.csv", "must be relative to the game folder (no absolute path)"),
    ("c:units.csv", "must be relative to the game folder (no absolute path)"),
    ("../units.csv", "must not contain '..' (files stay inside the game folder)"),
    ("map/../../units.csv", "must not contain '..' (files stay inside the game folder)"),
    ("map\\..\\units.csv", "must not contain '..' (files stay inside the game folder)"),
])
def test_path_policy(text, problem):
    assert path_problem(text) == problem


def test_resolve_inside_reports_at_the_key(tmp_path):
    report = Report()
    assert resolve_inside(tmp_path, "../x.csv", report, WHERE) is None
    assert [i.format() for i in report.issues] == [
        "mini/game.yaml:3:7: error: path.outside: path '../x.csv' must not contain '..' (files stay inside the game "
        "folder)"]
    assert resolve_inside(tmp_path, "map\\hexes.csv", Report(), WHERE) == tmp_path / "map" / "hexes.csv"


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_folder_linked_outside_is_refused_for_everything_below_it(tmp_path):
    game, outside = tmp_path / "game", tmp_path / "outside"
    game.mkdir()
    outside.mkdir()
    (outside / "hexes.csv").write_text("hex\n0101\n", encoding="utf-8")
    (game / "map").symlink_to(outside)
    report = Report()
    assert resolve_inside(game, "map/hexes.csv", report, WHERE) is None
    assert report.issues[0].message == "path 'map/hexes.csv' leads outside the game folder (a symbolic link?)"
    (game / "inner").mkdir()
    (game / "alias").symlink_to(game / "inner")  # a link that stays inside is fine
    assert resolve_inside(game, "alias/x.csv", Report(), WHERE) == game / "alias" / "x.csv"


def test_read_limited_reads_at_most_the_limit(tmp_path):
    (tmp_path / "big.csv").write_bytes(b"x" * 101)
    with pytest.raises(InputError, match=r"^big.csv: is 101 bytes; tables are limited to 100$"):
        read_limited(tmp_path / "big.csv", "big.csv", 100, "tables")
    assert read_limited(tmp_path / "big.csv", "big.csv", 101) == b"x" * 101
    with pytest.raises(InputError, match="^dir: is a folder, not a file$"):
        read_limited(tmp_path, "dir", 100)
    with pytest.raises(InputError, match="^zero: is not a regular file"):
        read_limited(__import__("pathlib").Path("/dev/zero"), "zero", 100)


def png(width: int, height: int) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + header
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk))


def jpeg(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def test_image_sizes_are_read_from_the_headers():
    assert image_size(png(640, 480)) == (640, 480)
    assert image_size(jpeg(1200, 800)) == (1200, 800)
    assert image_size(b"GIF89a....") is None and image_size(b"<svg/>") is None


@pytest.mark.parametrize("data, message", [
    (png(8000, 5000), None),
    (jpeg(300, 200), None),
    (png(9000, 5000), "image 'art/map.png' is 9000 x 5000 pixels; images are limited to 40000000 pixels (and may "
                      "not be empty)"),
    (png(0, 10), "image 'art/map.png' is 0 x 10 pixels; images are limited to 40000000 pixels (and may not be "
                 "empty)"),
    (b"<svg onload='alert(1)'/>", "image 'art/map.png' is not a PNG or JPEG file (expected one of those)"),
])
def test_read_image(tmp_path, data, message):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "map.png").write_bytes(data)
    report = Report()
    found = read_image(tmp_path, "art/map.png", report, WHERE)
    assert (found, [i.message for i in report.issues]) == ((data, []) if message is None else (None, [message]))


def test_read_image_limits_the_file_and_the_path(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "MAX_IMAGE_BYTES", 50)
    (tmp_path / "big.png").write_bytes(png(10, 10) + b"\x00" * 100)
    report = Report()
    assert read_image(tmp_path, "big.png", report, WHERE) is None
    assert read_image(tmp_path, "/etc/hostname", report, WHERE) is None
    assert [(i.code, i.message) for i in report.issues] == [
        ("path.image", "image 'big.png' is 133 bytes; images are limited to 50"),
        ("path.outside", "path '/etc/hostname' must be relative to the game folder (no absolute path)")]
