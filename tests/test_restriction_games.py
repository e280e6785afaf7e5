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
        "(Russian Poland) in scenario 'case'; Austro-Hungarian units never stand north of hex row xx20 unless stacked "
        "with German units (rule 6.3)"]
    assert scenario_issues(wef, setup("unit: ah-1, hex: '2520'")) == []  # row xx20 itself is allowed
    assert scenario_issues(wef, setup("unit: ah-1, hex: '2519'", "unit: de-1, hex: '2519'")) == []


def test_wef_austro_hungarians_never_in_germany(copies):
    found = scenario_issues(copies("when-eagles-fight"), setup("unit: ah-1, hex: '1623'"))
    assert found == ["when-eagles-fight/scenarios/case.yaml:4:18: error: restriction.place: unit 'ah-1' is set up in "
                     "hex 1623 (Germany) in scenario 'case'; Austro-Hungarian units never stand in Germany (rule 6.3)"]


def test_wef_german_units_with_austro_hungarians_by_turn_and_brusilov(copies):
    wef = copies("when-eagles-fight")
    stack = ("unit: ah-1, hex: '2725'", "unit: de-1, hex: '2725'", "unit: de-1r, hex: '2725'")
    assert scenario_issues(wef, setup(*stack)) == [
        "when-eagles-fight/scenarios/case.yaml:6:19: error: restriction.cap: unit 'de-1r' is set up in hex 2725 "
        "(Austria-Hungary) in scenario 'case', making 2 (de-1, de-1r) there on turn 1; the limit is 1: German "
        "units in a hex that holds Austro-Hungarian units: at most 1 (turns 1-4); 3 (turns 5-24); 4 from Brusilov "
        "Offensive on, and 1 more each turn after, up to 6 (rules 6.4, 15.4)"]
    assert scenario_issues(wef, setup(*stack, start=5)) == []  # 3 from 1915
    four = stack + ("unit: de-2, hex: '2725'", "unit: tu-15, hex: '2725'")
    assert len(scenario_issues(wef, setup(*four, start=16))) == 2  # 4 Germans over the cap of 3 (and stacking)
    dated = setup(*four, start=16, extra="events: {brusilov: 15}\n")
    assert [i for i in scenario_issues(wef, dated) if "restriction.cap" in i] == []  # 5 on turn 16


def test_wef_romania_south_of_xx29_and_arrivals(copies):
    wef = copies("when-eagles-fight")
    body = "start_turn: 1\nend_turn: 24\nsetup: []\nreinforcements:\n  - {unit: ro-4, turn: 18, entry: '3528'}\n"
    assert scenario_issues(wef, body) == [  # one placement breaking two rules: one message citing both
        "when-eagles-fight/scenarios/case.yaml:5:5: error: restriction.place: unit 'ro-4' arrives on turn 18 in hex "
        "3528 (Russia) in scenario 'case'; Romanian units never stand north of hex row xx29 (rule 15.6); and on "
        "arrival: Romanian units stand only in hex 3532 (Jassy) (rule 10.4)"]
    good = "start_turn: 1\nend_turn: 24\nsetup: []\nreinforcements:\n  - {unit: ro-4, turn: 18, entry: '3532'}\n"
    assert scenario_issues(wef, good) == []


def test_wef_plan_19_leaves_the_other_russian_forts_out(copies):
    wef = copies("when-eagles-fight")
    body = "extends: plan-19\nchanges:\n  add:\n    - {unit: ru-fort-kovno, hex: '2913'}\n"
    assert scenario_issues(wef, body) == [
        "when-eagles-fight/scenarios/case.yaml:4:7: error: restriction.place: unit 'ru-fort-kovno' is set up in hex "
        "2913 (Russia) in scenario 'case'; Russian Fortress infantry units except the units Kronstadt fortress, "
        "Riga fortress, Warsaw fortress or Odessa fortress are not used (rule 16)"]


