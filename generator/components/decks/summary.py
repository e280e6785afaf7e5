"""The `deck-summary` component: every deck and cup on a reference sheet — each card or
chit with its copies, fields, flags and text, so players can look a card up without the
deck (and check a cup's mix at a glance)."""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile, component
from generator.components import chart_style as cs
from generator.components.chart_document import chart_heading_blocks, document_outputs, parts_document, text_block
from generator.components.decks.component import size_text
from generator.components.decks.plan import DeckPlan, plan_decks, square_colours
from generator.components.illustrative import is_illustrative, mark_note, marked
from generator.components.text import game_text, ui_text
from generator.i18n import vocabulary as v
from generator.layout.blocks import Block
from generator.layout.grid import (
    Cell,
    fit_widths,
    flowing_grid,
    longest_word_mm,
    natural_width_mm,
    shortest_widths,
    table_height_mm,
)
from generator.layout.primitives import Rect, Style

TEXT_MIN_MM = 50.0  # the text column keeps at least this; the others give way


def summary_blocks(context, plan: DeckPlan, width_mm: float, *, heading: bool = False,
                   alike: tuple[DeckPlan, ...] = ()) -> list[Block]:
    """The deck's heading (how many, what size, whose) and its table. `alike`: other sides'
    decks that print the same table (`alike_decks`), named in the heading and not printed
    again: "Polish order markers and Soviet order markers · 32 chits a side"."""
    t = game_text(context)
    deck = plan.deck
    count = v.chits(t, plan.count) if deck.kind == "chit" else v.cards(t, plan.count)
    group = (plan, *alike)
    if alike:
        count = ui_text(context, "{count} a side", count=count)
    parts = [count, size_text(plan, t)]
    owners = [t.of(context.game.sides[p.deck.owner]) for p in group if p.deck.owner in context.game.sides]
    if owners:
        parts.append(", ".join(owners))
    titles = [p.title for p in group]
    title = titles[0] if not alike else ui_text(context, "{first} and {last}", first=", ".join(titles[:-1]),
                                                  last=titles[-1])
    source = next((p.deck.source for p in group if is_illustrative(p.deck.source)), deck.source)
    blocks = [*chart_heading_blocks(marked(title, source), width_mm, " · ".join(parts), heading=heading),
              summary_table(context, plan, width_mm)]
    if is_illustrative(source):
        blocks.append(text_block(mark_note(context), width_mm, size_pt=cs.NOTE_PT, colour=cs.MUTED))
    return blocks


def alike_decks(context, plans: list[DeckPlan]) -> list[tuple[DeckPlan, ...]]:
    """The plans grouped where decks of different sides print the same summary: the same
    kind and size, the same fields, and card for card the same title, copies, values,
    flags, orientation and text (each side's order markers, say). A deck without a side,
    or a second deck of the same side, stands alone. Groups in the order of their first."""
    t, sides = game_text(context), context.game.sides
    groups: list[tuple[tuple, list[DeckPlan]]] = []
    for plan in plans:
        deck = plan.deck
        rows = tuple((card.front.title or card.name, card.copies, card.turned, tuple(card.front.flags), card.front.text,
                      tuple((t.card_value(source, f), source.values.get(f.id, "")) for f in deck.fields))
                     for card, source in zip(plan.cards, context.game.cards_of(deck.id)))
        key = (deck.kind, plan.cell_mm, tuple((f.kind, t.deck_field(deck, f)) for f in deck.fields), rows)
        into = next((group for known, group in groups if known == key and deck.owner in sides
                     and all(other.deck.owner in sides and other.deck.owner != deck.owner for other in group)), None)
        if into is None:
            groups.append((key, [plan]))
        else:
            into.append(plan)
    return [tuple(group) for _, group in groups]


def summary_table(context, plan: DeckPlan, width_mm: float) -> Block:
    """Title | copies | each field | flags | text, one row per distinct card."""
    t = game_text(context)
    deck = plan.deck
    mixed = len({card.turned for card in plan.cards}) > 1
    head = [ui_text(context, "Title"), "×", *(t.deck_field(deck, f) for f in deck.fields)]
    head += [ui_text(context, "Orientation")] if mixed else []
    head += [ui_text(context, "Flags")] if deck.flags else []
    head += [ui_text(context, "Text")]
    header = [Cell(text, "condensed-bold", cs.HEADER_PT, cs.HEADER_FILL, cs.HEADER_TEXT) for text in head]
    rows = [header]
    for card, source in zip(plan.cards, context.game.cards_of(deck.id)):
        front = card.front
        values = dict(zip((f.id for f in deck.fields), (t.card_value(source, f) for f in deck.fields)))
        row = [Cell(front.title or card.name, "sans-bold", cs.SMALL_PT, align="start"),
               Cell(str(card.copies), "sans", cs.SMALL_PT)]
        row += [Cell("", name=f"squares:{card.name}:{f.id}") if f.kind == "squares"
                else Cell(values[f.id], "condensed", cs.SMALL_PT, align="middle" if f.kind == "number" else "start")
                for f in deck.fields]
        if mixed:
            landscape = front.size_mm[0] > front.size_mm[1]
            orientation = ui_text(context, "landscape") if landscape else ui_text(context, "portrait")
            row.append(Cell(orientation, "condensed", cs.SMALL_PT))
        if deck.flags:
            row.append(Cell(", ".join(name for name, _ in front.flags), "condensed", cs.SMALL_PT, align="start"))
        row.append(Cell(front.text, "sans", cs.SMALL_PT, align="start"))
        rows.append(row)
    return flowing_grid(rows, _widths(rows, width_mm, _squares_mm(context, plan)), header_rows=1,
                        style=cs.COMPACT_GRID, decorate=lambda grid, _: _with_squares(context, plan, grid))


