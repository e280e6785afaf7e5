"""Every row a sample game's README marks "checked" (its "Rules that constrain the data" table),
broken on purpose: a small scenario puts a unit where the rule forbids it, and the check
names the unit, the place and the rule (its code, as the rulebook numbers it). Beside each,
where the row has one, the legal edge case that must pass. The rows pinned elsewhere are
named at the end of each game's list (tests/test_restriction_games.py)."""

from __future__ import annotations

import pytest

from checks import issues
from test_restriction_games import copies  # noqa: F401  (the module's fixture)

PARTIAL = "restrictions:\n  - {id: a-garrison-on-every-key-city, off: true}\n"


def case_issues(folder, body: str) -> list[str]:
    """Every issue of a scenario file `case.yaml` holding `body` (set-up and stacking checks
    included)."""
    folder.write("scenarios/case.yaml", body)
    try:
        return [i for i in issues(folder) if "scenarios/case.yaml" in i]
    finally:
        (folder.path / "scenarios" / "case.yaml").unlink()


def setup(*rows: str, end: int = 24, extra: str = "") -> str:
    return f"start_turn: 1\nend_turn: {end}\n{extra}setup:\n" + "".join(f"  - {{{row}}}\n" for row in rows)


def arrivals(*rows: str, setup_rows=(), end: int = 24, extra: str = "") -> str:
    return setup(*setup_rows, end=end, extra=extra) + "reinforcements:\n" + "".join(f"  - {{{r}}}\n" for r in rows)


WEF, GE, BITE, GWNE, SOTE = ("when-eagles-fight", "glorys-end", "blitz-in-the-east", "great-war-near-east",
                             "strike-of-the-eagle")

