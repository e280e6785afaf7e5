"""What every card and chit prints, in the kit's language, as plain data.

A deck's (or cup's) cards share a cell size (the deck's size in its orientation) and a
back; each card has its own front: title, the declared fields with their values, the
text, and the names of its flags. A card whose own orientation differs from the deck's is
drawn in its orientation and turned a quarter into the deck's cell on the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.layout.colours import readable_on
from generator.layout.ink_saving import deep, tint
from generator.model.decks import Card, DeckSpec, turned
from generator.model.game import Game
from generator.model.pictures import BACK_SLOTS, CARD_SLOTS, CHIT_SLOTS, Art


@dataclass(frozen=True)
class BackArt:
    """The back every card of a deck shares."""

    kind: str  # card | chit
    colour: str
    ink: str
    label: str
    art: Art | None = None  # a picture on every back: the whole back, or an emblem above the label


@dataclass(frozen=True)
class FrontArt:
    kind: str  # card | chit
    colour: str  # the frame
    ink: str  # text on the frame
    title: str
    text: str
    values: tuple[tuple[str, str], ...]  # (field name, value as printed), fields with a value
    numbers: tuple[str, ...]  # the number fields' values, for a chit's bottom line
    flags: tuple[tuple[str, str], ...]  # (flag name, short mark)
    footer: str  # the deck's name
    size_mm: tuple[float, float]  # (width, height) as the card stands (its own orientation)
    corners: tuple[tuple[str, str, str], ...] = ()  # (corner, value, disc colour): numbers in a corner
    squares: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (field name, square colours)
    corner: str = ""  # a chit's turn field (GWNE 7.1: the letter it enters the cup), upper left
    band: str | None = None  # the colour of a flag's band across the front (GWNE 7.4)
    art: Art | None = None  # the card's picture: an illustration, a portrait or the whole front


@dataclass(frozen=True)
class CardSpec:
    """One distinct card or chit: a stable name for its images, its front, `copies`."""

    name: str  # <card id>
    label: str  # what a person calls it (its title)
    front: FrontArt
    copies: int
    turned: bool  # drawn a quarter turn from the deck's cell


@dataclass(frozen=True)
class DeckPlan:
    deck: DeckSpec
    title: str  # the deck's name, translated
    cell_mm: tuple[float, float]  # the cell on the sheets: (width, height) in the deck's orientation
    back: BackArt
    cards: tuple[CardSpec, ...]

    @property
    def count(self) -> int:
        return sum(card.copies for card in self.cards)


def deck_colour(game: Game, deck: DeckSpec) -> str:
    """The fronts' frame: the deck's colour, else its owner's, else the back's."""
    side = game.sides.get(deck.owner or "")
    return deck.colour or (side.colour if side is not None and side.colour else None) or deck.back.colour


def plan_deck(game: Game, deck: DeckSpec, t, chit_mm: float) -> DeckPlan:
    """Every card of `deck` as it prints, in `t`'s language; chits without a size of their
    own are `chit_mm` square (the counter size)."""
    cell = deck.size_for(chit_mm)
    colour = deck_colour(game, deck)
    name = t.of(deck)
    back = BackArt(deck.kind, deck.back.colour, deck.back.text_colour or readable_on(deck.back.colour),
                   t.deck_back(deck) or name, game.art(deck.back.image, BACK_SLOTS))
    slots = CHIT_SLOTS if deck.kind == "chit" else CARD_SLOTS
    cards = tuple(_card(deck, card, t, cell, colour, name, game.art(card.image or deck.image, slots))
                  for card in game.cards_of(deck.id))
    return DeckPlan(deck, name, cell, back, cards)


def _card(deck: DeckSpec, card: Card, t, cell: tuple[float, float], colour: str, footer: str,
          art: Art | None) -> CardSpec:
    orientation = card.orientation_in(deck)
    size = turned(cell, orientation)
    shown = [f for f in deck.fields if card.values.get(f.id)]
    values = tuple((t.deck_field(deck, f), t.card_value(card, f)) for f in shown
                   if not f.corner and f.kind != "squares")
    numbers = tuple(card.values[f.id] for f in shown if f.kind == "number")
    corners = tuple((f.corner, card.values[f.id], f.colour or colour) for f in shown if f.corner)
    squares = tuple((t.deck_field(deck, f), square_colours(f, card.values[f.id])) for f in shown
                    if f.kind == "squares")
    flags = {f.id: f for f in deck.flags}
    marks = tuple((t.deck_flag(deck, flags[flag]), t.deck_flag_mark(deck, flags[flag]))
                  for flag in card.flags if flag in flags)  # fmt: skip
    corner = next((card.values[f.id] for f in deck.fields if f.kind == "turn" and card.values.get(f.id)), "")
    band = next((flags[flag].band for flag in card.flags if flag in flags and flags[flag].band), None)
    front = FrontArt(deck.kind, colour, readable_on(colour), t.card_title(card), t.card_text(card), values, numbers,
                     marks, footer, size, corners, squares, corner, band, art)
    return CardSpec(card.card_id, t.card_title(card) or card.card_id, front, card.copies, size != cell)


def square_colours(deck_field, text: str) -> tuple[str, ...]:
    """The colours of a squares field's cell ("white;white;green"), unknown names left out
    (the check reports them)."""
    names = (part.strip() for part in text.split(";"))
    return tuple(deck_field.colours[name] for name in names if name in deck_field.colours)


def plan_decks(game: Game, t, chit_mm: float, ink: str = "full") -> tuple[DeckPlan, ...]:
    """Every deck and cup that has cards, in game.yaml's order; ink "saving" gives fronts
    and backs light colours (layout/ink_saving.py)."""
    plans = (plan_deck(game, deck, t, chit_mm) for deck in game.spec.decks)
    return tuple(saving_deck(plan) if ink == "saving" else plan for plan in plans if plan.cards)


def saving_deck(plan: DeckPlan) -> DeckPlan:
    """The deck with pale frames and backs, text in a deep shade of their colour; a flag's
    band and the corner discs keep their colour (they are small and carry meaning)."""
    back = replace(plan.back, colour=tint(plan.back.colour), ink=deep(plan.back.colour))
    cards = tuple(replace(card, front=replace(card.front, colour=tint(card.front.colour), ink=deep(card.front.colour)))
                  for card in plan.cards)
    return replace(plan, back=back, cards=cards)
