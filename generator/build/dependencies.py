"""Which inputs each component reads, so a rebuild after an edit (`warkit serve`) runs only
the components whose inputs changed.

A game's input files fall into kinds (`io/inputs.py`); a component lists the kinds it reads.
game.yaml is read by every component, and a component not listed here reads everything, so
a new component is always rebuilt. tests/test_dependencies.py holds the table to account:
an edit of one kind must leave the bytes of every component not reading it unchanged.
"""

from __future__ import annotations

from generator.io.inputs import ALL, CARDS, CATALOG, MAP, MARKERS, SCENARIOS, SPEC, UNITS, input_kind  # noqa: F401

READS: dict[str, frozenset[str]] = {
    "map": frozenset({SPEC, MAP, CATALOG}),
    "counters": frozenset({SPEC, UNITS, MARKERS, CARDS, CATALOG}),  # the cups' chits share its sheets
    "blocks": frozenset({SPEC, UNITS, CATALOG}),
    # the counter sheets' room decides which cards go there (components/piece_sheets.py)
    "decks": frozenset({SPEC, UNITS, MARKERS, CARDS, CATALOG}),
    # (deck-summary reads everything: it leaves out the decks the player aids print)
    "crt": frozenset({SPEC, CATALOG}),
    "tec": frozenset({SPEC, CATALOG}),
    "sequence-of-play": frozenset({SPEC, CATALOG}),
}
# What to show first after an edit of a kind: the component a designer is looking at.
FIRST = {UNITS: "counters", MARKERS: "counters", MAP: "map", CARDS: "decks", SCENARIOS: "setup"}


def reads(component: str) -> frozenset[str]:
    return READS.get(component, ALL)


def showing_edited_units(before, after) -> tuple[str, ...]:
    """The components drawing the units an edit changed or added (games before and after):
    the block labels for blocks, the counter sheets for the others."""
    if before is None or after is None:
        return ()
    edited = [unit for unit in after.units if before.unit_index.get(unit.unit_id) != unit]
    return tuple(dict.fromkeys("blocks" if after.is_block(unit) else "counters" for unit in edited))


def affected(components: list[str], kinds: set[str], shown_first: tuple[str, ...] = ()) -> list[str]:
    """The components reading any of the kinds, the one a designer looks at first (those in
    `shown_first`, then each kind's usual first)."""
    if SPEC in kinds:
        hit = list(components)
    else:
        hit = [name for name in components if reads(name) & kinds]
    first = [name for name in shown_first if name in hit]
    first += [FIRST[kind] for kind in sorted(kinds) if kind in FIRST and FIRST[kind] in hit]
    return list(dict.fromkeys(first + hit))
