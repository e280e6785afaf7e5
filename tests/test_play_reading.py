"""The sample kits read as a new player reads them, rulebook in hand, in English and Spanish:
where each scenario starts in the turn and who plays first (WEF 3.4, 5.2, 17; Blitz S.0-S.3),
one-turn scenarios said as one turn, rule texts whole after their citations are taken out,
the revolution roll with its modifiers (WEF 4.4, 4.5), each restriction said once, and the
invented turn values marked. Expected strings are written by hand from the rulebooks."""

from __future__ import annotations

import re

import pytest

from generator.i18n.citations import strip_citations
from kits import kit_text


def _sheet(game: str, language: str, scenario: str) -> str:
    """The scenario sheet: the setup PDF up to its set-up list."""
    text = kit_text(game, language, f"setup-{scenario}.pdf")
    cut = re.search(r"(?:Setup|Despliegue): [^•·]{1,80}? Mapa?: [^•·]{1,80}? · Turno?s? ", text[200:])
    return text[:200 + cut.start()] if cut else text


# -- who plays first, and where play starts ---------------------------------------------------

def test_wef_historical_opens_with_the_central_powers_movement_though_russia_plays_first():
    # WEF 3.4 and 5.2: the Russian player turn comes first in every turn, but the Russian half
    # of turn 1 counts as played, so turn 1 opens with the Central Powers movement phase
    sheet = _sheet("when-eagles-fight", "en", "historical")
    assert "Starts with Central Powers Normal Movement Phase" in sheet
    assert "Plays first Russia, from turn 2" in sheet
    setup = kit_text("when-eagles-fight", "en", "setup-historical.pdf")
    assert ("Turns 1–24 · Turn 1 starts with Central Powers Normal Movement Phase · Russia plays first from "
            "turn 2") in setup
    assert "· Russia plays first ·" not in setup and "Russia plays first Map" not in setup
    es = _sheet("when-eagles-fight", "es", "historical")
    assert "Empieza con Fase de Movimiento Normal de los Poderes Centrales" in es
    assert "Juega primero Rusia, desde el turno 2" in es


def test_wef_free_setup_plays_turn_1_whole_and_schlieffen_east_gives_the_central_powers_the_lead():
    free = _sheet("when-eagles-fight", "en", "free-setup")  # rule 3.9 sets rule 3.4 aside
    assert "Starts with Russian Player Turn" in free and "Plays first Russia Sets" not in free
    assert "Plays first Russia How to win" in free
    assert "Plays first Russia, from" not in free
    east = _sheet("when-eagles-fight", "en", "schlieffen-east")  # rule 17: the CP player turn first
    assert "Starts with Central Powers Player Turn" in east and "Plays first Central Powers How to win" in east
    es = _sheet("when-eagles-fight", "es", "schlieffen-east")
    assert "Empieza con Turno del Jugador de los Poderes Centrales" in es
    assert "Juega primero Poderes Centrales" in es


def test_blitz_scenarios_start_and_end_where_the_rulebook_says():
    # S.0: from the Axis attrition phase of turn 2 to the Soviet victory check of turn 2
    dnieper = _sheet("blitz-in-the-east", "en", "s0-dnieper")
    assert "Length 1 turn: turn 2 (Jul-Aug 1941)" in dnieper and "turn 2 to turn 2" not in dnieper
    assert "Starts with Attrition Phase (Axis)" in dnieper
    assert "Ends after Soviet victory check; advance the turn marker" in dnieper
    # S.1 to S.3: from the Axis land movement phase of turn 1
    for scenario in ("s1-blitz", "s2-barbarossa", "s3-campaign"):
        assert "Starts with Land Movement Phase (Axis)" in _sheet("blitz-in-the-east", "en", scenario), scenario
    assert "Length 1 turn: turn 1 (May-Jun 1941)" in _sheet("blitz-in-the-east", "en", "s1-blitz")
    assert "Map: The Eastern Front, 1941-1945 · Turn 2 · Axis plays first" in \
        kit_text("blitz-in-the-east", "en", "setup-s0-dnieper.pdf")
    es = _sheet("blitz-in-the-east", "es", "s0-dnieper")
    assert "Duración 1 turno: turno 2 (jul-ago 1941)" in es and "turno 2 a turno 2" not in es
    assert "Empieza con Fase de Desgaste (Eje)" in es
    # a step that already names its side is not told it again ("soviética" names the "Soviético" side)
    assert "Acaba tras Comprobación de la victoria soviética; avanzar el marcador de turno Juega" in es
    assert "Turnos 2–2" not in kit_text("blitz-in-the-east", "es", "setup-s0-dnieper.pdf")


