"""The setup map: the part of a scenario's map around its starting units, drawn by the map's
own code, with every starting counter in its hex (or, on an area map, its area).

The map is cropped to the hexes the scenario's units use plus a margin (markers inside that
view are drawn too; those outside it are in the list) and scaled to fill a page
(landscape or portrait, whichever shows it larger). A stack is spread out inside its hex,
below the hex number, so every unit of it is seen whole: one counter large, two side by
side, three or four in a square, more in rows of three. A set-up too spread out to be read on
one page is shown at the smallest readable scale (half size) over as many pages as it needs,
leaving out pages with no stack on them. Hexes the stacking check flags get a red ring. An area map is handled the
same way: its stacks stand in the middle of their areas, above the names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.components.counter_hook import marker_counter, unit_counter
from generator import caches
from generator.components.mapparts.drawing import drawn_body
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.labels import number_box
from generator.components.mapparts.areadrawing import area_map_body, area_map_symbols, area_outline
from generator.components.mapparts.areaview import AreaMapView, AreaShape, build_area_view
from generator.components.mapparts.mapview import build_view
from generator.fonts.metrics import MM_PER_PT, text_width_mm
from generator.layout.primitives import Group, Item, Polygon, Rect, Style, SymbolDef, Text, Use
from generator.layout.transform import Transform
from generator.model.units import Marker, Unit

Box = tuple[float, float, float, float]

# Below this a map is too small to read: a set-up that would need less is shown at this
# scale over as many pages as it needs (a player reads hex numbers and counters on it; the
# true-size map is the game's own).
FIT_MIN_SCALE = 0.5
FIT_MAX_SCALE = 1.6  # a small set-up is enlarged, but not beyond this
MARGIN_HEXES = 1.0  # map shown around the outermost stacks, in hex sizes
GAP_SHARE = 0.03  # between counters of a stack, as a share of the hex size
FLAG = "#d01c1c"


@dataclass(frozen=True)
class Piece:
    """One counter in a set-up stack: a unit (at a step level) or a marker."""

    anchor: str  # "unit:<id>" or "marker:<id>:<n>"
    unit: Unit | None = None
    marker: Marker | None = None
    steps: int | None = None

    def draw(self, context, x_mm: float, y_mm: float, size_mm: float) -> Group:
        if self.unit is not None:
            return unit_counter(context.game, self.unit, x_mm, y_mm, size_mm, context.translator, self.steps)
        return marker_counter(context.game, self.marker, x_mm, y_mm, size_mm, context.translator)


@dataclass(frozen=True)
class MapSection:
    """One page of a setup map: the window of the map it shows and where the counters went."""

    map_id: str
    page_mm: tuple[float, float]
    items: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...]
    anchors: dict  # anchor -> (box in page mm, hex id)
    scale: float
    map_box: Box  # where the map is on the page
    part: int  # 1-based section number …
    parts: int  # … of this many


def stack_slots(shape: HexShape, hex_id: str, count: int, x: float, y: float) -> tuple[float, list[tuple[float, float]]]:
    """The counter size and the top-left corner of each of `count` counters spread in the hex
    centred at (x, y), in rows under the hex number."""
    s = shape.size_mm
    top = number_box(shape, hex_id, x, y)[3] + 0.01 * s
    width = (0.86 if shape.orientation == "pointy" else 0.84) * s
    return _slots(count, x, top, y + 0.48 * s, width, GAP_SHARE * s, 0.56 * s)


def area_slots(shape: AreaShape, count: int, x: float, y: float) -> tuple[float, list[tuple[float, float]]]:
    """stack_slots for an area of an area map centred at (x, y): the pieces in rows over
    the area's middle, above its name."""
    left, top, right, bottom = shape.box(x, y)
    width = right - left - 2 * shape.corner_mm * 0.35
    return _slots(count, x, top + 0.8, bottom - 0.2 * shape.height_mm, width, GAP_SHARE * shape.size_mm,
                  0.56 * shape.size_mm)


