"""The paint mode of `warkit serve`: a stroke sets the terrain of some hexes in the map's own
file (the text map's terrain layer, or the terrain cells of hexes.csv), written atomically;
every stroke can be undone, newest first, as long as the file was not edited since.

Only the painted cells change: the other lines of the file, its comments, quoting and
separator stay byte for byte."""

from __future__ import annotations

import csv
import io
import threading
from pathlib import Path

from generator.build.writer import write_atomic
from generator.errors import WarkitError
from generator.geometry.mapgrid import grid_for
from generator.io.textmap import NOTHING, Legend, _symbols, game_legend, split_sections
from generator.model.mapstyles import terrain_style
from generator.validation.report import Report

MAX_UNDO = 200


class Painter:
    def __init__(self, session):
        self.session = session
        self.undo_stack: list[tuple[Path, bytes, bytes]] = []
        self._lock = threading.Lock()

    def _game(self):
        game = self.session.game
        if game is None:
            raise WarkitError("the game could not be loaded; fix the errors the report lists first")
        return game

    def map_view(self) -> dict:
        """Every hex map: hexes with their corners (mm) and terrain; the terrain legend."""
        from generator.components.mapparts.palette import terrain_colours

        game = self._game()
        maps = []
        for spec in (m for m in game.spec.maps if m.kind == "hex"):
            grid = grid_for(spec.grid)
            terrain = self._terrain_on_disk(game, spec)
            hexes = [{"id": grid.hex_id(c, r), "terrain": terrain.get(grid.hex_id(c, r), ""),
                      "points": [[round(x, 2), round(y, 2)] for x, y in grid.corners_mm(c, r)]}
                     for c, r in grid.cells()]
            maps.append({"id": spec.id, "title": spec.title, "width": round(grid.width_mm, 2),
                         "height": round(grid.height_mm, 2), "hexes": hexes})
        legend = [{"id": t.id, "name": t.name, "colour": terrain_colours(terrain_style(t.id, t.style))[0]}
                  for t in game.spec.terrain]
        return {"maps": maps, "terrain": legend, "undo": len(self.undo_stack)}

    def _terrain_on_disk(self, game, spec) -> dict[str, str]:
        """Each hex's terrain as the map's file holds it now (a stroke shows before the
        rebuild has reloaded the game)."""
        from generator.io import columns as cols
        from generator.io.maps import build_hexes
        from generator.io.tables import read_table
        from generator.io.textmap import read_text_map

        report = Report()
        try:
            if spec.text:
                hexes, _ = read_text_map(self.session.game_dir / spec.text, spec.text, game.spec, spec, report)
            else:
                table = read_table(self.session.game_dir / spec.hexes, spec.hexes)
                hexes = build_hexes(table, spec, report) if cols.check_header(table, cols.HEXES, report, "x") else []
        except WarkitError:
            hexes = [h for h in game.hexes if h.map_id == spec.id]
        return {h.hex_id: h.terrain for h in hexes}

    def paint(self, map_id, terrain, hex_ids) -> dict:
        game = self._game()
        spec = next((m for m in game.spec.maps if m.id == map_id and m.kind == "hex"), None)
        if spec is None:
            raise WarkitError(f"no hex map {map_id!r}")
        if terrain not in {t.id for t in game.spec.terrain}:
            raise WarkitError(f"unknown terrain {terrain!r}")
        if not isinstance(hex_ids, list) or not hex_ids or len(hex_ids) > 10_000:
            raise WarkitError("a stroke names the hexes it covers")
        grid = grid_for(spec.grid)
        positions = {}
        for hex_id in hex_ids:
            try:
                position = grid.parse_id(str(hex_id))
            except ValueError as exc:
                raise WarkitError(str(exc)) from None
            if not grid.contains(*position):
                raise WarkitError(f"hex {hex_id!r} is not on map {map_id!r}")
            positions[str(hex_id)] = position
        relative = spec.text or spec.hexes
        path = self.session.game_dir / relative
        with self._lock:
            before = path.read_bytes()
            if spec.text:
                after = paint_text(before.decode("utf-8-sig"), game.spec, spec, positions, terrain).encode("utf-8")
            else:
                after = paint_table(before, positions, terrain)
            if after != before:
                write_atomic(path, after)
                self.undo_stack.append((path, before, after))
                del self.undo_stack[:-MAX_UNDO]
        return {"ok": True, "painted": len(positions), "file": relative, "undo": len(self.undo_stack)}

    def undo(self) -> dict:
        with self._lock:
            if not self.undo_stack:
                raise WarkitError("nothing to undo")
            path, before, after = self.undo_stack[-1]
            if path.read_bytes() != after:
                self.undo_stack.clear()
                raise WarkitError(f"{path.name} was edited since the last stroke; undo would lose that edit")
            write_atomic(path, before)
            self.undo_stack.pop()
        return {"ok": True, "undo": len(self.undo_stack)}


