"""decks.*: decks of cards and cups of chits hold what the rules say, rows carry declared
flags and fields of the declared kind."""

from __future__ import annotations

import re

from generator.model.base import whole_number
from generator.model.decks import ORIENTATIONS
from generator.io.inputs import CARDS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.identity import duplicates
from generator.validation.rules.references import unknown

NUMBER = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?")


def _what(deck) -> tuple[str, str]:
    """('deck', 'cards') or ('cup', 'chits')."""
    return ("cup", "chits") if deck.kind == "chit" else ("deck", "cards")


@rule("decks.total", "a deck or cup holds the number of cards or chits the rules say", reads=(CARDS,))
def totals(ctx: Context):
    g = ctx.game
    for n, deck in enumerate(g.spec.decks):
        cards = g.cards_of(deck.id)
        if deck.total is None or not cards or not all(card.counted for card in cards):
            continue  # no count given, or a table or a count that could not be read (reported already)
        held = sum(card.copies for card in cards)
        if held != deck.total:
            what, pieces = _what(deck)
            yield Issue(g.spec_where("decks", n, "total"), "decks.total",
                        f"{what} {deck.id!r} holds {held} {pieces} (the sum of copies in {deck.file}), "
                        f"but total says {deck.total}")


@rule("decks.ids", "card and chit ids, and the flags and fields of a deck, are unique", reads=(CARDS,))
def deck_ids(ctx: Context):
    g = ctx.game
    for n, deck in enumerate(g.spec.decks):
        what, pieces = _what(deck)
        within = f"in {what} {deck.id!r}"
        yield from duplicates([(c.card_id, c.at("id")) for c in g.cards_of(deck.id)], pieces[:-1], within)
        yield from duplicates([(f.id, g.spec_where("decks", n, "flags", i, "id")) for i, f in enumerate(deck.flags)],
                              "flag", within)
        yield from duplicates([(f.id, g.spec_where("decks", n, "fields", i, "id")) for i, f in enumerate(deck.fields)],
                              "field", within)


@rule("decks.values", "rows carry declared flags, known orientations and fields of the declared kind", reads=(CARDS,))
def values(ctx: Context):
    g = ctx.game
    for deck in g.spec.decks:
        flags = {f.id for f in deck.flags}
        for card in g.cards_of(deck.id):
            for flag in card.flags:
                if flag not in flags:
                    yield unknown(card.at("flags"), "deck flag", flag, flags)
            if card.orientation and card.orientation not in ORIENTATIONS:
                yield Issue(card.at("orientation"), "decks.orientation",
                            f"orientation {card.orientation!r}: expected portrait or landscape "
                            f"(empty: the deck's, {deck.orientation})")
            for deck_field in deck.fields:
                yield from _field_value(card, deck_field, g.spec.turn_track)


def _field_value(card, deck_field, track):
    text = card.values.get(deck_field.id, "")
    if not text:
        return
    if deck_field.kind == "number" and not NUMBER.fullmatch(text):
        yield Issue(card.at(deck_field.id), "decks.field",
                    f"{deck_field.id!r} is a number field; found {text!r} (expected a number such as 2, -1 or 1.5)")
    elif deck_field.kind == "squares":
        wrong = [part.strip() for part in text.split(";") if part.strip() not in deck_field.colours]
        if wrong:
            yield Issue(card.at(deck_field.id), "decks.field",
                        f"{deck_field.id!r} holds squares of the colours {', '.join(deck_field.colours)}; "
                        f"found {wrong[0]!r}")
    elif deck_field.kind == "turn" and not _on_track(text, track):
        letters = ", ".join(track.letters) or "none"
        yield Issue(card.at(deck_field.id), "decks.field",
                    f"{deck_field.id!r} is a turn field; {text!r} is not a turn of the track "
                    f"(turns {track.numbers[0]}-{track.numbers[-1]}, letters: {letters})")
    elif deck_field.kind == "list" and any(not part.strip() for part in text.split(";")):
        yield Issue(card.at(deck_field.id), "decks.field",
                    f"{deck_field.id!r} is a list field; {text!r} has an empty entry "
                    "(separate entries with a single ';')")


def _on_track(text: str, track) -> bool:
    return text in track.letters or whole_number(text) in track.numbers


@rule("ref.decks", "decks belong to declared sides", reads=())
def owners(ctx: Context):
    g = ctx.game
    for n, deck in enumerate(g.spec.decks):
        if deck.owner and deck.owner not in g.sides:
            yield unknown(g.spec_where("decks", n, "owner"), "side", deck.owner, g.sides)
