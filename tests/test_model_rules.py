"""The small rules of the model, each with a table of hand-worked cases: patterns the data
may not write, rule switches and parameters in force, caps that grow after an event, faces
and factor lines, unit selectors, a card's list fields, feature looks, print-setting errors,
turn annotations a scenario plays and units a free deployment leaves to place."""

from __future__ import annotations

import dataclasses
import math
from types import SimpleNamespace as NS

import pytest

from generator.io.loader import load_game
from generator.model.base import DataPattern, pattern_problem
from generator.model.clauses import RuleSpec, clause
from generator.model.faces import face_at, layout_of, printed_faces
from generator.model.mapdata import MapBackground
from generator.model.mapstyles import FALLBACK_TERRAIN as FALLBACK, feature_look, look_parts, terrain_style
from generator.model.printing import PrintSettings, SettingsError, with_overrides
from generator.model.restrictions import Cap, cap_at
from generator.model.rules import FactorLayout, StepSystem
from generator.model.selectors import UnitSelector
from generator.model.source import Location
from generator.model.variants import Setting, effective

from conftest import FIXTURES

HERE = Location("game.yaml", 3)


@pytest.fixture(scope="module")
def game():
    loaded = load_game(FIXTURES / "mini")
    assert loaded.game is not None
    return loaded.game


NESTED = "holds a repeat inside a repeat, such as (a+)+, which can take hours to match one cell (write it without)"


@pytest.mark.parametrize("pattern, problem", [
    (r"(?P<hex>\d{4})", None),
    (r"(a+)?", None),  # a repeat inside an optional group: at most once round, no blow-up
    (r"(ab)?c+", None),
    (r"(a+)+", NESTED),
    (r"(\d*x?)*", NESTED),
    (r"(a{1,3}){2}", NESTED),  # twice round a repeat is a repeat inside a repeat
    (r"(a){1,3}", None),
    (r"(a)\1", "holds a back-reference (\\1), which can take hours to match one cell (write it without)"),
    (r"(a|ab)*", "holds alternatives inside a repeat, such as (a|ab)*, which can take hours to match one cell "
                 "(write it without)"),
    (r"(a|ab)c", None),
    (r"(?=(a+)+)b", NESTED),  # inside a look-ahead too
    (r"a+b+c+d+", None),  # four open repeats: the most allowed
    (r"a+b*c+d{1,3}e+", "holds 5 repeats of no fixed count (+, *, {1,3} …); at most 4"),
    (r"a?b?c?d?e?f?", None),  # optional parts backtrack once at most: not counted
    (r"(", None),  # no pattern at all: its compile error says so
])
def test_patterns_that_could_take_exponential_time(pattern, problem):
    assert pattern_problem(pattern) == problem


def test_a_data_pattern_matches_whole_cells_only_up_to_its_length():
    code = DataPattern(r"(?P<hex>\d{4})")
    assert code.match("0507") is not None and code.match("0507")["hex"] == "0507"
    assert code.match("x0507") is None


def test_rule_switches_and_parameters_in_force():
    declared = [NS(id="fog", default=True), NS(id="air", default=False)]
    assert effective(declared, (), switches=True) == {"fog": "on", "air": "off"}
    assert effective(declared, (Setting("air", "on", HERE),), switches=True) == {"fog": "on", "air": "on"}
    params = [NS(id="vp", default="12")]
    assert effective(params, (), switches=False) == {"vp": "12"}
    assert effective(params, (Setting("vp", "15", HERE),), switches=False) == {"vp": "15"}


# WEF 6.4/15.4-like: 3 units; from the offensive (turn 5) 4, one more each later turn, up to 6
GROWING = [Cap(max=3), Cap(max=4, after_event="offensive", per_turn=1, up_to=6)]


@pytest.mark.parametrize("turn, events, expected", [
    (4, {"offensive": 5}, 3),  # before the event only the plain cap holds
    (5, {"offensive": 5}, 4),
    (6, {"offensive": 5}, 5),
    (7, {"offensive": 5}, 6),
    (9, {"offensive": 5}, 6),  # up_to
    (9, {}, 3),  # the event never happened
])
def test_a_cap_that_grows_after_an_event(turn, events, expected):
    assert cap_at(GROWING, turn, events, lambda text, t: True) == expected


