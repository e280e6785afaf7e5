"""Unit designations in the build's language: what is a name and what is a word.

The short text on a counter or block ("1 Rif", "Gd", "Warsaw", "IEF D") mixes numbers,
codes, acronyms, proper names and abbreviated words. Each letter run of a designation (the
`designation`, `back_designation` and `parent` columns of units.csv) is one of:

- a **code**: a single letter ("E", "R") or a run in capitals ("IEF", "SS", "VII"):
  printed as given in every language, unless it is a glossary abbreviation ("HQ" -> "CG");
- a **place**: the whole name of a hex or area of the game ("Warsaw"; or the whole
  designation, "Brest-Litovsk"): printed as the map prints that place ("Varsovia"),
  through the place's own catalog entry;
- a **proper name** listed in game.yaml's `as_given` ("Budyonny", "Stalin"): as given;
- else a **word** or an abbreviation of one ("Cav", "Gd", "Res", "Rif"): translated through
  the game's catalog, key `designation.<word>` ("Cav" -> "Cab"), once for the whole game.

Numbers, spaces and signs between the runs are kept as they are.
"""

from __future__ import annotations

import re

from generator.i18n.glossary import load_glossary

RUN = re.compile(r"[^\W\d_]+")
FIELDS = ("designation", "back_designation", "parent")


def key(word: str) -> str:
    return f"designation.{word}"


def is_word(run: str, game) -> bool:
    """True when the letter run `run` of a designation is translated (see the module doc)."""
    if run in game.spec.as_given:
        return False
    if len(run) >= 2 and any(ch.islower() for ch in run):
        return True
    return bool(load_glossary().matches(run, game.spec.source_language)) and len(run) >= 2


def words(text: str, game) -> list[str]:
    """The runs of `text` translated through `designation.<word>` (places aside)."""
    where = game.place_by_name
    if text in where:
        return []
    return [run for run in RUN.findall(text or "") if is_word(run, game) and run not in where]


def designation_strings(game):
    """(key, word, comment, unit) for every word of the units' designations, each once."""
    seen: set[str] = set()
    for unit in game.units:
        for field in FIELDS:
            for word in words(getattr(unit, field, "") or "", game):
                if word not in seen:
                    seen.add(word)
                    yield key(word), word, (f"A word (or its abbreviation) in unit designations, printed on the "
                                            f"counters: '{getattr(unit, field)}' of unit '{unit.unit_id}'; keep it "
                                            f"as short"), unit


def say(t, text: str) -> str:
    """`text`, a designation, in `t`'s language (None: as given)."""
    if t is None or not text or getattr(t, "game_model", None) is None:
        return text
    game = t.game_model
    where = game.place_by_name
    if text in where:  # the whole designation names a place: "Brest-Litovsk"
        return t.place_name(where[text])

    def one(match: re.Match) -> str:
        run = match.group(0)
        if not is_word(run, game):
            return run
        return t.place_name(where[run]) if run in where else t.game(key(run), run)

    return RUN.sub(one, text)
