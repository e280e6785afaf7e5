"""report.pdf and the force-curve SVGs: the analysis laid out as chart blocks and flowed over
pages of the build's paper (components/chart_document.py), so the report looks like the
kit's other charts."""

from __future__ import annotations

from fractions import Fraction

from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_pages,
    content_frame,
    heading_block,
    signed,
    text_block,
    title_block,
)
from generator.components.crt_probability import percent
from generator.components.text import game_text, turn_name, ui_text
from generator.layout.blocks import Block, side_by_side, stacked
from generator.layout.grid import Cell, fit_widths, flowing_grid, grid_block, natural_width_mm
from generator.layout.primitives import Group, Page
from generator.model.tables import AttritionTable, OddsCrt, ValueTable
from generator.report.analysis import Analysis, ScenarioForces, TableAnalysis
from generator.report.combat import ModifierView, value_losses
from generator.report.outcomes import order_key
from generator.report.curves import force_chart_blocks
from generator.report.words import anomaly_text, decimal, note_text, side_name, turn_word

HEAD = dict(font="sans-bold", size_pt=cs.HEADER_PT, fill=cs.HEADER_FILL, colour=cs.HEADER_TEXT)


def report_title(context) -> str:
    return ui_text(context, "Designer's report")


def report_pages(context, analysis: Analysis) -> list[Page]:
    width = content_frame(context).width_mm
    return chart_pages(context, report_title(context), report_blocks(context, analysis, width))


def report_blocks(context, analysis: Analysis, width_mm: float) -> list[Block]:
    blocks = [title_block(report_title(context), width_mm, _subtitle(context, analysis)),
              *_intro(context, analysis, width_mm)]
    if analysis.notes:
        blocks += [heading_block(ui_text(context, "What the report cannot compute"), width_mm),
                   *bullet_blocks([note_text(context, n) for n in analysis.notes], width_mm, size_pt=cs.SMALL_PT)]
    blocks += oob_blocks(context, analysis, width_mm)
    for item in analysis.scenarios:
        blocks += scenario_blocks(context, analysis, item, width_mm)
    for table in analysis.tables:
        blocks += table_blocks(context, table, width_mm)
    blocks += anomaly_blocks(context, analysis, width_mm)
    return blocks


def _subtitle(context, analysis: Analysis) -> str:
    t = game_text(context)
    return ui_text(context, "Units: {units} · scenarios: {scenarios} · combat tables: {tables}",
                   units=t.number(len(analysis.game.units)), scenarios=t.number(len(analysis.scenarios)),
                   tables=t.number(len(analysis.tables)))


def _intro(context, analysis: Analysis, width_mm: float) -> list[Block]:
    lines = [ui_text(context, "Forces count every unit in play on a turn: set up, arrived and not withdrawn, at the "
                              "steps it entered with. Replacement steps received are added to the steps alone, "
                              "since which units they rebuild is the players' choice.")]
    kinds = {type(item.table) for item in analysis.tables}
    if OddsCrt in kinds:
        lines += [ui_text(context, "A typical attack sets the attacker's average unit against the defender's average "
                                   "unit, as many on each side; the odds are rounded down to a column."),
                  ui_text(context, "Expected losses are in steps, averaged over the die; a result that eliminates a "
                                   "force is counted apart, as the chance that it happens.")]
    return [text_block(line, width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED, space_after_mm=1.0) for line in lines]


# --- order of battle -------------------------------------------------------------------