def test_caps_in_turn_windows():
    caps = [Cap(max=2, turns="1-3"), Cap(max=5, turns="4-6")]
    inside = lambda text, turn: int(text[0]) <= turn <= int(text[-1])  # noqa: E731
    assert [cap_at(caps, turn, {}, inside) for turn in (1, 3, 4, 6, 7)] == [2, 2, 5, 5, None]
    growing = [Cap(max=1, after_event="e", per_turn=2)]  # no up_to: grows without end
    assert cap_at(growing, 8, {"e": 5}, inside) == 7


@pytest.mark.parametrize("kind, steps, faces", [
    ("single", 1, 1), ("flip", 2, 2), ("reformed", 1, 2), ("reformed", 3, 2), ("block", 4, 1), ("two_counter", 4, 4),
])
def test_how_many_faces_carry_factors(kind, steps, faces):
    levels = {4: ["A.front", "A.back", "B.front", "B.back"]} if kind == "two_counter" else {}
    assert StepSystem(id="s", name="S", kind=kind, levels=levels).faces_for(steps) == faces


@pytest.mark.parametrize("pattern, dice, values, printed", [
    ("{dice}-{range} {hit}", ["hit"], {"dice": 2, "range": 5, "hit": 4}, ("2-5", (4,))),
    ("({hit}) {attack}-{movement}", ["hit"], {"hit": 5, "attack": 3, "movement": 4}, ("3-4", (5,))),
    ("{attack}-{movement}", [], {"attack": 3, "movement": 4}, ("", ())),
    ("{a}/{b} [{c}]", ["b", "c"], {"a": 1, "b": 6, "c": 2}, ("1", (6, 2))),
])
def test_a_factor_line_without_its_die_faces(pattern, dice, values, printed):
    assert FactorLayout(id="l", name="L", pattern=pattern, dice=dice).printed(values) == printed


def test_unit_selectors(game):
    b1 = game.unit_index["b1"]  # bl inf XXX, 2 steps, code 0101
    cases = [
        (UnitSelector(), {}, True),
        (UnitSelector(nationalities=["bl"]), {}, True),
        (UnitSelector(nationalities=["rd"]), {}, False),
        (UnitSelector(types=["cav", "inf"]), {}, True),
        (UnitSelector(sizes=["XX"]), {}, False),
        (UnitSelector(units=["b1"]), {}, True),
        (UnitSelector(units=["b2"]), {}, False),
        (UnitSelector(codes=["hex"]), {"code_kind": "hex"}, True),
        (UnitSelector(codes=["turn"]), {"code_kind": "hex"}, False),
        (UnitSelector(sides=["blue"]), {"side": "blue"}, True),
        (UnitSelector(sides=["blue"]), {"side": "red"}, False),
        (UnitSelector(sides=["blue"]), {}, False),  # a side asked for, none known
        (UnitSelector(steps=[2]), {}, True),  # full strength: its own steps
        (UnitSelector(steps=[2]), {"steps": 1}, False),
        (UnitSelector(steps=[1]), {"steps": 1}, True),
        (UnitSelector(setup_codes=["C"]), {"setup_code": "C"}, True),
        (UnitSelector(setup_codes=["C"]), {}, False),
        (UnitSelector(types=["inf"], exclude=UnitSelector(units=["b1"])), {}, False),
        (UnitSelector(types=["inf"], exclude=UnitSelector(units=["b2"])), {}, True),
        (UnitSelector(exclude=UnitSelector(steps=[1])), {"steps": 1}, False),
        (UnitSelector(exclude=UnitSelector(sides=["red"])), {"side": "red"}, False),
    ]
    got = [selector.matches(b1, where.get("code_kind"), where.get("side"), where.get("steps"),
                            where.get("setup_code")) for selector, where, _ in cases]
    assert got == [expected for _, _, expected in cases]


def test_a_cards_list_field(game):
    rally = next(c for c in game.cards if c.card_id == "rally")
    card = dataclasses.replace(rally, values={"requires": " Blueton ; Redville;; ", "turn": "2"})
    assert card.items("requires") == ("Blueton", "Redville")
    assert card.items("turn") == ("2",)
    assert card.items("absent") == ()


@pytest.mark.parametrize("args, look, parts", [
    (("supply",), "supply", ("supply", None, None)),
    (("supply", "#9e1b1b"), "supply~#9e1b1b~", ("supply", "#9e1b1b", None)),
    (("port", None, "anchor"), "port~~anchor", ("port", None, "anchor")),
    (("port", "#2d6fb5", "anchor"), "port~#2d6fb5~anchor", ("port", "#2d6fb5", "anchor")),
])
def test_a_features_look_and_its_parts(args, look, parts):
    assert feature_look(*args) == look
    assert look_parts(look) == parts


