"""Stand-alone card and chit images for VASSAL and Tabletop Simulator.

decks/<deck>/<card>-front.svg|png (each card in its own orientation) and
decks/<deck>/back.svg|png (the back every card of the deck shares), at the exact size,
without bleed; which formats and the PNG resolution follow `print: counter_images` and
`counter_dpi`.
"""

from __future__ import annotations

from generator.build.components import OutputFile
from generator.components.decks.art import back_symbol, card_front, chit_front
from generator.components.decks.plan import DeckPlan
from generator.layout.primitives import Page, Use


def image_pages(plan: DeckPlan) -> list[tuple[str, str, Page]]:
    """(file stem, what a person calls it, page) for every front and the back."""
    out = []
    for card in plan.cards:
        width, height = card.front.size_mm
        draw = chit_front if card.front.kind == "chit" else card_front
        out.append((f"{card.name}-front", card.label, Page(width, height, tuple(draw(card.front, 0.0)))))
    back = back_symbol(plan.back, plan.cell_mm, 0.0)
    out.append(("back", plan.title, Page(*plan.cell_mm, (Use(back.id, 0, 0),), (back,))))
    return out


def image_files(plan: DeckPlan, options) -> list[OutputFile]:
    from generator.render.png import rasterise  # pdfium, svgwrite and fontTools only when images are asked for
    from generator.render.svg import render_svg

    folder = f"decks/{plan.deck.id}"
    pages = image_pages(plan)
    files = []
    if "svg" in options.counter_images:
        files += [OutputFile(f"{folder}/{stem}.svg", render_svg(page), title=label) for stem, label, page in pages]
    if "png" in options.counter_images:
        pngs = rasterise([page for _, _, page in pages], options.counter_dpi)
        files += [OutputFile(f"{folder}/{stem}.png", data, title=label) for (stem, label, _), data in zip(pages, pngs)]
    return files
