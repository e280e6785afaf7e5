"""Several maps on one printed sheet (GWNE 1.2: three front maps, each at its own scale, with
the holding boxes and tables on one map sheet).

Each map keeps its own grid, hex size and numbering: it is laid out by the same code as a
map printed alone (`map_body`), under a caption with its title, its scale, its movement
factor and a north arrow. The maps are set in columns, and one panel holds the game's title,
a legend of every map and the boxes of the sheet and its maps. Unless the sheet gives an
`arrangement`, every way of putting the maps in columns is tried and the one needing the
fewest tiled sheets (then the smallest, most paper-shaped sheet) wins.

The maps' symbols keep their names where two maps draw them alike (same hex size and
orientation); a map whose symbols differ gets its own copies, renamed after the map.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations

from generator.components.mapparts.drawing import MapDrawing, boxes_at, frame_items, map_body, map_symbols, panel_items
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.legend import legend_blocks
from generator.components.mapparts.mapview import MapView, build_view
from generator.components.mapparts.palette import INK, PAPER, SOFT_INK
from generator.components.mapparts.panel import (
    Panel,
    arrange_panel,
    box_choice,
    content_boxes,
    compass,
    heading_block,
    map_notes,
    page_size,
    map_is_illustrative,
    paper_score,
    shown_track,
    retreat_blocks,
)
from generator.components.mapparts.samples import sample_symbols
from generator.layout.primitives import Group, Item, Rect, Style, SymbolDef, Text, Use
from generator.fonts.metrics import fit_text_size
from generator.layout.tile_pages import tiling_cost
from generator.layout.transform import Transform
from generator.model.game import Game
from generator.model.mapdata import MapSheet

CAPTION_MM = 17.0  # the strip above each map: title, scale, movement, north arrow
GAP_MM = 8.0  # between maps
MAX_ORDERS = 120  # maps orders tried (5 maps); beyond that the sheet's order is kept


@dataclass(frozen=True)
class Piece:
    """One map of the sheet at its own origin: caption on top, then the hexes."""

    map_id: str
    width_mm: float
    height_mm: float
    items: tuple[Item, ...]


def draw_sheet(game: Game, sheet: MapSheet, counter_mm: float = 15.875, translator=None,
               tiling: tuple | None = None) -> MapDrawing:
    views = [build_view(game, game.maps[map_id], translator) for map_id in sheet.maps]
    shapes = [HexShape.of(view.grid) for view in views]
    symbols = _Symbols()
    symbols.add(_legend_symbols(views, shapes[0]), "")
    pieces = {view.spec.id: _piece(view, shape, symbols) for view, shape in zip(views, shapes)}
    heading = [views[0].words.of(sheet, "title")]
    if any(map_is_illustrative(game, view.spec.id) for view in views):
        heading.append(views[0].words.illustrative_note())
    blocks = [heading_block(views[0].words, game.spec, heading, north_arrow=False)]
    blocks += retreat_blocks(views) + legend_blocks(views, shapes[0])
    owned = [(sheet.id, box) for box in sheet.boxes] + [(v.spec.id, b) for v in views for b in v.spec.boxes]
    blocks += [box_choice(views[0].words, owner, box, counter_mm, views[0].side_colour, shown_track(game, box))
               for owner, box in owned]
    margin = sheet.margin_mm
    best = None
    for groups, across in _arrangements(sheet):
        body = _body(groups, pieces, margin, across)
        panel = arrange_panel(blocks, body.size_mm, margin, sheet.panel, tiling,
                              tuple(box.id for _, box in owned), _pockets(body, margin)) if sheet.panel != "none" \
            else Panel("none", 0.0, 0.0, ())
        size = page_size(body.size_mm, panel)
        rank = (tiling_cost(size, *tiling, content_boxes(panel, body.size_mm)) if tiling else (0, 0, False),
                paper_score(size))
        if best is None or rank < best[0]:
            best = (rank, body, panel, size)
    _, body, panel, (width, height) = best
    items: list[Item] = [Rect(0, 0, width, height, Style.filled(PAPER)), *body.items,
                         *panel_items(panel, body.size_mm)]
    title = views[0].words.of(sheet, "title")
    return MapDrawing(sheet.id, title, width, height, tuple(items), symbols.all(), (0.0, 0.0, width, height),
                      boxes_at(panel, body.size_mm), body.grids, content_boxes(panel, body.size_mm))


# -- one map ------------------------------------------------------------------------------

def _piece(view: MapView, shape: HexShape, symbols: "_Symbols") -> Piece:
    renamed = symbols.add(map_symbols(view, shape), f"{view.spec.id}-")
    grid = view.grid
    body = rename_uses(map_body(view, shape), renamed)
    hexes = Group((*body, *frame_items(grid.width_mm, grid.height_mm, view.spec.grid.margin_mm)),
                  Transform.translate(0.0, CAPTION_MM))
    return Piece(view.spec.id, grid.width_mm, grid.height_mm + CAPTION_MM, (*_caption(view), hexes))


def _caption(view: MapView) -> list[Item]:
    """The map's title large, its scale and movement factor under it, a north arrow right."""
    words, spec, grid = view.words, view.spec, view.grid
    left, room = spec.grid.margin_mm, grid.width_mm - 2 * spec.grid.margin_mm - 16
    title = words.of(spec, "title")
    items: list[Item] = [Text(left, 3.0, title, "title", fit_text_size(title, "title", room, 16, 7) or 7,
                              baseline="hanging", fill=INK)]
    notes = " · ".join(map_notes(words, spec))
    if notes:
        size = fit_text_size(notes, "condensed", room, 8.5, 4.5) or 4.5
        items.append(Text(left, 10.5, notes, "condensed-bold" if spec.movement_factor != 1 else "condensed", size,
                          baseline="hanging", fill=INK if spec.movement_factor != 1 else SOFT_INK))
    items += compass(grid.width_mm - spec.grid.margin_mm - 7, CAPTION_MM / 2, 6.0)
    return items


