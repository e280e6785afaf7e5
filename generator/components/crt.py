"""Combat results tables (`odds_crt`): the grid, its keys and notes, and the chance of each
result per odds column, as blocks; and the `crt` component that prints them all."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    bullet_blocks,
    chart_heading_blocks,
    chart_pages,
    content_frame,
    document_outputs,
    heading_block,
    parts_document,
    signed,
    text_block,
    title_block,
)
from generator.components.crt_probability import probability_blocks, probability_note
from generator.components.crt_results import favour_fill
from generator.components.dice import roll_limits, rows_outside_die
from generator.components.table_keys import swatch_key_block
from generator.components.combat_words import CombatWords
from generator.components.illustrative import MARK, is_illustrative, mark_note, marked
from generator.components.text import game_text, ui_text
from generator.layout.blocks import Block, beside_or_below
from generator.layout.grid import Cell, fit_widths, grid_block, legend_widths, natural_width_mm, widen_for
from generator.layout.primitives import Page
from generator.components.attrition import attrition_blocks, shift_blocks
from generator.model.tables import AttritionTable, OddsCrt

RESULT_PT = 9.0
KEYS_MM = 60.0  # narrowest column worth putting the keys beside the grid
SIDE_GAP_MM = 6.0


def crt_grid_block(context, table: OddsCrt, width_mm: float, *, shading: bool = True) -> Block:
    """The table itself. Anchors: 'result:<r>:<c>' for every cell (row and column indices),
    'row:<r>' for die-roll labels, 'column:<c>' for odds headers."""
    t = game_text(context)
    outside = rows_outside_die(table.rows, table.dice)
    header = [
        Cell(border=False, name="corner"),
        Cell(t.table_title(table, "column_title") or ui_text(context, "Odds"), "sans-bold", cs.HEADER_PT,
             cs.HEADER_FILL, cs.HEADER_TEXT, span=len(table.columns), name="column-title"),
    ]
    labels = [Cell(t.table_title(table, "row_title") or ui_text(context, "Die roll"), "condensed-bold", cs.HEADER_PT,
                   cs.HEADER_FILL, cs.HEADER_TEXT, name="row-title")]
    labels += [Cell(t.table_column(table, i), "sans-bold", cs.BODY_PT + 1, cs.HEADER_FILL, cs.HEADER_TEXT,
                    name=f"column:{i}") for i in range(len(table.columns))]
    body = [_crt_row(t, table, r, outside[r], shading) for r in range(len(table.rows))]
    widths = widen_for(header[1], _crt_widths(header, labels, body, width_mm), 1, width_mm)
    return grid_block([header, labels, *body], widths, header_rows=2, style=cs.GRID)


def _crt_row(t, table: OddsCrt, r: int, modified: bool, shading: bool) -> list[Cell]:
    label = Cell(t.table_row(table, r), "sans-oblique" if modified else "sans-bold", cs.BODY_PT + 1,
                 cs.MODIFIED_FILL if modified else cs.LABEL_FILL, name=f"row:{r}")
    cells = [label]
    for c, result in enumerate(table.cells[r] if r < len(table.cells) else []):
        fill = favour_fill(table, result) if shading else None
        cells.append(Cell(t.result_code(result), "sans-bold", RESULT_PT, fill, name=f"result:{r}:{c}"))
    return cells


def _crt_widths(header, labels, body, width_mm: float) -> list[float]:
    label_width = max(natural_width_mm(row[0]) for row in body)
    label_width = max(label_width, min(natural_width_mm(labels[0]), 24.0), 14.0)
    result_width = max([natural_width_mm(c) for row in body for c in row[1:]]
                       + [natural_width_mm(c) for c in labels[1:]] + [13.0])
    count = len(labels) - 1
    natural = [label_width] + [result_width] * count
    return fit_widths(natural, width_mm, [10.0] + [8.0] * count)


def grid_with_keys(context, table: OddsCrt, width_mm: float, *, shading: bool = True) -> list[Block]:
    """The grid with its keys beside it when there is room (at least KEYS_MM; the keys wrap
    to what is left), else below."""
    grid = crt_grid_block(context, table, width_mm, shading=shading)
    return beside_or_below(grid, lambda room: crt_key_blocks(context, table, room, shading=shading), width_mm,
                           SIDE_GAP_MM, KEYS_MM)


def crt_key_blocks(context, table: OddsCrt, width_mm: float, *, shading: bool = True) -> list[Block]:
    """The legend under the grid: modified-roll rows, shading, results, odds off the table."""
    blocks: list[Block] = []
    swatches = _swatches(context, table, shading)
    if swatches:
        blocks.append(swatch_key_block(swatches, width_mm))
    if table.results:
        blocks.append(results_block(context, table, width_mm))
    lines = _odds_notes(context, table)
    if lines:
        blocks.extend(bullet_blocks(lines, width_mm, size_pt=cs.SMALL_PT))
    return blocks


def _swatches(context, table: OddsCrt, shading: bool) -> list[tuple[str, str]]:
    swatches = []
    t = game_text(context)
    outside = [t.table_row(table, r) for r, flag in enumerate(rows_outside_die(table.rows, table.dice)) if flag]
    if outside:
        swatches.append((cs.MODIFIED_FILL, ui_text(context, "Modified rolls only ({rows}): the die alone cannot roll them",
                                              rows=", ".join(outside))))
    if shading:
        used = {favour_fill(table, cell) for row in table.cells for cell in row}
        shades = [
            (cs.ATTACKER_STRONG, ui_text(context, "Favours the attacker")),
            (cs.ATTACKER_LIGHT, ui_text(context, "Slightly favours the attacker")),
            (cs.DEFENDER_LIGHT, ui_text(context, "Slightly favours the defender")),
            (cs.DEFENDER_STRONG, ui_text(context, "Favours the defender")),
        ]
        swatches += [(colour, label) for colour, label in shades if colour in used]
    return swatches


def _odds_notes(context, table: OddsCrt) -> list[str]:
    t = game_text(context)
    first, last = t.table_column(table, 0), t.table_column(table, len(table.columns) - 1)
    lines = []
    if table.below:
        lines.append(ui_text(context, "Odds below {column}: {result}.", column=first, result=table.below))
    if table.above_drm_per_column:
        lines.append(ui_text(context, "Odds above {column}: use the {column} column with {drm} DRM per odds level above it.",
                        column=last, drm=signed(table.above_drm_per_column)))
    if table.odds_rounding:
        lines.append(ui_text(context, "Odds: {rounding}.",
                             rounding=t.table_title(table, "odds_rounding").rstrip(".")))
    limits = roll_limits(table.rows, table.roll_min, table.roll_max)
    if limits and (table.roll_min is not None or table.roll_max is not None):
        lines.append(ui_text(context, "The modified die roll is never below {low} nor above {high}.",
                        low=limits[0], high=limits[1]))
    return lines


def results_block(context, table, width_mm: float) -> Block:
    """'Result | Meaning' for each result code of the table."""
    header = [Cell(ui_text(context, "Result"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT),
              Cell(ui_text(context, "Meaning"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start")]
    t = game_text(context)
    rows = [[Cell(t.result_code(r.code), "sans-bold", cs.BODY_PT), Cell(t.result_meaning(table, r.code), "sans", cs.SMALL_PT,
                                                         align="start")] for r in table.results]
    return grid_block([header, *rows], legend_widths([header, *rows], width_mm, cs.COMPACT_GRID), header_rows=1,
                      style=cs.COMPACT_GRID)


def drm_block(context, table: OddsCrt, width_mm: float, heading: str | None = None) -> Block:
    """The die-roll modifiers (or a value table's modifiers, under `heading`): value and
    condition (the rules they come from are in the designer appendix)."""
    head = [heading or ui_text(context, "DRM"), ui_text(context, "Condition")]
    header = [Cell(text, "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "middle" if i != 1 else "start")
              for i, text in enumerate(head)]
    t = game_text(context)
    rows = [[Cell(t.drm_value(table, i), "sans-bold", cs.BODY_PT),
             Cell(t.drm_condition(table, i), "sans", cs.SMALL_PT, align="start")] for i in range(len(table.drms))]
    value_width = min(max(natural_width_mm(r[0]) for r in [header, *rows]), 26.0)
    return grid_block([header, *rows], [value_width, width_mm - value_width], header_rows=1, style=cs.COMPACT_GRID)


def terrain_effect_rows(context, table) -> list[tuple[str, str]]:
    """(entry name, its effects on this table in words) for every terrain, hexside feature
    and hex feature with an effect that applies to `table`."""
    game, t = context.game, game_text(context)
    words = CombatWords(game, context.translator)
    rows = []
    for entries, hexside in ((game.spec.terrain, False), (game.spec.hexside_features, True),
                             (game.spec.hex_features, False)):
        for entry in entries:
            said = [words.effect(e, hexside, entry) for e in entry.effects if e.applies_to(table.id)]
            if said:
                rows.append((marked(t.of(entry), entry.source), "; ".join(said)))
    return rows


def terrain_is_illustrative(context, table) -> bool:
    """True when a terrain or feature whose effects the table prints is illustrative."""
    return any(MARK in name for name, _ in terrain_effect_rows(context, table))


def terrain_effect_blocks(context, table, width_mm: float) -> list[Block]:
    """The terrain's effects on this table, under a heading (the TEC's Combat column, kept
    with the table it changes); none when no terrain changes it."""
    rows = terrain_effect_rows(context, table)
    if not rows:
        return []
    header = [Cell(ui_text(context, "Terrain"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start"),
              Cell(ui_text(context, "Effect on combat"), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT,
                   "start")]
    body = [[Cell(name, "sans-bold", cs.SMALL_PT, align="start"), Cell(text, "sans", cs.SMALL_PT, align="start")]
            for name, text in rows]
    first = min(max(natural_width_mm(r[0], cs.COMPACT_GRID) for r in [header, *body]), width_mm * 0.35)
    grid = grid_block([header, *body], [first, width_mm - first], header_rows=1, style=cs.COMPACT_GRID)
    return [heading_block(ui_text(context, "Terrain effects on combat"), width_mm), grid]


def crt_blocks(context, table: OddsCrt, width_mm: float, *, shading: bool = True,
               probabilities: bool = True, new_page: bool = False, heading: bool = False,
               terrain: bool = True) -> list[Block]:
    """Everything about one CRT, top to bottom, ready to flow into frames or pages
    (`heading`: titled as a section of a player aid; `terrain`: with the terrain's effects
    on it, left out where the TEC is printed beside it)."""
    t = game_text(context)
    title = marked(t.of(table), table.source)
    blocks = [*chart_heading_blocks(title, width_mm, table.dice, heading=heading, page_break_before=new_page),
              *grid_with_keys(context, table, width_mm, shading=shading)]
    blocks += shift_blocks(context, table, width_mm)
    if table.drms:
        blocks += [heading_block(ui_text(context, "Die roll modifiers"), width_mm), drm_block(context, table, width_mm)]
    if terrain:
        blocks += terrain_effect_blocks(context, table, width_mm)
    notes = [t.table_note(table, i) for i in range(len(table.notes))]
    if is_illustrative(table.source) or (terrain and terrain_is_illustrative(context, table)):
        notes.append(mark_note(context))
    if notes:
        blocks += [heading_block(ui_text(context, "Notes"), width_mm),
                   *bullet_blocks(notes, width_mm, size_pt=cs.SMALL_PT)]
    if probabilities and (table.drms or not table.shifts):  # chances by DRM mean little where only shifts apply
        blocks += probability_blocks(context, table, width_mm)
    return blocks


def odds_crts(game) -> list[OddsCrt]:
    return [t for t in game.spec.tables if isinstance(t, OddsCrt)]


def combat_tables(game) -> list[OddsCrt | AttritionTable]:
    """The odds CRTs and the attrition tables, in the order of game.yaml."""
    return [t for t in game.spec.tables if isinstance(t, (OddsCrt, AttritionTable))]


def combat_table_blocks(context, table, width_mm: float, *, probabilities: bool = True, new_page: bool = False,
                        heading: bool = False, terrain: bool = True) -> list[Block]:
    """A combat table's blocks, by its kind."""
    if isinstance(table, AttritionTable):
        return attrition_blocks(context, table, width_mm, new_page=new_page, heading=heading, terrain=terrain)
    return crt_blocks(context, table, width_mm, probabilities=probabilities, new_page=new_page, heading=heading,
                      terrain=terrain)


