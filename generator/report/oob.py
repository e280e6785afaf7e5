"""The order of battle: every unit of a side with its steps and factors, and, for each
scenario of the report, where it sets up, when and where it arrives, and when it is
withdrawn. Plain rows (column -> value); the workbook and the PDF name the columns in the
build's language."""

from __future__ import annotations

from dataclasses import dataclass

from generator.components.text import turn_name, ui_text
from generator.report.forces import Entry
from generator.report.strength import factor_names
from generator.report.words import factor_word

@dataclass(frozen=True)
class Column:
    key: str
    label: str  # in the build's language
    scenario: str | None = None

def oob_columns(context, game, scenario_ids: list[str]) -> list[Column]:

    t = context.translator
    columns = [Column("unit", ui_text(context, "Unit id")), Column("nationality", ui_text(context, "Nationality")),
               Column("type", ui_text(context, "Type")), Column("size", ui_text(context, "Size")),
               Column("designation", ui_text(context, "Designation")), Column("name", ui_text(context, "Name")),
               Column("steps", ui_text(context, "Steps")), Column("faces", ui_text(context, "Factors"))]
    columns += [Column(f"factor:{name}", factor_word(context, name)) for name in factor_names(game)]
    for scenario_id in scenario_ids:
        title = t.of(game.scenario_index[scenario_id], "title")
        columns += [Column(f"{scenario_id}:setup", ui_text(context, "{scenario}: set-up", scenario=title), scenario_id),
                    Column(f"{scenario_id}:arrival", ui_text(context, "{scenario}: arrives", scenario=title),
                           scenario_id),
                    Column(f"{scenario_id}:withdrawal", ui_text(context, "{scenario}: withdrawn", scenario=title),
                           scenario_id)]
    return columns

def oob_rows(context, game, side: str, entries: dict[str, list[Entry]]) -> list[dict]:
    """One row per unit of `side`, in units.csv order; `entries`: scenario id -> its entries."""

    t = context.translator
    by_scenario = {sid: {e.unit.unit_id: e for e in found} for sid, found in entries.items()}
    rows = []
    for unit in game.units:
        if game.side_of(unit) != side:
            continue
        nationality, unit_type = game.nationalities.get(unit.nationality), game.unit_types.get(unit.type_id)
        row = {"unit": unit.unit_id, "nationality": t.of(nationality) if nationality else unit.nationality,
               "type": t.of(unit_type) if unit_type else unit.type_id, "size": unit.size or "",
               "designation": t.designation(unit.designation), "name": t.of(unit, "name") if unit.name else "",
               "steps": unit.steps, "faces": " | ".join(face.text for face in unit.faces if face.text)}
        full = unit.faces[0].values if unit.faces else {}
        row.update({f"factor:{name}": value for name, value in full.items()})
        for scenario_id, known in by_scenario.items():
            entry = known.get(unit.unit_id)
            row[f"{scenario_id}:setup"] = _place(context, entry) if entry and entry.set_up else ""
            row[f"{scenario_id}:arrival"] = (ui_text(context, "turn {turn}", turn=turn_name(context, entry.arrives))
                                             + (f" ({_place(context, entry)})" if entry.place else "")
                                             if entry and not entry.set_up else "")
            row[f"{scenario_id}:withdrawal"] = "; ".join(_withdrawal(context, w) for w in entry.withdrawals) \
                if entry else ""
        rows.append(row)
    return rows

def _place(context, entry: Entry) -> str:

    if entry.front.startswith("box:") and entry.place == entry.front[4:]:
        return context.translator.box_title(entry.place)
    return entry.place or ui_text(context, "placed by the players")

def _withdrawal(context, withdrawal) -> str:

    turn = turn_name(context, withdrawal.turn)
    if withdrawal.returns is None:
        return ui_text(context, "turn {turn}", turn=turn)
    return ui_text(context, "turn {turn}, back on turn {returns}", turn=turn,
                   returns=turn_name(context, withdrawal.returns))
