"""What a setup chart lists, read straight from the chart's content (before any layout),
against expectations written out for the mini game: units grouped by side (the side that
plays first, first), nationality (game.yaml's order) and formation (by number), each with
its hex and place name and its step level; boxes, markers, reinforcements by turn with
where they enter; the stacks drawn in each hex; the stacking check in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from charts_game import context_for, texts_in
from generator.build.components import BuildContext
from generator.components.setup_content import (
    arrivals,
    boxed,
    deployment,
    marker_cards,
    stacking_issues,
    stacks,
)

SCENARIO = """title: Opening moves
map: main
start_turn: 1
end_turn: 4
first_side: red
setup:
  - {unit: b1, hex: "0101"}
  - {unit: b3, hex: "0303"}
  - {unit: b2, hex: "0303"}
  - {unit: r3, hex: "0505", steps: 3}
  - {unit: r1, hex: "0504", steps: 1}
  - {unit: b4, box: aside}
  - {unit: r2, box: dead}
reinforcements:
  - {unit: b6, turn: 3, box: dead}
  - {unit: b5, turn: 2, entry: west edge}
markers:
  - {marker: control-red, hex: "0505"}
  - {marker: turn, turn: 2}
  - {marker: control-red, box: dead}
"""


@pytest.fixture
def chart(mini):
    """The mini game with the scenario above; b1 in army 10, b2 in army 2."""
    mini.replace("units.csv", "source,steps,step_system", "source,steps,step_system,army")
    mini.replace("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,,10")
    mini.replace("units.csv", "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,", "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,,2")
    mini.replace("game.yaml", "      - {id: dead, name: Dead pile}\n",
                 "      - {id: dead, name: Dead pile}\n      - {id: aside, name: Set aside}\n")
    mini.append("units.csv", "b5,bl,inf,XX,5,3-3-4,,1,illustrative,,,")
    mini.append("units.csv", "b6,bl,inf,XX,6,3-3-4,,1,illustrative,,,")
    mini.write("scenarios/opening.yaml", SCENARIO)
    context = context_for(mini.path)
    return context, context.game.scenario_index["opening"]


class _Folder:
    def __init__(self, path):
        self.path = Path(path)


def _cards(cards):
    return [(c.anchor, c.name, c.where, c.detail) for c in cards]


def test_units_are_grouped_by_side_nationality_and_formation(chart):
    context, scenario = chart
    grouped = [(side.id, [(nation.id, [(label, _cards(cards)) for label, cards in formations])
                          for nation, formations in nations])
               for side, nations in deployment(context, scenario)]
    assert grouped == [
        ("red", [("rd", [("", [("unit:r3", "3", "0505 Redburg", "3 of 4 steps"),
                              ("unit:r1", "1", "0504", "1 of 2 steps")])])]),
        ("blue", [("bl", [("Army 2", [("unit:b2", "2", "0303", "")]),
                          ("Army 10", [("unit:b1", "1", "0101 Blueton", "")])]),
                  ("gy", [("", [("unit:b3", "3", "0303", "")])])]),
    ]


def test_units_in_boxes_markers_and_arrivals(chart):
    context, scenario = chart
    in_boxes = boxed(context, scenario)
    assert [(title, _cards(cards)) for title, cards in in_boxes] == [  # the map's order of boxes
        ("Dead pile", [("unit:r2", "1 Cav", "Dead pile", "")]), ("Set aside", [("unit:b4", "HA", "Set aside", "")])]
    assert all(card.draw(0.0, 0.0, 15.0).items for _, cards in in_boxes for card in cards)  # each counter drawn
    assert _cards(marker_cards(context, scenario)) == [
        ("marker:control-red:0", "Red control", "0505 Redburg", ""),
        ("marker:turn:1", "Game turn", "Turn 2 (Summer)", ""),
        ("marker:control-red:2", "Red control", "Dead pile", ""),
    ]
    assert [(turn, _cards(cards)) for turn, cards in arrivals(context, scenario)] == [
        ("Turn 2 (Summer)", [("arrival:b5", "5", "enters: west edge", "")]),
        ("Turn 3 (Autumn)", [("arrival:b6", "6", "enters: Dead pile", "")])]


def test_the_stacks_drawn_in_each_hex(chart):
    context, scenario = chart
    drawn = {map_id: {hex_id: [p.anchor for p in pieces] for hex_id, pieces in hexes.items()}
             for map_id, hexes in stacks(context, scenario).items()}
    assert drawn == {"main": {"0101": ["unit:b1"], "0303": ["unit:b3", "unit:b2"],
                              "0505": ["unit:r3", "marker:control-red:0"], "0504": ["unit:r1"]}}
    pieces = {p.anchor: p for hexes in stacks(context, scenario)["main"].values() for p in hexes}
    assert pieces["unit:r3"].steps == 3 and pieces["unit:b1"].steps is None
    assert pieces["unit:r3"].unit.unit_id == "r3" and pieces["marker:control-red:0"].marker.marker_id == "control-red"


def test_the_stacking_check_names_the_hex_in_english_and_in_spanish(chart):
    context, scenario = chart  # 0303: a corps (1) and a division (0.5) of the 2-corps limit: fine
    assert stacking_issues(context, scenario) == []
    from checks import issues

    assert issues(_Folder(context.game.folder)) == []  # the scenario itself is valid
    mini_path = Path(context.game.folder)  # the same game, with the blue corps b1 in 0303 too
    text = (mini_path / "scenarios" / "opening.yaml").read_text(encoding="utf-8")
    (mini_path / "scenarios" / "opening.yaml").write_text(
        text.replace('{unit: b1, hex: "0101"}', '{unit: b1, hex: "0303"}'), encoding="utf-8")
    again = context_for(mini_path)
    crowded = again.game.scenario_index["opening"]
    # b1 (a corps, 1) + b3 (a corps, 1) + b2 (a division, 0.5): b2 takes the hex past 2 corps
    assert stacking_issues(again, crowded) == [
        ("0303", "unit 'b2' overstacks hex 0303 in scenario 'opening': it holds 2.5 weight (b1, b3, b2); the limit "
                 "is at most 2 corps (game.yaml: stacking)")]
    spanish = BuildContext(again.game, again.options, "es")
    assert stacking_issues(spanish, crowded) == [("0303", "0303: supera un límite de apilamiento")]


def test_on_an_area_map_places_and_entries_are_named_by_the_area(areamini):
    areamini.replace("scenarios/opening.yaml", "  - {unit: r3, box: pool}\n", "")
    areamini.append("units.csv", "b9,bl,inf,XX,9,,4-2|2-2,,,illustrative")
    areamini.append("scenarios/opening.yaml", "reinforcements:\n  - {unit: r3, turn: 2, entry: redtown}\n"
                                              "  - {unit: b9, turn: 2, entry: south road}")
    context = context_for(areamini.path)
    scenario = context.game.scenario_index["opening"]
    where = {card.anchor: card.where for _, nations in deployment(context, scenario) for _, groups in nations
             for _, cards in groups for card in cards}
    assert where["unit:b1"] == "Bluetown" and where["unit:r1"] == "Redtown"  # the name alone, no id
    assert [_cards(cards) for _, cards in arrivals(context, scenario)] == [[
        ("arrival:r3", "3", "enters: Redtown", ""),  # an area by its name
        ("arrival:b9", "9", "enters: south road", ""),  # anything else as written
    ]]


RICHER = """title: Every kind of entry
map: main
start_turn: 1
end_turn: 4
first_side: red
setup:
  - {unit: b4, box: aside, state: [disorganised]}
  - {unit: r2, box: dead, steps: 1}
  - {unit: r1, hex: "0504", steps: 2}
  - {unit: r3, hex: "0505", steps: 3, state: [disorganised, out_of_supply]}
  - {unit: b1, hex: "0101"}
  - {unit: b2, hex: "0303"}
  - {unit: b7, hex: "0201"}
  - {unit: b8, hex: "0202"}
  - {unit: b9, hex: "0203"}
  - {unit: b10, hex: "0204"}
  - {unit: b12, hex: "0205", steps: 2}
