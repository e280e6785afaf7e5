"""The pages of a tiled drawing: the assembly (how the sheets go together), then one page per
tile. The assembly sits in a tile's free room when one has enough (a part of its window
holding none of the drawing's content, clear of the strips its neighbours overlap), else
on a page of its own before the tiles.

Each tile page shows its window of the drawing (one clipped Use of the drawing's symbol),
crop marks, registration crosses in the strips it shares with its neighbours, arrows naming
the neighbour on each joined edge, a label ("B2 — joins A2 on the left, B3 below") and a
50 mm scale bar.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.primitives import Group, Item, Line, Page, Rect, Style, SymbolDef, Text, Use
from generator.layout.printmarks import crop_marks, registration_cross, scale_bar
from generator.fonts.metrics import fit_text_size
from generator.layout.tiling import MARGIN_MM, Box, Tile, TilePlan
from generator.layout.wrap import paragraph
from generator.layout.transform import Transform

INK = "#000000"
GREY = "#555555"
TILE_EDGE = "#c0392b"
GAP_FILL = "#eeeeee"


def N_(message: str) -> str:
    """Marks a message for extraction into warkit's catalog; the caller translates it."""
    return message


@dataclass(frozen=True)
class TileWords:
    """What the sheets say; the caller passes them in its language (English by default)."""

    assembly: str = "Assembly"
    print_at_100: str = "Print at 100 % (actual size), never “fit to page”."
    joins: str = N_("{tile} — joins {neighbours}")
    alone: str = N_("{tile} — a single sheet")
    where: tuple[str, str, str, str] = (N_("on the left"), N_("on the right"), N_("above"), N_("below"))
    sheets: str = N_("{count} sheets ({columns} × {rows}), {paper} {orientation}, overlap {overlap} mm.")
    gaps: str = N_("{count} sheets ({columns} × {rows}, less {gaps} with nothing to print, shown hatched), {paper} "
                   "{orientation}, overlap {overlap} mm.")
    # rows of both orientations: {rows} gives each row's sheets, rows of one orientation
    # together ("5 + 5 (portrait), 4 (landscape)")
    mixed: str = N_("{count} sheets in rows of {rows}, {paper}, overlap {overlap} mm.")
    rows_overlap: str = N_("The rows overlap like the sheets of a row: lay each row over the one above.")
    orientations: tuple[str, str] = (N_("portrait"), N_("landscape"))
    papers: str = N_("The same map on other paper: {papers}.")
    paper_sheets: str = N_("{paper} {count} sheets")
    sheet_of: str = N_("sheet {number} of {count}")
    tile: str = N_("tile {tile}")  # a tile page's title (the kit's bookmarks and contents)
    steps: tuple[str, ...] = (
        N_("1. Check the 50 mm scale bar at the foot of any sheet with a ruler."),
        N_("2. Trim the left and top margins of every sheet along its crop marks (not those of column A or row 1)."),
        N_("3. Lay each sheet over its left and upper neighbours so the registration crosses coincide; tape or glue."),
    )
    scale_bar: str = "This bar must measure 50 mm: print at 100 % (actual size)"

    def place(self, where: str) -> str:
        english = ("on the left", "on the right", "above", "below")
        return self.where[english.index(where)]


@dataclass(frozen=True)
class TiledDrawing:
    """What to tile: the drawing as one symbol plus the symbols it uses, and its title."""

    drawing: SymbolDef
    symbols: tuple[SymbolDef, ...]
    title: str
    paper_name: str
    words: TileWords = TileWords()
    # The sheets the map needs on each paper the planner compared, (paper, sheets), for the
    # assembly page (empty: not said).
    papers: tuple[tuple[str, int], ...] = ()


SCALE_BAR_MM = 62.0  # the scale bar's room at the foot's right, from the right margin

# The least free room (mm) that takes the assembly on a tile: its words and a legible grid.
ASSEMBLY_ROOM_MM = (120.0, 100.0)
CLEARANCE_MM = 3.0  # kept clear around the drawing's content and inside the free room


