"""The terrain effects chart: every terrain, hexside feature and hex feature of the data, each
with a swatch drawn by the map's own code (components/mapparts/samples.py), its movement
cost, its effects on combat in words ("1 column left", "defence ×2", "−1 DRM, only when
every attacker attacks across such a hexside": components/combat_words.py) and its notes,
under a footnote that says how the game resolves battles; and the `tec` component (tec.pdf,
tec.svg). Where an entry comes from is the designer appendix's business, not the chart's.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import (
    chart_heading_blocks,
    chart_pages,
    content_frame,
    document_outputs,
    text_block,
)
from generator.components.mapparts.arealegend import area_feature_sample, area_sample
from generator.components.mapparts.areaview import AreaShape
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.palette import FRAME, terrain_colours
from generator.components.mapparts.samples import (
    hex_feature_sample,
    hexside_sample,
    sample_symbols,
    style_of_hex_feature,
    style_of_hexside,
    style_of_terrain,
    terrain_sample,
)
from generator.components.combat_words import CombatWords, effects_sentence, system_sentence
from generator.components.illustrative import any_illustrative, mark_note, marked
from generator.components.text import game_text, ui_text
from generator.geometry.mapgrid import grid_for
from generator.i18n import vocabulary as v
from generator.layout.blocks import Block, stacked
from generator.layout.grid import Cell, GridStyle, fit_widths, grid_block, natural_width_mm
from generator.layout.inline import inline_uses
from generator.layout.primitives import Group, Item, Page
from generator.layout.transform import Transform

NO_EFFECT = "\u2014"  # an em dash: the entry changes nothing of its own


@dataclass(frozen=True)
class TecSize:
    """How big the chart is set: the full chart, or the compact one of the player aids."""

    sample_mm: float = 18.0
    terrain_row_mm: float = 12.0
    feature_row_mm: float = 9.0
    name_pt: float = cs.BODY_PT
    text_pt: float = cs.SMALL_PT


FULL = TecSize()
COMPACT = TecSize(sample_mm=14.0, terrain_row_mm=7.5, feature_row_mm=6.0, name_pt=cs.SMALL_PT, text_pt=cs.NOTE_PT)


@dataclass(frozen=True)
class TecRow:
    kind: str  # terrain | hexside | hex
    entry: object  # the Terrain, HexsideFeature or HexFeature
    sample: tuple[Item, ...]  # drawn from x = 0 to the sample width, centred on y = 0
    movement: str
    combat: str

    @property
    def anchor(self) -> str:
        return f"tec:{self.kind}:{self.entry.id}"


def tec_shape(context) -> HexShape:
    """The hex the swatches are drawn as: the first map's (every map of a game shares a look);
    for an area map, the hex its feature symbols are sized from."""
    first = context.game.spec.maps[0]
    if first.is_area:
        return AreaShape(first.board.area_size_mm, first.board.area_shape).symbol_shape
    return HexShape.of(grid_for(first.grid))


def _area_kind(context) -> str | None:
    """The shape of the areas when the game's (first) map is an area map, else None."""
    first = context.game.spec.maps[0]
    return first.board.area_shape if first.is_area else None


def _terrain_sample(context, style: str, shape: HexShape, size: TecSize) -> list[Item]:
    kind = _area_kind(context)
    if kind is not None:
        return area_sample(kind, terrain_colours(style)[0], FRAME, 0.35, size.sample_mm, size.terrain_row_mm)
    return terrain_sample(style, shape, size.terrain_row_mm, size.sample_mm)


def _feature_sample(context, style: str, shape: HexShape, size: TecSize) -> list[Item]:
    if _area_kind(context) is not None:
        return area_feature_sample(style, size.sample_mm)
    return hex_feature_sample(style, shape, size.feature_row_mm, size.sample_mm)


