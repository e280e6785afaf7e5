"""Read a text map: a hex map drawn as text, one line per hex row (docs/data-format.md
"Text maps").

A text map is a file of sections:

- `[terrain]` (required), `[region]` and `[features]`: *grid layers*, one line per hex row
  in page order (the top line is the northmost row), one symbol per hex from left to right;
  `-` is a hex left out (terrain: as a hex hexes.csv does not list, it is drawn and played in
  the map's `default_terrain` and holds nothing), the map's default region (region), no
  feature (features);
- `[sides]`: a grid layer of hexsides (`io/textmap_sides.py`): three characters per hex, one
  for each of its sides toward the north and east;
- `[legend terrain]`, `[legend region]`, `[legend features]`, `[legend sides]`: `SYMBOL id`
  lines adding to the symbols game.yaml gives (`symbol:`); a features or sides symbol may
  stand for several ids (`K city;fortress`);
- `[hexes]`: a CSV table of what a symbol cannot say (name, vp, coast, source, notes, and
  features when there is no features layer), one row for each hex that has any; a row whose
  hex is `*` gives every hex's source;
- `[hexsides]`: a CSV table with the columns of hexsides.csv; a row whose hex is `*` gives
  the source of the hexsides of the sides layer.

Symbols in a grid line are separated by spaces; a run of symbols of one width may also be
written without spaces (`ff..~`). `#` starts a comment. Every problem is reported at its
file, line and column, like a table's.
"""

from __future__ import annotations

import csv
import difflib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.errors import InputError
from generator.geometry.mapgrid import grid_for
from generator.io import columns as cols
from generator.io.maps import build_hexsides, row_victory
from generator.io.paths import read_limited
from generator.io.tables import MAX_TABLE_BYTES, Table, table_from_records
from generator.model.base import split_list
from generator.model.mapdata import Hex, Hexside, MapSpec
from generator.model.source import Location
from generator.validation.report import Report

GRID_LAYERS = ("terrain", "region", "features", "sides")
# The game.yaml list whose ids each layer's symbols stand for.
LAYER_ENTRIES = {"terrain": "terrain", "region": "regions", "features": "hex_features", "sides": "hexside_features"}
_WHAT = {"features": "hex feature", "sides": "hexside feature"}  # what a layer's ids are, in messages
COMBINED = ("features", "sides")  # layers whose symbol may stand for several ids ('city;fortress')
TABLE_SECTIONS = ("hexes", "hexsides")
SECTIONS = GRID_LAYERS + tuple(f"legend {layer}" for layer in GRID_LAYERS) + TABLE_SECTIONS
NOTHING = "-"  # a hex left out (terrain), the map's default region (region), nothing (features, sides)
EVERY_HEX = "*"  # a [hexes] row giving every hex's default source
TEXT_HEXES = cols.Columns(("hex",), ("name", "features", "vp", "coast", "source", "notes"))
SYMBOL = re.compile(r"^[^\s\-#\[][^\s#]?$")
_SECTION = re.compile(r"^\[(?P<name>[^\]]*)\]\s*(?:#.*)?$")
_TOKEN = re.compile(r"\S+")


@dataclass
class Legend:
    """Symbol -> id for one grid layer, with where each symbol was given."""

    layer: str
    meaning: dict[str, str] = field(default_factory=dict)
    where: dict[str, Location] = field(default_factory=dict)
    rejected: set[str] = field(default_factory=set)  # symbols of legend lines reported as wrong

    @property
    def width(self) -> int | None:
        """The width of every symbol when all have one; None when widths differ."""
        widths = {len(symbol) for symbol in self.meaning}
        return widths.pop() if len(widths) == 1 else None


@dataclass
class GridLine:
    line: int
    cells: list[tuple[int, str]]  # (1-based character column, symbol)


@dataclass
class Sections:
    """A text map split into its sections, before any meaning is given to symbols."""

    file: str
    legends: dict[str, list[tuple[Location, str, str]]] = field(default_factory=dict)
    grids: dict[str, list[GridLine]] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    starts: dict[str, int] = field(default_factory=dict)  # section -> line of its header
    rejected: dict[str, set[str]] = field(default_factory=dict)  # layer -> symbols of its wrong legend lines
    stray: list[tuple[str, str]] = field(default_factory=list)  # 'SYMBOL id' lines under no known section
    misnamed: bool = False  # a section header was not one of SECTIONS (reported)