def tiled_pages(source: TiledDrawing, plan: TilePlan, content: tuple[Box, ...] = ()) -> list[Page]:
    """The assembly, then a page per tile; `content`: the boxes of the drawing that hold
    something (drawing mm) — with them, the assembly goes on the tile with the most free
    room if it has ASSEMBLY_ROOM_MM, sparing a page."""
    host = assembly_host(plan, content) if content else None
    pages = [] if host is not None else [assembly_page(source, plan)]
    for tile in plan.tiles():
        page = tile_page(source, plan, tile)
        if host is not None and (tile.column, tile.row) == (host[0].column, host[0].row):
            page = _with_assembly(source, plan, tile, host[1], page)
        pages.append(page)
    return pages


def tiling_cost(drawing_mm: tuple[float, float], paper_mm: tuple[float, float], overlap_mm: float,
                content: tuple[Box, ...]) -> tuple[int, int, bool]:
    """What a map's layout minimises: the pages a drawing tiles onto (its sheets, and the
    assembly's page unless a tile takes it), then its sheets (fewer to put together), then
    sheets of one orientation rather than rows of both (simpler to put together)."""
    from generator.layout.tiling import plan_tiles

    plan = plan_tiles(drawing_mm, paper_mm, overlap_mm, content)
    return plan.count + (0 if assembly_host(plan, content) is not None else 1), plan.count, plan.mixed


def assembly_host(plan: TilePlan, content: tuple[Box, ...]) -> tuple[Tile, Box] | None:
    """The printed tile with the most free room, and that room (page mm), when it is at
    least ASSEMBLY_ROOM_MM; None otherwise."""
    best = None
    for tile in plan.tiles():
        room = free_room(plan, tile, content)
        if room is None:
            continue
        width, height = room[2] - room[0], room[3] - room[1]
        if width >= ASSEMBLY_ROOM_MM[0] and height >= ASSEMBLY_ROOM_MM[1] and (best is None or
                                                                              width * height > best[0]):
            best = (width * height, tile, room)
    return None if best is None else (best[1], best[2])


def free_room(plan: TilePlan, tile: Tile, content: tuple[Box, ...]) -> Box | None:
    """The largest rectangle of the tile's window (page mm) that holds none of the
    drawing's content (kept CLEARANCE_MM from it) and lies outside the strips its printed
    neighbours overlap (they would cover it); None if there is none."""
    left, top, right, bottom = plan.window_box_of(tile.row)
    names = dict(plan.neighbours(tile))
    if "on the left" in names:
        left += plan.overlap_mm
    if "above" in names:
        top += plan.overlap_mm
    if "on the right" in names:
        right -= plan.overlap_mm
    if "below" in names:
        bottom -= plan.overlap_mm
    dx, dy = MARGIN_MM["left"] - tile.x_mm, MARGIN_MM["top"] - tile.y_mm  # drawing -> page
    c = CLEARANCE_MM
    blocks = [(b[0] + dx - c, b[1] + dy - c, b[2] + dx + c, b[3] + dy + c) for b in content]
    blocks = [b for b in blocks if b[0] < right and b[2] > left and b[1] < bottom and b[3] > top]
    xs = sorted({left, right, *(x for b in blocks for x in (b[0], b[2]) if left < x < right)})
    ys = sorted({top, bottom, *(y for b in blocks for y in (b[1], b[3]) if top < y < bottom)})
    best, best_area = None, 0.0
    for i, x0 in enumerate(xs):
        for x1 in xs[i + 1:]:
            for j, y0 in enumerate(ys):
                for y1 in ys[j + 1:]:
                    area = (x1 - x0) * (y1 - y0)
                    if area > best_area and not any(b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0
                                                    for b in blocks):
                        best, best_area = (x0, y0, x1, y1), area
    return best


def _with_assembly(source: TiledDrawing, plan: TilePlan, tile: Tile, room: Box, page: Page) -> Page:
    """The tile's page with the assembly (words, then the grid) in its free room, on white."""
    c = CLEARANCE_MM
    x0, y0, x1, y1 = room
    items: list[Item] = [Rect(x0, y0, x1 - x0, y1 - y0, Style(fill="#ffffff", stroke=GREY, stroke_width_mm=0.2))]
    words, bottom = _assembly_words(source, plan, x0 + c, y0 + c, x1 - x0 - 2 * c)
    items += words
    items += _diagram(source, plan, (x0 + c, bottom + 2.0, x1 - c, y1 - c))
    return Page(page.width_mm, page.height_mm, (*page.items, *items), symbols=page.symbols,
                title=f"{page.title} — {source.words.assembly}")


