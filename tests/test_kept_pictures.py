"""SVG pictures kept between runs (generator/io/pictures.py, through generator/kept.py): the
clean document a former run made of a file is read back instead of the file being read and
written again, gives the very same picture, and a file refused is refused again each time."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.io.pictures import read_picture
from generator.model.source import Location
from generator.validation.report import Report
from pictures_helpers import PLANE_SVG

WHERE = Location("units.csv", 2, 12)


@pytest.fixture
def kept(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path / "kept"))
    return tmp_path / "kept" / "pictures"


def _read(game: Path, name: str = "art/plane.svg"):
    report = Report()
    return read_picture(game, name, WHERE, report), [issue.format() for issue in report.issues]


def _fields(picture) -> tuple:
    return picture.path, picture.kind, picture.data, picture.width_px, picture.height_px, picture.digest


def test_a_kept_svg_gives_the_same_picture(tmp_path, kept):
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "plane.svg").write_text(PLANE_SVG, encoding="utf-8")
    first, problems = _read(game)
    assert problems == [] and len(list(kept.glob("*.svg"))) == 1
    second, _ = _read(game)
    assert (second.width_px, second.height_px) == (100.0, 50.0)
    assert _fields(second) == _fields(first)
    assert second.data.startswith(b'<?xml version="1.0" encoding="utf-8"?>\n<svg ')
    assert b'viewBox="0 0 100 50"' in second.data and b'preserveAspectRatio="none"' in second.data
    [path] = kept.glob("*.svg")
    data = path.read_bytes()
    path.write_bytes(data[:-10])  # damaged: its digest no longer matches
    third, _ = _read(game)
    assert _fields(third) == _fields(first)


def test_an_edited_svg_is_read_again(tmp_path, kept):
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    svg = game / "art" / "plane.svg"
    svg.write_text(PLANE_SVG, encoding="utf-8")
    _read(game)
    svg.write_text(PLANE_SVG.replace('viewBox="0 0 100 50"', 'viewBox="0 0 80 40"'), encoding="utf-8")
    picture, _ = _read(game)
    assert (picture.width_px, picture.height_px) == (80.0, 40.0)
    assert len(list(kept.glob("*.svg"))) == 2


def test_a_refused_svg_is_never_kept(tmp_path, kept):
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "bad.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">\n'
                                          '<script>alert(1)</script></svg>', encoding="utf-8")
    for _ in range(2):
        picture, problems = _read(game, "art/bad.svg")
        assert picture is None
        assert problems == ["game/art/bad.svg:2:1: error: image.svg: SVG picture holds a script; refused (named at "
                            "units.csv:2:12)"]
    assert not kept.exists() or not list(kept.glob("*.svg"))
