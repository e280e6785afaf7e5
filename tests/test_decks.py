"""Decks of cards and cups of chits: sizes, imposition of rectangular cards with mirrored
backs, the card art (turned landscape cards, flags, fields), per-card images and the
summary aid — on the page model, in the PDF read back by pdfium, and built from the mini
game's deck and cup."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.build.options import PAPER_MM
from generator.cli.app import app
from generator.components.decks.art import front_items
from generator.components.decks.component import CARD_HEADER_MM, CARD_MARGIN_MM, deck_sheet_spec, deck_tiles
from generator.components.decks.plan import plan_decks
from generator.i18n import Translator
from generator.io.loader import load_game
from generator.layout.primitives import Group, Rect, SymbolDef, Style, Use
from generator.layout.sheets import SheetSpec, Tile, TileGroup, grid_for, impose
from generator.model.decks import CARD_SIZES_MM, DeckSpec
from generator.render.pdf import render_pdf
from test_sheets import TOLERANCE_MM, expected_back, form_boxes

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
runner = CliRunner()


def card_spec(**keys) -> DeckSpec:
    return DeckSpec.model_validate({"id": "d", "name": "D", "file": "d.csv", **keys})


# --- sizes


@pytest.mark.parametrize("preset", list(CARD_SIZES_MM))
def test_presets_stand_in_their_orientation(preset):
    short, long = sorted(CARD_SIZES_MM[preset])
    assert card_spec(size=preset).size_for(15.0) == (short, long)
    assert card_spec(size=preset, orientation="landscape").size_for(15.0) == (long, short)


def test_default_sizes_poker_cards_and_counter_sized_chits():
    assert card_spec().size_for(15.875) == (63.0, 88.0)
    assert card_spec(kind="chit").size_for(15.875) == (15.875, 15.875)
    assert card_spec(kind="chit", size_mm=[20, 20]).size_for(15.875) == (20, 20)
    assert card_spec(size_mm=[90, 60], orientation="portrait").size_for(15.0) == (60, 90)


def test_a_field_may_not_take_a_standard_column_name():
    with pytest.raises(ValueError, match="'title' is a standard column of every deck table"):
        card_spec(fields=[{"id": "title", "name": "Title"}])


# --- imposition of rectangular cards


def rect_tiles(count: int, width: float, height: float, bleed: float = 0.0) -> list[Tile]:
    out = []
    for i in range(count):
        box = (-bleed, -bleed, width + bleed, height + bleed)
        rect = Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Style.filled("#9fc5e8"))
        front, back = SymbolDef(f"f{i}", box, (rect,)), SymbolDef(f"b{i}", box, (rect,))
        out.append(Tile((Use(front.id, 0, 0),), (Use(back.id, 0, 0),), (front, back)))
    return out


def card_sheet(paper: str, size: tuple[float, float], duplex: str = "long", offset=(0.0, 0.0)) -> SheetSpec:
    return SheetSpec(PAPER_MM[paper], size[0], duplex, offset, cell_height_mm=size[1],  # type: ignore[arg-type]
                     margin_mm=CARD_MARGIN_MM, header_mm=CARD_HEADER_MM)


@pytest.mark.parametrize(("paper", "size", "up"), [
    ("A4", (63.0, 88.0), (3, 3)),       # nine poker cards on A4
    ("Letter", (63.0, 88.0), (3, 2)),
    ("A4", (88.0, 63.0), (2, 4)),       # a landscape deck
    ("A4", (44.0, 63.0), (4, 4)),       # mini cards
])
def test_cards_per_sheet(paper, size, up):
    grid = grid_for(card_sheet(paper, size))
    assert (grid.columns, grid.rows) == up
    assert (grid.pitch_mm, grid.pitch_h_mm) == size  # neighbours share a cut


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_card_backs_land_behind_their_fronts_in_the_pdf(duplex):
    size, offset = (63.0, 88.0), (0.6, -0.4)
    spec = card_sheet("A4", size, duplex, offset)
    count = 4 if duplex == "fold" else 7  # what one sheet holds: 2 × 2 on a half page, 3 × 3 on a page
    pages = impose([TileGroup("deck", (tuple(rect_tiles(count, *size)),))], spec, "Test")
    pdf = render_pdf(pages, title="t")
    if duplex == "fold":  # fronts on the left half of the landscape page, backs on the right
        boxes = form_boxes(pdf, 0)
        half = spec.page_mm[0] / 2
        fronts, backs = [b for b in boxes if b[2] <= half], [b for b in boxes if b[0] >= half]
    else:
        fronts, backs = form_boxes(pdf, 0), form_boxes(pdf, 1)
    assert len(fronts) == len(backs) == count
    for left, top, right, bottom in fronts:
        assert (right - left, bottom - top) == pytest.approx(size, abs=TOLERANCE_MM)  # exact card size
    wanted = sorted(expected_back(spec, box) for box in fronts)
    for found, expected in zip(sorted(backs), wanted):
        assert found == pytest.approx(expected, abs=TOLERANCE_MM)


# --- the mini game's deck and cup


@pytest.fixture(scope="module")
def mini_plans():
    game = load_game(MINI).game
    return game, plan_decks(game, Translator.for_game(game, "en"), 15.875)


def test_plans_follow_the_data(mini_plans):
    game, (events, supply) = mini_plans
    assert (events.cell_mm, events.count, supply.cell_mm, supply.count) == ((44.0, 63.0), 4, (15.875, 15.875), 3)
    ambush, rally, storm = events.cards
    assert (ambush.copies, ambush.turned, ambush.front.size_mm) == (2, True, (63.0, 44.0))  # a landscape card
    assert rally.front.values == (("Turn", "2"), ("Requires", "Blueton"))
    assert rally.front.flags == (("Once per game", "O"),) and storm.front.flags == (("Must be played", "M"),)
    assert events.back.label == "Blue events" and events.back.colour == "#1f4e9c"
    assert supply.back.label == "Supply" and supply.cards[0].front.numbers == ("2",)


def test_a_landscape_card_is_turned_a_quarter_into_the_portrait_cell(mini_plans):
    _, (events, _) = mini_plans
    (turned,) = front_items(events.cards[0].front, 0.0, events.cell_mm)
    assert isinstance(turned, Group)
    corners = [turned.transform.apply(x, y) for x, y in ((0, 0), (63.0, 44.0))]
    xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
    assert (xs, ys) == ([0.0, 44.0], [0.0, 63.0])  # the 63 × 44 card fills the 44 × 63 cell
    upright = front_items(events.cards[1].front, 0.0, events.cell_mm)
    assert not any(isinstance(i, Group) and i.transform.b for i in upright)  # a portrait card is not turned


def test_every_card_is_a_tile_as_often_as_its_copies(mini_plans):
    _, (events, supply) = mini_plans
    assert len(deck_tiles(events, 0.0).rows[0]) == 4 and len(deck_tiles(supply, 0.0).rows[0]) == 3


@pytest.fixture(scope="module")
def deck_build(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("decks")
    # the cards and the counters built apart: built together, the mini game's few cards share
    # the counter sheet (tests/test_piece_sheets.py)
    for only in ("decks,deck-summary", "counters"):
        result = runner.invoke(app, ["build", str(MINI), "--out", str(out), "--only", only,
                                     "--lang", "en,es", "--jobs", "1", "--quiet"])
        assert result.exit_code == 0, result.output
    return out / "mini"


def page_text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages]


def test_card_sheets_fronts_then_backs_with_each_copy(deck_build):
    fronts, backs = page_text(deck_build / "en" / "cards.pdf")
    assert "Fronts" in fronts and "Backs" in backs
    assert fronts.count("Ambush") == 2 and fronts.count("Rally") == 1 and fronts.count("Storm") == 1
    assert "Once per game" in fronts and "Cards: 44 × 63 mm" in fronts
    assert "Turn:\n2" in fronts and "Requires:\nBlueton" in fronts  # a field's name in bold, then its value
    assert backs.count("Blue events") == 4
    # The cup's chits are cut from card stock: they share the counter sheets, after the counters.
    chits = page_text(deck_build / "es" / "counters.pdf")
    assert chits[0].count("Depósito") == 2 and "Vacía" in chits[0] and chits[1].count("Suministro") == 3
    assert "Fichas de suministro: 15,9 × 15,9 mm" in chits[0]
    assert not list((deck_build / "es").glob("deck-supply*"))


def test_card_images_stand_in_each_cards_orientation(deck_build):
    folder = deck_build / "en" / "decks" / "blue-events"
    assert sorted(p.name for p in folder.glob("*.png")) == ["ambush-front.png", "back.png", "rally-front.png",
                                                            "storm-front.png"]
    landscape = Image.open(folder / "ambush-front.png").size
    portrait = Image.open(folder / "rally-front.png").size
    assert landscape == portrait[::-1]
    assert portrait == pytest.approx((44 / 25.4 * 300, 63 / 25.4 * 300), abs=1)  # 300 dpi, to the pixel


def test_the_summary_lists_every_card_with_its_fields_flags_and_text(deck_build):
    (english,) = page_text(deck_build / "en" / "deck-summary.pdf")
    for words in ("Blue event cards", "4 cards", "Ambush", "Shift one combat a column to the left.", "Must be played",
                  "Requires", "Blueton", "Supply chits", "3 chits", "Supply points", "15.9 × 15.9 mm"):
        assert words in english, words
    (spanish,) = page_text(deck_build / "es" / "deck-summary.pdf")
    for words in ("Cartas de evento azules", "4 cartas", "Emboscada", "Debe jugarse", "Villazul", "3 fichas"):
        assert words in spanish, words


def test_a_game_without_decks_prints_none(tmp_path, mini):
    text = mini.read("game.yaml")
    mini.write("game.yaml", text[: text.index("decks:")])
    result = runner.invoke(app, ["build", str(mini.path), "--out", str(tmp_path), "--only", "decks,deck-summary",
                                 "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert not list((tmp_path / "mini" / "en").glob("deck*")) and not (tmp_path / "mini" / "en" / "cards.pdf").exists()


def test_sheet_spec_for_chits_keeps_the_counter_margins(mini_plans):
    from generator.build.options import BuildOptions

    _, (events, supply) = mini_plans
    options = BuildOptions(out_dir=Path("."))
    assert deck_sheet_spec(options, supply).margin_mm == SheetSpec((210, 297), 15.875).margin_mm
    assert deck_sheet_spec(options, events).margin_mm == CARD_MARGIN_MM
