"""The side panel: title and compass, the legend, and the holding / off-map boxes.

It sits to the right of a tall map or below a wide one (`panel:` in the map's spec
overrides), so the printed sheet stays close to the shape of the hexes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.components.mapparts.panel_flow import COLUMN_MM, GAP_MM, Block, flow, place, span_width
from generator.components.record_space import space_fit
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.legend import legend_blocks
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.palette import FRAME, INK, PAPER, SOFT_INK, pen
from generator.layout.primitives import Circle, Item, Polygon, Rect, Style, Text
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.tile_pages import tiling_cost
from generator.layout.wrap import wrap_text
from generator.model.track import parse_window

BOX_KIND = {"holding": "holding box", "off_map": "off-map box", "track": "track", "pool": "pool",
            "transit": "transit box"}


@dataclass(frozen=True)
class Panel:
    side: str  # right | bottom | none
    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    # Where each of the map's boxes is drawn, in the panel's own mm: (box id, (x, y, w, h)).
    boxes: tuple[tuple[str, tuple[float, float, float, float]], ...] = ()
    # Beside a right panel, the track boxes it leaves under the body (where that prints fewer
    # sheets): the band's items, size and boxes, in its own mm (its origin the body's foot).
    band_items: tuple[Item, ...] = ()
    band_mm: tuple[float, float] = (0.0, 0.0)
    band_boxes: tuple[tuple[str, tuple[float, float, float, float]], ...] = ()
    # Where the band is drawn on the page when it sits in a pocket of the body (room a map
    # sheet's shorter maps leave under them), not under the body: (x, y) in mm.
    band_at: tuple[float, float] | None = None


# A panel's block, or a track box's ways of being laid out (narrowest first): it spans as
# many columns as the panel's height asks for.
Choice = Block | tuple[Block, ...]
MAX_SPAN = 12


def build_panel(view: MapView, shape: HexShape, counter_mm: float, tiling: tuple | None = None,
                legend: list[Block] | None = None) -> Panel:
    """The panel on the side the map asks for (`auto`: either), its columns as tall as
    gives the fewest tiled pages (the sheets, and the assembly's page unless a tile has room
    for it) (when `tiling` = (paper_mm, overlap_mm) is given), then the
    smallest, most paper-shaped sheet. `legend`: the legend's blocks (default: a hex map's).
    `view` may be any map's view with `spec`, `game`, `words`, `side_colour`, `width_mm`,
    `height_mm` and `margin_mm` (an area map's too)."""
    if view.spec.panel == "none":
        return Panel("none", 0.0, 0.0, ())
    legend = legend_blocks([view], shape) if legend is None else legend
    blocks: list[Choice] = [title_block(view)] + retreat_blocks([view]) + legend
    blocks += [box_choice(view.words, view.spec.id, b, counter_mm, view.side_colour, shown_track(view.game, b))
               for b in view.spec.boxes]
    return arrange_panel(blocks, (view.width_mm, view.height_mm), view.margin_mm, view.spec.panel, tiling,
                         tuple(b.id for b in view.spec.boxes))


def box_choice(words, owner_id: str, box, counter_mm: float, side_colour=None, track=None) -> Choice:
    """A box's block; a track box's blocks at each span that lowers it (its spaces hold a
    counter at true size, so a wide track takes several columns)."""
    if track is None or (isinstance(track, tuple) and not track):
        return box_block(words, owner_id, box, counter_mm, side_colour, track)
    variants = [box_block(words, owner_id, box, counter_mm, side_colour, track, 1)]
    for span in range(2, MAX_SPAN + 1):
        wider = box_block(words, owner_id, box, counter_mm, side_colour, track, span)
        if wider.height_mm < variants[-1].height_mm - 0.01:  # only a span that saves a row
            variants.append(wider)
    return tuple(variants) if len(variants) > 1 else variants[0]


def variants(choice: Choice) -> tuple[Block, ...]:
    return choice if isinstance(choice, tuple) else (choice,)


def pick(choice: Choice, height_mm: float) -> Block:
    """The narrowest of a choice's blocks no taller than `height_mm`, else its lowest."""
    found = variants(choice)
    return next((b for b in found if b.height_mm <= height_mm), found[-1])


def arrange_panel(blocks: list[Choice], body_mm: tuple[float, float], margin_mm: float, where: str,
                  tiling: tuple | None = None, box_ids: tuple[str, ...] = (),
                  pockets: tuple[tuple[float, float, float, float], ...] = ()) -> Panel:
    """The blocks flowed into columns beside (`right`) or below (`bottom`) a body of
    `body_mm`, or whichever of the two is better (`auto`). The last blocks are the boxes
    `box_ids`; the panel records where each is drawn. A track box spans the columns its
    spaces need at the panel's height; beside a right panel its track boxes may go in a band
    under the body instead, where that prints fewer sheets."""
    sides = ("bottom", "right") if where == "auto" else (where,)
    ids = [None] * (len(blocks) - len(box_ids)) + list(box_ids)
    options = []
    for side in sides:
        options += _options(blocks, ids, body_mm, margin_mm, side)
        if side == "right":
            for under in _band_sets([n for n, choice in enumerate(blocks) if isinstance(choice, tuple)]):
                rest = [n for n in range(len(blocks)) if n not in under]
                bands = {}
                for more in range(3):  # under the body, or on under a panel no taller than the body
                    band = _band([variants(blocks[n]) for n in under], [ids[n] for n in under],
                                 body_mm[0] - 2 * BAND_MARGIN_MM + more * (COLUMN_MM + GAP_MM))
                    if band is not None:
                        bands.setdefault(band[1], band)
                for band in bands.values():
                    options += [panel for panel in _options([blocks[n] for n in rest], [ids[n] for n in rest],
                                                            body_mm, margin_mm, side, band)
                                if BAND_MARGIN_MM + band[1][0] <= body_mm[0] or panel.height_mm <= body_mm[1]]
        # track boxes in a pocket of the body (x, y, width, height), where one has room
        flexible = [n for n, choice in enumerate(blocks) if isinstance(choice, tuple)]
        for x, y, width, height in pockets:
            for under in _band_sets(flexible):
                band = _band([variants(blocks[n]) for n in under], [ids[n] for n in under], width)
                if band is not None and band[1][1] <= height:
                    rest = [n for n in range(len(blocks)) if n not in under]
                    options += _options([blocks[n] for n in rest], [ids[n] for n in rest], body_mm, margin_mm,
                                        side, (*band, (x, y)))
    costs: dict[tuple, tuple[int, int]] = {}  # panels of one size tile alike: planned once

    def sheets(panel: Panel) -> tuple[int, int]:
        key = (panel.side, panel.width_mm, panel.height_mm, panel.band_mm, panel.band_at)
        if key not in costs:
            costs[key] = _sheets(body_mm, panel, tiling)
        return costs[key]

    return min(options, key=lambda p: (sheets(p), _score(body_mm, p)))


def _band_sets(flexible: list[int]) -> list[tuple[int, ...]]:
    """Which track boxes may go under the body together: any of them (all or each alone
    when there are many)."""
    from itertools import combinations

    if len(flexible) > 4:
        return [tuple(flexible), *((n,) for n in flexible)]
    return [combo for size in range(1, len(flexible) + 1) for combo in combinations(flexible, size)]


def _options(blocks: list[Choice], ids: list, body_mm, margin_mm: float, side: str, band=None) -> list[Panel]:
    """The panel at each column height from its tallest block's (beside a right panel, the
    body's) to all its blocks in one column, 5 mm apart: at each, the narrowest of the ways
    its track boxes can be laid out (`_layouts`)."""
    tallest = max(variants(c)[-1].height_mm for c in blocks)
    total = sum(variants(c)[0].height_mm + GAP_MM for c in blocks)
    start = max(tallest, body_mm[1] - 2 * margin_mm) if side == "right" else tallest
    height, found = start, []
    while True:
        flowed = [(flow(layout[0], height), layout) for layout in _layouts(blocks, ids, height)]
        chosen = min(flowed, key=lambda pair: (pair[0].columns, pair[0].height_mm))[1]  # the first of the least
        found.append(_panel(*chosen[:1], margin_mm, side, height, chosen[1], band))
        if height >= total:
            break
        height += 5.0
    return found


def _layouts(blocks: list[Choice], ids: list, height_mm: float) -> list[tuple[list[Block], list]]:
    """The blocks in their order, each track box the narrowest of its blocks that fits the
    height; and, with track boxes, every choice of their spans no taller than the height,
    the widest first after the title and legend and the other boxes filling the rows under
    them."""
    plain = ([pick(c, height_mm) for c in blocks], ids)
    flexible = [n for n, c in enumerate(blocks) if isinstance(c, tuple)]
    if not flexible:
        return [plain]
    from itertools import product

    first_box = next((n for n, box_id in enumerate(ids) if box_id is not None), len(blocks))
    heads = [n for n in range(first_box) if n not in flexible]
    rest = [n for n in range(first_box, len(blocks)) if n not in flexible]
    found = [plain]
    options = [[b for b in variants(blocks[n]) if b.height_mm <= height_mm] or [variants(blocks[n])[-1]]
               for n in flexible]
    for spans in product(*options):
        wide = sorted(zip(spans, flexible), key=lambda pair: -pair[0].span)
        order = [(blocks[n], ids[n]) for n in heads] + [(b, ids[n]) for b, n in wide] + [(blocks[n], ids[n]) for n in rest]
        found.append(([b for b, _ in order], [i for _, i in order]))
    return found


def _band(choices: list[tuple[Block, ...]], ids: list, width_mm: float):
    """Track boxes under the body, no wider than `width_mm`: at each height one of them
    takes, each at any of its spans no taller, the widest first, flowed into columns of that
    height (the narrower under the wider); the lowest band, then the narrowest.
    (items, (width, height), boxes), or None when none fits the width."""
    from itertools import product

    best = None
    for height in sorted({b.height_mm for found in choices for b in found}):
        options = [[b for b in found if b.height_mm <= height] or [found[-1]] for found in choices]
        for spans in product(*options):
            chosen = sorted(zip(spans, ids), key=lambda pair: -pair[0].span)
            blocks = [b for b, _ in chosen]
            placed = flow(blocks, height)
            size = (placed.width_mm, placed.height_mm)
            if size[0] <= width_mm and (best is None or (size[1], size[0]) < (best[1][1], best[1][0])):
                best = (blocks, size, placed, [i for _, i in chosen])
    if best is None:
        return None
    blocks, size, placed, order = best
    items = tuple(place(blocks, placed, 0.0, 0.0))
    boxes = tuple((box_id, (column * (COLUMN_MM + GAP_MM), top, block.width_mm, block.height_mm))
                  for box_id, block, (column, top) in zip(order, blocks, placed.places) if box_id is not None)
    return items, size, boxes


def page_size(body_mm: tuple[float, float], panel: Panel) -> tuple[float, float]:
    """The sheet holding the body (the hexes, or a sheet's maps) and the panel (and the band
    of track boxes under the body beside a right panel)."""
    width, height = body_mm
    if panel.side == "right":
        band_w, band_h = _band_extent(panel)
        return max(width + panel.width_mm, band_w), max(height + band_h, panel.height_mm)
    if panel.side == "bottom":
        return max(width, panel.width_mm), height + panel.height_mm
    return width, height


BAND_MARGIN_MM = 6.0  # round the band of track boxes under the body


def band_origin(body_mm: tuple[float, float], panel: Panel | None = None) -> tuple[float, float]:
    """Where the band of track boxes begins (page mm): in its pocket of the body, else under
    the body."""
    if panel is not None and panel.band_at is not None:
        return panel.band_at
    return BAND_MARGIN_MM, body_mm[1]


def _band_extent(panel: Panel) -> tuple[float, float]:
    if not panel.band_items or panel.band_at is not None:  # none, or inside the body
        return 0.0, 0.0
    return panel.band_mm[0] + 2 * BAND_MARGIN_MM, panel.band_mm[1] + BAND_MARGIN_MM


def content_boxes(panel: Panel, body_mm: tuple[float, float]) -> tuple:
    """The body's box and the panel's (as drawn on the page): what the tiles must print."""
    boxes = [(0.0, 0.0, *body_mm)]
    if panel.side != "none":
        dx, dy = (body_mm[0], 0.0) if panel.side == "right" else (0.0, body_mm[1])
        boxes.append((dx, dy, dx + panel.width_mm, dy + panel.height_mm))
    if panel.band_items:
        x, y = band_origin(body_mm, panel)
        boxes.append((x, y, x + panel.band_mm[0], y + panel.band_mm[1]))
    return tuple(boxes)


def _sheets(body_mm, panel: Panel, tiling: tuple | None) -> tuple[int, int, bool]:
    if tiling is None:
        return 0, 0, False
    paper_mm, overlap_mm = tiling
    return tiling_cost(page_size(body_mm, panel), paper_mm, overlap_mm, content_boxes(panel, body_mm))


def _score(body_mm, panel: Panel) -> float:
    return paper_score(page_size(body_mm, panel))


def paper_score(size_mm: tuple[float, float]) -> float:
    """Smaller is better: a small sheet, shaped like paper (√2)."""
    width, height = size_mm
    aspect = max(width, height) / min(width, height)
    return width * height * (1 + 0.15 * abs(math.log(aspect / math.sqrt(2))))


def _panel(blocks: list[Block], margin: float, side: str, column_mm: float, ids: list, band=None) -> Panel:
    placed = flow(blocks, column_mm)
    x, y = (0.0, margin) if side == "right" else (margin, 0.0)
    items = tuple(place(blocks, placed, x, y))
    boxes = tuple((box_id, (x + column * (COLUMN_MM + GAP_MM), y + top, block.width_mm, block.height_mm))
                  for box_id, block, (column, top) in zip(ids, blocks, placed.places) if box_id is not None)
    extra = dict(band_items=band[0], band_mm=band[1], band_boxes=band[2],
                 band_at=band[3] if len(band) > 3 else None) if band is not None else {}
    if side == "right":
        return Panel(side, placed.width_mm + margin, placed.height_mm + 2 * margin, items, boxes, **extra)
    return Panel(side, placed.width_mm + 2 * margin, placed.height_mm + margin, items, boxes, **extra)


def title_block(view: MapView) -> Block:
    words = view.words
    lines = [words.of(view.spec, "title"), *map_notes(words, view.spec)]
    if map_is_illustrative(view.game, view.spec.id):
        lines.append(words.illustrative_note())
    return heading_block(words, view.game.spec, lines)


def map_is_illustrative(game, map_id: str) -> bool:
    """True when a row of the map's tables (hexes, hexsides, areas, links) is illustrative."""
    from generator.components.illustrative import is_illustrative

    rows = (*game.hexes, *game.hexsides, *game.areas, *game.links)
    return any(row.map_id == map_id and is_illustrative(row.source) for row in rows)


def heading_block(words, spec, lines: list[str], north_arrow: bool = True) -> Block:
    """The game's title, then `lines` (the map's or the sheet's title first), the game's scale
    and a north arrow (a sheet's maps have their own)."""
    text_mm = COLUMN_MM - 20 if north_arrow else COLUMN_MM
    title = words.game_title(spec.title)
    title_pt = fit_text_size(title, "title", text_mm, 15, 7) or 7
    items: list[Item] = [Text(0, 0, title, "title", title_pt, baseline="hanging", fill=INK)]
    y = title_pt * 0.3528 + 2.2
    rows = [(lines[0], "sans", 9.5, INK)] + [(line, "condensed", 7, INK) for line in lines[1:]]
    rows += [(f"{words.scale_name(key)}: {words.scale(key, value)}", "condensed", 7, SOFT_INK)
             for key, value in spec.scale.items()]
    for text, font, size_pt, colour in rows:
        for line in wrap_text(text, font, size_pt, text_mm if y < 17 else COLUMN_MM):
            items.append(Text(0, y, line, font, size_pt, baseline="hanging", fill=colour))
            y += size_pt * 0.3528 + 1.3
        y += 0.3
    if north_arrow:
        items += compass(COLUMN_MM - 8, 8)
    return Block(tuple(items), max(y, 17) if north_arrow else y)


def retreat_blocks(views) -> list[Block]:
    """The retreat compass of each map that declares one (GE 13.19), titled."""
    from generator.components.mapparts.retreat import retreat_compass_items

    blocks = []
    for view in views:
        spec = view.spec
        if not getattr(spec, "retreat", None):
            continue
        words = view.words
        title = words.phrase("Retreat compass")
        if len(views) > 1:
            title = f"{title}: {words.of(spec, 'title')}"
        items: list[Item] = [Text(0, 0, title, "sans-bold", 8.5, baseline="hanging", fill=INK)]
        note = wrap_text(words.phrase("A unit retreats only in a direction of its side's rose."), "condensed", 6.5,
                         COLUMN_MM)
        items += [Text(0, 4.4 + 2.7 * n, line, "condensed", 6.5, baseline="hanging", fill=SOFT_INK)
                  for n, line in enumerate(note)]
        top = 4.4 + 2.7 * len(note) + 1.0
        rose, height = retreat_compass_items(spec, spec.grid.orientation, lambda s: words.of(view.game.sides[s]),
                                             view.side_colour, COLUMN_MM, t=words.translator)
        items += [item_at(item, top) for item in rose]
        blocks.append(Block(tuple(items), top + height))
    return blocks


def item_at(item: Item, dy: float) -> Item:
    from generator.layout.primitives import Group
    from generator.layout.transform import Transform

    return Group((item,), Transform.translate(0, dy))


def map_notes(words, spec) -> list[str]:
    """A map's own scale and movement factor, as printed under its title (GWNE 1.2, 12.2)."""
    notes = [words.of(spec, "scale")] if spec.scale else []
    if spec.movement_factor != 1:
        notes.append(words.movement_factor(spec.movement_factor))
    return notes


def compass(x: float, y: float, radius_mm: float = 6.5) -> list[Item]:
    """A north arrow: the map is always printed north up."""
    r = radius_mm
    return [
        Circle(x, y, r, Style(fill=PAPER, stroke=FRAME, stroke_width_mm=0.3)),
        Polygon([(x, y - r * 0.85), (x + r * 0.3, y + r * 0.25), (x, y + r * 0.05)], Style.filled(INK)),
        Polygon([(x, y - r * 0.85), (x - r * 0.3, y + r * 0.25), (x, y + r * 0.05)],
                Style(fill=PAPER, stroke=INK, stroke_width_mm=0.2)),
        Text(x, y + r * 0.62, "N", "sans-bold", r * 0.9, anchor="middle", baseline="middle", fill=INK),
    ]


def shown_track(game, box):
    """What a box prints instead of counter slots: its record track (a NumberTrack), or for a
    track box without one the turns of the turn track it shows (a tuple of Turns); None."""
    if box.track:
        return next((t for t in game.spec.turn_track.tracks if t.id == box.track), None)
    if box.kind != "track":
        return None
    window = parse_window(box.turns) if box.turns else parse_window(None)
    return tuple(t for t in game.spec.turn_track.turns if window.contains(t.turn))


def box_block(words, owner_id: str, box, counter_mm: float, side_colour=None, track=None, span: int = 1) -> Block:
    """A box with room for two rows of counters, faint slots showing the counter size; a
    long name wraps under its kind rather than running into it. A side's box is framed in
    its colour; the box's notes are printed under its name. A box showing a record track
    (`track`) holds its spaces instead, every one numbered (a row per side of a two-sided
    track); a turn-track box (`track` a tuple of turns) a space per turn, its number (or
    letter) over its label. Every track space holds a counter at true size (record_space);
    a track box may span several columns (`span`)."""
    width = span_width(span)
    kind = words.phrase(BOX_KIND.get(box.kind, box.kind))
    room = width - 7 - text_width_mm(kind, "condensed", 6)
    lines = wrap_text(words.box(owner_id, box), "sans-bold", 7.5, room)
    notes = wrap_text(words.box_notes(owner_id, box), "condensed", 6, width - 5) if box.notes else []
    top = 3.6 + 3.1 * len(lines) + 2.6 * len(notes)  # where the counter slots begin
    slot = counter_mm + 2.0
    per_row = max(1, int((width - 4) // slot))
    if isinstance(track, tuple):
        spaces = turn_spaces(words, track, top, counter_mm, width) if track else None
    else:
        spaces = track_spaces(words, track, top, counter_mm, width, side_colour) if track is not None else None
    height = (spaces[1] + 1.5) if spaces else top + 2 * slot + 1.5
    edge = side_colour(box.side) if box.side and side_colour else FRAME
    items: list[Item] = [
        Rect(0, 0, width, height, Style(fill="#fffdf7", stroke=edge, stroke_width_mm=0.45 if edge == FRAME else 0.8),
             corner_radius_mm=1.5),
        Text(width - 2.5, 2.5, kind, "condensed", 6, anchor="end", baseline="hanging", fill=SOFT_INK),
    ]
    items += [Text(2.5, 2.5 + 3.1 * n, line, "sans-bold", 7.5, baseline="hanging", fill=INK) for n, line in enumerate(lines)]
    y = 2.5 + 3.1 * len(lines)
    items += [Text(2.5, y + 2.6 * n, line, "condensed", 6, baseline="hanging", fill=SOFT_INK) for n, line in enumerate(notes)]
    if spaces:
        return Block(tuple(items + spaces[0]), height, width)
    left = (width - per_row * slot) / 2
    for row in range(2):
        for col in range(per_row):
            items.append(Rect(left + col * slot + 1, top + row * slot, counter_mm, counter_mm,
                              pen("#c9c0ae", 0.2, dash_mm=(1.0, 0.8), cap="butt"), corner_radius_mm=0.8))
    return Block(tuple(items), height, width)


SIDE_BAR_MM = 2.4  # a two-sided track's bar of the side's colour, and the gap after it


def track_spaces(words, track, top: float, counter_mm: float, width_mm: float = COLUMN_MM,
                 side_colour=None) -> tuple[list[Item], float]:
    """A record track's spaces from `top`, each numbered and holding a counter at true size
    (record_space.space_fit), wrapped to the box's width; a two-sided track gives each side
    its rows behind a bar of the side's colour. The items and where they end."""
    halves = [(side, track.values) for side in track.sides] or [(None, track.values)]
    items: list[Item] = []
    y = top
    for side, values in halves:
        left = 2.0 + (SIDE_BAR_MM if side is not None else 0.0)
        cell, per_row = space_fit(len(values), width_mm - left - 2.0, counter_mm)
        rows = -(-len(values) // per_row)
        if side is not None:
            colour = side_colour(side) if side_colour else FRAME
            items.append(Rect(2.0, y, 1.4, rows * cell, Style.filled(colour)))
        for index, value in enumerate(values):
            row, col = divmod(index, per_row)
            x, cell_y = left + col * cell, y + row * cell
            items.append(Rect(x, cell_y, cell, cell, pen(INK, 0.25)))
            label = signed(value)
            size = fit_text_size(label, "sans-bold", cell - 1.2, 9.0, 3.0) or 3.0
            items.append(Text(x + cell / 2, cell_y + cell / 2, label, "sans-bold", size,
                              anchor="middle", baseline="middle", fill=INK))
        y += rows * cell + 1.5
    return items, y


def turn_spaces(words, turns, top: float, counter_mm: float, width_mm: float = COLUMN_MM) -> tuple[list[Item], float]:
    """A space per turn from `top`, holding a counter at true size, wrapped to the box's width:
    the turn's number (its letter on a lettered turn) and under it its label, both fitted to
    the space. The items and where they end."""
    cell, per_row = space_fit(len(turns), width_mm - 4.0, counter_mm)
    left = (width_mm - per_row * cell) / 2
    items: list[Item] = []
    for index, turn in enumerate(turns):
        row, col = divmod(index, per_row)
        x, y = left + col * cell, top + row * cell
        items.append(Rect(x, y, cell, cell, pen(INK, 0.25)))
        lead = turn.letter or str(turn.turn)
        size = fit_text_size(lead, "sans-bold", cell - 1.5, 9.0, 4.0) or 4.0
        items.append(Text(x + cell / 2, y + 1.0, lead, "sans-bold", size, anchor="middle", baseline="hanging",
                          fill=INK))
        label = words.turn_label(turn)
        if label:
            small = fit_text_size(label, "condensed", cell - 1.0, 5.0, 2.5) or 2.5
            items.append(Text(x + cell / 2, y + cell - 1.0, label, "condensed", small, anchor="middle",
                              baseline="alphabetic", fill=SOFT_INK))
    return items, top + -(-len(turns) // per_row) * cell + 1.5


def signed(value: int) -> str:
    """A track's number as printed: a true minus sign before a negative one."""
    return str(value) if value >= 0 else f"\u2212{-value}"
