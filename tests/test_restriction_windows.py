"""Places open only between two events, and places that limit how many units they let in
(model/restrictions.Place: `after_event`, `until_event`, `limit`; `shore_of`): one invalid
fixture per kind with its exact message, and the legal edge cases beside it.

GWNE 7.30: once the amphibious-campaign chit is played, one Russian unit a turn may land on
any free Black Sea coast hex east of Trebizond, until the Fall of the Tsar. GWNE 8.7: new
units may be placed next to an HQ of their own country, at most 3 next to any one HQ, all in
one hex. The mini game plays them with red units: headquarters `rh1`, `rh2`, divisions r4-r8;
0404 is a sea hex of the Inner Sea, 0303 and 0403 lie on its shore, 0302 is next to 0303."""

from __future__ import annotations

import pytest

from checks import issues

REDS = "".join(f"r{n},rd,inf,XX,{n},2-2-4,,1,illustrative,,\n" for n in range(4, 9)) + \
    "rh1,rd,hq,II,H1,,,1,illustrative,,\nrh2,rd,hq,II,H2,,,1,illustrative,,\n"

LANDING = """restrictions:
  - id: red-entry
    units: {sides: [red], exclude: {types: [hq]}}
    when: arrival
    only_in:
      - {regions: [redland]}
      - {shore_of: [inner-sea], empty: true, after_event: landing, until_event: fall, limit: {max: 1}}
    source: rule 7.30
events:
  - {id: landing, name: The landing}
  - {id: fall, name: The fall}
"""

BY_HQ = """restrictions:
  - id: red-entry
    units: {sides: [red], exclude: {types: [hq]}}
    when: arrival
    only_in:
      - {regions: [redland]}
      - near: {units: {types: [hq]}, same: [nationality], hexes: 1, exactly: true}
        limit: {max: 3, per: near, one_place: true}
    source: rule 8.7
"""


@pytest.fixture
def reds(mini):
    mini.replace("game.yaml", "unit_types:\n", "unit_types:\n  - {id: hq, name: Headquarters, symbol: infantry, "
                                               "factor_layout: none, stacking: free}\n")
    mini.replace("game.yaml", "  - {id: neutralia, name: Neutralia, neutral: true}\n",
                 "  - {id: neutralia, name: Neutralia, neutral: true}\n  - {id: inner-sea, name: Inner Sea}\n")
    mini.replace("map/hexes.csv", "0404,sea,,,,", "0404,sea,,,inner-sea,")
    mini.write("units.csv", mini.read("units.csv") + REDS)
    return mini


def arrivals(g, *rows, events: str = "") -> None:
    """A scenario of arrivals only: rows (unit, turn, hex)."""
    g.write("scenarios/later.yaml", "start_turn: 1\nend_turn: 4\n" + events + "setup: []\nreinforcements:\n"
            + "".join(f"  - {{unit: {u}, turn: {t}, entry: '{h}'}}\n" for u, t, h in rows))


def restriction_issues(g) -> list[str]:
    return [i for i in issues(g) if " restriction." in i and "later.yaml" in i]


def test_a_place_open_between_two_events_lets_units_in_from_the_first_until_the_second(reds):
    reds.write("game.yaml", reds.read("game.yaml") + LANDING)
    # the turn of the landing and the turn right after it are open; the turn of the fall is not
    arrivals(reds, ("r4", 2, "0303"), ("r5", 3, "0403"), ("r6", 4, "0303"), events="events: {landing: 2, fall: 4}\n")
    assert restriction_issues(reds) == [
        "mini/scenarios/later.yaml:8:5: error: restriction.place: unit 'r6' arrives on turn 4 in hex 0303 (Blueland) "
        "in scenario 'later'; on arrival: units of the side Red except Headquarters units stand only in Redland; or on the "
        "Inner Sea shore, in an empty hex, from The landing until The fall, at most 1 a turn (rule 7.30)"]


def test_a_place_open_after_an_event_no_scenario_dates_is_never_open(reds):
    reds.write("game.yaml", reds.read("game.yaml") + LANDING)
    arrivals(reds, ("r4", 2, "0303"))
    assert restriction_issues(reds) == [
        "mini/scenarios/later.yaml:5:5: error: restriction.place: unit 'r4' arrives on turn 2 in hex 0303 (Blueland) "
        "in scenario 'later'; on arrival: units of the side Red except Headquarters units stand only in Redland; or on the "
        "Inner Sea shore, in an empty hex, from The landing until The fall, at most 1 a turn (rule 7.30)"]


def test_the_shore_of_a_sea_is_next_to_its_region_and_outside_it(reds):
    reds.write("game.yaml", reds.read("game.yaml") + LANDING)
    # 0202 is two hexes from the sea: not on its shore
    arrivals(reds, ("r4", 2, "0202"), events="events: {landing: 1}\n")
    assert restriction_issues(reds) == [
        "mini/scenarios/later.yaml:6:5: error: restriction.place: unit 'r4' arrives on turn 2 in hex 0202 (Blueland) "
        "in scenario 'later'; on arrival: units of the side Red except Headquarters units stand only in Redland; or on the "
        "Inner Sea shore, in an empty hex, from The landing until The fall, at most 1 a turn (rule 7.30)"]


