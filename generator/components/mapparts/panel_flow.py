"""Blocks of the side panel and how they flow into columns.

A block is a drawing at its own origin (top-left) with a size; the panel stacks blocks
top to bottom in columns of a fixed width and starts a new column when one is full. A block
wider than a column (a record track at marker size) spans as many columns as its width
takes: it starts columns of its own, and the blocks after it stack under it there.
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

    @property
    def span(self) -> int:
        """How many columns the block takes."""
        return span_of(self.width_mm)


def span_width(span: int) -> float:
    """The width of `span` columns side by side, the gaps between them included."""
    return span * COLUMN_MM + (span - 1) * GAP_MM


def span_of(width_mm: float) -> int:
    return max(1, round((width_mm + GAP_MM) / (COLUMN_MM + GAP_MM)))


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
    """Each block under the one before while the column has room for it, else at the top of
    the next column. A block wider than a column starts columns of its own (a stack as wide
    as it); the narrower blocks after it fill rows under it there, side by side, while the
    stack has room."""
    places = []
    column, span, tallest = 0, 1, 0.0
    row_y, row_x, row_h = 0.0, 0, 0.0  # the stack's last row: its top, the columns it fills, its height
    started = False
    for block in blocks:
        k, h = block.span, block.height_mm
        if started and k <= span and row_x + k <= span and row_y + h <= max_height_mm:
            places.append((column + row_x, row_y))  # beside the row's last block
            row_x, row_h = row_x + k, max(row_h, h)
        elif started and k <= span and row_y + row_h + GAP_MM + h <= max_height_mm:
            row_y, row_x, row_h = row_y + row_h + GAP_MM, k, h  # a new row of the stack
            places.append((column, row_y))
        else:
            column = column + span if started else 0
            span, row_y, row_x, row_h, started = k, 0.0, k, h, True
            places.append((column, 0.0))
        tallest = max(tallest, row_y + row_h)
    return Flow(tuple(places), column + span if blocks else 0, tallest)


def place(blocks: list[Block], placed: Flow, x_mm: float, y_mm: float) -> list[Item]:
    return [
        block.at(x_mm + column * (COLUMN_MM + GAP_MM), y_mm + top)
        for block, (column, top) in zip(blocks, placed.places)
    ]
