"""The `counters` component: counters.pdf (imposed sheets) and per-counter SVG/PNG images."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, some_note
from generator.components.counters.images import png_files, svg_files
from generator.components.counters.plan import plan_counters
from generator.components.counters.tiles import tile_groups
from generator.errors import WarkitError
from generator.i18n import vocabulary as v
from generator.layout.sheets import SheetError, SheetLabels, SheetSpec, impose
from generator.render.pdf import render_pdf


def sheet_spec(options) -> SheetSpec:
    return SheetSpec(
        paper_mm=options.paper_mm,
        cell_mm=options.counter_size_mm,
        duplex=options.duplex,
        back_offset_mm=tuple(options.back_offset_mm),
        bleed_mm=options.bleed_mm,
        gutter_mm=options.counter_gutter_mm,
    )


def footer_notes(spec: SheetSpec, t, size: str | None = None) -> tuple[str, ...]:
    """How to print and cut, in the kit's language; `size` says what is cut and how large
    (default: the counters' size)."""
    how = {"long": t.ui("Print double-sided, flipping on the long edge."),
           "short": t.ui("Print double-sided, flipping on the short edge."),
           "fold": t.ui("Print on one side, fold on the dashed line, glue, then cut.")}[spec.duplex]  # fmt: skip
    size = size or f"{t.ui(v.COUNTERS)}: {t.number(spec.cell_mm)} mm"
    notes = [t.ui(v.PRINT_AT_100, scale=t.percent(1)), size, how]
    if spec.duplex != "fold" and any(spec.back_offset_mm):
        dx, dy = spec.back_offset_mm
        notes.append(t.ui("Backs shifted %(x)s, %(y)s mm.", x=t.signed(dx), y=t.signed(dy)))
    if spec.bleed_mm:
        notes.append(t.ui("Bleed %(size)s mm: cut on the crop marks.", size=t.number(spec.bleed_mm)))
    return tuple(notes)


def sheet_labels(t) -> SheetLabels:
    return SheetLabels(fronts=t.ui(v.FRONTS), backs=t.ui(v.BACKS), sheet=lambda number: t.ui(v.SHEET, number=number),
                       fold=t.ui(v.FOLD_HERE))  # fmt: skip


@component("counters", order=20, languages_together=True)  # images cached across languages
def build_counters(context: BuildContext) -> list[OutputFile]:
    game, options, t = context.game, context.options, context.translator
    sections = plan_counters(game, t, options.counter_blank_backs)
    if not sections:
        return []
    spec = sheet_spec(options)
    groups = tile_groups(sections, spec.cell_mm, spec.bleed_mm)
    try:
        notes = footer_notes(spec, t)
        if any_illustrative([*game.units, *game.markers]):
            notes += (some_note(t),)
        pages = impose(groups, spec, t.title(), notes, sheet_labels(t))
    except SheetError as error:
        raise WarkitError(str(error)) from None
    pdf = render_pdf(pages, title=f"{t.title()} — {t.ui(v.COUNTERS)}")
    counters = [counter for section in sections for counter in section.counters]
    files = [OutputFile("counters.pdf", pdf, len(pages))]
    if "svg" in options.counter_images:
        files += svg_files(counters, spec.cell_mm)
    if "png" in options.counter_images:
        files += png_files(counters, spec.cell_mm, options.counter_dpi)
    return files