def test_wef_two_step_units_start_and_enter_at_full_strength(copies):
    wef = copies("when-eagles-fight")
    reduced = setup("unit: de-1, hex: '2714', steps: 1") + \
        "reinforcements:\n  - {unit: de-17, turn: 3, entry: '1020', steps: 1}\n"
    assert scenario_issues(wef, reduced) == [
        "when-eagles-fight/scenarios/case.yaml:4:31: error: restriction.strength: unit 'de-1' is set up with 1 of its "
        "2 steps in scenario 'case'; at set-up: all units are at full strength (rule 3.7)",
        "when-eagles-fight/scenarios/case.yaml:6:43: error: restriction.strength: unit 'de-17' arrives on turn 3 with 1 "
        "of its 2 steps in scenario 'case'; on arrival: all units are at full strength (rule 10.7)"]
    whole = setup("unit: de-1, hex: '2714', steps: 2") + "reinforcements:\n  - {unit: de-17, turn: 3, entry: '1020'}\n"
    assert scenario_issues(wef, whole) == []


def test_wef_sev_and_fs_counters_only_in_their_scenarios(copies):
    # rule 2.14: SEV counters in Schlieffen East, FS counters in the free set-up
    wef = copies("when-eagles-fight")
    sev = "extends: free-setup\nchanges:\n  add:\n    - {unit: de-sev-5, deploy: german}\n"
    assert scenario_issues(wef, sev) == [
        "when-eagles-fight/scenarios/case.yaml:4:7: error: restriction.place: unit 'de-sev-5' deploys with group "
        "'german' in scenario 'case'; all units whose corner code is a scenario tag except the units Cossack Cavalry "
        "Corps, 1st Cavalry Corps, 2nd Cavalry Corps or 3rd Cavalry Corps are not used (rule 2.14)"]
    fs = "extends: historical\nchanges:\n  add:\n    - {unit: ah-fs-1cav, hex: '2425'}\n"
    assert [i.split(": ")[2] for i in scenario_issues(wef, fs)] == ["restriction.place"]
    assert scenario_issues(wef, "extends: schlieffen-east\n") == []


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


def test_ge_german_reinforcements_only_by_cologne_or_the_east_edge_code(copies):
    # rule 8.2: the south edge meets the east edge in a corner hex, but S is still not a German way in
    ge = copies("glorys-end")
    body = ("start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: de-gd, turn: 3, entry: S}\n"
            "  - {unit: de-gdr, turn: 3, entry: P}\n")
    assert scenario_issues(ge, body) == [
        "glorys-end/scenarios/case.yaml:5:5: error: restriction.place: unit 'de-gd' arrives on turn 3 by entry code 'S' "
        "(Any hex of the south edge) in scenario 'case', which offers 46 places it may not enter (hex 4512 of map main "
        "…); on arrival: German units stand only in hex 1415 (Cologne) or on the east edge of the map (rule 8.2)",
        "glorys-end/scenarios/case.yaml:6:5: error: restriction.place: unit 'de-gdr' arrives on turn 3 by entry code "
        "'P' (Any Paris hex) in scenario 'case', none of whose places it may enter; on arrival: German units stand "
        "only in hex 1415 (Cologne) or on the east edge of the map (rule 8.2)"]
    legal = ("start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: de-gd, turn: 3, entry: E}\n"
             "  - {unit: de-gdr, turn: 3, entry: '1415'}\n  - {unit: bef-1, turn: 3, entry: port}\n")
    assert scenario_issues(ge, legal) == []


def test_ge_the_naval_brigade_lands_on_any_coast_the_naval_division_by_a_port(copies):
    # rule 8.3: the Naval Brigade (not the Naval Division) may land on any coastal hex
    ge = copies("glorys-end")
    body = ("start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: bef-nb, turn: 5, entry: '3030'}\n"
            "  - {unit: bef-nd, turn: 5, entry: coast}\n")
    assert scenario_issues(ge, body) == [
        "glorys-end/scenarios/case.yaml:5:5: error: restriction.place: unit 'bef-nb' arrives on turn 5 in hex 3030 of "
        "map main (France) in scenario 'case'; on arrival: the units Naval Brigade stand only in a coastal hex (rule 8.3)",
        "glorys-end/scenarios/case.yaml:6:5: error: restriction.place: unit 'bef-nd' arrives on turn 5 by entry code "
        "'coast' (Any coastal hex free of German units (the Naval Brigade)) in scenario 'case', which offers 43 places "
        "it may not enter (hex 1132 of map main …); on arrival: British units except the units Naval Brigade stand "
        "only in a place with Port or on the south or west edge of the map (rule 8.3)"]
    legal = ("start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: bef-nb, turn: 5, entry: '1334'}\n"
             "  - {unit: bef-nd, turn: 5, entry: port}\n")
    assert [i for i in scenario_issues(ge, legal) if "bef-nb" in i or "bef-nd" in i] == []


