"""Record tracks: every box from first to last, rows of even length, the track's markers
beside their names, in the build's language."""

from __future__ import annotations

import pathlib

import pytest

from charts_game import context_for, texts_in
from generator.build.components import BuildContext
from generator.components.record_tracks import box_size, track_blocks, track_grid_block, tracks_document
from generator.model.track import RecordTrack

BLITZ = pathlib.Path(__file__).resolve().parent.parent / "data" / "blitz-in-the-east"


def test_a_box_for_every_number_each_holding_a_counter():
    context = context_for(BLITZ)
    track = context.game.spec.tracks[0]
    grid = track_grid_block(context, track, 190.0)
    numbers = sorted(int(name.split(":")[1]) for name in grid.anchors)
    assert numbers == list(range(track.first, track.last + 1))
    left, top, right, bottom = grid.anchors["box:7"]
    counter = context.options.counter_size_mm
    assert right - left == pytest.approx(counter) and bottom - top == pytest.approx(counter)  # room for one counter


def test_rows_are_shared_out_evenly():
    context = context_for(BLITZ)
    track = RecordTrack(id="t", name="T", first=0, last=20)  # 21 boxes, 10 fit a row: three rows of 7
    grid = track_grid_block(context, track, 190.0)
    width, _ = box_size(context.options.counter_size_mm)
    assert grid.width_mm == pytest.approx(7 * width)
    assert grid.anchors["box:7"][1] > grid.anchors["box:6"][1] and grid.anchors["box:14"][1] > grid.anchors["box:13"][1]


def test_the_track_shows_its_markers_and_owner():
    context = context_for(BLITZ)
    blocks = track_blocks(context, context.game.spec.tracks[1], 190.0)
    text = [t.text for b in blocks for t, _, _ in texts_in(b.items)]
    assert "Soviet production track" in text and "Soviet resources" in text and "Soviet oil" in text
    assert any(line.startswith("Soviet · Source:") for line in text)


def test_the_document_in_spanish():
    english = context_for(BLITZ)
    context = BuildContext(english.game, english.options, "es")
    title, pages = tracks_document(context)
    assert title == "Registros" and len(pages) == 1
    assert context.translator.missing == []


def test_first_must_be_below_last():
    with pytest.raises(ValueError, match=r"last \(3\) must be above first \(5\)"):
        RecordTrack(id="t", name="T", first=5, last=3)
