"""The pages of a tiled drawing: an assembly page, then one page per tile.

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
from generator.layout.tiling import MARGIN_MM, Tile, TilePlan
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
    orientations: tuple[str, str] = (N_("portrait"), N_("landscape"))
    papers: str = N_("The same map on other paper: {papers}.")
    paper_sheets: str = N_("{paper} {count} sheets")
    sheet_of: str = N_("sheet {number} of {count}")
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


def tiled_pages(source: TiledDrawing, plan: TilePlan) -> list[Page]:
    return [assembly_page(source, plan)] + [tile_page(source, plan, tile) for tile in plan.tiles()]


def tile_page(source: TiledDrawing, plan: TilePlan, tile: Tile) -> Page:
    left, top, right, bottom = plan.window_box_mm
    window = Rect(left, top, right - left, bottom - top)
    placed = Use(source.drawing.id, round(left - tile.x_mm, 3), round(top - tile.y_mm, 3))
    items: list[Item] = [Group((placed,), clip=window)]
    items.append(Rect(left, top, right - left, bottom - top, Style(stroke=GREY, stroke_width_mm=0.1)))
    items += crop_marks(plan.window_box_mm)
    items += _overlap_marks(plan, tile)
    items += _neighbour_arrows(plan, tile)
    items += _label(source, plan, tile)
    sheet_w, sheet_h = plan.sheet_mm
    items += scale_bar(sheet_w - MARGIN_MM["right"] - 62, sheet_h - 8.5, caption=source.words.scale_bar)
    return Page(sheet_w, sheet_h, items, symbols=(*source.symbols, source.drawing),
                title=f"{source.title} — tile {tile.name}")


def _overlap_marks(plan: TilePlan, tile: Tile) -> list[Item]:
    """Registration crosses in the middle of each shared strip, at the same drawing point
    on both sheets, and ticks in the margin where the strip begins."""
    left, top, right, bottom = plan.window_box_mm
    half = plan.overlap_mm / 2
    items: list[Item] = []
    tick = Style(stroke=GREY, stroke_width_mm=0.2, dash_mm=(1.0, 0.6))
    names = dict((where, name) for where, name in plan.neighbours(tile))
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
        xs = (left + (right - left) * 0.25, left + (right - left) * 0.75)
        for edge_y, inner_y, present in ((bottom - half, bottom - plan.overlap_mm, "below" in names),
                                         (top + half, top + plan.overlap_mm, "above" in names)):
            if present:
                for x in xs:
                    items += registration_cross(x, edge_y)
                items += [Line(left - 7.5, inner_y, left - 1.5, inner_y, tick),
                          Line(right + 1.5, inner_y, right + 7.5, inner_y, tick)]
    return items


def _neighbour_arrows(plan: TilePlan, tile: Tile) -> list[Item]:
    left, top, right, bottom = plan.window_box_mm
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    spots = {
        "on the left": (left - 4.5, mid_y, -90.0, "↑ {0} ↑"),
        "on the right": (right + 4.5, mid_y, 90.0, "↑ {0} ↑"),
        "above": (mid_x, top - 4.5, 0.0, "↑ {0} ↑"),
        "below": (mid_x, bottom + 4.5, 0.0, "↓ {0} ↓"),
    }
    items: list[Item] = []
    for where, name in plan.neighbours(tile):
        x, y, rotation, pattern = spots[where]
        items.append(Text(x, y, pattern.format(name), "sans-bold", 7, anchor="middle", baseline="middle",
                          fill=GREY, rotation_deg=rotation))
    return items


def _label(source: TiledDrawing, plan: TilePlan, tile: Tile) -> list[Item]:
    words = source.words
    joins = ", ".join(f"{name} {words.place(where)}" for where, name in plan.neighbours(tile))
    text = words.joins.format(tile=tile.name, neighbours=joins) if joins else words.alone.format(tile=tile.name)
    sheet_w, sheet_h = plan.sheet_mm
    x, room = MARGIN_MM["left"], sheet_w - MARGIN_MM["left"] - MARGIN_MM["right"] - 70
    number = [(t.column, t.row) for t in plan.tiles()].index((tile.column, tile.row)) + 1
    sheet = words.sheet_of.format(number=number, count=plan.count)
    detail = (f"{source.title} · {sheet} ({plan.columns} × {plan.rows}) · "
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
    area = (MARGIN_MM["left"], 44.0, sheet_w - MARGIN_MM["right"], sheet_h - 24.0)
    x0, y0 = plan.origin_mm
    covered = (plan.columns * plan.step_mm[0] + plan.overlap_mm, plan.rows * plan.step_mm[1] + plan.overlap_mm)
    extent = (min(0.0, x0), min(0.0, y0), max(source.drawing.width_mm, x0 + covered[0]),
              max(source.drawing.height_mm, y0 + covered[1]))
    scale = min((area[2] - area[0]) / (extent[2] - extent[0]), (area[3] - area[1]) / (extent[3] - extent[1]))
    shift_x = area[0] + ((area[2] - area[0]) - (extent[2] - extent[0]) * scale) / 2 - extent[0] * scale
    shift_y = area[1] - extent[1] * scale
    to_page = Transform.scale(scale).then(Transform.translate(shift_x, shift_y))
    thumbnail = Group((Use(source.drawing.id, 0, 0),), to_page)
    items: list[Item] = [*header, thumbnail, *_tile_grid(plan, to_page, scale)]
    items += scale_bar(sheet_w - MARGIN_MM["right"] - 62, sheet_h - 8.5, caption=source.words.scale_bar)
    return Page(sheet_w, sheet_h, items, symbols=(*source.symbols, source.drawing),
                title=f"{source.title} — {source.words.assembly}")


def _tile_grid(plan: TilePlan, to_page: Transform, scale: float) -> list[Item]:
    items: list[Item] = []
    window_w, window_h = plan.window_mm
    strip = Style.filled(TILE_EDGE, opacity=0.18)
    for tile in plan.grid():
        x, y = to_page.apply(tile.x_mm, tile.y_mm)
        w, h = window_w * scale, window_h * scale
        if not plan.printed(tile.column, tile.row):  # a gap: nothing of the map there
            items.append(Rect(x, y, w, h, Style(fill=GAP_FILL, stroke=GREY, stroke_width_mm=0.25, dash_mm=(1.2, 0.8),
                                                opacity=0.55)))
            items += _hatching(x, y, w, h)
            continue
        items.append(Rect(x, y, w, h, Style(stroke=TILE_EDGE, stroke_width_mm=0.35)))
        if tile.column + 1 < plan.columns:
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


def _assembly_text(source: TiledDrawing, plan: TilePlan) -> list[Item]:
    sheet_w = plan.sheet_mm[0]
    x = MARGIN_MM["left"]
    room = sheet_w - 2 * x
    words = source.words
    orientation = words.orientations[1 if plan.landscape else 0]
    title = f"{source.title} — {words.assembly}"
    gaps = plan.columns * plan.rows - plan.count
    sheets = (words.gaps if gaps else words.sheets).format(
        count=plan.count, columns=plan.columns, rows=plan.rows, gaps=gaps, paper=source.paper_name,
        orientation=orientation, overlap=f"{plan.overlap_mm:g}")
    lines = [f"{sheets} {words.print_at_100}", *words.steps]
    others = [words.paper_sheets.format(paper=paper, count=count) for paper, count in source.papers
              if paper != source.paper_name]
    if others:
        lines.append(words.papers.format(papers=", ".join(others)))
    items: list[Item] = [Text(x, 10, title, "sans-bold", fit_text_size(title, "sans-bold", room, 14, 6) or 6,
                              baseline="hanging", fill=INK)]
    for n, line in enumerate(lines):
        size = fit_text_size(line, "sans", room, 8, 4) or 4
        items.append(Text(x, 19 + n * 4.8, line, "sans", size, baseline="hanging", fill=INK if n == 0 else GREY))
    return items