def _slots(count: int, x: float, top: float, bottom: float, width: float, gap: float,
           largest: float) -> tuple[float, list[tuple[float, float]]]:
    """`count` squares as large as fit (at most `largest`) between `top` and `bottom`, in rows
    centred on x, `width` wide: one, two side by side, three or four in a square, more in rows
    of three."""
    columns = 1 if count == 1 else 2 if count <= 4 else 3
    rows = math.ceil(count / columns)
    size = min((width - (columns - 1) * gap) / columns, (bottom - top - (rows - 1) * gap) / rows, largest)
    block_h = rows * size + (rows - 1) * gap
    y0 = top + (bottom - top - block_h) / 2
    slots = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        row_w = in_row * size + (in_row - 1) * gap
        slots.append((x - row_w / 2 + column * (size + gap), y0 + row * (size + gap)))
    return size, slots


@dataclass(frozen=True)
class SetupBoard:
    """What the setup map needs of a map, hex or area: its drawing (body items and symbols),
    its extent, the size of one hex or area, and for each place its outline, a ring for a
    flagged stack and the slots of a stack."""

    view: object  # MapView or AreaMapView
    body: tuple[Item, ...]
    symbols: tuple[SymbolDef, ...]

    @property
    def area_map(self) -> bool:
        return isinstance(self.view, AreaMapView)

    @property
    def unit_mm(self) -> float:
        return self.view.shape.size_mm if self.area_map else self.view.grid.size_mm

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.view.width_mm, self.view.height_mm

    def has(self, place_id: str) -> bool:
        """Whether the map has this hex or area (the check reports any that it lacks)."""
        if self.area_map:
            return place_id in self.view.areas
        try:
            return self.view.grid.contains(*self.view.grid.parse_id(place_id))
        except ValueError:
            return False

    def outline(self, place_id: str) -> list[tuple[float, float]]:
        if self.area_map:
            left, top, right, bottom = self.view.shape.box(*self.view.areas[place_id].centre)
            return [(left, top), (right, top), (right, bottom), (left, bottom)]
        return list(self.view.grid.corners_mm(*self.view.grid.parse_id(place_id)))

    def ring(self, place_id: str) -> Item:
        flag = Style(stroke=FLAG, stroke_width_mm=0.8)
        if self.area_map:
            return area_outline(self.view.shape, *self.view.areas[place_id].centre, flag)
        return Polygon(self.outline(place_id), flag)

    def slots(self, place_id: str, count: int) -> tuple[float, list[tuple[float, float]]]:
        if self.area_map:
            return area_slots(self.view.shape, count, *self.view.areas[place_id].centre)
        grid = self.view.grid
        return stack_slots(HexShape.of(grid), place_id, count, *grid.centre_mm(*grid.parse_id(place_id)))


def _stacks_by_hex(context, board: SetupBoard, stacks: dict[str, list[Piece]],
                   flagged: set[str]) -> tuple[list[tuple[Box, list[Item]]], dict]:
    """The counters of each stack in its hex or area (map coordinates), place by place: (the
    box everything drawn for the place fits in, its items); and each counter's box by anchor."""
    by_hex: list[tuple[Box, list[Item]]] = []
    anchors: dict[str, tuple[Box, str]] = {}
    for hex_id in sorted(stacks):
        items: list[Item] = []
        corners = board.outline(hex_id)
        if hex_id in flagged:
            items.append(board.ring(hex_id))
        size, slots = board.slots(hex_id, len(stacks[hex_id]))
        shadow = Style.filled("#000000", opacity=0.35)
        boxes = [(min(p[0] for p in corners) - 1, min(p[1] for p in corners) - 1,
                  max(p[0] for p in corners) + 1, max(p[1] for p in corners) + 1)]
        for piece, (left, top) in zip(stacks[hex_id], slots):
            offset = 0.04 * size
            items.append(Rect(left + offset, top + offset, size, size, shadow))
            items.append(piece.draw(context, left, top, size))
            anchors[piece.anchor] = ((left, top, left + size, top + size), hex_id)
            boxes.append((left, top, left + size + offset, top + size + offset))
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        by_hex.append((box, items))
    return by_hex, anchors