# -- rule texts whole once their citations are out -------------------------------------------

@pytest.mark.parametrize("written, printed", [
    ("Rules 3.4 to 3.6 (the turn 1 restrictions) do not apply (rule 3.9).",
     "Rules 3.4 to 3.6 (the turn 1 restrictions) do not apply."),
    ("The German player is bound by rule 11.2 (strategic movement west of the Meuse).",
     "The German player is bound by rule 11.2 (strategic movement west of the Meuse)."),
    ("Hentsch is used if both agree. (Rule 16.3 also calls him.)", "Hentsch is used if both agree. (Rule 16.3 also calls him.)"),
    ("El jugador alemán está sujeto a la regla 11.2 (movimiento estratégico).",
     "El jugador alemán está sujeto a la regla 11.2 (movimiento estratégico)."),
    ("The turn 1 restrictions (rules 3.4 to 3.6) do not apply.", "The turn 1 restrictions do not apply."),
    ("Las restricciones del turno 1 (reglas 3.4 a 3.6) no se aplican.", "Las restricciones del turno 1 no se aplican."),
    ("They enter in a Russian city (rules 7.2 G, 10.2, 10.3).", "They enter in a Russian city."),
    ("None comes back (rule 7.2 K).", "None comes back."),
    ("See rule 7.2 A unit moves on.", "A unit moves on."),
])
def test_a_citation_is_cut_only_where_the_sentence_stays_whole(written, printed):
    assert strip_citations(written) == printed


def test_wef_and_ge_rule_texts_print_whole():
    free = _sheet("when-eagles-fight", "en", "free-setup")
    assert "The turn 1 restrictions do not apply: both player turns of turn 1 are played" in free
    east = _sheet("when-eagles-fight", "en", "schlieffen-east")
    assert "The turn 1 restrictions of the historical game do not apply." in east
    historical = _sheet("when-eagles-fight", "en", "historical")
    assert "enter as Russian reinforcements in a Russian city. •" in historical
    assert "one heavy artillery leaves with them, for good. •" in historical
    for game, scenario in (("when-eagles-fight", "free-setup"), ("when-eagles-fight", "plan-19"),
                           ("when-eagles-fight", "schlieffen-east"), ("when-eagles-fight", "historical")):
        for language in ("en", "es"):
            sheet = _sheet(game, language, scenario)
            for broken in (" to 3.6", " a 3.6", "(G,", "(D)", "(F)", "(J)", "(K)"):
                assert broken not in sheet, (scenario, language, broken)
    es = _sheet("when-eagles-fight", "es", "free-setup")
    assert "Las restricciones del turno 1 no se aplican: se juegan los dos turnos de jugador del turno 1" in es
    marne = _sheet("glorys-end", "en", "marne")
    assert "German units may not use strategic movement in France west of the Meuse before turn 10." in marne
    assert "The optional Lt-Col Hentsch rule is used if both players agree; when it is, it binds the German player." in marne
    assert "is bound (" not in marne and "(also calls" not in marne
    marne_es = _sheet("glorys-end", "es", "marne")
    assert ("Las unidades alemanas no pueden usar movimiento estratégico en Francia al oeste del Mosa antes del "
            "turno 10.") in marne_es
    assert "sujeto a la (" not in marne_es and "(La también" not in marne_es


# -- how the game is won -----------------------------------------------------------------------