def tec_rows(context, size: TecSize = FULL) -> dict[str, list[TecRow]]:
    """The rows of each section, in the order of game.yaml; empty sections are left out."""
    game = context.game
    shape = tec_shape(context)
    terrain = [(t, style_of_terrain(t)) for t in game.spec.terrain]
    hexsides = [(f, style_of_hexside(f)) for f in game.spec.hexside_features]
    features = [(f, style_of_hex_feature(f, game)) for f in game.spec.hex_features]
    symbols = {s.id: s for s in sample_symbols(shape, {style for _, style in terrain}, {s for _, s in features},
                                               {style for _, (style, _draw) in hexsides})}

    def inline(items) -> tuple[Item, ...]:
        return inline_uses(items, symbols)

    words = CombatWords(game, context.translator)
    sections = {
        "terrain": [TecRow("terrain", t, inline(_terrain_sample(context, style, shape, size)),
                           _barred(context, _movement(context, game_text(context).movement(t), t.prohibited), t), _combat(words, t))
                    for t, style in terrain],
        "hexside": [TecRow("hexside", f, inline(hexside_sample(style, draw, shape, size.sample_mm)),
                           _barred(context, _movement(context, game_text(context).movement(f), False, f.impassable), f),
                           _combat(words, f, hexside=True))
                    for f, (style, draw) in hexsides],
        "hex": [TecRow("hex", f, inline(_feature_sample(context, style, shape, size)),
                       NO_EFFECT, _combat(words, f))
                for f, style in features],
    }
    return {kind: rows for kind, rows in sections.items() if rows}


def _movement(context, movement: str, prohibited: bool, impassable: bool = False) -> str:
    if impassable:
        return ui_text(context, "Impassable")
    if prohibited or movement.strip().upper() == "P":
        return ui_text(context, "Prohibited")
    return movement or NO_EFFECT


def _barred(context, movement: str, item) -> str:
    """The movement cost, and to whom the terrain or hexside is prohibited ("2; Prohibited
    to Armour")."""
    if not item.prohibited_to:
        return movement
    barred = context.translator.ui(v.PROHIBITED_TO, who=context.translator.barred(item.prohibited_to))
    return barred if movement == NO_EFFECT else f"{movement}; {barred}"


def _combat(words: CombatWords, entry, hexside: bool = False) -> str:
    return words.entry(entry, hexside) or NO_EFFECT


def section_title(context, kind: str) -> str:
    if _area_kind(context) is not None:  # an area game: what joins areas, what stands in them
        return {"terrain": ui_text(context, "Terrain"), "hexside": ui_text(context, "Links"),
                "hex": ui_text(context, "Area features")}[kind]
    return {"terrain": ui_text(context, "Terrain"), "hexside": ui_text(context, "Hexside features"),
            "hex": ui_text(context, "Hex features")}[kind]


def tec_section_blocks(context, sections: dict[str, list[TecRow]], width_mm: float,
                       size: TecSize = FULL) -> list[Block]:
    """One grid per section (swatch and name, movement, combat, notes), the columns lined
    up from section to section."""
    tables = {kind: (_header(context, kind), [_body_row(context, row, size) for row in rows])
              for kind, rows in sections.items()}
    every_header = [header for header, _ in tables.values()]
    every_row = [row for _, body in tables.values() for row in body]
    widths = _widths(every_header, every_row, width_mm, size)
    blocks = []
    for kind, (header, body) in tables.items():
        head = grid_block([header], widths, header_rows=1, style=HEADER_GRID)
        tall = size.terrain_row_mm if kind == "terrain" else size.feature_row_mm
        grid = grid_block(body, widths, style=GridStyle(stripe=cs.STRIPE, padding_mm=0.8, min_row_height_mm=tall))
        blocks.append(stacked([head, _with_samples(grid, sections[kind], size)], 0.0))
    return blocks


HEADER_GRID = GridStyle(stripe=None, padding_mm=0.8, min_row_height_mm=5.0)


