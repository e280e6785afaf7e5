"""crt.*: every table has one cell per row and column, and every cell parses."""

from __future__ import annotations

from generator.model.tables import AttritionTable, OddsCrt, band_bounds
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


@rule("crt", "table shapes match their rows and columns; every cell follows the result grammar")
def tables(ctx: Context):
    g = ctx.game
    for n, table in enumerate(g.spec.tables):
        where = g.spec_where("tables", n, "cells")
        if len(table.cells) != len(table.rows):
            yield Issue(where, "crt.shape",
                        f"table {table.id!r} declares {len(table.rows)} rows but gives {len(table.cells)} rows of cells")
        for r, (label, cells) in enumerate(zip(table.rows, table.cells)):
            here = g.spec_where("tables", n, "cells", r)
            if len(cells) != len(table.columns):
                yield Issue(here, "crt.shape",
                            f"table {table.id!r} row {label!r} has {len(cells)} cells; expected one per column "
                            f"({len(table.columns)}: {' '.join(table.columns)})")
            regex = table.regex
            if regex is None:
                continue
            for column, cell in zip(table.columns, cells):
                if not regex.fullmatch(cell):
                    yield Issue(here, "crt.cell-grammar",
                                f"table {table.id!r} row {label!r} column {column!r}: cell {cell!r} does not "
                                f"follow the result grammar {table.result_pattern!r}")
        if isinstance(table, OddsCrt):
            yield from _odds(g, n, table)
        if isinstance(table, AttritionTable):
            for key, bands in (("columns", table.columns), ("rows", table.rows)):
                yield from _bands(g, n, table, key, bands)


def _bands(g, n, table: AttritionTable, key: str, bands: list[str]):
    """Strength bands run upwards without gaps or overlaps; only the last may be open ('162+')."""
    previous_end: int | None = None
    for i, band in enumerate(bands):
        where = g.spec_where("tables", n, key, i)
        bounds = band_bounds(band)
        if bounds is None or (bounds[1] is not None and bounds[1] < bounds[0]):
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} should be a strength band such as '0-26' or '162+'")
            return
        low, high = bounds
        if i and previous_end is None:
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} follows the open band {bands[i - 1]!r}, "
                        "which must come last")
            return
        if i and low != previous_end + 1:
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} should start at {previous_end + 1} "
                        f"(the band before it, {bands[i - 1]!r}, ends at {previous_end})")
            return
        previous_end = high


def _odds(g, n, table: OddsCrt):
    if table.below and not table.regex.fullmatch(table.below):
        yield Issue(g.spec_where("tables", n, "below"), "crt.cell-grammar",
                    f"table {table.id!r}: 'below' result {table.below!r} does not follow the result grammar")
    for c, column in enumerate(table.columns):
        parts = column.split(":")
        if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
            yield Issue(g.spec_where("tables", n, "columns", c), "crt.columns",
                        f"table {table.id!r}: odds column {column!r} should look like '1:2' or '3:1'")
    if table.roll_min is not None and table.roll_max is not None:
        expected = [str(v) for v in range(table.roll_min, table.roll_max + 1)]
        if table.rows != expected:
            yield Issue(g.spec_where("tables", n, "rows"), "crt.shape",
                        f"table {table.id!r}: rows must be the modified rolls {table.roll_min}-{table.roll_max} "
                        f"({' '.join(expected)}), found {' '.join(table.rows)}")
