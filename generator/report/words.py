"""The report's words in the build's language: names of sides, fronts and measures, the
notes on what could not be computed, and each anomaly as a sentence."""

from __future__ import annotations

from fractions import Fraction

from generator.components.text import game_text, turn_name, ui_text
from generator.i18n.marks import N_
from generator.report.analysis import Note, Withdrawal
from generator.report.anomalies import Anomaly
from generator.report.forces import NO_FRONT


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


def turn_word(context) -> str:
    """What the game calls a turn ("Round" on a tracking sheet that says so), else "Turn"."""
    from generator.i18n import keys

    track = context.game.spec.turn_track
    return game_text(context).game(keys.game("turn_name"), track.turn_name) if track.turn_name else \
        ui_text(context, "Turn")


# A factor of a layout's pattern ("{attack}-{defence}-{movement}") as a column heading: the
# usual names in the build's language, any other as written, its underscores made spaces.
FACTOR_WORDS = {"attack": N_("Attack"), "defence": N_("Defence"), "defense": N_("Defence"),
                "movement": N_("Movement"), "combat": N_("Combat"), "strength": N_("Strength"),
                "support": N_("Support"), "range": N_("Range"), "siege": N_("Siege"), "hit": N_("Hit"),
                "dice": N_("Dice")}


def factor_word(context, name: str) -> str:
    known = FACTOR_WORDS.get(name.casefold())
    return ui_text(context, known) if known else name.replace("_", " ")


def measure_word(context, measure: str) -> str:
    """A measure's name inside a sentence."""
    return {"steps": ui_text(context, "steps"), "attack": ui_text(context, "attack"),
            "defence": ui_text(context, "defence")}.get(measure, measure)


def short(context, value: float) -> str:
    """A number with at most two decimals, none when it is whole."""
    return game_text(context).number(round(float(value), 2))


def decimal(context, value, places: int = 2) -> str:
    """A number with `places` decimals in the build's locale (Fractions too)."""
    if isinstance(value, Fraction):
        value = float(value)
    return game_text(context).number(round(float(value), places), places)


def note_text(context, note: Note) -> str:
    t = game_text(context)
    fields = {name: _named(t, value) for name, value in note.fields.items()}
    return t.ui(note.message).format(**fields)


def _named(t, value):
    """A table or a scenario in a note by its name in the build's language; else as given."""
    if isinstance(value, Withdrawal):  # the clause's text in the build's language, its citation kept
        return t.clause(value.scenario, "withdrawals", value.index)
    if hasattr(value, "scenario_id"):
        return t.of(value, "title")
    return t.of(value) if hasattr(value, "id") and hasattr(value, "name") else value


def anomaly_text(context, anomaly: Anomaly) -> str:
    t, game, f = game_text(context), context.game, anomaly.fields
    if anomaly.kind == "outlier":
        unit = game.unit_index.get(anomaly.subject)
        unit_type = game.unit_types.get(f["type"])
        fields = dict(unit=_unit_name(context, unit) if unit else anomaly.subject,
                      type=t.of(unit_type) if unit_type else f["type"],
                      factor=factor_word(context, f["factor"]).lower(), value=t.number(f["value"]),
                      q1=short(context, f["q1"]), q3=short(context, f["q3"]), median=short(context, f["median"]),
                      low=short(context, f["low"]), high=short(context, f["high"]))
        if f["q1"] == f["q3"]:
            return ui_text(context, "{unit} ({type}): {factor} {value}, where at least half the type has {median}; "
                                    "{low} to {high} would be usual.", **fields)
        return ui_text(context, "{unit} ({type}): {factor} {value}, where the type's middle half lies between "
                                "{q1} and {q3} (median {median}); {low} to {high} would be usual.", **fields)
    if anomaly.kind == "jump":
        sign = "+" if f["change"] > 0 else "\u2212"
        return ui_text(context, "{side}: {measure} from {before} to {after} ({change}) on turn {turn}.",
                       side=side_name(context, f["side"]), measure=measure_word(context, f["measure"]),
                       before=t.number(f["before"]), after=t.number(f["after"]), turn=turn_name(context, f["turn"]),
                       change=sign + t.percent(round(abs(f["change"]), 2)))
    scenario, parent = game.scenario_index.get(anomaly.subject), game.scenario_index.get(f["parent"])
    return ui_text(context, "{scenario} puts the sides at {ratio} to 1, where {parent}, which it varies, puts "
                            "them at {parent_ratio} to 1.",
                   scenario=t.of(scenario, "title") if scenario else anomaly.subject,
                   parent=t.of(parent, "title") if parent else f["parent"],
                   ratio=decimal(context, f["ratio"]), parent_ratio=decimal(context, f["parent_ratio"]))


def _unit_name(context, unit) -> str:
    """The unit's name where it has one, else its designation."""
    t = game_text(context)
    return (t.of(unit, "name") if unit.name else "") or t.designation(unit.designation) or unit.unit_id