@pytest.mark.parametrize("terrain_id, style, expected", [
    ("forest", None, "woods"),
    ("dark_forest", None, "woods"),  # a keyword of the woods style begins a word of the id
    ("x", "light_forest", "woods"),  # or of the declared style
    ("forest", "swamp", "swamp"),  # a declared style wins
    ("lake", "clear", "clear"),
    ("polder_land", None, "swamp"),
    ("tundra", None, FALLBACK),
])
def test_terrain_styles_declared_or_guessed(terrain_id, style, expected):
    assert terrain_style(terrain_id, style) == expected


def test_layers_an_area_map_or_a_hex_map_cannot_have():
    hex_only = MapBackground.model_validate({"image": "map.png", "register": {"origin": [10, 10], "hex_size_px": 50},
                                             "layers": {"grid": False, "numbers": True}})
    assert hex_only.misfits("hex") == []
    assert hex_only.misfits("area") == ["layers 'grid'", "layers 'numbers'",
                                        "register 'hex_size_px' (an area map's origin takes 'dpi')"]
    area_only = MapBackground.model_validate({"image": "map.png", "register": {"origin": [0, 0], "dpi": 150},
                                              "layers": {"areas": True, "links": False}})
    assert area_only.misfits("area") == []
    assert area_only.misfits("hex") == ["layers 'areas'", "layers 'links'"]


@pytest.mark.parametrize("overrides, message", [
    ({"colour": "red"}, "colour: not a print setting (expected one of "),
    ({"player_aid_pages": 9}, "print.player_aid_pages: expected at most 8 (print.player_aid_pages)"),
    ({"bleed_mm": -0.5}, "--bleed: expected at least 0 (print.bleed_mm)"),
    ({"duplex": "sideways"}, "--duplex: expected 'long', 'short' or 'fold' (print.duplex)"),
    ({"counter_size_mm": math.inf}, "--counter-size: expected a finite number (print.counter_size_mm)"),
    ({"counter_dpi": 49}, "--dpi: expected at least 50 (print.counter_dpi)"),
    ({"counter_images": ("svg", "png", "svg")},  # any other refusal: pydantic's own words
     "--counter-images: Tuple should have at most 2 items after validation, not 3 (print.counter_images)"),
])
def test_print_settings_refused_name_the_option(overrides, message):
    with pytest.raises(SettingsError) as raised:
        with_overrides(PrintSettings(), overrides)
    assert str(raised.value).startswith(message)


def test_print_settings_not_given_keep_the_games():
    settings = with_overrides(PrintSettings(bleed_mm=2.0), {"bleed_mm": None, "counter_dpi": 150})
    assert (settings.bleed_mm, settings.counter_dpi) == (2.0, 150)


def test_a_clause_from_plain_text_and_from_a_spec():
    written = clause(RuleSpec, "Blue moves first.", HERE)
    assert (written.text, written.where, written.keys) == ("Blue moves first.", HERE, ())
    spec = RuleSpec(text="Red moves first.")
    assert clause(RuleSpec, spec, HERE, locate=lambda path: Location("s.yaml", 9)).keys == (
        ("text", Location("s.yaml", 9)),)


def test_faces_of_each_step_system(game):
    b1 = game.unit_index["b1"]  # factors 6-7-4|3-4-4
    as_system = {kind: dataclasses.replace(b1, step_system=kind) for kind in ("one", "two", "reformed", "unknown")}
    states = {kind: [(f.slot, f.state) for f in printed_faces(game, unit)] for kind, unit in as_system.items()}
    assert states == {
        "one": [("A.front", "full")],
        "two": [("A.front", "full"), ("A.back", "reduced")],
        "reformed": [("A.front", "full"), ("A.back", "reformed")],
        "unknown": [("A.front", "full"), ("A.back", "reduced")],  # no such system: a flip counter
    }
    two = as_system["two"]
    assert [face_at(game, two, steps) for steps in (None, 2, 3, 1, 0)] == [
        "A.front", "A.front", "A.front", "A.back", "A.front"]
    assert face_at(game, as_system["unknown"], 1) == "A.front"


def test_a_faces_layout_is_the_one_whose_factors_it_gives(game):
    infantry = game.unit_types["inf"]
    face = game.unit_index["b1"].faces[0]
    assert layout_of(game, infantry, dataclasses.replace(face, layout=None)).id == "adm"
    cavalry_like = NS(layouts=("cav", "adm", "unknown"))  # a type that may print either line
    assert layout_of(game, cavalry_like, dataclasses.replace(face, layout=None)).id == "adm"
    assert layout_of(game, cavalry_like, dataclasses.replace(face, layout=None, values={"x": 1})).id == "cav"
    assert layout_of(game, None, dataclasses.replace(face, layout=None)) is None


