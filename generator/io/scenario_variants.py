"""Finishing a scenario once the units are known: its deployment groups, the set-up and
arrivals the counters' codes imply, the changes it and its ancestors make (units added,
removed, moved), and its rule switches and parameters.

Each of the parts a change touches — the set-up, the reinforcements, the deployment groups —
starts at the nearest scenario of the `extends` chain that gives it (`setup` or
`setup_from_codes`; `reinforcements` or `reinforcements_from_codes`; `deployment`). The changes
of that scenario and of every scenario nearer the one being resolved apply to it, farthest
first; changes written above it were for a part this chain has since replaced. Problems with
a scenario's own changes are reported when that scenario is resolved, at the change's line.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace

from generator.io.scenarios import expand_codes
from generator.model.deployment import Deployment, Group, Member, PlacedRule
from generator.model.scenario import Placement, Reinforcement, Scenario
from generator.model.source import Location
from generator.model.variants import ChangeItem, Setting
from generator.validation.report import Report

PARTS = ("setup", "reinforcements", "groups")
_DEFINED_BY = {
    "setup": ("setup", "setup_from_codes"),
    "reinforcements": ("reinforcements", "reinforcements_from_codes"),
    "groups": ("deployment",),
}


def finish(scenario: Scenario, chain: list, spec, units, report: Report) -> Scenario:
    """`scenario` with codes expanded, groups resolved, changes applied and settings merged;
    `chain` is [(scenario id, (ScenarioSpec, YamlDoc, path))], nearest first."""
    start = {part: _nearest(chain, keys) for part, keys in _DEFINED_BY.items()}
    changes = _changes(chain)
    deployment = _deployment(chain, start["groups"], spec, units)
    skip = frozenset(deployment.group_of) if deployment else frozenset()  # free units: not by their codes
    scenario = expand_codes(scenario, spec, units, skip)
    state = _State(list(scenario.setup), list(scenario.reinforcements), _members(deployment))
    for change in changes:
        state.apply(change, {part: _in_scope(change, start[part]) for part in PARTS}, report, chain)
    if deployment is not None:
        groups = tuple(replace(g, members=tuple(state.groups[g.group_id].values())) for g in deployment.groups)
        deployment = replace(deployment, groups=groups)
    own = chain[0][1][0]
    return replace(scenario, setup=tuple(state.setup), reinforcements=tuple(state.arrivals), deployment=deployment,
                   rules=_settings(chain, "rules"), parameters=_settings(chain, "parameters"), seed=own.seed)


def code_kind(code: str, spec) -> str | None:
    """The kind of the first counter_codes form that the whole corner code matches."""
    return spec.code_kind(code)


# -- the chain --------------------------------------------------------------------------

def _nearest(chain: list, keys: tuple[str, ...]) -> int | None:
    """Index in the chain (0: the scenario itself) of the nearest scenario giving any of `keys`."""
    for index, (_, (spec, _, _)) in enumerate(chain):
        if any(getattr(spec, key) is not None for key in keys):
            return index
    return None


@dataclass(frozen=True)
class _Change:
    level: int  # index in the chain of the scenario that wrote it
    op: str  # remove, add, move
    unit: str
    item: ChangeItem | None  # the new place (add, move)
    where: Location


def _in_scope(change: _Change, start: int | None) -> bool:
    return start is None or change.level <= start


def _changes(chain: list) -> list[_Change]:
    """Every change along the chain, farthest scenario first; within one, remove, add, move."""
    out = []
    for level in reversed(range(len(chain))):
        spec, doc, _ = chain[level][1]
        if spec.changes is None:
            continue
        at = lambda *path: Location(doc.file, *doc.where(("changes", *path)))  # noqa: E731
        out += [_Change(level, "remove", u, None, at("remove", n)) for n, u in enumerate(spec.changes.remove)]
        out += [_Change(level, "add", i.unit, i, at("add", n)) for n, i in enumerate(spec.changes.add)]
        out += [_Change(level, "move", i.unit, i, at("move", n)) for n, i in enumerate(spec.changes.move)]
    return out


def _settings(chain: list, key: str) -> tuple[Setting, ...]:
    """Rule switches or parameters along the chain, the nearest scenario's value winning."""
    found: dict[str, Setting] = {}
    for level in reversed(range(len(chain))):
        spec, doc, _ = chain[level][1]
        for name, value in (getattr(spec, key) or {}).items():
            text = ("on" if value else "off") if isinstance(value, bool) else str(value)
            found[name] = Setting(name, text, Location(doc.file, *doc.where((key, name))))
    return tuple(found.values())


# -- deployment groups ------------------------------------------------------------------

def _deployment(chain: list, level: int | None, spec, units) -> Deployment | None:
    if level is None:
        return None
    scenario_spec, doc, _ = chain[level][1]
    plan = scenario_spec.deployment
    at = lambda *path: Location(doc.file, *doc.where(("deployment", *path)))  # noqa: E731
    taken: set[str] = set()
    groups = []
    side_of = {n.id: n.side for n in spec.nationalities}
    for n, group in enumerate(plan.groups):
        members: dict[str, Member] = {}
        if group.units is not None:
            for unit in units:
                if unit.unit_id not in taken and group.units.matches(unit, code_kind(unit.code, spec),
                                                                             side_of.get(unit.nationality)):
                    members.setdefault(unit.unit_id, Member(unit.unit_id, at("groups", n, "units")))
        for i, unit_id in enumerate(group.extra):
            members.setdefault(unit_id, Member(unit_id, at("groups", n, "extra", i)))
        taken |= set(members)
        groups.append(Group(group, tuple(members.values()), at("groups", n)))
    rules = tuple(PlacedRule(rule, at("markers", n)) for n, rule in enumerate(plan.markers))
    return Deployment(plan, tuple(groups), rules, at(), chain[level][0])


