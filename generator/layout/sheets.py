"""Imposition of double-sided tiles (counters, chits, cards) onto sheets of paper.

A tile is drawn with its cut box at (0, 0)-(width, height) — square for counters, a card's
rectangle for cards; its art may run `bleed_mm` past the cut on every side (real bleed: the
art is larger, nothing is scaled). Tiles are laid in a grid centred on the page; the backs
go on the following page at the mirror image of their fronts, so they meet through the
paper:

- long-edge flip (the sheet turns like a book page): a back sits at x' = W - x - width;
- short-edge flip (it turns like a calendar): at y' = H - y - height, turned 180° so it is
  upright when the counter itself is flipped sideways, as players flip counters;
- `back_offset_mm` (x, y) then shifts the whole back page to make up for a printer that
  does not register its two sides (measured with `warkit calibrate`);
- fold: fronts on the left half of a landscape page, backs on the right half mirrored
  about the fold line, for printers without duplex;
- none: fronts only, one page per sheet (block labels: stuck on one face of a block, they
  have no back).

Cut lines (without bleed) and crop marks (always, both sides) sit exactly on the cut
positions, which are multiples of the cell size (plus gutters) from the block's corner.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from generator.layout.packing import PackingError, Run, Size, pack
from generator.layout.primitives import Circle, Group, Item, Line, Page, Style, SymbolDef, Text
from generator.fonts.metrics import text_width_mm
from generator.layout.transform import Transform
from generator.layout.wrap import wrap_text

Duplex = Literal["long", "short", "fold", "none"]
CROP_GAP_MM = 1.5  # between the block (with its bleed) and a crop mark
FOOTER_DROP_MM = 2.0  # the footer's last line below the margin, clear of the lowest crop marks
CROP_LENGTH_MM = 3.5
FOLD_GAP_MM = 5.0  # between the fold line and the nearest cut, so a slightly-off fold is harmless
MARK_STYLE = Style(stroke="#000000", stroke_width_mm=0.15)
CUT_STYLE = Style(stroke="#404040", stroke_width_mm=0.1)
FOLD_STYLE = Style(stroke="#808080", stroke_width_mm=0.2, dash_mm=(2.0, 1.5))


@dataclass(frozen=True)
class SheetSpec:
    paper_mm: tuple[float, float]  # portrait width, height
    cell_mm: float  # the cut width (and height, for square counters)
    duplex: Duplex = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float = 0.0
    gutter_mm: float = 0.0  # between neighbouring cuts; at least twice the bleed
    margin_mm: float = 8.0  # paper edge to crop marks and titles: home printers print from 3 to 6 mm
    header_mm: float = 6.0  # room for the sheet title above the block and the footer below
    cell_height_mm: float | None = None  # the cut height of a rectangular tile (a card)

    @property
    def cell_h_mm(self) -> float:
        return self.cell_height_mm if self.cell_height_mm is not None else self.cell_mm

    @property
    def gap_mm(self) -> float:
        return max(self.gutter_mm, 2 * self.bleed_mm)

    @property
    def pitch_mm(self) -> float:
        return self.cell_mm + self.gap_mm

    @property
    def pitch_h_mm(self) -> float:
        return self.cell_h_mm + self.gap_mm

    @property
    def page_mm(self) -> tuple[float, float]:
        width, height = self.paper_mm
        return (max(width, height), min(width, height)) if self.duplex == "fold" else (width, height)


@dataclass(frozen=True)
class SheetLabels:
    """The words printed on the sheets, in the kit's language (English by default)."""

    fronts: str = "Fronts"
    backs: str = "Backs"
    sheet: Callable[[int], str] = field(default=lambda number: f"Sheet {number}")
    fold: str = "Fold here"


@dataclass(frozen=True)
class Tile:
    """One piece: items drawn with the cut box's top-left corner at (0, 0). An empty `back`
    prints nothing behind it (a block label). `size_mm` (width, height) is its cut box on a
    packed sheet; None: the sheet's cell."""

    front: tuple[Item, ...]
    back: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...] = ()
    round: bool = False
    size_mm: tuple[float, float] | None = None


