"""Importing this package registers every check."""

from generator.validation.rules import (  # noqa: F401
    areas,
    budget,
    combat,
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
    restrictions,
    scenarios,
    stacking,
    tables,
    track,
    units,
)
