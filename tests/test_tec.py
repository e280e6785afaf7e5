"""The terrain effects chart: one row per terrain, hexside feature and hex feature of the
data, each swatch drawn by the map's own code, the game's words in the build's language,
everything inside the margins, a golden SVG of the mini game, and byte-identical rebuilds.

After an intended change to the chart's look, refresh the golden file and review the diff:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_tec.py
"""

from __future__ import annotations

import os
import pathlib

import pytest

from charts_game import context_for, drawn_boxes, texts_in
from generator.components import chart_style as cs
from generator.components.chart_document import content_frame
from generator.components.mapparts.samples import sample_symbols
from generator.components.tec import COMPACT, build_tec, tec_blocks, tec_document, tec_rows, tec_shape
from generator.layout.frame import point_in_box
from generator.layout.primitives import Group, Text, Use
from test_charts_fit import GAMES, _context

GOLDEN = pathlib.Path(__file__).parent / "golden" / "tec-mini.svg"


def _anchors(blocks):
    return {name: (block, box) for block in blocks for name, box in block.anchors.items()}


@pytest.mark.parametrize("game", GAMES)
def test_one_row_per_terrain_and_feature_of_the_data(game):
    context = _context(game, "en")
    anchors = _anchors(tec_blocks(context, 190.0))
    spec = context.game.spec
    expected = ({f"tec:terrain:{t.id}" for t in spec.terrain} | {f"tec:hexside:{f.id}" for f in spec.hexside_features}
                | {f"tec:hex:{f.id}" for f in spec.hex_features})
    assert {name for name in anchors if name.startswith("tec:")} == expected
    assert len([n for n in anchors if n.startswith("tec:terrain:")]) == len(spec.terrain)


def test_each_row_prints_its_name_movement_and_combat(mini):
    context = context_for(mini.path)
    (grid_block, *_rest) = [b for b in tec_blocks(context, 190.0) if "tec:terrain:forest" in b.anchors]
    rows = {}
    for name in ("tec:terrain:forest", "tec:terrain:sea", "tec:terrain:clear"):
        top, bottom = grid_block.anchors[name][1], grid_block.anchors[name][3]
        rows[name] = [t.text for t, x, y in texts_in(grid_block.items) if top <= y <= bottom]
    assert rows["tec:terrain:forest"] == ["Forest", "2", "\u2014"]
    assert rows["tec:terrain:sea"] == ["Sea", "Prohibited", "\u2014"]
    river = next(b for b in tec_blocks(context, 190.0) if "tec:hexside:river" in b.anchors)
    top, bottom = river.anchors["tec:hexside:river"][1], river.anchors["tec:hexside:river"][3]
    assert [t.text for t, x, y in texts_in(river.items) if top <= y <= bottom] == ["River", "+1", "\u22121 DRM"]


def test_terrain_prohibited_to_a_side_or_type_says_so(mini):
    mini.replace("game.yaml", '{id: forest, name: Forest, movement: "2"}',
                 '{id: forest, name: Forest, movement: "2", prohibited_to: [red, cav]}')
    context = context_for(mini.path)
    (grid_block, *_rest) = [b for b in tec_blocks(context, 190.0) if "tec:terrain:forest" in b.anchors]
    top, bottom = grid_block.anchors["tec:terrain:forest"][1], grid_block.anchors["tec:terrain:forest"][3]
    row = " ".join(t.text for t, x, y in texts_in(grid_block.items) if top <= y <= bottom)
    assert "2; Prohibited to Red, Cavalry" in row


def _symbol_items(item):
    """The items of a swatch, its inlined symbols opened up."""
    if isinstance(item, Group):
        return [inner for child in item.items for inner in _symbol_items(child)]
    return [item]


def test_swatches_are_the_maps_own_symbols(mini):
    """Each terrain swatch is the map's SymbolDef for that style, drawn inline (the same
    items), so the chart shows exactly what the map shows."""
    context = context_for(mini.path)
    shape = tec_shape(context)
    forest = next(s for s in sample_symbols(shape, {"woods"}, set()) if s.id == "terrain-woods")
    row = next(r for r in tec_rows(context)["terrain"] if r.entry.id == "forest")
    inline = [i for i in _symbol_items(Group(row.sample)) if not isinstance(i, Use)]
    assert all(any(item == mine for mine in inline) for item in _symbol_items(Group(forest.items)))
    assert not [i for i in _symbol_items(Group(row.sample)) if isinstance(i, Use)]  # nothing left to define


