"""units.*: faces agree with the step system; corner codes follow the game's grammar."""

from __future__ import annotations

from generator.i18n.citations import cited
from generator.model.rules import BLOCK_EDGES
from generator.model.units import Unit
from generator.io.inputs import SCENARIOS, UNITS
from generator.validation.registry import Context, rule
from generator.validation.report import Issue, Severity
from generator.validation.rules.hexes import locate_hex


@rule("units.faces", "printed faces agree with the unit's step system", reads=(UNITS,))
def faces(ctx: Context):
    g = ctx.game
    for unit in g.units:
        system = g.step_systems.get(unit.step_system)
        unit_type = g.unit_types.get(unit.type_id)
        if system is None or unit_type is None:
            continue  # reported as an unknown reference
        if not unit_type.steps:
            if unit.steps:
                yield Issue(unit.at("steps"), "units.steps",
                            f"unit type {unit_type.id!r} has no steps, but the unit lists {unit.steps}")
        else:
            yield from _face_count(unit, system, unit_type)
            yield from _step_range(unit, unit_type)
        if not unit.back_type:  # a back of another type (an upgrade, BitE 1.5d) may move farther
            yield from _reduced_not_stronger(unit)  # a spent HQ's back too (GWNE 2.12)


@rule("units.marks", "every mark printed on a face says what it means", reads=(UNITS,))
def face_marks(ctx: Context):
    """A mark a face prints ('*', '•') that `face_marks` does not explain is printed on the
    counters and explained on no page: a warning at the first unit that prints it."""
    g = ctx.game
    declared = {m.mark for m in g.spec.face_marks}
    seen: set[str] = set()
    for unit in g.units:
        for mark in sorted({m for face in unit.faces for m in face.marks} - declared - seen):
            seen.add(mark)
            yield Issue(unit.at("factors"), "units.marks",
                        f"faces print the mark {mark!r} (first on unit {unit.unit_id!r}) but game.yaml's 'face_marks' "
                        "does not say what it means; players find it explained nowhere", Severity.WARNING)
    first: dict[str, int] = {}
    for n, item in enumerate(g.spec.face_marks):
        if item.mark in first:
            yield Issue(g.spec_where("face_marks", n, "mark"), "ids.duplicate",
                        f"face mark {item.mark!r} is declared twice (first at face_marks[{first[item.mark]}])")
        first.setdefault(item.mark, n)


# kind -> (steps, the steps in words, message when the back is missing; None: no back allowed)
_FIXED_STEPS = {
    "single": (1, "one step", None),
    "flip": (2, "two steps", "a two-step unit needs back (reduced) values, e.g. '6-7-4|3-4-3'"),
    "reformed": (1, "one step", "a unit with a reformed back needs back values, e.g. '6-7-4|3-4-3'"),
}


def _face_count(unit: Unit, system, unit_type=None):
    printed = [f for f in unit.faces if not f.blank]
    if system.kind == "two_counter":
        yield from _two_counter_count(unit, system, len(printed))
        return
    if system.kind == "block":
        yield from _block_strength(unit, unit_type, len(printed))
        return
    steps, in_words, needs_back = _FIXED_STEPS[system.kind]
    if unit.steps != steps:
        yield Issue(unit.at("steps"), "units.steps", f"step system {system.id!r} has {in_words}; the unit lists {unit.steps}")
    elif needs_back and len(printed) < 2:
        yield Issue(unit.at("factors"), "units.faces", needs_back)
    elif needs_back is None and len(printed) > 1:
        yield Issue(unit.at("factors"), "units.faces",
                    f"a one-step unit prints factors on its front only; found {len(printed)} faces "
                    "(use a flip or reformed step system for a printed back)")


def _step_range(unit: Unit, unit_type):
    if unit_type.step_range is None:
        return
    low, high = unit_type.step_range
    if not low <= unit.steps <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        yield Issue(unit.at("steps"), "units.steps",
                    f"unit {unit.unit_id!r} has {unit.steps} steps; a {unit_type.name} has {span}"
                    + (f" ({cited(unit_type.source)})" if unit_type.source else ""))


