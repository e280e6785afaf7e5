"""The `blocks` component: one image per block label (blocks/<unit>.svg|png), and with
`print.block_labels: apart` blocks.pdf, label sheets of their own (for sticker paper).

Labels print at their true size (`print.block_size_mm`), fronts only — a label is stuck on
one face of its block and the other face is the bare wood turned to the opponent, so there
is nothing to print on a back. By default they share the counter sheets (counters.pdf,
after their side's counters); apart, they are grouped by side (a side starts a new sheet),
each nationality from a new row. `copies` repeats a label."""

from __future__ import annotations

from dataclasses import replace

from generator import caches
from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, some_note
from generator.components.blocks.label import BlockLabel, block_label, label_items
from generator.components.counters.images import remember
from generator.components.sheet_words import sheet_labels
from generator.errors import WarkitError
from generator.layout.sheets import SheetError, SheetSpec, Tile, TileGroup, impose
from generator.layout.primitives import Page, Rect, Style
from generator.layout.colours import mix
from generator.layout.ink_saving import saving_colours
from generator.render.pdf import render_pdf

FOLDER = "blocks"


def plan_blocks(context: BuildContext) -> list[tuple[str, list[list[tuple[BlockLabel, int]]]]]:
    """[(side title, [nationality row: [(label, copies)]])] for every side with blocks."""
    return [(title, rows) for _, title, rows in side_blocks(context)]


def side_blocks(context: BuildContext) -> list[tuple[str, str, list[list[tuple[BlockLabel, int]]]]]:
    """[(side id, side title, [nationality row: [(label, copies)]])] for every side with blocks."""
    game, t = context.game, context.translator
    out = []
    for side in game.spec.sides:
        rows = []
        for nationality in game.spec.nationalities:
            if nationality.side == side.id:
                row = [(_inked(context, block_label(game, u, t)), u.copies) for u in game.units
                       if u.nationality == nationality.id and game.is_block(u)]
                if row:
                    rows.append(row)
        if rows:
            out.append((side.id, t.of(side), rows))
    return out


def _inked(context: BuildContext, label: BlockLabel) -> BlockLabel:
    """The label in light colours when the kit saves ink (layout/ink_saving.py)."""
    if context.options.ink != "saving":
        return label
    return replace(label, colours=saving_colours(label.colours, band=False))


def label_tiles(rows: list[list[tuple[BlockLabel, int]]], size_mm: float, bleed_mm: float) -> tuple:
    """A side's labels as sheet tiles (no back), one row per nationality, each `copies` times."""
    return tuple(tuple(tile for label, copies in row
                       for tile in [Tile(label_items(label, size_mm, bleed_mm), (), size_mm=(size_mm, size_mm))] * copies)
                 for row in rows)


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
    files = []
    if options.block_labels == "apart":
        spec = SheetSpec(paper_mm=options.paper_mm, cell_mm=size, duplex="none", bleed_mm=options.bleed_mm,
                         gutter_mm=options.counter_gutter_mm)
        groups = [TileGroup(title, label_tiles(rows, size, spec.bleed_mm)) for title, rows in plan]
        try:
            notes = footer_notes(context, size)
            if any_illustrative(context.game.units):
                notes = (*notes, some_note(t))
            pages = impose(groups, spec, t.title(), notes, sheet_labels(t))
        except SheetError as error:
            raise WarkitError(str(error)) from None
        title = f"{t.title()} — {t.ui('Block labels')}"
        files.append(OutputFile("blocks.pdf", render_pdf(pages, title=title), len(pages), title=t.ui("Block labels"),
                                sheets=len(pages)))
    labels = [label for _, rows in plan for row in rows for label, _ in row]
    if "svg" in options.counter_images:
        files += [OutputFile(f"{FOLDER}/{label.name}.svg", data, title=label.label)
                  for label, data in zip(labels, label_svgs(labels, size))]
    if "png" in options.counter_images:
        files += [OutputFile(f"{FOLDER}/{label.name}.png", data, title=label.label)
                  for label, data in zip(labels, label_pngs(labels, size, options.counter_dpi))]
    return files


# A label's image depends only on the label, its size and the resolution: drawn once per build
# (the build's caches, generator/caches.py), so a rebuild after an edit in `warkit serve`,
# whose session owns the caches, draws only the labels that changed.
SVG_LABELS, PNG_LABELS = "block label svg images", "block label png images"


def label_svgs(labels: list[BlockLabel], size_mm: float) -> list[bytes]:
    from generator.render.svg import render_svg  # svgwrite and fontTools only when SVG images are asked for

    keys = [(label, round(size_mm, 4)) for label in labels]
    cache = caches.store(SVG_LABELS)
    drawn = {key: cache.get(key) or remember(cache, key, render_svg(label_page(key[0], size_mm)))
             for key in dict.fromkeys(keys)}
    return [drawn[key] for key in keys]


def label_pngs(labels: list[BlockLabel], size_mm: float, dpi: int) -> list[bytes]:
    from generator.render.png import rasterise  # pdfium only when PNG images are asked for

    keys = [(label, round(size_mm, 4), dpi) for label in labels]
    cache = caches.store(PNG_LABELS)
    drawn = {key: cache[key] for key in keys if key in cache}
    missing = [key for key in dict.fromkeys(keys) if key not in drawn]
    if missing:
        for key, data in zip(missing, rasterise([label_page(key[0], size_mm) for key in missing], dpi)):
            drawn[key] = remember(cache, key, data)
    return [drawn[key] for key in keys]


def label_page(label: BlockLabel, size_mm: float) -> Page:
    """One label alone on a page of its size, with a thin outline (VASSAL, Tabletop Simulator)."""
    outline = Style(stroke=mix(label.colours.background, "#000000", 0.55), stroke_width_mm=0.012 * size_mm)
    half = outline.stroke_width_mm / 2
    items = (*label_items(label, size_mm), Rect(half, half, size_mm - 2 * half, size_mm - 2 * half, outline))
    return Page(size_mm, size_mm, items, title=label.name)
