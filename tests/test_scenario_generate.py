"""`warkit scenario generate`: seeded random deployments that meet every constraint (a
thousand per sample game, each run through the real scenario checks), reproducible from the
seed, written as ordinary scenario files that load, check and chart like hand-written ones;
constraint sets no deployment can meet are refused with a message that says which."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.build.components import BuildContext
from generator.build.options import BuildOptions
from generator.checking import check_game
from generator.cli.app import app
from generator.components.setup_chart import setup_pages
from generator.io.loader import load_game
from generator.scenarios import check_scenario, generate_file
from generator.scenarios.diff import differences
from generator.scenarios.feasibility import CannotDeploy
from generator.scenarios.generate import generate
from generator.scenarios.write import as_scenario, scenario_text

DATA = Path(__file__).resolve().parent.parent / "data"
FREE_SCENARIOS = {
    "when-eagles-fight": ["free-setup", "schlieffen-east", "plan-19"],
    "glorys-end": ["short-campaign", "free-setup"],
}


def _sample(name: str):
    if not (DATA / name / "game.yaml").exists():
        pytest.skip(f"sample game {name} not in this checkout")
    return load_game(DATA / name).game


def _in_memory(game, scenario, seed, sides=None):
    deployed = generate(game, scenario, seed, sides)
    written = scenario_text(deployed, "generated", "test")
    return deployed, written, as_scenario(deployed, "generated", written, "generated.yaml")


@pytest.mark.parametrize("name", sorted(FREE_SCENARIOS))
def test_a_thousand_seeded_deployments_all_pass_the_check(name):
    game = _sample(name)
    ids = FREE_SCENARIOS[name]
    failed, setups = [], set()
    for seed in range(1000):
        source = game.scenario_index[ids[seed % len(ids)]]
        _, _, result = _in_memory(game, source, seed)
        assert result.free_units() == [] and len(result.setup) > len(source.setup)
        report = check_scenario(game, result)
        if report.issues:
            failed.append((source.scenario_id, seed, [i.format() for i in report.issues][:2]))
        setups.add(tuple((p.unit_id, p.hex_id) for p in result.setup))
    assert failed == []
    assert len(setups) == 1000  # every seed its own deployment


def test_the_same_seed_gives_the_same_file_and_another_seed_another():
    game = _sample("glorys-end")
    source = game.scenario_index["free-setup"]
    texts = [_in_memory(game, source, seed)[1].text for seed in (5, 5, 6)]
    assert texts[0] == texts[1] != texts[2]


def test_the_check_sees_what_the_generator_places():
    """A generated deployment broken by hand fails the same checks the generator obeys."""
    game = _sample("glorys-end")
    _, _, result = _in_memory(game, game.scenario_index["short-campaign"], 11)
    moved = [p if p.unit_id != "de-2" else type(p)(p.unit_id, "4520", None, None, p.where) for p in result.setup]
    report = check_scenario(game, type(result)(**{**result.__dict__, "setup": tuple(moved)}))
    assert {i.code for i in report.issues} >= {"deployment.region", "deployment.distance"}


def _copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(DATA / name, target)
    return target


@pytest.mark.parametrize("name, source", [("glorys-end", "free-setup"), ("when-eagles-fight", "schlieffen-east")])
def test_a_generated_file_loads_checks_and_charts_like_any_scenario(name, source, tmp_path):
    _sample(name)
    folder = _copy(name, tmp_path)
    game = load_game(folder).game
    made = generate_file(game, folder, source, seed=42)
    assert made.path == folder / "scenarios" / f"{source}-seed-42.yaml"
    report = check_game(folder)
    assert [i.format() for i in report.issues] == []  # strict: no warning either (titles are inherited)
    reloaded = load_game(folder).game
    loaded = reloaded.scenario_index[f"{source}-seed-42"]
    assert differences(reloaded, loaded, made.scenario) == []
    assert [(p.unit_id, p.where.line) for p in loaded.setup] == [(p.unit_id, p.where.line) for p in made.scenario.setup]
    context = BuildContext(reloaded, BuildOptions(out_dir=tmp_path / "out", counter_size_mm=15.875), "en")
    _, anchors = setup_pages(context, loaded)
    on_map = {name.removeprefix("map:unit:") for name in anchors if name.startswith("map:unit:")}
    assert on_map == {p.unit_id for p in loaded.setup if p.hex_id}
    with pytest.raises(Exception, match="exists"):
        generate_file(game, folder, source, seed=42)


def test_one_side_at_a_time_in_the_deployment_order(tmp_path):
    _sample("glorys-end")
    folder = _copy("glorys-end", tmp_path)
    game = load_game(folder).game
    first = generate_file(game, folder, "free-setup", seed=3, sides=["allied"])
    sides = {game.side_of(game.unit_index[u]) for u in first.scenario.free_units()}
    assert sides == {"german"} and first.markers == 5  # the five French mobilization markers (GE 3.5)
    game = load_game(folder).game
    assert [i.format() for i in check_game(folder).issues] == []
    second = generate_file(game, folder, first.scenario.scenario_id, seed=4)
    assert second.sides == ["german"] and second.scenario.free_units() == [] and second.markers == 7
    allied_before = {p.unit_id: p.hex_id for p in first.scenario.setup}
    assert all({p.unit_id: p.hex_id for p in second.scenario.setup}[u] == h for u, h in allied_before.items())
    assert [i.format() for i in check_game(folder).issues] == []


# -- constraint sets no deployment can meet ---------------------------------------------

RED = """title: Free opening
extends: opening
deployment:
  groups:
    - id: reds
      side: red
      units: {nationalities: [rd], codes: [hex]}
