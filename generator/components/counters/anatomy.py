"""Where everything sits on a counter face, as shares of the counter size.

Anatomy of a square unit face (WEF/GE 2.4): corner code upper left, echelon above the
symbol, designation left of the symbol with the starting army below it (GE 3.4), parent
formation right of it, factors along the bottom (movement last, lower right, 12.1) with
the '*' beside them (WEF 10.10). A designation too long to read left of the symbol goes
under it instead ("below" layout). Because every position and text size is a share of the
counter size, a 1/2" and a 1" sheet look alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import caches
from generator.components.counters.plan import FaceArt
from generator.layout.colours import contrast, readable_on
from generator.layout.symbols import FRAME_RATIO, frame_box
from generator.layout.text_fit import cap_mm, fit_lines, splits, words

PAD = 0.055  # inner margin
ROUND_FRAME_WIDTH = 0.42
BAND_BOTTOM = 0.27
FACTOR_BASELINE = 0.925
FACTOR_SHARE = 0.6  # factor text size, as points per mm of counter size
MARKER_ART_BOTTOM = 0.58  # a marker with a picture in its symbol slot prints its words below this
SIDE_MIN_SHARE = 0.3  # a side designation smaller than this goes below the symbol


@dataclass(frozen=True)
class Frame:
    """Where the symbol frame sits on a square face."""

    cx: float
    cy: float
    width: float

    def box(self, size_mm: float) -> tuple[float, float, float, float]:
        return frame_box(self.cx * size_mm, self.cy * size_mm, self.width * size_mm)


FRAMES = {"side": Frame(0.59, 0.445, 0.44), "below": Frame(0.5, 0.39, 0.40)}


def pt(share: float, size_mm: float) -> float:
    """A text size in points given as a share of the counter size."""
    return share * size_mm


def layout_of(face: FaceArt) -> str:
    """'side' when the designation reads well left of the symbol, else 'below'. Sizes are
    shares of the counter size, so the choice is the same at every counter size."""
    if face.kind != "unit" or face.shape != "square" or not face.designation:
        return "side"
    return _layout_for(face.designation)


@caches.memoised  # measured with the faces in force: the build's
def _layout_for(designation: str) -> str:
    found = side_lines(designation, 100.0)  # any size: the choice scales away
    return "side" if found is not None and found[1] >= pt(SIDE_MIN_SHARE, 100.0) else "below"


def side_box(s: float) -> tuple[float, float, float, float]:
    """The room left of the symbol for the designation: centre x, centre y, width, height."""
    left, top, _, bottom = FRAMES["side"].box(s)
    width = left - 0.04 * s - PAD * s
    return PAD * s + width / 2, (top + bottom) / 2, width, bottom - top + 0.06 * s


@caches.memoised  # a designation's lines, measured once a build (counters repeat designations)
def side_lines(text: str, s: float) -> tuple[tuple[str, ...], float] | None:
    """The designation on one line if it fits large enough, else the better of one line
    and two; None when it cannot fit the side at a readable size."""
    _, _, width, height = side_box(s)

    def fit(lines: tuple[str, ...]) -> float | None:
        return fit_lines(lines, "condensed-bold", width, height, pt(0.48, s), pt(0.22, s), 1.45)

    size = fit((text,))
    best = ((text,), size) if size is not None else None
    parts = words(text)
    if len(parts) > 1 and (best is None or best[1] < pt(0.36, s)):
        for lines in splits(parts, 2):
            two = fit(lines)
            if two is not None and (best is None or two > best[1]):
                best = (lines, two)
    return best


def code_ring(face: FaceArt, s: float) -> tuple[float, float, float]:
    """Centre and radius of the ring round a circled set-up code (GWNE 3.1), upper left
    (right of the dot when the face has one)."""
    left = PAD * s + (0.2 * s if face.dot else 0.0)
    room = FRAMES[layout_of(face)].cx * s - 0.12 * s - left
    r = min(0.12 * s, room / 2)
    return left + r, PAD * s + r, r


def band_box(face: FaceArt, s: float, b: float) -> tuple[float, float, float, float]:
    """Where the band is drawn (x, y, width, height), running `b` past the cut: across the
    top, behind the factors, or down the left side beside the symbol (above the factors)."""
    where = face.colours.band_at
    factor_top = FACTOR_BASELINE * s - cap_mm(pt(FACTOR_SHARE, s)) - 0.05 * s
    if where == "bottom":
        return -b, factor_top, s + 2 * b, s - factor_top + b
    if where == "left":
        right = FRAMES[layout_of(face)].box(s)[0] - 0.02 * s if face.kind == "unit" else 0.3 * s
        return -b, -b, right + b, factor_top + b
    return -b, -b, s + 2 * b, band_bottom(face) * s + b


def ink(face: FaceArt, place: str) -> str:
    """The colour of text at `place` - corner (code, dot), top (echelon, icon), side
    (designation, army) or factors - the band's text colour where the band lies under it."""
    c = face.colours
    covered = {"top": ("corner", "top"), "left": ("corner", "side"), "bottom": ("factors",)}
    if not c.band or place not in covered[c.band_at]:
        return c.text
    if c.band_text:
        return c.band_text
    return c.text if contrast(c.text, c.band) >= 3 else readable_on(c.band)


def band_bottom(face: FaceArt) -> float:
    """The two-tone band ends just above the symbol frame."""
    if face.kind != "unit" or face.shape != "square":
        return BAND_BOTTOM
    frame = FRAMES[layout_of(face)]
    return min(BAND_BOTTOM + 0.02, frame.cy - frame.width / FRAME_RATIO / 2 - 0.012)


def top_text_colour(face: FaceArt) -> str:
    """Text in the top row sits on a top band."""
    return ink(face, "top")


def art_slot(face: FaceArt, slot: str, s: float) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) of a picture slot on a face of side `s`: `symbol`
    is the symbol's frame (a marker's upper part), `portrait` the middle of the face between
    the corner row and the factors, `full` the whole face."""
    if slot == "full":
        return 0.0, 0.0, s, s
    if face.kind == "marker":
        return 0.2 * s, 0.08 * s, 0.8 * s, MARKER_ART_BOTTOM * s
    if face.shape == "round":  # the symbol's frame, or a square between the name and the factors
        return frame_box(0.5 * s, 0.5 * s, ROUND_FRAME_WIDTH * s) if slot == "symbol" else \
            (0.3 * s, 0.26 * s, 0.7 * s, 0.66 * s)
    frame = FRAMES[layout_of(face)]
    if slot == "symbol":
        return frame.box(s)
    top, bottom = 0.17 * s, FACTOR_BASELINE * s - cap_mm(pt(FACTOR_SHARE, s)) - 0.06 * s
    half = (bottom - top) / 2
    cx = min(max(frame.cx * s, PAD * s + half), s - PAD * s - half)
    return cx - half, top, cx + half, bottom

