"""Pieces and aids the rules need, all from data, checked where they print: Blitz's production
costs and hit ladder, the strategic movement capacities, Strike of the Eagle's order markers,
leaders, two-sided garrisons, reinforcement squares and areas that hold four blocks."""

from __future__ import annotations

from charts_game import context_for
from generator.checking import check_game
from generator.components.counters.plan import unit_counters
from generator.components.mapparts.areadrawing import square_items
from generator.components.mapparts.areaview import build_area_view
from generator.layout.primitives import Rect
from kits import DATA, kit_text


def test_blitz_production_costs_as_rule_1_5_gives_them():
    en = kit_text("blitz-in-the-east", "en", "tables.pdf")
    assert ("Production costs Unit class Spending Armour and cavalry Infantry Air Offensive chit 2 res. + 2 oil "
            "2 res. + 2 oil 2 res. + 2 oil Reorganise 1 oil 1 res.") in en
    assert "Costes de producción" in kit_text("blitz-in-the-east", "es", "tables.pdf")


def test_blitz_hit_ladder_one_line_a_hit():
    en = kit_text("blitz-in-the-east", "en", "tables.pdf")
    assert ("Hits on a land unit Before the hit After one hit Full strength and organised Full strength "
            "and disorganised Full strength and disorganised Cadre and organised Cadre and organised Cadre and "
            "disorganised Cadre and disorganised Destroyed (surrenders if out of supply)") in en
    assert "Air units: full strength is destroyed by 2 hits, cadre by 1." in en
    es = kit_text("blitz-in-the-east", "es", "tables.pdf")
    assert "En cuadro y desorganizada Destruida (se rinde si está sin suministro)" in es


def test_strategic_movement_capacities():
    wef = kit_text("when-eagles-fight", "en", "tables.pdf")
    assert "Strategic movement Year Units a turn 1914 1915 1916-1917 German 6 6 5" in wef  # WEF 11.3
    assert "Russian 5 4 3" in wef  # 11.5: five in 1914, four in 1915, three after
    ge = kit_text("glorys-end", "en", "tables.pdf")
    assert "Strategic movement Steps a player turn Side By rail By sea German 8 — Allied 8 4 (from turn 8)" in ge
    assert "Allied rail capacity: 4 steps less while the Germans hold or isolate Melun (3334)" in ge
    assert "Movimiento estratégico Pasos por turno de jugador Bando Por ferrocarril Por mar Alemanes 8 — Aliados 8 " \
           "4 (desde el turno 8)" in kit_text("glorys-end", "es", "tables.pdf")
    gwne = kit_text("great-war-near-east", "en", "tables.pdf")
    assert "Central Powers 4 Russians (inside Russia) 2" in gwne  # GWNE 14.3, 14.4


def test_strike_of_the_eagle_aids_list_the_orders_and_the_leaders_abilities():
    en = kit_text("strike-of-the-eagle", "en", "player-aid-polish.pdf")
    assert "Polish order markers 32 chits" in en
    assert "Forced March To 5 On an area within forced-march range of a block" in en
    assert "Rail Transport 1 On up to 4 supplied blocks: up to 8 areas along railways." in en
    assert "Józef Piłsudski: Once a round, until battles are resolved: gives any order to blocks within 2 areas" in en
    assert "Semyon Budyonny" not in en  # a Soviet leader, on the Soviet aid
    es = kit_text("strike-of-the-eagle", "es", "player-aid-soviet.pdf")
    assert "Habilidades especiales • Mikhail Tukhachevsky: Una vez por ronda" in es
    assert "Josef Stalin: Una vez por ronda, hasta la resolución de batallas: reorganiza un bloque" in es


def test_a_garrison_is_one_counter_with_a_side_on_each_face():
    game = context_for(DATA / "strike-of-the-eagle").game
    (counter,) = unit_counters(game, game.unit_index["gar-pl-01"])
    assert counter.front.colours.background == "#2f6bc4"  # Polish blue up …
    assert counter.back.colours.background == "#c0392b"  # … Soviet red when the city falls
    assert counter.back.kind == "unit" and counter.back.symbol == counter.front.symbol


def test_strategic_cities_print_their_reinforcement_squares_and_areas_hold_four_blocks():
    context = context_for(DATA / "strike-of-the-eagle")
    view = build_area_view(context.game, context.game.maps["poland"])
    warsaw = [i for i in square_items(view, view.areas["warsaw"]) if isinstance(i, Rect)]
    assert [r.style.fill for r in warsaw] == ["#ffffff", "#ffffff", "#222222"]  # white=2;black=1
    assert square_items(view, view.areas["plock"]) == []  # not a strategic city
    assert "Strategic reinforcement cube (its controller draws it)" in kit_text("strike-of-the-eagle", "en",
                                                                               "map-poland.pdf")
    assert (view.shape.width_mm, view.shape.height_mm) == (44.0, 44.0)  # 2 × 19 mm blocks + gaps, both ways
    assert [i.format() for i in check_game(DATA / "strike-of-the-eagle").issues if i.code.startswith("area")] == []