def oob_blocks(context, analysis: Analysis, width_mm: float) -> list[Block]:
    """Per side, units, steps, attack and defence at full strength by nationality and type."""
    import pandas as pd

    from generator.report.strength import strength

    game, t = analysis.game, game_text(context)
    rows = []
    for unit in game.units:
        power = strength(unit)
        rows.append((game.side_of(unit) or "", unit.nationality, unit.type_id, power.steps, power.attack,
                     power.defence))
    frame = pd.DataFrame(rows, columns=["side", "nationality", "type", "steps", "attack", "defence"])
    frame["units"] = 1
    summary = frame.groupby(["side", "nationality", "type"], sort=False).sum(numeric_only=True).reset_index()
    measures = ["units", "steps"] + ([] if analysis.by_steps else ["attack", "defence"])
    header = [Cell(ui_text(context, "Nationality"), align="start", **HEAD), Cell(ui_text(context, "Type"),
                                                                                align="start", **HEAD)]
    header += [Cell(_measure(context, m), **HEAD) for m in measures]
    body = []
    for side in game.spec.sides:
        part = summary[summary["side"] == side.id]
        if part.empty:
            continue
        body.append([Cell(side_name(context, side.id), "sans-bold", cs.SMALL_PT, cs.LABEL_FILL, align="start",
                          span=2)] + [Cell(t.number(int(part[m].sum())), "sans-bold", cs.SMALL_PT, cs.LABEL_FILL)
                                      for m in measures])
        for _, row in part.iterrows():
            nationality, unit_type = game.nationalities.get(row["nationality"]), game.unit_types.get(row["type"])
            body.append([Cell(t.of(nationality) if nationality else row["nationality"], size_pt=cs.SMALL_PT,
                              align="start"),
                         Cell(t.of(unit_type) if unit_type else row["type"], size_pt=cs.SMALL_PT, align="start")]
                        + [Cell(t.number(int(row[m])), size_pt=cs.SMALL_PT) for m in measures])
    widths = _widths([header, *body], width_mm)
    return [heading_block(ui_text(context, "Order of battle at full strength"), width_mm),
            text_block(ui_text(context, "Each unit's set-up, arrival and withdrawal in every scenario are in "
                                        "report.xlsx and report.ods, a sheet per side."),
                       width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED, keep_with_next=True),
            flowing_grid([header, *body], widths, header_rows=1, style=cs.COMPACT_GRID)]


def _measure(context, measure: str) -> str:
    from generator.report.words import measure_name

    return measure_name(context, measure)


def _widths(rows: list[list[Cell]], width_mm: float) -> list[float]:
    count = max(sum(c.span for c in row) for row in rows)
    natural = [0.0] * count
    for row in rows:
        column = 0
        for cell in row:
            if cell.span == 1:
                natural[column] = max(natural[column], natural_width_mm(cell, cs.COMPACT_GRID) + 0.5)
            column += cell.span
    return fit_widths(natural, width_mm, [8.0] * count)


# --- scenarios ------------------------------------------------------------------------

def scenario_blocks(context, analysis: Analysis, item: ScenarioForces, width_mm: float) -> list[Block]:
    t = game_text(context)
    scenario = item.scenario
    title = ui_text(context, "Forces in {scenario} (turns {first} to {last})", scenario=t.of(scenario, "title"),
                    first=turn_name(context, scenario.start_turn), last=turn_name(context, scenario.end_turn))
    blocks = [heading_block(title, width_mm, page_break_before=True)]
    blocks += force_chart_blocks(context, item, width_mm, analysis.by_steps)
    blocks.append(forces_table(context, analysis, item, width_mm))
    blocks += typical_blocks(context, [one.table for one in analysis.tables], item.typical, width_mm)
    found = [a for a in analysis.anomalies if a.subject == scenario.scenario_id]
    if found:
        blocks += [heading_block(ui_text(context, "Worth a look"), width_mm, cs.BODY_PT),
                   *bullet_blocks([anomaly_text(context, a) for a in found], width_mm, size_pt=cs.SMALL_PT)]
    return blocks


def forces_table(context, analysis: Analysis, item: ScenarioForces, width_mm: float) -> Block:
    """Turn by turn, per side: units, steps, attack, defence, replacement steps."""
    t, game = game_text(context), analysis.game
    measures = ["units", "steps"] + ([] if analysis.by_steps else ["attack", "defence"])
    with_replacements = bool(item.totals["replacements"].any())
    if with_replacements:
        measures.append("replacements")
    top = [Cell(turn_word(context), **HEAD)]
    top += [Cell(side_name(context, side.id), span=len(measures), **HEAD) for side in game.spec.sides]
    names = [_measure(context, m) if m != "replacements" else ui_text(context, "Repl.") for m in measures]
    second = [Cell("", **HEAD)] + [Cell(name, **HEAD) for _ in game.spec.sides for name in names]
    by_turn = item.totals.set_index(["turn", "side"])
    body = []
    for turn in range(item.scenario.start_turn, item.scenario.end_turn + 1):
        row = [Cell(turn_name(context, turn), "sans-bold", cs.SMALL_PT, cs.LABEL_FILL)]
        for side in game.spec.sides:
            values = by_turn.loc[(turn, side.id)]
            row += [Cell(t.number(int(values[m])), size_pt=cs.SMALL_PT) for m in measures]
        body.append(row)
    widths = _widths([top, second, *body], width_mm)
    return flowing_grid([top, second, *body], widths, header_rows=2, style=cs.TINY_GRID)