def test_a_place_is_a_hex_or_an_area_of_its_map(game):
    assert game.place("main", "0101").name == "Blueton"
    assert game.place("main", "9999") is None
    assert game.place("elsewhere", "0101") is None
    assert game.art("", ("front",)) is None and game.art("   ", ("front",)) is None
    assert game.art("no-such-picture.png", ("front",)) is None


def test_turn_annotations_a_scenario_plays(game):
    from generator.model.played import played_annotations
    from generator.model.scenario import TurnChange

    turns = [NS(turn=1, annotations={"Rev": "7", "Air": "2"}), NS(turn=2, annotations={"Rev": "8"}),
             NS(turn=3, annotations={"Air": "1"})]
    spec = NS(turn_track=NS(turns=turns, annotation_rules={"Air": "air"}),
              scenario_rules=[NS(id="air", default=False)])
    # no scenario: every turn, the rule's annotations left out while the rule is off by default
    assert played_annotations(spec, None) == {1: {"Rev": "7"}, 2: {"Rev": "8"}, 3: {}}
    opening = game.scenario_index["opening"]
    with_air = dataclasses.replace(opening, start_turn=2, end_turn=3, rules=(Setting("air", "on", HERE),),
                                   turn_overlays=(TurnChange(2, (("Rev", " "), ("Note", "Rain")), (), HERE),
                                                  TurnChange(3, (("Air", "4"),), (), HERE)))
    assert played_annotations(spec, with_air) == {2: {"Note": "Rain"}, 3: {"Air": "4"}}


def test_units_a_free_deployment_leaves_to_place(game):
    from generator.model.scenario import Placement

    opening = game.scenario_index["opening"]
    groups = (NS(unit_ids=("b1", "b2")), NS(unit_ids=("b3",)))
    placed = (Placement("b2", "0101", None, None, HERE),)
    free = dataclasses.replace(opening, setup=placed, deployment=NS(groups=groups))
    assert free.free_units() == ["b1", "b3"]
    assert dataclasses.replace(opening, deployment=None).free_units() == []


def test_a_unit_over_two_counters_shows_each_step_level_on_its_own_face(game):
    from generator.model.faces import level_faces

    r3 = game.unit_index["r3"]  # 4 steps, step system 'big': A.front, A.back, B.front, B.back
    assert level_faces(game, r3) == ("A.front", "A.back", "B.front", "B.back")
    assert [(f.slot, f.face.text, f.state) for f in printed_faces(game, r3)] == [
        ("A.front", "6-6-4", "full"), ("A.back", "5-5-4", "reduced"), ("B.front", "3-3-4", "reduced"),
        ("B.back", "2-2-4", "reduced")]
    assert [face_at(game, r3, steps) for steps in (4, 3, 2, 1)] == ["A.front", "A.back", "B.front", "B.back"]
    five = dataclasses.replace(r3, steps=5)  # no levels for 5 steps: the front, and a back to flip to
    assert face_at(game, five, 2) == "A.front"
    assert level_faces(game, five) == ("A.front", "A.back")


@pytest.mark.parametrize("kind, steps, level, face", [
    ("flip", 2, 2, "A.front"), ("flip", 2, 1, "A.back"), ("single", 1, 1, "A.front"),
    ("reformed", 1, 1, "A.front"), ("block", 4, 1, "A.front"), ("block", 4, 4, "A.front"),
])
def test_the_face_of_a_step_level(kind, steps, level, face):
    assert StepSystem(id="s", name="S", kind=kind).face_of_level(steps, level) == face


def test_a_type_without_steps_flips_to_its_back_whatever_its_step_system(game):
    spent = dataclasses.replace(game.unit_index["b1"], type_id="art", step_system="reformed")
    assert [(f.slot, f.state) for f in printed_faces(game, spent)] == [("A.front", "full"), ("A.back", "reduced")]
    assert face_at(game, spent, 1) == "A.front"  # no steps to lose


