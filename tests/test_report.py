"""The designer's report on a small game whose figures are worked out by hand
(tests/fixtures/reportmini): order of battle, forces per turn, chances per column, expected
losses, typical attacks and the anomaly flags; then the files `warkit report` writes."""

from __future__ import annotations

import io
import json
import shutil
from fractions import Fraction as F
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from generator.build.components import BuildContext
from generator.build.options import options_for
from generator.checking import load_and_check
from generator.cli.app import app
from generator.model.tables import AttritionTable, OddsCrt
from generator.report import anomalies as an
from generator.report.analysis import analyse
from generator.report.combat import odds_column, odds_views
from generator.report.forces import force_frame, scenario_entries, side_totals
from generator.report.oob import oob_rows
from generator.report.outcomes import Losses, losses_of
from generator.report.replacements import replacement_schedule
from generator.report.typical import typical_readings

FIXTURE = Path(__file__).parent / "fixtures" / "reportmini"
runner = CliRunner()


@pytest.fixture(scope="module")
def game():
    loaded = load_and_check(FIXTURE, None)
    assert not loaded.report.errors, loaded.report
    return loaded.game


@pytest.fixture
def folder(tmp_path) -> Path:
    target = tmp_path / "reportmini"
    shutil.copytree(FIXTURE, target)
    return target


def context_of(game, language="en"):
    return BuildContext(game, options_for(game.spec.print, Path("unused"), {}), language)


def totals_of(game, scenario_id):
    scenario = game.scenario_index[scenario_id]
    forces = force_frame(game, scenario)
    return side_totals(game, scenario, forces, replacement_schedule(game))


# --- reading results ------------------------------------------------------------------

def test_odds_results_read_as_attacker_then_defender_steps(game):
    crt = game.tables["crt"]
    assert losses_of(crt, "1/2") == Losses(attacker=1, defender=2)
    assert losses_of(crt, "0/E") == Losses(attacker=0, defender=0, defender_eliminated=True)
    assert losses_of(crt, "E/0") == Losses(attacker=0, defender=0, attacker_eliminated=True)
    assert losses_of(crt, "0/1R") == Losses(attacker=0, defender=1, defender_retreats=True)
    assert losses_of(crt, "DE") is None  # not "attacker/defender": not read


def test_defender_first_tables_and_attrition_tables_read_their_order():
    bite = OddsCrt(id="g", name="G", kind="odds_crt", columns=["1:1"], rows=["1"], cells=[["2/1!"]],
                   result_pattern=r"(?P<defender>\d)/(?P<attacker>\d)(?P<retreat>!)?",
                   result_parts=[{"group": "defender", "hurts": "defender"}, {"group": "attacker", "hurts": "attacker"},
                                 {"group": "retreat", "hurts": "defender", "weight": 0.5}])
    assert losses_of(bite, "2/1!") == Losses(attacker=1, defender=2)
    attrition = AttritionTable(id="a", name="A", kind="attrition", columns=["0-9"], rows=["0-9"], cells=[["3-1"]],
                               result_pattern=r"(?P<x>\d)-(?P<y>\d)", outputs=[{"group": "x", "name": "hits"}])
    # the first number hits the row side (the defender), the second the column side
    assert losses_of(attrition, "3-1") == Losses(attacker=1, defender=3)
    assert losses_of(attrition, "x") is None


# --- replacements -----------------------------------------------------------------------

def test_replacements_come_from_the_turn_annotations_by_nationality_code(game):
    schedule = replacement_schedule(game)
    assert schedule.steps == {2: {"bl": 1, "rd": 2}, 3: {"rd": 1}}
    assert schedule.unread == ((4, "X3", "unknown", ()),)
    assert schedule.of_side(game, "red", 2) == 2
    assert schedule.of_side(game, "blue", 3) == 0


