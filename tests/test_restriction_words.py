"""A restriction said in words, made from its data (the check messages, the set-up charts and
the player aids print it): one sentence per kind of rule, every kind of place and of unit
selector, written out by hand for the mini game (sides Blue and Red; Blueland, Redland and
Greyland; Infantry, Cavalry, Heavy artillery; Corps, Division, Battalion; regions Blueland,
Redland, Neutralia; hex 0101 is Blueton; ids colrow, '{col:02d}{row:02d}')."""

from __future__ import annotations

import pytest

from generator.i18n import Translator
from generator.io.loader import load_game
from generator.model.restrictions import Beyond, Cap, Near, Place, Restriction
from generator.model.selectors import UnitSelector as U
from generator.validation.restriction_words import rule_words

from conftest import FIXTURES


@pytest.fixture(scope="module")
def game():
    loaded = load_game(FIXTURES / "mini")
    assert loaded.game is not None
    return loaded.game


def R(**keys) -> Restriction:
    return Restriction(id="r", **keys)


CASES = [
    (R(units=U(nationalities=["bl"]), only_in=[Place(regions=["blueland"])]),
     "Units of the nationality Blueland stand only in Blueland"),
    (R(never_in=[Place(terrain=["sea"])]), "No unit may stand in Sea terrain"),
    (R(units=U(types=["cav"]), never_in=[Place(coastal=True)]), "Cavalry units never stand in a coastal hex"),
    (R(units=U(sizes=["XX"]), never_with=U(nationalities=["rd"])), "Division units never stack with units of the nationality Redland"),
    (R(units=U(units=["b4", "b1", "zz"]), not_used=True), "The units HA, 1 or zz are not used"),
    (R(units=U(sides=["red"]), when="arrival", strength="full"), "On arrival: units of the side Red are at full strength"),
    (R(units=U(sides=["blue"], nationalities=["gy"]), when="setup", turns="1-2", strength="reduced"),
     "At set-up turns 1-2: units of the side Blue and the nationality Greyland are reduced"),
    (R(units=U(types=["inf"], sizes=["XXX"]), max=2, stacked_with=U(types=["art"]), **{"in": [Place(features=["city"])]}),
     "Corps Infantry units in a hex that holds Heavy artillery units in a place with City: at most 2"),
    (R(max=[Cap(max=1, turns="1-4"), Cap(max=3, turns="5-24")]),
     "All units in a hex: at most 1 (turns 1-4); 3 (turns 5-24)"),
    (R(units=U(types=["inf"]), max=[Cap(max=4, after_event="offensive", per_turn=1, up_to=6)]),
     "Infantry units in a hex: at most 4 from offensive on, and 1 more each turn after, up to 6"),
    (R(units=U(sides=["red"]), max=3, per="total", **{"in": [Place(hexes=["0101-0303"])]}),
     "Units of the side Red in hexes 0101-0303 together: at most 3"),
    (R(units=U(types=["inf"]), min=1, **{"in": [Place(hexes=["0101"])]}),
     "Infantry units in hex 0101 (Blueton): at least 1"),
    (R(max=2, **{"in": [Place(hexes=["0101"])]}), "All units in hex 0101 (Blueton): at most 2"),
    (R(max=2, **{"in": [Place(hexes=["0101", "0303"])]}), "All units in a hex in hexes 0101 (Blueton), 0303: at most 2"),
    (R(units=U(types=["inf"]), min=2, per="total", **{"in": [Place(hexes=["0303", "0505"])]}),
     "Infantry units in hexes 0303, 0505 (Redburg) together: at least 2"),
    (R(only_in=[Place(edges=["west", "north"])]), "All units stand only on the west or north edge of the map"),
    (R(only_in=[Place(beyond=[Beyond(row=3, side="north")])]), "All units stand only north of hex row xx03"),
    (R(only_in=[Place(beyond=[Beyond(column=4, side="east")])]), "All units stand only east of hex column 04xx"),
    (R(only_in=[Place(boxes=["dead"])]), "All units stand only in the box Dead pile"),
    (R(only_in=[Place(maps=["main"], empty=True)]), "All units stand only on map Mini map, in an empty hex"),
    (R(only_in=[Place(near=Near(hexes=1, units=U(types=["art"]), same=["side"]))]),
     "All units stand only in or next to the hex of Heavy artillery units of their own side"),
    (R(only_in=[Place(near=Near(hexes=1, exactly=True, other=["nationality"]))]),
     "All units stand only next to a unit of another nationality"),
    (R(only_in=[Place(near=Near(hexes=2))]), "All units stand only within 2 hexes of a unit"),
    (R(only_in=[Place(near=Near(hexes=0, same=["army"]))]), "All units stand only in the hex of a unit of their own army"),
    (R(only_in=[Place(near=Near(hexes=3, exactly=True))]), "All units stand only exactly 3 hexes from a unit"),
    (R(only_in=[Place(near=Near(hexes=0, start="opening"))]),
     "All units stand only in their hex of scenario Opening moves"),
    (R(only_in=[Place(near=Near(hexes=2, start="opening"))]),
     "All units stand only within 2 hexes of their hex of scenario Opening moves"),
    (R(only_in=[Place(regions=["redland"], coastal=True), Place(boxes=["dead"])]),
     "All units stand only in Redland, in a coastal hex; or in the box Dead pile"),
    (R(only_in=[Place(regions=["redland"]), Place(regions=["neutralia"]), Place(areas=["x1", "x2"])]),
     "All units stand only in Redland, in Neutralia or in the areas x1 or x2"),
    (R(units=U(exclude=U(sides=["red"])), never_in=[Place(features=["city"])]),
     "Units of sides other than Red never stand in a place with City"),
    (R(units=U(nationalities=["bl"], armies=["1", "2"]), not_used=True), "Units of the nationality Blueland of army 1 or 2 are not used"),
    (R(units=U(setup_codes=["C"], codes=["hex", "turn"], steps=[1]), not_used=True),
     "All units with set-up code C whose corner code is a set-up hex or turn of entry at 1 steps are not used"),
    (R(units=U(codes=["army", "event", "tag", "letter", "setup"]), not_used=True),
     "All units whose corner code is a starting army, conditional entry, scenario tag, entry letter or set-up code "
     "are not used"),
    (R(units=U(types=["inf"], exclude=U(units=["b1"])), not_used=True), "Infantry units except the units 1 are not used"),
    (R(units=U(types=["cav"]), only_in=[Place(regions=["blueland"])], unless_with=U(types=["inf"])),
     "Cavalry units stand only in Blueland unless stacked with Infantry units"),
    (R(units=U(types=["cav"]), never_in=[Place(regions=["redland"])], until_event="war"),
     "Until war: Cavalry units never stand in Redland"),
]


