"""What every sheet of pieces (counters, chits, block labels, cards) says and how it is set
up from the print settings: the sheet's spec, the printing notes in its footer, its labels."""

from __future__ import annotations

from generator.i18n import vocabulary as v
from generator.layout.sheets import SheetLabels, SheetSpec


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