@dataclass(frozen=True)
class TileGroup:
    """Tiles printed together (a side). On a grid each group starts a fresh sheet and each
    row a new grid row; packed, the rows follow one another and only a group with
    `fresh_sheet` starts a new sheet."""

    title: str
    rows: tuple[tuple[Tile, ...], ...]
    fresh_sheet: bool = True


@dataclass(frozen=True)
class Grid:
    """Where the cells of one sheet are: `columns` × `rows` from (x0, y0), `pitch` apart
    across (`pitch_h` apart down, for rectangular cells)."""

    columns: int
    rows: int
    x0_mm: float
    y0_mm: float
    pitch_mm: float
    cell_mm: float
    pitch_h_mm: float | None = None
    cell_h_mm: float | None = None

    @property
    def _pitch_h(self) -> float:
        return self.pitch_mm if self.pitch_h_mm is None else self.pitch_h_mm

    @property
    def _cell_h(self) -> float:
        return self.cell_mm if self.cell_h_mm is None else self.cell_h_mm

    def cell(self, column: int, row: int) -> tuple[float, float]:
        return self.x0_mm + column * self.pitch_mm, self.y0_mm + row * self._pitch_h

    @property
    def width_mm(self) -> float:
        return self.columns * self.pitch_mm - (self.pitch_mm - self.cell_mm)

    @property
    def height_mm(self) -> float:
        return self.rows * self._pitch_h - (self._pitch_h - self._cell_h)


class SheetError(ValueError):
    """The tiles do not fit the paper."""


def grid_for(spec: SheetSpec) -> Grid:
    """The largest grid that fits the page (one half of it when folding), centred."""
    width, height = spec.page_mm
    reserve = spec.margin_mm + CROP_GAP_MM + CROP_LENGTH_MM + spec.bleed_mm
    usable_h = height - 2 * (reserve + spec.header_mm)
    if spec.duplex == "fold":
        usable_w = width / 2 - reserve - FOLD_GAP_MM - spec.bleed_mm
    else:
        usable_w = width - 2 * reserve
    columns = math.floor((usable_w + spec.gap_mm) / spec.pitch_mm + 1e-9)
    rows = math.floor((usable_h + spec.gap_mm) / spec.pitch_h_mm + 1e-9)
    if columns < 1 or rows < 1:
        size = f"{spec.cell_mm:g} mm counter" if spec.cell_height_mm is None else \
            f"{spec.cell_mm:g} × {spec.cell_h_mm:g} mm card"
        raise SheetError(f"a {size} does not fit on {width:g} × {height:g} mm paper with its margins")
    block_w = columns * spec.pitch_mm - spec.gap_mm
    block_h = rows * spec.pitch_h_mm - spec.gap_mm
    if spec.duplex == "fold":
        x0 = width / 2 - FOLD_GAP_MM - spec.bleed_mm - block_w
    else:
        x0 = (width - block_w) / 2
    return Grid(columns, rows, x0, (height - block_h) / 2, spec.pitch_mm, spec.cell_mm, spec.pitch_h_mm,
                spec.cell_h_mm)


def back_point(spec: SheetSpec, x_mm: float, y_mm: float) -> tuple[float, float]:
    """The point of the backs page (or right half) that lies behind (x, y) of the fronts."""
    width, height = spec.page_mm
    if spec.duplex == "fold":
        return width - x_mm, y_mm
    dx, dy = spec.back_offset_mm
    if spec.duplex == "short":
        return x_mm + dx, height - y_mm + dy
    return width - x_mm + dx, y_mm + dy


def back_placement(spec: SheetSpec, x_mm: float, y_mm: float, width_mm: float | None = None,
                   height_mm: float | None = None) -> tuple[float, float, float]:
    """Where the back of the tile whose front cut box (default the sheet's cell) starts at
    (x, y) goes: the top-left corner of its cut box on the backs side, and its rotation
    about the box's centre."""
    width = spec.cell_mm if width_mm is None else width_mm
    height = spec.cell_h_mm if height_mm is None else height_mm
    if spec.duplex == "short":
        return (*back_point(spec, x_mm, y_mm + height), 180.0)
    return (*back_point(spec, x_mm + width, y_mm), 0.0)


