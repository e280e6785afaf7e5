"""Everything the report says about a game, before any of it is put into words: the
scenarios' entries, forces and side totals, the replacement schedule, each combat table's
views and typical attacks, the anomalies, and what could not be computed (`Note`s).

`analyse(game, scenario_ids)` is the report's one pass over the model; the PDF, the charts
and the workbook only print what it found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.i18n.marks import N_
from generator.model.tables import AttritionTable, OddsCrt, ValueTable
from generator.report import anomalies as an
from generator.report.combat import ModifierView, combat_tables, odds_views
from generator.report.forces import (
    Entry,
    conditional_withdrawals,
    force_frame,
    scenario_entries,
    side_totals,
    unit_withdrawals,
)
from generator.report.replacements import Schedule, replacement_schedule
from generator.report.strength import has_factors
from generator.report.typical import Reading, typical_readings


UNREAD = {
    "form": N_("Replacements on turn {turn}: “{entry}” is not a nationality's code and a number of steps "
               "(such as G2); left out."),
    "unknown": N_("Replacements on turn {turn}: “{entry}” names no nationality; left out."),
    "ambiguous": N_("Replacements on turn {turn}: “{entry}” could be any of {candidates}; left out."),
}


@dataclass(frozen=True)
class Note:
    """Something the report could not compute, and why: a message with `{fields}`."""

    message: str
    fields: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Withdrawal:
    """A scenario's withdrawal named in a note: printed in the report's language."""

    scenario: object
    index: int


@dataclass
class ScenarioForces:
    scenario: object
    entries: list[Entry]
    forces: object  # DataFrame: turn, side, front, units, steps, attack, defence
    totals: object  # DataFrame: turn, side, units, steps, attack, defence, replacements, replacements_to_date
    ratio: float | None
    typical: dict[str, list[Reading]]  # table id -> readings


@dataclass
class TableAnalysis:
    table: object
    views: list[ModifierView] | None  # odds CRTs read with dice


@dataclass
class Analysis:
    game: object
    scenarios: list[ScenarioForces]
    schedule: Schedule
    tables: list[TableAnalysis]
    anomalies: list[an.Anomaly]
    notes: list[Note]
    by_steps: bool  # no unit prints an attack or a defence


def analyse(game, scenario_ids: list[str] | None = None) -> Analysis:
    """The report on `scenario_ids` (default every scenario); variants are compared with
    their parents whether or not the parents are reported on."""
    schedule = replacement_schedule(game)
    notes = [Note(UNREAD[why], {"turn": turn, "entry": entry, "candidates": ", ".join(candidates)})
             for turn, entry, why, candidates in schedule.unread]
    by_steps = not has_factors(game)
    if by_steps:
        notes.append(Note(N_("No unit prints an attack or a defence factor: strength is counted in steps.")))
    tables = combat_tables(game)
    if not tables:
        notes.append(Note(N_("The game has no combat table: no chances, expected losses or typical attacks.")))
    chosen = set(scenario_ids) if scenario_ids else {s.scenario_id for s in game.scenarios}
    every, ratios = [], {}
    for scenario in game.scenarios:
        entries = scenario_entries(game, scenario)
        forces = force_frame(game, scenario, entries)
        totals = side_totals(game, scenario, forces, replacement_schedule(game, scenario))
        ratios[scenario.scenario_id] = an.force_ratio(game, totals)
        if scenario.scenario_id in chosen:
            notes += [Note(N_("{scenario}: a withdrawal names no unit, so the forces do not count it: “{text}”"),
                           {"scenario": scenario, "text": Withdrawal(scenario, index)})
                      for index in unit_withdrawals(scenario)[1]]
            notes += [Note(N_("{scenario}: a withdrawal set off by an event has no turn, so the forces do not "
                              "count it: “{text}”"), {"scenario": scenario, "text": Withdrawal(scenario, index)})
                      for index in conditional_withdrawals(scenario)]
            typical = {t.id: typical_readings(game, scenario, entries, t) for t in tables
                       if not isinstance(t, ValueTable)}
            every.append(ScenarioForces(scenario, entries, forces, totals, ratios[scenario.scenario_id], typical))
    if not game.scenarios:
        notes.append(Note(N_("The game has no scenario: no order of battle by scenario, force curves or typical attacks.")))
    if len(game.spec.sides) < 2:
        notes.append(Note(N_("The game has a single side: no force ratio and no typical attack.")))
    analysed = [TableAnalysis(t, odds_views(t) if isinstance(t, OddsCrt) else None) for t in tables]
    notes += _table_notes(analysed)
    found = an.factor_outliers(game)
    for item in every:
        found += an.strength_jumps(item.scenario.scenario_id, item.totals,
                                   ("steps",) if by_steps else ("steps", "attack", "defence"))
    found += [a for a in an.variant_departures(game, ratios) if a.subject in chosen]
    return Analysis(game, every, schedule, analysed, found, notes, by_steps)


def _table_notes(analysed: list[TableAnalysis]) -> list[Note]:
    notes = []
    for item in analysed:
        table = item.table
        if isinstance(table, ValueTable):
            notes.append(Note(N_("{table} is read by a value, without dice: it has no chances, and the losses by "
                              "value are the table itself; no typical attack is computed."), {"table": table}))
        elif isinstance(table, AttritionTable):
            notes.append(Note(N_("{table} is read without dice: each cell is certain. The report gives the cell the "
                              "two sides' whole strengths reach on each turn."), {"table": table}))
        elif item.views is None:
            notes.append(Note(N_("{table}: its rows are not die rolls, so no chances are computed."), {"table": table}))
        else:
            unread = sorted({r for v in item.views for c in v.columns for r in c.chances
                             if _unread(table, r)})
            if unread:
                notes.append(Note(N_("{table}: the result grammar does not say what {results} cost in steps; expected "
                                  "losses leave them out and give their chance apart."),
                                  {"table": table, "results": ", ".join(unread)}))
    return notes


def _unread(table, result: str) -> bool:
    from generator.report.outcomes import losses_of

    return losses_of(table, result) is None