@pytest.mark.parametrize("rule, words", CASES)
def test_each_kind_of_restriction_in_words(game, rule, words):
    assert rule_words(None, game, rule) == words


def test_the_datas_own_words_win_and_a_window_may_be_said_otherwise(game):
    rule = R(max=[Cap(max=1, turns="1-4")])
    assert rule_words(None, game, rule, "At most one unit a hex early on") == "At most one unit a hex early on"
    assert rule_words(None, game, rule, window=lambda text: f"game turns {text}") == (
        "All units in a hex: at most 1 (game turns 1-4)")


def test_restrictions_in_spanish(game):
    # warkit.po: "{units} solo pueden estar {places}", "las unidades de {owner}", "en {regions}",
    # "ninguna unidad puede estar {places}", "en terreno de {terrain}", "{units} nunca pueden
    # estar {places}", "las unidades de {kind}", "en un hexágono costero"; the mini game's
    # catalog: Blueland/Azulia, Sea/Mar, Cavalry/Caballería
    t = Translator.for_game(game, "es")
    assert [rule_words(t, game, rule) for rule, _ in CASES[:3]] == [
        "Las unidades de la nacionalidad Azulia solo pueden estar en Azulia",
        "Ninguna unidad puede estar en terreno de Mar",
        "Las unidades de Caballería nunca pueden estar en un hexágono costero",
    ]