def test_ge_reinforcements_enter_at_full_strength(copies):
    ge = copies("glorys-end")
    body = "start_turn: 1\nend_turn: 30\nsetup: []\nreinforcements:\n  - {unit: de-gd, turn: 3, entry: E, steps: 3}\n"
    assert scenario_issues(ge, body) == [
        "glorys-end/scenarios/case.yaml:5:38: error: restriction.strength: unit 'de-gd' arrives on turn 3 with 3 of its "
        "4 steps in scenario 'case'; on arrival: all units are at full strength (rule 8.5)"]
    # rule 16.2: a scenario may still set units up below full strength (the Marne)
    assert scenario_issues(ge, setup("unit: de-gd, hex: '1415', steps: 2")) == []


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
        "or Sinai on turn 1; the limit is 3: Ottoman units except Headquarters units on map Egypt/Palestine, in "
        "Egypt or Sinai together: at most 3 (rule 3.7)"]


def test_gwne_armenians_never_with_russians_and_the_caucasus_line(copies):
    gwne = copies("great-war-near-east")
    found = scenario_issues(gwne, setup("unit: arm-1, hex: '4530', map: caucasus", "unit: ru-20, hex: '4530', map: caucasus"))
    assert [i.split(": ")[2] for i in found] == ["restriction.companions"]
    assert "(rule 7.11)" in found[0]
    # rule 3.3: the Central Powers' set-up code C is Turkey on the Caucasus map east of column 35
    gwne.write("scenarios/case.yaml", setup("unit: tu-17, hex: '2635', map: caucasus"))
    try:
        west = [i for i in issues(gwne) if "case.yaml" in i]
    finally:
        (gwne.path / "scenarios" / "case.yaml").unlink()
    assert west == [
        "great-war-near-east/scenarios/case.yaml:4:19: error: setup.code-area: unit 'tu-17' carries set-up code 'C' "
        "(In Turkey on the Caucasus map, east of hex row xx35) but sets up in hex 2635 of map 'caucasus', region "
        "'turkey' (rule 3.3)"]
    assert scenario_issues(gwne, setup("unit: tu-17, hex: '2636', map: caucasus")) == []


def test_gwne_new_units_enter_where_rule_8_says_or_next_to_an_hq_of_their_own(copies):
    gwne = copies("great-war-near-east")
    kars = "unit: ru-20, hex: '3550', map: caucasus"
    erzurum = "reinforcements:\n  - {unit: ru-39, turn: 3, entry: '2848'}\n"
    assert scenario_issues(gwne, setup(kars) + erzurum) == [
        "great-war-near-east/scenarios/case.yaml:6:5: error: restriction.place: unit 'ru-39' arrives on turn 3 in hex "
        "2848 of map caucasus (Turkey) in scenario 'case'; on arrival: Russian units except the units Persian Cossack Brigade "
        "stand only on map Caucasus, in Russia, in a place with City; on map Caucasus, in hexes 4836-4849; next to "
        "Headquarters units of their own nationality, at most 3 by any one of them, all in one hex; on map Iraq, in "
        "hex 2436 (Hamadan), from Russian Persian Expeditionary Force on; or on map "
        "Caucasus, on the Black Sea shore, in an empty hex, east of hex column xx45, from Russian Amphibious "
        "Campaign until Fall of the Tsar, at most 1 a turn (rules 7.30, 7.32, 8.2, 8.7)"]
    # a Russian HQ in play may stand next to Erzurum by turn 3 (rule 8.7): play decides
    assert scenario_issues(gwne, setup(kars, "unit: ru-hq-cau, hex: '3550', map: caucasus") + erzurum) == []
    assert scenario_issues(gwne, setup(kars) + "reinforcements:\n  - {unit: ru-39, turn: 3, entry: '3550'}\n") == []



