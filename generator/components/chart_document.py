"""Standalone chart documents: text blocks, page furniture, pagination, PDF and SVG files.

Charts lay themselves out as blocks (generator/layout/blocks.py); this module flows those
blocks over pages of the build's paper with a running header and page numbers, and renders
them. Player aids and setup charts reuse the blocks directly instead.
"""

from __future__ import annotations

from generator.build.components import BuildContext, OutputFile
from generator.components import chart_style as cs
from generator.components.text import game_text, ui_text
from generator.layout.blocks import Block, paginate_snug
from generator.layout.frame import Frame
from generator.layout.pictures import picture_items, placed_box
from generator.layout.primitives import FontKey, Item, Line, Page, Style, SymbolDef, Text
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.wrap import paragraph
from generator.model.pictures import LOGO_SLOTS
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg

HEADER_MM = 7.0  # running header band at the top of the content area
FOOTER_MM = 5.0
FOLIO_RAISE_MM = 1.0  # the page number's baseline above the bottom margin (descenders stay inside)
HEADER_GAP_MM = 4.0  # least space between the game title and the chart title in the header


def text_block(text: str, width_mm: float, *, font: FontKey = "sans", size_pt: float = cs.BODY_PT,
               colour: str = cs.INK, keep_with_next: bool = False, space_after_mm: float = 0.0) -> Block:
    """A wrapped paragraph as a block."""
    laid = paragraph(0.0, 0.0, width_mm, text, font, size_pt, fill=colour)
    return Block(width_mm, laid.height_mm + space_after_mm, laid.items, keep_with_next=keep_with_next)


def heading_block(text: str, width_mm: float, size_pt: float = cs.HEADING_PT, *, rule: bool = True,
                  page_break_before: bool = False) -> Block:
    """A bold heading, underlined by a hairline, that stays with what follows it."""
    laid = paragraph(0.0, 0.0, width_mm, text, "sans-bold", size_pt)
    items: list[Item] = list(laid.items)
    height = laid.height_mm + 0.8
    if rule:
        items.append(Line(0.0, height, width_mm, height, Style(stroke="#000000", stroke_width_mm=0.3)))
    return Block(width_mm, height + 1.0, tuple(items), keep_with_next=True, page_break_before=page_break_before,
                 gap_after_mm=1.5)


def title_block(title: str, width_mm: float, subtitle: str | None = None, *, page_break_before: bool = False) -> Block:
    """The chart's title (large) and an optional grey subtitle line."""
    laid = paragraph(0.0, 0.0, width_mm, title, "title", cs.TITLE_PT)
    items: list[Item] = list(laid.items)
    height = laid.height_mm
    if subtitle:
        sub = paragraph(0.0, height, width_mm, subtitle, "sans", cs.SMALL_PT, fill=cs.MUTED)
        items.extend(sub.items)
        height += sub.height_mm
    return Block(width_mm, height + 1.0, tuple(items), keep_with_next=True, page_break_before=page_break_before)


def chart_heading_blocks(title: str, width_mm: float, subtitle: str | None = None, *, heading: bool = False,
                         page_break_before: bool = False) -> list[Block]:
    """A chart's title: large on its own document, a section heading (with the subtitle as
    a small grey line) where the chart is one part of a player aid."""
    if not heading:
        return [title_block(title, width_mm, subtitle, page_break_before=page_break_before)]
    blocks = [heading_block(title, width_mm, page_break_before=page_break_before)]
    if subtitle:
        blocks.append(text_block(subtitle, width_mm, size_pt=cs.NOTE_PT, colour=cs.MUTED, keep_with_next=True))
    return blocks


