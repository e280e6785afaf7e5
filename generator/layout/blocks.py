"""Blocks: laid-out pieces of a chart that are stacked into frames and flowed over pages.

A chart is laid out as a list of blocks, each drawn in its own coordinates (origin at its
top-left) and knowing its size. The same blocks can then be put into one region of a page
(a player aid, a setup chart) with `fill_frame`, or flowed over as many pages as needed
with `paginate`. `anchors` name regions inside a block (a table cell, a turn box), in the
block's coordinates, so tests and later layers can find them after placement.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from generator.layout.frame import Frame
from generator.layout.primitives import Box, Group, Item
from generator.layout.transform import Transform


@dataclass(frozen=True)
class Block:
    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    anchors: Mapping[str, Box] = field(default_factory=dict)
    keep_with_next: bool = False  # a heading: never left alone at the bottom of a frame
    page_break_before: bool = False  # start a new page (ignored at the top of a frame)
    gap_after_mm: float | None = None  # space before the next block; None: the frame's gap
    # A block that may be broken across frames (a long table): split(height_mm) gives the
    # part that fits in `height_mm` and the rest, or None when not even a first part fits.
    split: Callable[[float], "tuple[Block, Block] | None"] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))
        object.__setattr__(self, "anchors", dict(self.anchors))


@dataclass(frozen=True)
class Placement:
    """A block put down at (x, y), scaled (≤ 1) when it was too big for its frame."""

    block: Block
    x_mm: float
    y_mm: float
    scale: float = 1.0

    @property
    def transform(self) -> Transform:
        return Transform.placement(self.x_mm, self.y_mm, 0.0, self.scale)

    def group(self) -> Group:
        return Group(self.block.items, self.transform)

    def anchor(self, name: str) -> Box:
        """An anchor of the block in page coordinates."""
        left, top, right, bottom = self.block.anchors[name]
        x1, y1 = self.transform.apply(left, top)
        x2, y2 = self.transform.apply(right, bottom)
        return (x1, y1, x2, y2)


def spacer(height_mm: float) -> Block:
    return Block(0.0, height_mm, ())


def fill_frame(blocks: list[Block], frame: Frame, gap_mm: float = 0.0) -> tuple[list[Placement], list[Block]]:
    """Put blocks one under another into `frame`, as many as fit; return them and the rest.

    A block that can be split (`Block.split`) is broken where the frame ends, its rest
    returned first among the blocks left over. Any other block taller or wider than the whole
    empty frame is scaled down to fit it, so nothing ever runs off the paper. A heading
    (`keep_with_next`) moves on with the block after it.
    """
    placed: list[Placement] = []
    y = frame.y_mm
    index = 0
    while index < len(blocks):
        block = blocks[index]
        if block.page_break_before and placed:
            break
        used = y - frame.y_mm
        room = frame.height_mm - used
        if block.split is not None and block.height_mm > room + 1e-6 and block.width_mm <= frame.width_mm + 1e-6:
            parts = block.split(room)
            if parts is not None:  # the part that fits here; the rest starts the next frame
                blocks = [*blocks[:index], *parts, *blocks[index + 1:]]
                block = parts[0]
            elif placed:
                break
        if not placed:
            scale = _fit_scale(block, frame)
        elif block.width_mm > frame.width_mm + 1e-6 or used + block.height_mm > frame.height_mm + 1e-6:
            break
        else:
            scale = 1.0
        if placed and block.keep_with_next and not _next_fits(blocks, index, frame, used + block.height_mm + gap_mm):
            break
        placed.append(Placement(block, frame.x_mm, y, scale))
        y += block.height_mm * scale + (gap_mm if block.gap_after_mm is None else block.gap_after_mm)
        index += 1
    if len(placed) < len(blocks):
        _drop_trailing_headings(placed)
    return placed, blocks[len(placed):]


def _fit_scale(block: Block, frame: Frame) -> float:
    scale = 1.0
    if block.width_mm > frame.width_mm:
        scale = frame.width_mm / block.width_mm
    if block.height_mm * scale > frame.height_mm:
        scale = frame.height_mm / block.height_mm
    return scale


def _next_fits(blocks: list[Block], index: int, frame: Frame, used_mm: float) -> bool:
    following = blocks[index + 1] if index + 1 < len(blocks) else None
    if following is None or following.page_break_before:
        return True
    return used_mm + min(following.height_mm, frame.height_mm / 3) <= frame.height_mm + 1e-6


def _drop_trailing_headings(placed: list[Placement]) -> None:
    """A frame must not end with a heading whose content went to the next frame."""
    while len(placed) > 1 and placed[-1].block.keep_with_next:
        placed.pop()


def paginate(blocks: list[Block], frame: Frame, gap_mm: float = 0.0) -> list[list[Placement]]:
    """Blocks flowed over as many frames (pages) as they need."""
    pages: list[list[Placement]] = []
    rest = list(blocks)
    while rest:
        placed, rest = fill_frame(rest, frame, gap_mm)
        pages.append(placed)
    return pages


LEAST_FILL = 0.2  # a last page holding less than this share of its frame is worth saving
TIGHTER = (0.6, 0.3, 0.0)  # the gaps tried, as shares of the usual ones
TIGHTEST = (0.2, 0.1, 0.0)  # and then, to save a last page holding little, no narrower than needed


def paginate_snug(blocks: list[Block], frame: Frame, gap_mm: float = 0.0,
                  least: float = LEAST_FILL) -> list[list[Placement]]:
    """`paginate`, but no page holds less than `least` of the frame's height where that can
    be helped: a part that would start a new page after one that ends on a page it hardly
    fills (a table's notes) follows on that page instead; and the gaps between the blocks
    are narrowed (to 60 %, then 30 % of the usual; then to 20 %, 10 % and none for a last
    page holding little, a footnote alone, as it is or once the gaps are narrowed) when that
    brings everything onto one page fewer. Otherwise the usual layout."""
    blocks = list(blocks)
    pages = paginate(blocks, frame, gap_mm)
    while True:
        sparse = next((i for i, page in enumerate(pages[:-1]) if used_height(page) < least * frame.height_mm
                       and pages[i + 1] and pages[i + 1][0].block.page_break_before), None)
        first = None if sparse is None else pages[sparse + 1][0].block
        at = next((i for i, b in enumerate(blocks) if b is first), None)
        if at is None:  # nothing to move (or a part of a broken block)
            break
        blocks[at] = replace(first, page_break_before=False)
        pages = paginate(blocks, frame, gap_mm)
    if len(pages) < 2:
        return pages
    sparse = used_height(pages[-1]) < least * frame.height_mm
    for share in (*TIGHTER[:2], *TIGHTEST):
        if share < TIGHTER[1] and not sparse:  # under 30 % only to save a last page holding little
            break
        tighter = [replace(b, gap_after_mm=None if b.gap_after_mm is None else b.gap_after_mm * share)
                   for b in blocks]
        flowed = paginate(tighter, frame, gap_mm * share)
        if len(flowed) < len(pages):
            return flowed
        # narrower gaps that leave the last page holding little (a line) may go to none
        sparse = sparse or used_height(flowed[-1]) < least * frame.height_mm
    return pages


def fill_last_page(blocks: list[Block], pages: list[list[Placement]], frame: Frame, gap_mm: float = 0.0,
                   least: float = LEAST_FILL, most_moved: int = 8) -> list[list[Placement]]:
    """`pages` (the flow of `blocks`) with a last page under `least` of the frame filled from
    the page before: that page breaks a block or more earlier (up to `most_moved`) when the
    pages stay as many and every one then holds at least `least`. For a flow that more pages
    follow (its last page is not its document's last)."""
    height = frame.height_mm
    if len(pages) < 2 or used_height(pages[-1]) >= least * height:
        return pages
    first = pages[-1][0].block
    at = next((i for i, b in enumerate(blocks) if b is first), None)
    for moved in range(1, most_moved + 1):
        if at is None or at - moved <= 0:
            break
        trial = list(blocks)
        trial[at - moved] = replace(trial[at - moved], page_break_before=True)
        flowed = paginate(trial, frame, gap_mm)
        if len(flowed) == len(pages) and all(used_height(page) >= least * height for page in flowed):
            return flowed
    return pages


def used_height(page: list[Placement]) -> float:
    """How far down its frame a page's blocks reach (from the frame's top)."""
    if not page:
        return 0.0
    top = min(p.y_mm for p in page)
    return max(p.y_mm + p.block.height_mm * p.scale for p in page) - top


def side_by_side(blocks: list[Block], width_mm: float, gap_mm: float) -> list[Block]:
    """Blocks arranged in rows, left to right, as many per row as fit `width_mm`.

    Each row becomes one block (anchors are carried over, prefixed by nothing: names must be
    unique across the blocks).
    """
    rows: list[list[Block]] = []
    current: list[Block] = []
    used = 0.0
    for block in blocks:
        needed = block.width_mm if not current else used + gap_mm + block.width_mm
        if current and needed > width_mm + 1e-6:
            rows.append(current)
            current, needed = [], block.width_mm
        current.append(block)
        used = needed
    if current:
        rows.append(current)
    return [_row_block(row, gap_mm) for row in rows]


def _row_block(row: list[Block], gap_mm: float) -> Block:
    items: list[Item] = []
    anchors: dict[str, Box] = {}
    x = 0.0
    for block in row:
        items.append(Group(block.items, Transform.translate(x, 0.0)))
        for name, (left, top, right, bottom) in block.anchors.items():
            anchors[name] = (left + x, top, right + x, bottom)
        x += block.width_mm + gap_mm
    return Block(x - gap_mm, max(b.height_mm for b in row), tuple(items), anchors)


def draw_in_frame(blocks: list[Block], frame: Frame, gap_mm: float = 0.0) -> tuple[tuple[Item, ...], float, list[Block]]:
    """Lay blocks out into one region of a page: the items, the height used, and the
    blocks that did not fit (empty when everything fits)."""
    placed, rest = fill_frame(blocks, frame, gap_mm)
    used = max((p.y_mm + p.block.height_mm * p.scale for p in placed), default=frame.y_mm) - frame.y_mm
    return tuple(p.group() for p in placed), used, rest


def stacked(blocks: list[Block], gap_mm: float) -> Block:
    """Blocks one under another as a single block (anchors moved along)."""
    items: list[Item] = []
    anchors: dict[str, Box] = {}
    y = bottom = 0.0
    for block in blocks:
        items.append(Group(block.items, Transform.translate(0.0, y)))
        anchors.update({n: (l, t + y, r, b + y) for n, (l, t, r, b) in block.anchors.items()})
        bottom = y + block.height_mm
        y = bottom + (gap_mm if block.gap_after_mm is None else block.gap_after_mm)
    return Block(max((b.width_mm for b in blocks), default=0.0), bottom, tuple(items), anchors)


def stacked_within(blocks: list[Block], gap_mm: float, height_mm: float,
                   shares: tuple[float, ...] = (1.0, *TIGHTER[:2])) -> Block | None:
    """The blocks stacked as one block no taller than `height_mm` (a frame: kept whole on a
    page), with their usual gaps or, failing that, narrower ones (each share of the usual gaps
    in turn, both the frame's and the blocks' own); None when not even the narrowest fits."""
    for share in shares:
        tighter = [replace(b, gap_after_mm=None if b.gap_after_mm is None else b.gap_after_mm * share)
                   for b in blocks]
        whole = stacked(tighter, gap_mm * share)
        if whole.height_mm <= height_mm + 1e-6:
            return whole
    return None


def in_columns(blocks: list[Block], columns: int, width_mm: float, gap_mm: float,
               stack_gap_mm: float = 0.0) -> Block:
    """Blocks (each at most a column wide) shared out over `columns` columns side by side,
    in order, each going to the column that is shortest so far, so the columns come out
    about equally tall; one block (anchors carried over)."""
    column_mm = (width_mm - (columns - 1) * gap_mm) / columns
    piles: list[list[Block]] = [[] for _ in range(columns)]
    heights = [0.0] * columns
    for block in blocks:
        shortest = min(range(columns), key=lambda c: (heights[c], c))
        piles[shortest].append(block)
        heights[shortest] += block.height_mm + (stack_gap_mm if piles[shortest][1:] else 0.0)
    stacks = [stacked(pile, stack_gap_mm) for pile in piles if pile]
    return _row_block([Block(column_mm, s.height_mm, s.items, s.anchors) for s in stacks], gap_mm)


def beside(left: Block, right: list[Block], gap_mm: float) -> Block:
    """`left`, and the `right` blocks stacked in a column to its right, tops aligned."""
    column = stacked(right, gap_mm * 0.5)
    return _row_block([left, column], gap_mm)


def beside_or_below(left: Block, right: Callable[[float], list[Block]], width_mm: float, gap_mm: float,
                    min_room_mm: float) -> list[Block]:
    """`left` with the blocks `right(room)` beside it (see `beside`) when the room left of
    `width_mm` is at least `min_room_mm` and they keep within it; otherwise `left` alone and
    `right(width_mm)` under it. `right` lays the blocks out for the width it is given (keys
    and notes wrap to it)."""
    room = width_mm - left.width_mm - gap_mm
    if room >= min_room_mm:
        column = right(room)
        if all(block.width_mm <= room + 1e-6 for block in column):
            return [beside(left, column, gap_mm)]
    return [left, *right(width_mm)]
