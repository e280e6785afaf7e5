"""The words the charts print, in the build's language, in one place.

warkit's own words ("Die roll", "Odds", "Turn") go through `ui_text`; the game's words
(table names, notes, phases, turn labels …) through the build's Translator (`game_text`,
then its accessors: `t.of(table)`, `t.table_note(table, 0)` …, see docs/translating.md).
Numbers go through the locale (`t.number`, `t.percent`).
"""

from __future__ import annotations

import re

from generator.i18n import keys
from generator.i18n.uitext import ui_text as translated


def ui_text(context, message: str, /, **fields) -> str:
    """`message` in the build's language, with `{fields}` filled in after translation.

    `context` is the BuildContext (its translator knows the language); None means the source
    language. `warkit i18n extract --ui` finds these calls by name (see i18n/extract.py).
    """
    return translated(context.translator if context is not None else None, message, **fields)


def game_text(context):
    """The build's Translator, for the game's own strings (`t.of(phase)` …)."""
    return context.translator


def turn_word(context) -> str:
    """What the game calls a turn ("Round"), in the build's language; warkit's "Turn" else."""
    track = context.game.spec.turn_track
    if track.turn_name:
        return context.translator.game(keys.game("turn_name"), track.turn_name)
    return ui_text(context, "Turn")


def turn_span(context, start: int, end: int) -> str:
    """A scenario's turns in a heading: "Turns 1–8", or in the game's own word ("Round 5–6");
    a one-turn scenario "Turn 2"."""
    first, last = turn_name(context, start), turn_name(context, end)
    if first == last:
        return f"{turn_word(context)} {first}"
    if context.game.spec.turn_track.turn_name:
        return f"{turn_word(context)} {first}–{last}"
    return ui_text(context, "Turns {start}–{end}", start=first, end=last)


def turn_name(context, number: int) -> str:
    """How a turn is named in print: its number; a lettered turn by its letter (GWNE 5.1);
    on a track that hides its numbers, by its label ("nov-dic 1914")."""
    track = context.game.spec.turn_track
    turn = next((t for t in track.turns if t.turn == number), None)
    if turn is None:
        return str(number)
    if turn.letter:
        return turn.letter
    if not track.show_numbers:
        return context.translator.turn_label(turn) or str(number)
    return str(number)


# "rule 13.3", "rules 5.2, 7.1", "rules 13.8-13.26, 14"
_REFS = re.compile(r"\brules?\s+(\d+(?:\.\d+)*(?:\s*[-–]\s*\d+(?:\.\d+)*)?"
                   r"(?:\s*,\s*\d+(?:\.\d+)*(?:\s*[-–]\s*\d+(?:\.\d+)*)?)*)", re.IGNORECASE)
_ASIDE = re.compile(r"\(([^()]*)\)")
_SPLIT = re.compile(r"\s*,\s*")


def rule_references(text: str) -> list[str]:
    """The rule numbers and ranges `text` cites after 'rule'/'rules', in order, each once:
    'rule 13.3 (procedure …), 13.12-13.13; other cells illustrative' -> ['13.3', '13.12-13.13'].
    Asides in brackets are skipped unless they cite rules themselves."""
    text = _ASIDE.sub(lambda m: m.group(1) if _REFS.match(m.group(1).strip()) else "", text)
    refs: list[str] = []
    for match in _REFS.finditer(text):
        for ref in _SPLIT.split(match.group(1).strip()):
            ref = re.sub(r"\s+", "", ref)
            if ref not in refs:
                refs.append(ref)
    return refs
