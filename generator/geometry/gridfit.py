"""Which hex grid the map's adjacency data fit: the declared one, or another stagger or
orientation. Pairs of hex ids said to be neighbours (hexsides, named lines) are adjacent
under exactly one stagger in most cases, so a wrong `stagger:` or `orientation:` shows as
many pairs that are not adjacent and that another grid would join."""

from __future__ import annotations

from dataclasses import dataclass

from generator.geometry.mapgrid import grid_for
from generator.model.mapdata import GridSpec


@dataclass(frozen=True)
class Fit:
    spec: GridSpec
    misfits: int  # pairs of on-map hexes that are not adjacent under this grid
    pairs: int  # pairs of on-map hexes looked at

    def describe(self) -> str:
        return f"orientation: {self.spec.orientation}, stagger: {self.spec.stagger}"


def fit(spec: GridSpec, pairs: list[tuple[str, str]]) -> Fit:
    """How many of the pairs (of well-formed, on-map ids) are not adjacent under `spec`."""
    grid = grid_for(spec)
    misfits = counted = 0
    for a, b in pairs:
        try:
            hex_a, hex_b = grid.parse_id(a), grid.parse_id(b)
        except ValueError:
            continue
        if not (grid.contains(*hex_a) and grid.contains(*hex_b)):
            continue
        counted += 1
        misfits += grid.direction_between(hex_a, hex_b) is None
    return Fit(spec, misfits, counted)


def alternatives(spec: GridSpec) -> list[GridSpec]:
    """The same grid with the other stagger, then with the other orientation (both staggers)."""
    other_stagger = "even" if spec.stagger == "odd" else "odd"
    other_orientation = "pointy" if spec.orientation == "flat" else "flat"
    return [spec.model_copy(update={"stagger": other_stagger}),
            spec.model_copy(update={"orientation": other_orientation}),
            spec.model_copy(update={"orientation": other_orientation, "stagger": other_stagger})]


def better_grid(spec: GridSpec, pairs: list[tuple[str, str]]) -> tuple[Fit, Fit] | None:
    """(the declared grid's fit, a clearly better one) when the pairs fit another grid: all
    of them, or at most half as many misfits with at least three misfits declared."""
    declared = fit(spec, pairs)
    if not declared.misfits:
        return None
    best = min((fit(other, pairs) for other in alternatives(spec)), key=lambda f: f.misfits)
    if best.misfits == 0 or (declared.misfits >= 3 and 2 * best.misfits <= declared.misfits):
        return declared, best
    return None
