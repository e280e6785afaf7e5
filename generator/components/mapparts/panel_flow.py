"""Blocks of the side panel and how they flow into columns.

A block is a drawing at its own origin (top-left) with a size; the panel stacks blocks
top to bottom in columns of a fixed width and starts a new column when one is full.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.primitives import Group, Item
from generator.layout.transform import Transform

COLUMN_MM = 64.0
GAP_MM = 6.0


@dataclass(frozen=True)
class Block:
    items: tuple[Item, ...]
    height_mm: float
    width_mm: float = COLUMN_MM

    def at(self, x_mm: float, y_mm: float) -> Group:
        return Group(self.items, Transform.translate(x_mm, y_mm))


@dataclass(frozen=True)
class Flow:
    """Blocks placed in columns: (column, y) per block, and the columns' extent."""

    places: tuple[tuple[int, float], ...]
    columns: int
    height_mm: float

    @property
    def width_mm(self) -> float:
        return self.columns * COLUMN_MM + (self.columns - 1) * GAP_MM


def flow(blocks: list[Block], max_height_mm: float) -> Flow:
    places = []
    column, y, tallest = 0, 0.0, 0.0
    for block in blocks:
        if y > 0 and y + block.height_mm > max_height_mm:
            column, y = column + 1, 0.0
        places.append((column, y))
        y += block.height_mm + GAP_MM
        tallest = max(tallest, y - GAP_MM)
    return Flow(tuple(places), column + 1 if blocks else 0, tallest)


def place(blocks: list[Block], placed: Flow, x_mm: float, y_mm: float) -> list[Item]:
    return [
        block.at(x_mm + column * (COLUMN_MM + GAP_MM), y_mm + top)
        for block, (column, top) in zip(blocks, placed.places)
    ]
