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

from generator.layout.primitives import Circle, Group, Item, Line, Page, Style, SymbolDef, Text
from generator.layout.text_metrics import text_width_mm
from generator.layout.transform import Transform
from generator.layout.wrap import wrap_text

Duplex = Literal["long", "short", "fold", "none"]
CROP_GAP_MM = 1.5  # between the block (with its bleed) and a crop mark
CROP_LENGTH_MM = 4.0
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
    margin_mm: float = 10.0  # paper edge to crop marks: most printers cannot print closer
    header_mm: float = 7.0  # room for the sheet title above the block and the footer below
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
    """One double-sided piece: items drawn with the cut box's top-left corner at (0, 0)."""

    front: tuple[Item, ...]
    back: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...] = ()
    round: bool = False


@dataclass(frozen=True)
class TileGroup:
    """Tiles printed together from a fresh sheet (a side); each row starts a new grid row."""

    title: str
    rows: tuple[tuple[Tile, ...], ...]


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


def back_placement(spec: SheetSpec, x_mm: float, y_mm: float) -> tuple[float, float, float]:
    """Where the back of the tile whose front cut box starts at (x, y) goes: the top-left
    corner of its cut box on the backs side, and its rotation about the box's centre."""
    if spec.duplex == "short":
        return (*back_point(spec, x_mm, y_mm + spec.cell_h_mm), 180.0)
    return (*back_point(spec, x_mm + spec.cell_mm, y_mm), 0.0)


def placed(items: tuple[Item, ...], x_mm: float, y_mm: float, rotation_deg: float, size_mm: float,
           height_mm: float | None = None) -> Group:
    """Tile items put down with their cut box (`size_mm` wide, `height_mm` high, default
    square) at (x, y), turned about the box's centre."""
    transform = Transform.translate(x_mm, y_mm)
    if rotation_deg:
        height = size_mm if height_mm is None else height_mm
        transform = Transform.rotate(rotation_deg, size_mm / 2, height / 2).then(transform)
    return Group(items, transform)


def impose(groups: Sequence[TileGroup], spec: SheetSpec, title: str, notes: Sequence[str] = (),
           labels: SheetLabels = SheetLabels()) -> list[Page]:
    """All pages: for duplex, each fronts page followed by its backs page; for fold (and for
    none: fronts only), one page per sheet. `notes` are printed in the footer of every page."""
    grid = grid_for(spec)
    sheets = [(group.title, sheet) for group in groups for sheet in _fill(group.rows, grid)]
    pages: list[Page] = []
    footer = tuple(notes)
    for number, (group_title, cells) in enumerate(sheets, start=1):
        heading = f"{title} — {group_title} — {labels.sheet(number)}"
        fronts = _front_items(cells, grid, spec)
        backs = _back_items(cells, grid, spec) if spec.duplex != "none" else []
        symbols = _symbols(tile for tile, _, _ in cells)
        if spec.duplex == "fold":
            items = [*fronts, *backs, *_marks(cells, grid, spec, back=False), *_marks(cells, grid, spec, back=True),
                     *_fold_line(grid, spec, labels), *_header(spec, heading, footer)]
            pages.append(_page(spec, items, symbols, heading))
            continue
        if spec.duplex == "none":
            items = [*fronts, *_marks(cells, grid, spec, back=False), *_header(spec, heading, footer)]
            pages.append(_page(spec, items, symbols, heading))
            continue
        front_heading, back_heading = f"{heading} — {labels.fronts}", f"{heading} — {labels.backs}"
        pages.append(_page(spec, [*fronts, *_marks(cells, grid, spec, back=False),
                                  *_header(spec, front_heading, footer)], symbols, front_heading))
        pages.append(_page(spec, [*backs, *_marks(cells, grid, spec, back=True),
                                  *_header(spec, back_heading, footer, scale=False)], symbols, back_heading))  # fmt: skip
    return pages


Cell = tuple[Tile, float, float]  # a tile and its cut box's top-left corner on the fronts page


def _fill(rows: Iterable[tuple[Tile, ...]], grid: Grid) -> list[list[Cell]]:
    """Tiles into sheets, row group by row group, each group from a fresh grid row."""
    sheets: list[list[Cell]] = [[]]
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


