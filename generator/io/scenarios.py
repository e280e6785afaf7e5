"""Scenario YAML files (and the setup tables they may point to) into Scenario objects."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from generator.errors import InputError
from generator.io import columns as cols
from generator.io.specerrors import validate_yaml
from generator.io.tables import read_table
from generator.io.yamlio import YamlDoc, load_yaml
from generator.model.base import Frozen, Id, split_list, whole_number
from generator.model.clauses import ArrivalSpec, Clause, RuleSpec, VictorySpec, WithdrawalSpec, clause
from generator.model.deployment import DeploymentSpec
from generator.model.restrictions import PlacedRestriction, Restriction
from generator.model.scenario import MarkerPlacement, Placement, Reinforcement, Scenario, TurnChange
from generator.model.source import Location
from generator.model.variants import ChangesSpec
from generator.validation.report import Report


class SetupItem(Frozen):
    unit: str
    hex: str | None = None
    area: str | None = None  # on an area map
    box: str | None = None
    steps: int | None = Field(default=None, ge=0)
    map: str | None = None
    army: str | None = None  # the army given to a unit that joins any army (GE 3.4)
    state: list[str] | str | None = None  # unit states, a list or ';'-separated
    notes: str | None = None

    @model_validator(mode="after")
    def _one_place(self):
        if sum(place is not None for place in (self.hex, self.area, self.box)) != 1:
            raise ValueError("give exactly one of 'hex', 'area' or 'box'")
        return self


class ReinforcementItem(Frozen):
    unit: str
    turn: int | str  # a turn number, or the letter of a lettered turn ("G")
    phase: Id | None = None  # a phase of the turn track (SotE: the operation phase it enters in)
    entry: str = ""
    via: Id | None = None  # on an area map: the area it comes from, along the link to its entry
    box: str | None = None
    steps: int | None = Field(default=None, ge=0)
    notes: str | None = None

    @model_validator(mode="after")
    def _via_an_entry(self):
        if self.via is not None and (self.box is not None or not self.entry):
            raise ValueError("'via' is the area an arrival comes from into its 'entry': give it with an entry, "
                             "not with a box")
        return self


class MarkerItem(Frozen):
    marker: str
    hex: str | None = None
    area: str | None = None
    track: Id | None = None  # a number track (initiative, VP): `value` and, on a two-sided one, `side`
    value: int | None = None
    side: Id | None = None
    box: str | None = None
    turn: int | None = None
    face: Literal["front", "back"] | None = None  # the face it shows (default: its side's, else the front)


class TurnOverlay(Frozen):
    """A scenario's own facts on one turn of the track: annotations that replace the game's of
    the same name (an empty value removes it) and notes added to the turn's."""

    turn: int | str  # a turn number, or the letter of a lettered turn
    annotations: dict[str, str] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list, max_length=20)
    source: str | None = None


