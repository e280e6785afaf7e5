"""The `decks` component: cards.pdf, the cards of every deck at their exact size with
duplex-aligned backs, packed onto as few sheets as they take (`layout/sheets.py`: each deck
together, decks of any size sharing sheets; a last sheet's cards that fit the counter sheets'
free room print there instead, `piece_sheets.py`, and the footer says how many), and per-card and per-chit images for VASSAL and
Tabletop Simulator. The chits of the cups are cut from card stock like counters: they share
the counter sheets (components/counters)."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, is_illustrative, some_note
from generator.components.sheet_words import footer_notes, sheet_labels
from generator.components.decks.art import back_symbol, front_items
from generator.components.decks.images import image_files
from generator.components.decks.plan import DeckPlan, plan_decks
from generator.i18n import vocabulary as v
from generator.layout.primitives import Use
from generator.layout.sheets import SheetSpec, Tile, TileGroup, sheet_fill, sheet_pages
from generator.render.pdf import render_pdf

# Cards sit closer to the paper's edge than counters: nine poker cards fit an A4 sheet.
CARD_MARGIN_MM = 5.0
CARD_HEADER_MM = 3.5


def deck_sheet_spec(options, plan: DeckPlan) -> SheetSpec:
    width, height = plan.cell_mm
    card = plan.deck.kind == "card"
    return SheetSpec(
        paper_mm=options.paper_mm,
        cell_mm=width,
        cell_height_mm=height,
        duplex=options.duplex,
        back_offset_mm=tuple(options.back_offset_mm),
        bleed_mm=options.bleed_mm,
        gutter_mm=options.counter_gutter_mm,
        **({"margin_mm": CARD_MARGIN_MM, "header_mm": CARD_HEADER_MM} if card else {}),
    )


def deck_tiles(plan: DeckPlan, bleed_mm: float) -> TileGroup:
    """Every card `copies` times, each with the deck's shared back."""
    return TileGroup(plan.title, (chit_tiles(plan, bleed_mm),))


def chit_tiles(plan: DeckPlan, bleed_mm: float) -> tuple[Tile, ...]:
    """Every card or chit of a deck or cup `copies` times, at the deck's cell size, each
    with the shared back."""
    back = back_symbol(plan.back, plan.cell_mm, bleed_mm)
    tiles = []
    for card in plan.cards:
        tile = Tile(front_items(card.front, bleed_mm, plan.cell_mm), (Use(back.id, 0, 0),), (back,),
                    size_mm=plan.cell_mm)
        tiles.extend([tile] * card.copies)
    return tuple(tiles)


def size_note(plan: DeckPlan, t) -> str:
    what = t.ui(v.CHITS) if plan.deck.kind == "chit" else t.ui(v.CARDS)
    return f"{what}: {size_text(plan, t)}"


def size_text(plan: DeckPlan, t) -> str:
    """'63 × 88 mm' (to a tenth of a millimetre, in the locale's digits)."""
    width, height = plan.cell_mm
    return f"{t.number(round(width, 1))} × {t.number(round(height, 1))} mm"


@component("decks", order=25)
def build_decks(context: BuildContext) -> list[OutputFile]:
    from generator.components.piece_sheets import plan_piece_sheets  # it reads this module's tiles

    game, options, t = context.game, context.options, context.translator
    plans = plan_decks(game, t, options.counter_size_mm, options.ink)
    files: list[OutputFile] = []
    plan = plan_piece_sheets(context) if any(p.deck.kind == "card" for p in plans) else None
    if plan is not None and plan.card_sheets:
        cards, spec, sheets = plan.cards, plan.card_spec, plan.card_sheets
        sizes = " · ".join(dict.fromkeys(f"{t.ui(v.CARDS)}: {size_text(p, t)}" for p in cards))
        notes = footer_notes(spec, t, sizes)
        if any(is_illustrative(p.deck.source) or any_illustrative(game.cards_of(p.deck.id)) for p in cards):
            notes += (some_note(t),)
        if plan.moved_count:  # the rest share the counter sheets' room
            notes += (t.ngettext("%(num)d more card is on the counter sheets.",
                                 "%(num)d more cards are on the counter sheets.", plan.moved_count),)
        pages = sheet_pages(sheets, spec, t.title(), notes, sheet_labels(t))
        title = t.ui(v.CARDS)
        fills = tuple(round(sheet_fill(sheet, spec), 4) for sheet in sheets)
        files.append(OutputFile("cards.pdf", render_pdf(pages, title=f"{t.title()} — {title}"), len(pages),
                                title=title, sheets=len(sheets), fills=fills))
    for deck in plans:
        files += image_files(deck, options)
    return files
