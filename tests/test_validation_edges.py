"""Check rules at their edges, each with the exact message a designer reads: a unit set up
at exactly one step or at full strength, references a restriction or deployment group gets
wrong (a box, an area of a link, a side excluded, a side), armies given at set-up, a marker a
group needs but the scenario does not place, a catalog that cannot be read; and every word
of a restriction said in words going through the catalogs (the pseudo-locale shows any that
does not)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from checks import issues
from generator.i18n import Translator
from generator.io.loader import load_game
from generator.model.restrictions import Beyond, Links, Near, Place, Restriction
from generator.model.selectors import UnitSelector as U
from generator.validation.restriction_words import rule_words
from i18n_helpers import declare, es_po
from test_deployment_checks import _armies, _free
from test_restriction_words import AREA_CASES, CASES

from conftest import FIXTURES


def restrict(g, text: str):
    g.write("game.yaml", g.read("game.yaml").rstrip("\n") + "\nrestrictions:\n" + text)
    return g


# --- step levels at set-up
def test_a_unit_set_up_at_one_step_or_at_full_strength_is_legal(mini):
    # r3 has 4 steps, r1 and b1 two: 4 of 4, 1 of 2 and 2 of 2 are all legal
    mini.append("scenarios/opening.yaml", "setup:\n  - {unit: r3, hex: '0504', steps: 4}\n"
                                          "  - {unit: r1, hex: '0505', steps: 1}\n  - {unit: b1, hex: '0101', steps: 2}")
    assert issues(mini, "setup") == []


@pytest.mark.parametrize("steps", [1, 4])
def test_a_block_set_up_at_one_sp_or_at_its_maximum_is_legal(areamini, steps):
    areamini.replace("scenarios/opening.yaml", "{unit: bk1, area: ford, steps: 3}",
                     f"{{unit: bk1, area: ford, steps: {steps}}}")
    assert issues(areamini, "setup.step") == []


# --- references
def test_a_restriction_naming_an_unknown_box_area_of_a_link_or_excluded_side(mini, areamini):
    restrict(mini, "  - {id: d, only_in: [{boxes: [deed]}]}\n"
                   "  - {id: e, units: {types: [inf], exclude: {sides: [green]}}, never_in: [{terrain: [sea]}]}\n")
    assert [i for i in issues(mini) if "ref." in i] == [
        "mini/game.yaml:136:5: error: ref.unknown-box: restriction 'd', only_in[0]: unknown box 'deed'; did you mean "
        "'dead'? (known: dead)",
        "mini/game.yaml:137:5: error: ref.unknown-side: restriction 'e', units: unknown side 'green' (known: blue, red)"]
    restrict(areamini, "  - {id: c, never_in: [{links: [{between: [bluetown, hil]}]}]}\n")
    assert [i for i in issues(areamini) if "ref." in i or "restriction.refs" in i] == [
        "areamini/game.yaml:62:5: error: ref.unknown-area: restriction 'c', never_in[0]: unknown area 'hil'; did you "
        "mean 'hill'? (known: bluetown, ford, harbour, hill, mire, pass, redtown)"]


def test_a_deployment_group_of_an_unknown_side(mini):
    _free(mini, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n')
    mini.replace("scenarios/free.yaml", "side: red", "side: green")
    assert issues(mini, "ref.") == ["mini/scenarios/free.yaml:6:7: error: ref.unknown-side: unknown side 'green' "
                                    "(known: blue, red)"]


def test_an_army_given_to_a_unit_of_no_army(mini):
    # the group takes Redland's units whatever their army; r1 has none, yet is given army 1
    _armies(mini, '  - {unit: r1, hex: "0505", army: "1"}\n  - {unit: r3, hex: "0504"}\n'
                  '  - {unit: r2, hex: "0504", army: "2"}\n')
    mini.replace("units.csv", "r1,rd,inf,XXX,1,5-6-4|2-3-4,,1,illustrative,,,1", "r1,rd,inf,XXX,1,5-6-4|2-3-4,,1,illustrative,,,")
    mini.replace("scenarios/armies.yaml", 'units: {nationalities: [rd], armies: ["0", "1", "2"]}',
                 "units: {nationalities: [rd]}")
    assert [i for i in issues(mini, "deployment.army") if "deployment.army:" in i] == [
        "mini/scenarios/deployed.yaml:3:5: error: deployment.army: unit 'r1' belongs to army none; only units of army "
        "0 are given an army at set-up"]


def test_a_group_needing_a_marker_the_scenario_does_not_place(mini):
    _armies(mini, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n  - {unit: r2, hex: "0504", army: "1"}\n')
    mini.replace("scenarios/armies.yaml", '  - {marker: m2, hex: "0504"}\n', "")
    assert issues(mini, "deployment.distance") == [
        "mini/scenarios/deployed.yaml:4:5: error: deployment.distance: unit 'r3' must stand within 1 hexes of marker "
        "'m2', which the scenario does not place on the map"]


# --- catalogs
def test_a_catalog_that_cannot_be_read_is_named_like_every_other_game_file(mini):
    declare(mini, "en", "es")
    es_po(mini).write_bytes(b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                            b'msgid "a"\nmsgstr "\xff\xfe"\n')
    assert issues(mini, "i18n") == ["mini/locales/es/LC_MESSAGES/game.po:6: error: i18n.catalog: is not UTF-8 text: "
                                    "byte 0xFF cannot be read (save it as UTF-8)"]


def test_warkits_own_catalog_incomplete_is_named_as_warkits_printed_strings():
    from generator.validation.rules.i18n import _incomplete

    game = load_game(FIXTURES / "mini").game
    status = NS(language="fr", domain="warkit", exists=True, total=40, untranslated=[1, 2], fuzzy=[3],
                pending=[NS(key="Turn", line=12), NS(key="Side", line=20)], path=Path(game.folder) / "x.po",
                problems=[], consistency=[])
    (issue,) = list(_incomplete(NS(game=game), status))
    assert (issue.code, issue.where.file, issue.where.line) == ("i18n.untranslated", "mini/x.po", 12)
    assert issue.message == ("fr: 2 of 40 warkit's printed strings untranslated and 1 fuzzy or outdated, printed in "
                             "the source language: Turn, Side")


# --- restrictions in words, every word translated
# the ids the cases name that the game does not declare (printed as written) and the data's
# own designations: the only plain ASCII words a sentence in the pseudo-locale may hold
RAW = {"HA", "zz", "offensive", "war", "atlantis", "x1", "x2", "C", "xx03", "04xx", "xx3", "03xx"}
EXTRA = [
    Restriction(id="r", only_in=[Place(beyond=[Beyond(row=3, side="south")])]),
    Restriction(id="r", only_in=[Place(edges=["south", "east"])]),
    Restriction(id="r", only_in=[Place(shore_of=["blueland"])]),
    Restriction(id="r", units=U(types=["inf"], sides=["red"]), not_used=True),
    Restriction(id="r", units=U(types=["inf"], nationalities=["rd"]), not_used=True),
    Restriction(id="r", units=U(types=["cav"], sides=["blue"], nationalities=["gy"]), not_used=True),
]


def _untranslated(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text) if w.isascii() and not w.isdigit() and w not in RAW]


def test_every_word_of_a_restriction_goes_through_the_catalogs():
    game = load_game(FIXTURES / "mini").game
    t = Translator.for_game(game, "qps")
    said = {rule_words(t, game, rule): _untranslated(rule_words(t, game, rule)) for rule, _ in CASES}
    said.update({rule_words(t, game, rule): _untranslated(rule_words(t, game, rule)) for rule in EXTRA})
    assert {text: words for text, words in said.items() if words} == {}
    areas = load_game(FIXTURES / "areamini").game
    ta = Translator.for_game(areas, "qps")
    links = Restriction(id="r", never_in=[Place(links=[Links(kinds=["rail"])])])
    texts = [rule_words(ta, areas, rule) for rule, _ in AREA_CASES] + [rule_words(ta, areas, links)]
    assert {text: _untranslated(text) for text in texts if _untranslated(text)} == {}


def test_closed_links_and_the_south_side_in_words():
    areas = load_game(FIXTURES / "areamini").game
    closed = Restriction(id="r", never_in=[Place(links=[Links(kinds=["rail"])])])
    assert rule_words(None, areas, closed) == "No unit may move along Railway links"
    game = load_game(FIXTURES / "mini").game
    assert [rule_words(None, game, rule) for rule in EXTRA] == [
        "All units stand only south of hex row xx03", "All units stand only on the south or east edge of the map",
        "All units stand only on the Blueland shore", "Infantry units of the side Red are not used",
        "Infantry units of the nationality Redland are not used",
        "Cavalry units of the side Blue and the nationality Greyland are not used"]


# --- value tables
VALUES = """  - id: fire
    kind: value
    name: Fire
    row_title: Fire value
    columns: [{columns}]
    rows: ["Hits"]
    result_pattern: '\\d'
    cells: ["0 1 2"]
