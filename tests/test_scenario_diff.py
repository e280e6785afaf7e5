"""`warkit scenario diff A B`: the difference as a scenario that extends A, with its keys and
changes; written as a file into the game it resolves (through the loader) back to B."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.checking import check_game
from generator.cli.app import app
from generator.io.loader import load_game
from generator.scenarios.diff import diff, differences

DATA = Path(__file__).resolve().parent.parent / "data"
PAIRS = [
    ("when-eagles-fight", "historical", "schlieffen-east"),
    ("when-eagles-fight", "schlieffen-east", "historical"),
    ("when-eagles-fight", "free-setup", "plan-19"),
    ("when-eagles-fight", "plan-19", "schlieffen-east"),
    ("glorys-end", "short-campaign", "free-setup"),
    ("glorys-end", "marne", "short-campaign"),
    ("glorys-end", "free-setup", "marne"),
]


@pytest.mark.parametrize("name, first, second", PAIRS)
def test_a_difference_saved_as_a_file_resolves_to_the_second_scenario(name, first, second, tmp_path):
    if not (DATA / name / "game.yaml").exists():
        pytest.skip(f"sample game {name} not in this checkout")
    folder = tmp_path / name
    shutil.copytree(DATA / name, folder)
    game = load_game(folder).game
    result = diff(game, folder, game.scenario_index[first], game.scenario_index[second])
    (folder / "scenarios" / "delta.yaml").write_text(result.text, encoding="utf-8")
    assert [i.format() for i in check_game(folder).issues if i.severity.value == "error"] == []
    again = load_game(folder).game
    assert differences(again, again.scenario_index["delta"], again.scenario_index[second]) == []
    assert differences(again, again.scenario_index["delta"], again.scenario_index[first]) != []


def test_the_difference_of_a_variant_is_its_changes():
    game = load_game(DATA / "when-eagles-fight").game
    text = diff(game, DATA / "when-eagles-fight", game.scenario_index["free-setup"],
                game.scenario_index["plan-19"]).text
    assert "extends: free-setup\n" in text
    assert "rules: {stavka-every-turn: on}\n" in text
    assert 'parameters: {russian-replacement-bonus: "2", russian-ammo-drm: "-1"}\n' in text
    assert "  remove: [ru-fort-novogeorgievsk, ru-fort-ivangorod, ru-fort-kovno, ru-fort-osowiec,\n" in text
    assert "deployment:" not in text and "  add:" not in text


def test_the_command_line_takes_files_or_ids(tmp_path):
    scenarios = DATA / "when-eagles-fight" / "scenarios"
    by_file = CliRunner().invoke(app, ["scenario", "diff", str(scenarios / "free-setup.yaml"),
                                       str(scenarios / "plan-19.yaml"), "--out", str(tmp_path / "d.yaml")])
    by_id = CliRunner().invoke(app, ["scenario", "diff", "free-setup", "plan-19", "--game",
                                     str(DATA / "when-eagles-fight")])
    assert by_file.exit_code == by_id.exit_code == 0, by_file.output + by_id.output
    assert by_file.output == by_id.output == (tmp_path / "d.yaml").read_text(encoding="utf-8")
    other = CliRunner().invoke(app, ["scenario", "diff", str(scenarios / "plan-19.yaml"),
                                     str(DATA / "glorys-end" / "scenarios" / "marne.yaml")])
    assert other.exit_code == 2 and "belong to different games" in other.output


def test_a_unit_back_to_full_strength_is_taken_out_and_in_since_a_move_keeps_its_steps():
    from generator.scenarios.diff import _Where, unit_changes
    before = {"a": _Where(("0101", None, 1, None, None), None, None), "b": _Where(("0202", None, 1, None, None), None, None)}
    after = {"a": _Where(("0101", None, None, None, None), None, None), "b": _Where(("0303", None, 2, None, None), None, None)}
    assert unit_changes(before, after) == {"remove": ["a"], "add": [{"unit": "a", "hex": "0101"}],
                                           "move": [{"unit": "b", "hex": "0303", "steps": 2}]}
