"""The turns of one scenario as its players see them: only the turns it plays, each with the
game's notes and annotations that hold under the scenario's rules (a note tied to a rule the
scenario switches off is left out, an annotation whose rule is off too) and the scenario's own
annotations and notes (`turns:` in the scenario file). The turn track, the tracking sheet and
the scenario sheet all read turns through here, so what a scenario cancels is absent
everywhere."""

from __future__ import annotations

from dataclasses import dataclass

from generator.components.text import game_text
from generator.i18n import keys
from generator.model.scenario import Scenario
from generator.model.track import Turn, TurnNote
from generator.model.played import played_annotations, rules_on


@dataclass(frozen=True)
class ScenarioTurn:
    turn: Turn
    notes: tuple[str, ...]  # in the build's language
    annotations: tuple[tuple[str, str], ...]  # (name in the build's language, value)


def rules_in_play(context, scenario: Scenario | None) -> dict[str, bool]:
    """Every declared rule switch: in play in this scenario (its default without one)."""
    return rules_on(context.game.spec, scenario)


def note_holds(note, rules: dict[str, bool]) -> bool:
    if not isinstance(note, TurnNote):
        return True
    if note.rule is not None and not rules.get(note.rule, False):
        return False
    return not (note.unless is not None and rules.get(note.unless, False))


def scenario_turns(context, scenario: Scenario | None) -> list[ScenarioTurn]:
    """The turns the scenario plays (every turn without one), as it plays them."""
    t = game_text(context)
    spec = context.game.spec
    rules = rules_in_play(context, scenario)
    played = played_annotations(spec, scenario)
    changes: dict[int, list] = {}
    for change in scenario.turn_overlays if scenario is not None else ():
        changes.setdefault(change.turn, []).append(change)
    out = []
    for turn in spec.turn_track.turns:
        if turn.turn not in played:
            continue
        notes = [t.turn_note(turn, i) for i, note in enumerate(turn.notes) if note_holds(note, rules)]
        for change in changes.get(turn.turn, ()):
            notes += [t.scenario_turn_note(scenario, turn.turn, i, note) for i, note in enumerate(change.notes)]
        annotations = tuple((annotation_name(context, name), annotation_value(context, turn, name, value))
                            for name, value in played[turn.turn].items())
        out.append(ScenarioTurn(turn, tuple(notes), annotations))
    return out


def weather_words(context, turn: Turn) -> str:
    """A turn's season and weather as its box prints them: "summer · clear", then the weather
    by map, maps with the same weather together ("Caucasus: snow · Iraq, Egypt/Palestine: hot")."""
    t = game_text(context)
    by_weather: dict[str, list[str]] = {}
    for map_spec in context.game.spec.maps:
        value = turn.weather_by_map.get(map_spec.id)
        if value:
            by_weather.setdefault(value, []).append(t.of(map_spec, "title"))
    by_map = " · ".join(f"{', '.join(maps)}: {t.weather(value)}" for value, maps in by_weather.items())
    return " · ".join(x for x in (turn.season and t.season(turn.season), turn.weather and t.weather(turn.weather),
                                  by_map) if x)


def annotation_name(context, name: str) -> str:
    """An annotation's name in the build's language, under the key of the first turn that
    declares it (a scenario may give an annotation on a turn that has none of that name)."""
    for turn in context.game.spec.turn_track.turns:
        if name in turn.annotations:
            return game_text(context).game(keys.turn_annotation(turn.turn, name), name)
    return game_text(context).game(keys.annotation(name), name)


def annotation_value(context, turn: Turn, name: str, value) -> str:
    """An annotation's value in the build's language: the game's own through its key (words
    translated, "G2/A2/R5" as given), a scenario's as it gives it."""
    if name in turn.annotations and str(turn.annotations[name]) == str(value):
        return game_text(context).annotation_value(turn, name)
    return str(value)