def test_wef_revolution_roll_lists_its_modifiers():
    # WEF 4.5: +1 Tsar in command (A), +1 Brusilov, +1 Peace, Bread, Land! (L), -1 reforms (B)
    sheet = _sheet("when-eagles-fight", "en", "historical")
    for expected in ("the Russian and Russian Polish cities they hold plus 1d6, +1 if the Tsar has taken command "
                     "(event A), +1 once the Brusilov Offensive has begun, +1 while the Peace, Bread, Land! marker is "
                     "out (event L; it goes if the Tsar survives the check), -1 if the Tsar has granted reforms "
                     "(event B); reaching the box's Rev number topples the Tsar and wins.",):
        assert expected in sheet
    es = _sheet("when-eagles-fight", "es", "historical")
    assert "+1 si el zar ha asumido el mando (evento A), +1 una vez iniciada la Ofensiva Brusilov" in es
    assert "−1 si el zar ha decretado reformas (evento B)" in es
    assert "Potencias Centrales" not in es  # the rulebook's word is Poderes Centrales
    east = _sheet("when-eagles-fight", "en", "schlieffen-east")
    assert "reaching the Rev number of the turn 3 box topples the Tsar. No modifier can arise this early" in east
    assert "as in the campaign" not in east


def test_schlieffen_east_names_the_twelve_german_reinforcements_it_adds():
    east = _sheet("when-eagles-fight", "en", "schlieffen-east")
    assert ("[Units: Guard Corps, II Corps, X Corps, XI Corps, XIII Corps, Guard Reserve Corps, III Reserve Corps, "
            "IV Reserve Corps, X Reserve Corps, 1st Cavalry Corps, Heavy artillery, Heavy artillery]") in east
    assert "V Corps, VI Corps" not in east


# -- each rule said once -----------------------------------------------------------------------

def test_a_special_rule_that_states_a_restriction_is_not_repeated_under_rules_in_force():
    campaign = _sheet("blitz-in-the-east", "en", "s3-campaign")
    assert ("Soviet alternative deployment: each of the four Soviet armour units may set up in its printed hex or "
            "in any empty hex next to it.") in campaign
    assert "stand only in their hex of scenario" not in campaign
    for scenario in ("s1-blitz", "s2-barbarossa", "s3-campaign"):
        sheet = _sheet("blitz-in-the-east", "en", scenario)
        assert "every Soviet unit and some Axis units at cadre" in sheet, scenario
        assert "are reduced" not in sheet, scenario
    es = _sheet("blitz-in-the-east", "es", "s3-campaign")
    assert "puede desplegarse en su hexágono impreso o en cualquier hexágono vacío adyacente a él" in es
    # WEF: the free set-up's FS counters (2.14, 3.9) and Plan 19's four fortresses (16), once each
    for scenario in ("free-setup", "plan-19"):
        sheet = _sheet("when-eagles-fight", "en", scenario)
        assert ("Extra units: three Austro-Hungarian cavalry corps and one Russian Cossack cavalry corps, the FS "
                "counters; the SEV counters stay out.") in sheet, scenario
        assert "corner code is a scenario tag" not in sheet and "are not used" not in sheet, scenario
    assert "corner code is a scenario tag" not in _sheet("when-eagles-fight", "en", "schlieffen-east")
    plan_es = _sheet("when-eagles-fight", "es", "plan-19")
    assert "las fichas FS; las fichas SEV quedan fuera." in plan_es
    assert "Solo se usan las fortalezas rusas de Kronstadt, Riga, Varsovia (2419) y Odesa (4233)" in plan_es
    marne = _sheet("glorys-end", "en", "marne")
    assert "Only the three Paris forts are used; leave out every other fortress and all Fortified Zones." in marne
    assert "Fortress units except" not in marne


def test_blitz_production_track_names_its_markers_as_they_are_printed():
    track = kit_text("blitz-in-the-east", "en", "turn-track.pdf")
    assert "The Axis resources and oil markers; the campaign starts with 3 resources and 2 oil." in track
    assert "(R)" not in track and "(O)" not in track
    assert "la campaña empieza con 3 de recursos y 2 de petróleo" in kit_text("blitz-in-the-east", "es", "turn-track.pdf")


# -- invented values marked -------------------------------------------------------------------

def test_invented_turn_values_are_marked_on_the_scenario_sheet():
    # WEF: the rulebook gives only G2/A2/R5 (turn 6) and Russ. Victory 4/3 (turn 11)
    sheet = _sheet("when-eagles-fight", "en", "historical")
    assert "Turn by turn †" in sheet
    assert "† Illustrative: the rulebook does not give this value (or not all of it)" in sheet
    assert "Turno a turno †" in _sheet("when-eagles-fight", "es", "historical")
    # GE's schedule is the rulebook's own (8.6): no mark
    assert "Turn by turn †" not in _sheet("glorys-end", "en", "historical")