def bullet_blocks(lines: list[str], width_mm: float, *, size_pt: float = cs.NOTE_PT,
                  bullet: str = "•", colour: str = cs.INK) -> list[Block]:
    """One block per bullet point, the text hanging after the bullet."""
    indent = 3.0
    blocks = []
    for number, line in enumerate(lines, start=1):
        laid = paragraph(indent, 0.0, width_mm - indent, line, "sans", size_pt, fill=colour)
        mark = Text(0.6, laid.items[0].y_mm if laid.items else 0.0, bullet, "sans", size_pt, fill=colour)
        gap = None if number == len(lines) else 0.8
        blocks.append(Block(width_mm, laid.height_mm, (mark, *laid.items), gap_after_mm=gap))
    return blocks


def signed(value: int) -> str:
    """A modifier as printed: +1, −2 (a true minus sign), 0."""
    if value > 0:
        return f"+{value}"
    return f"\u2212{-value}" if value < 0 else "0"


def content_frame(context: BuildContext, size_mm: tuple[float, float] | None = None) -> Frame:
    """Where chart blocks go on a page of the build's paper, or of `size_mm` (header and
    footer excluded)."""
    page = Frame.page(size_mm or context.options.paper_mm, cs.MARGIN_MM)
    return page.inset(0.0, HEADER_MM, 0.0, FOOTER_MM)


def chart_pages(context: BuildContext, chart_title: str, blocks: list[Block]) -> list[Page]:
    """The blocks flowed over pages, each with the game and chart title and a page number."""
    frame = content_frame(context)
    flowed = paginate_snug(blocks, frame, cs.BLOCK_GAP_MM)
    return [
        framed_page(context, chart_title, [placement.group() for placement in placements], number, len(flowed))
        for number, placements in enumerate(flowed, start=1)
    ]


def parts_document(context: BuildContext, parts: list, blocks_of, many_title: str,
                   one_title: str | None = None) -> tuple[str, list[Page]]:
    """The title and pages of a document of one part per item of `parts` (no pages without
    any): `blocks_of(item, index, width_mm)` lays a part out. Titled `many_title`, or, with a
    single part, `one_title` (default that item's own name)."""
    if not parts:
        return "", []
    width = content_frame(context).width_mm
    blocks = [block for index, item in enumerate(parts) for block in blocks_of(item, index, width)]
    if len(parts) > 1:
        title = many_title
    else:
        title = one_title if one_title is not None else game_text(context).of(parts[0])
    return title, chart_pages(context, title, blocks)


def framed_page(context: BuildContext, chart_title: str, body: list[Item], number: int, count: int, *,
                size_mm: tuple[float, float] | None = None, symbols: tuple[SymbolDef, ...] = ()) -> Page:
    """A page of the build's paper (or `size_mm`: a landscape sheet) with the running header,
    the page number when there are several pages, and `body` (already in page coordinates)."""
    width, height = size_mm or context.options.paper_mm
    margin = cs.MARGIN_MM
    header_y = margin + 3.0
    logo, logo_w = header_logo(context, margin, margin, header_y + 1.0)
    game_title, header_title, size = _header_sizes(game_text(context).title(), chart_title,
                                                   width - 2 * margin - logo_w)
    items: list[Item] = [
        *logo,
        Text(margin + logo_w, header_y, game_title, "sans-bold", cs.SMALL_PT, fill=cs.MUTED),
        Text(width - margin, header_y, header_title, "sans", size, anchor="end", fill=cs.MUTED),
        Line(margin, header_y + 1.5, width - margin, header_y + 1.5, Style(stroke="#999999", stroke_width_mm=0.2)),
        *body,
    ]
    if count > 1:
        folio = ui_text(context, "page {number} of {count}", number=number, count=count)
        items.append(Text(width / 2, height - margin - FOLIO_RAISE_MM, folio, "sans", cs.NOTE_PT, anchor="middle",
                          fill=cs.MUTED))
    return Page(width, height, tuple(items), symbols, title=chart_title if number == 1 else "")


LOGO_HEADER_WIDTH_MM = 16.0  # the most a logo takes of the running header's width