def typical_blocks(context, tables: list, typical: dict, width_mm: float) -> list[Block]:
    """Turn by turn, for each combat table and each attacking side: the odds of a typical
    attack and the column it reaches (on an attrition table, the two sides' strengths and
    the cell's result)."""
    t = game_text(context)
    columns = [(table, pair) for table in tables if typical.get(table.id)
               for pair in dict.fromkeys((r.attacker, r.defender) for r in typical[table.id])]
    if not columns:
        return []
    found = {(table.id, r.turn, r.attacker, r.defender): r for table, _ in columns for r in typical[table.id]}
    top = [Cell(turn_word(context), **HEAD)]
    for table in [table for table in tables if any(other is table for other, _ in columns)]:
        top.append(Cell(t.of(table), span=sum(1 for other, _ in columns if other is table), **HEAD))
    second = [Cell("", **HEAD)] + [Cell(ui_text(context, "{attacker} attacks {defender}",
                                                attacker=side_name(context, a), defender=side_name(context, d)),
                                        **HEAD) for _, (a, d) in columns]
    body = []
    for turn in sorted({turn for (_, turn, _, _) in found}):
        row = [Cell(turn_name(context, turn), "sans-bold", cs.SMALL_PT, cs.LABEL_FILL)]
        row += [Cell(_reading_text(context, table, found[(table.id, turn, *pair)]), size_pt=cs.SMALL_PT)
                for table, pair in columns]
        body.append(row)
    lines = []
    if any(isinstance(table, OddsCrt) for table, _ in columns):
        lines.append(ui_text(context, "Under an odds table: the odds of the average units and the column they reach."))
    if any(isinstance(table, AttritionTable) for table, _ in columns):
        lines.append(ui_text(context, "Under an attrition table: the two sides' whole strengths and the result of the "
                                      "cell they reach."))
    return [heading_block(ui_text(context, "Typical attacks, turn by turn"), width_mm, cs.BODY_PT),
            *(text_block(line, width_mm, size_pt=cs.SMALL_PT, colour=cs.MUTED, keep_with_next=True) for line in lines),
            flowing_grid([top, second, *body], _widths([top, second, *body], width_mm), header_rows=2,
                         style=cs.TINY_GRID)]


def _reading_text(context, table, reading) -> str:
    t = game_text(context)
    if isinstance(table, AttritionTable):
        if reading.column is None or reading.row is None:
            return "—"
        return ui_text(context, "{attack} vs {defence}: {result}", attack=t.number(int(reading.attack)),
                       defence=t.number(int(reading.defence)), result=reading.result)
    if reading.ratio is None:
        return "—"
    ratio = decimal(context, reading.ratio)
    if reading.column is None:
        return ratio
    if reading.column < 0:
        below = ui_text(context, "below {column}", column=t.table_column(table, 0))
        return f"{ratio} → {below}" + (f" ({reading.result})" if reading.result else "")
    return f"{ratio} → {t.table_column(table, reading.column)}"


# --- combat tables --------------------------------------------------------------------

def table_blocks(context, item: TableAnalysis, width_mm: float) -> list[Block]:
    t, table = game_text(context), item.table
    if isinstance(table, ValueTable):
        return [heading_block(ui_text(context, "{table}: losses by value", table=t.of(table)), width_mm),
                value_block(context, table, width_mm)]
    if isinstance(table, AttritionTable) or item.views is None:
        return []
    heading = heading_block(ui_text(context, "{table}: chances and expected losses", table=t.of(table)), width_mm)
    explain = text_block(ui_text(context, "For each net modifier: the chance of each result per column (%), then the "
                                          "steps each side can expect to lose."), width_mm, size_pt=cs.SMALL_PT,
                         colour=cs.MUTED, keep_with_next=True)
    grids = [view_block(context, table, view) for view in item.views]
    return [heading, explain, *side_by_side(grids, width_mm, 4.0)]


