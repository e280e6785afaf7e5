"""Combat effects as data: a DRM, a column shift, a multiplier, a change of losses, no attack,
or words, each with its conditions (model/combat.py); said in words in both languages
(components/combat_words.py); checked (validation/rules/combat.py); printed on the TEC, the
map's legend and the CRT of the sample games as their rulebooks state them."""

from __future__ import annotations

import pydantic
import pytest

from charts_game import context_for
from generator.build.components import BuildContext
from generator.components.combat_words import CombatWords, effects_sentence, system_sentence
from generator.components.tec import tec_footnote
from generator.model.combat import CombatEffect
from kits import DATA, kit_text


def context(game: str, language: str = "en"):
    base = context_for(DATA / game)
    return base if language == "en" else BuildContext(base.game, base.options, language)


def words(game: str, language: str = "en") -> CombatWords:
    ctx = context(game, language)
    return CombatWords(ctx.game, ctx.translator)


# -- the model ------------------------------------------------------------------------------

@pytest.mark.parametrize("data, message", [
    ({}, "give exactly one effect of drm, shift, multiply, losses, effect or no_attack (given: none)"),
    ({"drm": -1, "shift": 1}, "give exactly one effect of drm, shift, multiply, losses, effect or no_attack "
                              "(given: drm, shift)"),
    ({"drm": 0}, "drm 0 changes nothing: leave the effect out"),
    ({"multiply": "1"}, "multiply 1 changes nothing: leave the effect out"),
])
def test_an_effect_is_exactly_one_effect(data, message):
    with pytest.raises(pydantic.ValidationError) as error:
        CombatEffect(**data)
    assert message in str(error.value)


def test_a_multiplier_is_an_exact_fraction():
    assert str(CombatEffect(multiply="1/2").factor) == "1/2"
    assert CombatEffect(multiply=3).multiply == "3"  # a YAML number is read as text
    assert CombatEffect(shift=2, direction="right").kind == "shift"


# -- in words ---------------------------------------------------------------------------------

@pytest.mark.parametrize("effect, hexside, english, spanish", [
    (dict(shift=1), False, "1 column left", "1 columna a la izquierda"),
    (dict(shift=2, direction="right"), False, "2 columns right", "2 columnas a la derecha"),
    (dict(shift=1, direction="down"), False, "1 row down", "1 fila hacia abajo"),
    (dict(drm=-1, across="all"), True, "−1 DRM, only when every attacker attacks across such a hexside",
     "MTD −1, solo si todos los atacantes atacan a través de un lado así"),
    (dict(multiply="2", of="defence"), False, "defence ×2", "defensa ×2"),
    (dict(multiply="1/2", across="each"), True, "attack ×½, for the units attacking across it",
     "ataque ×½, a las unidades que atacan a través de él"),
    (dict(losses=-1), False, "defender's losses −1", "pérdidas del defensor −1"),
    (dict(no_attack=True), True, "no attack across it", "no se puede atacar a través de él"),
])
def test_effects_are_said_in_words_in_both_languages(effect, hexside, english, spanish):
    assert words("great-war-near-east").effect(CombatEffect(**effect), hexside) == english
    assert words("great-war-near-east", "es").effect(CombatEffect(**effect), hexside) == spanish


def test_conditions_name_sides_regions_weathers_and_tables_by_their_names():
    wef = context("when-eagles-fight").game
    city = wef.hex_features["city"]
    assert CombatWords(wef).entry(city) == "−1 DRM; −2 DRM instead, when Russian units defend, in Russia"
    es = words("when-eagles-fight", "es")
    assert es.entry(city) == "MTD −1; MTD −2 en su lugar, cuando defienden las unidades rusas, en Rusia"
    blitz = context("blitz-in-the-east").game
    assert CombatWords(blitz).entry(blitz.hexside_features["river"], hexside=True) == \
        "attack ×½, for the units attacking across it, in clear or rain, on the Ground Combat Results Table"
    gwne = context("great-war-near-east").game
    assert CombatWords(gwne).entry(gwne.terrain["mountain"]) == \
        "1 column left; 1 column left, on the Caucasus map, in wet or snow"
    assert CombatWords(gwne).entry(gwne.hex_features["potential_fort"]) == "1 column left, when Allied units defend"


def test_the_footnote_describes_each_games_own_combat_system():
    assert system_sentence(words("when-eagles-fight")) == ("Battles are resolved on the Combat Results Table: the "
                                                           "odds of attack to defence, then a roll of 1d6.")
    assert system_sentence(words("strike-of-the-eagle")) == ("Battles are resolved on the Combat Table: each "
                                                             "side's combat value, without dice.")
    assert system_sentence(words("blitz-in-the-east")) == (
        "Battles are resolved on the Attrition Table: the strength of each side against the other's, without dice. "
        "Battles are resolved on the Ground Combat Results Table: the odds of attack to defence, then a roll of 1d6.")
    gwne = context("great-war-near-east").game
    entries = [*gwne.spec.terrain, *gwne.spec.hexside_features, *gwne.spec.hex_features]
    assert effects_sentence(words("great-war-near-east"), entries) == (
        "Combat: what the terrain does to a battle. DRM: a die-roll modifier added to the combat roll (a minus "
        "favours the defender); Columns left or right: a shift along the combat table (left favours the "
        "defender); No attack: the attack is not allowed; Other effects in words. Effects add up; the notes say "
        "when they apply.")