BROKEN = [
    # -- When Eagles Fight ------------------------------------------------------------------
    pytest.param(WEF, setup("unit: ru-1, hex: '9999'"), [
        "when-eagles-fight/scenarios/case.yaml:4:18: error: setup.hex-exists: set-up hex '9999' is off map 'main' "
        "(hexes run from 1001 to 4238)"], id="wef-3.1-set-up-hex"),
    pytest.param(WEF, setup("unit: ru-1, hex: '2738'"), [
        "when-eagles-fight/scenarios/case.yaml:4:18: error: setup.prohibited-region: unit 'ru-1' (ru) may not set up "
        "in Romania (hex 2738) (rules 3.2, 15.6)"], id="wef-3.2-romania-neutral"),
    pytest.param(WEF, setup(*(f"unit: {u}, hex: '3213'" for u in ("ru-1", "ru-13", "ru-15", "ru-23"))), [
        "when-eagles-fight/scenarios/case.yaml:7:5: error: stacking.setup-limit: unit 'ru-23' overstacks hex 3213 in "
        "scenario 'case': it holds 4 weight (ru-1, ru-13, ru-15, ru-23); the limit is at most 3 corps (a division is "
        "half a corps) (rules 8.1, 8.4, 8.5)"], id="wef-8.1-three-corps"),
    pytest.param(WEF, setup("unit: ru-1, hex: '3213'", "unit: de-1, hex: '3213'"), [
        "when-eagles-fight/scenarios/case.yaml:5:5: error: stacking.enemy: unit 'de-1' of side 'cp' is set up in hex "
        "3213 in scenario 'case' with units of side 'russia' (ru-1); units of two sides never stack together (rules "
        "8.1-8.6)"], id="wef-8.4-no-enemy-units-together"),
    pytest.param(WEF, setup("unit: de-ha1, hex: '2714'", "unit: de-ha2, hex: '2714'"), [
        "when-eagles-fight/scenarios/case.yaml:5:5: error: stacking.type-limit: unit 'de-ha2' is set up in hex 2714 in "
        "scenario 'case', making 2 German heavy artillery (siege guns) units there (de-ha1, de-ha2); at most 1 may "
        "stack (rules 8.1-8.6)"], id="wef-8.5-one-heavy-artillery"),
    pytest.param(WEF, arrivals("unit: ru-13, turn: 3, entry: '3212'", setup_rows=["unit: ru-1, hex: '3213'"]), [
        "when-eagles-fight/scenarios/case.yaml:6:5: error: restriction.place: unit 'ru-13' arrives on turn 3 in hex "
        "3212 (Russia) in scenario 'case'; on arrival: Russian units stand only in Russia, in a place with City "
        "(rule 10.2)"], id="wef-10.2-russian-arrivals"),
    pytest.param(WEF, arrivals("unit: de-17, turn: 3, entry: '2714'", "unit: tu-15, turn: 3, entry: '1430'",
                               setup_rows=["unit: ru-1, hex: '3213'"]), [
        "when-eagles-fight/scenarios/case.yaml:6:5: error: restriction.place: unit 'de-17' arrives on turn 3 in hex "
        "2714 (Germany) in scenario 'case'; on arrival: German units except the units XV Turkish Corps stand only "
        "on the west edge of the map or in hex 2314 (Königsberg) (rule 10.2)",
        "when-eagles-fight/scenarios/case.yaml:7:5: error: restriction.place: unit 'tu-15' arrives on turn 3 in hex "
        "1430 (Austria-Hungary) in scenario 'case'; on arrival: the units XV Turkish Corps stand only in "
        "Austria-Hungary, on the south edge of the map (rule 10.2)"], id="wef-10.2-german-and-turkish-arrivals"),
    pytest.param(WEF, arrivals("unit: ah-1, turn: 3, entry: '2725'", setup_rows=["unit: ru-1, hex: '3213'"]), [
        "when-eagles-fight/scenarios/case.yaml:6:5: error: restriction.place: unit 'ah-1' arrives on turn 3 in hex "
        "2725 (Austria-Hungary) in scenario 'case'; on arrival: Austro-Hungarian units stand only in "
        "Austria-Hungary, in a place with City (rule 10.2)"], id="wef-10.2-austro-hungarian-arrivals"),
    pytest.param(WEF, arrivals("unit: ro-4, turn: 18, entry: '3138'", setup_rows=["unit: ru-1, hex: '3213'"]), [
        "when-eagles-fight/scenarios/case.yaml:6:5: error: restriction.place: unit 'ro-4' arrives on turn 18 in hex "
        "3138 (Romania) in scenario 'case'; on arrival: Romanian units stand only in hex 3532 (Jassy) (rule 10.4)"],
        id="wef-10.4-romanian-arrival"),
    pytest.param(WEF, setup("unit: ru-1, hex: '1001'"), [
        "when-eagles-fight/scenarios/case.yaml:4:18: error: setup.prohibited-terrain: unit 'ru-1' is set up in hex "
        "1001, which is Sea (no unit may stand there; rule 12.11)"], id="wef-12.11-no-unit-at-sea"),
    pytest.param(WEF, setup("unit: ro-4, hex: '3528'"), [
        "when-eagles-fight/scenarios/case.yaml:4:18: error: restriction.place: unit 'ro-4' is set up in hex 3528 "
        "(Russia) in scenario 'case'; Romanian units never stand north of hex row xx29 (rule 15.6)"],
        id="wef-15.6-romania-south-of-xx29"),
    # pinned in test_restriction_games: 2.14, 3.7, 6.3 (both), 6.4 and 15.4, 10.7, 16

    # -- 1914: Glory's End --------------------------------------------------------------------
    pytest.param(GE, setup("unit: de-gd, hex: '4313'", "unit: fr-1, hex: '1111'", end=30), [
        "glorys-end/scenarios/case.yaml:4:19: error: restriction.place: unit 'de-gd' is set up in hex 4313 of map main "
        "(France) in scenario 'case'; at set-up: German units never stand in France (rule 3.3)",
        "glorys-end/scenarios/case.yaml:5:18: error: restriction.place: unit 'fr-1' is set up in hex 1111 of map main "
        "(Germany) in scenario 'case'; at set-up: French units of army 0, 1, 2, 3, 4 or 5 stand only in France "
        "(rule 3.3)"], id="ge-3.3-germans-out-of-france-french-armies-in-it"),
    pytest.param(GE, setup("unit: de-gd, hex: '1111'", "unit: de-2, hex: '1111'", "unit: de-3, hex: '1111'", end=30), [
        "glorys-end/scenarios/case.yaml:6:5: error: stacking.setup-limit: unit 'de-3' overstacks hex 1111 in scenario "
        "'case': it holds 12 steps (de-gd, de-2, de-3); the limit is at most 9 steps (rule 6.1)",
        "glorys-end/scenarios/case.yaml:6:5: error: stacking.setup-limit: unit 'de-3' overstacks hex 1111 in scenario "
        "'case': it holds 3 units (de-gd, de-2, de-3); the limit is at most 2 corps (rule 6.1)"],
        id="ge-6.1-nine-steps-and-two-corps"),
    pytest.param(GE, setup("unit: fr-1, hex: '4313'", "unit: bef-1, hex: '4313'", "unit: fr-2, hex: '4314'",
                           "unit: bef-nb, hex: '4314'", end=30), [
        "glorys-end/scenarios/case.yaml:5:5: error: stacking.nationalities: unit 'bef-1' of nationality 'bef' is set "
        "up in hex 4313 in scenario 'case' with units of nationality 'fr' (fr-1); nationalities may not stack "
        "together (rule 6.2)"], id="ge-6.2-nationalities-apart-naval-infantry-with-any"),
    pytest.param(GE, setup("unit: bef-1, hex: '3037'", end=30), [
        "glorys-end/scenarios/case.yaml:4:19: error: restriction.place: unit 'bef-1' is set up in hex 3037 of map main "
        "(France) in scenario 'case'; Allied units except French units never stand in hexes 3036, 3037, 3136 "
        "(rule 6.3)"], id="ge-6.3-paris-french-only"),
    pytest.param(GE, "extends: marne\nchanges:\n  add:\n    - {unit: fr-verdun, hex: '2822'}\n", [
        "glorys-end/scenarios/case.yaml:4:7: error: restriction.place: unit 'fr-verdun' is set up in hex 2822 of map "
        "marne (France) in scenario 'case'; fortress units except the units Paris forts (north), Paris forts (west) or "
        "Paris forts (south) are not used (rule 16.2)"], id="ge-16.2-marne-paris-forts-only"),
    pytest.param(GE, arrivals("unit: fr-4t, turn: 4, entry: E", "unit: de-9r, turn: 5, entry: '1415'",
                              "unit: fr-61r, turn: 6, entry: P", "unit: de-22r, turn: 22, entry: '1415'", end=30), [
        "glorys-end/scenarios/case.yaml:5:5: error: restriction.printed: unit 'fr-4t' arrives on turn 4 by 'E' in "
        "scenario 'case', but its counter prints 'S' (code '4S'); on arrival: all units enter by the hex or edge "
        "printed on their counter (rules 8.2, 8.4, 8.5)",
        "glorys-end/scenarios/case.yaml:6:5: error: restriction.printed: unit 'de-9r' arrives on turn 5 by '1415' in "
        "scenario 'case', but its counter prints 'E' (code '5E'); on arrival: all units enter by the hex or edge "
        "printed on their counter (rules 8.2, 8.4, 8.5)"], id="ge-8.4-8.5-entries-as-printed"),
    # pinned in test_restriction_games: 3.2/3.6, 8.2, 8.3 (both), 8.5 full strength

    # -- Blitz in the East --------------------------------------------------------------------
    pytest.param(BITE, setup("unit: de-4, hex: '0111'", "unit: de-6, hex: '0111'", "unit: de-8, hex: '0111'", end=28), [
        "blitz-in-the-east/scenarios/case.yaml:6:5: error: stacking.setup-limit: unit 'de-8' overstacks hex 0111 in "
        "scenario 'case': it holds 3 units (de-4, de-6, de-8); the limit is Axis at most 2 land units "
        "(Intro/Stacking)"], id="bite-axis-two-land-units"),
    pytest.param(BITE, setup("unit: ro-4, hex: '0319'", "unit: hu-1, hex: '0720'", "unit: it-8, hex: '0111'",
                             "unit: fi-kr, hex: '1015'", end=28), [
        "blitz-in-the-east/scenarios/case.yaml:4:18: error: restriction.place: unit 'ro-4' is set up in hex 0319 "
        "(Hungary) in scenario 'case'; Romanian units stand only in Romania; or in Soviet Union, south of the Axis "
        "minors limit line (RO.1)",
        "blitz-in-the-east/scenarios/case.yaml:5:18: error: restriction.place: unit 'hu-1' is set up in hex 0720 "
        "(Romania) in scenario 'case'; Hungarian units stand only in Hungary or Yugoslavia; or in Soviet Union, south "
        "of the Axis minors limit line (RO.1)",
        "blitz-in-the-east/scenarios/case.yaml:6:18: error: restriction.place: unit 'it-8' is set up in hex 0111 "
        "(Germany) in scenario 'case'; Italian units stand only in Romania, Hungary, Greece or Yugoslavia; or in "
        "Soviet Union, south of the Axis minors limit line (RO.1)",
        "blitz-in-the-east/scenarios/case.yaml:7:19: error: restriction.place: unit 'fi-kr' is set up in hex 1015 "
        "(Soviet Union) in scenario 'case'; Finnish units stand only in Finland; or in Soviet Union, north of the "
        "Axis minors limit line (RO.1)"], id="bite-ro1-the-minors-areas"),
    pytest.param(BITE, setup("unit: de-4, hex: '1002'", end=28), [
        "blitz-in-the-east/scenarios/case.yaml:4:18: error: restriction.place: unit 'de-4' is set up in hex 1002 "
        "(Finland) in scenario 'case'; until Axis control of Leningrad: German units never stand in Finland "
        "(RO.1)"], id="bite-ro1-no-germans-in-finland"),
    pytest.param(BITE, setup("unit: de-4, hex: '2814'", "unit: de-6, hex: '1126'", end=28), [
        "blitz-in-the-east/scenarios/case.yaml:4:18: error: setup.prohibited-terrain: unit 'de-4' is set up in hex "
        "2814, which is Kazakh steppe, prohibited to side 'axis' (Intro/Map (Kazakhstan))",
        "blitz-in-the-east/scenarios/case.yaml:5:18: error: setup.prohibited-terrain: unit 'de-6' is set up in hex "
        "1126, which is Not in play (no unit may stand there; Intro/Map)"], id="bite-map-kazakhstan-and-turkey"),
    pytest.param(BITE, arrivals("unit: su-3mc, turn: 2, entry: '1517'", "unit: de-pz2, turn: 2, entry: '0413'",
                                setup_rows=["unit: de-4, hex: '0413'"], end=28), [
        "blitz-in-the-east/scenarios/case.yaml:6:5: error: restriction.place: unit 'su-3mc' arrives on turn 2 in hex "
        "1517 (Soviet Union) in scenario 'case'; on arrival: Armour units never stand in Rough: forest, Rough: hills, "
        "Heavy: swamp or Heavy: mountains terrain, in a place with Secondary city (1.5, 1.6)"],
        id="bite-1.5-no-armour-in-small-cities-on-difficult-ground"),
    pytest.param(BITE, arrivals("unit: de-6, turn: 2, entry: '1015'", "unit: de-8, turn: 2, entry: '0812'",
                                "unit: su-4, turn: 2, entry: '0812'", setup_rows=["unit: de-4, hex: '0413'"], end=28), [
        "blitz-in-the-east/scenarios/case.yaml:6:5: error: restriction.place: unit 'de-6' arrives on turn 2 in hex 1015 "
        "(Soviet Union) in scenario 'case'; on arrival: German units stand only in Germany, in a place with Major "
        "city, Secondary city, Fortress or Capital (1.5, 1.6)",
        "blitz-in-the-east/scenarios/case.yaml:8:5: error: restriction.place: unit 'su-4' arrives on turn 2 in hex 0812 "
        "(Germany) in scenario 'case'; on arrival: Soviet units stand only in Soviet Union or Kazakhstan, in "
        "a place with Major city, Secondary city, Fortress or Capital (1.5, 1.6)"],
        id="bite-1.5-reinforcements-in-home-cities"),
    pytest.param(BITE, setup("unit: de-4, hex: '1015'", "unit: su-3, hex: '1015'", end=28), [
        "blitz-in-the-east/scenarios/case.yaml:5:5: error: stacking.enemy: unit 'su-3' of side 'soviet' is set up in "
        "hex 1015 in scenario 'case' with units of side 'axis' (de-4); units of two sides never stack together "
        "(Intro/Stacking)"], id="bite-no-enemy-units-together"),
    # pinned in test_restriction_games: Soviet stacking and Vasilevsky, airfields, RO.1 apart, S.1, S.3

    # -- The Great War in the Near East ----------------------------------------------------------
    pytest.param(GWNE, setup("unit: tu-17, hex: '2802', map: egypt"), [
        "great-war-near-east/scenarios/case.yaml:4:19: error: setup.code-area: unit 'tu-17' carries set-up code 'C' "
        "(In Turkey on the Caucasus map, east of hex row xx35) but sets up in hex 2802 of map 'egypt', region 'sinai' "
        "(rule 3.3)"], id="gwne-3.2-set-up-codes"),
    pytest.param(GWNE, setup("unit: tu-hq-6, hex: '2436', map: iraq"), [
        "great-war-near-east/scenarios/case.yaml:4:21: error: restriction.place: unit 'tu-hq-6' is set up in hex 2436 "
        "of map iraq (Persia) in scenario 'case'; until Russian Persian Expeditionary Force: Central Powers units "
        "never stand on map Iraq, in hex 2436 (Hamadan) (rules 3.6, 7.32)"], id="gwne-3.6-hamadan-closed-to-cp"),
    pytest.param(GWNE, setup("unit: ana-1, hex: '4303', map: egypt", "unit: arm-1, hex: '1030', map: iraq",
                             "unit: arm-2, hex: '2650', map: caucasus"), [
        "great-war-near-east/scenarios/case.yaml:4:19: error: restriction.place: unit 'ana-1' is set up in hex 4303 of "
        "map egypt (Egypt) in scenario 'case'; Northern Arab Army units stand only on map Egypt/Palestine, in "
        "Palestine, Syria or Hejaz (rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:5:19: error: restriction.place: unit 'arm-1' is set up in hex 1030 of "
        "map iraq (Iraq) in scenario 'case'; Armenian units stand only on map Caucasus (rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:6:19: error: restriction.place: unit 'arm-2' is set up in hex 2650 of "
        "map caucasus (Persia) in scenario 'case'; Armenian units never stand in Persia (rule 3.7)"],
        id="gwne-3.7-arabs-and-armenians"),
    pytest.param(GWNE, setup("unit: bi-6in, hex: '2630', map: caucasus", "unit: bp-cd2, hex: '2802', map: egypt",
                             "unit: fr-dfps, hex: '1030', map: iraq", "unit: ru-pc, hex: '2630', map: caucasus",
                             "unit: spr-1, hex: '2650', map: caucasus"), [
        "great-war-near-east/scenarios/case.yaml:4:20: error: restriction.place: unit 'bi-6in' is set up in hex 2630 of "
        "map caucasus (Turkey) in scenario 'case'; British (Iraq) or British (Egypt and Palestine) units stand only "
        "on map Egypt/Palestine or Iraq (rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:5:20: error: restriction.place: unit 'bp-cd2' is set up in hex 2802 of "
        "map egypt (Sinai) in scenario 'case'; canal defence company units stand only on map Egypt/Palestine, in Egypt "
        "(rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:5:20: error: setup.code-area: unit 'bp-cd2' carries set-up code 'E' "
        "(In Egypt west of the Suez Canal) but sets up in hex 2802 of map 'egypt', region 'sinai' (rule 3.2)",
        "great-war-near-east/scenarios/case.yaml:6:21: error: restriction.place: unit 'fr-dfps' is set up in hex 1030 "
        "of map iraq (Iraq) in scenario 'case'; French units stand only on map Egypt/Palestine (rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:7:19: error: restriction.place: unit 'ru-pc' is set up in hex 2630 of "
        "map caucasus (Turkey) in scenario 'case'; the units Persian Cossack Brigade stand only on map Caucasus, in "
        "Persia (rule 3.7)",
        "great-war-near-east/scenarios/case.yaml:8:19: error: restriction.place: unit 'spr-1' is set up in hex 2650 of "
        "map caucasus (Persia) in scenario 'case'; South Persian Rifles or Persian Gendarmerie units stand only on "
        "map Iraq, in Persia (rule 3.7)"], id="gwne-3.7-british-french-persians"),
    pytest.param(GWNE, arrivals(*(f"unit: {u}, turn: 3, entry: '2436'" for u in ("ru-4ckr", "ru-5ckr", "ru-2kub",
                                                                                 "ru-123")),
                                setup_rows=["unit: bi-6in, hex: '2252'"],
                                extra="map: iraq\nevents: {persian-expedition: 2}\n"), [
        "great-war-near-east/scenarios/case.yaml:11:5: error: restriction.cap: unit 'ru-123' arrives on turn 3 in hex "
        "2436 of map iraq (Persia) in scenario 'case', making 4 (ru-4ckr, ru-5ckr, ru-2kub, ru-123) on map Iraq on "
        "turn 3; the limit is 3: Russian units on map Iraq together: at most 3 (rule 7.32)"],
        id="gwne-7.32-three-of-the-persian-expedition"),
    pytest.param(GWNE, setup("unit: arm-1, hex: '4530', map: caucasus", "unit: ru-1tr, hex: '4530', map: caucasus"), [
        "great-war-near-east/scenarios/case.yaml:4:19: error: restriction.companions: unit 'arm-1' is set up in hex 4530 "
        "of map caucasus (Russia) with 'ru-1tr' in scenario 'case'; Armenian units never stack with Russian "
        "units (rule 7.11)"], id="gwne-7.11-armenians-apart-from-russians"),
    pytest.param(GWNE, setup("unit: ru-1tr, hex: '3550', map: caucasus", "unit: ru-39, hex: '3550', map: caucasus",
                             extra="events: {russian-civil-war: 1}\n"), [
        "great-war-near-east/scenarios/case.yaml:6:19: error: restriction.cap: unit 'ru-39' is set up in hex 3550 of "
        "map caucasus (Russia) in scenario 'case', making 2 (ru-1tr, ru-39) there on turn 1; the limit is 1: Russian "
        "or Russian Provisional Government units in a hex: at most 1 from Russian Civil War on (rule 7.31)"],
        id="gwne-7.31-russians-apart-after-the-civil-war"),
    pytest.param(GWNE, arrivals("unit: spr-1, turn: 3, entry: '2130'", "unit: gndm-1, turn: 3, entry: '2549'",
                                setup_rows=["unit: bi-6in, hex: '2252'"], extra="map: iraq\n"), [
        "great-war-near-east/scenarios/case.yaml:7:5: error: restriction.place: unit 'spr-1' arrives on turn 3 in hex "
        "2130 of map iraq (Persia) in scenario 'case'; on arrival: South Persian Rifles units stand only on map "
        "Iraq, in Persia, in a place with Town (rule 8.4)",
        "great-war-near-east/scenarios/case.yaml:8:5: error: restriction.place: unit 'gndm-1' arrives on turn 3 in hex "
        "2549 of map iraq (Persia) in scenario 'case'; on arrival: Persian Gendarmerie units stand only on map Iraq, "
        "in Persia, in a place with City (rule 8.4)"], id="gwne-8.4-persians-on-the-iraq-map"),
    pytest.param(GWNE, arrivals("unit: bi-12in, turn: 3, entry: '1442'", setup_rows=["unit: bi-6in, hex: '2252'"],
                                extra="map: iraq\n"), [
        "great-war-near-east/scenarios/case.yaml:7:5: error: restriction.place: unit 'bi-12in' arrives on turn 3 in hex "
        "1442 of map iraq (Iraq) in scenario 'case'; on arrival: British (Iraq) units stand only on map Iraq, in "
        "hexes 2252 (Basra), 2552 (Abadan); or on map Iraq, next to Headquarters units of their own nationality, at most 3 by any one of "
        "them, all in one hex (rules 8.3, 8.7)"], id="gwne-8.3-british-iraq-at-basra-or-abadan"),
    pytest.param(GWNE, arrivals("unit: bp-42t, turn: 3, entry: '2802'", "unit: ge-asia, turn: 3, entry: '2802'",
                                setup_rows=["unit: bp-52, hex: '4407'"], extra="map: egypt\n"), [
        "great-war-near-east/scenarios/case.yaml:7:5: error: restriction.place: unit 'bp-42t' arrives on turn 3 in hex "
        "2802 of map egypt (Sinai) in scenario 'case'; on arrival: British (Egypt and Palestine) or French units "
        "stand only on map Egypt/Palestine, in Egypt; or on map Egypt/Palestine, next to British (Egypt and Palestine) Headquarters units"
        ", at most 3 by any one of them, all in one hex (rules 8.3, 8.7)",
        "great-war-near-east/scenarios/case.yaml:8:5: error: restriction.place: unit 'ge-asia' arrives on turn 3 in hex "
        "2802 of map egypt (Sinai) in scenario 'case'; on arrival: German or German shocktroop units except "
        "Division units stand only on map Caucasus or Iraq, in a place with City or Central Powers supply source; on "
        "map Egypt/Palestine, in hex 1728 (Damascus); on map Egypt/Palestine, in a place with Central Powers supply "
        "source; or next to German Headquarters units, at most 3 by any one of them, all in one hex (rules 8.6, "
        "8.7)"], id="gwne-8.3-8.6-british-egypt-and-german-arrivals"),
    pytest.param(GWNE, arrivals("unit: ru-pc, turn: 3, entry: '2650'", "unit: arm-1, turn: 3, entry: '4530'",
                                "unit: ge-ak, turn: 3, entry: '2848'",
                                setup_rows=["unit: ru-1tr, hex: '3550'"], extra="map: caucasus\n"), [
        "great-war-near-east/scenarios/case.yaml:7:5: error: restriction.place: unit 'ru-pc' arrives on turn 3 in hex "
        "2650 of map caucasus (Persia) in scenario 'case'; on arrival: the units Persian Cossack Brigade stand only on "
        "map Caucasus, in Persia, in a place with Town (rule 8.4)",
        "great-war-near-east/scenarios/case.yaml:8:5: error: restriction.place: unit 'arm-1' arrives on turn 3 in hex "
        "4530 of map caucasus (Russia) in scenario 'case'; on arrival: Armenian units stand only on map Caucasus, in "
        "hex 2744 (Van); or on map Caucasus, in Russia, in a place with Town, in an empty hex (rules 7.11, 7.12, 8.5)",
        "great-war-near-east/scenarios/case.yaml:9:5: error: restriction.place: unit 'ge-ak' arrives on turn 3 in hex "
        "2848 of map caucasus (Turkey) in scenario 'case'; on arrival: German or German shocktroop Division units "
        "stand only in the box Central Powers Available Units or Central Powers Strategic Movement Transit; or next to "
        "German Headquarters units, at most 3 by any one of them, all in one hex (rules 8.6, 8.7)"],
        id="gwne-8.4-8.5-8.6-cossacks-armenians-german-divisions"),
    pytest.param(GWNE, setup("unit: tu-hq-3, hex: '2848', map: caucasus", "unit: tu-hq-4, hex: '2848', map: caucasus"), [
        "great-war-near-east/scenarios/case.yaml:5:5: error: stacking.type-limit: unit 'tu-hq-4' is set up in hex 2848 "
        "in scenario 'case', making 2 Headquarters units there (tu-hq-3, tu-hq-4); at most 1 may stack (rules 10.1, "
        "10.2)"], id="gwne-10.2-one-hq-a-hex"),
    # pinned in test_restriction_games: 3.3 (code C), 3.7 Turks in Egypt, 7.10, 7.30, 8.2, 8.6 Turks, 8.7, 10.1

    # -- Strike of the Eagle ------------------------------------------------------------------
    pytest.param(SOTE, setup(*(f"unit: pl-{n}id, area: warsaw" for n in range(1, 6)), "unit: gar-pl-01, area: warsaw",
                             end=7, extra=PARTIAL), [
        "strike-of-the-eagle/scenarios/case.yaml:10:5: error: stacking.setup-limit: unit 'pl-5id' overstacks area "
        "warsaw in scenario 'case': it holds 5 units (pl-1id, pl-2id, pl-3id, pl-4id, pl-5id); the limit is at most 4 "
        "friendly blocks per area at the end of an operation phase (garrisons do not count; no limit in the Eastern "
        "Links) (rule: Stacking)"], id="sote-stacking-four-blocks"),
    pytest.param(SOTE, setup("unit: gar-pl-01, area: torun", end=7, extra=PARTIAL), [
        "strike-of-the-eagle/scenarios/case.yaml:6:23: error: restriction.place: unit 'gar-pl-01' is set up in area "
        "torun (North front) in scenario 'case'; garrison units stand only in a place with Key city (rules: "
        "Preparation, Replacing garrisons)"], id="sote-garrisons-only-in-key-cities"),
    pytest.param(SOTE, arrivals("unit: pl-4ib, turn: 2, entry: torun", "unit: pl-vol, turn: 2, entry: kaunas",
                                setup_rows=["unit: pl-1id, area: warsaw"], end=7, extra=PARTIAL), [
        "strike-of-the-eagle/scenarios/case.yaml:8:5: error: restriction.place: unit 'pl-4ib' arrives on turn 2 in area "
        "torun (North front) in scenario 'case'; on arrival: all units except Garrison units stand only in a place "
        "with Supply depot or in a place with Strategic key city (rules: Build new blocks, Strategic reinforcements)"],
        id="sote-new-blocks-in-supply-depots-or-their-strategic-city"),
    # pinned in test_restriction_games: Eastern Links, one garrison a city, a garrison on every key city
]


