"""The `blocks` component: blocks.pdf, the label sheets of every block of the game at the
labels' true size (`print.block_size_mm`) with cut lines, fronts only — a label is stuck on
one face of its block and the other face is the bare wood turned to the opponent, so there
is nothing to print on a back — and one image per label (blocks/<unit>.svg|png).

Labels are grouped by side (a side starts a new sheet), each nationality from a new row;
`copies` repeats a label."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, some_note
from generator.components.blocks.label import BlockLabel, block_label, label_items
from generator.components.counters.component import sheet_labels
from generator.components.counters.images import remember
from generator.errors import WarkitError
from generator.layout.sheets import SheetError, SheetSpec, Tile, TileGroup, impose
from generator.layout.primitives import Page, Rect, Style
from generator.layout.colours import mix
from generator.render.pdf import render_pdf
from generator.render.png import rasterise
from generator.render.svg import render_svg

FOLDER = "blocks"


def plan_blocks(context: BuildContext) -> list[tuple[str, list[list[tuple[BlockLabel, int]]]]]:
    """[(side title, [nationality row: [(label, copies)]])] for every side with blocks."""
    game, t = context.game, context.translator
    out = []
    for side in game.spec.sides:
        rows = []
        for nationality in game.spec.nationalities:
            if nationality.side == side.id:
                row = [(block_label(game, u, t), u.copies) for u in game.units
                       if u.nationality == nationality.id and game.is_block(u)]
                if row:
                    rows.append(row)
        if rows:
            out.append((t.of(side), rows))
    return out


def footer_notes(context: BuildContext, size_mm: float) -> tuple[str, ...]:
    t = context.translator
    return (t.ui("Print on one side at %(scale)s, never “fit to page”.", scale=t.percent(1)),
            t.ui("Block labels: %(size)s mm.", size=t.number(size_mm)),
            t.ui("Stick each label on one face of its block, strength up; the other face stays bare."))


@component("blocks", order=22)
def build_blocks(context: BuildContext) -> list[OutputFile]:
    plan = plan_blocks(context)
    if not plan:
        return []
    options, t = context.options, context.translator
    size = options.block_size_mm
    spec = SheetSpec(paper_mm=options.paper_mm, cell_mm=size, duplex="none", bleed_mm=options.bleed_mm,
                     gutter_mm=options.counter_gutter_mm)
    groups = [TileGroup(title, tuple(tuple(tile for label, copies in row
                                           for tile in [Tile(label_items(label, size, spec.bleed_mm), ())] * copies)
                                     for row in rows))
              for title, rows in plan]
    try:
        notes = footer_notes(context, size)
        if any_illustrative(context.game.units):
            notes = (*notes, some_note(t))
        pages = impose(groups, spec, t.title(), notes, sheet_labels(t))
    except SheetError as error:
        raise WarkitError(str(error)) from None
    title = f"{t.title()} — {t.ui('Block labels')}"
    files = [OutputFile("blocks.pdf", render_pdf(pages, title=title), len(pages), title=t.ui("Block labels"))]
    labels = [label for _, rows in plan for row in rows for label, _ in row]
    if "svg" in options.counter_images:
        files += [OutputFile(f"{FOLDER}/{label.name}.svg", data, title=label.label)
                  for label, data in zip(labels, label_svgs(labels, size))]
    if "png" in options.counter_images:
        files += [OutputFile(f"{FOLDER}/{label.name}.png", data, title=label.label)
                  for label, data in zip(labels, label_pngs(labels, size, options.counter_dpi))]
    return files


# A label's image depends only on the label, its size and the resolution: drawn once, so a
# rebuild after an edit (`warkit serve`) draws only the labels that changed.
_SVG_CACHE: dict[tuple, bytes] = {}
_PNG_CACHE: dict[tuple, bytes] = {}


def label_svgs(labels: list[BlockLabel], size_mm: float) -> list[bytes]:
    keys = [(label, round(size_mm, 4)) for label in labels]
    drawn = {key: _SVG_CACHE.get(key) or remember(_SVG_CACHE, key, render_svg(label_page(key[0], size_mm)))
             for key in dict.fromkeys(keys)}
    return [drawn[key] for key in keys]


def label_pngs(labels: list[BlockLabel], size_mm: float, dpi: int) -> list[bytes]:
    keys = [(label, round(size_mm, 4), dpi) for label in labels]
    drawn = {key: _PNG_CACHE[key] for key in keys if key in _PNG_CACHE}
    missing = [key for key in dict.fromkeys(keys) if key not in drawn]
    if missing:
        for key, data in zip(missing, rasterise([label_page(key[0], size_mm) for key in missing], dpi)):
            drawn[key] = remember(_PNG_CACHE, key, data)
    return [drawn[key] for key in keys]


def label_page(label: BlockLabel, size_mm: float) -> Page:
    """One label alone on a page of its size, with a thin outline (VASSAL, Tabletop Simulator)."""
    outline = Style(stroke=mix(label.colours.background, "#000000", 0.55), stroke_width_mm=0.012 * size_mm)
    half = outline.stroke_width_mm / 2
    items = (*label_items(label, size_mm), Rect(half, half, size_mm - 2 * half, size_mm - 2 * half, outline))
    return Page(size_mm, size_mm, items, title=label.name)
