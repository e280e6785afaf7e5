"""What the kit prints in one place only, and the pointer printed where it is left out.

The turn track of a scenario (every kit prints one for each scenario: a game always has a
track) holds each turn's weather, values and notes and every reinforcement's counter in the
box of the turn it arrives: the setup PDF points to it instead of repeating them (a
turn-by-turn table, a list of arrivals by turn). The setup PDF is the same whatever a
build's `--only` makes.
"""

from __future__ import annotations

from generator.components.text import ui_text
from generator.model.scenario import Scenario

def track_name(context, scenario: Scenario) -> str:
    """The title of the turn track the scenario is printed on, as the track prints it ("Turn
    track: Plan 19", or the game's own name for it; a track printed for several scenarios,
    or one a shorter scenario rides on, names them all)."""
    from generator.components.turn_track import printed_track_title  # the track imports the setup's words

    return printed_track_title(context, scenario)


def schedule_pointer(context, scenario: Scenario) -> str:
    return ui_text(context, "Each turn's weather, values and notes are in its box on “{track}” (turn-track.pdf).",
                   track=track_name(context, scenario))


def arrivals_pointer(context, scenario: Scenario) -> str:
    return ui_text(context, "Reinforcements by turn: each counter is in the box of the turn it arrives on "
                            "“{track}” (turn-track.pdf), with its entry; set them there.",
                   track=track_name(context, scenario))
