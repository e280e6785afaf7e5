"""map.grid-fit: adjacency data that fit another stagger or orientation say which."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.checking import check_game
from generator.geometry.gridfit import better_grid
from generator.model.mapdata import GridSpec

DATA = Path(__file__).parent.parent / "data"


def pairs_of(spec: GridSpec, count: int = 12) -> list[tuple[str, str]]:
    """Pairs adjacent under `spec`, going down-right so both staggers matter."""
    from generator.geometry.mapgrid import grid_for
    grid = grid_for(spec)
    out = []
    for col in range(2, 2 + count):
        for direction in grid.directions[1:3]:
            other = grid.neighbour(col, 5, direction)
            out.append((grid.hex_id(col, 5), grid.hex_id(*other)))
    return out


def test_pairs_made_with_even_stagger_suggest_even():
    truth = GridSpec(columns=20, rows=10, stagger="even")
    declared = GridSpec(columns=20, rows=10)  # the default: flat, odd
    found = better_grid(declared, pairs_of(truth))
    assert found is not None
    now, better = found
    assert (better.spec.orientation, better.spec.stagger, better.misfits) == ("flat", "even", 0)
    assert now.misfits == 12 and now.pairs == 24


def test_pairs_that_fit_say_nothing():
    spec = GridSpec(columns=20, rows=10, orientation="pointy", stagger="even")
    assert better_grid(spec, pairs_of(spec)) is None


def test_a_few_typos_do_not_suggest_another_grid():
    spec = GridSpec(columns=20, rows=10)
    pairs = pairs_of(spec) + [("0305", "0905"), ("0405", "0407")]
    assert better_grid(spec, pairs) is None


def game_with(tmp_path, old: str, new: str) -> Path:
    game_dir = tmp_path / "wef"
    shutil.copytree(DATA / "when-eagles-fight", game_dir)
    text = (game_dir / "game.yaml").read_text(encoding="utf-8")
    assert old in text
    (game_dir / "game.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return game_dir


def test_a_wrong_stagger_in_game_yaml_gets_the_hint_at_the_key(tmp_path):
    game_dir = game_with(tmp_path, "      stagger: odd", "      stagger: even")
    line = (game_dir / "game.yaml").read_text(encoding="utf-8").splitlines().index("      stagger: even") + 1
    report = check_game(game_dir, None)
    hints = [i for i in report.issues if i.code == "map.grid-fit"]
    assert [i.format() for i in hints] == [
        f"wef/game.yaml:{line}:7: warning: map.grid-fit: map 'main': 9 of 32 hexsides and named-line sides join hexes "
        "that are not adjacent with orientation: flat, stagger: even; with orientation: flat, stagger: odd every one "
        "of them is adjacent. Did you mean stagger: odd? (the defaults are orientation: flat, stagger: odd)"]
    assert len([i for i in report.issues if i.code == "hexside.not-adjacent"]) == 9


def test_a_wrong_orientation_gets_the_hint(tmp_path):
    game_dir = game_with(tmp_path, "      orientation: flat", "      orientation: pointy")
    report = check_game(game_dir, None)
    hints = [i.message for i in report.issues if i.code == "map.grid-fit"]
    assert len(hints) == 1 and hints[0].endswith("Did you mean orientation: flat? (the defaults are orientation: flat, stagger: odd)")


def test_named_line_hexsides_count_as_adjacency(tmp_path):
    """A rivers-and-roads line given as hexsides pairs, drawn for an even stagger."""
    from generator.geometry.mapgrid import grid_for
    truth = grid_for(GridSpec(columns=33, rows=38, first_column=10, stagger="even"))
    pairs = [f"{truth.hex_id(c, 30)}/{truth.hex_id(*truth.neighbour(c, 30, 'SE'))}" for c in range(12, 24)]
    line = "      - {id: road, name: A road, hexsides: [" + ", ".join(pairs) + "]}\n"
    game_dir = game_with(tmp_path, "    lines:\n", "    lines:\n" + line)
    text = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(text.replace("    hexsides: map/hexsides.csv\n", ""), encoding="utf-8")
    report = check_game(game_dir, None)
    hints = [i.message for i in report.issues if i.code == "map.grid-fit"]
    assert hints == ["map 'main': 6 of 12 hexsides and named-line sides join hexes that are not adjacent with "
                     "orientation: flat, stagger: odd; with orientation: flat, stagger: even every one of them is "
                     "adjacent. Did you mean stagger: even? (the defaults are orientation: flat, stagger: odd)"]


def test_the_sample_games_fit_their_grids():
    for name in ("when-eagles-fight", "glorys-end", "great-war-near-east", "blitz-in-the-east"):
        report = check_game(DATA / name, None)
        assert not [i for i in report.issues if i.code == "map.grid-fit"], name
