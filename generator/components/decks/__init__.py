"""Decks of cards and cups of chits: their sheets (`decks`, registered by `component`) and
their summary aid (`deck-summary`, registered by `summary`). The package itself imports
neither: the counter sheets read a deck's plan (chits share the counter sheets) without
loading the charts' SVG writer."""
