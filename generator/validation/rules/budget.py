"""budget.*: what a kit prints is bounded before any work starts, so a typo (a million
copies, a map forty metres wide) stops with one message at its cell instead of a build that
runs for hours or a PDF no reader opens.

- budget.map-size: a hex map's page (the whole map at true size) within MAX_MAP_MM a side,
  the largest page a PDF holds (200 inches).

What a kit prints — its pieces and its images' pixels — is budgeted by the build
(`generator/build/budget.py`): `check` takes a game of any size the tables allow (100,000
units), a build stops before a kit no printer or disk would take.
"""

from __future__ import annotations

from generator.validation.registry import Context, rule
from generator.validation.report import Issue

MAX_MAP_MM = 5_000.0


@rule("budget.map-size", "a map's page is at most 5 m a side (the largest page a PDF holds)")
def map_size_budget(ctx: Context):
    from generator.geometry.mapgrid import grid_for

    for n, spec in enumerate(ctx.game.spec.maps):
        if spec.grid is None:
            continue
        try:
            grid = grid_for(spec.grid)
        except ValueError:
            continue  # hex.* says what is wrong with the grid
        width, height = grid.width_mm, grid.height_mm
        if width > MAX_MAP_MM or height > MAX_MAP_MM:
            yield Issue(ctx.game.spec_where("maps", n, "grid"), "budget.map-size",
                        f"map {spec.id!r} would be {width:.0f} × {height:.0f} mm; a map's page is at most "
                        f"{MAX_MAP_MM:.0f} mm a side (fewer columns or rows, or smaller hexes: hex_size_mm)")