def tile_page(source: TiledDrawing, plan: TilePlan, tile: Tile) -> Page:
    left, top, right, bottom = plan.window_box_of(tile.row)
    window = Rect(left, top, right - left, bottom - top)
    placed = Use(source.drawing.id, round(left - tile.x_mm, 3), round(top - tile.y_mm, 3))
    items: list[Item] = [Group((placed,), clip=window)]
    items.append(Rect(left, top, right - left, bottom - top, Style(stroke=GREY, stroke_width_mm=0.1)))
    items += crop_marks(plan.window_box_of(tile.row))
    items += _overlap_marks(plan, tile)
    items += _neighbour_arrows(plan, tile)
    items += _label(source, plan, tile)
    sheet_w, sheet_h = plan.sheet_of(tile.row)
    items += scale_bar(sheet_w - MARGIN_MM["right"] - SCALE_BAR_MM, sheet_h - 8.5, caption=source.words.scale_bar)
    return Page(sheet_w, sheet_h, items, symbols=(*source.symbols, source.drawing),
                title=f"{source.title} — {source.words.tile.format(tile=tile.name)}")


def _overlap_marks(plan: TilePlan, tile: Tile) -> list[Item]:
    """Registration crosses in the middle of each shared strip, at the same drawing point
    on both sheets (a quarter and three quarters along the part of the edge the two share),
    and ticks in the margin where the strip begins."""
    left, top, right, bottom = plan.window_box_of(tile.row)
    half = plan.overlap_mm / 2
    items: list[Item] = []
    tick = Style(stroke=GREY, stroke_width_mm=0.2, dash_mm=(1.0, 0.6))
    joined = plan.joined(tile)
    names = dict((where, other.name) for where, other, _ in joined)
    if "on the right" in names or "on the left" in names:
        ys = (top + (bottom - top) * 0.25, top + (bottom - top) * 0.75)
        for edge_x, inner_x, present in ((right - half, right - plan.overlap_mm, "on the right" in names),
                                         (left + half, left + plan.overlap_mm, "on the left" in names)):
            if present:
                for y in ys:
                    items += registration_cross(edge_x, y)
                items += [Line(inner_x, top - 7.5, inner_x, top - 1.5, tick),
                          Line(inner_x, bottom + 1.5, inner_x, bottom + 4.5, tick)]
    if "below" in names or "above" in names:
        for edge_y, inner_y, present in ((bottom - half, bottom - plan.overlap_mm, "below" in names),
                                         (top + half, top + plan.overlap_mm, "above" in names)):
            if present:
                side = "below" if edge_y > (top + bottom) / 2 else "above"
                for where, _, (start, end) in joined:
                    if where == side:
                        for share in (0.25, 0.75):
                            items += registration_cross(left + (start - tile.x_mm) + (end - start) * share, edge_y)
                items += [Line(left - 7.5, inner_y, left - 1.5, inner_y, tick),
                          Line(right + 1.5, inner_y, right + 7.5, inner_y, tick)]
    return items


def _neighbour_arrows(plan: TilePlan, tile: Tile) -> list[Item]:
    """The name of each neighbour in the margin beside the edge it joins (above and below: at
    the middle of the part of the edge the two share)."""
    left, top, right, bottom = plan.window_box_of(tile.row)
    mid_y = (top + bottom) / 2
    spots = {
        "on the left": (left - 4.5, mid_y, -90.0, "↑ {0} ↑"),
        "on the right": (right + 4.5, mid_y, 90.0, "↑ {0} ↑"),
        "above": (None, top - 4.5, 0.0, "↑ {0} ↑"),
        "below": (None, bottom + 4.5, 0.0, "↓ {0} ↓"),
    }
    items: list[Item] = []
    sheet_w = plan.sheet_of(tile.row)[0]
    for where, other, (start, end) in plan.joined(tile):
        x, y, rotation, pattern = spots[where]
        if x is None:
            x = left + (start - tile.x_mm) + (end - start) / 2
            if where == "below":  # clear of the scale bar at the foot's right (and half a name)
                x = min(x, sheet_w - MARGIN_MM["right"] - SCALE_BAR_MM - 8.0)
        items.append(Text(x, y, pattern.format(other.name), "sans-bold", 7, anchor="middle", baseline="middle",
                          fill=GREY, rotation_deg=rotation))
    return items