@pytest.mark.parametrize("text, message", [
    ("1d6", None), ("2d6", None), ("d10", None), ("10d100", None), ("none", None),
    ("11d6", "dice '11d6': expected 1 to 10 dice of 2 to 100 faces"),
    ("0d6", "dice '0d6': expected 1 to 10 dice of 2 to 100 faces"),
    ("2d1", "dice '2d1': expected 1 to 10 dice of 2 to 100 faces"),
    ("1d101", "dice '1d101': expected 1 to 10 dice of 2 to 100 faces"),
    ("two dice", "dice 'two dice': expected a roll such as 1d6 or 2d6 (or none)"),
])
def test_the_dice_a_table_is_rolled_with(text, message):
    from generator.model.tables import _dice

    if message is None:
        assert _dice(f" {text} ") == text
    else:
        with pytest.raises(ValueError) as raised:
            _dice(text)
        assert str(raised.value) == message


def test_a_rows_cells_as_text_or_as_a_list():
    from generator.model.tables import _row_cells

    assert _row_cells("1/0  1/1 0/1") == ["1/0", "1/1", "0/1"]
    assert _row_cells([1, "DR", 2.5]) == ["1", "DR", "2.5"]


def test_results_read_by_the_tables_grammar_and_ordered(game):
    from generator.model.results import PartValue, part_values, read_result, result_order_key

    crt = game.spec.tables[0]  # (?P<attacker>\d|E)/(?P<defender>\d|E)(?P<retreat>R)?, retreat weighs 0.5
    assert part_values(crt, "1/2R") == [PartValue("attacker", 1.0, False, 1.0), PartValue("defender", 2.0, False, 1.0),
                                        PartValue("defender", None, False, 0.5)]
    assert part_values(crt, " 0/1 ") == [PartValue("attacker", 0.0, False, 1.0), PartValue("defender", 1.0, False, 1.0)]
    assert part_values(crt, "DR") is None
    reading = read_result(crt, "1/2R")
    assert (reading.attacker_loss, reading.defender_loss, reading.balance) == (1.0, 2.5, 1.5)
    ordered = sorted(["-", "0/2", "2/0", "1/1", "0/1", "1/0"], key=lambda text: result_order_key(crt, text))
    assert ordered == ["2/0", "1/0", "1/1", "0/1", "0/2", "-"]  # best for the defender first, unread last


def test_a_looks_mark_may_hold_the_separator():
    assert look_parts("port~#2d6fb5~an~chor") == ("port", "#2d6fb5", "an~chor")


def test_ranges_of_hexes_plain_clauses_and_setup_codes(game):
    from generator.model.restrictions import Place

    assert Place(hexes=["0101-0303", " 0505 ", "0601 - 0605"]).ranges() == [
        ("0101", "0303"), ("0505", "0505"), ("0601", "0605")]
    assert clause(RuleSpec, "Blue moves first.", HERE).plain() == "Blue moves first."
    assert game.spec.setup_code_of("0101") is None  # mini's codes carry no set-up group


def test_the_levels_of_a_unit_over_two_counters_whatever_faces_it_prints(game):
    from generator.model.faces import level_faces

    r3 = game.unit_index["r3"]
    three_faces = dataclasses.replace(r3, faces=r3.faces[:3])  # 4 steps, a face for 3 of them
    assert level_faces(game, three_faces) == ("A.front", "A.back", "B.front", "B.back")
    assert [f.slot for f in printed_faces(game, three_faces)] == ["A.front", "A.back", "B.front"]


def test_a_set_up_code_carried_by_a_corner_code():
    import re

    from generator.model.game import GameSpec

    spec = NS(counter_codes=[NS(regex=re.compile(r"(?P<setup>[A-Z])?(?P<hex>\d{4})")),
                             NS(regex=re.compile(r"T(?P<turn>\d+)"))])
    assert [GameSpec.setup_code_of(spec, code) for code in ("C0101", "0101", "T4", None, "zz")] == [
        "C", None, None, None, None]


def test_boxes_with_the_path_of_their_entry(game):
    assert [(path, box.id) for path, box in game.boxes_declared()] == [(("maps", 0, "boxes", 0), "dead")]


def test_a_hex_features_colour_is_its_own_else_its_sides(game):
    from generator.model.mapstyles import hex_feature_look

    red_depot = NS(id="depot", colour=None, side="red", style=None, mark=None)
    assert look_parts(hex_feature_look(red_depot, game))[1] == "#b3261e"  # red: the second side's fallback
    own = NS(id="depot", colour="#123456", side="red", style=None, mark="star")
    assert look_parts(hex_feature_look(own, game))[1:] == ("#123456", "star")
    assert look_parts(hex_feature_look(red_depot))[1] is None  # no game: no side colour
