"""The duplex calibration sheet behind `warkit calibrate`.

The front carries five cross-hair targets and a 100 mm scale check. The back carries, at
the exact point behind each target (the same mirroring the counter sheets use), two scales
numbered in millimetres of the back page: + to the right and + downwards as the back is
read. Held against a light, the front's cross shows through the paper at some reading on
each scale; a printer that shifted its backs by e shows -e, which is exactly the
--back-offset that cancels it. When the sheet was printed with an offset already, the
reading is what is left over, to be added to that offset.
"""

from __future__ import annotations

from generator.layout.primitives import Circle, Item, Line, Page, Style, Text
from generator.layout.sheets import SheetSpec, back_point, scale_bar

INK = Style(stroke="#000000", stroke_width_mm=0.15)
FINE = Style(stroke="#000000", stroke_width_mm=0.1)
SCALE_HALF_MM = 6.0  # each scale reads -6 … +6 mm
LABELS = "ABCDE"


def target_points(width_mm: float, height_mm: float) -> list[tuple[float, float]]:
    """The centre and four points inside the corners, well clear of unprintable margins."""
    inset_x, top, bottom = 40.0, 75.0, height_mm - 55.0
    return [(inset_x, top), (width_mm - inset_x, top), (width_mm / 2, height_mm / 2),
            (inset_x, bottom), (width_mm - inset_x, bottom)]  # fmt: skip


def calibration_pages(paper: str, paper_mm: tuple[float, float], duplex: str,
                      back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """The two pages for `paper` (its name, for the instructions, and its size)."""
    width, height = paper_mm
    spec = SheetSpec(paper_mm=(width, height), cell_mm=10.0, duplex=duplex, back_offset_mm=back_offset_mm)  # type: ignore[arg-type]
    points = target_points(width, height)
    front: list[Item] = [*_front_text(paper, duplex, width), *scale_bar(width / 2 - 50, height - 22, 100.0)]
    back: list[Item] = list(_back_text(duplex, back_offset_mm, width))
    for label, (x, y) in zip(LABELS, points):
        front += _target(x, y, label)
        bx, by = back_point(spec, x, y)
        back += _scales(bx, by, label)
    title = "warkit duplex calibration"
    return [
        Page(width, height, front, title=f"{title} — front"),
        Page(width, height, back, title=f"{title} — back"),
    ]


def _target(x: float, y: float, label: str) -> list[Item]:
    arm = 9.0
    return [
        Circle(x, y, 4.0, INK),
        Circle(x, y, 0.6, Style.filled("#000000")),
        Line(x - arm, y, x + arm, y, FINE),
        Line(x, y - arm, x, y + arm, FINE),
        Text(x + 5.0, y - 5.0, label, "sans-bold", 9),
    ]


def _scales(x: float, y: float, label: str) -> list[Item]:
    """A horizontal scale (X) and a vertical one (Y) crossing at (x, y), 0.5 mm ticks."""
    items: list[Item] = [
        Line(x - SCALE_HALF_MM, y, x + SCALE_HALF_MM, y, INK),
        Line(x, y - SCALE_HALF_MM, x, y + SCALE_HALF_MM, INK),
        Text(x + SCALE_HALF_MM + 1.5, y + 1.0, "X", "sans-bold", 6),
        Text(x - 1.0, y + SCALE_HALF_MM + 1.5, "Y", "sans-bold", 6, anchor="end", baseline="hanging"),
        Text(x - SCALE_HALF_MM - 4.0, y - SCALE_HALF_MM - 2.0, label, "sans-bold", 9),
    ]
    steps = int(SCALE_HALF_MM * 2)
    for i in range(-steps, steps + 1):
        offset = i * 0.5
        whole = i % 2 == 0
        tick = 1.6 if whole else 0.9
        items.append(Line(x + offset, y, x + offset, y + tick, FINE))  # X scale, ticks below
        items.append(Line(x, y + offset, x + tick, y + offset, FINE))  # Y scale, ticks right
        if whole and i and abs(i) % 4 == 0:
            number = f"{offset:+g}"
            items.append(Text(x + offset, y + 2.3, number, "condensed", 4.5, anchor="middle", baseline="hanging"))
            items.append(Text(x + 2.3, y + offset, number, "condensed", 4.5, baseline="middle"))
    return items


def _front_text(paper: str, duplex: str, width: float) -> list[Item]:
    lines = [
        f"1. Print this PDF double-sided on {paper} at 100 % (actual size, no 'fit to page'),",
        f"    flipping on the {duplex} edge, on the paper you will print counters on.",
        "2. Check the 100 mm scale at the bottom with a ruler: if it is not 100 mm, printing was scaled.",
        "3. Turn the sheet over: the back tells you how to read the offset.",
    ]
    return _block("warkit duplex calibration — front", lines, width)


def _back_text(duplex: str, offset: tuple[float, float], width: float) -> list[Item]:
    dx, dy = offset
    lines = [
        "Hold the sheet against a window or a lamp with this side facing you. At each of A-E,",
        "read where the centre of the cross printed on the other side falls: X on the horizontal",
        "scale, Y on the vertical one (+ is right and down on this side). Average the five readings.",
        f"This sheet was printed with --back-offset {dx:g},{dy:g}. Build your counters with",
        f"--back-offset {dx:g}+X,{dy:g}+Y (e.g. a reading of X = +0.5, Y = -1 gives "
        f"{dx + 0.5:g},{dy - 1:g}), flipping on the {duplex} edge.",
        "Readings of 0,0 mean the backs already line up.",
    ]
    return _block("warkit duplex calibration — back", lines, width)


def _block(title: str, lines: list[str], width: float) -> list[Item]:
    left = 20.0
    items: list[Item] = [Text(left, 18.0, title, "sans-bold", 12)]
    for i, line in enumerate(lines):
        items.append(Text(left, 26.0 + i * 4.6, line, "sans", 8.5))
    return items
