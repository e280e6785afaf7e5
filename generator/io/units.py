"""Rows of units.csv and markers.csv into model objects, reporting each bad cell."""

from __future__ import annotations

import re

from generator.io.tables import Row, Table
from generator.errors import shown
from generator.model.base import ID_PATTERN, MAX_WHOLE, split_list, whole_number
from generator.model.game import GameSpec
from generator.model.rules import FactorLayout
from generator.model.units import FACE_MARKS, Face, Marker, Unit
from generator.validation.report import Report

_ID = re.compile(ID_PATTERN)
ID_RULE = "ids start with a letter or digit and hold only letters, digits and _ . + - (at most 64 characters)"


def check_id(row: Row, kind: str, report: Report) -> None:
    """Report an id that is not an id: ids name files (counters/<id>-front.svg), so a unit
    called `../../x` must never get as far as the build."""
    value = row.cells.get("id", "")
    if not (_ID.match(value) and len(value) <= 64):
        report.error(row.at("id"), f"{kind}.id", f"{value!r} is not an id: {ID_RULE}")


def build_units(table: Table, spec: GameSpec, report: Report) -> list[Unit]:
    layouts = {layout.id: layout for layout in spec.factor_layouts}
    types = {t.id: t for t in spec.unit_types}
    units = []
    matched: dict = {}  # (face text, layouts) -> its factors: most units share their factors' text
    for row in table.rows:
        unit = _unit(row, spec, layouts, types, report, matched)
        if unit is not None:
            units.append(unit)
    return units


def _unit(row: Row, spec: GameSpec, layouts, types, report: Report, matched: dict | None = None) -> Unit | None:
    cells = row.cells
    unit_id = cells.get("id", "")
    if not unit_id:
        report.error(row.at("id"), "units.id", "empty id (every unit needs a unique id)")
        return None
    check_id(row, "units", report)
    unit_type = types.get(cells["type"])
    known = [layouts[name] for name in unit_type.layouts if name in layouts] if unit_type else []
    faces = _faces(row, known, report, {} if matched is None else matched)
    if faces is None:
        return None
    size, ad_hoc = _size(cells.get("size", ""))
    system_id = cells.get("step_system", "") or _default_step_system(spec, cells, faces)
    system = _systems(spec).get(system_id)
    steps = int_cell(row, "steps", report, minimum=0)
    copies = int_cell(row, "copies", report, minimum=1)
    if steps is False or copies is False:
        return None
    return Unit(
        unit_id=unit_id,
        nationality=cells["nationality"],
        type_id=cells["type"],
        size=size,
        ad_hoc=ad_hoc,
        designation=cells.get("designation", "") or unit_id,
        parent=cells.get("parent", ""),
        steps=steps if steps is not None else _default_steps(faces, unit_type, system),
        step_system=system_id,
        faces=faces,
        code=cells.get("code", ""),
        army=cells.get("army", ""),
        flags=frozenset(split_list(cells.get("flags", ""))),
        copies=copies or 1,
        where=row.where,
        source=cells.get("source", ""),
        notes=cells.get("notes", ""),
        name=cells.get("name", ""),
        icon=cells.get("icon", ""),
        back_designation=cells.get("back_designation", ""),
        back_type=cells.get("back_type", ""),
        images=tuple(part.strip() for part in cells.get("image", "").split("|")) if cells.get("image") else (),
        back_nationality=cells.get("back_nationality", ""),
        ability=cells.get("ability", ""),
        columns=row.columns,
    )