def test_a_code_is_an_abbreviation_or_the_start_of_exactly_one(game):
    from generator.model.track import Turn

    nationalities = [n.model_copy(update={"abbreviation": a}) for n, a in zip(game.spec.nationalities, ("A-H", "AR"))]
    turns = [Turn(turn=1, annotations={"Replacements": "A-H2 + AR1, Ar3; A1 - Q"})]
    spec = game.spec.model_copy(update={"nationalities": nationalities,
                                        "turn_track": game.spec.turn_track.model_copy(update={"turns": turns})})
    other = type(game)(spec=spec, folder=game.folder, units=game.units)
    schedule = replacement_schedule(other)
    assert schedule.steps == {1: {"bl": 2, "rd": 4}}
    assert schedule.unread == ((1, "A1", "ambiguous", ("bl", "rd")), (1, "Q", "form", ()))


def test_a_start_shared_within_one_side_counts_for_it_and_named_annotations_are_read(game):
    """A code two nationalities of one side start with ("B" of BI and BP) books its steps to the
    first of them; an annotation named in `replacement_annotations` ("RP") is a schedule too,
    any other name ("Bonus") is not."""
    from generator.model.track import Turn

    nationalities = [n.model_copy(update={"abbreviation": "RI"}) if n.side == "red" else n
                     for n in game.spec.nationalities]
    red = next(n for n in nationalities if n.side == "red")
    nationalities += [red.model_copy(update={"id": "rx", "abbreviation": "RP", "name": "Red Extra"})]
    turns = [Turn(turn=1, annotations={"RP": "R2 B1", "Bonus": "RI5"}), Turn(turn=2, annotations={"Rp": "r1"})]
    track = game.spec.turn_track.model_copy(update={"turns": turns, "replacement_annotations": ["RP"]})
    spec = game.spec.model_copy(update={"nationalities": nationalities, "turn_track": track})
    other = type(game)(spec=spec, folder=game.folder, units=game.units)
    schedule = replacement_schedule(other)
    assert schedule.steps == {1: {"rd": 2, "bl": 1}, 2: {"rd": 1}}
    assert schedule.unread == ()
    assert schedule.of_side(other, "red", 1) == 2 and schedule.of_side(other, "blue", 1) == 1


# --- forces -----------------------------------------------------------------------------

def test_forces_per_turn_from_set_up_arrivals_withdrawals_and_replacements(game):
    totals = totals_of(game, "base")
    rows = [tuple(int(v) for v in row[2:]) for row in totals.itertuples(index=False)]
    sides = [(int(row.turn), row.side) for row in totals.itertuples(index=False)]
    assert sides == [(1, "blue"), (1, "red"), (2, "blue"), (2, "red"), (3, "blue"), (3, "red"), (4, "blue"),
                     (4, "red")]
    # units, steps, attack, defence, replacements, replacements received so far
    assert rows == [
        (5, 10, 24, 20, 0, 0), (2, 2, 6, 12, 0, 0),     # r5 waits in the dead pile: not in play
        (5, 10, 24, 20, 1, 1), (3, 3, 8, 14, 2, 2),     # r3 arrives
        (4, 8, 20, 16, 0, 1), (4, 4, 11, 20, 1, 3),     # b2 withdrawn, r4 arrives
        (5, 10, 24, 20, 0, 1), (4, 4, 11, 20, 0, 3),    # b2 back; X3 read as nobody's
    ]


def test_forces_by_front_follow_the_regions_of_set_up_and_entry_hexes(game):
    forces = force_frame(game, game.scenario_index["base"])
    fronts = {(int(r.turn), r.side, r.front): int(r.steps) for r in forces.itertuples(index=False)}
    assert fronts == {(1, "blue", "region:west"): 10, (1, "red", "region:east"): 2,
                      (2, "blue", "region:west"): 10, (2, "red", "region:east"): 3,
                      (3, "blue", "region:west"): 8, (3, "red", "region:east"): 4,
                      (4, "blue", "region:west"): 10, (4, "red", "region:east"): 4}


