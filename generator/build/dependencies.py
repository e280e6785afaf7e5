"""Which inputs each component reads, so a rebuild after an edit (`warkit serve`) runs only
the components whose inputs changed.

A game's input files fall into kinds (`input_kind`); a component lists the kinds it reads.
game.yaml is read by every component, and a component not listed here reads everything, so
a new component is always rebuilt. tests/test_dependencies.py holds the table to account:
an edit of one kind must leave the bytes of every component not reading it unchanged.
"""

from __future__ import annotations

from pathlib import PurePosixPath

SPEC, UNITS, MARKERS, MAP, SCENARIOS, CARDS, CATALOG, TEMPLATES = (
    "spec", "units", "markers", "map", "scenarios", "cards", "catalog", "templates")
ALL = frozenset({SPEC, UNITS, MARKERS, MAP, SCENARIOS, CARDS, CATALOG, TEMPLATES})

READS: dict[str, frozenset[str]] = {
    "map": frozenset({SPEC, MAP, CATALOG}),
    "counters": frozenset({SPEC, UNITS, MARKERS, CARDS, CATALOG}),  # the cups' chits share its sheets
    "blocks": frozenset({SPEC, UNITS, CATALOG}),
    "decks": frozenset({SPEC, CARDS, CATALOG}),
    "deck-summary": frozenset({SPEC, CARDS, CATALOG}),
    "crt": frozenset({SPEC, CATALOG}),
    "tec": frozenset({SPEC, CATALOG}),
    "sequence-of-play": frozenset({SPEC, CATALOG}),
}
# What to show first after an edit of a kind: the component a designer is looking at.
FIRST = {UNITS: "counters", MARKERS: "counters", MAP: "map", CARDS: "decks", SCENARIOS: "setup"}


def reads(component: str) -> frozenset[str]:
    return READS.get(component, ALL)


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


def affected(components: list[str], kinds: set[str]) -> list[str]:
    """The components reading any of the kinds, the one a designer looks at first."""
    if SPEC in kinds:
        hit = list(components)
    else:
        hit = [name for name in components if reads(name) & kinds]
    first = [FIRST[kind] for kind in sorted(kinds) if kind in FIRST and FIRST[kind] in hit]
    return list(dict.fromkeys(first + hit))
