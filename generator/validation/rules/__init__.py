"""Importing this package registers every check."""

from generator.validation.rules import (  # noqa: F401
    areas,
    budget,
    decks,
    deployment,
    fonts,
    gridfit,
    hexes,
    i18n,
    identity,
    locations,
    mapstyle,
    pictures,
    references,
    restriction_refs,
    restrictions,
    scenarios,
    stacking,
    tables,
    track,
    units,
)