def test_order_of_battle_rows(game):
    base = game.scenario_index["base"]
    rows = oob_rows(context_of(game), game, "blue", {"base": scenario_entries(game, base)})
    assert [r["unit"] for r in rows] == ["b1", "b2", "b3", "b4", "b5"]
    b2 = rows[1]
    assert (b2["steps"], b2["factor:attack"], b2["factor:defence"], b2["factor:movement"]) == (2, 4, 4, 4)
    assert (b2["faces"], b2["base:setup"], b2["base:arrival"]) == ("4-4-4 | 2-2-4", "0201", "")
    assert b2["base:withdrawal"] == "turn 3, back on turn 4"
    red = {r["unit"]: r for r in oob_rows(context_of(game), game, "red", {"base": scenario_entries(game, base)})}
    assert (red["r3"]["base:setup"], red["r3"]["base:arrival"]) == ("", "turn 2 (0505)")
    assert red["r5"]["base:setup"] == ""  # set up in the dead pile: not part of the forces


# --- combat -----------------------------------------------------------------------------

def view(views, kind, value):
    return next(v for v in views if v.kind == kind and v.value == value)


def test_chances_and_expected_losses_per_column(game):
    views = odds_views(game.tables["crt"])
    assert [(v.kind, v.value) for v in views] == [("drm", -2), ("drm", -1), ("drm", 0), ("drm", 1), ("drm", 2)]
    even = view(views, "drm", 0).columns[1]  # 1:1, unmodified
    assert even.chances == {"1/0": F(1, 6), "1/1": F(1, 6), "0/1": F(1, 3), "0/2": F(1, 6), "DE": F(1, 6)}
    assert (even.attacker, even.defender, even.unread) == (F(1, 3), F(5, 6), F(1, 6))
    plus = view(views, "drm", 1).columns[2]  # 2:1 at +1: rolls 2-6 and the 6 clamped
    assert plus.chances == {"0/1": F(1, 3), "0/2": F(1, 6), "0/E": F(1, 2)}
    assert (plus.attacker, plus.defender, plus.defender_eliminated) == (0, F(2, 3), F(1, 2))
    minus = view(views, "drm", -2).columns[0]  # 1:2 at -2: rolls 1-3 clamped to 1
    assert minus.chances == {"2/0": F(1, 2), "1/0": F(1, 6), "1/1": F(1, 3)}
    assert (minus.attacker, minus.defender) == (F(3, 2), F(1, 3))


def test_shifts_move_along_the_columns_and_off_the_left_end_to_below(game):
    crt = game.tables["crt"].model_copy(update={"drms": [], "shifts": [{"direction": "right", "condition": "x"}]})
    views = odds_views(crt)
    assert [(v.kind, v.value) for v in views] == [("shift", s) for s in (-2, -1, 0, 1, 2)]
    assert view(views, "shift", -1).columns[0].chances == {"E/0": F(1)}  # the table's `below`
    assert view(views, "shift", -1).columns[0].attacker_eliminated == F(1)
    assert view(views, "shift", 1).columns[0].chances == view(views, "shift", 0).columns[1].chances
    assert view(views, "shift", 2).columns[2].chances == view(views, "shift", 0).columns[2].chances


def test_typical_attack_odds_per_turn(game):
    base = game.scenario_index["base"]
    readings = {(r.turn, r.attacker): r for r in typical_readings(game, base, scenario_entries(game, base),
                                                                  game.tables["crt"])}
    first = readings[(1, "blue")]  # mean attack 24/5 against mean defence 12/2
    assert (first.attack, first.defence, first.ratio, first.column) == (F(24, 5), 6, F(4, 5), 0)
    assert (readings[(1, "red")].ratio, readings[(1, "red")].column) == (F(3, 4), 0)  # 6/2 against 20/5
    third = readings[(3, "blue")]  # without b2: 20/4 against the four reds' 20/4
    assert (third.ratio, third.column) == (1.0, 1)
    assert odds_column(game.tables["crt"], F(2, 5)) == -1
    assert odds_column(game.tables["crt"], F(1, 2)) == 0  # exactly 1:2
    assert odds_column(game.tables["crt"], 7.0) == 2


