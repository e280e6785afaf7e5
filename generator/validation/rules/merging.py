"""One issue per root cause: a placement several scenarios share (an inherited set-up, one
set-up table) breaks a rule once, and the message names every scenario it breaks it in.

A check wrapped in `merged` yields (where, code, text, scenario id) with `SCENARIOS` standing in
the text for the scenarios, or ready Issues, which pass through."""

from __future__ import annotations

from functools import wraps

from generator.validation.report import Issue

SCENARIOS = "{scenarios}"


def once(found):
    merged: dict[tuple, list[str]] = {}
    for item in found:
        if isinstance(item, Issue):
            yield item
            continue
        where, code, text, scenario_id = item
        scenarios = merged.setdefault((where, code, text), [])
        if scenario_id not in scenarios:
            scenarios.append(scenario_id)
    for (where, code, text), scenarios in merged.items():
        names = ", ".join(repr(s) for s in scenarios)
        yield Issue(where, code, text.replace(SCENARIOS, f"scenario{'s' if len(scenarios) > 1 else ''} {names}"))


def merged(check):
    @wraps(check)
    def run(ctx):
        return once(check(ctx))
    return run
