"""A free deployment's constraints in words, in the build's language: for the set-up form
(setup_form.py) and the setup chart. warkit's sentences go through `ui_text`; the game's
names (regions, markers, groups, stacking limits) through the build's Translator."""

from __future__ import annotations

from generator.components.text import game_text, ui_text
from generator.model.deployment import Deployment, Group
from generator.model.scenario import Scenario
from generator.components.turn_windows import window_in_words
from generator.validation.placing import group_armies
from generator.validation.places import in_force
from generator.validation.restriction_words import rule_words


def region_names(context, region_ids) -> str:
    t, regions = game_text(context), context.game.regions
    return ", ".join(t.of(regions[r]) if r in regions else r for r in region_ids)


def group_title(context, deployment: Deployment, group: Group) -> str:
    name = game_text(context).group_name(deployment, group)
    side = context.game.sides.get(group.spec.side)
    return name or (game_text(context).of(side) if side else group.group_id)


def order_line(context, deployment: Deployment) -> str:
    """'Order of deployment: Russia → Central Powers' ('' when the data gives no order)."""
    t, sides = game_text(context), context.game.sides
    named = [t.of(sides[s]) for s in deployment.spec.order if s in sides]
    return ui_text(context, "Order of deployment: {sides}", sides=" → ".join(named)) if named else ""


def marker_rule_words(context, rule) -> str:
    spec = rule.spec
    where = region_names(context, spec.regions) if spec.regions is not None else ui_text(context, "anywhere on the map")
    text = ui_text(context, "Place {count} markers in {where}.", count=len(spec.markers), where=where)
    if spec.one_per_hex:
        text += " " + ui_text(context, "One marker to a hex.")
    if spec.not_next_to:
        text += " " + ui_text(context, "None may stand in or next to {regions}.",
                              regions=region_names(context, spec.not_next_to))
    return text


def group_words(context, deployment: Deployment, group: Group, markers: dict[str, str] | None = None) -> list[str]:
    """The group's constraints, one sentence each; `markers` (marker id -> hex) says where the
    scenario already put the army markers."""
    spec, t = group.spec, game_text(context)
    out = []
    if spec.regions is not None:
        out.append(ui_text(context, "Set up in {regions}.", regions=region_names(context, spec.regions)))
    within = spec.within
    if within is not None:
        if within.of_hex is not None:
            out.append(ui_text(context, "Each unit stands within {hexes} hexes of hex {hex}.", hexes=within.hexes,
                               hex=within.of_hex))
        elif within.per_army:
            out.append(ui_text(context, "Each unit stands within {hexes} hexes of its army's marker.",
                               hexes=within.hexes))
            placed = [(army, (markers or {}).get(within.marker_for(army))) for army in group_armies(context.game, group)]
            if placed and all(hex_id for _, hex_id in placed):
                out.append(ui_text(context, "The army markers stand in: {list}.",
                                   list=", ".join(f"{army} → {hex_id}" for army, hex_id in placed)))
        else:
            marker = context.game.marker_index.get(within.of_marker)
            name = t.of(marker) if marker is not None else within.of_marker
            out.append(ui_text(context, "Each unit stands within {hexes} hexes of the marker {marker}.",
                               hexes=within.hexes, marker=name))
    if spec.army_stacking:
        out.append(ui_text(context, "A unit with an army stacks only with units of its own army or with units "
                                    "that have none."))
    if spec.any_army:
        armies = ", ".join(group_armies(context.game, group))
        out.append(ui_text(context, "Units of army {any} join any army of their side ({armies}): write the army "
                                    "you give each one.", any=" / ".join(spec.any_army), armies=armies))
    for need in spec.at_least:
        out.append(ui_text(context, "At least {count} of them in {regions}.", count=need.count,
                           regions=region_names(context, need.regions)))
    return out


def stacking_words(context) -> str:
    """'Stacking: at most 9 steps; at most 2 corps.' in the build's language ('' when none)."""
    t, stacking = game_text(context), context.game.spec.stacking
    limits = [t.stacking_limit(n, limit) or ui_text(context, "at most {max} {measure}", max=_num(limit.max),
                                                           measure=limit.measure)
              for n, limit in enumerate(stacking.limits)]
    text = ui_text(context, "Stacking: {limits}.", limits="; ".join(limits)) if limits else ""
    if stacking.separate_nationalities:
        text += (" " if text else "") + ui_text(context, "Units of different nationalities may not stack together.")
    return text


def setup_restriction_words(context, scenario: Scenario, side: str | None = None) -> list[str]:
    """The restrictions that bind a set-up (and, given `side`, that side's units), one
    sentence each in the build's language."""
    game, t = context.game, game_text(context)
    out = []
    for placed in in_force(game, scenario):
        spec = placed.spec
        if not spec.binds("setup") or (side is not None and not _concerns(game, spec.units, side)):
            continue
        text = rule_words(t, game, spec, t.restriction_name(placed), lambda w: window_in_words(context, w))
        out.append(text[:1].upper() + text[1:] + ".")
    return out


def _concerns(game, selector, side: str) -> bool:
    """Whether a selector may pick units of `side`."""
    if selector.sides is not None:
        return side in selector.sides
    if selector.nationalities is not None:
        return any(game.nationalities[n].side == side for n in selector.nationalities if n in game.nationalities)
    if selector.units is not None:
        return any(game.side_of(game.unit_index[u]) == side for u in selector.units if u in game.unit_index)
    return True


def fixed_words(context, scenario: Scenario, side: str) -> str:
    """The side's units already in place (not in a group), as 'name hex' items ('' when none)."""
    from generator.components.setup_content import unit_name

    game, plan = context.game, scenario.deployment
    items = []
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is None or game.side_of(unit) != side or plan.group_of.get(unit.unit_id) is not None:
            continue
        items.append(f"{unit_name(context, unit)} {placement.hex_id or placement.box}")
    if not items:
        return ""
    return ui_text(context, "Already in place, as the setup chart shows: {units}.", units=", ".join(items))


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
