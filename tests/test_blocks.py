"""Blocks: wooden-block labels whose strength is read by turning the block (step system of
kind block), their checks, their sheets and how charts show a block at its strength."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from charts_game import context_for, texts_in
from checks import issues
from generator.components.blocks.component import build_blocks
from generator.components.counters.component import build_counters
from generator.components.blocks.label import block_items, block_label
from generator.components.counters.plan import plan_counters
from generator.layout.primitives import Line


def test_a_label_prints_the_strength_round_its_edges(areamini):
    context = context_for(areamini.path)
    game = context.game
    assert block_label(game, game.unit_index["bk1"]).edges == ("4", "3", "2", "1")
    leader = block_label(game, game.unit_index["bk2"], context.translator)
    assert leader.edges == ("1", "Used", "", "")  # the turned_label on the edge after the strength
    assert (leader.designation, leader.label, leader.symbol) == ("Azul", "General Azul", "leader")


def test_a_block_below_full_strength_is_turned_to_show_its_strength_on_top(areamini):
    game = context_for(areamini.path).game
    unit, size = game.unit_index["bk1"], 20.0
    for steps in (4, 3, 2, 1):
        placed = texts_in(block_items(game, unit, size, None, steps))
        digits = [(text.text, x, y) for text, x, y in placed if text.font == "sans-bold"]  # the edge values
        top = min(digits, key=lambda d: d[2])
        assert top[0] == str(steps)
        assert abs(top[1] - size / 2) < 0.5 and top[2] < size * 0.2


def test_block_labels_share_the_counter_sheets_fronts_only(areamini):
    context = context_for(areamini.path, counter_images=("svg", "png"))
    files = {f.name: f for f in build_blocks(context)}
    assert set(files) == {"blocks/bk1.svg", "blocks/bk1.png", "blocks/bk2.svg", "blocks/bk2.png"}
    counters = {f.name: f for f in build_counters(context)}["counters.pdf"]
    fronts, backs = (page.extract_text() for page in PdfReader(io.BytesIO(counters.data)).pages)
    assert "Block labels: 19 mm" in fronts and "Stick each label on one face of its block" in fronts
    assert fronts.count("Azul") == 1 and "Azul" not in backs  # a label has nothing behind it


def test_block_labels_apart_are_printed_fronts_only_at_their_size_with_cut_lines(areamini):
    context = context_for(areamini.path, block_labels="apart", counter_images=("svg", "png"))
    files = {f.name: f for f in build_blocks(context)}
    assert {"blocks.pdf", "blocks/bk1.svg", "blocks/bk1.png", "blocks/bk2.svg", "blocks/bk2.png"} <= set(files)
    counters = {f.name: f for f in build_counters(context)}["counters.pdf"]
    assert "Block labels" not in PdfReader(io.BytesIO(counters.data)).pages[0].extract_text()
    reader = PdfReader(io.BytesIO(files["blocks.pdf"].data))
    assert len(reader.pages) == 1  # one sheet, no page of backs
    text = reader.pages[0].extract_text()
    assert "Blue" in text and "Fronts" not in text and "Block labels: 19 mm" in text
    assert b'width="19mm"' in files["blocks/bk1.svg"].data or b"19mm" in files["blocks/bk1.svg"].data


def test_the_sheet_has_a_cut_line_round_every_label(areamini):
    from generator.components.blocks.component import plan_blocks
    from generator.components.blocks.label import label_items
    from generator.layout.sheets import SheetSpec, Tile, TileGroup, impose

    context = context_for(areamini.path)
    plan = plan_blocks(context)
    tiles = tuple(Tile(label_items(label, 19.0), ()) for _, rows in plan for row in rows for label, _ in row)
    (page,) = impose([TileGroup("Blue", (tiles,))], SheetSpec((210.0, 297.0), 19.0, duplex="none"), "Area War")
    cuts = [item for item in page.items if isinstance(item, Line) and item.style.stroke_width_mm == 0.1]
    # two labels side by side: 3 vertical and 2 horizontal cut lines, 7 segments in all
    assert len(cuts) == 7
    widths = {round(abs(c.x2_mm - c.x1_mm) or abs(c.y2_mm - c.y1_mm), 3) for c in cuts}
    assert widths == {19.0}


def test_blocks_are_left_off_the_counter_sheets(areamini):
    game = context_for(areamini.path).game
    names = {counter.name for section in plan_counters(game) for counter in section.counters}
    assert "b1" in names and "bk1" not in names and "bk2" not in names


CASES = [
    pytest.param(
        lambda g: g.replace("units.csv", "bk1,bl,inf,XX,4,4th Division,,4,", "bk1,bl,inf,XX,4,4th Division,,5,"),
        "units",
        "areamini/units.csv:6:8: error: units.steps: [steps] block 'bk1' has a maximum of 5 SP; a block label shows "
        "its strength on its 4 edges, so 1 to 4 SP",
        id="block-above-four-sp"),
    pytest.param(
        lambda g: g.replace("units.csv", "bk2,bl,ldr,,Azul,General Azul,,1,", "bk2,bl,ldr,,Azul,General Azul,,4,"),
        "units",
        "areamini/units.csv:7:8: error: units.steps: [steps] block 'bk2' has a maximum of 4 SP; a block label shows "
        "its strength on 3 edges (the 4th shows 'Used'), so 1 to 3 SP",
        id="turned-label-needs-an-edge"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "{unit: bk1, area: ford, steps: 3}",
                            "{unit: bk1, area: ford, steps: 5}"),
        "setup",
        "areamini/scenarios/opening.yaml:13:5: error: setup.step-level: block 'bk1' is set up at 5 SP; its strength "
        "must be 1 to its maximum of 4 SP",
        id="block-set-up-above-its-maximum"),
    pytest.param(
        lambda g: g.replace("scenarios/opening.yaml", "{unit: bk1, area: ford, steps: 3}",
                            "{unit: bk1, area: ford, steps: 0}"),
        "setup",
        "areamini/scenarios/opening.yaml:13:5: error: setup.step-level: block 'bk1' is set up at 0 SP; its strength "
        "must be 1 to its maximum of 4 SP",
        id="block-set-up-at-zero"),
]


@pytest.mark.parametrize("edit, code, expected", CASES)
def test_invalid_block_fixture_gives_exact_message(areamini, edit, code, expected):
    edit(areamini)
    assert issues(areamini, code) == [expected]
