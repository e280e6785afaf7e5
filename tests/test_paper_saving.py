"""Kits on fewer sheets, read from the PDFs: the mini kit's pages and sheets, identical
setup maps and turn tracks printed once naming every scenario, ink saving's colours in the
counters' PDF, and no map tile that prints only margin."""

from __future__ import annotations

import ctypes
import json
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from typer.testing import CliRunner

from generator.cli.app import app
import kits

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _build(game: Path, out: Path, *extra: str) -> dict:
    result = runner.invoke(app, ["build", str(game), "--out", str(out), "--lang", "en", "--json", "--jobs", "1",
                                 *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _outline(path: Path) -> dict[str, int]:
    """kit.pdf's documents -> their pages, from its bookmarks."""
    reader = pypdf.PdfReader(path)
    marks = [(reader.get_destination_page_number(o), o.title) for o in reader.outline if not isinstance(o, list)]
    ends = [start for start, _ in marks[1:]] + [len(reader.pages)]
    return {title: end - start for (start, title), end in zip(marks, ends)}


def test_the_mini_kit_pages_and_its_sheets_of_paper(mini, tmp_path):
    """The cover with the contents under it 1, the map's assembly page and its one tile 2,
    counters and cards on one duplex sheet (2 pages, 1 sheet: the four cards fit under the
    counters), the turn track with the CRT's chances and the cards and chits under it 1, one
    player aid for both sides 1, the setup chart (its scenario sheet with the list flowed on
    under it, its map) 2: 9 pages on 8 sheets. The TEC and the CRT are printed separately:
    the aid prints them whole (the CRT without its chances); so are the sequence of play
    (whole in the aid of both sides) and each side's own aid."""
    summary = _build(mini.path, tmp_path)
    assert summary["kit_pages"] == {"en": 9}
    assert summary["kit_sheets"] == {"en": 8}
    pages = _outline(tmp_path / "mini" / "en" / "kit.pdf")
    assert pages["Counters"] == 2 and "Cards" not in pages and pages["Mini map"] == 2
    assert pages["Combat results: chance of each result"] == 0 and "Terrain Effects Chart" not in pages
    assert "Combat Results Table" not in pages
    contents = pypdf.PdfReader(tmp_path / "mini" / "en" / "kit.pdf").pages[0].extract_text()
    separate = contents.split("Printed separately")[1]
    assert "tec.pdf" in separate and "Combat Results Table\ncrt.pdf" in separate
    assert pages["Player aid: Blue and Red"] == 1 and "Sequence of play" not in pages
    assert "Sequence of play\nsequence-of-play.pdf" in separate
    assert "Player aid: Blue\nplayer-aid-blue.pdf" in separate and "Player aid: Red\nplayer-aid-red.pdf" in separate
    assert sorted(summary["fills"]["en"]) == ["counters.pdf"]
    assert len(summary["fills"]["en"]["counters.pdf"]) == 1  # one sheet


def test_identical_setup_maps_and_turn_tracks_are_printed_once_naming_both(mini, tmp_path):
    opening = (mini.path / "scenarios" / "opening.yaml").read_text(encoding="utf-8")
    mini.write("scenarios/second.yaml", opening.replace("title: Opening moves", "title: Second"))
    _build(mini.path, tmp_path, "--only", "setup,turn-track")
    folder = tmp_path / "mini" / "en"
    first = pypdf.PdfReader(folder / "setup-opening.pdf")
    second = pypdf.PdfReader(folder / "setup-second.pdf")
    # each its scenario sheet and its list flowed on under it; the map only with the first
    assert len(first.pages) == 2 and len(second.pages) == 1
    assert "Scenario: Second" in second.pages[0].extract_text()
    assert "Setup map: Opening moves, Second" in first.pages[1].extract_text()
    assert "The setup map is the one printed with Setup: Opening moves" in second.pages[0].extract_text()
    track = pypdf.PdfReader(folder / "turn-track.pdf")
    assert len(track.pages) == 1
    text = track.pages[0].extract_text()
    assert "Turn track: Opening moves, Second" in text and text.count("Turn track:") == 2  # running head, title
    assert "Opening moves: Turns 1–4; Second: Turns 1–4" in text


def _fill_colours(pdf: Path, index: int = 0) -> set[tuple[int, int, int]]:
    """The fill colour of every path on a page (the first by default), inside forms too."""
    page = pdfium.PdfDocument(pdf)[index]
    colours = set()
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        if pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(c) for c in (r, g, b, a))):
            colours.add((r.value, g.value, b.value))
    return colours


def test_ink_saving_prints_pale_backgrounds_and_keeps_the_colour_in_a_band(mini, tmp_path):
    """Blueland's #9ec9e8 moved 82 % towards white: 158 + 97 × 0.82 = 237.5 → 238, 201 + 54 ×
    0.82 = 245.3 → 245, 232 + 23 × 0.82 = 250.9 → 251. Redland's #c8d8b0: 200 + 55 × 0.82 =
    245.1 → 245, 216 + 39 × 0.82 = 248.0 → 248, 176 + 79 × 0.82 = 240.8 → 241; its own band
    (#b22222) stays. The full colours stay in the bands."""
    _build(mini.path, tmp_path / "full", "--only", "counters")
    _build(mini.path, tmp_path / "saving", "--only", "counters", "--ink", "saving")
    full = _fill_colours(tmp_path / "full" / "mini" / "en" / "counters.pdf")
    saving = _fill_colours(tmp_path / "saving" / "mini" / "en" / "counters.pdf")
    blue, pale_blue = (158, 201, 232), (238, 245, 251)
    assert blue in full and pale_blue not in full
    assert pale_blue in saving and blue in saving  # the band
    assert (245, 248, 241) in saving and (200, 216, 176) not in saving
    assert (178, 34, 34) in saving


