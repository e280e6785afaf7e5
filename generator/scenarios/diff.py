"""The difference between two scenarios of a game, as a scenario that `extends` the first and
says, in keys and `changes`, what makes it the second: scalar keys, text lists and markers
that differ, rule switches and parameters, the deployment, and the units added, removed and
moved. `warkit scenario diff A B` prints it; saved as a file it resolves to B's set-up,
arrivals, deployment and settings (`differences` is how that is verified)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.validation.places import in_force
from generator.errors import WarkitError
from generator.io.scenarios import ScenarioSpec, read_scenario_specs, resolve_scenario
from generator.io.specerrors import validate_yaml
from generator.io.yamlio import YamlDoc
from generator.model.clauses import CLAUSE_KINDS
from generator.model.variants import effective as settings_in_force
from generator.model.game import Game
from generator.model.scenario import Scenario
from generator.scenarios.text import delta_text
from generator.validation.report import Report

SCALARS = (("title", "title"), ("description", "description"), ("map", "map_id"), ("start_turn", "start_turn"),
           ("end_turn", "end_turn"), ("first_side", "first_side"), ("source", "source"),
           ("setup_first", "setup_first"))


@dataclass(frozen=True)
class Diff:
    data: dict  # the delta scenario, as YAML data
    text: str
    scenario: Scenario  # the delta resolved: equal to B in everything `differences` compares


def resolve_data(game: Game, game_dir: Path, data: dict, name: str) -> tuple[Scenario | None, Report]:
    """A scenario given as data, resolved as if it were a file of the game's scenario folder."""
    report = Report()
    raw = read_scenario_specs(Path(game_dir) / game.spec.scenarios, Path(game_dir), report, [])
    doc = YamlDoc(name, data)
    spec = validate_yaml(ScenarioSpec, doc, report, "scenario.schema", data)
    if spec is None:
        return None, report
    scenario_id = spec.id or name
    raw[scenario_id] = (spec, doc, Path(game_dir) / game.spec.scenarios / f"{name}.yaml")
    scenario = resolve_scenario(scenario_id, raw, Path(game_dir), report, game.spec.maps[0].id, [], game.spec,
                                game.units)
    return scenario, report


def diff(game: Game, game_dir: Path, a: Scenario, b: Scenario) -> Diff:
    base = _keys(game, a, b)
    first, report = resolve_data(game, game_dir, base, f"{b.scenario_id}-from-{a.scenario_id}")
    if first is None or report.errors:
        raise WarkitError("cannot resolve the difference: " + _said(report))
    changes = unit_changes(_state(first), _state(b))
    data = dict(base, **({"changes": changes} if changes else {}))
    resolved, report = resolve_data(game, game_dir, data, f"{b.scenario_id}-from-{a.scenario_id}")
    if resolved is None or report.errors:
        raise WarkitError("the difference does not resolve: " + _said(report))
    left = differences(game, resolved, b)
    if left:
        raise WarkitError("the difference does not give the second scenario back: " + "; ".join(left[:3]))
    return Diff(data, delta_text(data, a.scenario_id, b.scenario_id), resolved)


def _said(report: Report) -> str:
    errors = [i.format() for i in report.errors]
    return "; ".join(errors[:3]) + (f" … and {len(errors) - 3} more" if len(errors) > 3 else "")


# -- keys -------------------------------------------------------------------------------

def _overlays(scenario: Scenario) -> list:
    """A scenario's own turn-track facts as a file writes them."""
    out = []
    for change in scenario.turn_overlays:
        item: dict = {"turn": change.turn}
        if change.annotations:
            item["annotations"] = dict(change.annotations)
        if change.notes:
            item["notes"] = list(change.notes)
        out.append(item)
    return out


def _plain(scenario: Scenario, key: str) -> list:
    """A scenario's victory conditions, special rules, withdrawals or arrivals as a file writes them."""
    return [item.plain() for item in getattr(scenario, key)]


def _keys(game: Game, a: Scenario, b: Scenario) -> dict:
    out: dict = {"extends": a.scenario_id}
    for key, attribute in SCALARS:
        if getattr(a, attribute) != getattr(b, attribute):
            out[key] = getattr(b, attribute)
    for key in CLAUSE_KINDS:
        if _plain(a, key) != _plain(b, key):
            out[key] = _plain(b, key)
    if _overlays(a) != _overlays(b):
        out["turns"] = _overlays(b)
    if _markers(a) != _markers(b):
        out["markers"] = [m.as_item() for m in b.markers]
    for key, declared in (("rules", game.scenario_rules), ("parameters", game.parameters)):
        mine, theirs = effective(game, a, key), effective(game, b, key)
        named = set(mine) | set(theirs)
        ordered = [k for k in declared if k in named] + sorted(named - set(declared))
        changed = {k: (theirs[k] == "on" if key == "rules" else theirs[k]) for k in ordered
                   if mine.get(k) != theirs.get(k)}
        if changed:
            out[key] = changed
    if _deployment_spec(a) != _deployment_spec(b):
        out["deployment"] = b.deployment.spec.model_dump(exclude_defaults=True) if b.deployment else {}
    mine, theirs = _restrictions(game, a), _restrictions(game, b)
    changed = [{"id": rid, "off": True} for rid in mine if rid not in theirs]
    changed += [spec.model_dump(by_alias=True, exclude_defaults=True) for rid, spec in theirs.items()
                if mine.get(rid) != spec]
    if changed:
        out["restrictions"] = changed
    events = {k: v for k, v in b.event_turns().items() if a.event_turns().get(k) != v}
    if events:
        out["events"] = events
    return out