def test_wef_sequence_of_play_serves_every_scenario():
    # the turn 1 skip is the historical campaign's (3.4); the free set-up games play turn 1
    # whole (3.9) and Schlieffen East plays the Central Powers first and checks on turn 3 (17)
    sop = kit_text("when-eagles-fight", "en", "sequence-of-play.pdf")
    for expected in ("Strategic Movement Phase not on turn 1 of the historical campaign, which opens with the Central "
                     "Powers movement; played on turn 1 of the free set-up games",
                     "Russian Player Turn on turn 1 of the historical campaign it counts as played; the free set-up "
                     "games play it",
                     "in the Schlieffen East variant it comes first in every turn, before the Russian Player Turn",
                     "turn 1 of the historical campaign starts here",
                     "in the Schlieffen East variant on turn 3 only"):
        assert expected in sop, expected
    assert sop.count("turns 2–24 only") == 1  # the New Units phase alone: nothing comes on turn 1
    es = kit_text("when-eagles-fight", "es", "sequence-of-play.pdf")
    assert "en la variante Schlieffen Este va primero en cada turno, antes del Turno del Jugador Ruso" in es
    assert "(17)" not in es and "(17)" not in sop


def test_blitz_air_combat_and_counters_are_explained_where_combat_is_looked_up():
    # Blitz 4.1: two dice at full strength, one at cadre, a hit for each die at least the printed one
    for name in ("crt.pdf", "player-aid-axis.pdf", "player-aid-soviet.pdf"):
        text = kit_text("blitz-in-the-east", "en", name)
        assert ("an air fleet rolls the first number on its counter in dice (two at full strength, one at cadre) and "
                "scores a hit for each die that shows at least the die printed on it; full strength is destroyed by "
                "two hits, cadre by one.") in text, name
        assert "Reading a land counter: strength-movement; an air counter: dice-range" in text, name
    es = kit_text("blitz-in-the-east", "es", "player-aid-soviet.pdf")
    assert "una flota aérea tira tantos dados como el primer número de su ficha (dos a fuerza completa, uno en cuadro)" in es


# -- reading a counter ------------------------------------------------------------------------

def test_each_player_aid_says_how_its_counters_read():
    cp = kit_text("when-eagles-fight", "en", "player-aid-cp.pdf")
    for expected in ("Reading the counters", "Attack-defence-movement: 6-7-4, as on I Corps",
                     "Corner code, set-up hex: 2714, as on I Corps",
                     "Corner code, Brusilov turn plus 1-3: B+1, as on XXIV Reserve Corps"):
        assert expected in cp, expected
    russia = kit_text("when-eagles-fight", "en", "player-aid-russia.pdf")
    assert "Corner code, Russian conditional on event G: REG, as on I Caucasian Corps" in russia
    assert "(rule 10.3)" not in russia
    allied = kit_text("glorys-end", "en", "player-aid-allied.pdf")
    assert ("Cavalry: (combat factor against cavalry alone) combat factor-movement: (3) 2-6, as on 1st Cavalry "
            "Corps") in allied
    assert "Fortress: defence+modifier to the siege-gun roll: 5+3, as on Verdun fortress" in allied
    assert "kept in the army column" not in allied
    axis = kit_text("blitz-in-the-east", "en", "player-aid-axis.pdf")
    assert ("Air fleet: air combat dice-range, and the die of the least roll that hits: 2-5 4, as on Air Fleet 1"
            in axis)
    es = kit_text("when-eagles-fight", "es", "player-aid-cp.pdf")
    assert "Cómo leer las fichas" in es and "Ataque-defensa-movimiento: 6-7-4, como en I Cuerpo" in es
    assert "Código de la esquina, hexágono de despliegue: 2714, como en I Cuerpo" in es
    # blocks print no factors: nothing to read
    assert "Reading the counters" not in kit_text("strike-of-the-eagle", "en", "player-aid-polish.pdf")