def game_legend(spec, layer: str) -> Legend:
    """The symbols game.yaml gives the terrain types (regions, hex features, hexside features)."""
    entries = getattr(spec, LAYER_ENTRIES[layer])
    legend = Legend(layer)
    for entry in entries:
        if entry.symbol:
            legend.meaning[entry.symbol] = entry.id
            legend.where[entry.symbol] = Location("game.yaml", field=f"{layer}.{entry.id}.symbol")
    return legend


def page_order(map_spec: MapSpec) -> tuple[list[int], list[int]]:
    """The printed row numbers from the top of the page down, the column numbers from left
    to right: the lines of a text map and the symbols of a line."""
    grid = map_spec.grid
    rows = list(range(grid.first_row, grid.first_row + grid.rows))
    columns = list(range(grid.first_column, grid.first_column + grid.columns))
    if grid.row_direction == "south_north":
        rows.reverse()
    if grid.column_direction == "east_west":
        columns.reverse()
    return rows, columns


def read_text_map(path: Path, display: str, spec, map_spec: MapSpec, report: Report) -> tuple[list[Hex], list[Hexside]]:
    """The hexes and hexsides of a text map; every problem reported, bad cells skipped."""
    raw = read_limited(path, display, MAX_TABLE_BYTES, "tables")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(display, "is not UTF-8 text (save the text map as UTF-8)", line) from None
    return parse_text_map(text, display, spec, map_spec, report)


def parse_text_map(text: str, display: str, spec, map_spec: MapSpec, report: Report) -> tuple[list[Hex], list[Hexside]]:
    from generator.io.textmap_sides import layer_hexsides

    sections = split_sections(text, display, report)
    legends = {layer: _legend(sections, spec, layer, report) for layer in GRID_LAYERS}
    hexes = _hexes(sections, legends, map_spec, report)
    table = sections.tables.get("hexsides")
    every = [row for row in table.rows if row.cells["hex"] == EVERY_HEX] if table else []
    drawn = layer_hexsides(sections, legends["sides"], map_spec, every[0] if every else None, report)
    if len(every) > 1:
        report.error(every[1].at("hex"), "textmap.hexsides", f"a second '*' row (the first at line {every[0].where.line})")
    for row in every:
        if any(row.cells.get(c) for c in ("neighbour", "feature", "notes")):
            report.error(row.at("hex"), "textmap.hexsides", "the '*' row gives only the source of the hexsides "
                                                            "drawn in the [sides] layer")
    listed = [row for row in table.rows if row.cells["hex"] != EVERY_HEX] if table else []
    return hexes, drawn + build_hexsides(_only(table, listed), map_spec) if table else drawn


def _only(table: Table, rows) -> Table:
    return table if len(rows) == len(table.rows) else replace(table, rows=rows)


