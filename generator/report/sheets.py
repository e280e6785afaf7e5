"""The report's tables as DataFrames with headers in the build's language: a sheet per
side for the order of battle, then forces, side totals, chances, expected losses, typical
attacks, anomalies and notes. Figures stay numbers (chances as decimals, with the exact
fraction beside them) so a designer can compute with them."""

from __future__ import annotations

from generator.components.text import game_text, ui_text
from generator.report.analysis import Analysis
from generator.report.oob import oob_columns, oob_rows
from generator.report.words import anomaly_text, front_name, note_text, side_name


def report_sheets(context, analysis: Analysis) -> list[tuple[str, object]]:
    import pandas as pd

    game = analysis.game
    entries = {item.scenario.scenario_id: item.entries for item in analysis.scenarios}
    columns = oob_columns(context, game, list(entries))
    sheets = []
    for side in game.spec.sides:
        rows = oob_rows(context, game, side.id, entries)
        frame = pd.DataFrame(rows, columns=[c.key for c in columns])
        sheets.append((side_name(context, side.id), frame.rename(columns={c.key: c.label for c in columns})))
    sheets.append((ui_text(context, "Forces by front"), _forces(context, analysis)))
    sheets.append((ui_text(context, "Forces by side"), _totals(context, analysis)))
    sheets.append((ui_text(context, "Chances"), _chances(context, analysis)))
    sheets.append((ui_text(context, "Expected losses"), _losses(context, analysis)))
    sheets.append((ui_text(context, "Typical attacks"), _typical(context, analysis)))
    sheets.append((ui_text(context, "Anomalies"), _anomalies(context, analysis)))
    sheets.append((ui_text(context, "Notes"), pd.DataFrame({ui_text(context, "Note"): [
        note_text(context, note) for note in analysis.notes]})))
    return sheets


def _frame(rows: list[tuple], headers: list[str]):
    import pandas as pd

    return pd.DataFrame(rows, columns=headers)


def _scenario(context, scenario) -> str:
    return game_text(context).of(scenario, "title")


def _forces(context, analysis: Analysis):
    rows = []
    for item in analysis.scenarios:
        for record in item.forces.itertuples(index=False):
            rows.append((_scenario(context, item.scenario), int(record.turn), side_name(context, record.side),
                         front_name(context, record.front), int(record.units), int(record.steps),
                         int(record.attack), int(record.defence)))
    return _frame(rows, [ui_text(context, "Scenario"), ui_text(context, "Turn"), ui_text(context, "Side"),
                         ui_text(context, "Front or region"), ui_text(context, "Units"), ui_text(context, "Steps"),
                         ui_text(context, "Attack"), ui_text(context, "Defence")])


def _totals(context, analysis: Analysis):
    rows = []
    for item in analysis.scenarios:
        for record in item.totals.itertuples(index=False):
            rows.append((_scenario(context, item.scenario), int(record.turn), side_name(context, record.side),
                         int(record.units), int(record.steps), int(record.attack), int(record.defence),
                         int(record.replacements), int(record.replacements_to_date)))
    return _frame(rows, [ui_text(context, "Scenario"), ui_text(context, "Turn"), ui_text(context, "Side"),
                         ui_text(context, "Units"), ui_text(context, "Steps"), ui_text(context, "Attack"),
                         ui_text(context, "Defence"), ui_text(context, "Replacement steps"),
                         ui_text(context, "Replacement steps received")])


def _kind(context, kind: str) -> str:
    return ui_text(context, "DRM") if kind == "drm" else ui_text(context, "Shift")


def _chances(context, analysis: Analysis):
    t = game_text(context)
    rows = []
    for item in analysis.tables:
        for view in item.views or ():
            for column in view.columns:
                for result, chance in sorted(column.chances.items()):
                    rows.append((t.of(item.table), _kind(context, view.kind), view.value,
                                 t.table_column(item.table, column.column), result, float(chance), str(chance)))
    return _frame(rows, [ui_text(context, "Table"), ui_text(context, "Modifier"), ui_text(context, "Net"),
                         ui_text(context, "Column"), ui_text(context, "Result"), ui_text(context, "Chance"),
                         ui_text(context, "Exact chance")])


def _losses(context, analysis: Analysis):
    t = game_text(context)
    rows = []
    for item in analysis.tables:
        for view in item.views or ():
            for c in view.columns:
                rows.append((t.of(item.table), _kind(context, view.kind), view.value,
                             t.table_column(item.table, c.column), float(c.attacker), float(c.defender),
                             float(c.attacker_eliminated), float(c.defender_eliminated), float(c.unread)))
    return _frame(rows, [ui_text(context, "Table"), ui_text(context, "Modifier"), ui_text(context, "Net"),
                         ui_text(context, "Column"), ui_text(context, "Attacker steps lost"),
                         ui_text(context, "Defender steps lost"), ui_text(context, "Attacker eliminated"),
                         ui_text(context, "Defender eliminated"), ui_text(context, "Not read")])


def _typical(context, analysis: Analysis):
    t = game_text(context)
    tables = {item.table.id: item.table for item in analysis.tables}
    rows = []
    for item in analysis.scenarios:
        for table_id, readings in item.typical.items():
            table = tables[table_id]
            for r in readings:
                column = "" if r.column is None else (
                    ui_text(context, "below {column}", column=t.table_column(table, 0)) if r.column < 0
                    else t.table_column(table, r.column))
                row = "" if r.row is None else t.table_row(table, r.row)
                rows.append((_scenario(context, item.scenario), r.turn, t.of(table), side_name(context, r.attacker),
                             side_name(context, r.defender), float(r.attack), float(r.defence),
                             None if r.ratio is None else float(r.ratio), column, row, r.result))
    return _frame(rows, [ui_text(context, "Scenario"), ui_text(context, "Turn"), ui_text(context, "Table"),
                         ui_text(context, "Attacker"), ui_text(context, "Defender"), ui_text(context, "Attack"),
                         ui_text(context, "Defence"), ui_text(context, "Odds"), ui_text(context, "Column"),
                         ui_text(context, "Row"), ui_text(context, "Result")])


def _anomalies(context, analysis: Analysis):
    kinds = {"outlier": ui_text(context, "Factor outlier"), "jump": ui_text(context, "Strength jump"),
             "variant": ui_text(context, "Variant's balance")}
    rows = [(kinds[a.kind], a.subject, anomaly_text(context, a)) for a in analysis.anomalies]
    return _frame(rows, [ui_text(context, "Kind"), ui_text(context, "Unit or scenario"), ui_text(context, "What")])
