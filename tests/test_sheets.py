"""Imposition: exact cell sizes and cut spacing, backs mirrored behind their fronts for both
flip modes (with printer offsets), fold-over, bleed, grouping — on the page model and, read
back by pdfium, in the PDF itself."""

from __future__ import annotations

import ctypes
import itertools

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.build.options import COUNTER_PRESETS_MM, PAPER_MM
from generator.layout.primitives import Circle, Group, Line, Page, Rect, Style, SymbolDef, Text, Use
from generator.layout.sheets import (
    SheetError,
    SheetSpec,
    Tile,
    TileGroup,
    back_placement,
    grid_for,
    impose,
)
from generator.render.pdf import render_pdf

PT_PER_MM = 72 / 25.4
TOLERANCE_MM = 0.01


def tiles(count: int, size: float, bleed: float = 0.0) -> list[Tile]:
    """Tiles whose front and back pictures are squares of the cut size plus bleed, each
    tile with its own pair of symbols so fronts and backs can be matched."""
    out = []
    for i in range(count):
        box = (-bleed, -bleed, size + bleed, size + bleed)
        front = SymbolDef(f"f{i}", box, (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style.filled("#9fc5e8")),))
        back = SymbolDef(f"b{i}", box, (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style.filled("#c8d8b0")),))
        out.append(Tile((Use(front.id, 0, 0),), (Use(back.id, 0, 0),), (front, back)))
    return out


def placements(page: Page, size: float) -> dict[str, tuple[float, float, float, float]]:
    """symbol id -> the cut box its tile occupies on the page, from the group transforms."""
    found = {}
    for item in page.items:
        if isinstance(item, Group) and item.items and isinstance(item.items[0], Use):
            corners = [item.transform.apply(x, y) for x, y in ((0, 0), (size, size))]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            found[item.items[0].symbol_id] = (min(xs), min(ys), max(xs), max(ys))
    return found


def form_boxes(pdf: bytes, page_index: int) -> list[tuple[float, float, float, float]]:
    """Bounds of every form XObject drawn on a page, in page mm (y down), read by pdfium."""
    page = pdfium.PdfDocument(pdf)[page_index]
    height = page.get_height()
    boxes = []
    for obj in page.get_objects(max_depth=1):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((left / PT_PER_MM, (height - top) / PT_PER_MM, right / PT_PER_MM, (height - bottom) / PT_PER_MM))
    return sorted(boxes)


def line_segments_mm(pdf: bytes, page_index: int) -> list[tuple[float, float, float, float]]:
    """Two-point path objects (lines) on a page in mm, y down."""
    page = pdfium.PdfDocument(pdf)[page_index]
    height = page.get_height()
    found = []
    for obj in page.get_objects(max_depth=1):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH or pdfium_c.FPDFPath_CountSegments(obj.raw) != 2:
            continue
        matrix, points = obj.get_matrix(), []
        for index in range(2):
            segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, index)
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            x_pt, y_pt = matrix.on_point(x.value, y.value)
            points.append((x_pt / PT_PER_MM, (height - y_pt) / PT_PER_MM))
        found.append((*points[0], *points[1]))
    return found