# -- arranging the maps -------------------------------------------------------------------

@dataclass(frozen=True)
class _Body:
    size_mm: tuple[float, float]
    items: tuple[Item, ...]
    grids: tuple[tuple[str, tuple[float, float, float, float]], ...]  # each map's hexes: (map id, (x, y, w, h))


def _arrangements(sheet: MapSheet) -> list[tuple[list[list[str]], bool]]:
    """Groups of maps, and whether the groups are rows (side by side within a row) rather
    than columns (top to bottom within a column): the sheet's own columns, or every order
    of its maps cut into groups every possible way, as columns and as rows."""
    if sheet.arrangement is not None:
        return [(sheet.arrangement, False)]
    maps = list(dict.fromkeys(sheet.maps))
    orders = list(permutations(maps)) if len(maps) <= 5 else [tuple(maps)]
    found = []
    for order in orders[:MAX_ORDERS]:
        for cuts in range(2 ** (len(order) - 1)):
            columns, current = [], [order[0]]
            for index, map_id in enumerate(order[1:]):
                if cuts >> index & 1:
                    columns.append(current)
                    current = []
                current.append(map_id)
            groups = columns + [current]
            found.append((groups, False))
            if 1 < len(groups) < len(order):  # one group, or one map each, is the same either way
                found.append((groups, True))
    return found


