"""The `decks` component: cards.pdf, the cards of every deck at their exact size with
duplex-aligned backs, packed onto as few sheets as they take (`layout/sheets.py`: each deck
together, decks of any size sharing sheets), and per-card and per-chit images for VASSAL and
Tabletop Simulator. The chits of the cups are cut from card stock like counters: they share
the counter sheets (components/counters)."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, is_illustrative, some_note
from generator.components.sheet_words import footer_notes, sheet_labels
from generator.components.decks.art import back_symbol, front_items
from generator.components.decks.images import image_files
from generator.components.decks.plan import DeckPlan, plan_decks
from generator.errors import WarkitError
from generator.i18n import vocabulary as v
from generator.layout.primitives import Use
from generator.layout.sheets import SheetError, SheetSpec, Tile, TileGroup, lay_out, sheet_fill, sheet_pages
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
    game, options, t = context.game, context.options, context.translator
    plans = plan_decks(game, t, options.counter_size_mm, options.ink)
    cards = [plan for plan in plans if plan.deck.kind == "card"]
    files: list[OutputFile] = []
    if cards:
        spec = deck_sheet_spec(options, cards[0])
        sizes = " · ".join(dict.fromkeys(f"{t.ui(v.CARDS)}: {size_text(plan, t)}" for plan in cards))
        groups = [TileGroup(plan.title, (chit_tiles(plan, spec.bleed_mm),), fresh_sheet=False) for plan in cards]
        try:
            sheets = lay_out(groups, spec, packed=True)
        except SheetError as error:
            raise WarkitError(f"{cards[0].deck.id}: {error}") from None
        notes = footer_notes(spec, t, sizes)
        if any(is_illustrative(plan.deck.source) or any_illustrative(game.cards_of(plan.deck.id)) for plan in cards):
            notes += (some_note(t),)
        pages = sheet_pages(sheets, spec, t.title(), notes, sheet_labels(t))
        title = t.ui(v.CARDS)
        fills = tuple(round(sheet_fill(sheet, spec), 4) for sheet in sheets)
        files.append(OutputFile("cards.pdf", render_pdf(pages, title=f"{t.title()} — {title}"), len(pages),
                                title=title, sheets=len(sheets), fills=fills))
    for plan in plans:
        files += image_files(plan, options)
    return files