def expected_back(spec: SheetSpec, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The mirror image of a front cut box, written out independently of the code."""
    width, height = spec.page_mm
    left, top, right, bottom = box
    if spec.duplex == "fold":
        return width - right, top, width - left, bottom
    dx, dy = spec.back_offset_mm
    if spec.duplex == "long":
        return width - right + dx, top + dy, width - left + dx, bottom + dy
    return left + dx, height - bottom + dy, right + dx, height - top + dy


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.25, -0.7)])
def test_every_back_lies_behind_its_front(duplex: str, offset: tuple[float, float]) -> None:
    size = 15.875
    spec = SheetSpec(PAPER_MM["A4"], size, duplex, offset)  # type: ignore[arg-type]
    pages = impose([TileGroup("all", (tuple(tiles(200, size)),))], spec, "Test")
    assert len(pages) == 4  # 165 a sheet: two sheets, each fronts then backs
    checked = 0
    for fronts, backs in zip(pages[::2], pages[1::2]):
        front_boxes, back_boxes = placements(fronts, size), placements(backs, size)
        for symbol_id, box in front_boxes.items():
            found = back_boxes["b" + symbol_id[1:]]
            assert found == pytest.approx(expected_back(spec, box), abs=TOLERANCE_MM)
            assert found[2] - found[0] == pytest.approx(size, abs=1e-9)
            checked += 1
    assert checked == 200


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_short_edge_backs_are_turned_half_round(duplex: str) -> None:
    spec = SheetSpec(PAPER_MM["A4"], 15.875, duplex)  # type: ignore[arg-type]
    assert back_placement(spec, 20, 30)[2] == (180.0 if duplex == "short" else 0.0)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_in_the_pdf_backs_land_at_the_mirrored_positions(duplex: str) -> None:
    size, offset = 15.875, (0.8, 0.35)
    spec = SheetSpec(PAPER_MM["Letter"], size, duplex, offset)  # type: ignore[arg-type]
    pdf = render_pdf(impose([TileGroup("all", (tuple(tiles(30, size)),))], spec, "Test"), title="t")
    fronts, backs = form_boxes(pdf, 0), form_boxes(pdf, 1)
    assert len(fronts) == len(backs) == 30
    mirrored = sorted(expected_back(spec, box) for box in fronts)
    for found, wanted in zip(backs, mirrored):
        assert found == pytest.approx(wanted, abs=TOLERANCE_MM)


@pytest.mark.parametrize(("preset", "paper"), list(itertools.product(COUNTER_PRESETS_MM, PAPER_MM)))
def test_cells_are_exactly_the_counter_size_on_every_paper(preset: str, paper: str) -> None:
    size = COUNTER_PRESETS_MM[preset]
    spec = SheetSpec(PAPER_MM[paper], size)
    grid = grid_for(spec)
    assert grid.pitch_mm == size and grid.cell_mm == size
    width, height = PAPER_MM[paper]
    assert grid.x0_mm >= spec.margin_mm and grid.x0_mm + grid.width_mm <= width - spec.margin_mm
    assert grid.y0_mm >= spec.margin_mm and grid.y0_mm + grid.height_mm <= height - spec.margin_mm
    page = impose([TileGroup("all", (tuple(tiles(grid.columns * 2, size)),))], spec, "t")[0]
    for box in placements(page, size).values():
        assert box[2] - box[0] == pytest.approx(size, abs=1e-9) and box[3] - box[1] == pytest.approx(size, abs=1e-9)


@pytest.mark.parametrize("size", [15.875, 12.7, 16.3])
def test_cut_lines_in_the_pdf_are_exactly_one_counter_apart(size: float) -> None:
    spec = SheetSpec(PAPER_MM["A4"], size)
    grid = grid_for(spec)
    pdf = render_pdf(impose([TileGroup("all", (tuple(tiles(grid.columns * 3, size)),))], spec, "t")[:1], title="t")
    segments = line_segments_mm(pdf, 0)
    top, bottom = grid.y0_mm, grid.y0_mm + 3 * size
    # vertical cut lines inside the block (crop marks lie outside it)
    xs = sorted({round(x1, 4) for x1, y1, x2, y2 in segments if abs(x1 - x2) < 1e-6 and top - 1e-3 <= min(y1, y2)
                 and max(y1, y2) <= bottom + 1e-3})  # fmt: skip
    assert len(xs) == grid.columns + 1
    for a, b in zip(xs, xs[1:]):
        assert b - a == pytest.approx(size, abs=0.002)  # the PDF stores micrometres
    assert xs[0] == pytest.approx(grid.x0_mm, abs=0.002)
    # crop marks: one above the block at every cut x
    marks = sorted(round(x1, 4) for x1, y1, x2, y2 in segments if abs(x1 - x2) < 1e-6 and max(y1, y2) < top)
    assert marks == pytest.approx(xs, abs=0.002)


def test_bleed_is_real_art_past_the_cut_with_crop_marks_not_cut_lines() -> None:
    size, bleed = 15.875, 2.0
    spec = SheetSpec(PAPER_MM["A4"], size, bleed_mm=bleed)
    grid = grid_for(spec)
    assert grid.pitch_mm == size + 2 * bleed  # neighbouring bleeds meet, never overlap
    pages = impose([TileGroup("all", (tuple(tiles(4, size, bleed)),))], spec, "t")
    pdf = render_pdf(pages, title="t")
    boxes = form_boxes(pdf, 0)
    assert boxes[0][2] - boxes[0][0] == pytest.approx(size + 2 * bleed, abs=TOLERANCE_MM)  # not scaled
    assert boxes[0][0] == pytest.approx(grid.x0_mm - bleed, abs=TOLERANCE_MM)
    lines = [i for i in pages[0].items if isinstance(i, Line)]
    for left, top, right, bottom in boxes:  # no cut line or mark touches the art
        for line in lines:
            xs, ys = sorted((line.x1_mm, line.x2_mm)), sorted((line.y1_mm, line.y2_mm))
            assert xs[1] < left or xs[0] > right or ys[1] < top or ys[0] > bottom, line
    cut_xs = sorted({round(line.x1_mm, 6) for line in lines if line.x1_mm == line.x2_mm and line.y1_mm < grid.y0_mm})
    assert cut_xs == pytest.approx(sorted([grid.x0_mm + i * (size + 2 * bleed) + d for i in range(4) for d in (0, size)]))
    assert pages[0].trim_box_mm == (0, 0, 210.0, 297.0)


def test_a_gutter_wider_than_twice_the_bleed_is_kept() -> None:
    assert grid_for(SheetSpec(PAPER_MM["A4"], 15.875, gutter_mm=3.0, bleed_mm=1.0)).pitch_mm == 18.875
    assert grid_for(SheetSpec(PAPER_MM["A4"], 15.875, gutter_mm=1.0, bleed_mm=1.0)).pitch_mm == 17.875


def test_fold_puts_backs_on_the_same_landscape_page_mirrored_about_the_fold() -> None:
    size = 15.875
    spec = SheetSpec(PAPER_MM["A4"], size, "fold", back_offset_mm=(3.0, 3.0))  # offsets do not apply
    pages = impose([TileGroup("all", (tuple(tiles(20, size)),))], spec, "t")
    assert len(pages) == 1 and (pages[0].width_mm, pages[0].height_mm) == (297.0, 210.0)
    boxes = placements(pages[0], size)
    for i in range(20):
        front, back = boxes[f"f{i}"], boxes[f"b{i}"]
        assert front[2] < 297 / 2 < back[0]
        assert (front[0] + back[2]) / 2 == pytest.approx(297 / 2, abs=1e-9)
        assert front[1] == back[1]
    fold = [i for i in pages[0].items if isinstance(i, Line) and i.x1_mm == i.x2_mm == 297 / 2]
    assert fold and fold[0].style.dash_mm


def test_groups_start_new_sheets_and_rows_start_new_rows() -> None:
    size = 15.875
    spec = SheetSpec(PAPER_MM["A4"], size)
    grid = grid_for(spec)
    a, b = tiles(3, size), tiles(2, size)
    b = [Tile(t.front, t.back, tuple(SymbolDef("x" + s.id, s.bbox_mm, s.items) for s in t.symbols)) for t in b]
    b = [Tile((Use(t.symbols[0].id, 0, 0),), (Use(t.symbols[1].id, 0, 0),), t.symbols) for t in b]
    pages = impose([TileGroup("one", ((a[0], a[1]), (a[2],))), TileGroup("two", (tuple(b),))], spec, "Game")
    assert len(pages) == 4
    first = placements(pages[0], size)
    assert first["f1"][1] == first["f0"][1] and first["f2"][1] == pytest.approx(first["f0"][1] + size)
    assert first["f2"][0] == grid.x0_mm
    assert "xf0" in placements(pages[2], size) and "xf0" not in first
    assert "two" in pages[2].title and pages[1].title.endswith("Backs")


def test_a_counter_too_big_for_the_paper_is_a_clear_error() -> None:
    with pytest.raises(SheetError, match="does not fit"):
        grid_for(SheetSpec((100.0, 100.0), 75.0))  # 74 mm inside the margins and crop marks
    with pytest.raises(SheetError, match="does not fit"):
        impose([TileGroup("all", ((Tile((), (), size_mm=(75.0, 75.0)),),))], SheetSpec((100.0, 100.0), 15.0), "t",
               packed=True)


def test_sheet_headings_footers_and_the_scale_bar_by_hand() -> None:
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=15.875, duplex="long")
    group = TileGroup("Blue", (tuple(tiles(3, 15.875)),))
    fronts, backs = impose([group], spec, "Mini War", notes=["Print at 100 %", "Cut on the lines"])
    heads = [item for item in fronts.items if isinstance(item, Text) and item.size_pt == 7]
    assert [(h.text, h.x_mm, h.y_mm) for h in heads] == [("Mini War — Blue — Sheet 1 — Fronts", 8.0, 8.0)]
    assert backs.title == "Mini War — Blue — Sheet 1 — Backs"
    footer = [item for item in fronts.items if isinstance(item, Text) and item.size_pt == 6.5]
    # 55 mm right of the margin, 2 mm below it (297 - 8 + 2 = 291): both notes fit one line
    assert [(f.text, f.x_mm, f.y_mm) for f in footer] == [("Print at 100 %  ·  Cut on the lines", 63.0, 291.0)]
    # the 50 mm ruler 1 mm above the footer's baseline: ticks every 10 mm, longer at 0 and 50
    ruler = [(ln.x1_mm, ln.y1_mm, ln.x2_mm, ln.y2_mm) for ln in fronts.items
             if isinstance(ln, Line) and ln.style == Style(stroke="#000000", stroke_width_mm=0.15) and ln.y1_mm == 290.0]
    assert ruler == [(8.0, 290.0, 58.0, 290.0), (8.0, 290.0, 8.0, 288.0), (18.0, 290.0, 18.0, 288.8),
                     (28.0, 290.0, 28.0, 288.8), (38.0, 290.0, 38.0, 288.8), (48.0, 290.0, 48.0, 288.8),
                     (58.0, 290.0, 58.0, 288.0)]
    assert [(t.text, t.x_mm, t.y_mm) for t in fronts.items if isinstance(t, Text) and t.size_pt == 5] == [
        ("50 mm", 33.0, 289.0)]
    assert not [t for t in backs.items if isinstance(t, Text) and t.size_pt == 5]  # no ruler on the backs
    second = impose([group, TileGroup("Red", (tuple(tiles(1, 15.875)),))], spec, "Mini War")
    assert [p.title for p in second] == ["Mini War — Blue — Sheet 1 — Fronts", "Mini War — Blue — Sheet 1 — Backs",
                                         "Mini War — Red — Sheet 2 — Fronts", "Mini War — Red — Sheet 2 — Backs"]


def test_a_round_tile_gets_a_cut_circle_front_and_back() -> None:
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0, duplex="long")
    (plain,) = tiles(1, 20.0)
    disc = Tile(plain.front, plain.back, plain.symbols, round=True)
    fronts, backs = impose([TileGroup("Chits", ((disc,),))], spec, "Chits")
    (front_cut,) = [c for c in fronts.items if isinstance(c, Circle)]
    (x0, y0, x1, y1), = placements(fronts, 20.0).values()
    assert (front_cut.cx_mm, front_cut.cy_mm, front_cut.r_mm) == pytest.approx((x0 + 10.0, y0 + 10.0, 10.0))
    (back_cut,) = [c for c in backs.items if isinstance(c, Circle)]
    bx0, by0, _, _ = expected_back(spec, (x0, y0, x1, y1))
    assert (back_cut.cx_mm, back_cut.cy_mm, back_cut.r_mm) == pytest.approx((bx0 + 10.0, by0 + 10.0, 10.0))


def test_the_fold_line_and_its_words() -> None:
    spec = SheetSpec(paper_mm=(210.0, 297.0), cell_mm=20.0, duplex="fold")
    (page,) = impose([TileGroup("Blue", (tuple(tiles(2, 20.0)),))], spec, "Mini War")
    width = 297.0  # landscape
    fold = [ln for ln in page.items if isinstance(ln, Line) and ln.style.dash_mm == (2.0, 1.5)]
    assert len(fold) == 1 and fold[0].x1_mm == fold[0].x2_mm == width / 2
    top = fold[0].y1_mm + 3.5  # the line starts a crop mark's length above the marks' top
    words = {t.text: t for t in page.items if isinstance(t, Text) and t.size_pt == 6}
    assert (words["Fronts"].x_mm, words["Fronts"].y_mm, words["Fronts"].anchor) == (width / 2 - 1.5, top - 4.5, "end")
    assert (words["Backs"].x_mm, words["Backs"].y_mm, words["Backs"].anchor) == (width / 2 + 1.5, top - 4.5, "start")
    assert (words["Fold here"].x_mm, words["Fold here"].rotation_deg) == (width / 2 - 1.0, -90)