def _body(groups: list[list[str]], pieces: dict[str, Piece], margin: float, across: bool) -> _Body:
    """The maps set in columns (or rows, `across`), each map centred in its column (row),
    the sheet's margin round."""
    def size(map_id: str) -> tuple[float, float]:
        piece = pieces[map_id]
        return (piece.height_mm, piece.width_mm) if across else (piece.width_mm, piece.height_mm)

    items: list[Item] = []
    grids = []
    along, extent = margin, 0.0  # along the groups; the longest group
    for group in groups:
        breadth = max(size(m)[0] for m in group)
        down = margin
        for map_id in group:
            wide, long = size(map_id)
            x, y = along + (breadth - wide) / 2, down
            left, top = (y, x) if across else (x, y)
            piece = pieces[map_id]
            items.append(Group(piece.items, Transform.translate(left, top)))
            grids.append((map_id, (left, top + CAPTION_MM, piece.width_mm, piece.height_mm - CAPTION_MM)))
            down += long + GAP_MM
        extent = max(extent, down - GAP_MM)
        along += breadth + GAP_MM
    total = (along - GAP_MM + margin, extent + margin)
    return _Body(total[::-1] if across else total, tuple(items), tuple(grids))


def _pockets(body: _Body, margin: float) -> tuple[tuple[float, float, float, float], ...]:
    """Room the sheet's shorter maps leave under them (x, y, width, height): under the first
    maps from the left, down to the sheet's margin, clear of every map, where at least 20 mm
    high."""
    boxes = sorted((x, y - CAPTION_MM, x + w, y + h) for _, (x, y, w, h) in body.grids)
    found = []
    for count in range(1, len(boxes)):
        left, right = min(b[0] for b in boxes[:count]), max(b[2] for b in boxes[:count])
        top = max(b[3] for b in boxes[:count]) + GAP_MM
        bottom = body.size_mm[1] - margin
        if bottom - top >= 20.0 and not any(b[0] < right and b[2] > left and b[1] < bottom and b[3] > top
                                            for b in boxes[count:]):
            found.append((left, top, right - left, bottom - top))
    return tuple(found)


# -- symbols ------------------------------------------------------------------------------

def _legend_symbols(views: list[MapView], shape: HexShape) -> list[SymbolDef]:
    """What the legend's samples place, at the size they are drawn."""
    terrain = {h.style for v in views for h in v.hexes.values()}
    features = {f for v in views for h in v.hexes.values() for f in h.features}
    sides = {style for v in views for style in (*v.along, *v.across)}
    return sample_symbols(shape, terrain, features, sides)


class _Symbols:
    """The sheet's symbols, each id once: a map's symbol equal to one already there is
    shared; one that differs (another hex size) is kept under a name of its own."""

    def __init__(self) -> None:
        self._by_id: dict[str, SymbolDef] = {}

    def add(self, symbols, prefix: str) -> dict[str, str]:
        """Add `symbols`; return the names changed (old -> new)."""
        renamed: dict[str, str] = {}
        changed = True
        while changed:  # a symbol placing a renamed one is renamed too
            changed = False
            for symbol in symbols:
                if symbol.id not in renamed and (self._by_id.get(symbol.id, symbol) != symbol
                                                 or used_symbols(symbol.items) & renamed.keys()):
                    renamed[symbol.id] = prefix + symbol.id
                    changed = True
        for symbol in symbols:
            symbol = replace(symbol, id=renamed.get(symbol.id, symbol.id),
                             items=tuple(rename_uses(symbol.items, renamed)))
            self._by_id.setdefault(symbol.id, symbol)
        return renamed

    def all(self) -> tuple[SymbolDef, ...]:
        return tuple(self._by_id.values())


def used_symbols(items) -> set[str]:
    """The ids of every symbol `items` place, inside groups too."""
    found: set[str] = set()
    for item in items:
        if isinstance(item, Use):
            found.add(item.symbol_id)
        elif isinstance(item, Group):
            found |= used_symbols(item.items)
    return found


def rename_uses(items, renamed: dict[str, str]) -> list[Item]:
    """`items` with every Use of a renamed symbol pointing at its new name."""
    if not renamed:
        return list(items)
    out: list[Item] = []
    for item in items:
        if isinstance(item, Use) and item.symbol_id in renamed:
            item = replace(item, symbol_id=renamed[item.symbol_id])
        elif isinstance(item, Group):
            item = replace(item, items=tuple(rename_uses(item.items, renamed)))
        out.append(item)
    return out
