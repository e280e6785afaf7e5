"""A generated deployment written as an ordinary scenario file: it `extends` the scenario it
came from (so it keeps that scenario's title, rules, reinforcements and deployment, whose
constraints `warkit check` then verifies) and lists its whole set-up explicitly."""

from __future__ import annotations

from dataclasses import replace

from generator.model.scenario import MarkerPlacement, Placement, Scenario
from generator.model.source import Location
from generator.scenarios.generate import Deployed
from generator.scenarios.text import flow


def generated_id(source_id: str, seed: int, sides: list[str] | None) -> str:
    side = f"-{'-'.join(sides)}" if sides else ""
    return f"{source_id}{side}-seed-{seed}"


def _setup_line(p: Placement) -> str:
    item = {"unit": p.unit_id}
    item.update({"hex": p.hex_id} if p.hex_id is not None else {"box": p.box})
    item.update({k: v for k, v in (("steps", p.steps), ("map", p.map_id), ("army", p.army),
                                                  ("notes", p.notes or None)) if v is not None})
    return "  - " + flow(item)


def _marker_line(m: MarkerPlacement) -> str:
    return "  - " + flow(m.as_item())


class ScenarioText:
    """The file's lines, and the line each set-up entry and marker went to."""

    def __init__(self):
        self.lines: list[str] = []
        self.setup_lines: list[int] = []
        self.marker_lines: list[int] = []

    def add(self, line: str) -> int:
        self.lines.append(line)
        return len(self.lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def scenario_text(deployed: Deployed, new_id: str, command: str) -> ScenarioText:
    source = deployed.source
    out = ScenarioText()
    out.add(f"# A deployment of scenario '{source.scenario_id}' drawn at random by")
    out.add(f"#   {command}")
    out.add("# Every unit stands where the scenario's deployment allows (`warkit check` verifies it);")
    out.add("# the same seed gives the same file. Edit it like any scenario.")
    out.add(f"id: {new_id}")
    out.add(f"extends: {source.scenario_id}")
    out.add(f"seed: {deployed.seed}")
    out.add("setup_from_codes: false")
    out.add("setup:")
    if deployed.fixed:
        out.add("  # already in place")
        for placement in deployed.fixed:
            out.setup_lines.append(out.add(_setup_line(placement)))
    current = None
    for group_id, placement in deployed.placed:
        if group_id != current:
            out.add(f"  # deployment group {group_id}")
            current = group_id
        out.setup_lines.append(out.add(_setup_line(placement)))
    if deployed.markers_placed:
        out.add("markers:")
        for marker in deployed.markers:
            out.marker_lines.append(out.add(_marker_line(marker)))
    return out


def as_scenario(deployed: Deployed, new_id: str, written: ScenarioText, file: str) -> Scenario:
    """The scenario the loader reads from the written file (without reading it)."""
    placements = deployed.fixed + [p for _, p in deployed.placed]
    setup = tuple(Placement(p.unit_id, p.hex_id, p.box, p.steps, Location(file, line, 5), p.map_id, p.army,
                            area_id=p.area_id, notes=p.notes)
                  for p, line in zip(placements, written.setup_lines))
    markers = deployed.source.markers
    if deployed.markers_placed:
        markers = tuple(replace(m, where=Location(file, line, 5)) for m, line in zip(deployed.markers,
                                                                                   written.marker_lines))
    return replace(deployed.source, scenario_id=new_id, extends=deployed.source.scenario_id, setup=setup,
                   markers=markers, seed=deployed.seed, setup_from_codes=False, where=Location(file, 1))