def _restrictions(game: Game, s: Scenario) -> dict:
    """Every restriction in force in the scenario: id -> its spec."""
    return {placed.spec.id: placed.spec for placed in in_force(game, s)}


def effective(game: Game, scenario: Scenario, key: str) -> dict[str, str]:
    """Every declared rule switch (or parameter) with its value in the scenario."""
    if key == "rules":
        return settings_in_force(game.spec.scenario_rules, scenario.rules, True)
    return settings_in_force(game.spec.parameters, scenario.parameters, False)


def _markers(s: Scenario) -> list:
    return [(m.marker_id, m.hex_id, m.area_id, m.box, m.turn, m.track, m.value, m.side) for m in s.markers]


def _deployment_spec(s: Scenario):
    if s.deployment is None or not (s.deployment.groups or s.deployment.marker_rules):
        return None
    return s.deployment.spec


# -- units ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Where:
    setup: tuple | None  # (hex, box, steps, map, army)
    arrival: tuple | None  # (turn, entry, steps, via)
    group: str | None


def _state(s: Scenario) -> dict[str, _Where]:
    setup = {}
    for p in s.setup:
        setup.setdefault(p.unit_id, (p.hex_id, p.box, p.steps, p.map_id, p.army))
    arrivals = {}
    for r in s.reinforcements:
        arrivals.setdefault(r.unit_id, (r.turn, r.entry, r.steps, r.via))
    groups = dict(s.deployment.group_of) if s.deployment else {}
    units = list(dict.fromkeys([*setup, *arrivals, *groups]))
    return {u: _Where(setup.get(u), arrivals.get(u), groups[u].group_id if u in groups else None) for u in units}


def unit_changes(before: dict[str, _Where], after: dict[str, _Where]) -> dict:
    """remove/add/move lists that turn `before` into `after` (removes run first, then adds,
    then moves; a unit that changes kind is removed and added again)."""
    remove, add, move = [], [], []
    for unit_id in list(dict.fromkeys([*before, *after])):
        old, new = before.get(unit_id), after.get(unit_id)
        if old == new:
            continue
        if new is None:
            remove.append(unit_id)
            continue
        old = old or _Where(None, None, None)
        same_kind = (old.group == new.group and (old.setup is None) == (new.setup is None)
                     and (old.arrival is None) == (new.arrival is None))
        if same_kind and not _keeps(old, new):
            move.append(_item(unit_id, new))
        elif same_kind:  # a move keeps the steps and army it does not give: take the unit out and in
            remove.append(unit_id)
            if new.group is not None:
                add.append({"unit": unit_id, "deploy": new.group})
            add.append(_item(unit_id, new))
        elif old.group == new.group and old.arrival is None and new.arrival is None and old.setup is None:
            add.append(_item(unit_id, new))  # a free unit of its group gets its hex
        else:
            if old != _Where(None, None, None):
                remove.append(unit_id)
            if new.group is not None:
                add.append({"unit": unit_id, "deploy": new.group})
            if new.setup is not None or new.arrival is not None:
                add.append(_item(unit_id, new))
    out = {}
    for key, items in (("remove", remove), ("add", add), ("move", move)):
        if items:
            out[key] = items
    return out


def _keeps(old: _Where, new: _Where) -> bool:
    """Whether a move from `old` to `new` would keep steps or an army `new` does not have (a
    moved unit keeps what the move does not give, scenario_variants)."""
    if old.setup is not None and new.setup is not None:
        return any(old.setup[n] is not None and new.setup[n] is None for n in (2, 4))  # steps, army
    if old.arrival is not None and new.arrival is not None:
        return old.arrival[2] is not None and new.arrival[2] is None
    return False


def _item(unit_id: str, where: _Where) -> dict:
    item: dict = {"unit": unit_id}
    if where.setup is not None:
        hex_id, box, steps, map_id, army = where.setup
        item.update({"hex": hex_id} if hex_id is not None else {"box": box})
        extra = {"steps": steps, "map": map_id, "army": army}
    else:
        turn, entry, steps, via = where.arrival
        item["turn"] = turn
        extra = {"entry": entry or None, "via": via, "steps": steps}
    item.update({k: v for k, v in extra.items() if v is not None})
    return item


# -- the check --------------------------------------------------------------------------

def differences(game: Game, x: Scenario, y: Scenario) -> list[str]:
    """What differs between two resolved scenarios, in words ([] when they are the same)."""
    out = []
    for key, attribute in SCALARS:
        if getattr(x, attribute) != getattr(y, attribute):
            out.append(f"{key}: {getattr(x, attribute)!r} != {getattr(y, attribute)!r}")
    for key in CLAUSE_KINDS:
        if _plain(x, key) != _plain(y, key):
            out.append(f"{key}: {_plain(x, key)!r} != {_plain(y, key)!r}")
    if _overlays(x) != _overlays(y):
        out.append("turns differ")
    if _markers(x) != _markers(y):
        out.append("markers differ")
    for key in ("rules", "parameters"):
        if effective(game, x, key) != effective(game, y, key):
            out.append(f"{key}: {effective(game, x, key)} != {effective(game, y, key)}")
    if _deployment_spec(x) != _deployment_spec(y):
        out.append("deployment differs")
    if _restrictions(game, x) != _restrictions(game, y):
        out.append("restrictions differ")
    if x.event_turns() != y.event_turns():
        out.append(f"events: {x.event_turns()} != {y.event_turns()}")
    mine, theirs = _state(x), _state(y)
    for unit_id in sorted(set(mine) | set(theirs)):
        if mine.get(unit_id) != theirs.get(unit_id):
            out.append(f"unit {unit_id}: {mine.get(unit_id)} != {theirs.get(unit_id)}")
    return out
