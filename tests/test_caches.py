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


def test_remembered_words_ask_the_translator_again_for_what_the_first_call_asked():
    from generator.i18n import Translator

    game, other_game = object(), object()
    calls = []

    def first_translator():
        return Translator.for_language("es")

    def compute(t):
        def run():
            calls.append(t)
            t.ui("Map")  # translated in warkit's catalog
            t.ui("a string no catalog holds")
            return ("drawn", len(calls))
        return run

    with caches.build_caches():
        one, two = first_translator(), first_translator()
        one.ui("Contents")  # asked before: not part of what the call asked
        assert caches.remembered_words("test words", game, "front", one, compute(one)) == ("drawn", 1)
        assert caches.remembered_words("test words", game, "front", two, compute(two)) == ("drawn", 1)
        assert len(calls) == 1  # worked out once
        assert one.printed == {("warkit", "Contents"): 1, ("warkit", "Map"): 1,
                               ("warkit", "a string no catalog holds"): 1}
        assert two.printed == {("warkit", "Map"): 1, ("warkit", "a string no catalog holds"): 1}
        assert [m.key for m in two.missing] == ["a string no catalog holds"]  # its fallback too
        english = Translator.for_language("en")
        assert caches.remembered_words("test words", game, "front", english, compute(english)) == ("drawn", 2)
        assert caches.remembered_words("test words", other_game, "front", two, compute(two)) == ("drawn", 3)
        assert caches.remembered_words("test words", game, "front", two, compute(two)) == ("drawn", 4)  # one game kept
    assert len(calls) == 4


def test_the_map_body_is_drawn_once_for_the_map_and_its_setup_maps_with_the_same_words(mini, tmp_path, monkeypatch):
    """Whatever ran first in a process, each document asks for the same strings (parity)."""
    from generator.build.components import COMPONENTS, BuildContext, all_components
    from generator.build.options import options_for
    from generator.components.mapparts import drawing

    all_components()
    game = load_game(mini.path).game
    options = options_for(game.spec.print, tmp_path / "out", {})
    drawn = []
    body = drawing.map_body
    monkeypatch.setattr(drawing, "map_body", lambda view, shape: drawn.append(view.spec.id) or body(view, shape))

    def printed(names):
        with caches.build_caches():
            context = BuildContext(game, options, "es")
            out = {}
            for name in names:
                COMPONENTS[name].build(context)
                out[name] = context.translator.take_printed()
            return out

    alone = printed(["setup"])
    assert drawn == ["main"]
    after_map = printed(["map", "setup"])
    assert drawn == ["main", "main"]  # the setup maps took the map's body
    assert after_map["setup"] == alone["setup"]
    assert any(key[0] == "game" and key[1].startswith("hex.") for key in alone["setup"])
