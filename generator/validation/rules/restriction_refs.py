"""restriction.refs: the game's restrictions, entry codes and set-up marks, and the scenarios'
changes to them, name real units, places, links, scenarios and events."""

from __future__ import annotations

from generator.i18n.citations import cited
from generator.model.restrictions import PlacedRestriction
from generator.model.source import Location
from generator.model.track import parse_window
from generator.validation.placing import area_for
from generator.validation.places import in_force, mark_restrictions
from generator.validation.registry import Context, rule
from generator.validation.report import Issue
from generator.validation.rules.references import led_by, selector_refs, unknown


def _place_refs(g, place, where: Location):
    for key, kind, known in (("maps", "map", g.maps), ("regions", "region", g.regions), ("terrain", "terrain", g.terrain),
                             ("features", "feature", {**g.hex_features}), ("boxes", "box", g.boxes)):
        for value in getattr(place, key) or ():
            if value not in known:
                yield unknown(where, kind, value, known)
    maps = [g.maps[m] for m in (place.maps or [s.id for s in g.spec.maps]) if m in g.maps and not g.maps[m].is_area]
    for first, last in place.ranges():
        for hex_id in (first, last):
            if not any(hex_id in area_for(g, m.id).coords for m in maps):
                yield Issue(where, "restriction.refs",
                            f"hex {hex_id!r} of the range {first}-{last} is on none of the maps "
                            f"{', '.join(m.id for m in maps) or '(no hex map)'}")
    areas = {a.area_id for a in g.areas}
    for area_id in place.areas or ():
        if area_id not in areas:
            yield unknown(where, "area", area_id, areas)
    lines = {ln.id for m in g.spec.maps for ln in m.lines}
    for rule_ in place.beyond:
        if rule_.line is not None and rule_.line not in lines:
            yield unknown(where, "line", rule_.line, lines)
    for region in place.shore_of or ():
        if region not in g.regions:
            yield unknown(where, "region", region, g.regions)
    for event_id in (place.after_event, place.until_event):
        if event_id is not None and event_id not in g.events:
            yield _unknown_event(where, event_id, g.events)
    if place.near is not None:
        yield from selector_refs(g, place.near.units, where)
        if place.near.start is not None and place.near.start not in g.scenario_index:
            yield unknown(where, "scenario", place.near.start, g.scenario_index)
    for chosen in place.links or ():
        yield from _link_refs(g, chosen, where)


def _link_refs(g, chosen, where: Location):
    if not any(spec.is_area for spec in g.spec.maps):
        yield Issue(where, "restriction.refs", "a place of links needs an area map; the game has none")
        return
    for kind in chosen.kinds or ():
        if kind not in g.hexside_features:
            yield unknown(where, "link kind", kind, g.hexside_features)
    if chosen.to is not None:
        yield from _place_refs(g, chosen.to, where)
    if chosen.between is not None:
        a, b = chosen.between
        areas = {area.area_id for area in g.areas}
        missing = [x for x in (a, b) if x not in areas]
        for area_id in missing:
            yield unknown(where, "area", area_id, areas)
        if not missing and not any(ln.pair == tuple(sorted((a, b))) for ln in g.links):
            yield Issue(where, "restriction.refs", f"no link joins areas {a!r} and {b!r}")


def _unknown_event(where: Location, event_id: str, known) -> Issue:
    if known:
        return unknown(where, "event", event_id, known)
    return Issue(where, "ref.unknown-event", f"unknown event {event_id!r}: game.yaml declares no events")


def _restriction_refs(g, placed: PlacedRestriction):
    """What the restriction names that does not exist, each message led by the restriction's id
    and the key that names it ("restriction 'a', only_in[0]: unknown region 'redlnd' …")."""
    spec, where = placed.spec, placed.where

    def keyed(key: str, found):
        return led_by(f"restriction {spec.id!r}, {key}", found)

    for key in ("units", "unless_with", "never_with", "stacked_with"):
        yield from keyed(key, selector_refs(g, getattr(spec, key), where))
    for key in ("only_in", "never_in", "in"):
        for n, place in enumerate(getattr(spec, "in_" if key == "in" else key) or []):
            yield from keyed(f"{key}[{n}]", _place_refs(g, place, where))
    for key in ("after_event", "until_event"):
        event_id = getattr(spec, key)
        if event_id is not None and event_id not in g.events:
            yield from keyed(key, [_unknown_event(where, event_id, g.events)])
    for n, cap in enumerate(spec.caps):
        if cap.after_event is not None and cap.after_event not in g.events:
            yield from keyed(f"max[{n}].after_event", [_unknown_event(where, cap.after_event, g.events)])
    for key, window in [("turns", spec.turns)] + [(f"max[{n}].turns", c.turns) for n, c in enumerate(spec.caps)]:
        if window is not None:
            try:
                parse_window(window)
            except ValueError as exc:
                yield Issue(where, "restriction.refs", f"restriction {spec.id!r}, {key}: {exc}")