def placed(items: tuple[Item, ...], x_mm: float, y_mm: float, rotation_deg: float, size_mm: float,
           height_mm: float | None = None) -> Group:
    """Tile items put down with their cut box (`size_mm` wide, `height_mm` high, default
    square) at (x, y), turned about the box's centre."""
    transform = Transform.translate(x_mm, y_mm)
    if rotation_deg:
        height = size_mm if height_mm is None else height_mm
        transform = Transform.rotate(rotation_deg, size_mm / 2, height / 2).then(transform)
    return Group(items, transform)


@dataclass(frozen=True)
class Cell:
    """A tile on the fronts side: its cut box's top-left corner and size."""

    tile: Tile
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x_mm, self.y_mm, self.x_mm + self.width_mm, self.y_mm + self.height_mm


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: the groups it holds, its cells, and its rows of cuts (the cells'
    tops, for crop marks: the first row's columns are marked above the block, the last's
    below, the lanes between rows of other widths in between)."""

    titles: tuple[str, ...]
    cells: tuple[Cell, ...]
    lanes: tuple[tuple[tuple[float, ...], tuple[float, ...], float, float], ...] = ()
    aligned: bool = True  # a grid: every column's cuts run the whole block


def usable_box(spec: SheetSpec) -> tuple[float, float, float, float]:
    """The part of the fronts page (or the fronts half, folding) that cut boxes may cover:
    inside the margins, the crop marks and the bleed, under the title band and over the
    footer band. A sheet's fill is measured against it."""
    width, height = spec.page_mm
    reserve = spec.margin_mm + CROP_GAP_MM + CROP_LENGTH_MM + spec.bleed_mm
    top, bottom = reserve + spec.header_mm, height - reserve - spec.header_mm
    if spec.duplex == "fold":
        return reserve, top, width / 2 - FOLD_GAP_MM - spec.bleed_mm, bottom
    return reserve, top, width - reserve, bottom


def sheet_fill(sheet: Sheet, spec: SheetSpec) -> float:
    """The share of the sheet's usable area its pieces' cut boxes cover (0 … 1)."""
    left, top, right, bottom = usable_box(spec)
    return sum(c.width_mm * c.height_mm for c in sheet.cells) / ((right - left) * (bottom - top))


def lay_out(groups: Sequence[TileGroup], spec: SheetSpec, packed: bool = False) -> list[Sheet]:
    """The sheets: on a grid of the sheet's cell (each group from a fresh sheet, each row
    from a new grid row), or packed in shelves of mixed sizes (layout/packing.py)."""
    if not packed:
        grid = grid_for(spec)
        return [Sheet((group.title,), tuple(Cell(tile, x, y, spec.cell_mm, spec.cell_h_mm) for tile, x, y in sheet))
                for group in groups for sheet in _fill(group.rows, grid)]
    return _packed(groups, spec)


LANE_MM = 3.0  # with bleed: room between rows of different widths for the marks of their cuts


def _packed(groups: Sequence[TileGroup], spec: SheetSpec) -> list[Sheet]:
    left, top, right, bottom = usable_box(spec)
    runs, tiles = [], []
    for group in groups:
        # A group's pieces by size (each size where it first appears), so they stand in rows.
        pieces = [tile for row in group.rows for tile in row]
        order = {size: n for n, size in enumerate(dict.fromkeys(_size(tile, spec) for tile in pieces))}
        tiles.append(sorted(pieces, key=lambda tile: order[_size(tile, spec)]))
        runs.append(Run(tuple(Size(*_size(tile, spec)) for tile in tiles[-1]),
                        fresh_sheet=group.fresh_sheet))
    try:
        packed = pack(runs, right - left, bottom - top, spec.gap_mm, LANE_MM if spec.bleed_mm else 0.0,
                      one_height=spec.bleed_mm > 0)
    except PackingError as error:
        raise SheetError(f"{error} (the paper's room inside its margins)") from None
    sheets = []
    for sheet in packed:
        block_right = max(spot.x_mm + spot.size.width_mm for spot in sheet.spots)
        # Centred across the page (folding: up against the fold), from the top.
        shift = (right - left - block_right) if spec.duplex == "fold" else (right - left - block_right) / 2
        cells = tuple(Cell(tiles[spot.run][spot.index], left + shift + spot.x_mm, top + spot.y_mm,
                           spot.size.width_mm, spot.size.height_mm) for spot in sheet.spots)
        titles = tuple(dict.fromkeys(groups[spot.run].title for spot in sheet.spots))
        sheets.append(Sheet(titles, cells, _lanes(cells) if spec.bleed_mm else (), aligned=False))
    return sheets


