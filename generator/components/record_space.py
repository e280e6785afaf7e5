"""A record track's space, sized once for every sheet that prints one: the turn-track sheet's
record tracks (`phase_track.number_track_blocks`) and the map panel's track boxes
(`mapparts.panel.track_spaces`). A space holds a counter at its true size, so a marker put on
a track printed on the map sits in its space as well as on the turn-track sheet.
"""

from __future__ import annotations

import math

MIN_SPACE_MM = 12.0  # a record track's space, at least (room for its number beside small counters)


def space_fit(count: int, width_mm: float, counter_mm: float) -> tuple[float, int]:
    """A record track's space (square) and how many a row of `width_mm` holds: a counter and
    1 mm round it, or, where that saves a row (21 spaces in rows of 10 leave one alone on a
    third row), as little as a counter and 0.5 mm round it, the rows then filled evenly. Never
    narrower than a counter at its true size, so every marker fits its space."""
    space = max(MIN_SPACE_MM, counter_mm + 2.0)
    per_row = max(1, int(width_mm // space))
    least = max(MIN_SPACE_MM, counter_mm + 1.0)
    most = max(1, int(width_mm // least))
    rows = math.ceil(count / most)
    if rows < math.ceil(count / per_row):
        per_row = math.ceil(count / rows)
        space = min(space, width_mm / per_row)
    return space, per_row


def space_rows(count: int, width_mm: float, counter_mm: float) -> int:
    """How many rows `count` spaces take in `width_mm` (space_fit's rows)."""
    return math.ceil(count / space_fit(count, width_mm, counter_mm)[1])