@pytest.mark.parametrize("game", ["blitz-in-the-east", "strike-of-the-eagle"])
def test_a_game_without_terrain_drms_never_speaks_of_die_roll_modifiers_on_its_tec(game):
    for language, word in (("en", "die-roll modifier"), ("es", "modificador que se suma a la tirada")):
        assert word not in tec_footnote(context(game, language))


# -- printed, from the built kits -----------------------------------------------------------------

def test_glorys_end_tec_says_the_river_drm_needs_every_attacker_across():
    tec = kit_text("glorys-end", "en", "tec.pdf")
    assert "Major river † +1 −1 DRM, only when every attacker attacks across such a hexside" not in tec  # not illustrative
    assert "Major river +1 −1 DRM, only when every attacker attacks across such a hexside" in tec
    assert "Fortress — attacker's losses +2, in a Prepared Assault while the fortress counter stands" in tec
    es = kit_text("glorys-end", "es", "tec.pdf")
    assert "MTD −1, solo si todos los atacantes atacan a través de un lado así" in es


def test_great_war_near_east_prints_column_shifts_on_tec_legend_and_crt():
    tec = kit_text("great-war-near-east", "en", "tec.pdf")
    assert "Rough † 2 1 column left" in tec
    assert "Fort — 1 column left; −1 DRM, entrenched" in tec
    assert "Gaza Line trench — −1 DRM, once the Kress chit is played, when Central Powers units defend" in tec
    assert "Columns left or right: a shift along the combat table (left favours the defender)" in tec
    assert "Fuerte — 1 columna a la izquierda; MTD −1, atrincherado" in kit_text("great-war-near-east", "es", "tec.pdf")
    crt = kit_text("great-war-near-east", "en", "crt.pdf")
    assert "Terrain effects on combat Terrain Effect on combat Rough † 1 column left" in crt
    assert "→ 1 column right Attacker's artillery support" in crt
    assert "1 right / 1 left" not in crt  # a shift is no longer passed off as a DRM
    legend = kit_text("great-war-near-east", "en", "map-near-east.pdf")
    assert "Combat: 1 column left" in legend


def test_blitz_prints_multipliers_not_drms():
    tec = kit_text("blitz-in-the-east", "en", "tec.pdf")
    assert "defence ×2, organised defenders, on the Ground Combat Results Table" in tec
    assert "defence ×3 instead, organised defenders, on the Ground Combat Results Table" in tec
    assert "DRM" not in tec
    es = kit_text("blitz-in-the-east", "es", "tec.pdf")
    assert "defensa ×2, defensores organizados, en la Tabla de Resultados del Combate Terrestre" in es


def test_when_eagles_fight_city_drm_is_a_terrain_effect_printed_once_with_the_crt():
    crt = kit_text("when-eagles-fight", "en", "crt.pdf")
    assert "City −1 DRM; −2 DRM instead, when Russian units defend, in Russia" in crt
    assert "Defender in a city" not in crt  # the terrain's DRM is no longer a second, hand-copied row
    assert "Ciudad MTD −1; MTD −2 en su lugar, cuando defienden las unidades rusas, en Rusia" in kit_text(
        "when-eagles-fight", "es", "crt.pdf")


def test_glorys_end_prints_each_sides_retreat_compass_on_the_maps_and_the_aids():
    # GE 13.19: a unit retreats only in the three directions its side's rose shows
    rose = "Retreat compass A unit retreats only in a direction of its side's rose. NW NE E German W SW SE Allied"
    assert rose in kit_text("glorys-end", "en", "map-main.pdf")
    assert rose in kit_text("glorys-end", "en", "map-marne.pdf")
    assert ("Retreat compass: The Western Front, 1914, The Marne, September 1914 " + rose[16:]) in \
        kit_text("glorys-end", "en", "player-aid-allied.pdf")  # one compass on the aid for both maps
    assert ("Brújula de retirada: El Frente Occidental, 1914, El Marne, septiembre de 1914 Una unidad solo se "
            "retira en una dirección de la rosa de su bando. NO NE E Alemanes O SO SE Aliados") in \
        kit_text("glorys-end", "es", "player-aid-german.pdf")
    assert "Retreat compass" not in kit_text("when-eagles-fight", "en", "map-main.pdf")  # a game without one
