"""The pieces The Great War in the Near East needs, in any game: circled set-up codes and
two-tone bands on counters (GWNE 2.6, 3.1), lettered turns and weather by map on the turn
track (5.1, 9.1), a chit's entry letter and yellow band (7.1, 7.4), each map's scale and
movement factor in the player aids (1.2, 12.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from charts_game import context_for, texts_in
from generator.components.counters.art import draw_face
from generator.components.counters.plan import plan_counters
from generator.components.decks.art import chit_front
from generator.components.decks.plan import plan_deck
from generator.components.player_aid import map_points
from generator.components.turn_track import turn_track_blocks
from generator.io.loader import load_game
from generator.layout.primitives import Circle, Rect, Text

SIZE = 15.875
DATA = Path(__file__).resolve().parent.parent / "data" / "great-war-near-east"
CIRCLED = ("  - {kind: turn, name: entry turn, pattern: '(?P<turn>\\d{1,2})'}",
           "  - {kind: turn, name: entry turn, pattern: '(?P<turn>\\d{1,2})'}\n"
           "  - {kind: setup, name: set-up code, pattern: '\\((?P<setup>[A-Z])\\)', show: setup, circled: true}")


def _face(game, unit_id: str, side: str = "front"):
    counters = [c for s in plan_counters(game) for c in s.counters if c.name == unit_id]
    return getattr(counters[0], side)


def test_a_circled_code_prints_its_letter_in_a_ring(mini):
    mini.replace("game.yaml", *CIRCLED).append("game.yaml", "setup_codes:\n  - {code: D, name: Dead pile, box: dead}")
    mini.replace("units.csv", "b2,bl,inf,XX,2,3-3-4,0101,", "b2,bl,inf,XX,2,3-3-4,(D),")
    face = _face(load_game(mini.path).game, "b2")
    drawn = draw_face(face, SIZE)
    assert (face.code, face.code_circled) == ("D", True)
    letter = [t for t in drawn.text if t.text == "D"]
    rings = [i for i in drawn.picture.items if isinstance(i, Circle) and i.style.fill is None]
    assert len(letter) == 1 and len(rings) == 1
    assert abs(letter[0].x_mm - rings[0].cx_mm) < 0.01 and abs(letter[0].y_mm - rings[0].cy_mm) < 0.01
    plain = draw_face(_face(load_game(mini.path).game, "b1"), SIZE)  # a hex code: no ring
    assert not [i for i in plain.picture.items if isinstance(i, Circle) and i.style.fill is None]


@pytest.mark.parametrize("where", ["bottom", "left"])
def test_a_band_at_the_bottom_or_left_lies_under_the_text_it_colours(mini, where):
    mini.replace("game.yaml", 'band: "#b22222"}', f'band: "#b22222", band_text: "#ffffff", band_at: {where}}}')
    face = _face(load_game(mini.path).game, "r1")
    drawn = draw_face(face, SIZE)
    band = next(i for i in drawn.picture.items if isinstance(i, Rect) and i.style.fill == "#b22222")
    on_band = {t.text: t.fill for t in drawn.text}
    if where == "bottom":  # behind the factors, which take the band's text colour
        assert band.y_mm > SIZE / 2 and on_band["5-6-4"] == "#ffffff"
    else:  # down the left side, under the designation
        assert band.x_mm <= 0 and band.width_mm < SIZE / 2 and on_band["1"] == "#ffffff"
        assert on_band["5-6-4"] == "#000000"


LETTERED_TRACK = ("    - {turn: 2, label: Summer}", "    - {turn: 2, letter: S, annotations: {FoC: \"6\"}}")


def test_a_lettered_turn_leads_its_box_with_its_letter_and_weather_is_given_by_map(mini):
    mini.replace("game.yaml", *LETTERED_TRACK)
    mini.replace("game.yaml", "    - {turn: 1, label: Spring}", "    - {turn: 1, label: Spring, weather_by_map: {main: snow}}")
    context = context_for(mini.path)
    blocks = turn_track_blocks(context, None, 180)
    words = [t.text for b in blocks for t, _, _ in texts_in(b.items)]
    assert "S" in words and "FoC" in words and "2" not in words  # the letter replaces the number
    assert any(w.startswith("Mini map: snow") for w in words)


def test_a_track_without_numbers_leads_with_the_labels(mini):
    mini.replace("game.yaml", "turn_track:\n", "turn_track:\n  show_numbers: false\n")
    words = [t.text for b in turn_track_blocks(context_for(mini.path), None, 180) for t, _, _ in texts_in(b.items)]
    assert {"Spring", "Summer", "Autumn", "Winter"} <= set(words) and not {"1", "3", "4"} & set(words)


def test_a_chit_prints_its_entry_letter_in_the_corner_and_its_flags_band(mini):
    mini.replace("game.yaml", *LETTERED_TRACK)
    mini.replace("game.yaml", "    fields:\n      - {id: points, name: Supply points, kind: number}",
                 "    flags:\n      - {id: now, name: Play when drawn, band: \"#f2cf1d\"}\n"
                 "    fields:\n      - {id: points, name: Supply points, kind: number}\n"
                 "      - {id: entry, name: Enters the cup, kind: turn}")
    mini.write("decks/supply.csv", "id,title,copies,text,points,flags,entry,source\n"
                                   "depot,Depot,2,Keep it.,2,now,S,illustrative\nempty,Empty,1,,0,,,illustrative\n")
    game = load_game(mini.path).game
    plan = plan_deck(game, game.spec.decks[1], context_for(mini.path).translator, 12.7)
    depot = chit_front(plan.cards[0].front, 0.0)
    corner = [i for i in depot if isinstance(i, Text) and i.text == "S"]
    band = [i for i in depot if isinstance(i, Rect) and i.style.fill == "#f2cf1d"]
    assert corner and corner[0].x_mm < 3 and corner[0].y_mm < 3
    assert band and band[0].height_mm < 12.7 / 3
    assert not [i for i in chit_front(plan.cards[1].front, 0.0) if isinstance(i, Rect) and i.style.fill == "#f2cf1d"]


def test_the_player_aids_list_each_maps_scale_and_movement_factor(mini):
    context = context_for(mini.path)
    assert map_points(context) == []  # nothing to say of a map without either
    mini.replace("game.yaml", "    title: Mini map\n", "    title: Mini map\n    scale: 5 miles a hex\n    movement_factor: 2\n")
    assert map_points(context_for(mini.path)) == [
        "Mini map: 5 miles a hex; Movement ×2 on this map: multiply every printed movement factor by 2"]


@pytest.fixture(scope="module")
def near_east():
    if not (DATA / "game.yaml").exists():
        pytest.skip("sample game not in this checkout")
    return load_game(DATA).game


def test_the_near_east_facts_from_the_rulebook(near_east):
    game = near_east
    seventh = game.unit_index["bi-7in"]  # GWNE 2.4: 7IN, 3-4-4, enters in strategic turn G
    assert ([f.text for f in seventh.faces], seventh.code) == (["3-4-4"], "G")
    hq = game.unit_index["bp-hq-21"]  # GWNE 2.5: artillery support 1 on the front, 0 on the back, movement 3
    assert [f.values for f in hq.faces] == [{"support": 1, "movement": 3}, {"support": 0, "movement": 3}]
    assert game.spec.setup_code("allied", "I").hex == "2252"  # GWNE 3.2: I is Basra
    assert game.spec.setup_code("cp", "T").box == "turkish-reserve"  # GWNE 3.3
    campaign = game.scenario_index["campaign"]
    reserve = [p for p in campaign.setup if p.box == "turkish-reserve"]
    assert len(reserve) == 11  # GWNE 16.2: eleven Turkish divisions start in the reserve box
    crt = game.tables["crt-a"]
    assert crt.cells[crt.rows.index("2")][crt.columns.index("2:1")] == "2/1"  # GWNE 13.9
    assert (crt.below, game.tables["crt-b"].below, crt.roll_min, crt.roll_max) == ("2/0", "4/0", 0, 6)
    letters = game.spec.turn_track.letters
    assert letters["G"] < letters["K"] < letters["O"] and game.spec.turn_track.turns[0].date == "1914-11/1914-12"
    arrivals = {r.unit_id: r.turn for r in campaign.reinforcements}
    assert arrivals["bi-7in"] == letters["G"] and arrivals["tu-58"] == letters["K"]