def arrive(*rows) -> str:
    """A scenario's arrivals: rows (unit, turn, hex) on the Caucasus map (the scenario's map)."""
    return "reinforcements:\n" + "".join(f"  - {{unit: {u}, turn: {t}, entry: '{h}'}}\n" for u, t, h in rows)


def test_gwne_at_most_three_new_units_next_to_any_one_hq_all_in_one_hex(copies):
    # rule 8.7: the Russian HQ enters at Kars (3550, a Russian city); 3650 next to it is no city
    gwne = copies("great-war-near-east")
    kars = setup("unit: ru-20, hex: '3550', map: caucasus", extra="map: caucasus\n")
    three = [("ru-hq-cau", 3, "3550"), ("ru-39", 3, "3650"), ("ru-66", 3, "3650"), ("ru-123", 3, "3650")]
    assert scenario_issues(gwne, kars + arrive(*three)) == []  # exactly 3 next to one HQ
    assert scenario_issues(gwne, kars + arrive(*three, ("ru-1tr", 3, "3650"))) == [
        "great-war-near-east/scenarios/case.yaml:11:5: error: restriction.limit: unit 'ru-1tr' arrives on turn 3 in "
        "hex 3650 of map caucasus (Russia) in scenario 'case', making 4 (ru-39, ru-66, ru-123, ru-1tr) placed next "
        "to Headquarters units of their own nationality on turn 3, more than the units they may be placed by can "
        "take at 3 each, all in one hex; on arrival: Russian units except the units Persian Cossack Brigade stand "
        "only on map Caucasus, in Russia, in a place with City; on map Caucasus, in hexes 4836-4849; next to "
        "Headquarters units of their own nationality, at most 3 by any one of them, all in one hex; on map Iraq, in "
        "hex 2436 (Hamadan), from Russian Persian Expeditionary Force on; or on map "
        "Caucasus, on the Black Sea shore, in an empty hex, east of hex column xx45, from Russian Amphibious "
        "Campaign until Fall of the Tsar, at most 1 a turn (rules 7.30, 7.32, 8.2, 8.7)"]
    # the count is per HQ: a second Russian HQ beside Kars takes the fourth
    assert scenario_issues(gwne, kars + arrive(*three, ("ru-1tr", 3, "3650"), ("ru-hq-1c", 3, "3550"))) == []
    # a unit entering at the city itself enters by rule 8.2 and is not counted against the HQ
    assert scenario_issues(gwne, kars + arrive(*three, ("ru-1tr", 3, "3550"))) == []
    # the units one HQ places stand in one hex: two next to Kars in 3650, one in 3551
    split = [("ru-hq-cau", 3, "3550"), ("ru-39", 3, "3650"), ("ru-66", 3, "3650"), ("ru-123", 3, "3551")]
    assert [i.split(", making")[0] for i in scenario_issues(gwne, kars + arrive(*split))] == [
        "great-war-near-east/scenarios/case.yaml:10:5: error: restriction.limit: unit 'ru-123' arrives on turn 3 in "
        "hex 3551 of map caucasus (Russia) in scenario 'case'"]


def test_gwne_the_amphibious_landing_is_open_from_the_chit_until_the_fall_of_the_tsar(copies):
    # rule 7.30: one Russian unit a turn on a free Black Sea coast hex east of Trebizond (3045);
    # 3147 and 3247 are such hexes of Turkey, which only the landing lets Russians enter
    gwne = copies("great-war-near-east")
    dated = "map: caucasus\nevents: {amphibious-campaign: 5, fall-of-the-tsar: 20}\n"
    kars = setup("unit: ru-20, hex: '3550', map: caucasus", extra=dated)
    # the chit's own turn and the turn right after it are open; one unit a turn
    assert scenario_issues(gwne, kars + arrive(("ru-39", 5, "3147"), ("ru-66", 6, "3247"))) == []
    assert scenario_issues(gwne, kars + arrive(("ru-39", 6, "3147"), ("ru-66", 6, "3247"))) == [
        "great-war-near-east/scenarios/case.yaml:9:5: error: restriction.limit: unit 'ru-66' arrives on turn 6 in "
        "hex 3247 of map caucasus (Turkey) in scenario 'case', making 2 (ru-39, ru-66) that only a place with a "
        "limit lets in on turn 6, more than the 1 a turn it lets in; on arrival: Russian units except the units "
        "Persian Cossack Brigade stand only on map Caucasus, in Russia, in a place with City; on map Caucasus, in "
        "hexes 4836-4849; next to Headquarters units of their own nationality, at most 3 by any one of them, all in "
        "one hex; on map Iraq, in hex 2436 (Hamadan), from Russian Persian Expeditionary Force on; or on map Caucasus, on the Black Sea shore, in an empty hex, east of hex column xx45, from "
        "Russian Amphibious Campaign until Fall of the Tsar, at most 1 a turn (rules 7.30, 7.32, 8.2, 8.7)"]
    # before the chit, from the Fall of the Tsar on, west of Trebizond or on the Caspian: refused
    for turn, hex_id in ((4, "3147"), (20, "3147"), (6, "3044"), (6, "3353")):
        found = scenario_issues(gwne, kars + arrive(("ru-39", turn, hex_id)))
        assert [i.split("; ")[0] for i in found] == [
            f"great-war-near-east/scenarios/case.yaml:8:5: error: restriction.place: unit 'ru-39' arrives on turn "
            f"{turn} in hex {hex_id} of map caucasus ({'Persia' if hex_id == '3353' else 'Turkey'}) in scenario "
            f"'case'"], (turn, hex_id)