"""


# the table is written right after `tables:` (line 79): its columns on line 84, the first
# value's quote in column 15 ("    columns: [")
@pytest.mark.parametrize("columns, expected", [
    ('"≤1", "2-3", "4+"', []),
    ('"≤1", "3-4", "5+"',
     ["mini/game.yaml:84:21: error: crt.columns: table 'fire': column '3-4' leaves a gap after column '≤1'; the "
      "values must run on without gaps (the next column should start at 2)"]),
    ('"≤1", "1-3", "4+"',
     ["mini/game.yaml:84:21: error: crt.columns: table 'fire': column '1-3' overlaps column '≤1'; the values must "
      "run on without gaps (the next column should start at 2)"]),
    ('"≤1", "2-3", "x"',
     ["mini/game.yaml:84:28: error: crt.columns: table 'fire': column 'x' should be a value ('5'), a range ('3-4') "
      "or an open end ('≤0', '16+')"]),
])
def test_a_value_tables_columns_run_on_without_gaps(mini, columns, expected):
    mini.replace("game.yaml", "tables:\n", "tables:\n" + VALUES.format(columns=columns))
    assert [i for i in issues(mini, "crt.") if "'fire'" in i] == expected


# --- a minimum in a box
def test_a_minimum_in_a_box_counts_the_units_in_that_box(mini):
    restrict(mini, "  - {id: m, units: {types: [inf]}, min: 1, in: [{boxes: [dead]}]}\n")
    assert issues(mini, "restriction.minimum") == [
        "mini/scenarios/opening.yaml:1: error: restriction.minimum: box dead holds 0 of the units it needs at set-up in "
        "scenario 'opening', fewer than 1; infantry units in each hex in the box Dead pile: at least 1 (restriction 'm')"]


# --- rows and columns as the map's ids print them
@pytest.mark.parametrize("id_format, rule, words", [
    ("{col:02d}{row:03d}", Beyond(row=3, side="south"), "All units stand only south of hex row xx003"),
    ("{col:03d}{row:02d}", Beyond(column=4, side="east"), "All units stand only east of hex column 004xx"),
    ("{col}.{row}", Beyond(column=4, side="west"), "All units stand only west of hex column 4.xx"),
])
def test_a_row_or_column_is_named_as_the_maps_ids_print_it(id_format, rule, words):
    game = load_game(FIXTURES / "mini").game
    spec = game.maps["main"]
    game.maps["main"] = spec.model_copy(update={"grid": spec.grid.model_copy(update={"id_format": id_format})})
    assert rule_words(None, game, Restriction(id="r", only_in=[Place(beyond=[rule])])) == words


# --- faces a unit prints
def test_a_block_prints_exactly_one_label():
    from generator.validation.rules.units import _block_strength

    bk1 = load_game(FIXTURES / "areamini").game.unit_index["bk1"]  # a 4 SP block, units.csv line 6
    assert list(_block_strength(bk1, None, 1)) == []
    five = dataclasses.replace(bk1, steps=5)  # one more SP than a block's four edges show
    assert [i.format() for i in _block_strength(five, None, 1)] == [
        "areamini/units.csv:6:8: error: units.steps: [steps] block 'bk1' has a maximum of 5 SP; a block label shows "
        "its strength on its 4 edges, so 1 to 4 SP"]
    assert [i.format() for i in _block_strength(bk1, None, 2)] == [
        "areamini/units.csv:6:7: error: units.faces: [factors] a block prints one label (its strength turns with the "
        "block); found 2 faces"]


def test_a_unit_over_two_counters_prints_a_face_per_step():
    from generator.validation.rules.units import _two_counter_count

    game = load_game(FIXTURES / "mini").game
    r3, big = game.unit_index["r3"], game.step_systems["big"]  # 4 steps over two counters; units.csv line 8
    assert list(_two_counter_count(r3, big, 4)) == []
    assert [i.format() for i in _two_counter_count(r3, big, 3)] == [
        "mini/units.csv:8:6: error: units.faces: [factors] a 4-step unit needs 4 faces from full strength down, "
        "found 3"]


# --- reference pixels of a background picture
def test_a_reference_pixel_outside_the_picture_is_named_with_the_pictures_size():
    from generator.model.pictures import Picture
    from generator.model.source import Location
    from generator.validation.rules.pictures import _inside, _outside

    photo = Picture("art/map.png", "png", b"", 200.0, 100.0, "0" * 64)  # 200 x 100 pixels
    # half a pixel of slack past each edge: a corner on the last pixel's far edge is inside
    cases = [((0.0, 0.0), True), ((200.5, 100.5), True), ((-0.5, -0.5), True), ((0.0, 100.4), True),
             ((0.0, 100.6), False), ((200.6, 0.0), False), ((-0.6, 50.0), False), ((50.0, -0.6), False)]
    assert [_inside(photo, pixel) for pixel, _ in cases] == [inside for _, inside in cases]
    g = NS(spec_where=lambda *key: Location("game.yaml", 7, 5))
    (found,) = _outside(g, ("maps", 0, "background"), NS(points={"0101": (40.0, 250.0)}, origin=None), photo)
    assert found.message == ("reference hex '0101' is at pixel (40, 250), outside the 200 x 100 picture "
                             "'art/map.png'")
    assert list(_outside(g, ("maps", 0, "background"), NS(points={"0101": (40.0, 60.0)}, origin=None), photo)) == []
    (found,) = _outside(g, ("maps", 0, "background"), NS(points=None, origin=(300.0, 10.0)), photo)
    assert (found.code, found.message) == ("image.background", "the origin pixel (300, 10) lies outside the 200 x "
                                                               "100 picture 'art/map.png'")
    assert list(_outside(g, ("maps", 0, "background"), NS(points=None, origin=(200.0, 100.0)), photo)) == []


# --- area maps and links in words, phases, long lists of known ids
@pytest.mark.parametrize("rule, words", [
    (Restriction(id="r", only_in=[Place(near=Near(hexes=0, start="opening"))]),
     "All units stand only in their area of scenario Opening"),
    (Restriction(id="r", only_in=[Place(near=Near(hexes=2, start="opening"))]),
     "All units stand only within 2 areas of their area of scenario Opening"),
    (Restriction(id="r", never_in=[Place(links=[Links(between=["ford", "hill"], kinds=["road"])])]),
     "No unit may move along the Road link Ford–Hill Fort"),
    (Restriction(id="r", never_in=[Place(links=[Links(between=["ford", "hill"])])]),
     "No unit may move along the link Ford–Hill Fort"),
])
def test_an_area_of_another_scenario_and_a_link_between_two_areas_in_words(rule, words):
    assert rule_words(None, load_game(FIXTURES / "areamini").game, rule) == words


def test_an_arrival_in_a_phase_when_the_track_declares_none(mini):
    mini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r3, turn: 2, phase: movement}")
    assert issues(mini, "track") == ["mini/scenarios/opening.yaml:12:5: error: track.phase: unit 'r3' arrives in "
                                     "phase 'movement', but the turn track declares no phases"]


def test_an_unknown_id_shows_the_first_twelve_known_and_says_there_are_more():
    from generator.model.source import Location
    from generator.validation.rules.references import unknown

    known = [f"u{n:02d}" for n in range(1, 15)]  # u01 .. u14
    many = unknown(Location("units.csv", 3, 1), "unit", "zz", known)
    assert (many.code, many.message) == ("ref.unknown-unit", "unknown unit 'zz' (known: u01, u02, u03, u04, u05, u06, "
                                                             "u07, u08, u09, u10, u11, u12 …)")
    few = unknown(Location("units.csv", 3, 1), "link kind", "u1", known[:3])
    assert (few.code, few.message) == ("ref.unknown-link-kind", "unknown link kind 'u1'; did you mean 'u01'? (known: "
                                                                "u01, u02, u03)")


# --- free deployments: a group's own hex, markers placed in part, armies in number order
def test_a_group_within_reach_of_a_hex_off_the_map(mini):
    _free(mini, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n',
          extra="      within: {hexes: 2, of_hex: '0909'}\n")
    assert issues(mini, "deployment") == ["mini/scenarios/free.yaml:6:7: error: deployment.refs: deployment group "
                                          "'reds': hex '0909' is not on map 'main'"]


def test_a_side_placing_only_some_of_its_markers(mini):
    _free(mini, extra="  markers:\n    - {side: red, markers: [control-red, turn], regions: [redland]}\n").append(
        "scenarios/free.yaml", 'markers:\n  - {marker: control-red, hex: "0505"}')
    assert issues(mini, "deployment") == ["mini/scenarios/free.yaml:11:7: error: deployment.incomplete: scenario "
                                          "'free' places 1 of the 2 markers of side 'red'; not placed: turn"]


def test_a_groups_armies_in_number_order_and_a_hex_off_the_map_has_no_neighbours():
    from generator.validation.placing import area_for, group_armies

    game = NS(unit_index={"a": NS(army="10"), "b": NS(army="2"), "c": NS(army=""), "d": NS(army="0")})
    group = NS(unit_ids=["a", "b", "c", "d", "zz"], spec=NS(any_army=["0"]))
    assert group_armies(game, group) == ["2", "10"]  # not '10' before '2'; no army and any-army left out
    mini = load_game(FIXTURES / "mini").game
    assert area_for(mini, "main").neighbours("0909") == ()
    # flat-topped, the first column half a hex below the second: 0101 touches 0102, 0201 and 0202
    assert sorted(area_for(mini, "main").neighbours("0101")) == ["0102", "0201", "0202"]


# --- card fields
@pytest.mark.parametrize("kind, text, message", [
    ("number", "2", None),
    ("number", "two", "'f' is a number field; found 'two' (expected a number such as 2, -1 or 1.5)"),
    ("squares", "red; blue", None),
    ("squares", "red; blu", "'f' holds squares of the colours red, blue; found 'blu'"),
    ("turn", "3", None),
    ("turn", "B", None),
    ("turn", "9", "'f' is a turn field; '9' is not a turn of the track (turns 1-4, letters: A, B)"),
    ("list", "a; b", None),
    ("list", "a;; b", "'f' is a list field; 'a;; b' has an empty entry (separate entries with a single ';')"),
])
def test_a_card_field_holds_what_its_kind_says(kind, text, message):
    from generator.model.source import Location
    from generator.validation.rules.decks import _field_value

    card = NS(values={"f": text}, at=lambda field: Location("mini/decks/supply.csv", 3, 4))
    field = NS(id="f", kind=kind, colours=["red", "blue"])
    track = NS(letters=["A", "B"], numbers=[1, 2, 3, 4])
    found = [(i.code, i.where.line, i.message) for i in _field_value(card, field, track)]
    assert found == ([] if message is None else [("decks.field", 3, message)])


def test_a_group_taking_an_unknown_unit_by_name(mini):
    _free(mini, '  - {unit: r1, hex: "0505"}\n  - {unit: r3, hex: "0504"}\n')
    mini.replace("scenarios/free.yaml", "regions: [redland]", "regions: [redland]\n      extra: [r9]")
    assert issues(mini, "ref.") == ["mini/scenarios/free.yaml:10:15: error: ref.unknown-unit: unknown unit 'r9' "
                                    "(known: b1, b2, b3, b4, r1, r2, r3)"]


def test_a_place_on_the_shore_of_an_unknown_region_or_after_an_unknown_event(mini):
    restrict(mini, "  - {id: s, only_in: [{shore_of: [blueand]}]}\n"
                   "  - {id: w, only_in: [{regions: [redland], after_event: landing}]}\n")
    assert [i for i in issues(mini) if "ref." in i] == [
        "mini/game.yaml:136:5: error: ref.unknown-region: restriction 's', only_in[0]: unknown region 'blueand'; did "
        "you mean 'blueland'? (known: blueland, neutralia, redland)",
        "mini/game.yaml:137:5: error: ref.unknown-event: restriction 'w', only_in[0]: unknown event 'landing': "
        "game.yaml declares no events"]


def test_a_corner_code_naming_a_letter_or_set_up_code_the_game_lacks():
    from generator.validation.rules.units import _letter_and_setup

    game = load_game(FIXTURES / "mini").game  # no lettered turns, no set-up codes; r1 on units.csv line 6
    r1 = game.unit_index["r1"]
    assert [i.format() for i in _letter_and_setup(game, r1, {"letter": "C", "setup": "Q"})] == [
        "mini/units.csv:6:7: error: units.code: [code] corner code '0505' names entry letter 'C', which is not a "
        "lettered turn of the track (letters: none)",
        "mini/units.csv:6:7: error: units.code: [code] corner code '0505' names set-up code 'Q', which side 'red' does "
        "not declare in setup_codes (known: none)"]


# --- a place letting in a few units a turn, all in one hex
def test_a_one_hex_limit_is_broken_by_a_second_hex_however_few_the_units(mini):
    import test_restriction_windows as windows

    reds = windows.reds.__wrapped__(mini)
    reds.write("game.yaml", reds.read("game.yaml") + windows.LANDING.replace("limit: {max: 1}",
                                                                             "limit: {max: 2, one_place: true}"))
    # two units, as many as the place takes in a turn, but in two hexes of the shore
    windows.arrivals(reds, ("r4", 3, "0303"), ("r5", 3, "0403"), events="events: {landing: 2}\n")
    assert windows.restriction_issues(reds) == [
        "mini/scenarios/later.yaml:7:5: error: restriction.limit: unit 'r5' arrives on turn 3 in hex 0403 (Blueland) "
        "in scenario 'later', making 2 (r4, r5) that only a place with a limit lets in on turn 3, more than the 2 a "
        "turn it lets in, all in one hex; on arrival: units of the side Red except Headquarters units stand only in "
        "Redland; or on the Inner Sea shore, in an empty hex, from The landing until The fall, at most 2 a turn, all "
        "in one hex (rule 7.30)"]
    windows.arrivals(reds, ("r4", 3, "0303"), ("r5", 4, "0403"), events="events: {landing: 2}\n")
    assert windows.restriction_issues(reds) == []  # a hex a turn: legal
