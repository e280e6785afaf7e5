"""load: a game folder -> Game plus a report of everything that could not be read."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import InputError
from generator.io import columns as cols
from generator.io.decks import build_cards, deck_columns
from generator.io.inputs import ALL, CARDS, MAP, MARKERS, SCENARIOS, SPEC, UNITS
from generator.io.maps import build_areas, build_hexes, build_hexsides, build_links
from generator.io.fonts import load_fonts
from generator.io.paths import resolve_inside
from generator.io.pictures import load_pictures, references
from generator.io.scenarios import load_scenarios
from generator.io.specerrors import validate_yaml
from generator.io.tables import Table, read_table
from generator.io.units import build_markers, build_units
from generator.io.yamlio import load_yaml
from generator.model.game import Game, GameSpec
from generator.model.source import Location
from generator.validation.report import Issue, Report


@dataclass(frozen=True)
class Part:
    """What one input gave a load: its rows, the problems found reading it, the files read."""

    value: object
    issues: tuple[Issue, ...] = ()
    files: tuple[str, ...] = ()
    unreadable: bool = False
    unread: frozenset = frozenset()  # the kinds of table it names that could not be read


@dataclass
class Loaded:
    game: Game | None
    report: Report
    parts: dict[str, Part] = field(default_factory=dict, repr=False)  # by name, for a reload


def load_game(game_dir: Path, previous: Loaded | None = None, changed: Iterable[str] = ALL) -> Loaded:
    """Read game.yaml, the tables and the scenarios; collect every problem in the report.

    With `previous` (a load of the same folder) and the kinds of input `changed` since
    (io/inputs.py), only the parts reading a changed kind are read again; the others, and
    what their reading reported, are kept: the result is the same as a load from scratch."""
    changed = frozenset(changed)
    kept = previous.parts if previous is not None and SPEC not in changed else {}
    game_dir = Path(game_dir)
    name = game_dir.name or str(game_dir)
    spec_part = kept.get("spec") or _spec_part(game_dir, name)
    report = Report(list(spec_part.issues), spec_part.unreadable)
    if spec_part.value is None:
        return Loaded(None, report)
    doc, spec = spec_part.value
    parts = {"spec": spec_part}
    for key, (reads, load) in _PARTS.items():
        part = kept.get(key) if not reads & changed else None
        if part is None:
            part_report = Report()
            reader = _TableReader(game_dir, name, doc, part_report)
            reader.before = kept.get(key)  # this part's last reading: files unchanged since (no SPEC edit)
            value = load(reader, spec, parts)  # rows as tuples: a reused part gives the game the same objects
            value = {k: tuple(v) for k, v in value.items()} if isinstance(value, dict) else tuple(value)
            part = Part(value, tuple(part_report.issues), tuple(reader.files), part_report.unreadable,
                        frozenset(reader.unread))
        parts[key] = part
        report.extend(part.issues)
        report.unreadable = report.unreadable or part.unreadable
    maps = parts["maps"].value
    game = Game(
        spec=spec,
        folder=str(game_dir),
        units=tuple(parts["units"].value),
        markers=tuple(parts["markers"].value),
        hexes=tuple(maps["hexes"]),
        hexsides=tuple(maps["hexsides"]),
        areas=tuple(maps["areas"]),
        links=tuple(maps["links"]),
        scenarios=tuple(parts["scenarios"].value),
        cards=tuple(parts["cards"].value),
        input_files=tuple(sorted({file for part in parts.values() for file in part.files})),
        spec_file=doc.file,
        spec_marks=dict(doc.marks),
        pictures=dict(parts["pictures"].value),
        fonts=dict(parts["fonts"].value),
        unread=frozenset().union(*(part.unread for part in parts.values())),
    )
    return Loaded(game, report, parts)


def _spec_part(game_dir: Path, name: str) -> Part:
    """game.yaml read and validated: Part((doc, spec)), or Part(None) with the reason."""
    report = Report()
    if not game_dir.is_dir():
        report.error(Location(str(game_dir)), "load.folder", "game folder not found")
        return Part(None, tuple(report.issues), (), True)
    spec_file = f"{name}/game.yaml"
    try:
        doc = load_yaml(game_dir / "game.yaml", spec_file, inside=game_dir)
    except InputError as exc:
        report.cannot_read(exc, "load.yaml")
        return Part(None, tuple(report.issues), (), True)
    if not isinstance(doc.data, dict):
        report.error(Location(spec_file, 1), "game.schema", "game.yaml must be a mapping of keys (sides:, units: …)")
        return Part(None, tuple(report.issues))
    spec = validate_yaml(GameSpec, doc, report, "game.schema")
    return Part((doc, spec) if spec is not None else None, tuple(report.issues), (spec_file,), report.unreadable)


def _scenarios(reader: _TableReader, spec: GameSpec, parts: dict):
    game_dir, doc, report = reader.game_dir, reader.doc, reader.report
    where = Location(doc.file, *doc.where(("scenarios",)))
    if resolve_inside(game_dir, spec.scenarios, report, where) is None:
        return []
    return load_scenarios(game_dir / spec.scenarios, game_dir, report, spec.maps[0].id, reader.files, spec,
                          parts["units"].value)


class _TableReader:
    """Reads tables named in game.yaml, reporting unreadable ones at the key that names them."""

    def __init__(self, game_dir: Path, name: str, doc, report: Report):
        self.game_dir, self.name, self.doc, self.report = game_dir, name, doc, report
        self.files: list[str] = []
        self.unread: set[str] = set()  # the kinds of table named but not read (its error said so)
        self.before: Part | None = None  # the last reading of the part being read, when reloading

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
        from generator.io.textmap import read_text_map  # only a game with a map as text pays for its reader

        try:
            return read_text_map(path, display, spec, map_spec, self.report)
        except InputError as exc:
            self.report.cannot_read(exc, "load.table")
            return [], []


def _units(reader: _TableReader, spec: GameSpec, parts: dict):
    table = reader.read(spec.units, ("units",), cols.UNITS, "units.columns")
    return build_units(table, spec, reader.report) if table else []


def _markers(reader: _TableReader, spec: GameSpec, parts: dict):
    if not spec.markers:
        return []
    table = reader.read(spec.markers, ("markers",), cols.MARKERS, "markers.columns")
    return build_markers(table, reader.report) if table else []


# The tables of each kind of map: (the map's key naming the table, its columns, the builder).
_MAP_TABLES = {
    "hex": (("hexes", cols.HEXES, build_hexes),
            ("hexsides", cols.HEXSIDES, lambda table, spec, report: build_hexsides(table, spec))),
    "area": (("areas", cols.AREAS, build_areas),
             ("links", cols.LINKS, lambda table, spec, report: build_links(table, spec))),
}


def _maps(reader: _TableReader, spec: GameSpec, parts: dict) -> dict[str, list]:
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
                rows[key].extend(build(table, map_spec, reader.report))
    return rows


def _cards(reader: _TableReader, spec: GameSpec, parts: dict):
    cards = []
    for index, deck in enumerate(spec.decks):
        table = reader.read(deck.file, ("decks", index, "file"), deck_columns(deck), "decks.columns")
        if table:
            cards.extend(build_cards(table, deck, reader.report))
    return cards


def _pictures(reader: _TableReader, spec: GameSpec, parts: dict):
    """Every picture the data names, read once: (path, Picture) pairs."""
    doc = reader.doc
    refs = references(spec, lambda path: Location(doc.file, *doc.where(path)), parts["units"].value,
                      parts["markers"].value, parts["cards"].value)
    # A picture file's edit is a change of kind SPEC (io/inputs.py), which reads everything
    # again: on a reload after a table's edit the pictures read last time are still good.
    known = dict(reader.before.value) if reader.before is not None else {}
    pictures = load_pictures(reader.game_dir, refs, {image.id: image for image in spec.images}, reader.report, known)
    reader.files.extend(f"{reader.name}/{path}" for path in pictures)
    return tuple(pictures.items())


def _fonts(reader: _TableReader, spec: GameSpec, parts: dict):
    """The game's own fonts: (font key, GameFont) pairs."""
    doc = reader.doc
    fonts = load_fonts(reader.game_dir, spec.fonts, lambda path: Location(doc.file, *doc.where(path)), reader.report)
    reader.files.extend(f"{reader.name}/{font.path}" for font in fonts.values())
    return tuple(fonts.items())


# The parts of a game after game.yaml, in reading order: (the kinds of input each reads, its
# reader). The scenarios read the units (a unit's code can say where it sets up).
_PARTS = {
    "units": (frozenset({UNITS}), _units),
    "markers": (frozenset({MARKERS}), _markers),
    "maps": (frozenset({MAP}), _maps),
    "cards": (frozenset({CARDS}), _cards),
    "scenarios": (frozenset({SCENARIOS, UNITS}), _scenarios),
    # The pictures the units, markers and cards name (a picture or font file is read again
    # with game.yaml: io/inputs.py gives files it does not know the kind SPEC).
    "pictures": (frozenset({UNITS, MARKERS, CARDS}), _pictures),
    "fonts": (frozenset(), _fonts),
}
