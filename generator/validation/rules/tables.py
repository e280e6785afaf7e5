"""crt.*: every table has one cell per row and column, and every cell parses; the columns
of an odds CRT are odds and those of a value table values running on without gaps."""

from __future__ import annotations

from generator.model.base import whole_number
from generator.model.tables import AttritionTable, OddsCrt, ValueTable, value_span
from generator.validation.registry import Context, rule
from generator.validation.report import Issue


@rule("crt", "table shapes match their rows and columns; every cell follows the result grammar", reads=())
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
        if isinstance(table, ValueTable):
            yield from _values(g, n, table)
        if isinstance(table, AttritionTable):
            for key, bands in (("columns", table.columns), ("rows", table.rows)):
                yield from _bands(g, n, table, key, bands)


def _bands(g, n, table: AttritionTable, key: str, bands: list[str]):
    """Strength bands run upwards without gaps or overlaps; only the last may be open ('162+')."""
    previous = None
    for i, band in enumerate(bands):
        where = g.spec_where("tables", n, key, i)
        span = value_span(band)
        if span is None or span[0] > span[1] or span[0] == float("-inf"):
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} should be a strength band such as '0-26' or '162+'")
            return
        if previous is not None and previous == float("inf"):
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} follows the open band {bands[i - 1]!r}, "
                        "which must come last")
            return
        if previous is not None and span[0] != previous + 1:
            yield Issue(where, "attrition.bands",
                        f"table {table.id!r}: {key[:-1]} {band!r} should start at {previous + 1:g} "
                        f"(the band before it, {bands[i - 1]!r}, ends at {previous:g})")
            return
        previous = span[1]


def _odds(g, n, table: OddsCrt):
    if table.below and not table.regex.fullmatch(table.below):
        yield Issue(g.spec_where("tables", n, "below"), "crt.cell-grammar",
                    f"table {table.id!r}: 'below' result {table.below!r} does not follow the result grammar")
    previous = None
    for c, column in enumerate(table.columns):
        parts = column.split(":")
        if len(parts) != 2 or not all(whole_number(p) for p in parts):
            yield Issue(g.spec_where("tables", n, "columns", c), "crt.columns",
                        f"table {table.id!r}: odds column {column!r} should look like '1:2' or '3:1'")
            continue
        ratio = int(parts[0]) / int(parts[1])
        if previous is not None and ratio <= previous[1]:
            yield Issue(g.spec_where("tables", n, "columns", c), "crt.columns",
                        f"table {table.id!r}: odds column {column!r} comes after {previous[0]!r}; the columns go from "
                        f"the worst odds to the best, each better than the one before")
        previous = (column, ratio)
    if table.roll_min is not None and table.roll_max is not None:
        expected = [str(v) for v in range(table.roll_min, table.roll_max + 1)]
        if table.rows != expected:
            yield Issue(g.spec_where("tables", n, "rows"), "crt.shape",
                        f"table {table.id!r}: rows must be the modified rolls {table.roll_min}-{table.roll_max} "
                        f"({' '.join(expected)}), found {' '.join(table.rows)}")


def _values(g, n, table: ValueTable):
    """A value table's columns: values, ranges or open ends, ascending, without gap or overlap."""
    previous = None
    for c, (column, span) in enumerate(zip(table.columns, table.key_spans)):
        where = g.spec_where("tables", n, "columns", c)
        if span is None or span[0] > span[1]:
            yield Issue(where, "crt.columns", f"table {table.id!r}: column {column!r} should be a value ('5'), a range "
                                              f"('3-4') or an open end ('≤0', '16+')")
            return
        if previous is not None:
            low = previous[1][1] + 1
            if span[0] != low:
                what = "overlaps" if span[0] < low else "leaves a gap after"
                yield Issue(where, "crt.columns",
                            f"table {table.id!r}: column {column!r} {what} column {previous[0]!r}; the values must "
                            f"run on without gaps (the next column should start at {low:g})")
                return
        previous = (column, span)