def header_logo(context: BuildContext, x: float, top: float, bottom: float) -> tuple[list[Item], float]:
    """The game's logo at the start of the running header, between the margin (`top`) and
    the header's rule, and the width it takes (with a gap); nothing without a logo."""
    logo = context.game.art(context.game.spec.logo, LOGO_SLOTS)
    if logo is None:
        return [], 0.0
    box = placed_box(logo.picture, (x, top, x + LOGO_HEADER_WIDTH_MM, bottom), "fit", "left")
    return picture_items(logo.picture, box, "stretch"), box[2] - x + 2.0


def _header_sizes(game_title: str, chart_title: str, width_mm: float) -> tuple[str, str, float]:
    """The header's game title and chart title, and the chart title's size: smaller when
    the two do not fit side by side (the game title then keeps at most half the line), and
    shortened with an ellipsis below the least size."""
    least = 5.0
    half = (width_mm - HEADER_GAP_MM) / 2
    if text_width_mm(game_title, "sans-bold", cs.SMALL_PT) + HEADER_GAP_MM + text_width_mm(
            chart_title, "sans", cs.SMALL_PT) <= width_mm:
        return game_title, chart_title, cs.SMALL_PT
    game_title = shortened(game_title, "sans-bold", cs.SMALL_PT, half)
    room = width_mm - HEADER_GAP_MM - text_width_mm(game_title, "sans-bold", cs.SMALL_PT)
    size = fit_text_size(chart_title, "sans", room, cs.SMALL_PT, least)
    if size is None:
        return game_title, shortened(chart_title, "sans", least, room), least
    return game_title, chart_title, size


def fitted_line(text: str, font: FontKey, size_pt: float, width_mm: float, least: float = 0.7) -> tuple[str, float]:
    """One line of `text` in `width_mm`: whole at `size_pt`, else whole at a smaller size down
    to `least` of it (a long translation), else shortened with an ellipsis at that size."""
    size = fit_text_size(text, font, width_mm, size_pt, size_pt * least)
    if size is not None:
        return text, size
    return shortened(text, font, size_pt * least, width_mm), size_pt * least


def shortened(text: str, font: FontKey, size_pt: float, width_mm: float) -> str:
    """`text`, cut at the end with an ellipsis until it fits `width_mm` (the longest such
    start, found by halving: a long text costs a few measures, not one per character)."""
    if text_width_mm(text, font, size_pt) <= width_mm:
        return text
    low, high = 1, len(text)  # text[:low] + "…" is kept even when it does not fit (one character)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width_mm(text[:middle] + "…", font, size_pt) <= width_mm:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def svg_output(stem: str, page: Page) -> OutputFile:
    """A one-page document as SVG, named (in the preview's chart picker) by its page's title."""
    return OutputFile(f"{stem}.svg", render_svg(page), title=page.title)


def document_outputs(context: BuildContext, stem: str, title: str, pages: list[Page], *,
                     shares_pages: bool = False, snug_pages: list[Page] | None = None) -> list[OutputFile]:
    """`<stem>.pdf`, plus `<stem>.svg` when the document is a single page. `shares_pages`: a
    chart whose first page may go on under the previous such chart's last page in kit.pdf
    (a small chart after one that ends on a partly empty page); `snug_pages`: the same chart
    set tighter, which kit.pdf takes where only it goes on there (OutputFile.snug)."""
    pdf_title = f"{game_text(context).title()} — {title}"
    frame = content_frame(context)
    body = (frame.y_mm, frame.y_mm + frame.height_mm) if shares_pages else None
    snug = render_pdf(snug_pages, title=pdf_title) if shares_pages and snug_pages else b""
    files = [OutputFile(f"{stem}.pdf", render_pdf(pages, title=pdf_title), len(pages), body_mm=body, snug=snug)]
    if len(pages) == 1:
        files.append(svg_output(stem, pages[0]))
    return files
