"""The kit's own pages: the cover (title, subtitle, scale, languages, the print-at-100 % note
with a square to measure) and under it the contents (each document with its first page), on
one page while they fit. No dates: the same data gives the same pages."""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.i18n import vocabulary as v
from generator.i18n.languages import display_name
from generator.layout.pictures import picture_items
from generator.layout.primitives import Item, Line, Page, Rect, Style, Text
from generator.model.pictures import LOGO_SLOTS
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.wrap import line_pitch_mm, paragraph

MARGIN_MM = 15.0
LOGO_MM = 22.0  # the logo's height above the title
INK = "#000000"
MUTED = "#555555"
RULE = Style(stroke="#999999", stroke_width_mm=0.2)
SQUARE_MM = 40  # the square on the cover that must measure exactly this on paper
ROW_PT = 10.0


@dataclass(frozen=True)
class ContentsLine:
    title: str
    first_page: int
    pages: int
    file: str  # the document's own file in the folder


def front_pages(t, game, paper_mm: tuple[float, float], languages: tuple[str, ...], lines: list[ContentsLine],
                separate: list[tuple[str, str]]) -> list[Page]:
    """The kit's first page: the cover (logo, title, subtitle, scale, languages, the print
    note with its square), then the contents under it; contents too long for the page go on
    on pages of their own. `lines` number the documents from the page after these."""
    width, height = paper_mm
    items, y = _cover_items(t, game, width, languages)
    items.append(Text(width / 2, height - MARGIN_MM - 5, t.ui(v.GENERATED_BY), "sans", 7, anchor="middle", fill=MUTED))
    pages = contents_pages(t, paper_mm, lines, separate, first_page=1, opening=(items, y + 3))
    return [replace(pages[0], title=t.title()), *pages[1:]]


def _cover_items(t, game, width: float, languages: tuple[str, ...]) -> tuple[list[Item], float]:
    """The cover's block from the top margin, and where it ends."""
    inner = width - 2 * MARGIN_MM
    items: list[Item] = []
    y = MARGIN_MM
    logo = game.art(game.spec.logo, LOGO_SLOTS)
    if logo is not None:  # the game's logo above its title
        items += picture_items(logo.picture, (MARGIN_MM, y, width - MARGIN_MM, y + LOGO_MM), "fit", "bottom")
        y += LOGO_MM + 4
    title = paragraph(MARGIN_MM, y, inner, t.title(), "title", 28, anchor="middle")
    items += title.items
    y += title.height_mm + 3
    if game.spec.subtitle:
        subtitle = paragraph(MARGIN_MM, y, inner, t.subtitle(), "sans", 14, anchor="middle", fill=MUTED)
        items += subtitle.items
        y += subtitle.height_mm
    items.append(Line(width / 2 - 30, y + 4, width / 2 + 30, y + 4, Style(stroke=INK, stroke_width_mm=0.4)))
    y += 11
    for key, value in game.spec.scale.items():  # a long one (a translation) wraps within the margins
        pitch = line_pitch_mm(11)
        line = paragraph(MARGIN_MM, y - pitch * 0.8, inner, f"{v.scale_name(t, key)}: {t.scale(key, value)}", "sans", 11, anchor="middle")
        items += line.items
        y += pitch * max(1, len(line.lines))
    y += 2
    items.append(Text(width / 2, y, language_line(t, languages), "sans", 9, anchor="middle", fill=MUTED))
    note, bottom = _print_note(t, width, y + 6, inner)
    return items + note, bottom


def language_line(t, languages: tuple[str, ...]) -> str:
    """'Languages: English, español' — each language named in the kit's language."""
    names = [display_name(code, t.language) for code in languages]
    return t.ui("Languages: %(languages)s", languages=", ".join(names))


def _print_note(t, width: float, top: float, inner: float) -> tuple[list[Item], float]:
    """The print-at-100 % note in a box, with a square to measure; and the box's foot."""
    note = paragraph(MARGIN_MM + 6, top + 6, inner - 12 - SQUARE_MM - 8, t.ui(v.PRINT_AT_100, scale=t.percent(1)),
                     "sans-bold", 12)
    hint = paragraph(MARGIN_MM + 6, top + 8 + note.height_mm, inner - 12 - SQUARE_MM - 8,
                     t.ui(v.CALIBRATION_HINT, size=SQUARE_MM), "sans", 9, fill=MUTED)
    box_height = max(SQUARE_MM + 12, note.height_mm + hint.height_mm + 16)
    square_x = MARGIN_MM + inner - 6 - SQUARE_MM
    square_y = top + (box_height - SQUARE_MM) / 2
    items: list[Item] = [Rect(MARGIN_MM, top, inner, box_height, Style(stroke=INK, stroke_width_mm=0.5), 2.0),
                         *note.items, *hint.items,
                         Rect(square_x, square_y, SQUARE_MM, SQUARE_MM, Style(stroke=INK, stroke_width_mm=0.2))]
    for mm in range(1, SQUARE_MM):  # millimetre ticks along the top edge, longer every 5 and 10
        tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.0
        items.append(Line(square_x + mm, square_y, square_x + mm, square_y + tick, Style(stroke=INK, stroke_width_mm=0.1)))
    items.append(Text(square_x + SQUARE_MM / 2, square_y + SQUARE_MM / 2, f"{SQUARE_MM} mm", "sans", 9,
                      anchor="middle", baseline="middle"))
    return items, top + box_height


