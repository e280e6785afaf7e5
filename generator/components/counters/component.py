"""The `counters` component: counters.pdf (imposed sheets) and per-counter SVG/PNG images."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.counters.images import png_files, svg_files
from generator.components.counters.plan import plan_counters
from generator.components.counters.tiles import tile_groups
from generator.errors import WarkitError
from generator.layout.sheets import SheetError, SheetSpec, impose
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


def footer_notes(spec: SheetSpec) -> tuple[str, ...]:
    how = {"long": "print double-sided, flip on the long edge",
           "short": "print double-sided, flip on the short edge",
           "fold": "print single-sided, fold on the dashed line, glue, then cut"}[spec.duplex]  # fmt: skip
    notes = ["Print at 100 % (actual size)", f"counters {spec.cell_mm:g} mm", how]
    if spec.duplex != "fold" and any(spec.back_offset_mm):
        dx, dy = spec.back_offset_mm
        notes.append(f"backs shifted {dx:+g}, {dy:+g} mm")
    if spec.bleed_mm:
        notes.append(f"bleed {spec.bleed_mm:g} mm: cut on the crop marks")
    return tuple(notes)


@component("counters", order=20)
def build_counters(context: BuildContext) -> list[OutputFile]:
    game, options = context.game, context.options
    sections = plan_counters(game)
    if not sections:
        return []
    spec = sheet_spec(options)
    try:
        pages = impose(tile_groups(sections, spec.cell_mm, spec.bleed_mm), spec, game.spec.title, footer_notes(spec))
    except SheetError as error:
        raise WarkitError(str(error)) from None
    pdf = render_pdf(pages, title=f"{game.spec.title} — counters")
    counters = [counter for section in sections for counter in section.counters]
    files = [OutputFile("counters.pdf", pdf, len(pages))]
    if "svg" in options.counter_images:
        files += svg_files(counters, spec.cell_mm)
    if "png" in options.counter_images:
        files += png_files(counters, spec.cell_mm, options.counter_dpi)
    return files
