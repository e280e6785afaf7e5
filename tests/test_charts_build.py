"""The chart components through `warkit build`: files, PDF structure (pages, paper size,
embedded fonts, text), byte-identical rebuilds, and golden SVGs of the mini game.

The golden files are tests/golden/sequence-of-play-mini.svg and turn-track-mini.svg. After an
intended change to the charts' look, refresh them and review the diff:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_charts_build.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from charts_game import context_for, enrich
from generator.cli.app import app

runner = CliRunner()
CHARTS = "crt,turn-track,tables,sequence-of-play"
GOLDEN = Path(__file__).parent / "golden"
MM_PER_PT = 25.4 / 72


def build(game: Path, out: Path, *extra: str):
    result = runner.invoke(app, ["build", str(game), "--only", CHARTS, "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out / "mini" / "en"


def _pdf(path: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(path.read_bytes()))


def test_build_writes_every_chart(mini, tmp_path):
    folder = build(enrich(mini), tmp_path)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["crt.pdf", "crt.svg", "manifest.json", "sequence-of-play.pdf", "sequence-of-play.svg", "tables.pdf", "tables.svg",
                     "turn-track.pdf", "turn-track.svg"]


def test_mini_without_dice_tables_writes_no_tables_file(mini, tmp_path):
    folder = build(mini.path, tmp_path)
    assert not (folder / "tables.pdf").exists()
    assert (folder / "crt.pdf").exists()


@pytest.mark.parametrize("paper, size_mm", [("A4", (210.0, 297.0)), ("Letter", (215.9, 279.4))])
def test_pages_are_the_papers_size(mini, tmp_path, paper, size_mm):
    folder = build(enrich(mini), tmp_path, "--paper", paper)
    for name in ("crt.pdf", "turn-track.pdf", "tables.pdf", "sequence-of-play.pdf"):
        for page in _pdf(folder / name).pages:
            width, height = (float(v) * MM_PER_PT for v in (page.mediabox.width, page.mediabox.height))
            assert (width, height) == pytest.approx(size_mm, abs=0.01), name


def test_pdf_structure_and_text(mini, tmp_path):
    folder = build(enrich(mini), tmp_path)
    crt = _pdf(folder / "crt.pdf")
    assert len(crt.pages) == 1
    text = "\n".join(page.extract_text() for page in crt.pages)
    for expected in ("Combat Results Table", "Modified die roll", "B/E", "Die roll modifiers", "Net DRM +2",
                     "Odds below 1:2: E/0."):
        assert expected in text
    assert len(_pdf(folder / "turn-track.pdf").pages) == 1
    sequence = _pdf(folder / "sequence-of-play.pdf").pages[0].extract_text()
    assert "Blue player turn" in sequence and "not turn 1" in sequence
    fonts = {}
    for page in crt.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            fonts[str(font["/BaseFont"])] = "/FontFile2" in descriptor.get_object()
    assert fonts and all(fonts.values()), fonts


def test_rebuilds_are_byte_identical(mini, tmp_path):
    game = enrich(mini)
    first = build(game, tmp_path / "one")
    second = build(game, tmp_path / "two")
    for path in sorted(first.iterdir()):
        assert path.read_bytes() == (second / path.name).read_bytes(), path.name


def test_only_the_asked_scenario_is_tracked(mini, tmp_path):
    game = enrich(mini)
    mini.write("scenarios/second.yaml", "title: Second\nmap: main\nstart_turn: 1\nend_turn: 4\n")
    both = build(game, tmp_path / "both")
    pages = _pdf(both / "turn-track.pdf").pages
    assert len(pages) == 1  # two short tracks share a page, each whole
    assert "Turn track: Second" in pages[0].extract_text() and "Turn track: Opening" in pages[0].extract_text()
    assert sorted(p.name for p in both.glob("turn-track*.svg")) == ["turn-track-opening.svg", "turn-track-second.svg",
                                                                 "turn-track.svg"]
    one = build(game, tmp_path / "one", "--scenario", "second")
    assert len(_pdf(one / "turn-track.pdf").pages) == 1
    assert "Turn track: Second" in _pdf(one / "turn-track.pdf").pages[0].extract_text()


def _golden(name: str, svg: bytes) -> None:
    path = GOLDEN / name
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        path.write_bytes(svg)
    assert svg.decode() == path.read_text(encoding="utf-8"), (
        f"{name} changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_charts_build.py")


def test_golden_sequence_of_play(mini, tmp_path):
    folder = build(mini.path, tmp_path)
    _golden("sequence-of-play-mini.svg", (folder / "sequence-of-play.svg").read_bytes())


def test_golden_turn_track(mini):
    """The bare track (no scenario), so counter art arriving later does not change it."""
    from generator.components.chart_document import chart_pages, content_frame
    from generator.components.turn_track import turn_track_blocks
    from generator.render.svg import render_svg

    context = context_for(mini.path)
    pages = chart_pages(context, "Turn track", turn_track_blocks(context, None, content_frame(context).width_mm))
    assert len(pages) == 1
    _golden("turn-track-mini.svg", render_svg(pages[0]))