def contents_pages(t, paper_mm: tuple[float, float], lines: list[ContentsLine], separate: list[tuple[str, str]],
                   first_page: int = 2, opening: tuple[list[Item], float] | None = None) -> list[Page]:
    """The contents: one row per document (title … pages), then the files printed separately;
    `opening`: what the first page already holds and where it ends (the contents follow)."""
    width, height = paper_mm
    inner = width - 2 * MARGIN_MM
    pitch = line_pitch_mm(ROW_PT, 1.45)
    rows: list[tuple[str, str, str]] = [(line.title, line.file, page_range(line)) for line in lines]
    pages: list[list[Item]] = [list(opening[0]) if opening else []]
    y = _heading(pages[-1], t.ui(v.CONTENTS), width, opening[1] if opening else MARGIN_MM)
    bottom = height - MARGIN_MM - 10
    for title, file, where in rows:
        if y + pitch > bottom:
            pages.append([])
            y = _heading(pages[-1], t.ui(v.CONTENTS), width)
        pages[-1] += _row(title, file, where, y, inner)
        y += pitch
    if separate:
        if y + 3 * pitch > bottom:
            pages.append([])
            y = MARGIN_MM
        y += pitch / 2
        pages[-1].append(Text(MARGIN_MM, y, t.ui("Printed separately"), "sans-bold", 11))
        y += pitch
        for title, file in separate:
            if y + pitch > bottom:
                pages.append([])
                y = MARGIN_MM + pitch
            pages[-1] += _row(title, file, "", y, inner)
            y += pitch
    note = t.ui(v.PRINT_AT_100, scale=t.percent(1))
    out = []
    for number, items in enumerate(pages, start=first_page):
        items.append(Text(width / 2, height - MARGIN_MM, note, "sans", 8, anchor="middle", fill=MUTED))
        items.append(Text(width - MARGIN_MM, height - MARGIN_MM, str(number), "sans", 8, anchor="end", fill=MUTED))
        out.append(Page(width, height, tuple(items), title=t.ui(v.CONTENTS) if number == first_page else ""))
    return out


def page_range(line: ContentsLine) -> str:
    last = line.first_page + line.pages - 1
    return str(line.first_page) if last == line.first_page else f"{line.first_page}–{last}"


def _heading(items: list[Item], text: str, width: float, top: float = MARGIN_MM) -> float:
    items.append(Text(MARGIN_MM, top + 8, text, "title", 20))
    items.append(Line(MARGIN_MM, top + 11, width - MARGIN_MM, top + 11, RULE))
    return top + 17


def _row(title: str, file: str, where: str, y: float, inner: float) -> list[Item]:
    """Title (shrunk to fit), the file name in grey after it, a dotted leader, the pages."""
    pages_width = 22.0
    room = inner - pages_width - 4
    size = fit_text_size(title, "sans", room * 0.7, ROW_PT, 6.0) or 6.0
    title_width = text_width_mm(title, "sans", size)
    items: list[Item] = [Text(MARGIN_MM, y, title, "sans", size)]
    file_room = room - title_width - 3
    if file and file_room > 10:
        file_size = fit_text_size(file, "condensed", file_room, 7.5, 5.0)
        if file_size:
            items.append(Text(MARGIN_MM + title_width + 3, y, file, "condensed", file_size, fill=MUTED))
            title_width += 3 + text_width_mm(file, "condensed", file_size)
    if where:
        items.append(Line(MARGIN_MM + title_width + 2, y, MARGIN_MM + inner - pages_width, y,
                          Style(stroke="#aaaaaa", stroke_width_mm=0.3, dash_mm=(0.3, 1.2), line_cap="round")))
        items.append(Text(MARGIN_MM + inner, y, where, "sans", ROW_PT, anchor="end"))
    return items
