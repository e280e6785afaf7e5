"""Rows of map/hexes.csv and map/hexsides.csv into model objects."""

from __future__ import annotations

import re

from generator.io.tables import Table
from generator.model.base import split_list
from generator.model.mapdata import Hex, Hexside, MapSpec, VictoryValue
from generator.validation.report import Report

_VP = re.compile(r"^(?P<side>[A-Za-z0-9_.+\-]+)\s*[=:]\s*(?P<value>-?\d+)(?P<c>c?)$")


def build_hexes(table: Table, spec: MapSpec, report: Report) -> list[Hex]:
    hexes = []
    for row in table.rows:
        cells = row.cells
        victory = _victory(cells.get("vp", ""))
        if victory is None:
            report.error(
                row.at("vp"),
                "hexes.vp",
                f"expected victory points as side=value, e.g. 'german=4' or 'allied=5c;german=5', "
                f"found {cells['vp']!r}",
            )
            victory = ()
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
            )
        )
    return hexes


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
        )
        for row in table.rows
    ]