# --- anomalies --------------------------------------------------------------------------

def test_factor_outliers_within_a_unit_type(game):
    found = an.factor_outliers(game)
    assert [(a.subject, a.fields["factor"], a.fields["value"]) for a in found] == [("b5", "attack", 8)]
    fields = found[0].fields  # infantry attack 3,3,3,3,4,4,4,4,8: Q1 3, Q3 4, median 4
    assert (fields["q1"], fields["q3"], fields["median"], fields["low"], fields["high"]) == (3, 4, 4, 1.5, 5.5)


def test_strength_jumps_of_a_quarter_or_more(game):
    found = an.strength_jumps("base", totals_of(game, "base"))
    got = sorted((a.fields["side"], a.fields["measure"], a.fields["turn"], a.fields["before"], a.fields["after"])
                 for a in found)
    assert got == [("blue", "defence", 4, 16, 20), ("blue", "steps", 4, 8, 10),
                   ("red", "attack", 2, 6, 8), ("red", "attack", 3, 8, 11), ("red", "defence", 3, 14, 20),
                   ("red", "steps", 2, 2, 3), ("red", "steps", 3, 3, 4)]
    # 10 -> 8 steps is a fifth: not a jump


def test_a_variant_whose_force_ratio_departs_from_its_parent(game):
    ratios = {sid: an.force_ratio(game, totals_of(game, sid)) for sid in ("base", "thin")}
    assert ratios == {"base": 4.0, "thin": 2.0}  # attack 24 against 6; 12 against 6
    found = an.variant_departures(game, ratios)
    assert [(a.subject, a.fields["parent"]) for a in found] == [("thin", "base")]
    assert an.variant_departures(game, {"base": 4.0, "thin": 3.3}) == []  # within a fifth


# --- the command and its files ----------------------------------------------------------

def report(folder: Path, out: Path, *args):
    return runner.invoke(app, ["report", str(folder), "--out", str(out), *args])


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_report_writes_pdf_charts_and_workbooks_listed_in_the_manifest(folder, tmp_path):
    out = tmp_path / "out"
    result = report(folder, out)
    assert result.exit_code == 0, result.output
    lang = out / "reportmini" / "en"
    names = sorted(p.name for p in lang.iterdir())
    assert names == ["manifest.json", "report-base.svg", "report-thin.svg", "report.ods", "report.pdf", "report.xlsx"]
    manifest = json.loads((lang / "manifest.json").read_text())
    assert {o["path"]: o["component"] for o in manifest["outputs"]} == {
        "report-base.svg": "report", "report-thin.svg": "report", "report.ods": "report", "report.pdf": "report",
        "report.xlsx": "report"}
    text = pdf_text(lang / "report.pdf")
    for expected in ("Designer's report", "Forces in Base (turns 1 to 4)", "Thin Blue Line",
                     "Replacements on turn 4: “X3” names no nationality; left out.",
                     "the result grammar does not say what DE cost in steps",
                     "Guard Division (Infantry): attack 8", "Red: steps from 3 to 4 (+33%) on turn 3.",
                     "Thin Blue Line puts the sides at 2.00 to 1, where Base, which it varies, puts them at 4.00 to 1.",
                     "Net DRM +1", "Attacker loses (steps)", "0.83", "Typical attacks, turn by turn", "0.80 → 1:2",
                     "1.00 → 1:1"):
        assert expected in text, expected
    svg = (lang / "report-base.svg").read_text()
    assert "<polyline" in svg and "Blue" in svg


