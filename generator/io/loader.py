"""load: a game folder -> Game plus a report of everything that could not be read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError
from generator.io import columns as cols
from generator.io.decks import build_cards, deck_columns
from generator.io.maps import build_areas, build_hexes, build_hexsides, build_links
from generator.io.fonts import load_fonts
from generator.io.paths import resolve_inside
from generator.io.pictures import load_pictures, references
from generator.io.scenarios import load_scenarios
from generator.io.specerrors import validate_yaml
from generator.io.tables import Table, read_table
from generator.io.textmap import read_text_map
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
        doc = load_yaml(game_dir / "game.yaml", spec_file, inside=game_dir)
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
    maps = _maps(reader, spec, report)
    cards = _cards(reader, spec, report)
    scenarios = _scenarios(game_dir, spec, doc, report, files, units)
    refs = references(spec, lambda path: Location(doc.file, *doc.where(path)), units, markers, cards)
    pictures = load_pictures(game_dir, refs, {image.id: image for image in spec.images}, report)
    fonts = load_fonts(game_dir, spec.fonts, lambda path: Location(doc.file, *doc.where(path)), report)
    game = Game(
        spec=spec,
        folder=str(game_dir),
        units=tuple(units),
        markers=tuple(markers),
        hexes=tuple(maps["hexes"]),
        hexsides=tuple(maps["hexsides"]),
        areas=tuple(maps["areas"]),
        links=tuple(maps["links"]),
        scenarios=tuple(scenarios),
        cards=tuple(cards),
        input_files=tuple(sorted(set(files + reader.files + [f"{name}/{path}" for path in pictures]
                                     + [f"{name}/{font.path}" for font in fonts.values()]))),
        spec_file=spec_file,
        spec_marks=dict(doc.marks),
        pictures=pictures,
        fonts=fonts,
        unread=frozenset(reader.unread),
    )
    return Loaded(game, report)


def _scenarios(game_dir: Path, spec: GameSpec, doc, report: Report, files: list[str], units):
    where = Location(doc.file, *doc.where(("scenarios",)))
    if resolve_inside(game_dir, spec.scenarios, report, where) is None:
        return []
    return load_scenarios(game_dir / spec.scenarios, game_dir, report, spec.maps[0].id, files, spec, units)


class _TableReader:
    """Reads tables named in game.yaml, reporting unreadable ones at the key that names them."""

    def __init__(self, game_dir: Path, name: str, doc, report: Report):
        self.game_dir, self.name, self.doc, self.report = game_dir, name, doc, report
        self.files: list[str] = []
        self.unread: set[str] = set()  # the kinds of table named but not read (its error said so)

    def read(self, relative: str, key_path: tuple, columns: cols.Columns, code: str) -> Table | None:
        table = self._read(relative, key_path, columns, code)
        if table is None:
            self.unread.add(code.split(".")[0])
        return table

    def _read(self, relative: str, key_path: tuple, columns: cols.Columns, code: str) -> Table | None:
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
        return table if cols.check_header(table, columns, self.report, code) else None

    def read_text_map(self, relative: str, key_path: tuple, spec: GameSpec, map_spec) -> tuple[list, list]:
        where = Location(self.doc.file, *self.doc.where(key_path))
        path = resolve_inside(self.game_dir, Path(relative), self.report, where)
        if path is None:
            return [], []
        display = f"{self.name}/{relative}"
        self.files.append(display)
        try:
            return read_text_map(path, display, spec, map_spec, self.report)
        except InputError as exc:
            self.report.cannot_read(exc, "load.table")
            return [], []


def _units(reader: _TableReader, spec: GameSpec, report: Report):
    table = reader.read(spec.units, ("units",), cols.UNITS, "units.columns")
    return build_units(table, spec, report) if table else []


def _markers(reader: _TableReader, spec: GameSpec, report: Report):
    if not spec.markers:
        return []
    table = reader.read(spec.markers, ("markers",), cols.MARKERS, "markers.columns")
    return build_markers(table, report) if table else []


# The tables of each kind of map: (the map's key naming the table, its columns, the builder).
_MAP_TABLES = {
    "hex": (("hexes", cols.HEXES, build_hexes),
            ("hexsides", cols.HEXSIDES, lambda table, spec, report: build_hexsides(table, spec))),
    "area": (("areas", cols.AREAS, build_areas),
             ("links", cols.LINKS, lambda table, spec, report: build_links(table, spec))),
}


def _maps(reader: _TableReader, spec: GameSpec, report: Report) -> dict[str, list]:
    """The rows of every map's tables, by table: hexes, hexsides, areas, links."""
    rows: dict[str, list] = {key: [] for tables in _MAP_TABLES.values() for key, _, _ in tables}
    for index, map_spec in enumerate(spec.maps):
        if map_spec.text:
            hexes, hexsides = reader.read_text_map(map_spec.text, ("maps", index, "text"), spec, map_spec)
            rows["hexes"].extend(hexes)
            rows["hexsides"].extend(hexsides)
        for key, columns, build in _MAP_TABLES[map_spec.kind]:
            path = getattr(map_spec, key)
            table = reader.read(path, ("maps", index, key), columns, f"{key}.columns") if path else None
            if table:
                rows[key].extend(build(table, map_spec, report))
    return rows


def _cards(reader: _TableReader, spec: GameSpec, report: Report):
    cards = []
    for index, deck in enumerate(spec.decks):
        table = reader.read(deck.file, ("decks", index, "file"), deck_columns(deck), "decks.columns")
        if table:
            cards.extend(build_cards(table, deck, report))
    return cards