@rule("restriction.refs", "restrictions, entry codes and dated events name real units, places and events")
def references(ctx: Context):
    g = ctx.game
    seen: set[str] = {placed.spec.id for placed in mark_restrictions(g)}
    for n, feature in enumerate(g.spec.hex_features):
        side = feature.setup_mark.side if feature.setup_mark is not None else None
        if side is not None and side not in g.sides:
            yield unknown(g.spec_where("hex_features", n, "setup_mark", "side"), "side", side, g.sides)
    for n, spec in enumerate(g.spec.restrictions):
        where = g.spec_where("restrictions", n)
        if spec.id in seen:
            yield Issue(where, "ids.duplicate", f"duplicate restriction id {spec.id!r}")
        seen.add(spec.id)
        if spec.off:
            yield Issue(where, "restriction.refs", f"restriction {spec.id!r}: 'off' lifts a game restriction in a "
                                                   f"scenario; game.yaml simply leaves it out")
        yield from _restriction_refs(g, PlacedRestriction(spec, where))
    for n, code in enumerate(g.spec.entry_codes):
        if code.place is not None:
            yield from _place_refs(g, code.place, g.spec_where("entry_codes", n))
    for n, code in enumerate(g.spec.setup_codes):
        if code.place is not None:
            yield from _place_refs(g, code.place, g.spec_where("setup_codes", n, "place"))
    done: set[tuple] = set()
    for scenario in ctx.scenarios:
        known = set(seen)
        for placed in scenario.restrictions:
            key = (placed.where.file, placed.where.line, placed.where.column)
            lifted_unknown = placed.spec.off and placed.spec.id not in known
            known.add(placed.spec.id)
            if key in done:
                continue  # a scenario's changes are inherited by those that extend it
            done.add(key)
            if lifted_unknown:
                yield unknown(placed.where, "restriction", placed.spec.id, known - {placed.spec.id})
            elif not placed.spec.off:
                yield from _restriction_refs(g, placed)
        for event_id, (turn, where) in scenario.events.items():
            if (where.file, where.line, where.column) in done:
                continue  # dated by a scenario this one extends
            done.add((where.file, where.line, where.column))
            if event_id not in g.events:
                yield _unknown_event(where, event_id, g.events)
            elif turn not in g.turn_numbers:
                yield Issue(where, "restriction.refs",
                            f"scenario {scenario.scenario_id!r} dates event {event_id!r} on turn {turn}, which is "
                            f"not on the turn track")
            elif not _may_happen(g.events[event_id], turn):
                event = g.events[event_id]
                yield Issue(where, "restriction.refs",
                            f"event {event_id!r} ({event.name}) is dated on turn {turn}, but it may happen only on "
                            f"turns {event.turns}"
                            + (f" ({cited(event.source)})" if event.source else ""))
        yield from _windows_that_never_open(g, scenario, done)



def _may_happen(event, turn: int) -> bool:
    if event.turns is None:
        return True
    try:
        return parse_window(event.turns).contains(turn)
    except ValueError:
        return True  # a bad window is reported where the event is declared


def _windows_that_never_open(g, scenario, done: set):
    """A scenario that dates the event a restriction or place opens with on or after the one
    it closes with: that window never opens there."""
    events = scenario.event_turns()
    pairs = set()
    for placed in in_force(g, scenario):
        spec = placed.spec
        for holder in [spec] + list(spec.only_in or []) + list(spec.never_in or []):
            if holder.after_event in events and holder.until_event in events:
                pairs.add((holder.after_event, holder.until_event))
    for after, until in sorted(pairs):
        where = scenario.events[after][1]
        if events[after] >= events[until] and ("window", where.file, where.line, where.column) not in done:
            done.add(("window", where.file, where.line, where.column))
            yield Issue(where, "restriction.refs",
                        f"event {after!r} is dated on turn {events[after]}, not before event {until!r} (turn "
                        f"{events[until]}): what opens with the one and closes with the other never opens")
