"""Turn windows ("5-24", "not 1", "2,6,11") said in words for the charts."""

from __future__ import annotations

from generator.components.text import ui_text
from generator.model.track import TurnWindow, parse_window


def window_in_words(context, text: str | None) -> str:
    """'5-24' -> 'turns 5–24 only'; 'not 1' -> 'not turn 1'; '' for every turn.

    A window that does not parse (the check reports it) is printed as written.
    """
    try:
        window = parse_window(text)
    except ValueError:
        return str(text)
    return describe(context, window)


def describe(context, window: TurnWindow) -> str:
    parts = []
    if window.include:
        turns = _listed(context, window.include)
        if _single(window.include):
            parts.append(ui_text(context, "turn {turns} only", turns=turns))
        else:
            parts.append(ui_text(context, "turns {turns} only", turns=turns))
    if window.exclude:
        turns = _listed(context, window.exclude)
        if _single(window.exclude):
            parts.append(ui_text(context, "not turn {turns}", turns=turns))
        else:
            parts.append(ui_text(context, "not turns {turns}", turns=turns))
    return ", ".join(parts)


def _single(ranges: tuple[tuple[int, int], ...]) -> bool:
    return len(ranges) == 1 and ranges[0][0] == ranges[0][1]


def _listed(context, ranges: tuple[tuple[int, int], ...]) -> str:
    names = [str(a) if a == b else f"{a}–{b}" for a, b in ranges]
    if len(names) == 1:
        return names[0]
    return ui_text(context, "{first} and {last}", first=", ".join(names[:-1]), last=names[-1])