def _size(tile: Tile, spec: SheetSpec) -> tuple[float, float]:
    return tile.size_mm or (spec.cell_mm, spec.cell_h_mm)


def _rows(cells: Sequence[Cell]) -> list[list[Cell]]:
    """The cells by the top of their row (a shelf), top to bottom."""
    rows: dict[float, list[Cell]] = {}
    for cell in cells:
        rows.setdefault(round(cell.y_mm, 6), []).append(cell)
    return [rows[y] for y in sorted(rows)]


def _lanes(cells: Sequence[Cell]) -> tuple:
    """For each two rows whose column cuts differ: the cuts above, the cuts below, and the
    lane's top and bottom (between the bleeds)."""
    lanes = []
    rows = _rows(cells)
    for upper, lower in zip(rows, rows[1:]):
        above, below = _column_cuts(upper), _column_cuts(lower)
        if set(below) - set(above):
            lanes.append((above, below, max(c.y_mm + c.height_mm for c in upper), min(c.y_mm for c in lower)))
    return tuple(lanes)


def _column_cuts(row: Sequence[Cell]) -> tuple[float, ...]:
    return tuple(sorted({round(v, 6) for c in row for v in (c.x_mm, c.x_mm + c.width_mm)}))


def impose(groups: Sequence[TileGroup], spec: SheetSpec, title: str, notes: Sequence[str] = (),
           labels: SheetLabels = SheetLabels(), packed: bool = False) -> list[Page]:
    """All pages: for duplex, each fronts page followed by its backs page; for fold (and for
    none: fronts only), one page per sheet. `notes` are printed in the footer of every page.
    `packed`: pieces of every size share sheets (`lay_out`)."""
    return sheet_pages(lay_out(groups, spec, packed), spec, title, notes, labels)


def sheet_pages(sheets: Sequence[Sheet], spec: SheetSpec, title: str, notes: Sequence[str] = (),
                labels: SheetLabels = SheetLabels()) -> list[Page]:
    pages: list[Page] = []
    footer = tuple(notes)
    for number, sheet in enumerate(sheets, start=1):
        heading = f"{title} — {', '.join(sheet.titles)} — {labels.sheet(number)}"
        cells = list(sheet.cells)
        fronts = _front_items(cells, spec)
        backs = _back_items(cells, spec) if spec.duplex != "none" else []
        symbols = _symbols(cell.tile for cell in cells)
        if spec.duplex == "fold":
            items = [*fronts, *backs, *_marks(sheet, spec, back=False), *_marks(sheet, spec, back=True),
                     *_fold_line(sheet, spec, labels), *_header(spec, heading, footer)]
            pages.append(_page(spec, items, symbols, heading))
            continue
        if spec.duplex == "none":
            items = [*fronts, *_marks(sheet, spec, back=False), *_header(spec, heading, footer)]
            pages.append(_page(spec, items, symbols, heading))
            continue
        front_heading, back_heading = f"{heading} — {labels.fronts}", f"{heading} — {labels.backs}"
        pages.append(_page(spec, [*fronts, *_marks(sheet, spec, back=False),
                                  *_header(spec, front_heading, footer)], symbols, front_heading))
        pages.append(_page(spec, [*backs, *_marks(sheet, spec, back=True),
                                  *_header(spec, back_heading, footer, scale=False)], symbols, back_heading))  # fmt: skip
    return pages