class ScenarioSpec(Frozen):
    id: Id | None = None
    title: str | None = None
    description: str | None = None
    map: Id | None = None
    extends: Id | None = None
    start_turn: int | None = None
    end_turn: int | None = None
    start_phase: Id | None = None  # on a tracking sheet with phases: where in start_turn it begins
    end_phase: Id | None = None
    first_side: Id | None = None
    setup: list[SetupItem] | str | None = None
    reinforcements: list[ReinforcementItem] | str | None = None
    markers: list[MarkerItem] | None = None
    setup_from_codes: bool | None = None  # place every unit whose corner code is a hex (WEF 3.1)
    reinforcements_from_codes: bool | None = None  # units whose corner code is a turn arrive then
    special_rules: list[RuleSpec] | None = None  # each plain text, or text with what it names
    victory: list[VictorySpec] | None = None
    withdrawals: list[WithdrawalSpec] | None = None  # units or steps leaving play on a turn or an event
    arrivals: list[ArrivalSpec] | None = None  # units entering when a card, an event, a marker sets them off
    setup_first: Id | None = None  # the side that sets up first (default: the deployment's order)
    turns: list[TurnOverlay] | None = None  # what this scenario changes on the turn track
    source: str | None = None
    # free deployments and variants (generator/io/scenario_variants.py)
    deployment: DeploymentSpec | None = None
    changes: ChangesSpec | None = None
    rules: dict[Id, bool] | None = None
    parameters: dict[Id, str] | None = None
    seed: int | None = None  # the seed a generated deployment came from (its own, never inherited)
    # restrictions the scenario adds, replaces (same id) or lifts (off: true); events it dates
    restrictions: list[Restriction] | None = None
    events: dict[Id, int] | None = None

    @model_validator(mode="before")
    @classmethod
    def _plain_text(cls, data):
        """Victory conditions and special rules may be plain text (victory: one line or a list)."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for key in ("victory", "special_rules"):
            value = data.get(key)
            if isinstance(value, str):
                value = [value]
            if isinstance(value, list):
                data[key] = [{"text": item} if isinstance(item, str) else item for item in value]
        return data


def load_scenarios(folder: Path, game_dir: Path, report: Report, default_map: str, files: list[str],
                   game_spec=None, units=()) -> list[Scenario]:
    """The scenarios of `folder`; given the game's `game_spec` and `units`, each is finished: its
    set-up and arrivals from the counters' codes, its deployment groups, its changes and
    settings (scenario_variants.py)."""
    raw = read_scenario_specs(folder, game_dir, report, files)
    resolved = (resolve_scenario(sid, raw, game_dir, report, default_map, files, game_spec, units) for sid in raw)
    return [s for s in resolved if s is not None]


def read_scenario_specs(folder: Path, game_dir: Path, report: Report, files: list[str]) -> dict:
    """scenario id -> (ScenarioSpec, YamlDoc, path) for every scenario file of `folder`."""
    if not folder.is_dir():
        return {}
    raw: dict[str, tuple[ScenarioSpec, YamlDoc, Path]] = {}
    for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
        display = _display(path, game_dir)
        files.append(display)
        try:
            doc = load_yaml(path, display, inside=game_dir)
        except InputError as exc:
            report.cannot_read(exc, "load.yaml")
            continue
        spec = validate_yaml(ScenarioSpec, doc, report, "scenario.schema", doc.data if doc.data is not None else {})
        if spec is not None:
            raw[spec.id or path.stem] = (spec, doc, path)
    return raw


def resolve_scenario(scenario_id: str, raw: dict, game_dir: Path, report: Report, default_map: str,
                     files: list[str], game_spec=None, units=()) -> Scenario | None:
    """One scenario of `raw` with what it inherits (and, given the game's spec and units,
    finished: scenario_variants.finish)."""
    letters = game_spec.turn_track.letters if game_spec is not None else {}
    resolved = _resolve(scenario_id, raw, game_dir, report, default_map, files, letters)
    if resolved is None or game_spec is None:
        return resolved[0] if resolved else None
    from generator.io.scenario_variants import finish  # local: it imports this module

    return finish(*resolved, game_spec, units, report)


def _display(path: Path, game_dir: Path) -> str:
    try:
        return str(path.relative_to(game_dir.parent))
    except ValueError:
        return str(path)


def _chain(scenario_id: str, raw: dict, report: Report) -> list | None:
    """The scenario and its ancestors, nearest first; None if `extends` is broken."""
    chain, seen, current = [], set(), scenario_id
    while current is not None:
        if current in seen:
            spec, doc, _ = raw[scenario_id]
            report.error(Location(doc.file, *doc.where(("extends",))), "scenario.extends", f"'extends' loops back to {current!r}")
            return None
        if current not in raw:
            spec, doc, _ = raw[chain[-1][0]] if chain else raw[scenario_id]
            report.error(Location(doc.file, *doc.where(("extends",))), "scenario.extends",
                         f"extends unknown scenario {current!r} (known: {', '.join(sorted(raw))})")
            return None
        seen.add(current)
        chain.append((current, raw[current]))
        current = raw[current][0].extends
    return chain


def _inherited(chain: list, key: str):
    """The first value of `key` along the chain, with the document that set it."""
    for _, (spec, doc, path) in chain:
        value = getattr(spec, key)
        if value is not None:
            return value, doc, path
    return None, chain[0][1][1], chain[0][1][2]


def _resolve(scenario_id, raw, game_dir, report, default_map, files, letters) -> tuple[Scenario, list] | None:
    """The scenario with what it inherits along `extends`, and that chain (nearest first);
    `letters` (letter -> turn number, the track's lettered turns) lets a reinforcement name its
    turn by letter."""
    chain = _chain(scenario_id, raw, report)
    if chain is None:
        return None
    spec, doc, _ = raw[scenario_id]
    get = lambda key: _inherited(chain, key)[0]  # noqa: E731 - a short local accessor
    where = Location(doc.file, 1)
    start, end = get("start_turn"), get("end_turn")
    if start is None or end is None:
        report.error(where, "scenario.schema", "a scenario needs 'start_turn' and 'end_turn' (its own or inherited)")
        return None
    victory = get("victory")
    scenario = Scenario(
        scenario_id=scenario_id,
        title=get("title") or scenario_id,
        map_id=get("map") or default_map,
        start_turn=start,
        end_turn=end,
        first_side=get("first_side"),
        extends=spec.extends,
        setup=tuple(_setup(chain, game_dir, report, files)),
        reinforcements=tuple(_reinforcements(chain, game_dir, report, files, letters)),
        markers=tuple(_markers(chain)),
        special_rules=_clauses(chain, "special_rules", RuleSpec),
        victory=_clauses(chain, "victory", VictorySpec),
        withdrawals=_withdrawals(chain, report, letters),
        arrivals=_clauses(chain, "arrivals", ArrivalSpec),
        setup_first=get("setup_first"),
        turn_overlays=tuple(_overlays(chain, letters, report)),
        where=where,
        source=get("source") or "",
        description=get("description") or "",
        setup_from_codes=bool(get("setup_from_codes")),
        reinforcements_from_codes=bool(get("reinforcements_from_codes")),
        start_phase=get("start_phase"),
        end_phase=get("end_phase"),
        restrictions=tuple(_restrictions(chain)),
        events=_events(chain),
    )
    return scenario, chain


def _clauses(chain, key: str, kind: type) -> tuple[Clause, ...]:
    """A scenario's victory conditions, special rules, withdrawals or arrivals (its own or inherited),
    each with the line it was written on."""
    value, doc, _ = _inherited(chain, key)
    if value is None:
        return ()
    if isinstance(value, str):
        return (clause(kind, value, Location(doc.file, *doc.where((key,)))),)
    return tuple(clause(kind, item, Location(doc.file, *doc.where((key, n))),
                        lambda path, n=n: Location(doc.file, *doc.where((key, n, *path))))
                 for n, item in enumerate(value))


def _overlays(chain, letters, report):
    value, doc, _ = _inherited(chain, "turns")
    out = []
    for n, item in enumerate(value or ()):
        where = Location(doc.file, *doc.where(("turns", n)))
        turn = _turn_number(str(item.turn), letters, Location(doc.file, *doc.where(("turns", n, "turn"))), report)
        if turn is not None:
            out.append(TurnChange(turn, tuple(item.annotations.items()), tuple(item.notes), where))
    return out


def _restrictions(chain) -> list[PlacedRestriction]:
    """The restrictions written along the chain, the farthest scenario's first."""
    out = []
    for scenario_id, (spec, doc, _) in reversed(chain):
        for n, item in enumerate(spec.restrictions or ()):
            out.append(PlacedRestriction(item, Location(doc.file, *doc.where(("restrictions", n))), scenario_id))
    return out


def _events(chain) -> dict:
    """event id -> (turn, where) along the chain, the nearest scenario's date winning."""
    out: dict = {}
    for _, (spec, doc, _) in reversed(chain):
        for event_id, turn in (spec.events or {}).items():
            out[event_id] = (turn, Location(doc.file, *doc.where(("events", event_id))))
    return out


def _setup(chain, game_dir, report, files):
    value, doc, path = _inherited(chain, "setup")
    if value is None:
        return []
    if isinstance(value, str):
        table = _side_table(value, doc, path, game_dir, report, files, cols.SETUP, "setup")
        return [_placement_from_row(r, report) for r in table] if table else []
    return [
        Placement(i.unit, i.hex, i.box, i.steps, Location(doc.file, *doc.where(("setup", n))), i.map, i.army,
                  area_id=i.area, box_where=Location(doc.file, *doc.where(("setup", n, "box"))) if i.box else None,
                  state=_states(i.state),
                  place_where=Location(doc.file, *doc.where(("setup", n, "hex" if i.hex else "area")))
                  if i.hex or i.area else None,
                  steps_where=Location(doc.file, *doc.where(("setup", n, "steps"))) if i.steps is not None else None,
                  notes=(i.notes or "").strip())
        for n, i in enumerate(value)
    ]


def _states(value) -> tuple[str, ...]:
    """Unit states as written: a YAML list, or one cell separated by ';', ',' or spaces."""
    if value is None:
        return ()
    return tuple(value) if isinstance(value, list) else split_list(value)


def _placement_from_row(row, report) -> Placement:
    c = row.cells
    steps = whole_number(c.get("steps", ""))
    if c.get("steps") and steps is None:
        report.error(row.at("steps"), "setup.steps", f"expected a whole number of steps, found {c['steps']!r}")
    if sum(bool(c.get(key)) for key in ("hex", "area", "box")) != 1:
        report.error(row.where, "setup.place", "give exactly one of 'hex', 'area' or 'box'")
    return Placement(c["unit"], c.get("hex") or None, c.get("box") or None, steps, row.where, c.get("map") or None,
                     c.get("army") or None, area_id=c.get("area") or None, box_where=row.at("box") if c.get("box") else None,
                     state=_states(c.get("state")),
                     place_where=row.at("hex" if c.get("hex") else "area") if c.get("hex") or c.get("area") else None,
                     steps_where=row.at("steps") if "steps" in row.cells else None,
                     notes=c.get("notes", "").strip())


def _reinforcements(chain, game_dir, report, files, letters):
    value, doc, path = _inherited(chain, "reinforcements")
    if value is None:
        return []
    if isinstance(value, str):
        table = _side_table(value, doc, path, game_dir, report, files, cols.REINFORCEMENTS, "reinforcements")
        out = []
        for row in table or ():
            turn = _turn_number(row.cells["turn"], letters, row.at("turn"), report)
            if turn is None:
                continue
            steps = row.cells.get("steps", "")
            box = row.cells.get("box") or None
            via = row.cells.get("via") or None
            if via is not None and (box is not None or not row.cells.get("entry")):
                report.error(row.at("via"), "reinforcement.via",
                             "'via' is the area an arrival comes from into its 'entry': give it with an entry, "
                             "not with a box")
                via = None
            out.append(Reinforcement(row.cells["unit"], turn, row.cells.get("entry", ""),
                                     whole_number(steps), row.where,
                                     phase=row.cells.get("phase") or None, box=box,
                                     box_where=row.at("box") if box else None,
                                     via=via, via_where=row.at("via") if via else None,
                                     steps_where=row.at("steps") if "steps" in row.cells else None,
                                     notes=row.cells.get("notes", "").strip()))
        return out
    out = []
    for n, i in enumerate(value):
        where = Location(doc.file, *doc.where(("reinforcements", n)))
        turn = _turn_number(str(i.turn), letters, Location(doc.file, *doc.where(("reinforcements", n, "turn"))), report)
        if turn is not None:
            box_where = Location(doc.file, *doc.where(("reinforcements", n, "box"))) if i.box else None
            via_where = Location(doc.file, *doc.where(("reinforcements", n, "via"))) if i.via else None
            steps_where = Location(doc.file, *doc.where(("reinforcements", n, "steps"))) if i.steps is not None else None
            out.append(Reinforcement(i.unit, turn, i.entry, i.steps, where, phase=i.phase, box=i.box,
                                     box_where=box_where, via=i.via, via_where=via_where, steps_where=steps_where,
                                     notes=(i.notes or "").strip()))
    return out


def _withdrawals(chain, report, letters) -> tuple[Clause, ...]:
    """The withdrawals, their `turn` and `returns` read as turn numbers (a lettered turn by its
    letter); one whose turn is not a turn of the track is reported and left out."""
    value, doc, _ = _inherited(chain, "withdrawals")
    out = []
    for n, item in enumerate(_clauses(chain, "withdrawals", WithdrawalSpec)):
        turns = {}
        for key in ("turn", "returns"):
            given = getattr(item.spec, key)
            if given is not None:
                turns[key] = _turn_number(str(given), letters, Location(doc.file, *doc.where(("withdrawals", n, key))),
                                          report, "withdrawal.turn")
        if None not in turns.values():
            out.append(replace(item, spec=item.spec.model_copy(update=turns)))
    return tuple(out)


def _turn_number(text: str, letters: dict[str, int], where: Location, report, code: str = "reinforcement.turn") -> int | None:
    """A turn given by number, or by the letter of a lettered turn (GWNE 3.1: "G")."""
    text = text.strip()
    if whole_number(text) is not None:
        return whole_number(text)
    if text in letters:
        return letters[text]
    known = f" ({', '.join(letters)})" if letters else ""
    report.error(where, code,
                 f"expected a turn number or the letter of a lettered turn{known}, found {text!r}")
    return None


def _markers(chain):
    value, doc, _ = _inherited(chain, "markers")
    return [
        MarkerPlacement(i.marker, i.hex, i.box, i.turn, Location(doc.file, *doc.where(("markers", n))), i.area,
                        i.track, i.value, i.side, i.face)
        for n, i in enumerate(value or ())
    ]


def _side_table(name, doc, path, game_dir, report, files, columns, key):
    from generator.io.paths import resolve_inside  # local: keeps the path policy in one module

    where = Location(doc.file, *doc.where((key,)))
    # `name` is relative to the scenario file; resolve_inside wants it relative to the game.
    relative = Path(os.path.relpath(path.parent / name, game_dir))
    target = resolve_inside(game_dir, relative, report, where)
    if target is None:
        return None
    display = _display(target, game_dir)
    files.append(display)
    try:
        table = read_table(target, display)
    except InputError as exc:
        report.cannot_read(exc, "load.table")
        return None
    return table.rows if cols.check_header(table, columns, report, f"{key}.columns") else None


def expand_codes(scenario: Scenario, spec, units, skip=frozenset()) -> Scenario:
    """Add the placements and arrivals that the counters' corner codes imply: a set-up hex
    (WEF 3.1), a set-up code naming a hex or a box (GWNE 3.2), an entry turn (GE 10.2) or the
    letter of a lettered turn (GWNE 3.1); except for the units in `skip` (those a deployment
    group places freely)."""
    if not (scenario.setup_from_codes or scenario.reinforcements_from_codes):
        return scenario
    setup, arrivals = list(scenario.setup), list(scenario.reinforcements)
    listed = {p.unit_id for p in setup} | {r.unit_id for r in arrivals} | set(skip)
    sides = {n.id: n.side for n in spec.nationalities}
    letters = spec.turn_track.letters
    for unit in units:
        if unit.unit_id in listed or not unit.code:
            continue
        groups = spec.code_groups(unit.code)
        placed = _code_placement(unit, groups, spec, sides.get(unit.nationality)) if scenario.setup_from_codes else None
        if placed is not None:
            setup.append(placed)
        elif scenario.reinforcements_from_codes and (groups.get("turn") or groups.get("letter") in letters):
            turn = int(groups["turn"]) if groups.get("turn") else letters[groups["letter"]]
            arrivals.append(Reinforcement(unit.unit_id, turn, groups.get("entry") or "", None, unit.at("code")))
    return replace(scenario, setup=tuple(setup), reinforcements=tuple(arrivals))


def _code_placement(unit, groups: dict, spec, side: str | None) -> Placement | None:
    if groups.get("hex"):
        return Placement(unit.unit_id, groups["hex"], None, None, unit.at("code"))
    code = spec.setup_code(side, groups.get("setup"))
    if code is None or code.area:
        return None  # an area: the scenario lists the hexes the owner picked
    return Placement(unit.unit_id, code.hex, code.box, None, unit.at("code"), code.map if code.hex else None,
                     box_where=unit.at("code"))


