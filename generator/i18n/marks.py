"""Marking warkit's printed strings in Python code for extraction into warkit.pot.

    from generator.i18n.marks import N_
    HEADING = N_("Terrain Effects Chart")   # marked here …
    t.ui(HEADING)                            # … translated where printed

Calls `t.ui("…")` and `t.ngettext("…", "…", n)` are extracted directly; N_ is for strings
defined away from the translator. There is no global `_()` in Python code: a build prints
several languages, so the language always comes from the Translator at hand.
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark `msgid` for extraction; returns it unchanged."""
    return msgid
