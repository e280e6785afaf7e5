"""Fitting text into small boxes: shrink to fit, wrap on words (and after hyphens), stack.

Used where space is tight and fixed — counters, chits, labels — so that text is made to fit
before anything is drawn and never spills over its neighbours.
"""

from __future__ import annotations

import re

from generator.layout.primitives import FontKey, Text
from generator.fonts.metrics import MM_PER_PT, fit_text_size

CAP_EM = 0.729  # height of DejaVu capitals, in em


def cap_mm(size_pt: float) -> float:
    """Height of capitals at `size_pt`, in mm."""
    return CAP_EM * size_pt * MM_PER_PT


def words(text: str) -> list[str]:
    """Words, hyphenated ones breakable after the hyphen ('Austro-', 'Hungarian'); short
    parts stay whole ('A-H')."""
    return re.findall(r"[^\s-]{3,}-+(?=[^\s-]{3})|\S+", text)


def join(parts: list[str]) -> str:
    """Words back into a line: a word ending in '-' joins the next without a space."""
    out = ""
    for word in parts:
        out += word if not out or out.endswith("-") else " " + word
    return out


def splits(parts: list[str], count: int) -> list[tuple[str, ...]]:
    """Every way to set `parts` on exactly `count` lines, in order."""
    if count == 1:
        return [(join(parts),)]
    return [(join(parts[:i]), *rest) for i in range(1, len(parts) - count + 2)
            for rest in splits(parts[i:], count - 1)]  # fmt: skip


MAX_SPLIT_WORDS = 12  # up to this many words every split is tried (a label, a title on a card)


def balanced(parts: list[str], count: int) -> tuple[str, ...]:
    """`parts` on `count` lines of about the same number of characters (linear in the text)."""
    total = sum(len(part) + 1 for part in parts)
    lines, current, size = [], [], 0
    for index, part in enumerate(parts):
        current.append(part)
        size += len(part) + 1
        left = len(parts) - index - 1
        if len(lines) < count - 1 and left >= count - 1 - len(lines) and size >= total * (len(lines) + 1) / count:
            lines.append(join(current))
            current = []
    lines.append(join(current))
    return tuple(line for line in lines if line) or ("",)


def fit_lines(lines: tuple[str, ...], font: FontKey, width_mm: float, height_mm: float, max_pt: float,
              min_pt: float, leading: float) -> float | None:
    """Largest size ≤ max_pt at which every line fits the width and the block (a line every
    `leading` capital heights) fits the height; None below min_pt."""
    by_height = height_mm / (len(lines) * CAP_EM * MM_PER_PT * leading)
    sizes = [fit_text_size(line, font, width_mm, min(max_pt, by_height), min_pt) for line in lines]
    if any(size is None for size in sizes):
        return None
    return min(sizes)  # type: ignore[type-var]


def wrap_to_fit(text: str, font: FontKey, width_mm: float, height_mm: float, max_pt: float,
                max_lines: int = 3) -> tuple[tuple[str, ...], float]:
    """The wrapping (1 … max_lines lines) that allows the largest text; more lines only when
    they allow clearly (8 %) larger text, and never a line of punctuation alone."""
    parts = words(text)
    if len(parts) > MAX_SPLIT_WORDS:  # every split of many words is too many: balanced ones only
        candidates = [balanced(parts, count) for count in range(1, max_lines + 1) if count <= len(parts)]
    else:
        candidates = [lines for count in range(1, max_lines + 1) if count <= len(parts)
                      for lines in splits(parts, count)]
    best, best_size = ("",), 0.0
    for lines in candidates:
        if len(lines) > 1 and not all(any(ch.isalnum() for ch in line) for line in lines):
            continue
        size = fit_lines(lines, font, width_mm, height_mm, max_pt, 0.1, 1.5) or 0.1
        if size > best_size * 1.08:
            best, best_size = lines, size
    return best, best_size


def stacked(lines: tuple[str, ...], font: FontKey, size_pt: float, cx: float, cy: float, colour: str) -> list[Text]:
    """Lines centred on (cx, cy) as a block, capitals to baseline, half a capital apart."""
    cap = cap_mm(size_pt)
    gap = cap * 0.5
    block = len(lines) * cap + (len(lines) - 1) * gap
    return [Text(cx, cy - block / 2 + (i + 1) * cap + i * gap, line, font, size_pt, anchor="middle", fill=colour)
            for i, line in enumerate(lines) if line]  # fmt: skip


def fitted(text: str, font: FontKey, x: float, y: float, width_mm: float, max_pt: float, min_pt: float,
           anchor: str, baseline: str, colour: str) -> list[Text]:
    """One line shrunk to fit `width_mm`: down to min_pt, and below that squeezed anyway
    (a long name printed small beats one that runs over its neighbours)."""
    size = fit_text_size(text, font, width_mm, max_pt, min_pt)
    if size is None:
        size = fit_text_size(text, font, width_mm, max_pt, 0.1) or min_pt
    return [Text(x, y, text, font, size, anchor=anchor, baseline=baseline, fill=colour)]  # type: ignore[arg-type]
