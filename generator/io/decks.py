"""Rows of a deck's (or cup's) table into Cards, reporting each bad cell.

The table's columns are the standard ones (`id, title, copies, text, flags, orientation,
source, notes`) plus the fields the deck declares in game.yaml; anything else is an
unknown column. Values are kept as written: whether a field holds a number, a flag is
declared or an orientation is known is checked by `rules/decks.py`, so every problem is
reported with the same wording whatever file it comes from.
"""

from __future__ import annotations

from generator.io import columns as cols
from generator.io.tables import Table
from generator.io.units import int_cell
from generator.model.base import split_list
from generator.model.decks import Card, DeckSpec
from generator.validation.report import Report


def deck_columns(deck: DeckSpec) -> cols.Columns:
    """The columns of this deck's table: `id` required, the standard ones and its fields."""
    return cols.Columns(("id",), tuple(c for c in deck.columns if c != "id"))


def build_cards(table: Table, deck: DeckSpec, report: Report) -> list[Card]:
    cards = []
    for row in table.rows:
        cells = row.cells
        card_id = cells.get("id", "")
        if not card_id:
            what = "chit" if deck.kind == "chit" else "card"
            report.error(row.at("id"), "decks.id", f"empty id (every {what} of {deck.id!r} needs an id)")
            continue
        copies = int_cell(row, "copies", report, minimum=1, code="decks.copies")
        cards.append(
            Card(
                deck_id=deck.id,
                card_id=card_id,
                title=cells.get("title", ""),
                copies=copies or 1,
                counted=copies is not False,  # a bad count is reported here; the deck's total is not checked
                text=cells.get("text", ""),
                flags=split_list(cells.get("flags", "")),
                orientation=cells.get("orientation", "").lower(),
                values={f.id: cells.get(f.id, "") for f in deck.fields},
                where=row.where,
                source=cells.get("source", ""),
                notes=cells.get("notes", ""),
                image=cells.get("image", ""),
                columns=row.columns,
            )
        )
    return cards
