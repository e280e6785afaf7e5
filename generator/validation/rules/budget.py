"""budget.*: what a kit prints is bounded before any work starts, so a typo (a million
copies, a map forty metres wide) stops with one message at its cell instead of a build that
runs for hours or a PDF no reader opens.

- budget.pieces: counters, blocks and cards printed (every copy) in one kit: at most
  MAX_PIECES; the message names the row where the total passes it;
- budget.map-size: a hex map's page (the whole map at true size) within MAX_MAP_MM a side,
  the largest page a PDF holds (200 inches).

The images' pixels depend on the print options as well and are budgeted by the build
(`generator/build/budget.py`).
"""

from __future__ import annotations

from generator.validation.registry import Context, rule
from generator.validation.report import Issue

MAX_PIECES = 50_000
MAX_MAP_MM = 5_000.0


def pieces(game) -> list[tuple[object, int, int]]:
    """(row, counters a copy of it prints, copies) of every unit, marker and card."""
    two = {s.id for s in game.spec.step_systems if s.kind == "two_counter"}
    out: list[tuple[object, int, int]] = [(u, 2 if u.step_system in two else 1, u.copies) for u in game.units]
    out += [(m, 1, m.copies) for m in game.markers]
    out += [(c, 1, c.copies) for c in game.cards]
    return out


@rule("budget.pieces", "a kit prints at most 50,000 counters, blocks and cards")
def piece_budget(ctx: Context):
    total = 0
    for row, each, copies in pieces(ctx.game):
        total += each * copies
        if total > MAX_PIECES:
            yield Issue(row.at("copies") if "copies" in row.columns else row.at("id"), "budget.pieces",
                        f"the kit's counters, blocks and cards reach {total} at this row; a kit prints at most "
                        f"{MAX_PIECES} (fewer copies, or split the game's kits)")
            return


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
