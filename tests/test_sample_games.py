"""Every sample game in data/ passes `warkit check` with no errors and no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checking import check_game
from generator.io.loader import load_game

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = sorted(p.parent for p in DATA.glob("*/game.yaml"))


@pytest.mark.parametrize("game_dir", GAMES, ids=[g.name for g in GAMES])
def test_sample_game_is_clean(game_dir):
    report = check_game(game_dir)
    assert [i.format() for i in report.issues] == []


def test_when_eagles_fight_facts_from_the_rulebook():
    game = load_game(DATA / "when-eagles-fight").game
    ah1 = next(u for u in game.units if u.code == "2425")  # WEF 2.4: A-H I Corps starts in 2425
    assert (ah1.nationality, [f.text for f in ah1.faces], ah1.steps) == ("ah", ["6-7-4", "3-4-3"], 1)
    assert game.step_systems[ah1.step_system].kind == "reformed"  # WEF 2.12
    names = {h.hex_id: h.name for h in game.hexes if h.name}
    assert names["2419"].startswith("Warsaw") and names["2314"].startswith("K")
    crt = game.tables["crt"]
    assert crt.cells[crt.rows.index("6")][crt.columns.index("3:1")] == "1/E"  # WEF 13.20
    assert (crt.roll_min, crt.roll_max, crt.below) == (1, 9, "E/0")
    assert len(game.spec.turn_track.turns) == 24
