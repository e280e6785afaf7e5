"""map.grid-fit: the map's adjacency data (hexsides, named lines) fit the declared grid, or
say which stagger or orientation they fit instead."""

from __future__ import annotations

from generator.geometry.gridfit import better_grid
from generator.io.inputs import MAP
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity


def adjacency_pairs(game, map_spec) -> list[tuple[str, str]]:
    """Every pair of hexes the map's data say are neighbours."""
    pairs = [(s.hex_a, s.hex_b) for s in game.hexsides if s.map_id == map_spec.id]
    for line in map_spec.lines:
        pairs += [tuple(p.strip() for p in pair.split("/")) for pair in line.hexsides if pair.count("/") == 1]
    return pairs


@rule("map.grid-fit", "hexsides and named lines join adjacent hexes under the declared stagger and orientation",
      reads=(MAP,))
def grid_fit(ctx: Context):
    for n, map_spec in enumerate(ctx.game.spec.maps):
        if map_spec.is_area:
            continue
        found = better_grid(map_spec.grid, adjacency_pairs(ctx.game, map_spec))
        if found is None:
            continue
        declared, better = found
        changed = [key for key in ("orientation", "stagger")
                   if getattr(better.spec, key) != getattr(declared.spec, key)]
        mean = ", ".join(f"{key}: {getattr(better.spec, key)}" for key in changed)
        fits = "every one of them is" if better.misfits == 0 else f"only {better.misfits} would not be"
        where = ctx.game.spec_where("maps", n, "grid", changed[-1])
        yield Issue(where, "map.grid-fit",
                    f"map {map_spec.id!r}: {declared.misfits} of {declared.pairs} hexsides and named-line sides join "
                    f"hexes that are not adjacent with {declared.describe()}; with {better.describe()} {fits} "
                    f"adjacent. Did you mean {mean}? (the defaults are orientation: flat, stagger: odd)",
                    Severity.WARNING)
