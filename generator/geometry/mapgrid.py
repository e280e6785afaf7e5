"""The HexGrid of a map as the rules model declares it."""

from __future__ import annotations

from functools import lru_cache

from generator.geometry.hexgrid import HexGrid
from generator.model.mapdata import GridSpec


@lru_cache(maxsize=64)
def grid_for(spec: GridSpec) -> HexGrid:
    """Build (once per spec) the geometry of a declared grid; raises ValueError if impossible."""
    return HexGrid(
        orientation=spec.orientation,
        columns=spec.columns,
        rows=spec.rows,
        first_column=spec.first_column,
        first_row=spec.first_row,
        stagger=spec.stagger,
        column_direction=spec.column_direction,
        row_direction=spec.row_direction,
        id_format=spec.id_format,
        size_mm=spec.hex_size_mm,
        margin_mm=spec.margin_mm,
    )
