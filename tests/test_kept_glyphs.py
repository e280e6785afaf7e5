"""Whether the faces draw every character, kept between runs (fonts/faces.draws_all, through
generator/kept.py): a yes is read back without reading the faces' tables, a no is never kept,
and another face or another character asks again."""

from __future__ import annotations

import pytest

from generator.fonts import faces
from generator.fonts.faces import FACES, draws_all


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path / "kept"))
    faces.use_game_fonts(None)  # the bundled faces
    return tmp_path / "kept" / "fonts"


def _unread(monkeypatch):
    def covered(font):
        raise AssertionError(f"the table of characters of {font} was read")

    monkeypatch.setattr(faces, "_covered", covered)


def test_a_yes_is_kept_and_read_back(kept, monkeypatch):
    assert draws_all("Bosque ñandú – «Ebro»", FACES)
    assert len(list(kept.glob("*.drawn"))) == 1
    _unread(monkeypatch)
    assert draws_all("«Ebro» – ñandú Bosque", FACES)  # the same characters, in any order
    with pytest.raises(AssertionError, match="table of characters"):
        draws_all("Bosque ñandú – «Ebro» Ω", FACES)  # one more character: asked again


def test_a_no_is_never_kept(kept):
    for _ in range(2):
        assert not draws_all("Bosque \u6226", FACES)  # a CJK character DejaVu lacks
    assert not kept.exists() or not list(kept.glob("*.drawn"))
    assert draws_all("Bosque", ["sans"]) and not draws_all("\u6226", ["sans"])


def test_other_faces_ask_again(kept, monkeypatch):
    assert draws_all("Bosque", ["sans"])
    _unread(monkeypatch)
    assert draws_all("Bosque", ["sans"])
    with pytest.raises(AssertionError, match="table of characters"):
        draws_all("Bosque", ["sans", "condensed"])
