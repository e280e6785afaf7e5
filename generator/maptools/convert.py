"""`warkit map from-text`: a text map checked, then written as the map's tables."""

from __future__ import annotations

from pathlib import Path

from generator.build.writer import write_atomic
from generator.errors import WarkitError
from generator.io.loader import load_game
from generator.io.paths import resolve_inside
from generator.io.textmap import read_text_map
from generator.maptools.tables import hexes_csv, hexsides_csv
from generator.maptools.text import hex_map
from generator.model.source import Location
from generator.validation.report import Report


def tables_from_text(game_dir: Path, text_file: Path, map_id: str | None, hexes: str | None,
                     hexsides: str | None) -> tuple[list[tuple[Path, int, str]], Report]:
    """Read `text_file` as a text map of the game's map and write its tables; nothing is
    written when the report has errors. Returns what was written and the report."""
    loaded = load_game(game_dir)
    if loaded.game is None:
        return [], loaded.report
    game = loaded.game
    map_spec = hex_map(game, map_id)
    report = Report()
    try:
        read = read_text_map(Path(text_file), str(text_file), game.spec, map_spec, report)
    except WarkitError as exc:
        report.cannot_read(exc, "load.table")
        return [], report
    if report.failed():
        return [], report
    new_hexes, new_hexsides = read
    targets = [(hexes or map_spec.hexes or f"map/{map_spec.id}-hexes.csv", hexes_csv(new_hexes), len(new_hexes), "hexes")]
    if new_hexsides or hexsides or map_spec.hexsides:
        targets.append((hexsides or map_spec.hexsides or f"map/{map_spec.id}-hexsides.csv",
                        hexsides_csv(new_hexsides), len(new_hexsides), "hexsides"))
    paths = []
    for relative, _, _, _ in targets:
        path = resolve_inside(Path(game_dir), relative, report, Location(str(text_file)))
        paths.append(path)
    if report.failed():
        return [], report
    written = []
    for path, (_, text, count, what) in zip(paths, targets):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text.encode("utf-8"))
        written.append((path, count, what))
    return written, report