def _size(text: str) -> tuple[str | None, bool]:
    """'XXX' or '[XXX]' (bracketed = ad hoc formation, WEF/GE 2.8); '' = no size mark."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return text[1:-1].strip() or None, True
    return text or None, False


def _faces(row: Row, layouts: list[FactorLayout], report: Report, matched: dict) -> tuple[Face, ...] | None:
    """Parse 'factors': faces from full strength down, separated by '|'; '*' marks a face.
    Each face follows the first of the type's layouts it matches."""
    text = row.cells.get("factors", "")
    parts = [p.strip() for p in text.split("|")] if text.strip() else [""]
    faces, ok = [], True
    for number, part in enumerate(parts, start=1):
        marks = frozenset(c for c in part if c in FACE_MARKS)
        bare = part.strip(FACE_MARKS + " ")
        values: dict[str, int] = {}
        layout_id = None
        if bare and layouts:
            key = (bare, marks, tuple(id(layout) for layout in layouts))
            if key not in matched:  # a face is immutable: units with the same factors share it
                found = next(((x, m) for x, m in ((x, x.regex.fullmatch(bare)) for x in layouts) if m), None)
                values = None if found is None else {k: whole_number(v) for k, v in found[1].groupdict().items()}
                matched[key] = (None if values is None or None in values.values()
                                else Face(bare, values, marks, found[0].id))
            if matched[key] is None:
                report.error(row.at("factors"), "units.factors", _layout_mismatch(number, bare, layouts))
                ok = False
                continue
            faces.append(matched[key])
            continue
        faces.append(Face(bare, values, marks, layout_id))
    return tuple(faces) if ok else None


def _layout_mismatch(number: int, bare: str, layouts: list[FactorLayout]) -> str:
    if len(layouts) == 1:
        named = f"the factor layout {layouts[0].id!r} ({layouts[0].pattern!r})"
    else:
        named = "any of the factor layouts " + ", ".join(f"{x.id!r} ({x.pattern!r})" for x in layouts)
    return f"face {number} {bare!r} does not match {named}; every factor must be a whole number"


def int_cell(row: Row, column: str, report: Report, minimum: int, code: str | None = None) -> int | None | bool:
    """None for an empty cell, False (after reporting under `code`, default units.<column>)
    for a bad one."""
    text = row.cells.get(column, "").strip()
    if not text:
        return None
    value = whole_number(text)
    if value is None or value < minimum:
        report.error(row.at(column), code or f"units.{column}",
                     f"expected a whole number from {minimum} to {MAX_WHOLE}, found {shown(text)}")
        return False
    return value


def _default_steps(faces: tuple[Face, ...], unit_type, system) -> int:
    """No steps for step-less types; one for single and reformed units; else one per face."""
    if unit_type is not None and not unit_type.steps:
        return 0
    if system is not None and system.kind in ("single", "reformed"):
        return 1
    if system is not None and system.kind == "flip":
        return 2
    return max(1, sum(1 for f in faces if not f.blank))


def _systems(spec: GameSpec) -> dict:
    """The step systems by id (the first of an id, as a search would find it)."""
    systems = _SYSTEMS.get(id(spec))
    if systems is None or systems[0] is not spec:
        systems = (spec, {s.id: s for s in reversed(spec.step_systems)})
        _SYSTEMS.clear()
        _SYSTEMS[id(spec)] = systems
    return systems[1]


_SYSTEMS: dict = {}


def _default_step_system(spec: GameSpec, cells: dict, faces: tuple[Face, ...]) -> str:
    """The nationality's default, else the first system fitting the number of faces."""
    for nationality in spec.nationalities:
        if nationality.id == cells.get("nationality") and nationality.step_system:
            return nationality.step_system
    printed = sum(1 for f in faces if not f.blank)
    wanted = "single" if printed <= 1 else "flip" if printed == 2 else "two_counter"
    for system in spec.step_systems:
        if system.kind == wanted:
            return system.id
    return spec.step_systems[0].id


def build_markers(table: Table, report: Report) -> list[Marker]:
    markers = []
    for row in table.rows:
        cells = row.cells
        if not cells.get("id"):
            report.error(row.at("id"), "markers.id", "empty id (every marker needs a unique id)")
            continue
        check_id(row, "markers", report)
        copies = int_cell(row, "copies", report, minimum=1)
        if copies is False:
            continue
        markers.append(
            Marker(
                marker_id=cells["id"],
                name=cells.get("name", ""),
                text=cells.get("text", "") or cells.get("name", ""),
                back_text=cells.get("back_text", ""),
                nationality=cells.get("nationality") or None,
                side=cells.get("side") or None,
                kind=cells.get("kind") or "marker",
                copies=copies or 1,
                where=row.where,
                source=cells.get("source", ""),
                columns=row.columns,
                back_side=cells.get("back_side") or None,
                image=cells.get("image", ""),
                back_image=cells.get("back_image", ""),
            )
        )
    return markers