def _fill(rows: Iterable[tuple[Tile, ...]], grid: Grid) -> list[list[tuple[Tile, float, float]]]:
    """Tiles into sheets, row group by row group, each group from a fresh grid row."""
    sheets: list[list[tuple[Tile, float, float]]] = [[]]
    row, column = 0, 0
    for group in rows:
        if column:
            row, column = row + 1, 0
        for tile in group:
            if row >= grid.rows:
                sheets.append([])
                row = 0
            sheets[-1].append((tile, *grid.cell(column, row)))
            column += 1
            if column == grid.columns:
                row, column = row + 1, 0
    return [sheet for sheet in sheets if sheet]


def _front_items(cells: list[Cell], spec: SheetSpec) -> list[Item]:
    items: list[Item] = [placed(c.tile.front, c.x_mm, c.y_mm, 0.0, c.width_mm, c.height_mm) for c in cells]
    return items + _cut_guides(cells, spec, back=False)


def _back_items(cells: list[Cell], spec: SheetSpec) -> list[Item]:
    items: list[Item] = []
    for c in cells:
        if c.tile.back:
            bx, by, turn = back_placement(spec, c.x_mm, c.y_mm, c.width_mm, c.height_mm)
            items.append(placed(c.tile.back, bx, by, turn, c.width_mm, c.height_mm))
    return items + _cut_guides(cells, spec, back=True)


def _cut_guides(cells: list[Cell], spec: SheetSpec, back: bool) -> list[Item]:
    """Without bleed: hairlines on the cuts round every occupied cell (each drawn once),
    and a circle round each round tile; on the backs, only behind tiles that have a back."""
    if spec.bleed_mm > 0:
        return []
    segments: dict[tuple, None] = {}
    for c in cells:
        if back and not c.tile.back:
            continue
        x0, y0, _ = back_placement(spec, c.x_mm, c.y_mm, c.width_mm, c.height_mm) if back else (c.x_mm, c.y_mm, 0.0)
        x1, y1 = x0 + c.width_mm, y0 + c.height_mm
        left, top, right, bottom = round(x0, 6), round(y0, 6), round(x1, 6), round(y1, 6)
        for segment in ((left, top, right, top), (left, bottom, right, bottom), (left, top, left, bottom),
                        (right, top, right, bottom)):
            segments[segment] = None
        if c.tile.round:
            segments.setdefault(("round", x0 + c.width_mm / 2, y0 + c.height_mm / 2, c.width_mm / 2), None)
    items: list[Item] = []
    for segment in segments:
        if segment[0] == "round":
            _, cx, cy, radius = segment
            items.append(Circle(cx, cy, radius, CUT_STYLE))
        else:
            items.append(Line(*segment, CUT_STYLE))
    return items


def _marks(sheet: Sheet, spec: SheetSpec, back: bool) -> list[Item]:
    """Crop marks outside the occupied block (and its bleed): above it at the first row's
    column cuts, below it at the last row's (on a grid: every column's), beside it at every
    row's cuts; with bleed, ticks in the lanes between rows of other widths. On the backs
    they lie where those cuts fall."""
    cells = sheet.cells
    rows = _rows(cells)
    every = _column_cuts(cells)
    top_xs = every if sheet.aligned else _column_cuts(rows[0])
    bottom_xs = every if sheet.aligned else _column_cuts(rows[-1])
    ys = sorted({round(v, 6) for row in rows for v in (row[0].y_mm, row[0].y_mm + max(c.height_mm for c in row))})
    left, right = min(c.x_mm for c in cells), max(c.x_mm + c.width_mm for c in cells)
    top, bottom = ys[0], ys[-1]
    near = spec.bleed_mm + CROP_GAP_MM
    far = near + CROP_LENGTH_MM
    lines: list[tuple[float, float, float, float]] = []
    lines += [(x, top - near, x, top - far) for x in top_xs]
    lines += [(x, bottom + near, x, bottom + far) for x in bottom_xs]
    for y in ys:
        if spec.duplex != "fold":  # no marks across the fold line (the block's right, mirrored on the backs)
            lines.append((right + near, y, right + far, y))
        lines.append((left - near, y, left - far, y))
    for above, below, lane_top, lane_bottom in sheet.lanes:
        middle = (lane_top + lane_bottom) / 2
        lines += [(x, lane_top + spec.bleed_mm + 0.3, x, middle - 0.2) for x in above]
        lines += [(x, middle + 0.2, x, lane_bottom - spec.bleed_mm - 0.3) for x in below]
    if back:
        lines = [(*back_point(spec, x1, y1), *back_point(spec, x2, y2)) for x1, y1, x2, y2 in lines]
    return [Line(*line, MARK_STYLE) for line in lines]