def framing_hexes(stacks: dict[str, list[Piece]]) -> list[str]:
    """The hexes the map view is cropped to: those with units (markers out of that view, a
    row of control markers far behind the lines, are left to the list), else every stack."""
    with_units = [hex_id for hex_id, pieces in stacks.items() if any(p.unit is not None for p in pieces)]
    return with_units or list(stacks)


def crop_box(board: SetupBoard, hex_ids) -> Box:
    """The hexes' (or areas') extent plus a margin, kept within the map's grid area (board)."""
    points = [p for hex_id in hex_ids for p in board.outline(hex_id)]
    margin = MARGIN_HEXES * board.unit_mm
    width, height = board.size_mm
    left = max(0.0, min(x for x, _ in points) - margin)
    top = max(0.0, min(y for _, y in points) - margin)
    right = min(width, max(x for x, _ in points) + margin)
    bottom = min(height, max(y for _, y in points) + margin)
    return left, top, right, bottom


def map_sections(context, map_id: str, stacks: dict[str, list[Piece]], flagged: set[str],
                 frame_of) -> list[MapSection]:
    """The pages showing `stacks` on map `map_id`. `frame_of(page_mm)` gives the region of a
    page of that size the map may fill."""
    board = _drawn_map(context, map_id)
    stacks = {place: pieces for place, pieces in stacks.items() if board.has(place)}
    if not stacks:
        return []
    crop = crop_box(board, framing_hexes(stacks))
    by_hex, anchors = _stacks_by_hex(context, board, stacks, flagged)
    body = SymbolDef(f"setup-map-{map_id}", crop, _within(board, crop))
    symbols = (*board.symbols, body)
    page_mm, scale = _fit(context.options.paper_mm, crop, frame_of)
    if scale >= FIT_MIN_SCALE - 1e-9:
        windows = [crop]
    else:
        page_mm, scale = _landscape(context.options.paper_mm), FIT_MIN_SCALE
        windows = _windows(crop, frame_of(page_mm), board.unit_mm, anchors, scale)
    sections = []
    for part, window in enumerate(windows, start=1):
        frame = frame_of(page_mm)
        width, height = (window[2] - window[0]) * scale, (window[3] - window[1]) * scale
        x0 = frame.x_mm + (frame.width_mm - width) / 2
        place = Transform.translate(-window[0], -window[1]).then(Transform.scale(scale)).then(
            Transform.translate(x0, frame.y_mm))
        clip = Rect(window[0], window[1], window[2] - window[0], window[3] - window[1])
        # Only the stacks this window shows: a true-size window clips the rest away anyway, and
        # drawing every stack on every window multiplied a big setup's PDF by its windows.
        overlay = [item for box, items in by_hex if _overlaps(box, window) for item in items]
        drawn = Group((Use(body.id, 0.0, 0.0), *overlay), place, clip=clip)
        frame_line = Rect(x0, frame.y_mm, width, height, Style(stroke="#444444", stroke_width_mm=0.3))
        placed = {name: (_moved(box, place), hex_id) for name, (box, hex_id) in anchors.items()
                  if _inside(box, window)}
        map_box = (x0, frame.y_mm, x0 + width, frame.y_mm + height)
        sections.append(MapSection(map_id, page_mm, (drawn, frame_line), symbols, placed, scale, map_box, part,
                                   len(windows)))
    return sections


def _drawn_map(context, map_id: str) -> SetupBoard:
    """The map's view, body and symbols, once per build and language: every scenario's setup
    map shows the same map (the scenarios differ in the stacks on it), and a hex map's body
    is the map's own (`drawn_body`: drawn once for the map and its setup maps)."""
    game, spec = context.game, context.game.maps[map_id]

    def draw() -> SetupBoard:
        if spec.is_area:
            view = build_area_view(game, spec, context.translator)
            return SetupBoard(view, tuple(area_map_body(view)), area_map_symbols(view))
        view = build_view(game, spec, context.translator)
        return SetupBoard(view, *drawn_body(game, view, HexShape.of(view.grid)))

    return caches.remembered_words("setup_map.board", game, map_id, context.translator, draw)