def test_swatches_sit_in_their_rows(mini):
    """Each swatch is centred in the first cell of its row."""
    context = context_for(mini.path)
    for block in tec_blocks(context, 190.0):
        grid = block.items[-1]  # a section: its header grid, then the body grid with the swatches
        swatches = [i for i in grid.items if isinstance(i, Group) and i.transform.e] if isinstance(grid, Group) else []
        for name, box in block.anchors.items():
            if name.startswith("tec:"):
                centres = [grid.transform.apply(s.transform.e + 0.5, s.transform.f) for s in swatches]
                assert any(point_in_box(box, x, y) and abs(y - (box[1] + box[3]) / 2) < 1e-6 for x, y in centres), name


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_tec_keeps_inside_the_margins(game, language):
    context = _context(game, language)
    _, pages = tec_document(context)
    rows = len(context.game.spec.terrain) + len(context.game.spec.hexside_features) + len(context.game.spec.hex_features)
    assert len(pages) == (1 if rows <= 20 else 2)  # a TEC of twenty-odd rows takes a second page
    assert [what for page in pages for what in outside_clipped(page, cs.MARGIN_MM)] == []
    assert context.translator.missing == []


def outside_clipped(page, margin_mm):
    """What is drawn outside the margins, clipped drawings counted as the clip shows them
    (the river-access bands run past their hex and are clipped to it, as on the map)."""
    inside = (margin_mm, margin_mm, page.width_mm - margin_mm, page.height_mm - margin_mm)
    bad = []
    for item, (left, top, right, bottom) in drawn_boxes(page, clips=True):
        slack = 1e-6 if isinstance(item, Text) else 0.25
        if left < inside[0] - slack or top < inside[1] - slack or right > inside[2] + slack or bottom > inside[3] + slack:
            bad.append(f"{getattr(item, 'text', type(item).__name__)} at ({left:.1f}, {top:.1f})–({right:.1f}, {bottom:.1f})")
    return bad


def test_the_compact_tec_of_the_aids_fits_a_narrow_frame():
    context = _context("glorys-end", "es")
    for block in tec_blocks(context, 120.0, COMPACT, heading=True):
        assert block.width_mm <= 120.0 + 1e-6
        for item, (left, _, right, _) in drawn_boxes_of(block, clips=True):
            assert left >= -0.3 and right <= 120.3, getattr(item, "text", type(item).__name__)


def drawn_boxes_of(block, clips: bool = False):
    from generator.layout.primitives import Page

    return drawn_boxes(Page(1000, 1000, block.items), clips)


def test_spanish_tec_reads_spanish(mini):
    en = {t.text for b in tec_blocks(_context("glorys-end", "en"), 190.0) for t, _, _ in texts_in(b.items)}
    es = {t.text for b in tec_blocks(_context("glorys-end", "es"), 190.0) for t, _, _ in texts_in(b.items)}
    assert {"Terrain Effects Chart", "Forest", "Swamp", "Major river", "Impassable"} <= en
    assert {"Tabla de Efectos del Terreno", "Bosque", "Pantano", "Río mayor", "Infranqueable"} <= es
    assert not {"Forest", "Swamp", "Impassable"} & es


def test_build_writes_pdf_and_svg_and_rebuilds_identically(mini):
    context = context_for(mini.path)
    first, second = build_tec(context), build_tec(context_for(mini.path))
    assert [f.name for f in first] == ["tec.pdf", "tec.svg"]
    assert [f.data for f in first] == [f.data for f in second]


def test_golden_svg_of_the_mini_tec(mini):
    svg = next(f.data for f in build_tec(context_for(mini.path)) if f.name == "tec.svg").decode()
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        GOLDEN.write_text(svg, encoding="utf-8")
    assert svg == GOLDEN.read_text(encoding="utf-8"), (
        "tec-mini.svg changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_tec.py")


def test_no_text_leaves_its_cell():
    """Names, effects and notes wrap inside their cells in both languages."""
    for language in ("en", "es"):
        for game in GAMES:
            context = _context(game, language)
            width = content_frame(context).width_mm
            for block in tec_blocks(context, width):
                cells = [box for name, box in block.anchors.items() if name.startswith("cell:")]
                for item, (left, _, right, _) in drawn_boxes_of(block):
                    if not isinstance(item, Text):
                        continue
                    for box in cells:
                        if box[0] <= left <= box[2] and box[1] <= _baseline(item, block) <= box[3]:
                            assert right <= box[2] + 0.05, (game, language, item.text)


def _baseline(text, block):
    for found, x, y in texts_in(block.items):
        if found is text:
            return y
    return -1.0


def test_a_pass_hexside_gets_its_swatch(mini, tmp_path):
    """A hexside feature drawn with the pass style places the map's pass mark in the TEC too."""
    from typer.testing import CliRunner

    from generator.cli.app import app

    mini.replace("game.yaml", '  - {id: river, name: River, movement: "+1", combat_drm: -1}',
                 '  - {id: river, name: River, movement: "+1", combat_drm: -1}\n  - {id: pass, name: Pass, draw: across}')
    mini.append("map/hexsides.csv", "0101,0102,pass")
    result = CliRunner().invoke(app, ["build", str(mini.path), "--only", "tec,map", "--lang", "en",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "mini" / "en" / "tec.pdf").stat().st_size > 0
