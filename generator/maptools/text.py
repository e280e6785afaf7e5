"""A hex map as a text map (`warkit map to-text`): the inverse of `io/textmap.py`.

The text gives back exactly the hexes and hexsides it was made from: every hex's terrain
and region in the grid layers, whatever a symbol cannot say in `[hexes]` rows, every
hexside in `[hexsides]`; the notes too, which are never printed but are the designer's."""

from __future__ import annotations

import csv
import io
from collections import Counter

from generator.errors import WarkitError
from generator.geometry.mapgrid import grid_for
from generator.io.textmap import EVERY_HEX, NOTHING, Legend, page_order  # noqa: F401 - page_order is used by others from here
from generator.maptools.symbols import legend_for
from generator.maptools.text_sides import sides_section, split_hexsides
from generator.model.mapdata import Hex, MapSpec, VictoryValue


def hex_map(game, map_id: str | None) -> MapSpec:
    """The hex map named `map_id`, or the game's first hex map."""
    maps = [m for m in game.spec.maps if m.kind == "hex"]
    if not maps:
        raise WarkitError("this game has no hex map (area maps have no text form)")
    if map_id is None:
        return maps[0]
    for map_spec in maps:
        if map_spec.id == map_id:
            return map_spec
    raise WarkitError(f"no hex map {map_id!r} (hex maps: {', '.join(m.id for m in maps)})")


def terrain_legend(game, map_spec: MapSpec, preferred: dict | None = None) -> tuple[Legend, set[str], list[str]]:
    """The terrain legend of the map as text: the legend, the symbols chosen (not
    game.yaml's) and the terrain ids used, sorted."""
    styles = {t.id: t.style for t in game.spec.terrain}
    used = sorted({h.terrain for h in game.hexes if h.map_id == map_spec.id})
    legend, chosen = legend_for(game.spec, "terrain", [(t, styles.get(t)) for t in used],
                                preferred=(preferred or {}).get("terrain"))
    return legend, chosen, used


def to_text(game, map_spec: MapSpec, preferred: dict | None = None) -> str:
    """The map as a text map; `preferred` (layer -> id -> symbol, `symbols.own_symbols`)
    gives symbols to keep where game.yaml gives none."""
    preferred = preferred or {}
    hexes = [h for h in game.hexes if h.map_id == map_spec.id]
    hexsides = [s for s in game.hexsides if s.map_id == map_spec.id]
    grid = grid_for(map_spec.grid)
    by_position: dict[tuple[int, int], Hex] = {}
    outside = []
    for hex_ in hexes:
        try:
            position = grid.parse_id(hex_.hex_id)
        except ValueError:
            position = None
        if position is None or not grid.contains(*position):
            outside.append(hex_.hex_id)
        else:
            by_position[position] = hex_
    if outside:
        raise WarkitError(f"map {map_spec.id!r}: hexes outside its grid cannot be drawn as text: {', '.join(outside[:10])}"
                          " (warkit check names them; fix the grid or the hexes first)")
    terrain, chosen_terrain, terrain_used = terrain_legend(game, map_spec, preferred)
    regions_used = sorted({h.region for h in hexes if h.region is not None})
    with_region = any(h.region != map_spec.default_region for h in hexes)
    region, chosen_region = legend_for(game.spec, "region", [(r, None) for r in regions_used],
                                       preferred=preferred.get("region"))
    out = [f"# {map_spec.title}: a warkit text map (docs/data-format.md, \"Text maps\")",
           f"# {_shape(map_spec)}; one line per hex row, the northmost first; '-' is a hex left out (the map's default terrain)."]
    out += _legend_section(terrain, chosen_terrain, terrain_used)
    out += _grid_section(map_spec, grid, "terrain", by_position, terrain, lambda h: h.terrain)
    if with_region:
        out += _legend_section(region, chosen_region, regions_used)
        out += _grid_section(map_spec, grid, "region", by_position, region, lambda h: h.region)
    features_used = list(dict.fromkeys(";".join(h.features) for h in _in_page_order(map_spec, by_position)
                                       if h.features))
    if features_used:
        feature_styles = {f.id: f.style for f in game.spec.hex_features}
        features, chosen_features = legend_for(game.spec, "features", [(f, feature_styles.get(f)) for f in features_used],
                                               preferred=preferred.get("features"))
        out += _legend_section(features, chosen_features, features_used)
        out += _grid_section(map_spec, grid, "features", by_position, features,
                             lambda h: ";".join(h.features) if h.features else None)
    drawn, listed, source = split_hexsides(game.spec, map_spec, grid, hexsides)
    if drawn:
        out += sides_section(game.spec, map_spec, grid, drawn, preferred.get("sides"))
    out += _hex_rows(map_spec, by_position, with_features=not features_used)
    out += _hexside_rows(listed, source if drawn else "")
    return "\n".join(out) + "\n"