def _block_strength(unit: Unit, unit_type, printed: int):
    """A block's maximum strength is printed on its edges, one SP value per edge, and a type's
    `turned_label` takes the edge after the strength (SotE: a leader's spent ability)."""
    edges = BLOCK_EDGES - (1 if unit_type is not None and unit_type.turned_label else 0)
    if not 1 <= unit.steps <= edges:
        why = "its 4 edges" if edges == BLOCK_EDGES else f"{edges} edges (the 4th shows {unit_type.turned_label!r})"
        yield Issue(unit.at("steps"), "units.steps",
                    f"block {unit.unit_id!r} has a maximum of {unit.steps} SP; a block label shows its strength on "
                    f"{why}, so 1 to {edges} SP")
    elif printed > 1:
        yield Issue(unit.at("factors"), "units.faces",
                    f"a block prints one label (its strength turns with the block); found {printed} faces")


def _two_counter_count(unit: Unit, system, printed: int):
    if unit.steps not in system.levels:
        allowed = ", ".join(str(n) for n in sorted(system.levels))
        yield Issue(unit.at("steps"), "units.steps",
                    f"step system {system.id!r} maps {allowed} steps; the unit lists {unit.steps}")
    elif printed != unit.steps:
        yield Issue(unit.at("factors"), "units.faces",
                    f"a {unit.steps}-step unit needs {unit.steps} faces from full strength down, found {printed}")


def _reduced_not_stronger(unit: Unit):
    """Each face after the first is a weaker state, reduced or spent: no factor may rise (GE
    2.11, WEF 2.11, GWNE 2.12)."""
    printed = [f for f in unit.faces if not f.blank]
    for number, (stronger, weaker) in enumerate(zip(printed, printed[1:]), start=2):
        for name, value in weaker.values.items():
            if name in stronger.values and value > stronger.values[name]:
                yield Issue(unit.at("factors"), "units.faces",
                            f"face {number} {weaker.text!r} has {name} {value}, above the "
                            f"{stronger.values[name]} of the stronger face {stronger.text!r}")
                break


@rule("units.code", "corner codes follow the game's code grammar", reads=(SCENARIOS, UNITS))
def corner_codes(ctx: Context):
    g = ctx.game
    forms = g.spec.counter_codes
    if not forms:
        return
    turns = set(g.turn_numbers)
    # Units a scenario places or brings in have their hex and turn checked there, once.
    placed = {p.unit_id for s in g.scenarios for p in s.setup}
    arriving = {r.unit_id for s in g.scenarios for r in s.reinforcements}
    for unit in g.units:
        if not unit.code:
            continue
        match = next((m for m in (f.regex.fullmatch(unit.code) for f in forms) if m), None)
        if match is None:
            shown = ", ".join(repr(f.name or f.pattern) for f in forms)
            yield Issue(unit.at("code"), "units.code", f"corner code {unit.code!r} matches none of the game's forms ({shown})")
            continue
        groups = {k: v for k, v in match.groupdict().items() if v}
        if "hex" in groups and unit.unit_id not in placed:
            found = [locate_hex(ctx, m.id, groups["hex"], unit.at("code"), "hex.map", "corner-code hex")
                     for m in g.spec.maps if not m.is_area]
            if found and all(isinstance(f, Issue) for f in found):
                yield found[0]
        if "turn" in groups and unit.unit_id not in arriving and int(groups["turn"]) not in turns:
            yield Issue(unit.at("code"), "units.code",
                        f"corner code {unit.code!r} names turn {groups['turn']}, which is not on the turn track "
                        f"({min(turns)}-{max(turns)})")
        yield from _letter_and_setup(g, unit, groups)


def _letter_and_setup(g, unit: Unit, groups: dict):
    """GWNE 3.1: an entry letter must be a lettered turn of the track; a set-up code must be
    one the unit's side declares."""
    letters = g.spec.turn_track.letters
    if "letter" in groups and groups["letter"] not in letters:
        known = ", ".join(letters) or "none"
        yield Issue(unit.at("code"), "units.code",
                    f"corner code {unit.code!r} names entry letter {groups['letter']!r}, which is not a lettered turn "
                    f"of the track (letters: {known})")
    if "setup" in groups:
        side = g.side_of(unit)
        if g.spec.setup_code(side, groups["setup"]) is None:
            known = ", ".join(sorted({c.code for c in g.spec.setup_codes if c.side in (side, None)})) or "none"
            yield Issue(unit.at("code"), "units.code",
                        f"corner code {unit.code!r} names set-up code {groups['setup']!r}, which side {side!r} "
                        f"does not declare in setup_codes (known: {known})")


@rule("units.copies", "markers and units have a sensible count", reads=(UNITS,))
def copies(ctx: Context):
    for unit in ctx.game.units:
        if unit.copies > 50:
            yield Issue(unit.at("copies"), "units.copies", f"{unit.copies} copies of one unit; expected at most 50")
