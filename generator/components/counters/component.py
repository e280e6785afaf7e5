"""The `counters` component: counters.pdf, every piece a player cuts from card stock packed
onto as few sheets as it takes, and per-counter SVG/PNG images.

The sheets hold, side by side, pieces of every size: the units' counters (square or round),
the markers, the chits of the cups (at their own size), and the block labels (fronts only,
unless `print.block_labels: apart` gives them sheets of their own). Each side's pieces stay
together, the markers of no side and the shared cups last; `print.counter_sheets: by_side`
starts every side on a fresh sheet. The packing is in shelves (layout/packing.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, is_illustrative, some_note
from generator.components.counters.images import png_files, svg_files
from generator.components.counters.plan import plan_counters
from generator.components.counters.tiles import tile_groups
from generator.components.decks.plan import plan_decks
from generator.i18n import vocabulary as v
from generator.components.sheet_words import footer_notes, sheet_labels, sheet_spec
from generator.layout.sheets import SheetSpec, Tile, TileGroup, sheet_fill, sheet_pages
from generator.render.pdf import render_pdf


@dataclass(frozen=True)
class Pieces:
    """What the counter sheets hold: the groups in print order, the counters (for their
    images), and what is cut at which size (for the footer)."""

    groups: tuple[TileGroup, ...]
    counters: tuple
    sizes: tuple[str, ...]


def plan_pieces(context: BuildContext, spec: SheetSpec) -> Pieces:
    """Every side's counters, then its cups' chits and its block labels; the markers of no
    side and the shared cups last."""
    from generator.components.blocks.component import label_tiles, side_blocks
    from generator.components.decks.component import chit_tiles, size_text

    game, options, t = context.game, context.options, context.translator
    sections = plan_counters(game, t, options.counter_blank_backs, options.ink)
    counters = tuple(counter for section in sections for counter in section.counters)
    counter_groups = dict(zip((s.side for s in sections), tile_groups(sections, spec.cell_mm, spec.bleed_mm)))
    titles = {s.side: s.title for s in sections}
    chits = [plan for plan in plan_decks(game, t, options.counter_size_mm, options.ink) if plan.deck.kind == "chit"]
    blocks = {side: (title, rows) for side, title, rows in side_blocks(context)} \
        if options.block_labels == "with_counters" else {}
    fresh = options.counter_sheets == "by_side"
    groups: list[TileGroup] = []
    sides = [side.id for side in game.spec.sides] + [None]
    for side in sides:
        rows: list[tuple[Tile, ...]] = list(counter_groups[side].rows) if side in counter_groups else []
        title = titles.get(side) or (t.of(game.sides[side]) if side in game.sides else t.ui(v.MARKERS))
        mine = [plan for plan in chits if (plan.deck.owner if plan.deck.owner in game.sides else None) == side]
        rows += [chit_tiles(plan, spec.bleed_mm) for plan in mine]
        if side in blocks:
            rows += list(label_tiles(blocks[side][1], options.block_size_mm, spec.bleed_mm))
        if rows:
            groups.append(TileGroup(title, tuple(rows), fresh_sheet=fresh))
    sizes = []
    if counters:
        sizes.append(f"{t.ui(v.COUNTERS)}: {t.number(spec.cell_mm)} mm")
    sizes += [f"{plan.title}: {size_text(plan, t)}" for plan in chits]
    if blocks:
        sizes.append(t.ui("Block labels: %(size)s mm.", size=t.number(options.block_size_mm)).rstrip("."))
    return Pieces(tuple(groups), counters, tuple(sizes))


@component("counters", order=20, languages_together=True)  # images cached across languages
def build_counters(context: BuildContext) -> list[OutputFile]:
    from generator.components.piece_sheets import plan_piece_sheets  # it reads this module's plan

    options, t = context.options, context.translator
    plan = plan_piece_sheets(context)
    pieces, spec, sheets = plan.pieces, plan.counter_spec, plan.counter_sheets
    if not pieces.groups:
        return []
    notes = footer_notes(spec, t, " · ".join((*pieces.sizes, *plan.moved_sizes(t))))
    if any(not tile.back for group in pieces.groups for row in group.rows for tile in row):
        notes += (t.ui("Stick each label on one face of its block, strength up; the other face stays bare."),)
    game = context.game
    chits = [deck for deck in game.spec.decks if deck.kind == "chit"]  # the cups' chits share the sheets
    decks = chits + [p.deck for p in plan.moved]  # and the cards moved onto them
    if any_illustrative([*game.units, *game.markers]) or any(
            is_illustrative(deck.source) or any_illustrative(game.cards_of(deck.id)) for deck in decks):
        notes += (some_note(t),)
    pages = sheet_pages(sheets, spec, t.title(), notes, sheet_labels(t))
    pdf = render_pdf(pages, title=f"{t.title()} — {t.ui(v.COUNTERS)}")
    fills = tuple(round(sheet_fill(sheet, spec), 4) for sheet in sheets)
    files = [OutputFile("counters.pdf", pdf, len(pages), sheets=len(sheets), fills=fills)]
    if "svg" in options.counter_images:
        files += svg_files(list(pieces.counters), spec.cell_mm)
    if "png" in options.counter_images:
        files += png_files(list(pieces.counters), spec.cell_mm, options.counter_dpi)
    return files
