"""Which sheet each piece prints on, counters and cards together: the counter sheets
(counters.pdf: counters, markers, chits, block labels) and the card sheets (cards.pdf) are
laid out apart, then the card sheets' last sheets move onto the counter sheets' free room
for as long as they fit there without another counter sheet — a duplex sheet of paper saved
each time (two cards left alone on a thirteenth card sheet go under the markers of a half
empty counter sheet). The cards keep their true size and their own backs, mirrored behind
them like every piece's (`layout/sheets.py`), and their deck's name in the sheet's title.

The `counters` and `decks` components both ask `plan_piece_sheets`, so they agree on which
cards each prints (the same data always gives the same plan); a build of only one of them
(`--only decks`) moves nothing, so no card goes unprinted."""

from __future__ import annotations

from dataclasses import dataclass

from generator.build.components import BuildContext
from generator.components.counters.component import Pieces, plan_pieces
from generator.components.decks.component import chit_tiles, deck_sheet_spec, size_text
from generator.components.decks.plan import DeckPlan, plan_decks
from generator.components.sheet_words import sheet_spec
from generator.errors import WarkitError
from generator.i18n import vocabulary as v
from generator.layout.sheets import Sheet, SheetError, SheetSpec, TileGroup, lay_out


@dataclass(frozen=True)
class PieceSheets:
    pieces: Pieces  # the counter sheets' own pieces
    counter_spec: SheetSpec
    counter_sheets: tuple[Sheet, ...]  # with the cards moved onto them
    cards: tuple[DeckPlan, ...]  # the decks of cards (not the cups' chits)
    card_spec: SheetSpec | None
    card_sheets: tuple[Sheet, ...]  # what is left for cards.pdf
    moved: tuple[DeckPlan, ...]  # the decks some of whose cards print on the counter sheets
    moved_count: int  # how many cards (copies counted) print on the counter sheets

    def moved_sizes(self, t) -> tuple[str, ...]:
        """'Cards: 63 × 88 mm' for each size of card on the counter sheets (their footer)."""
        return tuple(dict.fromkeys(f"{t.ui(v.CARDS)}: {size_text(plan, t)}" for plan in self.moved))


def plan_piece_sheets(context: BuildContext) -> PieceSheets:
    options, t = context.options, context.translator
    spec = sheet_spec(options)
    pieces = plan_pieces(context, spec)
    counter_sheets = _lay_out(list(pieces.groups), spec, "")
    cards = tuple(plan for plan in plan_decks(context.game, t, options.counter_size_mm, options.ink)
                  if plan.deck.kind == "card")
    if not cards:
        return PieceSheets(pieces, spec, tuple(counter_sheets), (), None, (), (), 0)
    card_spec = deck_sheet_spec(options, cards[0])
    groups = [TileGroup(plan.title, (chit_tiles(plan, card_spec.bleed_mm),), fresh_sheet=False) for plan in cards]
    card_sheets = _lay_out(groups, card_spec, cards[0].deck.id)
    deck_of = {id(tile): index for index, group in enumerate(groups) for row in group.rows for tile in row}
    moved, best = 0, counter_sheets
    together = options.only is None or {"counters", "decks"} <= set(options.only)  # else cards stay in cards.pdf
    for count in range(1, len(card_sheets) + 1) if counter_sheets and together else ():
        extra = _moved_groups(card_sheets[-count:], groups, deck_of)
        try:
            trial = lay_out([*pieces.groups, *extra], spec, packed=True)
        except SheetError:
            break
        if len(trial) > len(counter_sheets):  # no sheet saved
            break
        moved, best = count, trial
    kept = card_sheets[:len(card_sheets) - moved]
    moved_tiles = [cell.tile for sheet in card_sheets[len(kept):] for cell in sheet.cells]
    decks = tuple(cards[index] for index in dict.fromkeys(deck_of[id(tile)] for tile in moved_tiles))
    return PieceSheets(pieces, spec, tuple(best), cards, card_spec, tuple(kept), decks, len(moved_tiles))


def _lay_out(groups: list[TileGroup], spec: SheetSpec, what: str) -> list[Sheet]:
    if not groups:
        return []
    try:
        return lay_out(groups, spec, packed=True)
    except SheetError as error:
        raise WarkitError(f"{what}: {error}" if what else str(error)) from None


def _moved_groups(sheets, groups: list[TileGroup], deck_of: dict[int, int]) -> list[TileGroup]:
    """The cards of `sheets`, one group per deck (its name heads the sheet), in their order."""
    by_deck: dict[int, list] = {}
    for sheet in sheets:
        for cell in sheet.cells:
            by_deck.setdefault(deck_of[id(cell.tile)], []).append(cell.tile)
    return [TileGroup(groups[deck].title, (tuple(tiles),), fresh_sheet=False) for deck, tiles in by_deck.items()]
