"""A scenario's turns as it plays them, in the data's own words: the rule switches in play,
and each turn's annotations once the scenario's rules and its own `turns:` entries apply (an
annotation tied to a rule the scenario switches off is absent; the scenario's own replace the
game's of the same name). The printed tracks (components/scenario_turns.py) and the designer
report's replacement schedule (report/replacements.py) read turns through here."""

from __future__ import annotations

from generator.model.variants import effective


def rules_on(spec, scenario) -> dict[str, bool]:
    """Every declared rule switch: in play in `scenario` (its default without one)."""
    settings = scenario.rules if scenario is not None else ()
    return {key: value == "on" for key, value in effective(spec.scenario_rules, settings, True).items()}


def played_annotations(spec, scenario) -> dict[int, dict[str, str]]:
    """turn -> annotation name -> value, for the turns `scenario` plays (every turn without one)."""
    track = spec.turn_track
    rules = rules_on(spec, scenario)
    changes: dict[int, list] = {}
    for change in scenario.turn_overlays if scenario is not None else ():
        changes.setdefault(change.turn, []).append(change)
    out: dict[int, dict[str, str]] = {}
    for turn in track.turns:
        if scenario is not None and not scenario.start_turn <= turn.turn <= scenario.end_turn:
            continue
        values: dict[str, str] = {}
        for name, value in turn.annotations.items():
            rule = track.annotation_rules.get(name)
            if rule is None or rules.get(rule, False):
                values[name] = value
        for change in changes.get(turn.turn, ()):
            for name, value in change.annotations:
                values.pop(name, None)
                if value.strip():
                    values[name] = value
        out[turn.turn] = values
    return out