def paint_table(data: bytes, positions: dict[str, tuple[int, int]], terrain: str) -> bytes:
    """hexes.csv with the terrain cell of each named hex set (a row added for a hex without one)."""
    text = data.decode("utf-8-sig")
    bom = data.startswith(b"\xef\xbb\xbf")
    lines = text.splitlines(keepends=True)
    header_index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_index is None:
        raise WarkitError("the hexes table is empty")
    header_line = lines[header_index]
    delimiter = max(",;\t", key=header_line.count)
    header = next(csv.reader([header_line], delimiter=delimiter))
    header = [cell.strip() for cell in header]
    if "hex" not in header:
        raise WarkitError("the hexes table has no 'hex' column")
    hex_at = header.index("hex")
    if "terrain" not in header:
        raise WarkitError("the hexes table has no 'terrain' column to paint; add one")
    terrain_at = header.index("terrain")
    wanted = set(positions)
    for i in range(header_index + 1, len(lines)):
        line = lines[i]
        if line.count('"') % 2:
            continue  # part of a record spanning lines: not a hex row the paint mode edits
        cells = next(csv.reader([line.rstrip("\r\n")], delimiter=delimiter), [])
        if len(cells) <= hex_at or cells[hex_at].strip() not in wanted:
            continue
        wanted.discard(cells[hex_at].strip())
        cells += [""] * (terrain_at + 1 - len(cells))
        cells[terrain_at] = terrain
        ending = line[len(line.rstrip("\r\n")):]
        lines[i] = _csv_line(cells, delimiter) + ending
    ending = "\r\n" if header_line.endswith("\r\n") else "\n"
    if wanted and lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += ending
    for hex_id in sorted(wanted):
        cells = [""] * len(header)
        cells[hex_at], cells[terrain_at] = hex_id, terrain
        lines.append(_csv_line(cells, delimiter) + ending)
    return ("\ufeff" if bom else "").encode("utf-8") + "".join(lines).encode("utf-8")


def _csv_line(cells: list[str], delimiter: str) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="").writerow(cells)
    return buffer.getvalue()


def paint_text(text: str, spec, map_spec, positions: dict[str, tuple[int, int]], terrain: str) -> str:
    """A text map with the terrain symbol of each named hex set; a symbol is added to the
    file's [legend terrain] when the terrain has none yet."""
    from generator.maptools.symbols import legend_for
    from generator.maptools.text import page_order

    report = Report()
    sections = split_sections(text, "map", report)
    if "terrain" not in sections.grids:
        raise WarkitError("the text map has no [terrain] layer")
    legend = game_legend(spec, "terrain")
    for _, symbol, value in sections.legends.get("terrain", []):
        legend.meaning.setdefault(symbol, value)
    lines = text.splitlines(keepends=True)
    symbol = next((s for s, v in legend.meaning.items() if v == terrain), None)
    if symbol is None:
        styles = {t.id: t.style for t in spec.terrain}
        full, _ = legend_for(spec, "terrain", [(v, styles.get(v)) for v in sorted(set(legend.meaning.values()))]
                             + [(terrain, styles.get(terrain))])
        taken = set(legend.meaning)
        symbol = next(s for s, v in full.meaning.items() if v == terrain and s not in taken)
        at = sections.starts.get("legend terrain", sections.starts["terrain"] - 1)
        addition = f"{symbol} {terrain}\n" if "legend terrain" in sections.starts else f"[legend terrain]\n{symbol} {terrain}\n\n"
        lines.insert(at, addition)
        shift = 1 if "legend terrain" in sections.starts else 0
        offset = addition.count("\n") if shift == 0 else 1
        sections = _shifted(sections, at, offset)
        legend.meaning[symbol] = terrain
    rows, columns = page_order(map_spec)
    row_line = {row: line for row, line in zip(rows, sections.grids["terrain"])}
    by_line: dict[int, set[int]] = {}
    for col, row in positions.values():
        if row not in row_line or col not in columns:
            raise WarkitError(f"the text map has no cell for column {col}, row {row}")
        by_line.setdefault(row, set()).add(columns.index(col))
    for row, indices in by_line.items():
        grid_line = row_line[row]
        cells = _symbols(grid_line.cells, Legend("terrain", legend.meaning))
        if len(cells) != len(columns):
            raise WarkitError(f"line {grid_line.line} of the text map does not have one symbol per hex; fix it first")
        symbols = [s for _, s in cells]
        for index in indices:
            symbols[index] = symbol
        original = lines[grid_line.line - 1]
        body = original.rstrip("\r\n")
        indent = body[: len(body) - len(body.lstrip())]
        comment = body[body.index(" #"):] if " #" in body else ""
        width = max(len(s) for s in symbols + [NOTHING])
        lines[grid_line.line - 1] = indent + " ".join(s.ljust(width) for s in symbols).rstrip() + comment \
            + original[len(body):]
    return "".join(lines)


def _shifted(sections, at: int, offset: int):
    """The sections' line numbers after `offset` lines were inserted before line `at` + 1."""
    for grid in sections.grids.values():
        for line in grid:
            if line.line > at:
                line.line += offset
    return sections
