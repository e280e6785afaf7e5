"""The report's words in the build's language: names of sides, fronts and measures, the
notes on what could not be computed, and each anomaly as a sentence."""

from __future__ import annotations

from fractions import Fraction

from generator.components.text import game_text, turn_name, ui_text
from generator.i18n.marks import N_
from generator.report.analysis import Note
from generator.report.anomalies import Anomaly
from generator.report.forces import NO_FRONT


RISE = N_("{side}: {measure} rise from {before} to {after} ({change}) on turn {turn}.")
FALL = N_("{side}: {measure} fall from {before} to {after} ({change}) on turn {turn}.")


def side_name(context, side_id: str) -> str:
    side = context.game.sides.get(side_id)
    return game_text(context).of(side) if side else side_id


def front_name(context, front: str) -> str:
    """A front key ('region:france', 'map:iraq', 'box:arabia', '') in words."""
    t, game = game_text(context), context.game
    kind, _, ident = front.partition(":")
    if front == NO_FRONT:
        return ui_text(context, "Place not given")
    if kind == "region" and ident in game.regions:
        return t.of(game.regions[ident])
    if kind == "map" and ident in game.maps:
        return t.of(game.maps[ident], "title")
    if kind == "box":
        return t.box_title(ident)
    return ident


def measure_name(context, measure: str) -> str:
    return {"steps": ui_text(context, "Steps"), "attack": ui_text(context, "Attack"),
            "defence": ui_text(context, "Defence"), "units": ui_text(context, "Units")}.get(measure, measure)


def decimal(context, value, places: int = 2) -> str:
    """A number with `places` decimals in the build's locale (Fractions too)."""
    if isinstance(value, Fraction):
        value = float(value)
    return game_text(context).number(round(float(value), places), places)


def note_text(context, note: Note) -> str:
    t = game_text(context)
    fields = {name: (t.of(value) if hasattr(value, "id") and hasattr(value, "name") else value)
              for name, value in note.fields.items()}
    return t.ui(note.message).format(**fields)


def anomaly_text(context, anomaly: Anomaly) -> str:
    t, game, f = game_text(context), context.game, anomaly.fields
    if anomaly.kind == "outlier":
        unit = game.unit_index.get(anomaly.subject)
        unit_type = game.unit_types.get(f["type"])
        return ui_text(context, "{unit} ({type}): {factor} {value}, where the type's middle half lies between "
                                "{q1} and {q3} (median {median}); expected {low} to {high}.",
                       unit=_unit_name(context, unit) if unit else anomaly.subject,
                       type=t.of(unit_type) if unit_type else f["type"], factor=f["factor"], value=f["value"],
                       q1=decimal(context, f["q1"], 1), q3=decimal(context, f["q3"], 1),
                       median=decimal(context, f["median"], 1), low=decimal(context, f["low"], 1),
                       high=decimal(context, f["high"], 1))
    if anomaly.kind == "jump":
        message = RISE if f["after"] > f["before"] else FALL
        sign = "+" if f["change"] > 0 else "\u2212"
        return t.ui(message).format(side=side_name(context, f["side"]), measure=measure_name(context, f["measure"]),
                                    before=f["before"], after=f["after"], turn=turn_name(context, f["turn"]),
                                    change=sign + t.percent(round(abs(f["change"]), 2)))
    scenario, parent = game.scenario_index.get(anomaly.subject), game.scenario_index.get(f["parent"])
    return ui_text(context, "{scenario} puts the sides at {ratio} to 1, where {parent}, which it varies, puts "
                            "them at {parent_ratio} to 1.",
                   scenario=t.of(scenario, "title") if scenario else anomaly.subject,
                   parent=t.of(parent, "title") if parent else f["parent"],
                   ratio=decimal(context, f["ratio"]), parent_ratio=decimal(context, f["parent_ratio"]))


def _unit_name(context, unit) -> str:
    """The unit's name where it has one, else its designation."""
    return (game_text(context).of(unit, "name") if unit.name else "") or unit.designation or unit.unit_id
