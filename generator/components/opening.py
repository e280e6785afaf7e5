"""Where a scenario begins and ends in the turn, and who plays first, said once for every page
that states it (the scenario sheet, the setup chart's heading).

A scenario may begin in the middle of its first turn (WEF 3.4: turn 1 opens with the Central
Powers movement phase although Russia plays first in every later turn; Blitz S.0 opens with the
Axis attrition phase). `start_phase` and `end_phase` name a space of the tracking sheet when
the turn track has phases, else a phase or step of the sequence of play; when the opening step
belongs to another side than `first_side`, "plays first" says from which turn it holds.
"""

from __future__ import annotations

from generator.components.text import game_text, turn_name, turn_word, ui_text
from generator.model.scenario import Scenario
from generator.model.track import find_step


def _called(context, turn: int) -> str:
    """"turn 12", "round 5": a turn in a sentence."""
    return f"{turn_word(context).lower()} {turn_name(context, turn)}"


def phase_of(context, scenario: Scenario, key: str) -> tuple[str, str | None] | None:
    """The name (in the build's language) and the side of the phase `key` ("start_phase",
    "end_phase") names: a space of the tracking sheet, else a phase or step of the sequence of
    play; None when the scenario names none or the id is unknown."""
    phase_id = getattr(scenario, key)
    if not phase_id:
        return None
    t = game_text(context)
    track_phases = {p.id: p for p in context.game.spec.turn_track.phases}
    if phase_id in track_phases:
        return t.of(track_phases[phase_id]), None
    found = find_step(context.game.spec.sequence_of_play, phase_id)
    if found is None:
        return None
    step, side = found
    name = t.of(step)
    sides = context.game.sides
    side_name = t.of(sides[side]) if side in sides else ""
    stem = side_name.lower()[:max(3, len(side_name) - 2)]  # "Soviético" is in "soviética", "Rusia" in "Ruso"
    if side_name and stem not in name.lower():  # "Attrition Phase (Axis)"
        name = ui_text(context, "{phase} ({side})", phase=name, side=side_name)
    return name, side


def _next_turn(context, turn: int) -> int | None:
    later = [n for n in context.game.turn_numbers if n > turn]
    return later[0] if later else None


def first_player(context, scenario: Scenario) -> tuple[str, str | None]:
    """Who plays first, and from which turn ("turn 2") when the first turn opens with a step of
    another side (else None); ("", None) when the scenario does not say."""
    sides = context.game.sides
    if scenario.first_side not in sides:
        return "", None
    name = game_text(context).of(sides[scenario.first_side])
    opening = phase_of(context, scenario, "start_phase")
    following = _next_turn(context, scenario.start_turn)
    if opening is None or opening[1] in (None, scenario.first_side) or following is None \
            or following > scenario.end_turn:
        return name, None
    return name, _called(context, following)


def plays_first(context, scenario: Scenario) -> str:
    """The "Plays first" fact: "Russia", or "Russia, from turn 2"."""
    name, since = first_player(context, scenario)
    return ui_text(context, "{side}, from {turn}", side=name, turn=since) if since else name


def opening_rows(context, scenario: Scenario) -> list[tuple[str, str]]:
    """The "Starts with" and "Ends after" facts of a scenario: the phase its first turn opens
    with and the phase its last turn ends after, when it names them."""
    rows = []
    for key, label in (("start_phase", ui_text(context, "Starts with")), ("end_phase", ui_text(context, "Ends after"))):
        phase = phase_of(context, scenario, key)
        if phase is not None:
            rows.append((label, phase[0]))
    return rows


def heading_words(context, scenario: Scenario) -> list[str]:
    """The opening said in a heading line: "Turn 1 starts with the Central Powers Normal
    Movement Phase", "Russia plays first from turn 2" (or "Russia plays first")."""
    parts = []
    opening = phase_of(context, scenario, "start_phase")
    if opening is not None and opening[1] not in (None, scenario.first_side):
        parts.append(ui_text(context, "{turn} starts with {phase}", phase=opening[0],
                             turn=f"{turn_word(context)} {turn_name(context, scenario.start_turn)}"))
    name, since = first_player(context, scenario)
    if since:
        parts.append(ui_text(context, "{side} plays first from {turn}", side=name, turn=since))
    elif name:
        parts.append(ui_text(context, "{side} plays first", side=name))
    return parts
