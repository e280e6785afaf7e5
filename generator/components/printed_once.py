"""What the kit prints in one place only, and the pointer printed where it is left out.

The turn track of a scenario (every kit prints one for each scenario: a game always has a
track) holds each turn's weather, values and notes and every reinforcement's counter in the
box of the turn it arrives: the setup PDF points to it instead of repeating them (a
turn-by-turn table, a list of arrivals by turn). The setup PDF is the same whatever a
build's `--only` makes.
"""

from __future__ import annotations

from generator.components.text import game_text, ui_text
from generator.model.scenario import Scenario

def track_name(context, scenario: Scenario) -> str:
    """The scenario's turn track as its title names it ("Turn track: Plan 19", or the game's
    own name for it)."""
    title = context.game.spec.turn_track.title
    name = game_text(context).of(scenario, "title") or scenario.scenario_id
    if title:
        from generator.i18n import keys

        return f"{game_text(context).game(keys.game('turn_track_title'), title)}: {name}"
    return ui_text(context, "Turn track: {scenario}", scenario=name)


def schedule_pointer(context, scenario: Scenario) -> str:
    return ui_text(context, "Each turn's weather, values and notes are in its box on “{track}” (turn-track.pdf).",
                   track=track_name(context, scenario))


def arrivals_pointer(context, scenario: Scenario) -> str:
    return ui_text(context, "Reinforcements by turn: each counter is in the box of the turn it arrives on "
                            "“{track}” (turn-track.pdf), with its entry; set them there.",
                   track=track_name(context, scenario))