def split_sections(text: str, display: str, report: Report) -> Sections:
    sections = Sections(display)
    current: str | None = None
    records: dict[str, list[tuple[int, str]]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = _SECTION.match(stripped)
        if header:
            current = " ".join(header["name"].split()).lower()
            if current not in SECTIONS:
                hint = difflib.get_close_matches(current, SECTIONS, n=1)
                report.error(Location(display, number, line.index("[") + 1), "textmap.section",
                             f"unknown section [{header['name']}]" + (f"; did you mean [{hint[0]}]?" if hint else "")
                             + f" (expected one of {', '.join('[' + s + ']' for s in SECTIONS)})")
                sections.misnamed = True
                current = "?"
            elif current in sections.starts:
                report.error(Location(display, number, line.index("[") + 1), "textmap.section",
                             f"section [{current}] given twice (first at line {sections.starts[current]})")
                current = "?"
            else:
                sections.starts[current] = number
            continue
        if current is None:
            report.error(Location(display, number, len(line) - len(line.lstrip()) + 1), "textmap.section",
                         "expected a section header before the first line: [legend terrain] above a legend's "
                         "'SYMBOL id' lines, [terrain] above the lines of symbols")
            current = "?"
        if current == "?":
            tokens = line.split(" #")[0].split()
            if len(tokens) == 2 and SYMBOL.match(tokens[0]):
                sections.stray.append((tokens[0], tokens[1]))  # a legend line out of place: its error is that one
            continue
        if current in GRID_LAYERS:
            sections.grids.setdefault(current, []).append(_grid_line(number, line))
        elif current.startswith("legend "):
            _legend_line(sections, current.split()[1], number, line, report)
        else:
            records.setdefault(current, []).append((number, line))
    for name, lines in records.items():
        table = table_from_records(_csv_records(lines), display)
        wanted = TEXT_HEXES if name == "hexes" else cols.HEXSIDES
        if cols.check_header(table, wanted, report, f"textmap.{name}"):
            sections.tables[name] = table
    return sections


def _csv_records(lines: list[tuple[int, str]]) -> list[tuple[int, list[str]]]:
    """CSV records with the line each starts on (a quoted cell may span lines). A quoting
    mistake (a quote never closed, text after a closing quote) ends the table with a record
    holding a bad cell where it is, reported there; what follows it cannot be read."""
    from generator.io.tables import BadCell, _quote_problem

    reader = csv.reader((line for _, line in lines), strict=True)
    records = []
    while True:
        start = reader.line_num
        try:
            cells = next(reader)
        except StopIteration:
            return records
        except csv.Error:
            problem = _quote_problem("\n".join(line for _, line in lines), start + 1, ",")
            line, cell, message = problem or (start + 1, 1, "malformed CSV")
            records.append((lines[min(line, len(lines)) - 1][0], [""] * (cell - 1) + [BadCell(message)]))
            return records
        records.append((lines[min(start, len(lines) - 1)][0], cells))


def _grid_line(number: int, line: str) -> GridLine:
    cells = []
    for match in _TOKEN.finditer(line):
        if match[0].startswith("#"):
            break
        cells.append((match.start() + 1, match[0]))
    return GridLine(number, cells)


def _legend_line(sections: Sections, layer: str, number: int, line: str, report: Report) -> None:
    tokens = [(m.start() + 1, m[0]) for m in _TOKEN.finditer(line.split(" #")[0])]
    where = Location(sections.file, number, tokens[0][0])
    if len(tokens) != 2:
        report.error(where, "textmap.legend", f"expected a symbol and a {layer} id, e.g. 'f forest', found {line.strip()!r}")
        sections.rejected.setdefault(layer, set()).add(tokens[0][1])
        return
    (_, symbol), (column, value) = tokens
    if not SYMBOL.match(symbol):
        report.error(where, "textmap.legend", f"symbol {symbol!r} cannot be used: a symbol is one or two characters, "
                                              "not starting with '-', '[' or '#' and holding no '#'")
        sections.rejected.setdefault(layer, set()).add(symbol)
        return
    sections.legends.setdefault(layer, []).append((where, symbol, value))


def _legend(sections: Sections, spec, layer: str, report: Report) -> Legend:
    legend = game_legend(spec, layer)
    legend.rejected |= sections.rejected.get(layer, set())
    known = [entry.id for entry in getattr(spec, LAYER_ENTRIES[layer])]
    legend.rejected |= {symbol for symbol, value in sections.stray
                        if all(part in known for part in (value.split(";") if layer in COMBINED else [value]))}
    what = _WHAT.get(layer, layer)
    for where, symbol, value in sections.legends.get(layer, []):
        if layer == "sides" and len(symbol) != 1:
            report.error(where, "textmap.legend", f"symbol {symbol!r} cannot be used in [sides]: three characters "
                                                  "stand for a hex's three sides, so each symbol is one character")
            legend.rejected.add(symbol)
            continue
        parts = value.split(";") if layer in COMBINED else [value]
        unknown = [part for part in parts if part not in known]
        if unknown:
            hint = difflib.get_close_matches(unknown[0], known, n=1)
            report.error(where, "textmap.legend", f"unknown {what} {unknown[0]!r}"
                         + (f"; did you mean {hint[0]!r}?" if hint else "")
                         + f" (game.yaml declares {', '.join(known) or 'none'})")
            legend.rejected.add(symbol)
            continue
        if symbol in legend.meaning and legend.meaning[symbol] != value:
            first = legend.where[symbol]
            said = "game.yaml" if first.line is None else f"line {first.line}"
            report.error(where, "textmap.legend", f"symbol {symbol!r} already means {legend.meaning[symbol]!r} ({said})")
            continue
        legend.meaning[symbol] = value
        legend.where.setdefault(symbol, where)
    return legend


def _symbols(cells: list[tuple[int, str]], legend: Legend) -> list[tuple[int, str]]:
    """Each cell's symbols: a cell that is no symbol of the legend but a run of symbols of
    the legend's one width is split into them."""
    out = []
    width = legend.width
    for column, token in cells:
        if token in legend.meaning or token == NOTHING or not width or len(token) % width:
            out.append((column, token))
            continue
        out.extend((column + at, token[at:at + width]) for at in range(0, len(token), width))
    return out


def _hexes(sections: Sections, legends: dict[str, Legend], map_spec: MapSpec, report: Report) -> list[Hex]:
    file = sections.file
    if "terrain" not in sections.grids:
        if not sections.misnamed:  # else the misnamed header is the one message
            report.error(Location(file, 1), "textmap.terrain",
                         "a text map needs a [terrain] layer: one line of symbols per hex row")
        return []
    try:
        grid = grid_for(map_spec.grid)
    except ValueError:
        return []  # the grid's own problem is reported by the map checks
    rows, columns = page_order(map_spec)
    layers = {layer: _layer_cells(sections, legends[layer], rows, columns, report)
              for layer in ("terrain", "region", "features") if layer in sections.grids}
    extra = _sidecar(sections, report)
    default = extra.pop(EVERY_HEX, None)
    hexes = []
    placed: set[str] = set()
    features = {position: cell for position, cell in layers.get("features", {}).items() if cell[1] != NOTHING}
    for position, (where, terrain_symbol) in layers["terrain"].items():
        if terrain_symbol == NOTHING:
            if position in features:
                report.error(features[position][0], "textmap.features",
                             f"features {features[position][1]!r} on a hex left out ('-' in the [terrain] layer): give "
                             "the hex its terrain")
            continue
        col, row = position
        hex_id = grid.hex_id(col, row)
        placed.add(hex_id)
        region = map_spec.default_region
        if "region" in layers and position in layers["region"]:
            symbol = layers["region"][position][1]
            region = legends["region"].meaning[symbol] if symbol != NOTHING else map_spec.default_region
        row_of = extra.get(hex_id)
        drawn = ()
        if position in features:
            drawn = tuple(legends["features"].meaning[features[position][1]].split(";"))
            if row_of is not None and row_of.cells.get("features"):
                report.error(row_of.at("features"), "textmap.hexes",
                             f"hex {hex_id!r} has features in the [features] layer (line {features[position][0].line}) "
                             "and in [hexes]: give them in one place")
        hexes.append(_hex(map_spec, hex_id, legends["terrain"].meaning[terrain_symbol], region, where, row_of, default,
                          report, drawn))
    for hex_id, row in extra.items():
        if hex_id not in placed and not _unread_cell(grid, hex_id, layers["terrain"]):
            report.error(row.at("hex"), "textmap.hexes",
                         f"hex {hex_id!r} has no terrain in the [terrain] layer ({_why_not_placed(grid, hex_id)})")
    return hexes


def _why_not_placed(grid, hex_id: str) -> str:
    try:
        position = grid.parse_id(hex_id)
    except ValueError:
        position = None
    if position is not None and grid.contains(*position):
        return "it is '-' there, a hex left out: give it its terrain"
    first = grid.hex_id(grid.first_column, grid.first_row)
    last = grid.hex_id(grid.first_column + grid.columns - 1, grid.first_row + grid.rows - 1)
    return f"not a hex of this map's grid: its hexes run from {first} to {last}"


def _unread_cell(grid, hex_id: str, terrain: dict) -> bool:
    """Whether a hex of the grid has no terrain cell because its cell was reported wrong
    (an unknown symbol, a short line): that error stands for the rows naming the hex too."""
    try:
        position = grid.parse_id(hex_id)
    except ValueError:
        return False
    return position is not None and grid.contains(*position) and position not in terrain


def _layer_cells(sections: Sections, legend: Legend, rows: list[int], columns: list[int],
                 report: Report) -> dict[tuple[int, int], tuple[Location, str]]:
    """(col, row) -> (where, symbol) for the cells of one layer with known symbols."""
    file, layer = sections.file, legend.layer
    lines = sections.grids[legend.layer]
    found: dict[tuple[int, int], tuple[Location, str]] = {}
    if len(lines) != len(rows):
        at = lines[len(rows)].line if len(lines) > len(rows) else (lines[-1].line if lines else sections.starts[layer])
        report.error(Location(file, at, 1), f"textmap.{layer}",
                     f"the [{layer}] layer has {len(lines)} line(s) of symbols; the map has {len(rows)} hex rows "
                     "(one line per row, the northmost first)")
    unknown = UnknownSymbols(legend, f"textmap.{layer}")
    for line, row in zip(lines, rows):
        cells = _symbols(line.cells, legend)
        if len(cells) != len(columns):
            column = cells[len(columns)][0] if len(cells) > len(columns) else (cells[-1][0] + len(cells[-1][1]) if cells else 1)
            report.error(Location(file, line.line, column), f"textmap.{layer}",
                         f"row {row} has {len(cells)} hex(es) in the [{layer}] layer; the map has {len(columns)} "
                         "columns (one symbol per hex, separated by spaces)")
        for (column, symbol), col in zip(cells, columns):
            where = Location(file, line.line, column, layer)
            if symbol != NOTHING and symbol not in legend.meaning:
                unknown.add(symbol, where, f"unknown {_WHAT.get(layer, layer)} symbol {symbol!r}")
                continue
            found[(col, row)] = (where, symbol)
    unknown.report(report)
    return found


class UnknownSymbols:
    """The symbols of one layer that its legend lacks: each reported once, at its first
    place, saying where else it stands; none for a symbol whose legend line was wrong
    (that line's error is the one message)."""

    def __init__(self, legend: Legend, code: str):
        self.legend, self.code = legend, code
        self.places: dict[str, list[tuple[Location, str]]] = {}

    def add(self, symbol: str, where: Location, message: str) -> None:
        if symbol not in self.legend.rejected:
            self.places.setdefault(symbol, []).append((where, message))

    def report(self, report: Report) -> None:
        legend, layer = self.legend, self.legend.layer
        what = _WHAT.get(layer, layer)
        known = ", ".join(f"{s} {legend.meaning[s]}" for s in sorted(legend.meaning)) or "none yet"
        for places in self.places.values():
            (where, message), others = places[0], places[1:]
            also = ""
            if others:
                shown = ", ".join(f"{w.line}:{w.column}" for w, _ in others[:5])
                more = f" and {len(others) - 5} more" if len(others) > 5 else ""
                also = f"; also at {shown}{more}"
            report.error(where, self.code, f"{message} (the legend has: {known}; add it under [legend {layer}] "
                                           f"or as a {what} 'symbol:' in game.yaml){also}")


def _sidecar(sections: Sections, report: Report) -> dict[str, object]:
    table = sections.tables.get("hexes")
    rows: dict[str, object] = {}
    for row in table.rows if table else ():
        hex_id = row.cells["hex"]
        if hex_id in rows:
            report.error(row.at("hex"), "textmap.hexes", f"hex {hex_id!r} has two rows in [hexes] "
                                                         f"(the other at line {rows[hex_id].where.line})")
            continue
        if hex_id == EVERY_HEX and any(row.cells.get(c) for c in ("name", "features", "vp", "coast")):
            report.error(row.at("hex"), "textmap.hexes", "the '*' row gives only the source every hex shares")
            continue
        rows[hex_id] = row
    return rows


def _hex(map_spec: MapSpec, hex_id: str, terrain: str, region: str | None, where: Location, row, default,
         report: Report, drawn_features: tuple[str, ...] = ()) -> Hex:
    cells = row.cells if row is not None else {}
    source = cells.get("source", "") or (default.cells.get("source", "") if default is not None else "")
    return Hex(
        map_id=map_spec.id,
        hex_id=hex_id,
        terrain=terrain,
        name=cells.get("name", ""),
        features=drawn_features or split_list(cells.get("features", "")),
        region=region,
        victory=row_victory(row, report, "textmap.vp") if row is not None else (),
        where=row.where if row is not None else where,
        source=source,
        coast=tuple(part.upper() for part in split_list(cells.get("coast", ""))),
        columns=row.columns if row is not None else {"terrain": where.column},
        notes=cells.get("notes", ""),
    )
