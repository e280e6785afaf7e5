"""Cards on the counter sheets: a card sheet's worth of cards that fits the counter sheets'
free room prints there, at its true size, each back mirrored behind its front, and saves a
duplex sheet; cards that do not fit stay in cards.pdf; a build of the cards alone keeps every
card in cards.pdf. Read from the PDFs."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from typer.testing import CliRunner

from generator.cli.app import app
from generator.layout.sheets import SheetSpec

runner = CliRunner()
PT_PER_MM = 72 / 25.4
A4 = (210.0, 297.0)


def _build(game: Path, out: Path, *extra: str) -> dict:
    result = runner.invoke(app, ["build", str(game), "--out", str(out), "--lang", "en", "--json", "--jobs", "1",
                                 *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _boxes(pdf: Path, index: int, kind: int, size: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """Objects of one kind (path, form) `size` mm large on a page: their boxes in mm, y down."""
    page = pdfium.PdfDocument(pdf)[index]
    height = page.get_height()
    found = []
    for obj in page.get_objects(max_depth=1):
        left, bottom, right, top = obj.get_bounds()
        box = (left / PT_PER_MM, (height - top) / PT_PER_MM, right / PT_PER_MM, (height - bottom) / PT_PER_MM)
        if obj.type == kind and abs(box[2] - box[0] - size[0]) < 0.3 and abs(box[3] - box[1] - size[1]) < 0.3:
            found.append(tuple(round(v, 2) for v in box))
    return sorted(found)


def _text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def test_a_lone_card_sheet_moves_onto_a_counter_sheet_with_room(mini, tmp_path):
    """The mini game's four 44 × 63 mm event cards fit under its counters (a third of the
    sheet): they print there, cards.pdf is not needed, and the kit is one duplex sheet
    shorter. Long-edge duplex on A4: a back at x' = 210 − x − 44, the same y."""
    summary = _build(mini.path, tmp_path)
    folder = tmp_path / "mini" / "en"
    assert not (folder / "cards.pdf").exists()
    assert list(summary["fills"]["en"]) == ["counters.pdf"]
    fronts, backs = _text(folder / "counters.pdf")
    assert fronts.count("Ambush") == 2 and "Rally" in fronts and "Storm" in fronts
    assert "Cards: 44 × 63 mm" in fronts and "Blue event cards" in fronts.splitlines()[0] + fronts
    assert backs.count("Blue events") == 4
    cards = _boxes(folder / "counters.pdf", 0, pdfium_c.FPDF_PAGEOBJ_PATH, (44.0, 63.0))  # each front's frame
    behind = _boxes(folder / "counters.pdf", 1, pdfium_c.FPDF_PAGEOBJ_FORM, (44.0, 63.0))  # the shared back
    assert len(cards) == len(behind) == 4
    spec = SheetSpec(A4, 15.875)
    from test_sheets import expected_back  # the mirror written out apart from the code

    assert behind == sorted(tuple(round(v, 2) for v in expected_back(spec, box)) for box in cards)
    assert all(box[1] > 40.0 for box in cards)  # under the counters, not over them


def test_only_the_last_card_sheet_moves_and_cards_pdf_says_how_many(mini, tmp_path):
    """Rally printed 14 times: 17 cards, 16 to a card sheet (4 × 4 of 44 × 63 mm inside 5 mm
    margins), so one card is left on a second card sheet: it moves to the counter sheet, and
    cards.pdf (one sheet) says so."""
    mini.replace("decks/blue-events.csv", "rally,Rally,1,", "rally,Rally,14,").replace("game.yaml", "total: 4", "total: 17")
    summary = _build(mini.path, tmp_path)
    folder = tmp_path / "mini" / "en"
    assert len(summary["fills"]["en"]["cards.pdf"]) == 1 and len(summary["fills"]["en"]["counters.pdf"]) == 1
    cards = _text(folder / "cards.pdf")
    assert len(cards) == 2 and "1 more card is on the counter sheets." in cards[0]
    fronts = _text(folder / "counters.pdf")[0]
    moved = _boxes(folder / "counters.pdf", 0, pdfium_c.FPDF_PAGEOBJ_PATH, (44.0, 63.0))
    assert len(moved) == 1 and "Cards: 44 × 63 mm" in fronts
    assert len(_boxes(folder / "cards.pdf", 1, pdfium_c.FPDF_PAGEOBJ_FORM, (44.0, 63.0))) == 16


def test_cards_that_would_need_another_counter_sheet_stay_on_their_own(mini, tmp_path):
    """Rally printed 60 times: 63 cards, 16 to a card sheet, the last card sheet 15 of them,
    more than the counter sheet's free room holds (three rows of four): nothing moves."""
    mini.replace("decks/blue-events.csv", "rally,Rally,1,", "rally,Rally,60,").replace("game.yaml", "total: 4", "total: 63")
    summary = _build(mini.path, tmp_path)
    assert len(summary["fills"]["en"]["cards.pdf"]) == 4 and len(summary["fills"]["en"]["counters.pdf"]) == 1
    assert "on the counter sheets" not in _text(tmp_path / "mini" / "en" / "cards.pdf")[0]
    assert "Cards:" not in _text(tmp_path / "mini" / "en" / "counters.pdf")[0]


def test_a_build_of_the_cards_alone_keeps_every_card(mini, tmp_path):
    _build(mini.path, tmp_path, "--only", "decks")
    fronts = _text(tmp_path / "mini" / "en" / "cards.pdf")[0]
    assert fronts.count("Ambush") == 2 and "Rally" in fronts and "Storm" in fronts
    assert "on the counter sheets" not in fronts