def _header(context, kind: str) -> list[Cell]:
    heads = [ui_text(context, "Movement"), ui_text(context, "Combat"), ui_text(context, "Notes")]
    first = Cell(section_title(context, kind), "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT, "start",
                 span=2)
    return [first] + [Cell(text, "sans-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT) for text in heads]


def _body_row(context, row: TecRow, size: TecSize) -> list[Cell]:
    t = game_text(context)
    notes = t.of(row.entry, "notes") if row.entry.notes else ""
    combat_font = "sans-bold" if row.combat == NO_EFFECT or len(row.combat) < 16 else "sans"
    return [Cell(name=row.anchor), Cell(marked(t.of(row.entry), row.entry.source), "sans-bold", size.name_pt,
                                        align="start"),
            Cell(row.movement, "sans-bold", size.name_pt), Cell(row.combat, combat_font, size.text_pt + 0.5),
            Cell(notes, "sans", size.text_pt, align="start")]


def _widths(headers, body, width_mm: float, size: TecSize) -> list[float]:
    """Swatch, name, movement and combat as wide as they need (within caps), the notes take
    the rest; when that leaves the notes too little, every column gives some up."""
    style = HEADER_GRID

    def widest(column: int, cap_mm: float) -> float:
        return min(max(natural_width_mm(row[column], style) for row in body), cap_mm)

    def heading(column: int) -> float:
        return max(natural_width_mm(header[column], style) for header in headers)

    sample = size.sample_mm + 1.6
    name = max(widest(1, 42.0), heading(0) - sample)
    movement = max(widest(2, 30.0), heading(1), 10.0)
    combat = max(widest(3, 0.3 * width_mm), heading(2), 10.0)
    notes = max(width_mm - sample - name - movement - combat, 30.0)
    natural = [sample, name, movement, combat, notes]
    return fit_widths(natural, width_mm, [sample, 18.0, 10.0, 10.0, 24.0])


def _with_samples(grid: Block, rows: list[TecRow], size: TecSize) -> Block:
    """The grid with each row's swatch drawn in its first cell."""
    samples = []
    for row in rows:
        left, top, right, bottom = grid.anchors[row.anchor]
        x = left + (right - left - size.sample_mm) / 2
        samples.append(Group(row.sample, Transform.translate(x, (top + bottom) / 2)))
    return Block(grid.width_mm, grid.height_mm, (*grid.items, *samples), grid.anchors)


def tec_blocks(context, width_mm: float, size: TecSize = FULL, *, heading: bool = False) -> list[Block]:
    """The whole chart: its title (a heading, inside a player aid), one grid per section,
    and how to read it."""
    title = ui_text(context, "Terrain Effects Chart")
    blocks = chart_heading_blocks(title, width_mm, heading=heading)
    blocks += tec_section_blocks(context, tec_rows(context, size), width_mm, size)
    blocks.append(text_block(tec_footnote(context), width_mm, size_pt=size.text_pt, colour=cs.MUTED))
    return blocks


def tec_footnote(context) -> str:
    """How to read the chart: what movement costs, how the game resolves battles and what the
    Combat column holds (from the kinds of effect the data gives), the dash, the mark."""
    if _area_kind(context) is not None:
        movement = ui_text(context, "Movement: what entering the area costs (for a link: how far a move along it goes).")
    else:
        movement = ui_text(context, "Movement: what entering the hex costs, in movement points (for a hexside: what "
                                    "crossing it adds).")
    game = context.game
    words = CombatWords(game, context.translator)
    entries = [*game.spec.terrain, *game.spec.hexside_features, *game.spec.hex_features]
    parts = [movement, system_sentence(words), effects_sentence(words, entries),
             ui_text(context, "{dash} no effect of its own.", dash=NO_EFFECT)]
    if any_illustrative(entries):
        parts.append(mark_note(context))
    return " ".join(part for part in parts if part)


def tec_document(context: BuildContext) -> tuple[str, list[Page]]:
    width = content_frame(context).width_mm
    title = ui_text(context, "Terrain Effects Chart")
    return title, chart_pages(context, title, tec_blocks(context, width))


@component("tec", order=42)
def build_tec(context: BuildContext) -> list[OutputFile]:
    """tec.pdf; left out of kit.pdf when every side's player aid prints the chart."""
    from generator.components.player_aid import printed_by_the_aids

    title, pages = tec_document(context)
    return printed_by_the_aids(context, document_outputs(context, "tec", title, pages), "tec", ["tec"])
