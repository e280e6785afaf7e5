"""What `warkit serve` re-reads and re-checks after an edit, held to account.

- A rule may read only the kinds of input it declares (validation/registry.py): run on a
  game that records every attribute asked of it, a rule touching a table it does not declare
  fails here. Every sample game and every fixture game is run, so most paths are taken.
- A load reusing the last one (io/loader.py) gives the same game and report as a load from
  scratch, after an edit of each kind; and the checks kept from the last run give the same
  issues as a full check.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from generator.io.inputs import ALL, CARDS, CATALOG, MAP, MARKERS, SCENARIOS, SPEC, UNITS
from generator.io.loader import load_game
from generator.model.game import Game
from generator.validation import rules  # noqa: F401 - registers every rule
from generator.validation.registry import RULES, Context, find, run_checks
from generator.validation.report import Report

ROOT = Path(__file__).parent.parent
GAMES = sorted(p.parent for p in [*ROOT.glob("data/*/game.yaml"), *ROOT.glob("tests/fixtures/*/game.yaml")])
# The Game attributes holding each kind's rows; `folder` is where files are opened from.
FIELD_KIND = {"units": UNITS, "markers": MARKERS, "hexes": MAP, "hexsides": MAP, "areas": MAP, "links": MAP,
              "scenarios": SCENARIOS, "cards": CARDS}
FILES = ("folder", "input_files")


class Recording(Game):
    """A game noting the name of every attribute asked of it (its own methods' too)."""

    def __getattribute__(self, name):
        if not name.startswith("__"):
            object.__getattribute__(self, "__dict__").setdefault("_asked", set()).add(name)
        return object.__getattribute__(self, name)


def recording(game: Game) -> Recording:
    return Recording(**{f.name: getattr(game, f.name) for f in dataclasses.fields(Game)})


@pytest.fixture(scope="module")
def loaded_games():
    return {path.name: load_game(path).game for path in GAMES}


def test_every_rule_reads_only_the_inputs_it_declares(loaded_games):
    wrong = []
    for name, game in loaded_games.items():
        assert game is not None, name
        for registered in RULES:
            watched = recording(game)  # a fresh game: nothing derived is cached from another rule
            watched.__dict__.pop("_asked", None)
            list(registered.check(Context(watched)))
            asked = watched.__dict__.get("_asked", set())
            kinds = {FIELD_KIND[a] for a in asked if a in FIELD_KIND}
            if asked & set(FILES):
                kinds.add(CATALOG)  # the only files a rule opens are the catalogs
            if not kinds <= registered.reads:
                wrong.append(f"{registered.code} ({registered.check.__name__}) reads {sorted(kinds - registered.reads)} "
                             f"undeclared, on {name}")
    assert not wrong, "\n".join(wrong)


def test_the_declared_reads_are_narrow_where_they_matter():
    by_name = {r.check.__name__: r.reads for r in RULES}
    # Hand-written: an edit of the units table re-runs these, not the map's or the decks'.
    assert by_name["unit_references"] == frozenset({SPEC, UNITS, MARKERS})
    assert by_name["hex_rows"] == frozenset({SPEC, MAP})
    assert by_name["totals"] == frozenset({SPEC, CARDS})
    assert by_name["untranslated"] == ALL  # every printed string, and the game's catalog
    assert by_name["untranslated_warkit"] == frozenset({SPEC, CATALOG})


def edit(game_dir: Path, relative: str, old: str, new: str) -> None:
    path = game_dir / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, (relative, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# (kind, file, text, replacement): each makes the fixture game different in that input.
EDITS = [
    (UNITS, "units.csv", "b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,9-7-4"),
    (UNITS, "units.csv", "b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,6-7"),  # a wrong face
    (UNITS, "units.csv", "b2,bl,inf,XX,2,3-3-4,0101", "b2,bl,inf,XX,2,3-3-4,0909"),  # sets up off the map
    (MAP, "map/hexes.csv", "0303,forest", "0303,clear"),
    (MAP, "map/hexes.csv", "0303,forest", "0303,jungle"),  # undeclared terrain
    (SCENARIOS, "scenarios/opening.yaml", "end_turn: 4", "end_turn: 9"),  # past the track
    (SPEC, "game.yaml", "title: Mini War", "title: Mini War II"),
]


@pytest.mark.parametrize("kind, relative, old, new", EDITS)
def test_a_reload_and_a_recheck_after_an_edit_equal_a_fresh_load_and_check(tmp_path, kind, relative, old, new):
    game_dir = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini", game_dir)
    before = load_game(game_dir)
    found_before = find(before.game)
    edit(game_dir, relative, old, new)
    again = load_game(game_dir, before, {kind})
    fresh = load_game(game_dir)
    assert again.game == fresh.game and again.report == fresh.report
    assert again.game != before.game  # the edit was seen
    if kind != SPEC:  # the rows of the other kinds are the very same objects, not read again
        reread = {kind, SCENARIOS} if kind == UNITS else {kind}  # the scenarios read the units' codes
        kept = [f for f, k in FIELD_KIND.items() if k not in reread]
        assert all(getattr(again.game, f) is getattr(before.game, f) for f in kept)
    checked = Report(list(again.report.issues))
    checked.extend(i for _, issues in find(again.game, None, found_before, {kind}) for i in issues)
    full = run_checks(fresh.game, Report(list(fresh.report.issues)))
    assert checked.sorted() == full.sorted()


def test_after_an_edit_only_the_rules_reading_its_kind_run_again(tmp_path, monkeypatch):
    from generator.validation import registry

    ran: list[str] = []

    def counted(registered):
        def check(ctx):
            ran.append(registered.check.__name__)
            return registered.check(ctx)
        return dataclasses.replace(registered, check=check)

    monkeypatch.setattr(registry, "RULES", [counted(r) for r in RULES])
    game = load_game(ROOT / "tests" / "fixtures" / "mini").game
    first = find(game)
    assert len(ran) == len(RULES)
    ran.clear()
    again = find(game, None, first, {MAP})
    assert {"hex_rows", "hexsides", "map_references", "grid_fit", "untranslated", "setup"} <= set(ran)
    assert not {"faces", "copies", "totals", "scenario_turns", "untranslated_warkit", "turns", "glyphs"} & set(ran)
    assert again == first  # the same game: the same issues, kept or found again


def test_a_reload_after_a_units_edit_keeps_the_pictures_read_before(tmp_path):
    """Blitz in the East's units name pictures: an edit of units.csv reads the units again but
    not the pictures (their files did not change; an edit of one is of kind SPEC, a full load)."""
    game_dir = tmp_path / "blitz"
    shutil.copytree(ROOT / "data" / "blitz-in-the-east", game_dir)
    before = load_game(game_dir)
    assert len(before.game.pictures) == 7
    units = game_dir / "units.csv"
    text = units.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    units.write_text(lines[0] + "".join(reversed(lines[1:])), encoding="utf-8")  # the rows in another order
    again = load_game(game_dir, before, {UNITS})
    fresh = load_game(game_dir)
    assert again.game == fresh.game and again.report == fresh.report
    assert sorted(again.game.pictures) == sorted(fresh.game.pictures) == sorted(before.game.pictures)
    assert all(again.game.pictures[path] is before.game.pictures[path] for path in before.game.pictures)
    assert again.game.input_files == fresh.game.input_files
