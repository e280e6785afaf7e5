"""Packed piece sheets: shelves of mixed sizes (hand-computed positions and area sums), every
back mirrored opposite its front for mixed sizes in each duplex mode (page model and PDF),
and the sample games' counter and card sheets filled to 80 % but the last."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.build.components import BuildContext
from generator.build.options import BuildOptions, PAPER_MM
from generator.components.counters.component import plan_pieces
from generator.components.decks.component import chit_tiles, deck_sheet_spec
from generator.components.decks.plan import plan_decks
from generator.components.sheet_words import sheet_spec
from generator.io.loader import load_game
from generator.layout.packing import Run, Size, fill, pack
from generator.layout.primitives import Circle, Group, Line, Rect, Style, SymbolDef, Use
from generator.layout.sheets import SheetSpec, Tile, TileGroup, lay_out, sheet_fill, sheet_pages, usable_box
from generator.render.pdf import render_pdf

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_GAMES = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
PT_PER_MM = 72 / 25.4
TOLERANCE_MM = 0.01


# -- the shelves, by hand -------------------------------------------------------------------

def test_shelves_by_hand() -> None:
    """A 100 × 60 mm area: five 20 mm squares fill the first shelf exactly; three 15 mm
    squares open a second shelf at y 20, and a 30 × 10 piece (no taller) goes on in it; the
    next 30 × 10 passes its width (75 + 30 > 100) and opens a shelf at y 35; a 20 × 30
    piece would end at 45 + 30 > 60: a new sheet; a run asking for a fresh sheet gets one."""
    runs = [Run((Size(20, 20),) * 5),
            Run((Size(15, 15),) * 3 + (Size(30, 10),) * 2 + (Size(20, 30),)),
            Run((Size(40, 40),), fresh_sheet=True)]
    first, second, third = pack(runs, 100.0, 60.0)
    assert [(s.x_mm, s.y_mm) for s in first.spots] == [
        (0, 0), (20, 0), (40, 0), (60, 0), (80, 0), (0, 20), (15, 20), (30, 20), (45, 20), (0, 35)]
    assert [(shelf.y_mm, shelf.height_mm) for shelf in first.shelves] == [(0, 20), (20, 15), (35, 10)]
    assert [(s.run, s.index, s.x_mm, s.y_mm) for s in second.spots] == [(1, 5, 0, 0)]
    assert [(s.run, s.index, s.x_mm, s.y_mm) for s in third.spots] == [(2, 0, 0, 0)]
    # 5 × 400 + 3 × 225 + 2 × 300 = 3,275 mm² of 6,000
    assert first.area_mm2 == 3275 and fill(first, 100, 60) == pytest.approx(0.545833, abs=1e-6)
    assert fill(second, 100, 60) == pytest.approx(600 / 6000) and fill(third, 100, 60) == pytest.approx(1600 / 6000)


def test_gaps_lanes_and_one_height_shelves() -> None:
    """A 2 mm gap between pieces and shelves; one_height keeps a shorter piece off a taller
    shelf; a lane of 3 mm more where the next shelf's pieces are of another width."""
    runs = [Run((Size(20, 20), Size(20, 20), Size(10, 10), Size(10, 10)))]
    (sheet,) = pack(runs, 100.0, 100.0, gap_mm=2.0, lane_mm=3.0, one_height=True)
    assert [(s.x_mm, s.y_mm) for s in sheet.spots] == [(0, 0), (22, 0), (0, 25), (12, 25)]  # 20 + 2 + 3
    (mixed,) = pack(runs, 100.0, 100.0, gap_mm=2.0)
    assert [(s.x_mm, s.y_mm) for s in mixed.spots] == [(0, 0), (22, 0), (44, 0), (56, 0)]


def test_a_fresh_sheet_is_not_started_for_the_first_run() -> None:
    (sheet,) = pack([Run((Size(10, 10),), fresh_sheet=True)], 50.0, 50.0)
    assert len(sheet.spots) == 1


# -- duplex: every back opposite its front, mixed sizes --------------------------------------

MIXED = [(15.875, 15.875, False, True), (15.875, 15.875, True, True), (20.0, 12.0, False, True),
         (19.0, 19.0, False, False), (12.7, 12.7, False, True)]  # (width, height, round, has a back)


def mixed_tiles(count: int) -> tuple[list[Tile], dict[str, tuple[float, float]]]:
    """`count` tiles cycling through the sizes of MIXED; front symbol f<i>, back b<i>."""
    tiles, sizes = [], {}
    for i in range(count):
        width, height, round_, backed = MIXED[i % len(MIXED)]
        front = SymbolDef(f"f{i}", (0, 0, width, height), (Rect(0, 0, width, height, Style.filled("#9fc5e8")),))
        back = SymbolDef(f"b{i}", (0, 0, width, height), (Rect(0, 0, width, height, Style.filled("#c8d8b0")),))
        tiles.append(Tile((Use(front.id, 0, 0),), (Use(back.id, 0, 0),) if backed else (), (front, back), round_,
                          size_mm=(width, height)))
        sizes[front.id] = sizes[back.id] = (width, height)
    return tiles, sizes