"""

UNITS = ("id,nationality,type,size,designation,factors,code,copies,source,steps,step_system\n"
         "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,\n"
         "r1,rd,inf,XXX,1,5-6-4|3-4-4|2-3-4,0505,1,illustrative,3,big\n"
         "r3,rd,inf,XXX,3,6-6-4|5-5-4|3-3-4|2-2-4,0504,1,illustrative,4,big\n"
         "r4,rd,inf,XXX,4,6-6-4|5-5-4|3-3-4|2-2-4,0504,1,illustrative,4,big\n"
         "r5,rd,inf,XX,5,2-2-4,0504,1,illustrative,,\n")
# Two hexes of Redland hold at most 2 corps and 6 steps each: the 12 steps and 3.5 corps of
# r1 (3 steps), r3, r4 (4 each) and r5 (1) fit the totals but no packing of them.


def _refused(mini, group: str, extra: str = "") -> str:
    mini.write("units.csv", UNITS)
    mini.write("scenarios/free.yaml", RED + group + extra)
    game = load_game(mini.path).game
    with pytest.raises(CannotDeploy) as caught:
        generate(game, game.scenario_index["free"], seed=1)
    return str(caught.value)


IMPOSSIBLE = [
    pytest.param("      regions: [neutralia]\n", "",
                 "no hex is open to unit 'r1' of group 'reds': no hex of Neutralia on map 'main' may hold it",
                 id="no-hex-in-the-regions"),
    pytest.param('      within: {hexes: 1, of_marker: control-red}\n', "",
                 "no hex is open to unit 'r1' of group 'reds': it must stand near marker 'control-red', which is "
                 "not on the map", id="marker-not-placed"),
    pytest.param('      within: {hexes: 0, of_hex: "0505"}\n', "",
                 "the 4 unit(s) of group 'reds' that may use the same 1 hexes (0505) need room for 3.5 weight there, "
                 "but those hexes hold at most 2 more under 'at most 2 corps'", id="too-many-for-the-room"),
    pytest.param("      regions: [redland]\n      at_least: [{count: 5, regions: [redland]}]\n", "",
                 "group 'reds' must set up at least 5 unit(s) in Redland, but only 4 of its units may stand there",
                 id="at-least-more-than-the-group"),
    pytest.param("      regions: [redland]\n", "  markers:\n    - {side: red, markers: [control-red, turn], "
                 "regions: [neutralia]}\n",
                 "the 2 markers of side 'red' need 2 hex(es) of Neutralia, but only 1 are there",
                 id="markers-without-room"),
    pytest.param("      regions: [redland]\n", "",
                 "could not place unit 'r1' of group 'reds': none of the 2 hexes open to it has room left "
                 "(2 limit 'at most 6 steps')", id="search-exhausted"),
]


@pytest.mark.parametrize("group, extra, message", IMPOSSIBLE)
def test_an_impossible_constraint_set_is_refused_with_its_reason(mini, group, extra, message):
    assert _refused(mini, group, extra) == message


def test_the_command_line_refuses_an_impossible_deployment_and_writes_nothing(mini):
    mini.write("units.csv", UNITS).write("scenarios/free.yaml", RED + "      regions: [neutralia]\n")
    before = sorted(p.name for p in (mini.path / "scenarios").iterdir())
    result = CliRunner().invoke(app, ["scenario", "generate", str(mini.path), "--from", "free", "--seed", "1"])
    assert result.exit_code == 1
    assert "no legal deployment of 'free': no hex is open to unit 'r1'" in result.output
    assert sorted(p.name for p in (mini.path / "scenarios").iterdir()) == before


def test_the_command_line_writes_a_clean_scenario(mini):
    mini.write("scenarios/free.yaml", RED + "      regions: [redland]\n")
    result = CliRunner().invoke(app, ["scenario", "generate", str(mini.path), "--from", "free", "--seed", "9"])
    assert result.exit_code == 0, result.output
    assert "free-seed-9.yaml: 2 unit(s) and 0 marker(s) placed for red (seed 9)" in result.output
    assert "ok: no errors" in result.output
    assert (mini.path / "scenarios" / "free-seed-9.yaml").read_text().count("{unit: r") == 2