def view_block(context, table: OddsCrt, view: ModifierView) -> Block:
    """One net modifier: results × columns in %, then the expected losses per column.
    Anchors 'p:<kind>:<value>:<result>:<c>', 'loss:<kind>:<value>:<side>:<c>'."""
    t = game_text(context)
    tag = f"{view.kind}:{view.value}"
    results = sorted({r for c in view.columns for r in c.chances}, key=lambda r: order_key(table, r))
    label = (ui_text(context, "Net DRM {drm}", drm=signed(view.value)) if view.kind == "drm"
             else ui_text(context, "Net shift {shift}", shift=signed(view.value)))
    rows = [[Cell(label, "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, span=len(table.columns) + 1)],
            [Cell(ui_text(context, "Result"), "condensed-bold", cs.NOTE_PT, cs.LABEL_FILL)]
            + [Cell(t.table_column(table, c), "sans-bold", cs.NOTE_PT, cs.LABEL_FILL)
               for c in range(len(table.columns))]]
    for result in results:
        rows.append([Cell(result, "sans-bold", cs.NOTE_PT)]
                    + [Cell(percent(c.chances.get(result, Fraction(0)), t), "sans", cs.NOTE_PT,
                            name=f"p:{tag}:{result}:{c.column}") for c in view.columns])
    losses = [("attacker", ui_text(context, "Attacker loses (steps)"), lambda c: decimal(context, c.attacker)),
              ("defender", ui_text(context, "Defender loses (steps)"), lambda c: decimal(context, c.defender))]
    if any(c.attacker_eliminated for c in view.columns):
        losses.append(("attacker-eliminated", ui_text(context, "Attacker eliminated (%)"),
                       lambda c: percent(c.attacker_eliminated, t)))
    if any(c.defender_eliminated for c in view.columns):
        losses.append(("defender-eliminated", ui_text(context, "Defender eliminated (%)"),
                       lambda c: percent(c.defender_eliminated, t)))
    if any(c.unread for c in view.columns):
        losses.append(("unread", ui_text(context, "Not read (%)"), lambda c: percent(c.unread, t)))
    for key, name, value in losses:
        rows.append([Cell(name, "condensed-bold", cs.NOTE_PT, cs.LABEL_FILL, align="start")]
                    + [Cell(value(c), "sans-bold", cs.NOTE_PT, cs.LABEL_FILL, name=f"loss:{tag}:{key}:{c.column}")
                       for c in view.columns])
    first = max(natural_width_mm(row[0]) for row in rows[1:])
    figures = max(natural_width_mm(cell) for row in rows[1:] for cell in row[1:]) + 0.5
    return grid_block(rows, [first] + [figures] * len(table.columns), header_rows=2, style=cs.TINY_GRID)


def value_block(context, table: ValueTable, width_mm: float) -> Block:
    t = game_text(context)
    header = [Cell(t.table_title(table, "row_title") or ui_text(context, "Value"), align="start", **HEAD)]
    header += [Cell(t.table_column(table, c), **HEAD) for c in range(len(table.columns))]
    rows = [header]
    for r, numbers in enumerate(value_losses(table)):
        rows.append([Cell(t.table_row(table, r), "sans-bold", cs.SMALL_PT, cs.LABEL_FILL, align="start")]
                    + [Cell("—" if n is None else t.number(n), size_pt=cs.SMALL_PT) for n in numbers])
    return grid_block(rows, _widths(rows, width_mm), header_rows=1, style=cs.COMPACT_GRID)


# --- anomalies ------------------------------------------------------------------------

def anomaly_blocks(context, analysis: Analysis, width_mm: float) -> list[Block]:
    blocks = [heading_block(ui_text(context, "Anomalies worth a look"), width_mm)]
    groups = [("outlier", ui_text(context, "Factors far from the rest of their unit type")),
              ("jump", ui_text(context, "Turns where a side's strength jumps")),
              ("variant", ui_text(context, "Variants whose balance departs from the scenario they vary"))]
    for kind, title in groups:
        found = [a for a in analysis.anomalies if a.kind == kind]
        blocks.append(heading_block(title, width_mm, cs.BODY_PT, rule=False))
        if kind == "jump":
            lines = [f"{game_text(context).of(analysis.game.scenario_index[a.subject], 'title')}: "
                     f"{anomaly_text(context, a)}" for a in found]
        else:
            lines = [anomaly_text(context, a) for a in found]
        blocks += bullet_blocks(lines or [ui_text(context, "None found.")], width_mm, size_pt=cs.SMALL_PT)
    return blocks


# --- the charts alone, as SVG pages ---------------------------------------------------

def chart_page(context, analysis: Analysis, item: ScenarioForces) -> Page:
    """The scenario's force curves on a page of their own (the preview shows it)."""
    width = content_frame(context).width_mm
    margin = cs.MARGIN_MM
    title = title_block(game_text(context).of(item.scenario, "title"), width)
    body = stacked([title, *force_chart_blocks(context, item, width, analysis.by_steps)], 3.0)
    return Page(width + 2 * margin, body.height_mm + 2 * margin,
                (Group(body.items, _translate(margin, margin)),), title=report_title(context))


def _translate(x: float, y: float):
    from generator.layout.transform import Transform

    return Transform.translate(x, y)