def test_workbook_sheets_hold_the_order_of_battle_and_the_figures(folder, tmp_path):
    import pandas as pd

    out = tmp_path / "out"
    assert report(folder, out).exit_code == 0
    lang = out / "reportmini" / "en"
    for name, engine in (("report.xlsx", "openpyxl"), ("report.ods", "odf")):
        sheets = pd.read_excel(lang / name, sheet_name=None, engine=engine)
        assert list(sheets) == ["Blue", "Red", "Forces by front", "Forces by side", "Chances", "Expected losses",
                                "Typical attacks", "Anomalies", "Notes"]
        blue = sheets["Blue"]
        assert list(blue["Unit id"]) == ["b1", "b2", "b3", "b4", "b5"]
        assert list(blue["Attack"]) == [4, 4, 4, 4, 8]
        assert blue.loc[1, "Base: withdrawn"] == "turn 3, back on turn 4"
        losses = sheets["Expected losses"]
        row = losses[(losses["Net"] == 0) & (losses["Column"] == "1:1")].iloc[0]
        assert (row["Attacker steps lost"], row["Defender steps lost"], row["Not read"]) == pytest.approx(
            (1 / 3, 5 / 6, 1 / 6))
        chances = sheets["Chances"]
        exact = chances[(chances["Net"] == 1) & (chances["Column"] == "2:1") & (chances["Result"] == "0/E")]
        assert list(exact["Exact chance"]) == ["1/2"]
        side = sheets["Forces by side"]
        base = side[side["Scenario"] == "Base"]
        assert list(base["Steps"]) == [10, 2, 10, 3, 8, 4, 10, 4]
        assert list(base["Replacement steps received"]) == [0, 0, 1, 2, 1, 3, 1, 3]