def _label(source: TiledDrawing, plan: TilePlan, tile: Tile) -> list[Item]:
    words = source.words
    joins = ", ".join(f"{name} {words.place(where)}" for where, name in plan.neighbours(tile))
    text = words.joins.format(tile=tile.name, neighbours=joins) if joins else words.alone.format(tile=tile.name)
    sheet_w, sheet_h = plan.sheet_of(tile.row)
    x, room = MARGIN_MM["left"], sheet_w - MARGIN_MM["left"] - MARGIN_MM["right"] - 70
    number = [(t.column, t.row) for t in plan.tiles()].index((tile.column, tile.row)) + 1
    sheet = words.sheet_of.format(number=number, count=plan.count)
    grid = " + ".join(str(n) for n in plan.row_columns) if plan.mixed else f"{plan.columns} × {plan.rows}"
    detail = (f"{source.title} · {sheet} ({grid}) · "
              f"{source.paper_name} · {plan.overlap_mm:g} mm")
    return [
        Text(x, sheet_h - 11.5, text, "sans-bold", fit_text_size(text, "sans-bold", room, 9, 5) or 5, fill=INK),
        Text(x, sheet_h - 6.5, detail, "condensed", fit_text_size(detail, "condensed", room, 6.5, 4) or 4,
             fill=GREY),
    ]


def assembly_page(source: TiledDrawing, plan: TilePlan) -> Page:
    """The tile grid over a thumbnail of the drawing, with how to put the sheets together."""
    sheet_w, sheet_h = plan.sheet_mm
    header = _assembly_text(source, plan)
    lines = len(_assembly_lines(source, plan)[1])  # the grid under the last (44 mm for five)
    area = (MARGIN_MM["left"], max(44.0, 19.0 + lines * 4.8 + 1.0), sheet_w - MARGIN_MM["right"], sheet_h - 24.0)
    items: list[Item] = [*header, *_diagram(source, plan, area)]
    items += scale_bar(sheet_w - MARGIN_MM["right"] - SCALE_BAR_MM, sheet_h - 8.5, caption=source.words.scale_bar)
    return Page(sheet_w, sheet_h, items, symbols=(*source.symbols, source.drawing),
                title=f"{source.title} — {source.words.assembly}")


def _diagram(source: TiledDrawing, plan: TilePlan, area: Box) -> list[Item]:
    """A thumbnail of the drawing with the tile grid over it, fitted into `area` (page mm),
    at the top, centred across."""
    x0, y0 = plan.origin_mm
    covered = plan.covered_mm
    extent = (min(0.0, x0), min(0.0, y0), max(source.drawing.width_mm, x0 + covered[0]),
              max(source.drawing.height_mm, y0 + covered[1]))
    scale = min((area[2] - area[0]) / (extent[2] - extent[0]), (area[3] - area[1]) / (extent[3] - extent[1]))
    shift_x = area[0] + ((area[2] - area[0]) - (extent[2] - extent[0]) * scale) / 2 - extent[0] * scale
    shift_y = area[1] - extent[1] * scale
    to_page = Transform.scale(scale).then(Transform.translate(shift_x, shift_y))
    thumbnail = Group((Use(source.drawing.id, 0, 0),), to_page)
    return [thumbnail, *_tile_grid(plan, to_page, scale)]


