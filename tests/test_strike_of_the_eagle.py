"""Strike of the Eagle: the rulebook's facts and counts in the data, the stacking limit as
data (Eastern Links exempt), and its charts and tracking sheet on the page in both languages."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from checks import issues
from conftest import GameFolder
from generator.components import chart_style as cs
from generator.components.dice_tables import tables_document
from generator.components.sequence_of_play import sequence_document
from generator.components.turn_track import track_sections
from generator.io.loader import load_game
from test_charts_fit import _context, _outside

GAME = Path(__file__).resolve().parent.parent / "data" / "strike-of-the-eagle"
NAME = "strike-of-the-eagle"


@pytest.fixture(scope="module")
def game():
    loaded = load_game(GAME)
    assert loaded.game is not None and not loaded.report.errors
    return loaded.game


def test_the_counts_the_rules_give(game):
    blocks = [u for u in game.units if game.is_block(u)]
    assert len(blocks) == 110  # rule: Componentes
    assert all(1 <= u.steps <= 4 for u in blocks)
    leaders = {u.designation for u in blocks if u.type_id == "leader"}
    assert leaders == {"Piłsudski", "Sikorski", "Haller", "Tukhachevsky", "Budyonny", "Stalin"}
    assert all(u.steps == 1 for u in blocks if u.type_id == "leader")  # 1 SP headquarters
    held = {deck.id: sum(c.copies for c in game.cards_of(deck.id)) for deck in game.spec.decks}
    assert held == {"polish-events": 55, "soviet-events": 55, "polish-orders": 32, "soviet-orders": 32}
    for side in ("polish", "soviet"):  # rule: Colocar marcadores de orden, x5 x5 x2 x5 x5 x2 x5 x2 x1
        counts = {c.card_id: c.copies for c in game.cards_of(f"{side}-orders")}
        assert counts == {"forced-march-to": 5, "forced-march": 5, "recon": 2, "move-to": 5, "move-out": 5,
                          "withdraw": 2, "defend": 5, "reorganize": 2, "rail": 1}


def test_the_map_names_what_the_rules_name(game):
    links = {a.area_id for a in game.areas if "eastern_link" in a.features}
    assert links == {"yartsevo", "klintsy", "elizavetgrad"}
    assert "strategic_city" in game.area_index[("poland", "kaunas")].features
    assert Counter(a.region for a in game.areas).keys() == {"north", "south"}
    kinds = {kind for link in game.links for kind in link.kinds}
    assert kinds == {"road", "rail"}
    (limit,) = game.spec.stacking.limits
    assert (limit.measure, limit.max, limit.exempt_types, limit.exempt_features) == \
        ("units", 4, ["garrison"], ["eastern_link"])
    track = game.spec.turn_track
    assert [p.id for p in track.phases][1:6] == ["op1", "op2", "op3", "op4", "op5"]
    assert all(t.first == 1 and t.sides == ["polish", "soviet"] for t in track.tracks)  # no 0


def test_the_eastern_links_stack_without_limit_and_nowhere_else(tmp_path):
    copy = GameFolder(tmp_path / NAME)
    shutil.copytree(GAME, copy.path, ignore=shutil.ignore_patterns("locales"))
    copy.replace("game.yaml", "languages: [en, es]", "languages: [en]")
    assert issues(copy, "stacking") == []  # five Soviet blocks set up in Yartsevo
    copy.replace("map/areas.csv", "eastern_link;supply_depot", "supply_depot")
    assert issues(copy, "stacking") == [
        "strike-of-the-eagle/scenarios/battle-of-warsaw.yaml:63:5: error: stacking.setup-limit: unit 'so-56rd' "
        "overstacks area yartsevo in scenario 'battle-of-warsaw': it holds 5 units (so-21rd, so-29rd, so-33rd, "
        "so-48rd, so-56rd); the limit is at most 4 friendly blocks per area at the end of an operation phase "
        "(garrisons do not count; no limit in the Eastern Links) (rule: Stacking)"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_charts_keep_inside_the_margins(language):
    context = _context(NAME, language)
    documents = [("tables", tables_document(context)[1]), ("sequence-of-play", sequence_document(context)[1])]
    documents += [(f"turn-track {s.scenario_id}", pages) for s, pages in track_sections(context)]
    assert [name for name, _ in documents] == ["tables", "sequence-of-play", "turn-track battle-of-warsaw",
                                              "turn-track kiev-offensive"]
    problems = [f"{name} p{n}: {what}" for name, pages in documents for n, page in enumerate(pages, start=1)
                for what in _outside(page, cs.MARGIN_MM)]
    assert problems == []
