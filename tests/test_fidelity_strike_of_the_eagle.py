"""Strike of the Eagle: figures of the Spanish rules pinned in the sample data.

Each test names the rules section it pins (the text has lost its numbers, so sections are
named by heading); expected values are written out by hand (docs/fidelity/strike-of-the-eagle.md
lists every fact checked). Counts of blocks, leaders and cards are in test_strike_of_the_eagle.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.io.loader import load_game

GAME_DIR = Path(__file__).resolve().parent.parent / "data" / "strike-of-the-eagle"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME_DIR).game


def test_colocar_marcadores_de_orden_the_order_mix(game):
    mix = {c.card_id: c.copies for c in game.cards_of("polish-orders")}
    assert mix == {"forced-march-to": 5, "forced-march": 5, "recon": 2, "move-to": 5, "move-out": 5,
                   "withdraw": 2, "defend": 5, "reorganize": 2, "rail": 1}
    assert {c.card_id: c.copies for c in game.cards_of("soviet-orders")} == mix


def test_apilado_four_blocks_garrisons_and_eastern_links_free(game):
    (limit,) = game.spec.stacking.limits
    assert (limit.measure, limit.max) == ("units", 4)
    assert limit.exempt_types == ["garrison"] and limit.exempt_features == ["eastern_link"]


def test_reconocimiento_the_three_eastern_links(game):
    links = sorted(a.name for a in game.areas if "eastern_link" in a.features)
    assert links == ["Elizavetgrad", "Klintsy", "Yartsevo"]


def test_refuerzos_estrategicos_kaunas_is_a_strategic_city(game):
    kaunas = next(a for a in game.areas if a.area_id == "kaunas")
    assert {"key_city", "strategic_city"} <= set(kaunas.features)


def test_como_se_juega_a_round(game):
    phases = [p.id for p in game.spec.turn_track.phases]
    assert phases == ["cards", "op1", "op2", "op3", "op4", "op5", "reinforcement"]
    initiative = {t.id: t.first for t in game.spec.turn_track.tracks}
    assert initiative["initiative-north"] == 1 and initiative["initiative-south"] == 1   # no 0 on the tracks


def _key_cities_in_play(game, scenario_id):
    key = {a.area_id: a for a in game.areas if "key_city" in a.features}
    if scenario_id == "kiev-offensive":            # only the South front
        return {k for k, a in key.items() if a.region == "south"}
    return {k for k, a in key.items() if a.region == "north"} | {"lublin"}   # North front, Lublin and Dęblin


@pytest.mark.parametrize("scenario_id", ["kiev-offensive", "battle-of-warsaw"])
def test_preparar_a_garrison_on_every_key_city(game, scenario_id):
    scenario = game.scenario_index[scenario_id]
    garrisoned = {p.area_id for p in scenario.setup if game.unit_index[p.unit_id].type_id == "garrison"}
    assert _key_cities_in_play(game, scenario_id) <= garrisoned


def test_preparar_no_leaders_in_the_introductory_scenario(game):
    kiev = game.scenario_index["kiev-offensive"]
    assert not [p for p in kiev.setup if game.unit_index[p.unit_id].type_id == "leader"]
    assert not kiev.reinforcements


def test_fase_de_refuerzo_costs_in_the_sequence(game):
    reinforcement = next(p for p in game.spec.sequence_of_play if p.id == "reinforcement")
    notes = {s.id: s.notes for s in reinforcement.steps}
    assert "1 cube for a 1 SP brigade, 2 for a 1 SP division" in notes["build"]
    assert "at most 1 SP" in notes["strengthen"]
