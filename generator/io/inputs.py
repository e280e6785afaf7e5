"""The kinds of a game's input files: game.yaml, the units, the markers, a map's tables, the
scenarios, a deck, the catalogs, the templates. What reads an input (a table of the loaded
game, a check, a component) says which kinds it reads, so an edit of one file re-reads,
re-checks and rebuilds only what depends on it (`warkit serve`)."""

from __future__ import annotations

from pathlib import PurePosixPath

SPEC, UNITS, MARKERS, MAP, SCENARIOS, CARDS, CATALOG, TEMPLATES = (
    "spec", "units", "markers", "map", "scenarios", "cards", "catalog", "templates")
ALL = frozenset({SPEC, UNITS, MARKERS, MAP, SCENARIOS, CARDS, CATALOG, TEMPLATES})


def input_kind(spec, relative: str) -> str:
    """The kind of an input file, by its path relative to the game folder."""
    path = PurePosixPath(relative)
    if relative == spec.units:
        return UNITS
    if spec.markers and relative == spec.markers:
        return MARKERS
    for map_spec in spec.maps:
        if relative in {map_spec.hexes, map_spec.hexsides, map_spec.text, map_spec.areas, map_spec.links}:
            return MAP
    if any(relative == deck.file for deck in spec.decks):
        return CARDS
    parts = path.parts
    if parts and parts[0] == PurePosixPath(spec.scenarios).parts[0]:
        return SCENARIOS
    if parts and parts[0] == "locales":
        return CATALOG
    if parts and parts[0] == "templates":
        return TEMPLATES
    return SPEC