@pytest.fixture(scope="module")
def area_game():
    loaded = load_game(FIXTURES / "areamini")
    assert loaded.game is not None
    return loaded.game


# areamini is an area map: a unit stands in an area, distances are counted in links
AREA_CASES = [
    (R(only_in=[Place(near=Near(hexes=0))]), "All units stand only in the area of a unit"),
    (R(only_in=[Place(near=Near(hexes=2, exactly=True))]), "All units stand only exactly 2 areas from a unit"),
    (R(only_in=[Place(near=Near(hexes=1))]), "All units stand only in or next to the area of a unit"),
    (R(only_in=[Place(near=Near(hexes=3))]), "All units stand only within 3 areas of a unit"),
    (R(only_in=[Place(empty=True)]), "All units stand only in an empty area"),
    (R(max=2), "All units in an area: at most 2"),
    (R(min=1, **{"in": [Place(areas=["ford"])]}), "All units in the area Ford: at least 1"),
    (R(only_in=[Place(areas=["ford", "atlantis"])]), "All units stand only in the areas Ford or atlantis"),
]


@pytest.mark.parametrize("rule, words", AREA_CASES)
def test_restrictions_on_an_area_map_in_words(area_game, rule, words):
    assert rule_words(None, area_game, rule) == words


@pytest.fixture(scope="module")
def named_game(tmp_path_factory):
    """The mini game with adjectives for Blue, Blueland and Greyland (Redland has none) and
    their Spanish forms in its catalog."""
    import shutil
    folder = tmp_path_factory.mktemp("adjectives") / "mini"
    shutil.copytree(FIXTURES / "mini", folder)
    yaml = folder / "game.yaml"
    text = yaml.read_text()
    for old, new in (("{id: blue, name: Blue}", "{id: blue, name: Blue, adjective: Blue}"),
                     ("name: Blueland\n", "name: Blueland\n    adjective: Bluelandish\n"),
                     ("name: Greyland\n", "name: Greyland\n    adjective: Greylandish\n")):
        assert old in text, old
        text = text.replace(old, new)
    yaml.write_text(text)
    po = folder / "locales" / "es" / "LC_MESSAGES" / "game.po"
    po.write_text(po.read_text() + "".join(
        f'\nmsgctxt "{key}.adjective"\nmsgid "{en}"\nmsgstr "{es}"\n'
        for key, en, es in (("side.blue", "Blue", "azules"), ("nationality.bl", "Bluelandish", "azulinas"),
                            ("nationality.gy", "Greylandish", "grisáceas"))))
    loaded = load_game(folder)
    assert loaded.game is not None
    return loaded.game


ADJECTIVE_CASES = [
    (R(units=U(nationalities=["bl"]), only_in=[Place(regions=["blueland"])]),
     "Bluelandish units stand only in Blueland", "Las unidades azulinas solo pueden estar en Azulia"),
    (R(units=U(nationalities=["bl", "gy"], types=["cav"]), not_used=True),
     "Bluelandish or Greylandish Cavalry units are not used",
     "Las unidades de Caballería azulinas o grisáceas no se usan"),
    (R(units=U(sides=["blue"]), never_with=U(nationalities=["rd"])),
     "Blue units never stack with units of the nationality Redland",
     "Las unidades azules nunca se apilan con las unidades de la nacionalidad Rojilandia"),
    # one of the nationalities without an adjective: all of them by name
    (R(units=U(nationalities=["bl", "rd"]), strength="full"),
     "Units of the nationality Blueland or Redland are at full strength",
     "Las unidades de la nacionalidad Azulia o Rojilandia están a plena fuerza"),
]


@pytest.mark.parametrize("rule, english, spanish", ADJECTIVE_CASES)
def test_a_side_or_nationality_with_an_adjective_qualifies_units(named_game, rule, english, spanish):
    assert rule_words(None, named_game, rule) == english
    assert rule_words(Translator.for_game(named_game, "es"), named_game, rule) == spanish
