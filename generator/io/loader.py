"""load: a game folder -> Game plus a report of everything that could not be read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError
from generator.io import columns as cols
from generator.io.maps import build_areas, build_hexes, build_hexsides, build_links
from generator.io.paths import resolve_inside
from generator.io.scenarios import expand_codes, load_scenarios
from generator.io.specerrors import validate_yaml
from generator.io.tables import Table, read_table
from generator.io.units import build_markers, build_units
from generator.io.yamlio import load_yaml
from generator.model.game import Game, GameSpec
from generator.model.source import Location
from generator.validation.report import Report


@dataclass
class Loaded:
    game: Game | None
    report: Report


def load_game(game_dir: Path) -> Loaded:
    """Read game.yaml, the tables and the scenarios; collect every problem in the report."""
    report = Report()
    game_dir = Path(game_dir)
    name = game_dir.name or str(game_dir)
    if not game_dir.is_dir():
        report.error(Location(str(game_dir)), "load.folder", "game folder not found")
        report.unreadable = True
        return Loaded(None, report)
    spec_file = f"{name}/game.yaml"
    try:
        doc = load_yaml(game_dir / "game.yaml", spec_file)
    except InputError as exc:
        report.cannot_read(exc, "load.yaml")
        return Loaded(None, report)
    if not isinstance(doc.data, dict):
        report.error(Location(spec_file, 1), "game.schema", "game.yaml must be a mapping of keys (sides:, units: …)")
        return Loaded(None, report)
    spec = validate_yaml(GameSpec, doc, report, "game.schema")
    if spec is None:
        return Loaded(None, report)
    reader = _TableReader(game_dir, name, doc, report)
    files = [spec_file]
    units = _units(reader, spec, report)
    markers = _markers(reader, spec, report)
    hexes, hexsides = _maps(reader, spec, report)
    areas, links = _area_maps(reader, spec, report)
    scenarios = load_scenarios(game_dir / spec.scenarios, game_dir, report, spec.maps[0].id, files)
    scenarios = [expand_codes(s, spec, units) for s in scenarios]
    game = Game(
        spec=spec,
        folder=str(game_dir),
        units=tuple(units),
        markers=tuple(markers),
        hexes=tuple(hexes),
        hexsides=tuple(hexsides),
        areas=tuple(areas),
        links=tuple(links),
        scenarios=tuple(scenarios),
        input_files=tuple(sorted(set(files + reader.files))),
        spec_file=spec_file,
        spec_marks=dict(doc.marks),
    )
    return Loaded(game, report)


class _TableReader:
    """Reads tables named in game.yaml, reporting unreadable ones at the key that names them."""

    def __init__(self, game_dir: Path, name: str, doc, report: Report):
        self.game_dir, self.name, self.doc, self.report = game_dir, name, doc, report
        self.files: list[str] = []

    def read(self, relative: str, key_path: tuple, columns: cols.Columns, code: str) -> Table | None:
        where = Location(self.doc.file, *self.doc.where(key_path))
        path = resolve_inside(self.game_dir, Path(relative), self.report, where)
        if path is None:
            return None
        display = f"{self.name}/{relative}"
        self.files.append(display)
        try:
            table = read_table(path, display)
        except InputError as exc:
            self.report.cannot_read(exc, "load.table")
            return None
        for warning in table.warnings:
            self.report.warning(Location(display), "load.encoding", warning.split(": ", 1)[-1])
        return table if cols.check_header(table, columns, self.report, code) else None


def _units(reader: _TableReader, spec: GameSpec, report: Report):
    table = reader.read(spec.units, ("units",), cols.UNITS, "units.columns")
    return build_units(table, spec, report) if table else []


def _markers(reader: _TableReader, spec: GameSpec, report: Report):
    if not spec.markers:
        return []
    table = reader.read(spec.markers, ("markers",), cols.MARKERS, "markers.columns")
    return build_markers(table, report) if table else []


def _maps(reader: _TableReader, spec: GameSpec, report: Report):
    hexes, hexsides = [], []
    for index, map_spec in enumerate(spec.maps):
        if map_spec.is_area:
            continue
        table = reader.read(map_spec.hexes, ("maps", index, "hexes"), cols.HEXES, "hexes.columns")
        if table:
            hexes.extend(build_hexes(table, map_spec, report))
        if map_spec.hexsides:
            table = reader.read(map_spec.hexsides, ("maps", index, "hexsides"), cols.HEXSIDES, "hexsides.columns")
            if table:
                hexsides.extend(build_hexsides(table, map_spec))
    return hexes, hexsides


def _area_maps(reader: _TableReader, spec: GameSpec, report: Report):
    areas, links = [], []
    for index, map_spec in enumerate(spec.maps):
        if not map_spec.is_area:
            continue
        table = reader.read(map_spec.areas, ("maps", index, "areas"), cols.AREAS, "areas.columns")
        if table:
            areas.extend(build_areas(table, map_spec, report))
        if map_spec.links:
            table = reader.read(map_spec.links, ("maps", index, "links"), cols.LINKS, "links.columns")
            if table:
                links.extend(build_links(table, map_spec))
    return areas, links
