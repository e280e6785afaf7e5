"""Caches belong to the build that filled them: nothing a build measured or drew reaches the
next one, and other fonts empty them."""

from __future__ import annotations

from generator import caches
from generator.build.runner import build_game
from generator.components.counters.art import PICTURES, draw_face
from generator.components.counters.images import SVG_IMAGES
from generator.components.counters.plan import plan_counters
from generator.fonts.faces import use_game_fonts
from generator.io.loader import load_game


def test_a_scope_keeps_its_own_stores_and_drops_them_at_its_end():
    caches.store("test store")["a"] = 1
    with caches.build_caches() as mine:
        assert caches.store("test store") == {}
        caches.store("test store")["b"] = 2
        assert mine.store("test store") == {"b": 2}
    assert caches.store("test store") == {"a": 1}
    caches.clear()
    assert caches.store("test store") == {}


def test_memoised_calls_once_per_build():
    calls = []

    @caches.memoised
    def measured(text):
        calls.append(text)
        return len(text)

    with caches.build_caches():
        assert (measured("Metz"), measured("Metz"), measured("Toul")) == (4, 4, 4)
    with caches.build_caches():
        assert measured("Metz") == 4
    assert calls == ["Metz", "Toul", "Metz"]  # the second build worked it out again


def test_a_build_leaves_nothing_in_the_process(mini, tmp_path):
    caches.clear()
    build_game(mini.path, tmp_path / "out", {"only": ("counters",), "languages": ("en",)}, jobs=1)
    assert (tmp_path / "out" / "mini" / "en" / "counters.pdf").is_file()
    assert caches.store(PICTURES) == {} and caches.store(SVG_IMAGES) == {}


def test_other_fonts_empty_the_running_builds_caches(mini):
    game = load_game(mini.path).game
    face = plan_counters(game)[0].counters[0].front
    with caches.build_caches() as mine:
        first = draw_face(face, 15.875).picture
        assert len(mine.store(PICTURES)) == 1
        assert draw_face(face, 15.875).picture is first  # drawn once per build
        use_game_fonts(None)  # a no-op: DejaVu is already in force
        assert len(mine.store(PICTURES)) == 1
        caches.clear()  # what use_game_fonts does when other faces come into force
        assert mine.store(PICTURES) == {}


def test_a_build_inside_a_session_shares_the_sessions_caches(mini, tmp_path):
    with caches.build_caches() as session:
        build_game(mini.path, tmp_path / "out", {"only": ("counters",), "languages": ("en",)}, jobs=1)
        drawn = dict(session.store(PICTURES))
        assert drawn  # the rebuild left its looks to the session
        build_game(mini.path, tmp_path / "out", {"only": ("counters",), "languages": ("en",)}, jobs=1)
        assert all(session.store(PICTURES)[key] is picture for key, picture in drawn.items())  # reused
    assert caches.store(PICTURES) == {}