@pytest.mark.parametrize("game, body, expected", BROKEN)
def test_each_checked_rule_refuses_its_mutation_naming_the_rule(copies, game, body, expected):  # noqa: F811
    assert case_issues(copies(game), body) == expected


LEGAL = [
    pytest.param(WEF, setup("unit: ru-1, hex: '3213'", "unit: ru-13, hex: '3213'", "unit: ru-15, hex: '3213'",
                            "unit: ru-fort-kovno, hex: '2913'"), id="wef-three-corps-and-a-fort"),
    pytest.param(WEF, arrivals("unit: ru-13, turn: 3, entry: '2913'", "unit: ro-4, turn: 18, entry: '3532'",
                               setup_rows=["unit: ru-1, hex: '3213'"]), id="wef-arrivals-at-their-cities"),
    pytest.param(GE, setup("unit: de-gd, hex: '1111'", "unit: de-2, hex: '1111'", end=30), id="ge-two-german-corps"),
    pytest.param(BITE, setup("unit: de-4, hex: '1002'", end=28, extra="events: {leningrad-axis: 1}\n"),
                 id="bite-germans-in-finland-after-leningrad"),
    pytest.param(BITE, arrivals("unit: de-pz2, turn: 2, entry: '0413'", setup_rows=["unit: de-4, hex: '0413'"], end=28),
                 id="bite-armour-in-a-city-on-clear-ground"),
    pytest.param(GWNE, setup("unit: tu-hq-6, hex: '2436', map: iraq", extra="events: {persian-expedition: 1}\n"),
                 id="gwne-hamadan-after-the-persian-expedition"),
    pytest.param(GWNE, setup(*(f"unit: tu-{n}, box: cp-available" for n in (17, 18, 28, 29, 30, 35, 38))),
                 id="gwne-10.3-no-limit-in-a-holding-box"),
    pytest.param(GWNE, setup("unit: ru-1tr, hex: '3550', map: caucasus", "unit: ru-39, hex: '3550', map: caucasus",
                             extra="events: {russian-civil-war: 2}\n"), id="gwne-russians-stack-before-the-civil-war"),
    pytest.param(SOTE, setup(*(f"unit: so-{n}rd, area: yartsevo" for n in (2, 4, 5, 6, 7)), end=7, extra=PARTIAL),
                 id="sote-no-limit-in-the-eastern-links"),
]


@pytest.mark.parametrize("game, body", LEGAL)
def test_the_legal_edge_cases_pass(copies, game, body):  # noqa: F811
    assert case_issues(copies(game), body) == []


def test_sote_a_leader_is_a_one_sp_block(copies):  # noqa: F811
    sote = copies("strike-of-the-eagle")
    text = sote.read("units.csv")
    sote.replace("units.csv", "pl-pilsudski,pl,leader,,Piłsudski,Józef Piłsudski,,1,block",
                 "pl-pilsudski,pl,leader,,Piłsudski,Józef Piłsudski,,2,block")
    try:
        assert [i for i in issues(sote) if " units.steps" in i] == [
            "strike-of-the-eagle/units.csv:2:8: error: units.steps: [steps] unit 'pl-pilsudski' has 2 steps; a Leader "
            "has 1 (rule: Leader blocks (1 SP))"]
    finally:
        sote.write("units.csv", text)
