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

from generator.i18n.marks import N_
from generator.layout.primitives import Circle, Item, Line, Page, Style, Text
from generator.layout.sheets import SheetSpec, back_point, scale_bar
from generator.layout.wrap import paragraph

INK = Style(stroke="#000000", stroke_width_mm=0.15)
FINE = Style(stroke="#000000", stroke_width_mm=0.1)
SCALE_HALF_MM = 6.0  # each scale reads -6 … +6 mm
SCALE_DISTANCE_MM = 10.0  # from the target to its scales on the back
ARM_MM = 16.0  # the front cross reaches past the scales
LABELS = "ABCDE"


def target_points(width_mm: float, height_mm: float) -> list[tuple[float, float]]:
    """The centre and four points inside the corners, well clear of unprintable margins."""
    inset_x, top, bottom = 40.0, 75.0, height_mm - 55.0
    return [(inset_x, top), (width_mm - inset_x, top), (width_mm / 2, height_mm / 2),
            (inset_x, bottom), (width_mm - inset_x, bottom)]  # fmt: skip


def calibration_pages(paper: str, paper_mm: tuple[float, float], duplex: str,
                      back_offset_mm: tuple[float, float] = (0.0, 0.0), t=None) -> list[Page]:
    """The two pages for `paper` (its name, for the instructions, and its size), their words
    in the language of `t` (a Translator; English without one)."""
    t = t or _English()
    width, height = paper_mm
    spec = SheetSpec(paper_mm=(width, height), cell_mm=10.0, duplex=duplex, back_offset_mm=back_offset_mm)  # type: ignore[arg-type]
    points = target_points(width, height)
    front: list[Item] = [*_front_text(t, paper, duplex, width), *scale_bar(width / 2 - 50, height - 22, 100.0)]
    back: list[Item] = list(_back_text(t, duplex, back_offset_mm, width))
    for label, (x, y) in zip(LABELS, points):
        front += _target(x, y, label)
        bx, by = back_point(spec, x, y)
        back += _scales(bx, by, label)
    return [
        Page(width, height, front, title=t.ui("warkit duplex calibration — front")),
        Page(width, height, back, title=t.ui("warkit duplex calibration — back")),
    ]


def _target(x: float, y: float, label: str) -> list[Item]:
    """A cross whose arms reach past the back's scales, with a ring and a centre dot."""
    return [
        Circle(x, y, 4.0, INK),
        Circle(x, y, 0.6, Style.filled("#000000")),
        Line(x - ARM_MM, y, x + ARM_MM, y, FINE),
        Line(x, y - ARM_MM, x, y + ARM_MM, FINE),
        Text(x - 6.0, y - 6.0, label, "sans-bold", 9, anchor="end"),
    ]


def _scales(x: float, y: float, label: str) -> list[Item]:
    """Behind the target at (x, y): an X scale below it and a Y scale right of it, 0.5 mm
    ticks, numbered every 2 mm; 0 lies exactly on the target's lines."""
    below, beside = y + SCALE_DISTANCE_MM, x + SCALE_DISTANCE_MM
    half = SCALE_HALF_MM
    items: list[Item] = [
        Circle(x, y, 4.0, FINE),
        Line(x - half, below, x + half, below, INK),
        Line(beside, y - half, beside, y + half, INK),
        Text(x - half - 1.0, below + 0.4, "X", "sans-bold", 7, anchor="end", baseline="middle"),
        Text(beside, y - half - 1.5, "Y", "sans-bold", 7, anchor="middle"),
        Text(x - 6.0, y - 6.0, label, "sans-bold", 9, anchor="end"),
    ]
    steps = int(half * 2)
    for i in range(-steps, steps + 1):
        offset = i * 0.5
        tick = 2.2 if i == 0 else 1.5 if i % 2 == 0 else 0.9
        items.append(Line(x + offset, below - tick, x + offset, below, FINE))  # ticks up towards the target
        items.append(Line(beside - tick, y + offset, beside, y + offset, FINE))  # ticks left, towards it
        if i % 4 == 0:
            number = f"{offset:g}".replace("-", "−")  # a true minus: as wide as the digits' gap allows
            items.append(Text(x + offset, below + 1.0, number, "condensed", 4.3, anchor="middle", baseline="hanging"))
            items.append(Text(beside + 1.2, y + offset, number, "condensed", 4.3, baseline="middle"))
    return items


EDGES = {"long": N_("the long edge"), "short": N_("the short edge")}


class _English:
    """The words as written, for callers without a Translator."""

    @staticmethod
    def ui(message: str, /, **params) -> str:
        return message % params if params else message

    @staticmethod
    def percent(value: float) -> str:
        return f"{value * 100:g}%"


def _front_text(t, paper: str, duplex: str, width: float) -> list[Item]:
    edge = t.ui(EDGES.get(duplex, EDGES["long"]))
    lines = [
        t.ui("1. Print this PDF double-sided on %(paper)s at %(scale)s (actual size, never “fit to page”), "
             "flipping on %(edge)s, on the paper you will print counters on.", paper=paper, scale=t.percent(1),
             edge=edge),
        t.ui("2. Check the 100 mm scale at the bottom with a ruler: if it is not 100 mm, printing was scaled."),
        t.ui("3. Turn the sheet over: the back tells you how to read the offset."),
    ]
    return _block(t.ui("warkit duplex calibration — front"), lines, width)


def _back_text(t, duplex: str, offset: tuple[float, float], width: float) -> list[Item]:
    dx, dy = offset
    if dx or dy:
        result = t.ui("This sheet was printed with --back-offset %(x)s,%(y)s: add your readings to it, e.g. "
                      "readings X = +0.5, Y = -1 give --back-offset %(x2)s,%(y2)s.",
                      x=f"{dx:g}", y=f"{dy:g}", x2=f"{dx + 0.5:g}", y2=f"{dy - 1:g}")
    else:
        result = t.ui("Build your counters with --back-offset X,Y, e.g. readings X = +0.5, Y = -1 give "
                      "--back-offset 0.5,-1.")
    lines = [
        t.ui("Hold the sheet against a window or a lamp with this side facing you. The crosses printed on the "
             "other side show through. At each of A-E, read X where the cross's upright line meets the X scale "
             "and Y where its level line meets the Y scale (+ is right and down on this side). Average the five "
             "readings."),
        result,
        t.ui("Keep flipping on %(edge)s. Readings of 0,0 mean the backs already line up.",
             edge=t.ui(EDGES.get(duplex, EDGES["long"]))),
    ]
    return _block(t.ui("warkit duplex calibration — back"), lines, width)


def _block(title: str, lines: list[str], width: float) -> list[Item]:
    """The title, then each line wrapped between the side margins."""
    left = 20.0
    items: list[Item] = [Text(left, 18.0, title, "sans-bold", 12)]
    y = 22.0
    for line in lines:
        laid = paragraph(left, y, width - 2 * left, line, "sans", 8.5)
        items += laid.items
        y += laid.height_mm + 1.0
    return items