def boxes_of(page, sizes) -> dict[str, tuple[float, float, float, float]]:
    """symbol id -> the box its tile covers on the page (from the group's transform)."""
    found = {}
    for item in page.items:
        if isinstance(item, Group) and item.items and isinstance(item.items[0], Use):
            symbol = item.items[0].symbol_id
            width, height = sizes[symbol]
            corners = [item.transform.apply(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            found[symbol] = (min(xs), min(ys), max(xs), max(ys))
    return found


def mirrored(spec: SheetSpec, box) -> tuple[float, float, float, float]:
    """The box behind `box` through the paper, written out from the flip, not from the code."""
    width, height = spec.page_mm
    left, top, right, bottom = box
    if spec.duplex == "fold":
        return width - right, top, width - left, bottom
    dx, dy = spec.back_offset_mm
    if spec.duplex == "long":
        return width - right + dx, top + dy, width - left + dx, bottom + dy
    return left + dx, height - bottom + dy, right + dx, height - top + dy


def groups_of(tiles: list[Tile]) -> list[TileGroup]:
    """Three groups of unequal length (sides), packed one after another."""
    return [TileGroup("A", (tuple(tiles[:70]),), fresh_sheet=False), TileGroup("B", (tuple(tiles[70:180]),)),
            TileGroup("C", (tuple(tiles[180:]),))]


@pytest.mark.parametrize("duplex, offset", [("long", (0.0, 0.0)), ("long", (1.25, -0.7)), ("short", (0.0, 0.0)),
                                            ("short", (-0.4, 0.9)), ("fold", (0.0, 0.0))])
def test_every_back_of_a_packed_mixed_sheet_lies_opposite_its_front(duplex, offset) -> None:
    tiles, sizes = mixed_tiles(260)
    spec = SheetSpec(PAPER_MM["A4"], 15.875, duplex, offset)
    sheets = lay_out(groups_of(tiles), spec, packed=True)
    pages = sheet_pages(sheets, spec, "Test")
    assert len(sheets) >= 2 and {c.width_mm for s in sheets for c in s.cells} == {15.875, 20.0, 19.0, 12.7}
    pairs = [(page, page) for page in pages] if duplex == "fold" else list(zip(pages[::2], pages[1::2]))
    checked = backless = 0
    for fronts, backs in pairs:
        front_boxes, back_boxes = boxes_of(fronts, sizes), boxes_of(backs, sizes)
        for symbol, box in front_boxes.items():
            if not symbol.startswith("f"):
                continue
            back = back_boxes.get("b" + symbol[1:])
            if back is None:
                backless += 1  # a block label: nothing behind it
                continue
            assert back == pytest.approx(mirrored(spec, box), abs=TOLERANCE_MM)
            checked += 1
    assert checked + backless == 260 and backless == 52


def pdf_form_boxes(pdf: bytes, index: int) -> list[tuple[float, float, float, float]]:
    page = pdfium.PdfDocument(pdf)[index]
    height = page.get_height()
    boxes = []
    for obj in page.get_objects(max_depth=1):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((left / PT_PER_MM, (height - top) / PT_PER_MM, right / PT_PER_MM, (height - bottom) / PT_PER_MM))
    return sorted(boxes)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_in_the_pdf_the_backs_of_mixed_sizes_land_mirrored(duplex) -> None:
    tiles, _ = mixed_tiles(40)
    backed = [tile for tile in tiles if tile.back]
    spec = SheetSpec(PAPER_MM["Letter"], 15.875, duplex, (0.8, 0.35))
    pdf = render_pdf(sheet_pages(lay_out([TileGroup("all", (tuple(backed),))], spec, packed=True), spec, "t"), title="t")
    fronts, backs = pdf_form_boxes(pdf, 0), pdf_form_boxes(pdf, 1)
    assert len(fronts) == len(backs) == 32
    wanted = [mirrored(spec, box) for box in fronts]
    for found in backs:  # each back is the mirror image of one front, and no two share one
        matches = [w for w in wanted if max(abs(a - b) for a, b in zip(found, w)) <= TOLERANCE_MM]
        assert len(matches) == 1, found
        wanted.remove(matches[0])
    assert wanted == []


def test_cut_guides_follow_each_size_and_circle_round_counters() -> None:
    tiles, _ = mixed_tiles(5)
    spec = SheetSpec(PAPER_MM["A4"], 15.875)
    (sheet,) = lay_out([TileGroup("all", (tuple(tiles),))], spec, packed=True)
    fronts, backs = sheet_pages([sheet], spec, "t")
    circles = [item for item in fronts.items if isinstance(item, Circle)]
    assert [round(c.r_mm, 4) for c in circles] == [7.9375]
    hairlines = [item for item in fronts.items if isinstance(item, Line) and item.style.stroke_width_mm == 0.1]
    lengths = sorted({round(abs(l.x2_mm - l.x1_mm) + abs(l.y2_mm - l.y1_mm), 3) for l in hairlines})
    assert lengths == [12.0, 12.7, 15.875, 19.0, 20.0]
    # the block label (19 mm) has no back: no hairline of its size behind it
    back_lines = [item for item in backs.items if isinstance(item, Line) and item.style.stroke_width_mm == 0.1]
    assert 19.0 not in {round(abs(l.x2_mm - l.x1_mm) + abs(l.y2_mm - l.y1_mm), 3) for l in back_lines}


def test_with_bleed_shelves_keep_one_height_and_lanes_carry_the_cut_marks() -> None:
    tiles, _ = mixed_tiles(30)
    spec = SheetSpec(PAPER_MM["A4"], 15.875, bleed_mm=1.0)
    (sheet,) = lay_out([TileGroup("all", (tuple(tiles),))], spec, packed=True)
    rows: dict[float, set[float]] = {}
    for cell in sheet.cells:
        rows.setdefault(round(cell.y_mm, 6), set()).add(cell.height_mm)
    assert all(len(heights) == 1 for heights in rows.values())
    assert sheet.lanes  # rows of other widths follow one another


def test_the_usable_area_and_the_fill_of_one_full_a4_sheet() -> None:
    """A4 portrait: margins 8 mm, crop marks 1.5 + 3.5 mm, title bands 6 mm: 184 × 259 mm.
    11 × 16 counters of 15.875 mm cover 176 × 252.016 = 44,354.8 mm²: 93.07 %."""
    spec = SheetSpec(PAPER_MM["A4"], 15.875)
    assert usable_box(spec) == pytest.approx((13.0, 19.0, 197.0, 278.0))
    tiles, _ = mixed_tiles(1)
    full = [Tile(tiles[0].front, tiles[0].back, tiles[0].symbols, size_mm=(15.875, 15.875))] * 177
    first, last = lay_out([TileGroup("all", (tuple(full),))], spec, packed=True)
    assert (len(first.cells), len(last.cells)) == (176, 1)
    assert sheet_fill(first, spec) == pytest.approx(176 * 15.875 ** 2 / (184 * 259), abs=1e-9)
    assert sheet_fill(first, spec) == pytest.approx(0.930728, abs=1e-6)  # 44,354.75 of 47,656 mm²


# -- the sample games ------------------------------------------------------------------------

def context(game_dir: Path) -> BuildContext:
    game = load_game(game_dir).game
    return BuildContext(game, BuildOptions(Path("unused"), print=game.spec.print), "en")


@pytest.mark.parametrize("game_dir", SAMPLE_GAMES, ids=[g.name for g in SAMPLE_GAMES])
def test_sample_counter_sheets_are_filled_to_80_percent_but_the_last(game_dir: Path) -> None:
    ctx = context(game_dir)
    spec = sheet_spec(ctx.options)
    sheets = lay_out(plan_pieces(ctx, spec).groups, spec, packed=True)
    fills = [sheet_fill(sheet, spec) for sheet in sheets]
    assert all(f >= 0.80 for f in fills[:-1]), fills


@pytest.mark.parametrize("game_dir", SAMPLE_GAMES, ids=[g.name for g in SAMPLE_GAMES])
def test_sample_card_sheets_are_filled_to_80_percent_but_the_last(game_dir: Path) -> None:
    ctx = context(game_dir)
    plans = [p for p in plan_decks(ctx.game, ctx.translator, ctx.options.counter_size_mm) if p.deck.kind == "card"]
    if not plans:
        pytest.skip("no card decks")
    spec = deck_sheet_spec(ctx.options, plans[0])
    groups = [TileGroup(p.title, (chit_tiles(p, 0.0),), fresh_sheet=False) for p in plans]
    fills = [sheet_fill(sheet, spec) for sheet in lay_out(groups, spec, packed=True)]
    assert all(f >= 0.80 for f in fills[:-1]), fills


def test_strike_of_the_eagle_shares_sheets_between_blocks_order_markers_and_markers() -> None:
    """110 block labels (19 mm), 64 order markers and 50 markers (15.875 mm): 2 sheets, not
    the 5 of a sheet set per kind and side."""
    ctx = context(ROOT / "data" / "strike-of-the-eagle")
    spec = sheet_spec(ctx.options)
    sheets = lay_out(plan_pieces(ctx, spec).groups, spec, packed=True)
    sizes = [cell.width_mm for sheet in sheets for cell in sheet.cells]
    assert (sizes.count(19.0), sizes.count(15.875), len(sheets)) == (110, 114, 2)