def test_gwne_turks_always_enter_by_rule_8_6(copies):
    gwne = copies("great-war-near-east")
    hq = "unit: tu-hq-3, hex: '2848', map: caucasus"
    found = scenario_issues(gwne, setup(hq) + "reinforcements:\n  - {unit: tu-17, turn: 3, entry: '2847'}\n")
    assert [(i.split(": ")[2], i.rsplit("(", 1)[1]) for i in found] == [("restriction.place", "rule 8.6)")]
    assert scenario_issues(gwne, setup(hq) + "reinforcements:\n  - {unit: tu-17, turn: 3, entry: '2848'}\n"
                                             "  - {unit: tu-18, turn: 4, box: arabia}\n") == []


def test_gwne_the_arab_army_enters_an_empty_hex_of_palestine(copies):
    gwne = copies("great-war-near-east")
    body = "start_turn: 1\nend_turn: 24\nmap: egypt\nsetup: []\nreinforcements:\n" \
        "  - {unit: ana-1, turn: 5, entry: '2116'}\n  - {unit: ana-2, turn: 6, entry: '2116'}\n"
    assert scenario_issues(gwne, body) == []  # Amman, one a turn
    found = scenario_issues(gwne, body.replace("turn: 6", "turn: 5"))
    assert [i.split("; ")[1] for i in found] == [
        "on arrival: Northern Arab Army units stand only on map Egypt/Palestine, in Palestine, in an empty hex "
        "(rules 7.10, 8.5)"] * 2


# -- Blitz in the East ------------------------------------------------------------------

def test_bite_s1_every_soviet_unit_starts_at_cadre(copies):
    # S.1: the map's white symbols; S.2 and S.3 set up as S.1
    bite = copies("blitz-in-the-east")
    whole = "extends: s3-campaign\nchanges:\n  remove: [su-8]\n  add:\n    - {unit: su-8, hex: '1008'}\n"
    assert scenario_issues(bite, whole) == [
        "blitz-in-the-east/scenarios/case.yaml:5:7: error: restriction.strength: unit 'su-8' is set up at full strength "
        "(2 steps) in scenario 'case'; at set-up: Soviet units are reduced (S.1)"]
    cadre = "extends: s3-campaign\nchanges:\n  remove: [su-8]\n  add:\n    - {unit: su-8, hex: '1008', steps: 1}\n"
    assert scenario_issues(bite, cadre) == []


