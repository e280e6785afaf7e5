"""Each sample game's rulebook restrictions, mutated: a unit moved where its rule forbids it, a
stack over its cap, a unit beside a forbidden companion is caught with the rule it breaks;
the legal edge cases beside them pass. Each case writes one small scenario into a copy of the
game (without its catalogs) and checks only that scenario's issues."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checks import issues
from conftest import GameFolder

DATA = Path(__file__).resolve().parent.parent / "data"
CODES = (" restriction.", " stacking.", " box.side", " reinforcement.entry")


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    made: dict[str, GameFolder] = {}

    def copy(name: str) -> GameFolder:
        if name not in made:
            root = tmp_path_factory.mktemp(name)
            folder = GameFolder(root / name)
            shutil.copytree(DATA / name, folder.path, ignore=shutil.ignore_patterns("locales"))
            text = folder.read("game.yaml")
            folder.write("game.yaml", text.replace("languages: [en, es]", "languages: [en]"))
            made[name] = folder
        return made[name]
    return copy


def scenario_issues(folder: GameFolder, body: str) -> list[str]:
    """The restriction and stacking issues of a scenario file `case.yaml` holding `body`."""
    folder.write("scenarios/case.yaml", body)
    try:
        return [i for i in issues(folder) if "case.yaml" in i and any(code in i for code in CODES)]
    finally:
        (folder.path / "scenarios" / "case.yaml").unlink()


def setup(*items: str, start: int = 1, extra: str = "") -> str:
    return (f"start_turn: {start}\nend_turn: 24\n{extra}setup:\n"
            + "".join(f"  - {{{item}}}\n" for item in items))


# -- When Eagles Fight ------------------------------------------------------------------

def test_wef_austro_hungarians_north_of_xx20_only_with_germans(copies):
    wef = copies("when-eagles-fight")
    assert scenario_issues(wef, setup("unit: ah-1, hex: '2519'")) == [
        "when-eagles-fight/scenarios/case.yaml:4:18: error: restriction.place: unit 'ah-1' is set up in hex 2519 "
        "(Russian Poland) in scenario 'case'; units of Austria-Hungary never stand north of hex row xx20 unless stacked "
        "with units of Germany (rule 6.3)"]
    assert scenario_issues(wef, setup("unit: ah-1, hex: '2520'")) == []  # row xx20 itself is allowed
    assert scenario_issues(wef, setup("unit: ah-1, hex: '2519'", "unit: de-1, hex: '2519'")) == []


def test_wef_austro_hungarians_never_in_germany(copies):
    found = scenario_issues(copies("when-eagles-fight"), setup("unit: ah-1, hex: '1623'"))
    assert found == ["when-eagles-fight/scenarios/case.yaml:4:18: error: restriction.place: unit 'ah-1' is set up in "
                     "hex 1623 (Germany) in scenario 'case'; units of Austria-Hungary never stand in Germany (rule 6.3)"]


def test_wef_german_units_with_austro_hungarians_by_turn_and_brusilov(copies):
    wef = copies("when-eagles-fight")
    stack = ("unit: ah-1, hex: '2725'", "unit: de-1, hex: '2725'", "unit: de-1r, hex: '2725'")
    assert scenario_issues(wef, setup(*stack)) == [
        "when-eagles-fight/scenarios/case.yaml:6:19: error: restriction.cap: unit 'de-1r' is set up in hex 2725 "
        "(Austria-Hungary) in scenario 'case', making 2 (de-1, de-1r) there on turn 1; the limit is 1: units of "
        "Germany in a hex that holds units of Austria-Hungary: at most 1 (turns 1-4); 3 (turns 5-24); from Brusilov "
        "Offensive on, 4, and 1 more each turn after, up to 6 (rules 6.4, 15.4)"]
    assert scenario_issues(wef, setup(*stack, start=5)) == []  # 3 from 1915
    four = stack + ("unit: de-2, hex: '2725'", "unit: tu-15, hex: '2725'")
    assert len(scenario_issues(wef, setup(*four, start=16))) == 2  # 4 Germans over the cap of 3 (and stacking)
    dated = setup(*four, start=16, extra="events: {brusilov: 15}\n")
    assert [i for i in scenario_issues(wef, dated) if "restriction.cap" in i] == []  # 5 on turn 16


def test_wef_romania_south_of_xx29_and_arrivals(copies):
    wef = copies("when-eagles-fight")
    body = "start_turn: 1\nend_turn: 24\nsetup: []\nreinforcements:\n  - {unit: ro-4, turn: 18, entry: '3528'}\n"
    assert [i.split(": ")[2] for i in scenario_issues(wef, body)] == ["restriction.place", "restriction.place"]
    good = "start_turn: 1\nend_turn: 24\nsetup: []\nreinforcements:\n  - {unit: ro-4, turn: 18, entry: '3532'}\n"
    assert scenario_issues(wef, good) == []


def test_wef_plan_19_leaves_the_other_russian_forts_out(copies):
    wef = copies("when-eagles-fight")
    body = "extends: plan-19\nchanges:\n  add:\n    - {unit: ru-fort-kovno, hex: '2913'}\n"
    assert scenario_issues(wef, body) == [
        "when-eagles-fight/scenarios/case.yaml:4:7: error: restriction.place: unit 'ru-fort-kovno' is set up in hex "
        "2913 (Russia) in scenario 'case'; fortress infantry units of Russia except the units Kronstadt fortress, "
        "Riga fortress, Warsaw fortress or Odessa fortress are not used (rule 16)"]


# -- 1914: Glory's End ------------------------------------------------------------------

def test_ge_holland_is_neutral_but_the_free_set_up_may_invade_it(copies):
    ge = copies("glorys-end")
    assert scenario_issues(ge, setup("unit: de-gd, hex: '1019'")) == [
        "glorys-end/scenarios/case.yaml:4:19: error: restriction.place: unit 'de-gd' is set up in hex 1019 of map main (Holland) "
        "in scenario 'case'; no unit may stand in Holland (rules 3.2, 3.6)"]
    lifted = "extends: free-setup\nchanges:\n  move:\n    - {unit: de-gd, hex: '1019'}\n"
    assert [i for i in scenario_issues(ge, lifted) if "Holland" in i and "restriction" in i] == []


def test_ge_no_germans_in_france_at_set_up_and_paris_for_the_french(copies):
    ge = copies("glorys-end")
    found = scenario_issues(ge, setup("unit: de-gd, hex: '3036'", "unit: bef-1, hex: '3037'"))
    assert [(i.split(": ")[2], i.rsplit("(", 1)[1]) for i in found] == [
        ("restriction.place", "rule 3.3)"), ("restriction.place", "rule 6.3)")]
    assert scenario_issues(ge, setup("unit: fr-1, hex: '3037'")) == []


def test_ge_reinforcements_enter_by_a_declared_code(copies):
    ge = copies("glorys-end")
    body = "start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: de-gd, turn: 3, entry: N}\n"
    assert scenario_issues(ge, body) == [
        "glorys-end/scenarios/case.yaml:5:5: error: reinforcement.entry: unit 'de-gd' enters by 'N' in scenario "
        "'case', which is neither a place of map 'main' nor a declared entry code (E, P, S, SM, coast, port)"]


# -- The Great War in the Near East -----------------------------------------------------

def test_gwne_german_battalions_do_not_count_for_stacking(copies):
    gwne = copies("great-war-near-east")
    six = [f"unit: {u}, hex: '2636', map: caucasus" for u in ("tu-17", "tu-2cav", "ge-ak", "ge-asia", "gst-1")]
    six.append("unit: tu-hq-3, hex: '2636', map: caucasus")
    legal = six + ["unit: ge-701, hex: '2636', map: caucasus", "unit: ge-702, hex: '2636', map: caucasus",
                   "unit: tu-18, hex: '2636', map: caucasus"]
    assert scenario_issues(gwne, setup(*legal)) == []  # 5 that count + an HQ and two German battalions
    over = legal + ["unit: tu-35, hex: '2636', map: caucasus", "unit: tu-38, hex: '2636', map: caucasus"]
    assert [i.split(": ")[2] for i in scenario_issues(gwne, setup(*over))] == ["stacking.setup-limit"]


def test_gwne_at_most_three_turks_in_egypt_and_sinai(copies):
    gwne = copies("great-war-near-east")
    turks = [f"unit: tu-{n}, hex: '{h}', map: egypt" for n, h in (("25", "4303"), ("23", "2802"), ("35", "2803"))]
    assert scenario_issues(gwne, setup(*turks, "unit: ge-ak, hex: '2803', map: egypt")) == []
    found = scenario_issues(gwne, setup(*turks, "unit: tu-38, hex: '2803', map: egypt"))
    assert found == [
        "great-war-near-east/scenarios/case.yaml:7:19: error: restriction.cap: unit 'tu-38' is set up in hex 2803 of "
        "map egypt (Sinai) in scenario 'case', making 4 (tu-25, tu-23, tu-35, tu-38) on map Egypt/Palestine, in Egypt "
        "or Sinai on turn 1; the limit is 3: units of Ottoman except Headquarters units on map Egypt/Palestine, in "
        "Egypt or Sinai together: at most 3 (rule 3.7)"]


def test_gwne_armenians_never_with_russians_and_the_caucasus_line(copies):
    gwne = copies("great-war-near-east")
    found = scenario_issues(gwne, setup("unit: arm-1, hex: '4530', map: caucasus", "unit: ru-20, hex: '4530', map: caucasus"))
    assert [i.split(": ")[2] for i in found] == ["restriction.companions"]
    assert "(rule 7.11)" in found[0]
    west = scenario_issues(gwne, setup("unit: tu-17, hex: '2635', map: caucasus"))
    assert [i.rsplit("; ", 1)[1] for i in west] == [
        "at set-up: units of Central Powers with set-up code C stand only on map Caucasus, in Turkey, east of hex "
        "column xx35 (rule 3.3)"]
    assert scenario_issues(gwne, setup("unit: tu-17, hex: '2636', map: caucasus")) == []


# -- Blitz in the East ------------------------------------------------------------------

def test_bite_romanians_and_hungarians_never_stack(copies):
    bite = copies("blitz-in-the-east")
    found = scenario_issues(bite, setup("unit: ro-4, hex: '0318'", "unit: hu-1, hex: '0318'"))
    assert [(i.split(": ")[2], i.rsplit("(", 1)[1]) for i in found] == [
        ("restriction.companions", "RO.1)"), ("restriction.place", "RO.1)")]  # and Hungary is not Romania's


def test_bite_soviet_stacking_grows_with_vasilevsky(copies):
    bite = copies("blitz-in-the-east")
    two = ("unit: su-3, hex: '1515'", "unit: su-3mc, hex: '1515'")
    assert [i.split(": ")[2] for i in scenario_issues(bite, setup(*two))] == ["restriction.cap"]
    assert scenario_issues(bite, setup(*two, extra="events: {vasilevsky: 1}\n")) == []


def test_bite_air_units_only_on_airfields_one_each(copies):
    bite = copies("blitz-in-the-east")
    assert [i.split(": ")[2] for i in scenario_issues(bite, setup("unit: de-air-n, hex: '0318'"))] == [
        "restriction.place"]
    found = scenario_issues(bite, setup("unit: de-air-n, hex: '0413'", "unit: de-air-c, hex: '0413'",
                                        "unit: de-4, hex: '0413'", "unit: de-pz1, hex: '0413'"))
    assert [i.split(": ")[2] for i in found] == ["stacking.type-limit"]  # two land units and one air fleet are legal


# -- Strike of the Eagle ----------------------------------------------------------------

def test_sote_eastern_links_closed_to_polish_blocks(copies):
    sote = copies("strike-of-the-eagle")
    found = scenario_issues(sote, setup("unit: pl-1id, area: yartsevo"))
    assert found == [
        "strike-of-the-eagle/scenarios/case.yaml:4:20: error: restriction.place: unit 'pl-1id' is set up in area "
        "yartsevo (North front) in scenario 'case'; units of Poland never stand in a place with Soviet Eastern Link (rule: Stacking "
        "(Eastern Links))"]
    assert scenario_issues(sote, setup("unit: so-2rd, area: yartsevo")) == []


def test_sote_one_garrison_in_each_key_city(copies):
    sote = copies("strike-of-the-eagle")
    assert scenario_issues(sote, setup("unit: gar-pl-01, area: warsaw")) == []
    found = scenario_issues(sote, setup("unit: gar-pl-01, area: warsaw", "unit: gar-pl-02, area: warsaw",
                                        "unit: gar-pl-03, area: torun"))
    assert [i.split(": ")[2] for i in found] == ["restriction.cap", "restriction.place"]
