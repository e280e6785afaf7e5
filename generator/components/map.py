"""The map component: for every map, the whole map at true size (PDF and SVG) and the map
tiled onto the chosen paper.

`warkit build GAME --only map [--paper Letter]` writes into output/<game>/<lang>/:

- `map-<map>.pdf`, `map-<map>.svg`: one page exactly the size of the map (print shops);
- `map-<map>-tiles-<paper>.pdf`: an assembly page, then one sheet per tile.

Maps a `map_sheets` entry prints together come out as that sheet instead
(`map-<sheet>.pdf` …, mapparts/sheet.py). Each map or sheet is laid out once; the tiles
reuse that layout as a single form.
"""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.mapparts.drawing import MapDrawing, draw_map
from generator.components.mapparts.sheet import draw_sheet
from generator.layout.primitives import Page, SymbolDef
from generator.components.mapparts.words import MapWords
from generator.i18n import vocabulary as v
from generator.layout.tile_pages import TiledDrawing, TileWords, tiled_pages
from generator.layout.tiling import paper_plans, plan_tiles
from generator.render.pdf import render_pdf


@component("map", order=10)
def build_maps(context: BuildContext) -> list[OutputFile]:
    outputs: list[OutputFile] = []
    game, options = context.game, context.options
    tiling = (options.paper_mm, options.map_overlap_mm)
    for sheet in game.spec.map_sheets:
        drawing = draw_sheet(game, sheet, options.counter_size_mm, context.translator, tiling)
        outputs += map_files(context, drawing)
    for spec in game.spec.maps:
        if spec.id not in game.sheet_of_map:
            if spec.is_area:  # an area map's drawing is imported only by a game that has one
                from generator.components.mapparts.areadrawing import draw_area_map as draw
            else:
                draw = draw_map
            drawing = draw(game, spec, options.counter_size_mm, context.translator, tiling)
            outputs += map_files(context, drawing)
    return outputs


def map_files(context: BuildContext, drawing: MapDrawing) -> list[OutputFile]:
    """The files `print.map_files` (or `--map-files`) asks for: each is rendered only then."""
    options = context.options
    words = MapWords(context.translator)
    title = f"{words.game_title(context.game.spec.title)} — {drawing.title}"
    page = whole_page(drawing, title)
    stem = f"map-{drawing.map_id}"
    outputs = []
    if "pdf" in options.map_files:  # the whole map at true size is for print shops; the kit prints the tiles
        outputs.append(OutputFile(f"{stem}.pdf", render_pdf([page], title=title), 1, kit=False, title=drawing.title))
    if "svg" in options.map_files:
        from generator.render.svg import render_svg  # svgwrite only when an SVG is asked for

        outputs.append(OutputFile(f"{stem}.svg", render_svg(page), title=drawing.title))
    if "tiles" in options.map_files:
        tiles = tile_pages_for(drawing, title, options.paper, options.paper_mm, options.map_overlap_mm,
                               tile_words(words))
        outputs.append(OutputFile(f"{stem}-tiles-{options.paper}.pdf", render_pdf(tiles, title=f"{title} (tiles)"),
                                  len(tiles), title=drawing.title))
    return outputs


def whole_page(drawing: MapDrawing, title: str) -> Page:
    return Page(drawing.width_mm, drawing.height_mm, drawing.items, drawing.symbols, title=title)


def tile_pages_for(drawing: MapDrawing, title: str, paper: str, paper_mm, overlap_mm: float,
                   words: TileWords = TileWords()) -> list[Page]:
    symbol = SymbolDef(f"map-{drawing.map_id}", (0.0, 0.0, drawing.width_mm, drawing.height_mm), drawing.items)
    size, content = (drawing.width_mm, drawing.height_mm), drawing.content_mm or None
    plan = plan_tiles(size, paper_mm, overlap_mm, content)
    papers = tuple((name, other.count) for name, other in paper_plans(size, overlap_mm, content).items())
    return tiled_pages(TiledDrawing(symbol, drawing.symbols, title, paper, words, papers), plan,
                       tuple(content or ((0.0, 0.0, *size),)))


def tile_words(words: MapWords) -> TileWords:
    """The sheets' words: warkit's vocabulary where it has them, English otherwise."""
    print_at_100 = words.heading(v.PRINT_AT_100, scale=words.percent(1))
    base = TileWords()
    each = words.phrase
    return TileWords(assembly=words.heading(v.ASSEMBLY), print_at_100=print_at_100,
                     scale_bar=f"50 mm — {print_at_100}", joins=each(base.joins), alone=each(base.alone),
                     where=tuple(each(w) for w in base.where), sheets=each(base.sheets), gaps=each(base.gaps),
                     mixed=each(base.mixed), rows_overlap=each(base.rows_overlap),
                     orientations=tuple(each(o) for o in base.orientations), sheet_of=each(base.sheet_of), tile=each(base.tile),
                     papers=each(base.papers), paper_sheets=each(base.paper_sheets),
                     steps=tuple(each(step) for step in base.steps))
