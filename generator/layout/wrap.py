"""Word wrapping and paragraphs measured with the bundled fonts.

Lines are broken with the same metrics both backends use, so a wrapped paragraph has the
same geometry in PDF and SVG (no reportlab Platypus, whose layout the SVG cannot repeat).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.primitives import FontKey, Item, Text
from generator.fonts.metrics import MM_PER_PT, text_width_mm

LEADING = 1.2  # line pitch as a multiple of the font size
_SLACK_MM = 1e-6  # a line measured to exactly the width fits (float sums are not exact)


def wrap_text(text: str, font: FontKey, size_pt: float, max_width_mm: float) -> list[str]:
    """Greedy word wrap: words joined by spaces while they fit; explicit newlines are kept.

    A word longer than the line is broken between characters (after a hyphen or slash where
    one falls inside it), so no line is ever wider than `max_width_mm` unless it is a single
    character.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(_glued(paragraph.split()), font, size_pt, max_width_mm))
    return lines


_GLUE = {"="}  # kept on one line with the words either side: "3.7 = 3:1" never breaks at the "="


def _glued(words: list[str]) -> list[str]:
    """Words, with each lone "=" joined to its neighbours into one unbreakable word."""
    out: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word in _GLUE and out and index + 1 < len(words):
            out[-1] = f"{out[-1]} {word} {words[index + 1]}"
            index += 2
            continue
        out.append(word)
        index += 1
    return out


def _wrap_paragraph(words: list[str], font: FontKey, size_pt: float, max_width_mm: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if text_width_mm(candidate, font, size_pt) <= max_width_mm + _SLACK_MM:
            current = candidate
            continue
        if current:
            lines.append(current)
        pieces = _split_word(word, font, size_pt, max_width_mm)
        lines.extend(pieces[:-1])
        current = pieces[-1]
    if current or not lines:
        lines.append(current)
    return lines


def _split_word(word: str, font: FontKey, size_pt: float, max_width_mm: float) -> list[str]:
    """A word cut into pieces that fit, preferring cuts at a space (inside glued words),
    then after '-' or '/'."""
    pieces: list[str] = []
    rest = word
    while text_width_mm(rest, font, size_pt) > max_width_mm + _SLACK_MM and len(rest) > 1:
        cut, high = 1, len(rest) - 1  # the longest start that fits (at least one character), by halving
        while cut < high:
            middle = (cut + high + 1) // 2
            if text_width_mm(rest[:middle], font, size_pt) <= max_width_mm + _SLACK_MM:
                cut = middle
            else:
                high = middle - 1
        space = rest.rfind(" ", 0, cut + 1)
        if space > 0:
            pieces.append(rest[:space])
            rest = rest[space + 1 :]
            continue
        soft = max(rest.rfind("-", 0, cut), rest.rfind("/", 0, cut))
        if soft > 0:
            cut = soft + 1
        pieces.append(rest[:cut])
        rest = rest[cut:]
    pieces.append(rest)
    return pieces


def line_pitch_mm(size_pt: float, leading: float = LEADING) -> float:
    return size_pt * leading * MM_PER_PT


def wrapped_height_mm(lines: int, size_pt: float, leading: float = LEADING) -> float:
    """Height of a block of `lines` lines: the pitch between lines plus one line's height."""
    return lines * line_pitch_mm(size_pt, leading) if lines else 0.0


@dataclass(frozen=True)
class Paragraph:
    """Wrapped text laid out from a top-left point; `height_mm` is what it takes."""

    items: tuple[Item, ...]
    lines: tuple[str, ...]
    height_mm: float
    width_mm: float  # of the widest line


def paragraph(
    x_mm: float,
    y_mm: float,
    width_mm: float,
    text: str,
    font: FontKey = "sans",
    size_pt: float = 8.0,
    *,
    fill: str = "#000000",
    anchor: str = "start",
    leading: float = LEADING,
) -> Paragraph:
    """`text` wrapped into `width_mm`, its first line's top at y_mm.

    `anchor` aligns every line within the width: start (left), middle or end (right).
    """
    lines = wrap_text(text, font, size_pt, width_mm)
    pitch = line_pitch_mm(size_pt, leading)
    x = {"start": x_mm, "middle": x_mm + width_mm / 2, "end": x_mm + width_mm}[anchor]
    # The first baseline sits one ascent-ish below the top: the pitch minus the descent share.
    first_baseline = y_mm + pitch * 0.8
    items = tuple(
        Text(x, first_baseline + i * pitch, line, font, size_pt, anchor=anchor, fill=fill)
        for i, line in enumerate(lines)
        if line
    )
    widest = max((text_width_mm(line, font, size_pt) for line in lines), default=0.0)
    return Paragraph(items, tuple(lines), wrapped_height_mm(len(lines), size_pt, leading), widest)