def _members(deployment: Deployment | None) -> dict[str, dict[str, Member]]:
    if deployment is None:
        return {}
    return {g.group_id: {m.unit_id: m for m in g.members} for g in deployment.groups}


# -- applying changes -------------------------------------------------------------------

@dataclass
class _State:
    setup: list[Placement]
    arrivals: list[Reinforcement]
    groups: dict[str, dict[str, Member]] = field(default_factory=dict)

    def apply(self, change: _Change, scope: dict[str, bool], report: Report, chain: list) -> None:
        own = change.level == 0  # report only the changes of the scenario being resolved
        unit_id = change.unit
        if change.op == "add":
            self._add(change, scope, report if own else None)
            return
        before = self._placed(unit_id, scope)
        found = self._take(unit_id, scope)
        if found or not own:  # an ancestor's unit may have stood in a part this scenario replaced
            if change.op == "move":
                self._put(change, scope, report if own else None, before)
            return
        if own:
            parent = chain[1][0] if len(chain) > 1 else chain[0][0]
            verb = "remove" if change.op == "remove" else "move (use 'add')"
            report.error(change.where, "scenario.changes",
                         f"unit {unit_id!r} is not set up, arriving or deploying in scenario {parent!r}: "
                         f"nothing to {verb}")

    def _add(self, change: _Change, scope: dict[str, bool], report: Report | None) -> None:
        item = change.item
        part = {"setup": "setup", "reinforcement": "reinforcements", "deploy": "groups"}[item.kind]
        if not scope[part]:
            return
        # a unit may both deploy with a group and have its set-up hex (where it deployed)
        looked = {"setup": ("setup", "reinforcements"), "reinforcement": PARTS,
                  "deploy": ("reinforcements", "groups")}[item.kind]
        present = self._where_is(item.unit, {p: scope[p] and p in looked for p in PARTS})
        if present:
            if report is not None:
                report.error(change.where, "scenario.changes",
                             f"unit {item.unit!r} is already in the scenario ({present}); "
                             f"'remove' it first or 'move' it")
            return
        self._put(change, scope, report)

    def _put(self, change: _Change, scope: dict[str, bool], report: Report | None, before=None) -> None:
        """Place the unit as the change says; a moved unit keeps the steps (and, set up again,
        the army and states) it had where the change does not give them."""
        item = change.item
        steps = item.steps if item.steps is not None else getattr(before, "steps", None)
        if item.kind == "setup" and scope["setup"]:
            kept = before if isinstance(before, Placement) else None
            self.setup.append(Placement(item.unit, item.hex, item.box, steps, change.where, item.map,
                                        item.army or (kept.army if kept else None), area_id=item.area,
                                        state=kept.state if kept else (), notes=(item.notes or "").strip()))
        elif item.kind == "reinforcement" and scope["reinforcements"]:
            self.arrivals.append(Reinforcement(item.unit, item.turn, item.entry or "", steps, change.where,
                                               via=item.via, via_where=change.where if item.via else None,
                                               notes=(item.notes or "").strip()))
        elif item.kind == "deploy" and scope["groups"]:
            if item.deploy not in self.groups:
                if report is not None:
                    report.error(change.where, "scenario.changes", _no_group(item.deploy, self.groups))
                return
            self.groups[item.deploy][item.unit] = Member(item.unit, change.where)

    def _placed(self, unit_id: str, scope: dict[str, bool]) -> Placement | Reinforcement | None:
        """Where the unit is set up, or else arrives, before a change moves it."""
        if scope["setup"]:
            found = next((p for p in self.setup if p.unit_id == unit_id), None)
            if found is not None:
                return found
        if scope["reinforcements"]:
            return next((r for r in self.arrivals if r.unit_id == unit_id), None)
        return None

    def _take(self, unit_id: str, scope: dict[str, bool]) -> bool:
        """Remove the unit from every part in scope; whether it was anywhere."""
        found = False
        if scope["setup"] and any(p.unit_id == unit_id for p in self.setup):
            self.setup = [p for p in self.setup if p.unit_id != unit_id]
            found = True
        if scope["reinforcements"] and any(r.unit_id == unit_id for r in self.arrivals):
            self.arrivals = [r for r in self.arrivals if r.unit_id != unit_id]
            found = True
        for members in self.groups.values() if scope["groups"] else ():
            found = members.pop(unit_id, None) is not None or found
        return found

    def _where_is(self, unit_id: str, scope: dict[str, bool]) -> str:
        if scope["setup"]:
            for p in self.setup:
                if p.unit_id == unit_id:
                    return f"set up in {p.place or p.box}"
        if scope["reinforcements"]:
            for r in self.arrivals:
                if r.unit_id == unit_id:
                    return f"arriving on turn {r.turn}"
        for group_id, members in self.groups.items() if scope["groups"] else ():
            if unit_id in members:
                return f"deploying with group {group_id!r}"
        return ""


def _no_group(group_id: str, groups) -> str:
    known = sorted(groups)
    hint = difflib.get_close_matches(group_id, known, n=1)
    text = f"unknown deployment group {group_id!r}"
    text += f"; did you mean {hint[0]!r}?" if hint else ""
    return text + f" (known: {', '.join(known) or 'none: the scenario has no deployment'})"
