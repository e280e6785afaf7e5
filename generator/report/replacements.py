"""Replacement steps per turn and nationality, as the turn track's annotations give them.

A turn's annotation whose name begins with "Replacement" ("Replacements: G1/A1/R3",
"Replacements: F3 G3 B2") lists entries of a nationality's code and a number of steps,
separated by "/", ",", ";", "+" or spaces; "-" or an empty value means none; the annotations
the turn track names in `replacement_annotations` ("RP") are read the same way. The code is a
nationality's abbreviation or id (any case), else the start of exactly one nationality's
abbreviation or id ("A" for "A-H"); a start shared only by nationalities of one side ("B" for
British Iraq and British Palestine) counts for that side, booked to the first of them. An entry
that names no nationality, or nationalities of several sides, is reported, not guessed.

This is the one place the report reads replacements (`replacement_schedule`). Given a
scenario, the schedule is that scenario's: its turns only, without the annotations of a rule it
switches off (GE's Marne: no campaign replacements) and with its own `turns:` entries
(model/played.py), as its scenario sheet and turn track print them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.model.played import played_annotations

_NAME = re.compile(r"^replacement", re.IGNORECASE)
_SEPARATORS = re.compile(r"[/,;+\s]+")
_ENTRY = re.compile(r"^(?P<code>[^\W\d_][\w-]*?)-?(?P<steps>\d+)$")


@dataclass(frozen=True)
class Schedule:
    """turn -> nationality -> replacement steps; `unread`: (turn, entry, why, candidates) not
    understood, why being "form" (not a code and a number), "unknown" (no nationality) or
    "ambiguous" (the candidates' ids)."""

    steps: dict[int, dict[str, int]] = field(default_factory=dict)
    unread: tuple[tuple[int, str, str, tuple[str, ...]], ...] = ()

    def of_side(self, game, side: str, turn: int) -> int:
        return sum(steps for nationality, steps in self.steps.get(turn, {}).items()
                   if game.nationalities[nationality].side == side)


def replacement_schedule(game, scenario=None) -> Schedule:
    """The replacement steps of every turn of the track, or of every turn `scenario` plays."""
    steps: dict[int, dict[str, int]] = {}
    unread: list[tuple[int, str, str, tuple[str, ...]]] = []
    also = {name.strip().casefold() for name in game.spec.turn_track.replacement_annotations}
    for turn_number, annotations in played_annotations(game.spec, scenario).items():
        for name, value in annotations.items():
            if not _NAME.match(name.strip()) and name.strip().casefold() not in also:
                continue
            for entry in _SEPARATORS.split(value.strip()):
                if entry in ("", "-", "—", "–"):
                    continue
                read = _entry(game, entry)
                if read[1] is None:
                    unread.append((turn_number, entry, read[0], read[2]))
                    continue
                nationality, count = read
                into = steps.setdefault(turn_number, {})
                into[nationality] = into.get(nationality, 0) + count
    return Schedule(steps, tuple(unread))


def _entry(game, entry: str) -> tuple:
    """(nationality id, steps), or (why, None, candidates) when the entry is not read."""
    match = _ENTRY.match(entry)
    if match is None:
        return "form", None, ()
    code = match["code"].casefold()
    names = {n.id: {n.id.casefold(), (n.abbreviation or "").casefold()} - {""} for n in game.spec.nationalities}
    exact = [nid for nid, known in names.items() if code in known]
    found = exact or [nid for nid, known in names.items() if any(k.startswith(code) for k in known)]
    if len(found) == 1 or (found and len({game.nationalities[n].side for n in found}) == 1):
        return found[0], int(match["steps"])
    return ("unknown", None, ()) if not found else ("ambiguous", None, tuple(found))