def _front_items(cells: list[Cell], grid: Grid, spec: SheetSpec) -> list[Item]:
    items: list[Item] = [placed(tile.front, x, y, 0.0, spec.cell_mm, spec.cell_h_mm) for tile, x, y in cells]
    return items + _cut_guides(cells, grid, spec, back=False)


def _back_items(cells: list[Cell], grid: Grid, spec: SheetSpec) -> list[Item]:
    items: list[Item] = []
    for tile, x, y in cells:
        bx, by, turn = back_placement(spec, x, y)
        items.append(placed(tile.back, bx, by, turn, spec.cell_mm, spec.cell_h_mm))
    return items + _cut_guides(cells, grid, spec, back=True)


def _cut_guides(cells: list[Cell], grid: Grid, spec: SheetSpec, back: bool) -> list[Item]:
    """Without bleed: hairlines on the cuts round every occupied cell (each drawn once),
    and a circle round each round tile."""
    if spec.bleed_mm > 0:
        return []
    size = spec.cell_mm
    segments: dict[tuple[float, float, float, float], None] = {}
    for tile, x, y in cells:
        x0, y0, _ = back_placement(spec, x, y) if back else (x, y, 0.0)
        x1, y1 = x0 + size, y0 + spec.cell_h_mm
        for segment in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
            segments[tuple(round(v, 6) for v in segment)] = None  # type: ignore[index]
        if tile.round:
            segments.setdefault(("round", x0, y0, size), None)  # type: ignore[index]
    items: list[Item] = []
    for segment in segments:
        if segment[0] == "round":
            _, x0, y0, _ = segment
            items.append(Circle(x0 + size / 2, y0 + size / 2, size / 2, CUT_STYLE))
        else:
            items.append(Line(*segment, CUT_STYLE))
    return items


def _used_cuts(cells: list[Cell], spec: SheetSpec) -> tuple[list[float], list[float]]:
    """Cut positions of the occupied columns and rows, on the fronts side."""
    xs = sorted({round(v, 6) for _, x, _ in cells for v in (x, x + spec.cell_mm)})
    ys = sorted({round(v, 6) for _, _, y in cells for v in (y, y + spec.cell_h_mm)})
    return xs, ys


def _cut_positions(cells: list[Cell], grid: Grid, spec: SheetSpec, back: bool) -> tuple[list[float], list[float]]:
    """Every used cut's x and y on the fronts side, or where those cuts fall on the backs."""
    xs, ys = _used_cuts(cells, spec)
    if not back:
        return xs, ys
    y0, x0 = grid.y0_mm, grid.x0_mm
    return sorted(back_point(spec, x, y0)[0] for x in xs), sorted(back_point(spec, x0, y)[1] for y in ys)


def _block_box(cells: list[Cell], spec: SheetSpec, back: bool) -> tuple[float, float, float, float]:
    """The cut outline of the occupied cells on the fronts or the backs side."""
    xs, ys = _used_cuts(cells, spec)
    box = xs[0], ys[0], xs[-1], ys[-1]
    if not back:
        return box
    (x1, y1), (x2, y2) = back_point(spec, box[0], box[1]), back_point(spec, box[2], box[3])
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _marks(cells: list[Cell], grid: Grid, spec: SheetSpec, back: bool) -> list[Item]:
    """Crop marks outside the occupied block (and its bleed) at every used cut position."""
    left, top, right, bottom = _block_box(cells, spec, back)
    xs, ys = _cut_positions(cells, grid, spec, back)
    near = spec.bleed_mm + CROP_GAP_MM
    far = near + CROP_LENGTH_MM
    items: list[Item] = []
    for x in xs:
        items.append(Line(x, top - near, x, top - far, MARK_STYLE))
        items.append(Line(x, bottom + near, x, bottom + far, MARK_STYLE))
    for y in ys:
        if not (spec.duplex == "fold" and not back):  # no marks across the fold line
            items.append(Line(right + near, y, right + far, y, MARK_STYLE))
        if not (spec.duplex == "fold" and back):
            items.append(Line(left - near, y, left - far, y, MARK_STYLE))
    return items


def _fold_line(grid: Grid, spec: SheetSpec, labels: SheetLabels) -> list[Item]:
    width, height = spec.page_mm
    top = grid.y0_mm - spec.bleed_mm - CROP_GAP_MM
    bottom = grid.y0_mm + grid.height_mm + spec.bleed_mm + CROP_GAP_MM
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
    baseline = height - spec.margin_mm
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
