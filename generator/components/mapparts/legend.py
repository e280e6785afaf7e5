"""The legend: every terrain, hexside feature, hex feature and line the map uses, each
drawn with the very symbols and pens of the map, with its movement and combat effects.
"""

from __future__ import annotations

from generator.components.mapparts.panel_flow import COLUMN_MM, Block
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.labels import plated_text
from generator.components.mapparts.mapview import MapView
from generator.components.mapparts.namedlines import LINE_COLOURS
from generator.components.mapparts.palette import INK, SOFT_INK, pen
from generator.components.mapparts.samples import (
    SAMPLE_MM,
    hex_feature_sample,
    hexside_sample,
    style_of_hex_feature,
    style_of_hexside,
    terrain_sample,
)
from generator.layout.primitives import Group, Item, Path, Text
from generator.layout.transform import Transform
from generator.layout.wrap import wrap_text
from generator.model.mapstyles import line_style

ROW_MM = 8.0
TERRAIN_ROW_MM = 11.5
HEADING_MM = 6.5
NAME_PT, NAME_PITCH = 7.0, 3.0  # legend names and their line pitch in mm
DETAILS_PT, DETAILS_PITCH = 5.6, 2.5


def legend_blocks(views: list[MapView], shape: HexShape) -> list[Block]:
    """The legend of one map, or of every map printed on one sheet (each entry once),
    its samples drawn at `shape`'s size."""
    words = views[0].words
    sections = [
        (words.terrain, _once(views, shape, _terrain_rows)),
        (words.hexside_features, _once(views, shape, _hexside_rows)),
        (words.hex_features, _once(views, shape, feature_rows) + _once(views, shape, _map_victory_rows)),
        (words.phrase("Lines"), [row for view in views for row in _line_rows(view, shape)]),
    ]
    return [section_block(title, rows) for title, rows in sections if rows]


def _once(views: list[MapView], shape: HexShape, rows_of) -> list:
    """The rows of every view, each name once, in the first view's order then the next's."""
    seen: set[str] = set()
    out = []
    for view in views:
        for row in rows_of(view, shape):
            if row[1] not in seen:
                seen.add(row[1])
                out.append(row)
    return out


Row = tuple[list[Item], str, str, float]  # sample items (drawn at y = 0), name, details, height


def section_block(title: str, rows: list[Row]) -> Block:
    """A legend section: its title and rule, then a row per entry (sample, name, details)."""
    items: list[Item] = [Text(0, 0, title, "sans-bold", 8.5, baseline="hanging", fill=INK),
                         Path([("M", 0, 4.6), ("L", COLUMN_MM, 4.6)], pen(SOFT_INK, 0.2))]
    y = HEADING_MM
    room = COLUMN_MM - SAMPLE_MM - 3
    for sample, name, details, height in rows:
        names = wrap_text(name, "sans", NAME_PT, room)
        notes = wrap_text(details, "condensed", DETAILS_PT, room) if details else []
        text_height = len(names) * NAME_PITCH + len(notes) * DETAILS_PITCH
        height = max(height, text_height + 1.6)
        middle = y + height / 2
        items.append(_shifted(sample, middle))
        line_y = middle - text_height / 2
        for line in names:
            items.append(Text(SAMPLE_MM + 3, line_y + NAME_PITCH / 2, line, "sans", NAME_PT, baseline="middle",
                              fill=INK))
            line_y += NAME_PITCH
        for line in notes:
            items.append(Text(SAMPLE_MM + 3, line_y + DETAILS_PITCH / 2, line, "condensed", DETAILS_PT,
                              baseline="middle", fill=SOFT_INK))
            line_y += DETAILS_PITCH
        y += height
    return Block(tuple(items), y)


def _shifted(items: list[Item], dy: float) -> Item:
    return Group(tuple(items), Transform.translate(0, dy))


