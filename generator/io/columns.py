"""Column declarations for every data table, and the header check they drive."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from generator.io.tables import Table
from generator.model.source import Location
from generator.validation.report import Report


@dataclass(frozen=True)
class Columns:
    required: tuple[str, ...]
    optional: tuple[str, ...]

    @property
    def known(self) -> tuple[str, ...]:
        return self.required + self.optional


UNITS = Columns(
    ("id", "nationality", "type"),
    ("size", "designation", "parent", "name", "steps", "step_system", "factors", "code",
     "army", "flags", "copies", "source", "notes", "icon", "back_designation", "back_type", "image",
     "back_nationality", "ability"),
)
MARKERS = Columns(("id", "name"), ("text", "back_text", "nationality", "side", "back_side", "kind", "copies", "source",
                                   "notes", "image", "back_image"))
HEXES = Columns(("hex",), ("terrain", "name", "features", "region", "vp", "coast", "source", "notes"))
HEXSIDES = Columns(("hex", "neighbour", "feature"), ("source", "notes"))
AREAS = Columns(("id", "x", "y"), ("name", "terrain", "features", "region", "vp", "squares", "source", "notes"))
LINKS = Columns(("from", "to", "kind"), ("source", "notes"))
SETUP = Columns(("unit",), ("hex", "area", "box", "steps", "map", "army", "state", "notes", "source"))
REINFORCEMENTS = Columns(("unit", "turn"), ("phase", "entry", "via", "box", "steps", "notes", "source"))


def check_header(table: Table, columns: Columns, report: Report, code: str) -> bool:
    """Report the table's warnings and bad cells, then unknown, repeated and missing columns;
    False when the rows cannot be trusted."""
    for warning in table.warnings:
        report.warning(Location(table.file), "load.encoding", warning.split(": ", 1)[-1])
    for problem in table.problems:
        report.error(Location(problem.file, problem.line, problem.column, problem.field), "load.cell", problem.message)
    ok = True
    hinted = set()
    for name in table.header:
        if name and name not in columns.known:
            hint = difflib.get_close_matches(name, columns.known, n=1)
            hinted.update(hint)
            text = f"unknown column {name!r}"
            text += f"; did you mean {hint[0]!r}?" if hint else ""
            text += f" (expected columns: {', '.join(columns.known)})"
            report.error(table.header_location(name), code, text)
            ok = False  # a misnamed column would make every row look wrong: stop at the header
    seen: set[str] = set()
    for name in table.header:
        if name and name in seen:
            report.error(table.header_location(name), code, f"column {name!r} appears twice")
            ok = False
        seen.add(name)
    for name in columns.required:
        if name not in table.header and name not in hinted:  # a misspelt column is reported once
            report.error(table.header_location(), code, f"missing required column {name!r}")
            ok = False
    return ok
