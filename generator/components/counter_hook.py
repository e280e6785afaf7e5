"""The counter of a unit (or a marker) drawn at any size: the one place charts get counters.

Charts (turn track reinforcements, setup charts) call `unit_counter` and `marker_counter`.
Every chart shows the real counters: the counter sheets' art (components/counters/chart_art.py),
loaded when a chart first draws a counter, whichever components a build runs. `use_counter_art`
puts other art in its place (and back); the placeholder (the nationality's colours, the size
mark and the designation) is such art, for whoever wants counters without the sheets' look.

An art function draws a square counter of side `size_mm` with its top-left corner at
(0, 0) and returns the items; the hook moves them into place. It is given the build's
Translator (None: the data's own words) for any text it prints (`t.marker_text(marker)`).
A unit below full strength is drawn by calling the unit art with a fifth argument, the
unit's current steps, so it can show the face for that step level; art functions that take
only four arguments are called with four when the unit is at full strength.
"""

from __future__ import annotations

from typing import Callable

from generator.layout.primitives import Group, Item, Rect, Style, Text
from generator.fonts.metrics import MM_PER_PT, fit_text_size
from generator.layout.transform import Transform
from generator.model.game import Game
from generator.model.units import Marker, Unit

UnitArt = Callable[..., tuple[Item, ...]]  # (game, unit, size_mm, translator[, steps])
MarkerArt = Callable[[Game, Marker, float, object], tuple[Item, ...]]

OUTLINE = Style(fill=None, stroke="#333333", stroke_width_mm=0.2)


def placeholder_unit(game: Game, unit: Unit, size_mm: float, t=None, steps: int | None = None) -> tuple[Item, ...]:
    """Nationality colours (with the band of a two-tone scheme), size mark, designation."""
    nationality = game.nationalities.get(unit.nationality)
    background = nationality.colours.background if nationality else "#ffffff"
    ink = nationality.colours.text if nationality else "#000000"
    items: list[Item] = [Rect(0, 0, size_mm, size_mm, Style(fill=background, stroke=None))]
    mark_ink = ink
    if nationality and nationality.colours.band:
        items.append(Rect(0, 0, size_mm, size_mm * 0.3, Style(fill=nationality.colours.band, stroke=None)))
        mark_ink = nationality.colours.band_text or ink
    size = game.sizes.get(unit.size) if unit.size else None
    mark = size.mark if size else ""
    if mark:
        mark = f"[{mark}]" if unit.ad_hoc else mark
        items.append(_fitted(mark, size_mm / 2, size_mm * 0.17, size_mm * 0.9, size_mm * 0.32, "condensed-bold", mark_ink))
    say = t.designation if t is not None else (lambda text: text)
    label = say(unit.designation) + (f"/{say(unit.parent)}" if unit.parent else "")
    items.append(_fitted(label, size_mm / 2, size_mm * 0.62, size_mm * 0.88, size_mm * 0.6, "condensed-bold", ink))
    items.append(Rect(0, 0, size_mm, size_mm, OUTLINE))
    return tuple(items)


def placeholder_marker(game: Game, marker: Marker, size_mm: float, t=None) -> tuple[Item, ...]:
    """The marker's text (in the Translator `t`'s language) on its side's or nationality's
    colour (white when it has none)."""
    background, ink = "#ffffff", "#000000"
    if marker.nationality and marker.nationality in game.nationalities:
        colours = game.nationalities[marker.nationality].colours
        background, ink = colours.background, colours.text
    elif marker.side and marker.side in game.sides and game.sides[marker.side].colour:
        background = game.sides[marker.side].colour
    return (
        Rect(0, 0, size_mm, size_mm, Style(fill=background, stroke=None)),
        *_label(t.marker_text(marker) if t is not None else marker.text or marker.name, size_mm, ink),
        Rect(0, 0, size_mm, size_mm, OUTLINE),
    )


def _label(text: str, size_mm: float, ink: str) -> tuple[Text, ...]:
    """A marker's text on one line, or on two (split at the middle space) when one line
    would come out less than half as tall."""
    one = _fitted(text, size_mm / 2, size_mm / 2, size_mm * 0.88, size_mm * 0.45, "condensed-bold", ink)
    words = text.split()
    if len(words) < 2 or one.size_pt * MM_PER_PT >= size_mm * 0.22:
        return (one,)
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    lines = (" ".join(words[:cut]), " ".join(words[cut:]))
    sizes = [_fitted(line, 0, 0, size_mm * 0.88, size_mm * 0.3, "condensed-bold", ink).size_pt for line in lines]
    size = min(sizes)
    pitch = size * MM_PER_PT * 1.15
    return tuple(Text(size_mm / 2, size_mm / 2 + (i - 0.5) * pitch, line, "condensed-bold", size, anchor="middle",
                      baseline="middle", fill=ink) for i, line in enumerate(lines))


def _fitted(text: str, x_mm: float, y_mm: float, width_mm: float, max_height_mm: float, font, ink: str) -> Text:
    largest = max_height_mm / MM_PER_PT
    size = fit_text_size(text, font, width_mm, largest, 1.5) or 1.5
    return Text(x_mm, y_mm, text, font, size, anchor="middle", baseline="middle", fill=ink)


_INSTEAD: dict[str, Callable | None] = {"unit": None, "marker": None}  # art put in the sheets' place


def counter_art(kind: str) -> Callable:
    """The art that draws a "unit" or a "marker": the counter sheets' own unless other art was
    put in its place."""
    chosen = _INSTEAD[kind]
    if chosen is not None:
        return chosen
    from generator.components.counters import chart_art

    return chart_art.unit_art if kind == "unit" else chart_art.marker_art


def use_counter_art(unit_art: UnitArt | None = None, marker_art: MarkerArt | None = None) -> tuple:
    """Draw counters with other art (None: the counter sheets' own); returns what it replaced,
    so a caller can put it back."""
    previous = (_INSTEAD["unit"], _INSTEAD["marker"])
    _INSTEAD["unit"], _INSTEAD["marker"] = unit_art, marker_art
    return previous


def unit_counter(game: Game, unit: Unit, x_mm: float, y_mm: float, size_mm: float, t=None,
                 steps: int | None = None) -> Group:
    """The counter for `unit`, `size_mm` square, its top-left corner at (x, y); `t` is the
    build's Translator (None: the data's own words); `steps` its current strength (None or
    its full steps: the full-strength face)."""
    art = counter_art("unit")
    if steps is None or steps >= unit.steps:
        items = art(game, unit, size_mm, t)
    else:
        items = art(game, unit, size_mm, t, steps)
    return Group(items, Transform.translate(x_mm, y_mm))


def marker_counter(game: Game, marker: Marker, x_mm: float, y_mm: float, size_mm: float, t=None,
                   back: bool = False) -> Group:
    """The marker, its front up (or its back: a two-sided marker showing the other side);
    marker art taking only four arguments is called with four for a front."""
    art = counter_art("marker")
    items = art(game, marker, size_mm, t, True) if back else art(game, marker, size_mm, t)
    return Group(items, Transform.translate(x_mm, y_mm))
