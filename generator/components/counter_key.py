"""How a side's counters read, for its player aid: each factor layout its units print, with
one of its own counters as the example ("Attack-defence-movement: 6-7-4, as on I Corps"), and
each form of corner code they carry ("Corner code, set-up hex: 2714, as on I Corps") and each
mark printed on a face whose meaning the game declares ("Mark * on a counter: cannot be
replaced, as on Königsberg garrison"). A new player holding a counter finds what each
number and mark on it is, in the build's language."""

from __future__ import annotations

from generator.components.setup_content import unit_name
from generator.components.text import game_text, ui_text
from generator.i18n import keys
from generator.model.faces import layout_of


def _units_of(game, side_id: str | None):
    """The side's units; every side's for None."""
    nations = game.nationalities
    return [u for u in game.units if u.nationality in nations
            and (nations[u.nationality].side == side_id or side_id is None and nations[u.nationality].side)]


def counter_points(context, side_id: str | None) -> list[str]:
    """One point per factor layout and per form of corner code the side's counters show
    (every side's, for None)."""
    game, t = context.game, game_text(context)
    units = _units_of(game, side_id)
    examples: dict[str, tuple] = {}
    for unit in units:
        unit_type = game.unit_types.get(unit.type_id)
        for face in unit.faces[:1]:  # the full-strength face
            layout = layout_of(game, unit_type, face) if not face.blank else None
            if layout is not None and layout.pattern and layout.id not in examples:
                examples[layout.id] = (face.text, unit)
    points = [ui_text(context, "{layout}: {factors}, as on {unit}", layout=t.of(layout), factors=examples[layout.id][0],
                      unit=unit_name(context, examples[layout.id][1]))
              for layout in game.spec.factor_layouts if layout.id in examples]
    forms = game.spec.counter_codes
    first: dict[int, object] = {}  # form index -> the first unit whose code takes that form (the first form it matches)
    for unit in units:
        n = next((i for i, form in enumerate(forms) if unit.code and form.regex.fullmatch(unit.code)), None)
        if n is not None:
            first.setdefault(n, unit)
    for n, form in enumerate(forms):
        if form.name and n in first:
            points.append(ui_text(context, "Corner code, {meaning}: {code}, as on {unit}",
                                  meaning=t.game(keys.counter_code_name(n), form.name), code=first[n].code,
                                  unit=unit_name(context, first[n])))
    points.extend(_mark_points(context, units))
    return points


def _mark_points(context, units) -> list[str]:
    """One point per declared face mark (`face_marks`) the side's counters print, with the
    first counter that shows it: "*: cannot be replaced, as on Königsberg garrison"."""
    t = game_text(context)
    out = []
    for face_mark in context.game.spec.face_marks:
        shown = next((u for u in units if any(face_mark.mark in face.marks for face in u.faces)), None)
        if shown is not None:
            out.append(ui_text(context, "Mark {mark} on a counter: {meaning}, as on {unit}", mark=face_mark.mark,
                               meaning=t.game(keys.face_mark(face_mark.mark), face_mark.meaning),
                               unit=unit_name(context, shown)))
    return out
