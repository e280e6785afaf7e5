"""The `decks` component: one PDF of card (or chit) sheets per deck or cup, at the exact
card size with duplex-aligned backs (the counters' imposition, `layout/sheets.py`), and
per-card images for VASSAL and Tabletop Simulator."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components.illustrative import any_illustrative, is_illustrative, some_note
from generator.components.counters.component import footer_notes, sheet_labels
from generator.components.decks.art import back_symbol, front_items
from generator.components.decks.images import image_files
from generator.components.decks.plan import DeckPlan, plan_decks
from generator.errors import WarkitError
from generator.i18n import vocabulary as v
from generator.layout.primitives import Use
from generator.layout.sheets import SheetError, SheetSpec, Tile, TileGroup, impose
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
    back = back_symbol(plan.back, plan.cell_mm, bleed_mm)
    tiles = []
    for card in plan.cards:
        tile = Tile(front_items(card.front, bleed_mm, plan.cell_mm), (Use(back.id, 0, 0),), (back,))
        tiles.extend([tile] * card.copies)
    return TileGroup(plan.title, (tuple(tiles),))


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
    files: list[OutputFile] = []
    for plan in plan_decks(game, t, options.counter_size_mm):
        spec = deck_sheet_spec(options, plan)
        try:
            notes = footer_notes(spec, t, size_note(plan, t))
            if is_illustrative(plan.deck.source) or any_illustrative(game.cards_of(plan.deck.id)):
                notes += (some_note(t),)
            pages = impose([deck_tiles(plan, spec.bleed_mm)], spec, t.title(), notes, sheet_labels(t))
        except SheetError as error:
            raise WarkitError(f"{plan.deck.id}: {error}") from None
        pdf = render_pdf(pages, title=f"{t.title()} — {plan.title}")
        files.append(OutputFile(f"deck-{plan.deck.id}.pdf", pdf, len(pages), title=plan.title))
        files += image_files(plan, options)
    return files