def test_a_place_letting_in_one_unit_a_turn_refuses_the_second(reds):
    reds.write("game.yaml", reds.read("game.yaml") + LANDING)
    # r7 enters in Redland: another place lets it in, so it is not counted
    arrivals(reds, ("r4", 3, "0303"), ("r7", 3, "0504"), ("r5", 3, "0403"), events="events: {landing: 2}\n")
    assert restriction_issues(reds) == [
        "mini/scenarios/later.yaml:8:5: error: restriction.limit: unit 'r5' arrives on turn 3 in hex 0403 "
        "(Blueland) in scenario 'later', making 2 (r4, r5) that only a place with a limit lets in on turn 3, more "
        "than the 1 a turn it lets in; on arrival: units of the side Red except Headquarters units stand only in Redland; or "
        "on the Inner Sea shore, in an empty hex, from The landing until The fall, at most 1 a turn (rule 7.30)"]
    reds.replace("scenarios/later.yaml", "{unit: r5, turn: 3,", "{unit: r5, turn: 4,")
    assert restriction_issues(reds) == []


def test_at_most_three_next_to_any_one_hq_is_a_count_per_hq(reds):
    reds.write("game.yaml", reds.read("game.yaml") + BY_HQ)
    # exactly 3 next to one HQ pass
    arrivals(reds, ("rh1", 2, "0303"), ("r4", 2, "0302"), ("r5", 2, "0302"), ("r6", 2, "0302"))
    assert restriction_issues(reds) == []
    # a fourth is one too many for that HQ
    reds.append("scenarios/later.yaml", "  - {unit: r7, turn: 2, entry: '0302'}")
    message = (
        "mini/scenarios/later.yaml:9:5: error: restriction.limit: unit 'r7' arrives on turn 2 in hex 0302 "
        "(Blueland) in scenario 'later', making 4 (r4, r5, r6, r7) placed next to Headquarters units of their own "
        "nationality on turn 2, more than the units they may be placed by can take at 3 each, all in one hex; on "
        "arrival: units of the side Red except Headquarters units stand only in Redland; or next to Headquarters units of "
        "their own nationality, at most 3 by any one of them, all in one hex (rule 8.7)")
    assert restriction_issues(reds) == [message]
    # a second HQ next to the hex takes the fourth: the count is per HQ, not per hex or region
    reds.append("scenarios/later.yaml", "  - {unit: rh2, turn: 2, entry: '0202'}")
    assert restriction_issues(reds) == []


def test_the_units_one_hq_places_stand_in_one_hex(reds):
    reds.write("game.yaml", reds.read("game.yaml") + BY_HQ)
    # 0302 and 0403 are both next to the HQ in 0303, which may place its units in one of them only
    arrivals(reds, ("rh1", 2, "0303"), ("r4", 2, "0302"), ("r5", 2, "0403"))
    assert [i.split(", more than")[0] for i in restriction_issues(reds)] == [
        "mini/scenarios/later.yaml:7:5: error: restriction.limit: unit 'r5' arrives on turn 2 in hex 0403 "
        "(Blueland) in scenario 'later', making 2 (r4, r5) placed next to Headquarters units of their own "
        "nationality on turn 2"]


def test_an_hq_already_in_play_may_stand_anywhere_but_takes_only_its_share(reds):
    # rh1 arrived on turn 1: where it stands on turn 2 is up to play, so 3 units next to no known HQ
    # pass, and a fourth in another hex needs another HQ
    reds.write("game.yaml", reds.read("game.yaml") + BY_HQ)
    arrivals(reds, ("rh1", 1, "0505"), ("r4", 2, "0201"), ("r5", 2, "0201"), ("r6", 2, "0201"))
    assert restriction_issues(reds) == []
    reds.append("scenarios/later.yaml", "  - {unit: r7, turn: 2, entry: '0303'}")
    assert [i.split(" in scenario")[0] for i in restriction_issues(reds)] == [
        "mini/scenarios/later.yaml:9:5: error: restriction.limit: unit 'r7' arrives on turn 2 in hex 0303 (Blueland)"]