def _tile_grid(plan: TilePlan, to_page: Transform, scale: float) -> list[Item]:
    items: list[Item] = []
    strip = Style.filled(TILE_EDGE, opacity=0.18)
    for tile in plan.grid():
        window_w, window_h = plan.window_of(tile.row)
        x, y = to_page.apply(tile.x_mm, tile.y_mm)
        w, h = window_w * scale, window_h * scale
        if not plan.printed(tile.column, tile.row):  # a gap: nothing of the map there
            items.append(Rect(x, y, w, h, Style(fill=GAP_FILL, stroke=GREY, stroke_width_mm=0.25, dash_mm=(1.2, 0.8),
                                                opacity=0.55)))
            items += _hatching(x, y, w, h)
            continue
        items.append(Rect(x, y, w, h, Style(stroke=TILE_EDGE, stroke_width_mm=0.35)))
        if tile.column + 1 < plan.columns_of(tile.row):
            items.append(Rect(x + w - plan.overlap_mm * scale, y, plan.overlap_mm * scale, h, strip))
        if tile.row + 1 < plan.rows:
            items.append(Rect(x, y + h - plan.overlap_mm * scale, w, plan.overlap_mm * scale, strip))
        size = max(6.0, min(22.0, min(w, h) * 0.9))
        items.append(Text(x + w / 2, y + h / 2, tile.name, "sans-bold", size, anchor="middle",
                          baseline="middle", fill=TILE_EDGE))
    return items


def _hatching(x: float, y: float, w: float, h: float, pitch: float = 4.0) -> list[Item]:
    """Diagonal hatching over a left-out tile, clipped to it."""
    lines: list[Item] = []
    pen = Style(stroke=GREY, stroke_width_mm=0.15)
    offset = 0.0
    while offset < w + h:
        lines.append(Line(x + offset, y, x + offset - h, y + h, pen))
        offset += pitch
    return [Group(tuple(lines), clip=Rect(x, y, w, h))]


def _assembly_lines(source: TiledDrawing, plan: TilePlan) -> tuple[str, list[str]]:
    """The assembly's title and its lines: the sheets, then the steps, then other papers."""
    words = source.words
    orientation = words.orientations[1 if plan.landscape else 0]
    title = f"{source.title} — {words.assembly}"
    gaps = plan.grid_count - plan.count
    if plan.mixed:
        runs: list[tuple[bool, list[int]]] = []  # rows of one orientation together
        for row, (n, kind) in enumerate(zip(plan.row_columns, plan.row_landscape)):
            printed = sum(1 for column in range(n) if plan.printed(column, row))
            if runs and runs[-1][0] == kind:
                runs[-1][1].append(printed)
            else:
                runs.append((kind, [printed]))
        rows = ", ".join(f"{' + '.join(map(str, counts))} ({words.orientations[1 if kind else 0]})"
                         for kind, counts in runs)
        sheets = words.mixed.format(count=plan.count, rows=rows, paper=source.paper_name,
                                    overlap=f"{plan.overlap_mm:g}")
    else:
        sheets = (words.gaps if gaps else words.sheets).format(
            count=plan.count, columns=plan.columns, rows=plan.rows, gaps=gaps, paper=source.paper_name,
            orientation=orientation, overlap=f"{plan.overlap_mm:g}")
    lines = [f"{sheets} {words.print_at_100}", *words.steps, *([words.rows_overlap] if plan.mixed else [])]
    others = [words.paper_sheets.format(paper=paper, count=count) for paper, count in source.papers
              if paper != source.paper_name]
    if others:
        lines.append(words.papers.format(papers=", ".join(others)))
    return title, lines


def _assembly_words(source: TiledDrawing, plan: TilePlan, x: float, top: float, width: float) -> tuple[list[Item], float]:
    """The assembly's title and lines wrapped into `width` from `top`; and where they end."""
    title, lines = _assembly_lines(source, plan)
    head = paragraph(x, top, width, title, "sans-bold", 10.0)
    items, y = list(head.items), top + head.height_mm + 1.0
    for n, line in enumerate(lines):
        laid = paragraph(x, y, width, line, "sans", 7.0, fill=INK if n == 0 else GREY)
        items += laid.items
        y += laid.height_mm + 0.6
    return items, y


def _assembly_text(source: TiledDrawing, plan: TilePlan) -> list[Item]:
    x = MARGIN_MM["left"]
    room = plan.sheet_mm[0] - 2 * x
    title, lines = _assembly_lines(source, plan)
    items: list[Item] = [Text(x, 10, title, "sans-bold", fit_text_size(title, "sans-bold", room, 14, 6) or 6,
                              baseline="hanging", fill=INK)]
    for n, line in enumerate(lines):
        size = fit_text_size(line, "sans", room, 8, 4) or 4
        items.append(Text(x, 19 + n * 4.8, line, "sans", size, baseline="hanging", fill=INK if n == 0 else GREY))
    return items
