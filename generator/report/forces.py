"""Who is in play on each turn of a scenario, and with what: set-up, arrivals, withdrawals
and returns, unit by unit (`scenario_entries`), then summed per turn, side and front
(`force_frame`, a pandas DataFrame).

A front is where a unit sets up or enters: the map, when the scenario's set-up spreads over
several maps (GWNE's fronts), else the region of its hex or area (or the box it waits in).
A unit set up in an off-map, pool or track box (a dead pile, a force pool) is not in play;
one arriving without a place the data gives counts under no front, and so does a unit the
players deploy themselves (a free set-up) unless its group allows a single region.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.model.scenario import Scenario
from generator.model.units import Unit
from generator.report.replacements import Schedule
from generator.report.strength import strength

OUT_OF_PLAY = ("off_map", "pool", "track")  # box kinds whose units are not on the board
NO_FRONT = ""


@dataclass(frozen=True)
class Leave:
    """A unit out of play from `turn` until `returns` (for good when None)."""

    turn: int
    returns: int | None = None


def unit_withdrawals(scenario: Scenario) -> tuple[dict[str, list[Leave]], list[int]]:
    """The scenario's withdrawals on a turn by unit, and the indexes (in `scenario.withdrawals`)
    of those that name no unit (a number of a side's steps), which the forces cannot count. The
    one place the report reads withdrawals (scenario clauses, model/clauses.py: `turn`,
    `returns`, `units`, `text`); a withdrawal set off by an event rather than on a turn is
    `conditional_withdrawals`'."""
    by_unit: dict[str, list[Leave]] = {}
    unnamed: list[int] = []
    for index, item in enumerate(scenario.withdrawals):
        spec = item.spec
        if spec.turn is None:
            continue
        if not spec.units:
            unnamed.append(index)
        for unit_id in spec.units:
            by_unit.setdefault(unit_id, []).append(Leave(spec.turn, spec.returns))
    return by_unit, unnamed


def conditional_withdrawals(scenario: Scenario) -> list[int]:
    """The indexes of the withdrawals an event, a card or a marker sets off: no turn to count them on."""
    return [index for index, item in enumerate(scenario.withdrawals) if item.spec.turn is None]


@dataclass(frozen=True)
class Entry:
    """One unit in a scenario: where it starts or enters, with how many steps, and when it
    leaves."""

    unit: Unit
    side: str
    front: str  # "map:<id>", "region:<id>", "box:<id>" or NO_FRONT
    steps: int
    arrives: int  # the turn it is first in play (the scenario's first turn for the set-up)
    place: str  # the hex, area or box it sets up in or enters at ("" when not given)
    set_up: bool
    withdrawals: tuple[Leave, ...] = ()

    def in_play(self, turn: int) -> bool:
        if turn < self.arrives:
            return False
        return not any(w.turn <= turn < (w.returns if w.returns is not None else 10**9) for w in self.withdrawals)


def front_kind(game, scenario: Scenario) -> str | None:
    """'map' when the set-up stands on several maps, 'region' when the game has regions, else None."""
    maps = {p.map_id or scenario.map_id for p in scenario.setup if p.place is not None}
    if len(maps) > 1:
        return "map"
    return "region" if game.spec.regions else None


def scenario_entries(game, scenario: Scenario) -> list[Entry]:
    """Every unit the scenario sets up in play or brings in, in set-up then arrival order."""
    kind = front_kind(game, scenario)
    leaving, _ = unit_withdrawals(scenario)
    entries: list[Entry] = []
    seen: set[str] = set()
    for p in scenario.setup:
        unit = game.unit_index.get(p.unit_id)
        if unit is None or p.unit_id in seen or _out_of_play(game, p.box):
            continue
        seen.add(p.unit_id)
        front = _front(game, scenario, kind, p.map_id, p.hex_id, p.area_id, p.box)
        entries.append(Entry(unit, game.side_of(unit) or "", front, _steps(unit, p.steps), scenario.start_turn,
                             p.place or p.box or "", True, tuple(leaving.get(p.unit_id, ()))))
    for group in scenario.deployment.groups if scenario.deployment else ():
        regions = group.spec.regions or []
        front = f"region:{regions[0]}" if kind == "region" and len(regions) == 1 else NO_FRONT
        for unit_id in group.unit_ids:
            unit = game.unit_index.get(unit_id)
            if unit is not None and unit_id not in seen:
                seen.add(unit_id)
                entries.append(Entry(unit, game.side_of(unit) or "", front, unit.steps, scenario.start_turn, "", True,
                                     tuple(leaving.get(unit_id, ()))))
    for r in scenario.reinforcements:
        unit = game.unit_index.get(r.unit_id)
        if unit is None or r.unit_id in seen or _out_of_play(game, r.box):
            continue
        seen.add(r.unit_id)
        hex_id, area_id = _entry_place(game, scenario, r.entry)
        front = _front(game, scenario, kind, None, hex_id, area_id, r.box)
        entries.append(Entry(unit, game.side_of(unit) or "", front, _steps(unit, r.steps),
                             max(r.turn, scenario.start_turn), r.box or r.entry, False,
                             tuple(leaving.get(r.unit_id, ()))))
    return entries


def _steps(unit: Unit, given: int | None) -> int:
    return unit.steps if given is None else min(given, unit.steps)


def _out_of_play(game, box: str | None) -> bool:
    spec = game.boxes.get(box) if box else None
    return spec is not None and spec.kind in OUT_OF_PLAY


def _entry_place(game, scenario: Scenario, entry: str) -> tuple[str | None, str | None]:
    """An arrival's entry as a hex or an area of the scenario's map, when it names one."""
    place = game.place(scenario.map_id, entry) if entry else None
    if place is None:
        return None, None
    spec = game.maps.get(scenario.map_id)
    return (None, entry) if spec is not None and spec.is_area else (entry, None)


def _front(game, scenario, kind, map_id, hex_id, area_id, box) -> str:
    if box:
        return f"box:{box}"
    if kind is None or (hex_id is None and area_id is None):
        return NO_FRONT
    map_id = map_id or scenario.map_id
    if kind == "map":
        return f"map:{map_id}"
    place = game.place(map_id, hex_id if hex_id is not None else area_id)
    region = getattr(place, "region", "") or (game.maps[map_id].default_region if map_id in game.maps else "") or ""
    return f"region:{region}" if region else NO_FRONT


def turns_of(scenario: Scenario) -> list[int]:
    return list(range(scenario.start_turn, scenario.end_turn + 1))


COLUMNS = ("turn", "side", "front", "units", "steps", "attack", "defence")


def force_frame(game, scenario: Scenario, entries: list[Entry] | None = None):
    """A DataFrame: per turn, side and front, the units in play and their steps, attack and
    defence (at the steps they entered with)."""
    import pandas as pd

    entries = scenario_entries(game, scenario) if entries is None else entries
    rows = []
    for entry in entries:
        power = strength(entry.unit, entry.steps)
        for turn in turns_of(scenario):
            if entry.in_play(turn):
                rows.append((turn, entry.side, entry.front, 1, power.steps, power.attack, power.defence))
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.groupby(["turn", "side", "front"], as_index=False, sort=True).sum()


def side_totals(game, scenario: Scenario, forces, schedule: Schedule):
    """Per turn and side (every side, every turn, zeros where absent): units, steps, attack,
    defence, the turn's replacement steps and those received since the scenario began."""
    import pandas as pd

    sides = [s.id for s in game.spec.sides]
    index = pd.MultiIndex.from_product([turns_of(scenario), sides], names=["turn", "side"])
    totals = (forces.groupby(["turn", "side"]).sum(numeric_only=True)
              .reindex(index, fill_value=0).reset_index())
    totals["replacements"] = [schedule.of_side(game, side, turn) for turn, side in zip(totals["turn"], totals["side"])]
    totals["replacements_to_date"] = totals.groupby("side")["replacements"].cumsum()
    return totals[["turn", "side", "units", "steps", "attack", "defence", "replacements", "replacements_to_date"]]