def _fold_line(sheet: Sheet, spec: SheetSpec, labels: SheetLabels) -> list[Item]:
    width, height = spec.page_mm
    top = min(c.y_mm for c in sheet.cells) - spec.bleed_mm - CROP_GAP_MM
    bottom = max(c.y_mm + c.height_mm for c in sheet.cells) + spec.bleed_mm + CROP_GAP_MM
    return [
        Line(width / 2, top - CROP_LENGTH_MM, width / 2, bottom + CROP_LENGTH_MM, FOLD_STYLE),
        Text(width / 2 - 1.5, top - CROP_LENGTH_MM - 1.0, labels.fronts, "condensed", 6, anchor="end", fill="#606060"),
        Text(width / 2 + 1.5, top - CROP_LENGTH_MM - 1.0, labels.backs, "condensed", 6, anchor="start", fill="#606060"),
        Text(width / 2 - 1.0, (top + bottom) / 2, labels.fold, "condensed", 6, anchor="middle", fill="#606060",
             rotation_deg=-90),  # in the gap beside the fold line, reading upwards
    ]


def _header(spec: SheetSpec, heading: str, footer: tuple[str, ...], scale: bool = True) -> list[Item]:
    """The sheet's title above the block; the printing notes (and a 50 mm scale bar on the
    fronts, to check the print scale) below it."""
    width, height = spec.page_mm
    items: list[Item] = [Text(spec.margin_mm, spec.margin_mm, heading, "condensed", 7, baseline="hanging",
                              fill="#303030")]  # fmt: skip
    baseline = height - spec.margin_mm + FOOTER_DROP_MM
    left = spec.margin_mm + 55
    for i, line in enumerate(_footer_lines(footer, width - spec.margin_mm - left)):
        items.append(Text(left, baseline - 2.8 * i, line, "condensed", 6.5, fill="#303030"))
    return items + (scale_bar(spec.margin_mm, baseline, 50.0) if scale else [])


def _footer_lines(notes: tuple[str, ...], width_mm: float) -> list[str]:
    """The notes on one line if they fit, else as few lines as needed (last line lowest); a
    note too long for a line of its own (a long translation) is wrapped."""
    lines: list[str] = []
    for note in notes:
        joined = f"{lines[-1]}  ·  {note}" if lines else note
        if lines and text_width_mm(joined, "condensed", 6.5) <= width_mm:
            lines[-1] = joined
        else:
            lines += wrap_text(note, "condensed", 6.5, width_mm)
    return lines[::-1]


def scale_bar(x_mm: float, baseline_mm: float, length_mm: float) -> list[Item]:
    """A ruler `length_mm` long with a tick every 10 mm: measure it to check the print scale."""
    y = baseline_mm - 1.0
    items: list[Item] = [Line(x_mm, y, x_mm + length_mm, y, MARK_STYLE)]
    for i in range(int(length_mm // 10) + 1):
        x = x_mm + i * 10
        items.append(Line(x, y, x, y - (2.0 if i % 5 == 0 else 1.2), MARK_STYLE))
    items.append(Text(x_mm + length_mm / 2, y - 1.0, f"{length_mm:g} mm", "condensed", 5, anchor="middle",
                      fill="#303030"))  # fmt: skip
    return items


def _symbols(tiles: Iterable[Tile]) -> tuple[SymbolDef, ...]:
    found: dict[str, SymbolDef] = {}
    for tile in tiles:
        for symbol in tile.symbols:
            found.setdefault(symbol.id, symbol)
    return tuple(found.values())


def _page(spec: SheetSpec, items: list[Item], symbols: tuple[SymbolDef, ...], title: str) -> Page:
    width, height = spec.page_mm
    return Page(width, height, items, symbols, trim_box_mm=(0, 0, width, height), title=title)