def _in_page_order(map_spec: MapSpec, by_position) -> list[Hex]:
    rows, columns = page_order(map_spec)
    return [by_position[(c, r)] for r in rows for c in columns if (c, r) in by_position]


def _shape(map_spec: MapSpec) -> str:
    grid = map_spec.grid
    shifted = "columns" if grid.orientation == "flat" else "rows"
    return (f"{grid.orientation} hexes, {grid.columns} columns x {grid.rows} rows, {grid.stagger} {shifted} "
            f"shifted, ids like {grid.id_format.format(col=grid.first_column, row=grid.first_row)}")


def _legend_section(legend: Legend, chosen: set[str], used: list[str]) -> list[str]:
    lines = ["", f"[legend {legend.layer}]"]
    from_game = sorted(s for s, value in legend.meaning.items() if s not in chosen and value in used)
    if from_game:
        lines.append(f"# also from game.yaml: {', '.join(f'{s} {legend.meaning[s]}' for s in from_game)}")
    lines += [f"{symbol} {legend.meaning[symbol]}" for symbol in sorted(chosen, key=lambda s: legend.meaning[s])]
    return lines


def _grid_section(map_spec: MapSpec, grid, layer: str, by_position, legend: Legend, value) -> list[str]:
    symbol_of = {meaning: symbol for symbol, meaning in legend.meaning.items()}
    width = max(len(s) for s in list(symbol_of.values()) + [NOTHING])
    rows, columns = page_order(map_spec)
    indents = _indents(grid, map_spec, rows, columns, width)
    lines = ["", f"[{layer}]"]
    for row in rows:
        cells = []
        for col in columns:
            hex_ = by_position.get((col, row))
            meaning = value(hex_) if hex_ is not None else None
            cells.append(symbol_of[meaning] if meaning is not None else NOTHING)
        text = " ".join(cell.ljust(width) for cell in cells).rstrip()
        lines.append(f"{' ' * indents[row]}{text}  # row {row}")
    return lines


def _indents(grid, map_spec: MapSpec, rows: list[int], columns: list[int], width: int) -> dict[int, int]:
    """Pointy hexes: the rows shifted right on the page start half a cell in, so the text
    looks like the map. Flat hexes zigzag along a row; their lines are not indented."""
    if map_spec.grid.orientation == "flat":
        return {row: 0 for row in rows}
    left = {row: grid.centre_mm(columns[0], row)[0] for row in rows}
    least = min(left.values())
    return {row: (width + 1) // 2 if left[row] > least + 1e-6 else 0 for row in rows}


def _hex_rows(map_spec: MapSpec, by_position, with_features: bool = True) -> list[str]:
    ordered = _in_page_order(map_spec, by_position)
    sources = Counter(h.source for h in ordered)
    shared = sources.most_common(1)[0][0] if sources and "" not in sources else ""
    table = []
    for hex_ in ordered:
        cells = [hex_.name, ";".join(hex_.features) if with_features else "", vp_text(hex_.victory), ";".join(hex_.coast),
                 "" if hex_.source == shared else hex_.source, hex_.notes]
        if any(cells):
            table.append([hex_.hex_id] + cells)
    if shared:
        table.insert(0, [EVERY_HEX, "", "", "", "", shared, ""])
    header = ["hex", "name", "features", "vp", "coast", "source", "notes"]
    return ["", "[hexes]"] + _csv_lines(header, table) if table else []


def _hexside_rows(hexsides, drawn_source: str = "") -> list[str]:
    """The hexsides not drawn in the sides layer; a `*` row first giving the drawn ones' source."""
    table = [[EVERY_HEX, "", "", drawn_source, ""]] if drawn_source else []
    table += [[s.hex_a, s.hex_b, s.feature, s.source, s.notes] for s in hexsides]
    if not table:
        return []
    header = ["hex", "neighbour", "feature", "source", "notes"]
    return ["", "[hexsides]"] + _csv_lines(header, table, always=3)


def _csv_lines(header: list[str], table: list[list[str]], always: int = 1) -> list[str]:
    """CSV rows without the optional columns no row fills (the first `always` kept)."""
    keep = [i for i in range(len(header)) if i < always or any(row[i] for row in table)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([header[i] for i in keep])
    for row in table:
        writer.writerow([row[i] for i in keep])
    return buffer.getvalue().rstrip("\n").split("\n")


def vp_text(victory: tuple[VictoryValue, ...]) -> str:
    """Victory points as a table cell: 'german=4;allied=5c'."""
    return ";".join(f"{v.side}={v.value}{'c' if v.conditional else ''}" for v in victory)