def test_the_same_game_gives_the_same_bytes(folder, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    assert report(folder, first).exit_code == 0
    assert report(folder, second).exit_code == 0
    a, b = first / "reportmini" / "en", second / "reportmini" / "en"
    for name in ("report.pdf", "report.xlsx", "report.ods", "report-base.svg"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    again = report(folder, first)
    assert "unchanged" in again.output and "written" not in again.output


def test_one_scenario_and_the_stale_files_of_an_earlier_report(folder, tmp_path):
    out = tmp_path / "out"
    assert report(folder, out).exit_code == 0
    result = report(folder, out, "--scenario", "base")
    assert result.exit_code == 0, result.output
    lang = out / "reportmini" / "en"
    assert not (lang / "report-thin.svg").exists()
    assert "report-thin.svg: removed" in result.output
    assert "Thin Blue Line" not in pdf_text(lang / "report.pdf").replace("Thin Blue Line puts", "")
    unknown = report(folder, out, "--scenario", "nope")
    assert unknown.exit_code == 2 and "no scenario 'nope'" in unknown.output


def test_nothing_is_written_when_the_check_fails_or_the_folder_is_not_ours(folder, tmp_path):
    out = tmp_path / "out"
    (folder / "units.csv").write_text((folder / "units.csv").read_text().replace("b5,bl,inf", "b5,zz,inf"))
    failed = report(folder, out)
    assert failed.exit_code == 1 and "ref.unknown-nationality" in failed.output
    assert not out.exists()
    foreign = tmp_path / "foreign"
    (foreign / "reportmini" / "en").mkdir(parents=True)
    (foreign / "reportmini" / "en" / "notes.txt").write_text("mine")
    shutil.copytree(FIXTURE, folder, dirs_exist_ok=True)
    refused = report(folder, foreign)
    assert refused.exit_code == 2 and "warkit did not write" in refused.output
    assert sorted(p.name for p in (foreign / "reportmini" / "en").iterdir()) == ["notes.txt"]


def test_a_game_without_scenarios_or_tables_says_what_it_cannot_compute(folder, tmp_path):
    shutil.rmtree(folder / "scenarios")
    (folder / "scenarios").mkdir()
    text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(text[:text.index("tables:")] + "units: units.csv\n")
    out = tmp_path / "out"
    result = report(folder, out)
    assert result.exit_code == 0, result.output
    pdf = pdf_text(out / "reportmini" / "en" / "report.pdf")
    assert "The game has no combat table: no chances, expected losses or typical attacks." in pdf
    assert "The game has no scenario" in pdf
    assert "Order of battle at full strength" in pdf


def test_the_report_in_spanish(folder, tmp_path):
    text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(text.replace("units: units.csv", "units: units.csv\nprint: {languages: [en, es]}"))
    out = tmp_path / "out"
    assert report(folder, out, "--lang", "es").exit_code == 0
    lang = out / "reportmini" / "es"
    pdf = pdf_text(lang / "report.pdf")
    for expected in ("Informe del diseñador", "Fuerzas en Base (turnos 1 a 4)", "Pierde el atacante (pasos)",
                     "Ataques típicos, turno a turno", "0,80 → 1:2", "Anomalías que conviene mirar"):
        assert expected in pdf, expected
    import pandas as pd

    sheets = pd.read_excel(lang / "report.xlsx", sheet_name=None)
    assert "Pérdidas esperadas" in sheets and "Id. de la unidad" in sheets["Blue"].columns


def test_the_preview_shows_the_report_whichever_runs_first(folder, tmp_path):
    out = tmp_path / "out"
    build = runner.invoke(app, ["build", str(folder), "--out", str(out), "--jobs", "1", "--quiet"])
    assert build.exit_code == 0, build.output
    index = out / "reportmini" / "en" / "index.html"
    assert 'id="report"' not in index.read_text()
    assert report(folder, out).exit_code == 0
    html = index.read_text()
    assert 'href="report.pdf"' in html and 'src="report-base.svg"' in html and "Forces in Thin Blue Line" in html
    manifest = json.loads((out / "reportmini" / "en" / "manifest.json").read_text())
    entry = next(o for o in manifest["outputs"] if o["path"] == "index.html")
    assert entry["size"] == len(index.read_bytes())
    # a build after the report keeps its files and draws the same section
    again = runner.invoke(app, ["build", str(folder), "--out", str(out), "--jobs", "1", "--quiet"])
    assert again.exit_code == 0, again.output
    assert index.read_text() == html
    assert (out / "reportmini" / "en" / "report.xlsx").exists()
    kit = pdf_text(out / "reportmini" / "en" / "kit.pdf")
    assert "report.pdf" not in kit  # the report is no part of the printed kit


def test_every_note_and_anomaly_reaches_the_analysis(game):
    analysis = analyse(game)
    assert [s.scenario.scenario_id for s in analysis.scenarios] == ["base", "thin"]
    assert [n.message.split(":")[0] for n in analysis.notes] == ["Replacements on turn {turn}", "{table}"]
    kinds = sorted({a.kind for a in analysis.anomalies})
    assert kinds == ["jump", "outlier", "variant"]
    only_base = analyse(game, ["base"])
    assert [a for a in only_base.anomalies if a.kind == "variant"] == []  # thin is not reported on


def test_withdrawals_are_checked(folder):
    from generator.checking import check_game

    (folder / "scenarios" / "thin.yaml").unlink()  # it would inherit the same withdrawals
    base = (folder / "scenarios" / "base.yaml").read_text()
    (folder / "scenarios" / "base.yaml").write_text(base[:base.index("withdrawals:")] + """withdrawals:
  - {units: [b2], turn: 3, returns: 4, text: Fine.}
  - {units: [r5, zz], turn: 2, text: A dead unit and no unit.}
  - {turn: 9, side: blue, text: "Two steps, too late."}
  - {units: [b4], turn: 3, returns: 2, side: green, text: Back before it leaves.}
  - {units: [b1], turn: Z, text: No such turn.}
""")
    # the fixture's CRT declares no result parts on purpose (the report's reading without
    # them is tested above): its crt.result-parts warning is not what this test is about
    lines = [issue.format() for issue in check_game(folder).issues if issue.code != "crt.result-parts"]
    assert lines == [
        "reportmini/scenarios/base.yaml:21:19: error: withdrawal.turn: expected a turn number or the letter of a "
        "lettered turn, found 'Z'",
        # the unit and the side are the scenario clauses' checks, at the key that names them
        "reportmini/scenarios/base.yaml:20:40: error: scenario.clause-side: withdrawal 4: unknown side 'green' "
        "(known: blue, red)",
        "reportmini/scenarios/base.yaml:18:18: error: scenario.clause-piece: withdrawal 2: unknown unit 'zz' (known: "
        "b1, b2, b3, b4, b5, r1, r2, r3, r4, r5)",
        "reportmini/scenarios/base.yaml:19:5: error: withdrawal.turn-range: a withdrawal on turn 9 is outside scenario "
        "'base' (turns 1-4)",
        "reportmini/scenarios/base.yaml:20:5: error: withdrawal.turn-range: a withdrawal comes back on turn 2, not "
        "after it leaves (turn 3)",
    ]
    (folder / "scenarios" / "base.yaml").write_text("title: Base\nstart_turn: 1\nend_turn: 4\nsetup:\n"
                                                    "  - {unit: b1, hex: '0101'}\nwithdrawals:\n"
                                                    "  - {units: [r1], turn: 2, text: Gone.}\n")
    assert [i.format() for i in check_game(folder).issues if i.code != "crt.result-parts"] == [
        "reportmini/scenarios/base.yaml:7:5: error: withdrawal.not-in-play: unit 'r1' is withdrawn on turn 2, but "
        "scenario 'base' neither sets it up nor brings it in"]


def test_a_withdrawal_of_steps_that_names_no_unit_is_said_not_counted(folder, tmp_path):
    base = (folder / "scenarios" / "base.yaml").read_text()
    (folder / "scenarios" / "base.yaml").write_text(base + "  - {turn: 2, side: blue, text: Two Blue steps leave.}\n")
    out = tmp_path / "out"
    assert report(folder, out, "--scenario", "base").exit_code == 0
    text = pdf_text(out / "reportmini" / "en" / "report.pdf")
    assert "Base: a withdrawal names no unit, so the forces do not count it: “Two Blue steps leave.”" in text


def test_text_that_looks_like_a_formula_stays_text(folder, tmp_path):
    import openpyxl

    # table cells holding formulas are refused on reading; names in YAML may still start with '='
    game = (folder / "game.yaml").read_text().replace("name: Blue,", 'name: "=HYPERLINK(A1)",')
    (folder / "game.yaml").write_text(game)
    (folder / "scenarios" / "thin.yaml").write_text(
        (folder / "scenarios" / "thin.yaml").read_text().replace("Thin Blue Line", '"=1+1"'))
    out = tmp_path / "out"
    result = report(folder, out)
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(out / "reportmini" / "en" / "report.xlsx")
    values = {cell.value: cell.data_type for sheet in book.worksheets for row in sheet.iter_rows() for cell in row}
    assert values["=HYPERLINK(A1)"] == "s" and values["=1+1"] == "s"
    assert [cell.value for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
            if cell.data_type == "f"] == []


def test_a_table_that_names_its_result_parts_is_read_through_them():
    # declared parts: whose loss each group is; codes' losses ("all": eliminated)
    table = OddsCrt(id="p", name="P", kind="odds_crt", columns=["1:1"], rows=["1"], cells=[["1/2R"]],
                    result_pattern=r"(?P<a>\d|E)/(?P<d>\d|E|DE)(?P<r>R)?|(?P<de>DE)",
                    result_parts=[{"group": "a", "hurts": "attacker"}, {"group": "d", "hurts": "defender"},
                                  {"group": "r", "hurts": "defender"}, {"group": "de", "hurts": "defender"}],
                    results=[{"code": "R", "meaning": "retreat"}, {"code": "E", "meaning": "eliminated", "loss": "all"},
                             {"code": "DE", "meaning": "defender eliminated", "loss": "all"}])
    assert losses_of(table, "1/2R") == Losses(attacker=1, defender=2)  # a retreat costs no step
    assert losses_of(table, "E/0") == Losses(attacker=0, defender=0, attacker_eliminated=True)
    assert losses_of(table, "DE") == Losses(attacker=0, defender=0, defender_eliminated=True)
    assert losses_of(table, "9-9") is None