def _within(board: SetupBoard, crop: Box) -> tuple[Item, ...]:
    """The map's body less the symbols and texts wholly outside the crop, which the form
    (clipped to the crop) would never show: a set-up in one corner of a large map no longer
    carries every hex of it in its PDF. Lines, areas and groups stay (they may cross it)."""
    sizes = {symbol.id: max(abs(v) for v in symbol.bbox_mm) * 1.5 for symbol in board.symbols}  # ≥ corner distance
    kept = []
    for item in board.body:
        if isinstance(item, Use) and item.symbol_id in sizes:
            reach = sizes[item.symbol_id] * abs(item.scale)
        elif isinstance(item, Text):
            reach = text_width_mm(item.text, item.font, item.size_pt) + item.size_pt * MM_PER_PT
        else:
            kept.append(item)
            continue
        if _overlaps((item.x_mm - reach, item.y_mm - reach, item.x_mm + reach, item.y_mm + reach), crop):
            kept.append(item)
    return tuple(kept)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _fit(paper_mm, crop: Box, frame_of) -> tuple[tuple[float, float], float]:
    """The page orientation that shows the crop largest, and that scale."""
    best = None
    for page_mm in (tuple(paper_mm), _landscape(paper_mm)):
        frame = frame_of(page_mm)
        scale = min(frame.width_mm / (crop[2] - crop[0]), frame.height_mm / (crop[3] - crop[1]), FIT_MAX_SCALE)
        if best is None or scale > best[1] + 1e-9:
            best = (page_mm, scale)
    return best


def _landscape(paper_mm) -> tuple[float, float]:
    return max(paper_mm), min(paper_mm)


def _windows(crop: Box, frame, hex_mm: float, anchors: dict, scale: float = 1.0) -> list[Box]:
    """Windows over the crop the size of a page at `scale`, placed where the stacks are: the
    top-most stack not yet shown starts a window, slid sideways to show as many others as
    it can. Every stack is wholly inside one window; empty stretches of map get none."""
    width, height = min(frame.width_mm / scale, crop[2] - crop[0]), min(frame.height_mm / scale, crop[3] - crop[1])
    remaining = {hex_id: box for hex_id, box in _stack_boxes(anchors).items() if _inside(box, crop)}
    windows: list[Box] = []
    while remaining:
        first = min(remaining.values(), key=lambda box: (round(box[1], 3), box[0]))
        top = _clamp(first[1] - 0.5 * hex_mm, crop[1], crop[3] - height)
        lefts = _steps(first[2] + 0.3 * hex_mm - width, first[0] - 0.3 * hex_mm, 0.5 * hex_mm)
        best: tuple[int, Box] | None = None
        for left in lefts:
            left = _clamp(left, crop[0], crop[2] - width)
            window = (left, top, left + width, top + height)
            covered = sum(1 for box in remaining.values() if _inside(box, window))
            if best is None or covered > best[0]:
                best = (covered, window)
        window = best[1]
        windows.append(window)
        left_out = {hex_id: box for hex_id, box in remaining.items() if not _inside(box, window)}
        if len(left_out) == len(remaining):  # cannot happen (the first stack fits its window); never loop
            break
        remaining = left_out
    return sorted(windows, key=lambda w: (round(w[1], 3), w[0]))


def _stack_boxes(anchors: dict) -> dict[str, Box]:
    """hex id -> the box around all the counters of its stack."""
    boxes: dict[str, Box] = {}
    for box, hex_id in anchors.values():
        old = boxes.get(hex_id, box)
        boxes[hex_id] = (min(old[0], box[0]), min(old[1], box[1]), max(old[2], box[2]), max(old[3], box[3]))
    return boxes


def _steps(first: float, last: float, step: float) -> list[float]:
    count = max(0, int((last - first) // step))
    return [first + i * step for i in range(count + 1)] + [last]


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(value, high)) if high >= low else low


def _inside(box: Box, window: Box) -> bool:
    return box[0] >= window[0] and box[1] >= window[1] and box[2] <= window[2] and box[3] <= window[3]


def _moved(box: Box, place: Transform) -> Box:
    x1, y1 = place.apply(box[0], box[1])
    x2, y2 = place.apply(box[2], box[3])
    return x1, y1, x2, y2
