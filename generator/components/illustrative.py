"""The one mark of an invented value: where the rulebook is silent the data holds a plausible
stand-in and says so in its `source` ("illustrative", "cells illustrative except 3:1 roll
6"); every component that prints such an entry marks it with MARK and explains the mark once,
in the build's language.
"""

from __future__ import annotations

import re

from generator.components.text import ui_text

MARK = "†"
_WORD = re.compile(r"\billustrative\b", re.IGNORECASE)


def is_illustrative(source: str | None) -> bool:
    """True when an entry's `source` says its values (or some of them) are illustrative."""
    return bool(source) and bool(_WORD.search(source))


def marked(text: str, source: str | None) -> str:
    """`text` with the mark when its entry is illustrative: "Combat Results Table †"."""
    return f"{text} {MARK}" if is_illustrative(source) else text


def mark_note(context) -> str:
    """The explanation printed once on a component that marks entries."""
    return ui_text(context, "{mark} Illustrative: the rulebook does not give this value (or not all of it); "
                            "the kit holds a plausible stand-in.", mark=MARK)


def any_illustrative(entries) -> bool:
    return any(is_illustrative(getattr(entry, "source", None)) for entry in entries)


def some_note(t) -> str:
    """The note of a component whose pieces cannot each carry the mark (counters, cards,
    the map, the turn track): some of its values are illustrative. `t`: a Translator."""
    return t.ui("%(mark)s Some values here are illustrative: the rulebook does not give them; the designer notes "
                "list them.", mark=MARK)