reinforcements:
  - {unit: b11, turn: 4, steps: 1}
  - {unit: b5, turn: 2, entry: west edge}
markers:
  - {marker: turn, turn: 3}
"""


@pytest.fixture
def richer(mini):
    """Formations of every kind (armies 1, 2 and 10, parents '3' and '/HQ', none), a unit
    with a name, a block at 2 of 4 SP, unit states, units set up below and at full strength, in a box at a reduced step, a
    reinforcement with neither entry nor box; the set-up starts with a box."""
    mini.replace("units.csv", "source,steps,step_system", "source,steps,step_system,army,parent,name")
    mini.replace("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,illustrative,,,10,")
    mini.replace("units.csv", "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,", "b2,bl,inf,XX,2,3-3-4,0101,1,illustrative,,,2,")
    for row in ("b5,bl,inf,XX,5,3-3-4,,1,illustrative,,,,", "b7,bl,inf,XX,7,3-3-4,,1,illustrative,,,1,",
                "b8,bl,inf,XX,8,3-3-4,,1,illustrative,,,,3", "b9,bl,inf,XX,9,3-3-4,,1,illustrative,,,,/HQ",
                "b10,bl,inf,XX,10,3-3-4,,1,illustrative,,,,,Guard Division", "b11,bl,inf,XXX,11,6-7-4|3-4-4,,1,illustrative,,,,",
                "b12,bl,inf,XX,12,3-3-4,,1,illustrative,4,block,,"):
        mini.append("units.csv", row)
    mini.replace("game.yaml", "      - {id: dead, name: Dead pile}\n",
                 "      - {id: dead, name: Dead pile}\n      - {id: aside, name: Set aside}\n")
    mini.replace("game.yaml", "turn_track:\n", "unit_states:\n  - {id: disorganised, name: Disorganised}\n"
                                              "  - {id: out_of_supply, name: Out of supply}\nturn_track:\n")
    mini.replace("game.yaml", "  - {id: one, name: One step, kind: single}\n",
                 "  - {id: one, name: One step, kind: single}\n  - {id: block, name: Block, kind: block}\n")
    mini.append("locales/es/LC_MESSAGES/game.po",
                '\nmsgctxt "unit_state.disorganised.name"\nmsgid "Disorganised"\nmsgstr "Desorganizada"\n'
                '\nmsgctxt "unit.b10.name"\nmsgid "Guard Division"\nmsgstr "División de la Guardia"\n')
    mini.write("scenarios/richer.yaml", RICHER)
    return mini


def _contents(context, scenario):
    return {
        "deployment": [(side.id, [(nation.id, [(label, _cards(cards)) for label, cards in formations])
                                  for nation, formations in nations])
                       for side, nations in deployment(context, scenario)],
        "boxes": [(title, _cards(cards)) for title, cards in boxed(context, scenario)],
        "arrivals": [(turn, _cards(cards)) for turn, cards in arrivals(context, scenario)],
        "markers": _cards(marker_cards(context, scenario)),
    }


def test_every_kind_of_entry_in_english(richer):
    context = context_for(richer.path)
    assert _contents(context, context.game.scenario_index["richer"]) == {
        "deployment": [
            ("red", [("rd", [("", [("unit:r1", "1", "0504", ""),  # 2 of 2 steps: full strength, nothing said
                                   ("unit:r3", "3", "0505 Redburg", "3 of 4 steps · Disorganised, Out of supply")])])]),
            # formations by their first number, one without a number first, no formation last
            ("blue", [("bl", [("Formation /HQ", [("unit:b9", "9", "0203", "")]),
                              ("Army 1", [("unit:b7", "7", "0201", "")]),
                              ("Army 2", [("unit:b2", "2", "0303", "")]),
                              ("Formation /3", [("unit:b8", "8", "0202", "")]),
                              ("Army 10", [("unit:b1", "1", "0101 Blueton", "")]),
                              ("", [("unit:b10", "Guard Division", "0204", ""),  # by its name
                                    ("unit:b12", "12", "0205", "2 of 4 SP")])])]),  # a block: strength points
        ],
        "boxes": [("Dead pile", [("unit:r2", "1 Cav", "Dead pile", "1 of 2 steps")]),
                  ("Set aside", [("unit:b4", "HA", "Set aside", "Disorganised")])],
        "arrivals": [("Turn 2 (Summer)", [("arrival:b5", "5", "enters: west edge", "")]),
                     ("Turn 4 (Winter)", [("arrival:b11", "11", "", "1 of 2 steps")])],
        "markers": [("marker:turn:0", "Game turn", "Turn 3 (Autumn)", "")],  # the name; the counter shows its face
    }


def test_every_kind_of_entry_in_spanish(richer):
    english = context_for(richer.path)
    context = BuildContext(english.game, english.options, "es")
    assert _contents(context, context.game.scenario_index["richer"]) == {
        "deployment": [
            ("red", [("rd", [("", [("unit:r1", "1", "0504", ""),
                                   ("unit:r3", "3", "0505 Rojoburgo", "3 de 4 pasos · Desorganizada, Out of supply")])])]),
            ("blue", [("bl", [("Formación /HQ", [("unit:b9", "9", "0203", "")]),
                              ("Ejército 1", [("unit:b7", "7", "0201", "")]),
                              ("Ejército 2", [("unit:b2", "2", "0303", "")]),
                              ("Formación /3", [("unit:b8", "8", "0202", "")]),
                              ("Ejército 10", [("unit:b1", "1", "0101 Villazul", "")]),
                              ("", [("unit:b10", "División de la Guardia", "0204", ""),
                                    ("unit:b12", "12", "0205", "2 de 4 PF")])])]),
        ],
        "boxes": [("Montón de fichas muertas", [("unit:r2", "1 Cab", "Montón de fichas muertas", "1 de 2 pasos")]),
                  ("Set aside", [("unit:b4", "HA", "Set aside", "Desorganizada")])],
        "arrivals": [("Turno 2 (Verano)", [("arrival:b5", "5", "entra: west edge", "")]),
                     ("Turno 4 (Invierno)", [("arrival:b11", "11", "", "1 de 2 pasos")])],
        "markers": [("marker:turn:0", "Turno de juego", "Turno 3 (Otoño)", "")],
    }


def _all_cards(context, scenario):
    cards = [card for _, nations in deployment(context, scenario) for _, groups in nations for _, cards in groups
             for card in cards]
    cards += [card for _, cards in boxed(context, scenario) for card in cards]
    cards += [card for _, cards in arrivals(context, scenario) for card in cards]
    return cards + marker_cards(context, scenario)


def test_each_counter_is_drawn_at_its_set_up_step_level_where_asked_in_the_builds_language(richer):
    english = context_for(richer.path)
    spanish = BuildContext(english.game, english.options, "es")
    scenario = english.game.scenario_index["richer"]
    # the bottom line of each counter: the factors of the step level it is set up at
    bottom = {card.anchor: [t.text for t, _, y in texts_in([card.draw(10.0, 20.0, 15.0)]) if y > 33]
              for card in _all_cards(english, scenario)}
    assert bottom == {
        "unit:r1": ["5-6-4"],  # 2 of 2 steps: the front
        "unit:r3": ["5-5-4"],  # 3 of 4 steps: the second level of four
        "unit:b9": ["3-3-4"], "unit:b7": ["3-3-4"], "unit:b2": ["3-3-4"], "unit:b8": ["3-3-4"],
        "unit:b1": ["6-7-4"], "unit:b10": ["3-3-4"],
        "unit:b12": ["4"],  # a 4 SP block turned to 2 SP: 2 on top, so its 4 at the bottom
        "unit:r2": ["(0) 1-6"],  # in a box at 1 of 2 steps: the back
        "unit:b4": [],  # artillery without factors
        "arrival:b5": ["3-3-4"],
        "arrival:b11": ["3-4-4"],  # arrives at 1 of 2 steps: the back
        "marker:turn:0": [],
    }
    for card in _all_cards(english, scenario):  # drawn where asked, at the size asked
        here = [(t.text, x, y) for t, x, y in texts_in([card.draw(10.0, 20.0, 15.0)])]
        there = [(t.text, x - 20.0, y - 30.0) for t, x, y in texts_in([card.draw(30.0, 50.0, 15.0)])]
        assert [(text, pytest.approx(x), pytest.approx(y)) for text, x, y in there] == here
    marker = next(card for card in _all_cards(spanish, scenario) if card.anchor == "marker:turn:0")
    assert [t.text for t, _, _ in texts_in([marker.draw(10.0, 20.0, 15.0)])] == ["Turno"]
    marker = next(card for card in _all_cards(english, scenario) if card.anchor == "marker:turn:0")
    assert [t.text for t, _, _ in texts_in([marker.draw(10.0, 20.0, 15.0)])] == ["Turn"]


@pytest.mark.parametrize(("track_change", "english", "spanish"), [
    # a lettered turn (GWNE 3.1) is named by its letter alone
    (("    - {turn: 3, label: Autumn, ", "    - {turn: 3, label: Autumn, letter: C, "), "Turn C", "Turno C"),
    # a track that hides its numbers names a turn by its label
    (("turn_track:\n", "turn_track:\n  show_numbers: false\n"), "Turn Autumn", "Turno Otoño"),
    # otherwise the number with the label
    (("turn_track:\n", "turn_track:\n"), "Turn 3 (Autumn)", "Turno 3 (Otoño)"),
    # or the number alone when the turn has no label
    (("    - {turn: 3, label: Autumn, ", "    - {turn: 3, "), "Turn 3", "Turno 3"),
])
def test_a_turn_is_named_as_the_track_names_it(richer, track_change, english, spanish):
    richer.replace("game.yaml", *track_change)
    context = context_for(richer.path)
    scenario = context.game.scenario_index["richer"]
    assert [card.where for card in marker_cards(context, scenario)] == [english]
    assert [card.where for card in marker_cards(BuildContext(context.game, context.options, "es"), scenario)] == \
        [spanish]


def test_the_stacking_check_of_one_scenario_says_nothing_of_anothers(richer):
    # the opening overstacks 0303 (b1, b3 and b2: 2.5 corps against a limit of 2); the richer
    # scenario stacks nothing: its chart lists no stacking problem
    richer.write("scenarios/opening.yaml", SCENARIO.replace('{unit: b1, hex: "0101"}', '{unit: b1, hex: "0303"}'))
    context = context_for(richer.path)
    assert [hex_id for hex_id, _ in stacking_issues(context, context.game.scenario_index["opening"])] == ["0303"]
    assert stacking_issues(context, context.game.scenario_index["richer"]) == []