def test_ink_saving_prints_the_card_backs_pale(mini, tmp_path):
    """The blue event cards' back, #1f4e9c, moved 82 % towards white: 31 + 224 × 0.82 = 214.7
    → 215, 78 + 177 × 0.82 = 223.1 → 223, 156 + 99 × 0.82 = 237.2 → 237 (the backs are the
    second page of cards.pdf)."""
    _build(mini.path, tmp_path / "full", "--only", "decks")
    _build(mini.path, tmp_path / "saving", "--only", "decks", "--ink", "saving")
    full = _fill_colours(tmp_path / "full" / "mini" / "en" / "cards.pdf", 1)
    saving = _fill_colours(tmp_path / "saving" / "mini" / "en" / "cards.pdf", 1)
    assert (31, 78, 156) in full and (215, 223, 237) not in full
    assert (215, 223, 237) in saving and (31, 78, 156) not in saving


def _margin_only(image, box_px) -> bool:
    """Whether the box holds one flat colour (the map's paper) and nothing else."""
    region = image.crop(box_px).convert("RGB")
    colours = region.getcolors(maxcolors=1 << 16) or []
    most = max(count for count, _ in colours) if colours else 0
    return most >= 0.995 * region.width * region.height


def test_no_tile_of_a_sample_map_prints_only_margin():
    """Glory's End's two maps, every tile sheet read back from the PDF (of the shared full
    kit): its window (7 mm margins, 15 at the foot) is never one flat colour."""
    folder = kits.built("glorys-end") / "en"
    scale = 20 / 72
    tiled = sorted(folder.glob("map-*-tiles-A4.pdf"))
    assert len(tiled) == 2
    for path in tiled:
        document = pdfium.PdfDocument(path)
        for index in range(len(document)):  # the assembly sits on a tile: every page is a tile
            page = document[index]
            image = page.render(scale=scale).to_pil()
            px = image.width / (page.get_width() / 72 * 25.4)
            width_mm, height_mm = page.get_width() / 72 * 25.4, page.get_height() / 72 * 25.4
            box = (round(7 * px), round(7 * px), round((width_mm - 7) * px), round((height_mm - 15) * px))
            assert not _margin_only(image, box), f"{path.name} page {index + 1}"


def test_tables_every_player_aid_prints_whole_are_not_printed_again_in_the_kit():
    """When Eagles Fight's aids (the default template) bring in every dice table, so
    tables.pdf is written for print shops but left out of kit.pdf, and so are the TEC and the
    CRT, which the aids show without its chances of each result: those alone go in the kit."""
    from test_charts_fit import _context

    from generator.components.crt import build_crt
    from generator.components.dice_tables import build_tables
    from generator.components.tec import build_tec
    from generator.components.player_aid import printed_in_every_aid

    context = _context("when-eagles-fight", "en")
    tables = {f.name: f for f in build_tables(context)}
    assert tables["tables.pdf"].kit is False and tables["tables.pdf"].pages >= 1
    assert {f.name: f.kit for f in build_crt(context) if f.name.endswith(".pdf")} == {"crt.pdf": False,
                                                                                     "crt-chances.pdf": True}
    # the TEC, which every aid prints whole (the same rows, set smaller), is printed separately
    assert [f.kit for f in build_tec(context) if f.name.endswith(".pdf")] == [False]
    assert printed_in_every_aid(context, "tables", ["random-events"]) is True
    assert printed_in_every_aid(context, "no-such-chart", ["random-events"]) is False


def test_the_assembly_of_each_sample_map_shares_a_tile_with_free_room():
    """Glory's End: the campaign map's 13 sheets (a row of 5 portrait over two of 4
    landscape: the panel on the right, the record tracks under the hexes) and the Marne's 4
    (2 × 2 landscape, its VP and replacement tracks under the hexes), each map's assembly
    (title, sheets, steps and the grid) on the tile whose window has the most room free of
    the map: the ninth tile, and the Marne's fourth beside its tracks, under its panel. Read
    from the shared full kit (its map files are those of a build of the map alone) with
    pdfium."""
    folder = kits.built("glorys-end") / "en"
    for name, pages, host, sheets in (("main", 13, 9, "13 sheets in rows of 5 (portrait), 4 + 4 "
                                                      "(landscape), A4"),
                                      ("marne", 4, 4, "4 sheets (2 × 2), A4 landscape")):
        texts = [" ".join(text.split()) for text in kits.pdf_pages(folder / f"map-{name}-tiles-A4.pdf")]
        assert len(texts) == pages
        assert [i + 1 for i, t in enumerate(texts) if "— Assembly" in t] == [host]
        assert sheets in texts[host - 1] and "3. Lay each sheet over its left and upper neighbours" in texts[host - 1]
        assert "sheet " + f"{host} of {pages}" in texts[host - 1]  # still a tile: its label and scale bar