SQUARE_MM, SQUARE_GAP_MM = 2.4, 0.8


def _squares_mm(context, plan: DeckPlan) -> float:
    """The width the longest row of squares needs."""
    cards = context.game.cards_of(plan.deck.id)
    counts = [len(square_colours(f, card.values.get(f.id, ""))) for card in cards for f in plan.deck.fields
              if f.kind == "squares"]
    return max(counts, default=0) * (SQUARE_MM + SQUARE_GAP_MM) + 2.0


def _with_squares(context, plan: DeckPlan, grid: Block) -> Block:
    """The squares fields drawn in their cells as the cards print them (those of the cards
    in this part of the table)."""
    items = []
    for card, source in zip(plan.cards, context.game.cards_of(plan.deck.id)):
        for f in plan.deck.fields:
            box = grid.anchors.get(f"squares:{card.name}:{f.id}")
            if f.kind != "squares" or box is None:
                continue
            x, y = box[0] + 1.0, (box[1] + box[3]) / 2 - SQUARE_MM / 2
            for colour in square_colours(f, source.values.get(f.id, "")):
                items.append(Rect(x, y, SQUARE_MM, SQUARE_MM, Style(fill=colour, stroke="#000000", stroke_width_mm=0.15)))
                x += SQUARE_MM + SQUARE_GAP_MM
    return Block(grid.width_mm, grid.height_mm, (*grid.items, *items), grid.anchors)


def _widths(rows: list[list[Cell]], width_mm: float, squares_mm: float = 0.0) -> list[float]:
    """Of three ways, the widths that make the table shortest: the narrow columns as wide as
    their widest cell (up to a third of the page each) and the text column the rest; each
    column from its longest word, widened where that takes most off the rows' heights; or
    the first bettered so (`shortest_widths`). A column of squares is as wide as its longest
    row; the text column keeps at least TEXT_MIN_MM (or its longest line)."""
    count = len(rows[0])
    squares = [any((row[c].name or "").startswith("squares:") for row in rows) for c in range(count)]
    natural = [squares_mm if squares[c] else max(natural_width_mm(row[c], cs.COMPACT_GRID) for row in rows)
               for c in range(count)]
    least = [natural[c] if squares[c] else min(max(longest_word_mm(row[c], cs.COMPACT_GRID) for row in rows), natural[c])
             for c in range(count)]
    capped = [min(n, width_mm / 3) for n in natural[:-1]]
    narrow = fit_widths(capped, max(width_mm - TEXT_MIN_MM, width_mm / 2), [min(m, n) for m, n in zip(least, capped)])
    text_least = [*least[:-1], min(max(least[-1], TEXT_MIN_MM), natural[-1])]
    usual = [*narrow, width_mm - sum(narrow)]
    ways = (usual, shortest_widths(rows, text_least, natural, width_mm, cs.COMPACT_GRID),
            shortest_widths(rows, text_least, natural, width_mm, cs.COMPACT_GRID, start_mm=usual))
    return min(ways, key=lambda widths: table_height_mm(rows, widths, cs.COMPACT_GRID))


def summary_document(context: BuildContext) -> tuple[str, list]:
    """Every deck and cup, but those a player aid prints whole (its side's reference decks:
    not printed twice), named in a closing note."""
    from generator.components.player_aid import decks_in_the_aids  # it reads this module's blocks

    plans = plan_decks(context.game, game_text(context), context.options.counter_size_mm)
    in_aids = decks_in_the_aids(context)
    shown = [plan for plan in plans if plan.deck.id not in in_aids]
    elsewhere = [plan.title for plan in plans if plan.deck.id in in_aids]
    title = ui_text(context, v.CARDS_AND_CHITS)

    def blocks_of(plan, index, width):
        blocks = summary_blocks(context, plan, width)
        if index == len(shown) - 1 and elsewhere:
            blocks.append(text_block(ui_text(context, "In the player aids: {decks}.", decks=", ".join(elsewhere)),
                                     width, size_pt=cs.SMALL_PT, colour=cs.MUTED))
        return blocks

    return parts_document(context, shown, blocks_of, title, title)


@component("deck-summary", order=47)
def build_deck_summary(context: BuildContext) -> list[OutputFile]:
    title, pages = summary_document(context)
    return document_outputs(context, "deck-summary", title, pages, shares_pages=True) if pages else []
