"""Pieces of several sizes packed onto sheets in shelves a player can cut with a guillotine.

A shelf is one row of pieces across the sheet, as tall as its first piece; the pieces after
it go on in the same row while they fit its width and are no taller (a shorter piece hangs
from the shelf's top edge). Shelves are stacked down the sheet; a piece that fits neither the
open shelf nor a new shelf under it starts the next sheet. So every sheet is cut first along
the shelves (straight cuts right across it), then each strip across its pieces, with at most
one more trim for a shorter piece: no jigsaw, and pieces of one size stand in rows and
columns.

The order of the pieces is kept (a side's pieces stay together); a group that asks for a
fresh sheet gets one. With `one_height`, a shelf holds pieces of its own height only (with
bleed, a shorter piece's trim would have no crop marks).

Fill is the area of the pieces' cut boxes over the sheet's usable area: a round counter
counts its square, as that square is what is cut from the sheet first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EPSILON = 1e-9


@dataclass(frozen=True)
class Size:
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class Run:
    """Pieces printed in this order; `fresh_sheet` starts them on a new sheet."""

    sizes: tuple[Size, ...]
    fresh_sheet: bool = False


@dataclass(frozen=True)
class Spot:
    """Where one piece went: its run, its index in the run, its cut box's top-left corner
    (relative to the usable area's top-left) and its shelf on the sheet."""

    run: int
    index: int
    x_mm: float
    y_mm: float
    size: Size
    shelf: int


@dataclass(frozen=True)
class Shelf:
    y_mm: float
    height_mm: float


@dataclass(frozen=True)
class PackedSheet:
    spots: tuple[Spot, ...]
    shelves: tuple[Shelf, ...]

    @property
    def area_mm2(self) -> float:
        return sum(spot.size.width_mm * spot.size.height_mm for spot in self.spots)


class PackingError(ValueError):
    """A piece larger than the usable area."""


def pack(runs: Sequence[Run], width_mm: float, height_mm: float, gap_mm: float = 0.0,
         lane_mm: float = 0.0, one_height: bool = False) -> list[PackedSheet]:
    """Every piece of `runs` placed on sheets whose usable area is `width_mm` × `height_mm`;
    `gap_mm` between neighbouring pieces and shelves; `lane_mm` more between two shelves
    whose pieces differ in width (room for the marks of their cuts)."""
    sheets: list[tuple[list[Spot], list[Shelf]]] = [([], [])]
    x = 0.0  # where the open shelf's next piece goes
    widths: list[float] = []  # the width of each shelf's pieces (0: mixed), for the lanes
    for run_index, run in enumerate(runs):
        if run.fresh_sheet and sheets[-1][0]:
            sheets.append(([], []))
            widths = []
        for index, size in enumerate(run.sizes):
            if size.width_mm > width_mm + EPSILON or size.height_mm > height_mm + EPSILON:
                raise PackingError(f"a {size.width_mm:g} × {size.height_mm:g} mm piece does not fit in "
                                   f"{width_mm:g} × {height_mm:g} mm")
            spots, shelves = sheets[-1]
            shelf = shelves[-1] if shelves else None
            fits_across = shelf is not None and x + gap_mm + size.width_mm <= width_mm + EPSILON
            fits_in = shelf is not None and (size.height_mm == shelf.height_mm or (
                not one_height and size.height_mm < shelf.height_mm))
            if shelf is not None and fits_across and fits_in:
                spots.append(Spot(run_index, index, x + gap_mm, shelf.y_mm, size, len(shelves) - 1))
                x += gap_mm + size.width_mm
                if widths[-1] != size.width_mm:
                    widths[-1] = 0.0
                continue
            y = 0.0
            if shelf is not None:
                lane = lane_mm if widths[-1] != size.width_mm else 0.0
                y = shelf.y_mm + shelf.height_mm + gap_mm + lane
            if y + size.height_mm > height_mm + EPSILON:
                sheets.append(([], []))
                spots, shelves = sheets[-1]
                widths, y = [], 0.0
            shelves.append(Shelf(y, size.height_mm))
            widths.append(size.width_mm)
            spots.append(Spot(run_index, index, 0.0, y, size, len(shelves) - 1))
            x = size.width_mm
    return [PackedSheet(tuple(spots), tuple(shelves)) for spots, shelves in sheets if spots]


def fill(sheet: PackedSheet, width_mm: float, height_mm: float) -> float:
    """The share of the usable area the sheet's pieces cover (0 … 1)."""
    return sheet.area_mm2 / (width_mm * height_mm)