@pytest.mark.parametrize("place, message", [
    ("{regions: [redland], limit: {max: 1, per: near}}",
     "a limit 'per: near' counts the units placed next to the units its place's 'near' names: give the place a "
     "'near'"),
    ("{after_event: landing}",
     "a place needs at least one of maps, regions, terrain, features, hexes, areas, edges, coastal, shore_of, "
     "beyond, near, empty, boxes or links"),
    ("{regions: [redland], after_event: landing, until_event: landing}",
     "'after_event' and 'until_event' are both 'landing': the place would never be open"),
])
def test_a_window_or_a_limit_needs_a_place_it_can_mean(place, message):
    from pydantic import ValidationError

    from generator.model.restrictions import Place
    import yaml

    with pytest.raises(ValidationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Place.model_validate(yaml.safe_load(place))


def test_a_limit_goes_only_where_units_are_let_in():
    from pydantic import ValidationError

    from generator.model.restrictions import Restriction

    with pytest.raises(ValidationError, match="a place's 'limit' counts the units it lets in: it goes in only_in"):
        Restriction.model_validate({"id": "x", "never_in": [{"regions": ["a"], "limit": {"max": 1}}]})
    with pytest.raises(ValidationError, match="event windows and limits do not go in 'in'"):
        Restriction.model_validate({"id": "x", "max": 2, "in": [{"regions": ["a"], "until_event": "e"}]})


def test_a_restriction_in_force_only_after_an_event(reds):
    reds.write("game.yaml", reds.read("game.yaml") + "restrictions:\n  - {id: apart, units: {sides: [red]}, "
               "after_event: war, max: 1, source: rule 7.31}\nevents:\n  - {id: war, name: The civil war}\n")
    arrivals(reds, ("r4", 2, "0303"), ("r5", 2, "0303"), events="events: {war: 3}\n")
    assert restriction_issues(reds) == []
    reds.replace("scenarios/later.yaml", "events: {war: 3}", "events: {war: 2}")
    assert restriction_issues(reds) == [
        "mini/scenarios/later.yaml:7:5: error: restriction.cap: unit 'r5' arrives on turn 2 in hex 0303 (Blueland) "
        "in scenario 'later', making 2 (r4, r5) there on turn 2; the limit is 1: from The civil war on: units of the side Red "
        "in a hex: at most 1 (rule 7.31)"]


def test_unknown_events_and_shores_are_named(reds):
    reds.write("game.yaml", reds.read("game.yaml") + LANDING.replace("until_event: fall", "until_event: fal")
               .replace("shore_of: [inner-sea]", "shore_of: [iner-sea]"))
    assert [i for i in issues(reds) if " ref.unknown" in i and "game.yaml" in i] == [
        "mini/game.yaml:138:5: error: ref.unknown-event: restriction 'red-entry', only_in[1]: unknown event 'fal'; did you mean 'fall'? "
        "(known: fall, landing)",
        "mini/game.yaml:138:5: error: ref.unknown-region: restriction 'red-entry', only_in[1]: unknown region 'iner-sea'; did you mean 'inner-sea'? "
        "(known: blueland, inner-sea, neutralia, redland)"]



def test_one_place_in_two_restrictions_is_one_count(reds):
    # GWNE 8.7: a German HQ places German divisions and other German units alike, 3 in all
    split = BY_HQ.replace("units: {sides: [red], exclude: {types: [hq]}}", "units: {units: [r4, r5]}") + \
        BY_HQ.replace("restrictions:\n", "").replace("id: red-entry", "id: red-entry-2") \
        .replace("units: {sides: [red], exclude: {types: [hq]}}", "units: {units: [r6, r7]}")
    reds.write("game.yaml", reds.read("game.yaml") + split)
    arrivals(reds, ("rh1", 2, "0303"), ("r4", 2, "0302"), ("r6", 2, "0302"), ("r5", 2, "0302"), ("r7", 2, "0302"))
    assert [i.split(", more than")[0] for i in restriction_issues(reds)] == [
        "mini/scenarios/later.yaml:9:5: error: restriction.limit: unit 'r7' arrives on turn 2 in hex 0302 "
        "(Blueland) in scenario 'later', making 4 (r4, r6, r5, r7) placed next to Headquarters units of their own "
        "nationality on turn 2"]
    assert "; on arrival: the units 6 or 7 stand only in Redland" in restriction_issues(reds)[0]  # r7's own rule


def test_a_scenario_dating_an_event_out_of_its_window_or_out_of_order_is_told(reds):
    # WEF 15.1: the Brusilov Offensive may start only on turns 15-18; GWNE 7.30: a chit dated after the
    # Fall of the Tsar opens a landing that never opens; an extending scenario repeats neither message
    reds.write("game.yaml", reds.read("game.yaml") + LANDING.replace(
        "  - {id: landing, name: The landing}", "  - {id: landing, name: The landing, turns: '2-3', source: rule 9.1}"))
    arrivals(reds, ("r4", 2, "0303"), events="events: {landing: 4, fall: 3}\n")
    reds.write("scenarios/again.yaml", "extends: later\n")
    assert [i for i in issues(reds) if " restriction.refs" in i] == [
        "mini/scenarios/later.yaml:3:10: error: restriction.refs: event 'landing' (The landing) is dated on turn 4, but "
        "it may happen only on turns 2-3 (rule 9.1)",
        "mini/scenarios/later.yaml:3:10: error: restriction.refs: event 'landing' is dated on turn 4, not before event "
        "'fall' (turn 3): what opens with the one and closes with the other never opens"]
