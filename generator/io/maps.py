"""Rows of the map tables into model objects: hexes and hexsides of a hex map, areas and
links of an area map."""

from __future__ import annotations

import math
import re

from generator.io.tables import Table
from generator.model.base import split_list
from generator.model.mapdata import Area, Hex, Hexside, Link, MapSpec, VictoryValue
from generator.validation.report import Report

_VP = re.compile(r"^(?P<side>[A-Za-z0-9_.+\-]+)\s*[=:]\s*(?P<value>-?\d+)(?P<c>c?)$")


def build_hexes(table: Table, spec: MapSpec, report: Report) -> list[Hex]:
    hexes = []
    for row in table.rows:
        cells = row.cells
        victory = row_victory(row, report, "hexes.vp")
        hexes.append(
            Hex(
                map_id=spec.id,
                hex_id=cells["hex"],
                terrain=cells.get("terrain", "") or spec.default_terrain,
                name=cells.get("name", ""),
                features=split_list(cells.get("features", "")),
                region=cells.get("region", "") or spec.default_region,
                victory=victory,
                where=row.where,
                source=cells.get("source", ""),
                coast=tuple(part.upper() for part in split_list(cells.get("coast", ""))),
                columns=row.columns,
                notes=cells.get("notes", ""),
            )
        )
    return hexes


def row_victory(row, report: Report, code: str) -> tuple[VictoryValue, ...]:
    victory = _victory(row.cells.get("vp", ""))
    if victory is None:
        report.error(row.at("vp"), code, "expected victory points as side=value, e.g. 'german=4' or "
                                         f"'allied=5c;german=5', found {row.cells['vp']!r}")
        return ()
    return victory


def build_areas(table: Table, spec: MapSpec, report: Report) -> list[Area]:
    """Every area; a position that is not a number is reported and kept as NaN (so the
    area still exists for the links and scenarios naming it; the build stops anyway)."""
    areas = []
    for row in table.rows:
        cells = row.cells
        if not cells["id"]:
            report.error(row.at("id"), "areas.id", "empty id (every area needs a unique id)")
            continue
        position = [_millimetres(row, column, report) for column in ("x", "y")]
        areas.append(Area(
            map_id=spec.id,
            area_id=cells["id"],
            name=cells.get("name", ""),
            x_mm=position[0],
            y_mm=position[1],
            terrain=cells.get("terrain", "") or spec.default_terrain,
            features=split_list(cells.get("features", "")),
            region=cells.get("region", "") or spec.default_region,
            victory=row_victory(row, report, "areas.vp"),
            where=row.where,
            source=cells.get("source", ""),
            squares=_squares(row, report),
            columns=row.columns,
        ))
    return areas


def _squares(row, report: Report) -> tuple[tuple[str, int], ...]:
    """'white=2;black=1' -> (('white', 2), ('black', 1)): the squares printed on the area."""
    text = row.cells.get("squares", "").strip()
    out = []
    for part in split_list(text):
        name, _, count = part.partition("=")
        if not name or not count.strip().isdigit() or not 1 <= int(count) <= 9:
            report.error(row.at("squares"), "areas.squares",
                         f"expected squares as colour=count (1-9), e.g. 'white=2;black=1', found {text!r}")
            return ()
        out.append((name.strip(), int(count)))
    return tuple(out)


def _millimetres(row, column: str, report: Report) -> float:
    text = row.cells[column].strip()
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        report.error(row.at(column), "areas.position",
                     f"expected a position in mm from the board's top-left corner, e.g. '120.5', found {text!r}")
        return math.nan
    return value


def build_links(table: Table, spec: MapSpec) -> list[Link]:
    return [
        Link(
            map_id=spec.id,
            area_a=row.cells["from"],
            area_b=row.cells["to"],
            kinds=split_list(row.cells["kind"]),
            where=row.where,
            source=row.cells.get("source", ""),
            columns=row.columns,
        )
        for row in table.rows
    ]


def _victory(text: str) -> tuple[VictoryValue, ...] | None:
    values = []
    for part in split_list(text.replace(" = ", "=")):
        match = _VP.match(part)
        if not match:
            return None
        values.append(VictoryValue(match["side"], int(match["value"]), bool(match["c"])))
    return tuple(values)


def build_hexsides(table: Table, spec: MapSpec) -> list[Hexside]:
    return [
        Hexside(
            map_id=spec.id,
            hex_a=row.cells["hex"],
            hex_b=row.cells["neighbour"],
            feature=row.cells["feature"],
            where=row.where,
            source=row.cells.get("source", ""),
            columns=row.columns,
            notes=row.cells.get("notes", ""),
        )
        for row in table.rows
    ]
