"""Force curves: steps, attack and defence per side per turn (with the replacement steps
received so far), and steps per front, as line-chart blocks (layout/charts.py)."""

from __future__ import annotations

from generator.components.text import game_text, turn_name, ui_text
from generator.layout.blocks import Block, side_by_side
from generator.layout.charts import Series, line_chart_block
from generator.report.analysis import ScenarioForces
from generator.report.forces import front_kind, turns_of
from generator.report.words import front_name, measure_name, side_name, turn_word

PALETTE = ("#1f4e9c", "#b22222", "#2e7d32", "#e08a00", "#6a1b9a", "#00838f", "#795548", "#c2185b", "#546e7a")
FRONTS = ("#2e7d32", "#e08a00", "#6a1b9a", "#00838f", "#795548", "#c2185b", "#546e7a", "#9e9d24", "#5d4037")
PANEL_GAP_MM = 4.0
PLOT_MM = 38.0


def side_colours(game) -> dict[str, str]:
    """A side's declared colour, else one of the palette's in order (fronts take other colours,
    `FRONTS`, so a front is never mistaken for a side)."""
    return {side.id: side.colour or PALETTE[index % len(PALETTE)] for index, side in enumerate(game.spec.sides)}


def force_chart_blocks(context, item: ScenarioForces, width_mm: float, by_steps: bool) -> list[Block]:
    """The side panels (steps, attack, defence; steps alone when the game has no factors),
    then one panel per side with its steps by front when there are several fronts."""
    game = context.game
    turns = turns_of(item.scenario)
    labels = [turn_name(context, turn) for turn in turns]
    colours = side_colours(game)
    number = lambda value: game_text(context).number(value)  # noqa: E731
    measures = ("steps",) if by_steps else ("steps", "attack", "defence")
    panel_width = (width_mm - PANEL_GAP_MM * (len(measures) - 1)) / len(measures) if len(measures) > 1 else width_mm
    panels = []
    for measure in measures:
        series = []
        for side in game.spec.sides:
            rows = item.totals[item.totals["side"] == side.id].sort_values("turn")
            series.append(Series(side_name(context, side.id), tuple(float(v) for v in rows[measure]),
                                 colours[side.id]))
            if measure == "steps" and rows["replacements_to_date"].any():
                with_replacements = rows["steps"] + rows["replacements_to_date"]
                series.append(Series(ui_text(context, "{side} with replacements received",
                                             side=side_name(context, side.id)),
                                     tuple(float(v) for v in with_replacements), colours[side.id], (1.2, 0.8), 0.35))
        panels.append(line_chart_block(measure_name(context, measure), labels, series, panel_width, PLOT_MM,
                                       number=number, x_title=turn_word(context)))
    blocks = side_by_side(panels, width_mm, PANEL_GAP_MM)
    fronts = sorted(set(item.forces["front"]))
    if len(fronts) > 1:
        blocks += side_by_side(_front_panels(context, item, labels, fronts, width_mm, number), width_mm, PANEL_GAP_MM)
    return blocks


def _front_panels(context, item: ScenarioForces, labels, fronts, width_mm, number) -> list[Block]:
    game = context.game
    sides = game.spec.sides
    width = (width_mm - PANEL_GAP_MM * (len(sides) - 1)) / len(sides) if len(sides) > 1 else width_mm
    turns = turns_of(item.scenario)
    panels = []
    for side in sides:
        mine = item.forces[item.forces["side"] == side.id]
        series = []
        for index, front in enumerate(fronts):
            steps = mine[mine["front"] == front].set_index("turn")["steps"].reindex(turns, fill_value=0)
            if steps.any():
                series.append(Series(front_name(context, front), tuple(float(v) for v in steps),
                                     FRONTS[index % len(FRONTS)]))
        if front_kind(game, item.scenario) == "map":
            title = ui_text(context, "{side}: steps by front", side=side_name(context, side.id))
        else:
            title = ui_text(context, "{side}: steps by region", side=side_name(context, side.id))
        panels.append(line_chart_block(title, labels, series, width, PLOT_MM, number=number,
                                       x_title=turn_word(context)))
    return panels