def _terrain_rows(view: MapView, shape: HexShape) -> list[Row]:
    rows = []
    for terrain_id in view.terrain_used:
        terrain = view.game.terrain[terrain_id]
        style = next(h.style for h in view.hexes.values() if h.terrain == terrain_id)
        sample = terrain_sample(style, shape, TERRAIN_ROW_MM)
        effects = view.words.effects(view.words.movement(terrain), view.words.combat(view.game, terrain), terrain.prohibited,
                                     prohibited_to=terrain.prohibited_to)
        rows.append((sample, view.words.of(terrain), effects, TERRAIN_ROW_MM))
    return rows


def _hexside_rows(view: MapView, shape: HexShape) -> list[Row]:
    rows = []
    for feature_id in view.hexside_features_used:
        feature = view.game.hexside_features[feature_id]
        sample = hexside_sample(*style_of_hexside(feature), shape)
        effects = view.words.effects(view.words.movement(feature), view.words.combat(view.game, feature, hexside=True), False,
                                     feature.impassable, prohibited_to=feature.prohibited_to)
        rows.append((sample, view.words.of(feature), effects, ROW_MM))
    if _has_borders(view):
        sample = hexside_sample("border", "along", shape)
        rows.append((sample, view.words.phrase("Border"), view.words.phrase("between regions"), ROW_MM))
    return rows


def feature_rows(view: MapView, shape: HexShape) -> list[Row]:
    """A row per feature the map uses (`view`: a hex or an area map's), its symbol at `shape`'s size."""
    rows = []
    for feature_id in view.hex_features_used:
        feature = view.game.hex_features[feature_id]
        sample = hex_feature_sample(style_of_hex_feature(feature, view.game), shape, ROW_MM)
        rows.append((sample, view.words.of(feature), view.words.effects("0", view.words.combat(view.game, feature), False),
                     ROW_MM))
    return rows


def _map_victory_rows(view: MapView, shape: HexShape) -> list[Row]:
    return victory_rows(view, shape, [vp for hex_view in view.hexes.values() for vp in hex_view.victory])


def victory_rows(view: MapView, shape: HexShape, victory) -> list[Row]:
    """A row per side with VP values among `victory`, and one for conditional values."""
    sides: dict[str, bool] = {}
    for vp in victory:
        sides[vp.side] = sides.get(vp.side, False) or vp.conditional
    rows = []
    for side in view.game.spec.sides:
        if side.id in sides:
            colour = view.side_colour(side.id)
            sample = plated_text(SAMPLE_MM / 2, 0, "4", "sans-bold", shape.vp_size_pt, colour)
            label = view.words.of(side, "victory_name") if side.victory_name else \
                view.words.victory_points(view.words.of(side))
            rows.append((sample, label, "", ROW_MM))
    if any(sides.values()):
        sample = plated_text(SAMPLE_MM / 2, 0, "5c", "sans-bold", shape.vp_size_pt, INK)
        rows.append((sample, view.words.phrase("Conditional victory points"), "", ROW_MM))
    return rows


def _line_rows(view: MapView, shape: HexShape) -> list[Row]:
    rows = []
    for line in view.spec.lines:
        colour = line.colour or LINE_COLOURS[line_style(line.style)]
        commands = [("M", 1.0, 0.0), ("L", SAMPLE_MM - 1, 0.0)]
        sample = [Path(commands, pen(colour, 0.11 * shape.size_mm, opacity=0.3)),
                  Path(commands, pen(colour, 0.35, dash_mm=(2.4, 1.0), cap="butt"))]
        rows.append((sample, view.words.line(view.spec.id, line), _line_details(view, line), ROW_MM))
    return rows


def _line_details(view: MapView, line) -> str:
    """Where a line runs, when a player needs telling (a hex row or column); a line drawn
    along hexsides shows itself (how many there are is the designer appendix's business)."""
    if line.row is not None:
        return view.words.phrase("edge of hex row {row}", row=line.row)
    if line.column is not None:
        return view.words.phrase("edge of hex column {column}", column=line.column)
    return ""


def _has_borders(view: MapView) -> bool:
    regions = {h.region for h in view.hexes.values() if not h.is_water}
    return len(regions) > 1