def test_bite_s3_soviet_armour_in_its_s1_hex_or_an_empty_hex_next_to_it(copies):
    bite = copies("blitz-in-the-east")
    moved = "extends: s3-campaign\nchanges:\n  move:\n    - {{unit: su-3mc, hex: '{hex}'}}\n"
    assert scenario_issues(bite, moved.format(hex="1009")) == []  # next to 1109, empty
    assert scenario_issues(bite, moved.format(hex="1008")) == [
        "blitz-in-the-east/scenarios/case.yaml:4:7: error: restriction.cap: unit 'su-3mc' is set up in hex 1008 (Soviet "
        "Union) in scenario 'case', making 2 (su-8, su-3mc) there on turn 1; the limit is 1: Soviet units except "
        "Air fleet units in a hex: at most 1; 2 from Vasilevsky card played on (Intro/Stacking, RA.3)",
        "blitz-in-the-east/scenarios/case.yaml:4:7: error: restriction.place: unit 'su-3mc' is set up in hex 1008 "
        "(Soviet Union) in scenario 'case'; at set-up: Soviet Armour units stand only in their hex of "
        "scenario Blitz in the East; or next to their hex of scenario Blitz in the East, in an empty hex (S.3)"]
    assert [i.split(": ")[2] for i in scenario_issues(bite, moved.format(hex="0909"))] == ["restriction.place"]



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

# a few blocks set up to show one rule: the rule "a garrison on every key city" lifted
PARTIAL = "restrictions:\n  - {id: a-garrison-on-every-key-city, off: true}\n"


def test_sote_eastern_links_closed_to_polish_blocks(copies):
    sote = copies("strike-of-the-eagle")
    found = scenario_issues(sote, setup("unit: pl-1id, area: yartsevo", extra=PARTIAL))
    assert found == [
        "strike-of-the-eagle/scenarios/case.yaml:6:20: error: restriction.link: unit 'pl-1id' is set up in area "
        "yartsevo (North front) in scenario 'case', which it could reach only along links closed to it; Polish "
        "units never move along links that end in a place with Soviet Eastern Link (rule: Stacking (Eastern Links))"]
    assert scenario_issues(sote, setup("unit: so-2rd, area: yartsevo", extra=PARTIAL)) == []
    # an arrival along the Orsha-Yartsevo link into Orsha is as barred as one into Yartsevo (the rule
    # that new blocks are built in a supply depot lifted: Orsha has none)
    lifted = PARTIAL + "  - {id: new-blocks-in-supply-depots, off: true}\n"
    body = setup("unit: so-2rd, area: yartsevo", extra=lifted) + "reinforcements:\n" \
        "  - {unit: pl-1id, turn: 2, entry: orsha, via: yartsevo}\n  - {unit: pl-3id, turn: 2, entry: orsha, via: vitebsk}\n"
    assert scenario_issues(sote, body) == [
        "strike-of-the-eagle/scenarios/case.yaml:9:5: error: restriction.link: unit 'pl-1id' arrives on turn 2 in area "
        "orsha (North front) along the link from area yartsevo in scenario 'case'; Polish units never move along "
        "links that end in a place with Soviet Eastern Link (rule: Stacking (Eastern Links))"]


def test_sote_one_garrison_in_each_key_city(copies):
    sote = copies("strike-of-the-eagle")
    assert scenario_issues(sote, setup("unit: gar-pl-01, area: warsaw", extra=PARTIAL)) == []
    found = scenario_issues(sote, setup("unit: gar-pl-01, area: warsaw", "unit: gar-pl-02, area: warsaw",
                                        "unit: gar-pl-03, area: torun", extra=PARTIAL))
    assert [i.split(": ")[2] for i in found] == ["restriction.cap", "restriction.place"]


def test_sote_a_garrison_on_every_key_city_in_play_at_the_start(copies):
    # rule "Preparar": the Battle of Warsaw plays the North front and Lublin
    sote = copies("strike-of-the-eagle")
    assert scenario_issues(sote, "extends: battle-of-warsaw\n") == []
    found = scenario_issues(sote, "extends: battle-of-warsaw\nchanges:\n  remove: [gar-so-07]\n")
    assert found == [
        "strike-of-the-eagle/scenarios/case.yaml:1: error: restriction.minimum: area baranovichi (Baranowicze) holds 0 "
        "of the units it needs at set-up in scenario 'case', fewer than 1; at set-up: Garrison units in each area in "
        "North front, in a place with Key city; or in the area Lublin: at least 1 (rule: Preparation)"]
    # a garrison moved from one key city to another leaves the first bare and doubles the second
    moved = scenario_issues(sote, "extends: battle-of-warsaw\nchanges:\n  move:\n    - {unit: gar-so-07, area: minsk}\n")
    assert [i.split(": ")[2] for i in moved] == ["restriction.minimum", "restriction.cap"]
