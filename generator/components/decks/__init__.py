"""Decks of cards and cups of chits: their sheets (`decks`) and their summary aid
(`deck-summary`); importing the package registers both components."""

from generator.components.decks import component, summary  # noqa: F401