def crt_document(context: BuildContext) -> tuple[str, list[Page]]:
    """The title and pages of the CRT document: every combat table (no pages when the game
    has none)."""
    return parts_document(context, combat_tables(context.game),
                          lambda table, index, width: combat_table_blocks(context, table, width, new_page=index > 0),
                          ui_text(context, "Combat results tables"))


def chances_document(context: BuildContext, terrain: bool) -> tuple[str, list[Page]]:
    """The title and pages of what the CRT document adds to the player aids' tables: the
    chance of each result (and the terrain's effects on combat when `terrain`: the aids
    print no TEC); no pages when no table has chances."""
    width = content_frame(context).width_mm
    title = ui_text(context, "Combat results: chance of each result")
    tables = [table for table in combat_tables(context.game)
              if isinstance(table, OddsCrt) and (terrain or table.drms or not table.shifts)]
    chancy = [table for table in tables if (table.drms or not table.shifts) and probability_blocks(context, table, width)]
    # what the chances assume, said once under the title when every table assumes the same
    notes = {probability_note(context, table) for table in chancy}
    once = len(notes) == 1 and len(tables) > 1
    blocks = [text_block(notes.pop(), width, size_pt=cs.SMALL_PT, colour=cs.MUTED)] if once else []
    for table in tables:
        if terrain:
            blocks += terrain_effect_blocks(context, table, width)
        if table in chancy:  # one table's chances alone under the title that says what they are: no heading
            blocks += probability_blocks(context, table, width, note=not once,
                                         heading=len(chancy) > 1 or any(b.keep_with_next for b in blocks))
    if not blocks:
        return "", []
    return title, chart_pages(context, title, [title_block(title, width), *blocks])


@component("crt", order=40)
def build_crt(context: BuildContext) -> list[OutputFile]:
    """crt.pdf; where every side's player aid prints every combat table, crt.pdf is kept out
    of kit.pdf (printed separately) and kit.pdf has only what it adds to the aids: the chance
    of each result (crt-chances.pdf, written by a whole build, which makes the kit)."""
    from generator.components.player_aid import printed_by_the_aids, printed_in_every_aid

    title, pages = crt_document(context)
    if not pages:
        return []
    files = document_outputs(context, "crt", title, pages, shares_pages=True)
    ids = [table.id for table in combat_tables(context.game)]
    if context.options.only is not None or not printed_in_every_aid(context, "crt", ids):
        return files  # a build of some components makes no kit: crt.pdf is the whole chart
    chances, pages = chances_document(context, terrain=not printed_in_every_aid(context, "tec", ["tec"]))
    extra = document_outputs(context, "crt-chances", chances, pages, shares_pages=True) if pages else []
    return printed_by_the_aids(context, files, "crt", ids) + extra
