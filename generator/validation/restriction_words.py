"""A restriction in words, made from its data: for the check's messages (in English, `t` None)
and for the players (the stacking notes of the player aids, the set-up charts and forms, in
the build's language, `t` the build's Translator)."""

from __future__ import annotations

import re

from generator.i18n.uitext import name_of, ui_text
from generator.model.deployment import UnitSelector
from generator.model.game import Game
from generator.model.restrictions import Cap, Links, Near, Place, Restriction


def _names(t, index: dict, ids) -> list[str]:
    return [name_of(t, index[i]) if i in index else i for i in ids]


def _either(t, items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ui_text(t, "{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


def who(t, game: Game, selector: UnitSelector | None) -> str:
    """'Austria-Hungary units', 'Germany Battalion units except …', 'all units'."""
    if selector is None or selector.everyone:
        return ui_text(t, "all units")
    if selector.exclude is not None and selector.exclude.sides is not None and _only(selector, "exclude") \
            and _only(selector.exclude, "sides"):
        sides = _either(t, _names(t, game.sides, selector.exclude.sides))
        return ui_text(t, "units of sides other than {sides}", sides=sides)
    parts = []
    if selector.units is not None:
        names = [_unit_name(t, game.unit_index[u]) if u in game.unit_index else u for u in selector.units]
        parts.append(ui_text(t, "the units {names}", names=_either(t, names)))
    else:
        kinds = [_either(t, _names(t, index, ids)) for index, ids in
                 ((game.sizes, selector.sizes), (game.unit_types, selector.types)) if ids is not None]
        parts.append(_owned_units(t, game, selector, " ".join(kinds)))
        if selector.armies is not None:
            parts.append(ui_text(t, "of army {armies}", armies=_either(t, list(selector.armies))))
    if selector.setup_codes is not None:
        parts.append(ui_text(t, "with set-up code {codes}", codes=_either(t, list(selector.setup_codes))))
    if selector.codes is not None:
        kinds = _either(t, [_code_kind(t, k) for k in selector.codes])
        parts.append(ui_text(t, "whose corner code is a {kinds}", kinds=kinds))
    if selector.steps is not None:
        parts.append(ui_text(t, "at {steps} steps", steps=_either(t, [str(s) for s in selector.steps])))
    if selector.exclude is not None:
        parts.append(ui_text(t, "except {others}", others=who(t, game, selector.exclude)))
    return " ".join(parts)


def _owned_units(t, game: Game, selector: UnitSelector, kind: str) -> str:
    """'German Infantry units' when every side and nationality named has an adjective;
    otherwise 'Infantry units of the nationality Germany', 'units of the side Allies'."""
    owners = [(index, ids) for index, ids in ((game.sides, selector.sides), (game.nationalities, selector.nationalities))
              if ids is not None]
    if not owners:
        return ui_text(t, "{kind} units", kind=kind) if kind else ui_text(t, "all units")
    adjectives = [[name_of(t, index[i], "adjective") if i in index and index[i].adjective else None for i in ids]
                  for index, ids in owners]
    if all(a is not None for group in adjectives for a in group):
        owner = " ".join(_either(t, group) for group in adjectives)
        return ui_text(t, "{owner} {kind} units", owner=owner, kind=kind) if kind else \
            ui_text(t, "{owner} units", owner=owner)
    sides = _either(t, _names(t, game.sides, selector.sides)) if selector.sides is not None else None
    nations = _either(t, _names(t, game.nationalities, selector.nationalities)) \
        if selector.nationalities is not None else None
    if sides is not None and nations is not None:
        return ui_text(t, "{kind} units of the side {sides} and the nationality {nations}", kind=kind, sides=sides,
                       nations=nations) if kind else \
            ui_text(t, "units of the side {sides} and the nationality {nations}", sides=sides, nations=nations)
    if sides is not None:
        return ui_text(t, "{kind} units of the side {sides}", kind=kind, sides=sides) if kind else \
            ui_text(t, "units of the side {sides}", sides=sides)
    return ui_text(t, "{kind} units of the nationality {nations}", kind=kind, nations=nations) if kind else \
        ui_text(t, "units of the nationality {nations}", nations=nations)


def _code_kind(t, kind: str) -> str:
    """A kind of corner code (model/selectors.CodeKind) in words."""
    return {"hex": ui_text(t, "set-up hex"), "turn": ui_text(t, "turn of entry"), "army": ui_text(t, "starting army"),
            "event": ui_text(t, "conditional entry"), "tag": ui_text(t, "scenario tag"),
            "letter": ui_text(t, "entry letter"), "setup": ui_text(t, "set-up code")}.get(kind, kind)


def _only(selector: UnitSelector, key: str) -> bool:
    """Whether the selector gives `key` and nothing else."""
    return all(getattr(selector, other) is None for other in type(selector).model_fields if other != key)


def _unit_name(t, unit) -> str:
    return (name_of(t, unit) if unit.name else unit.designation) or unit.unit_id


def _side_word(t, side: str) -> str:
    return {"north": ui_text(t, "north"), "south": ui_text(t, "south"), "east": ui_text(t, "east"),
            "west": ui_text(t, "west")}[side]


def place_words(t, game: Game, place: Place) -> str:
    """'in Egypt or Sinai, east of column 35', 'in the box Arabia', 'in hexes 4836-4849'."""
    if place.boxes is not None:
        return ui_text(t, "in the box {boxes}", boxes=_either(t, [_box(t, game, b) for b in place.boxes]))
    if place.links is not None:
        return _either(t, [links_words(t, game, chosen) for chosen in place.links])
    parts = []
    if place.maps is not None:
        parts.append(ui_text(t, "on map {maps}", maps=_either(t, [name_of(t, game.maps[m], "title")
                                                                   if m in game.maps else m for m in place.maps])))
    if place.regions is not None:
        parts.append(ui_text(t, "in {regions}", regions=_either(t, _names(t, game.regions, place.regions))))
    if place.terrain is not None:
        parts.append(ui_text(t, "in {terrain} terrain", terrain=_either(t, _names(t, game.terrain, place.terrain))))
    if place.features is not None:
        features = {**game.hex_features}
        parts.append(ui_text(t, "in a place with {features}", features=_either(t, _names(t, features, place.features))))
    if place.areas is not None:
        names = _either(t, _area_names(t, game, place.areas))
        parts.append(ui_text(t, "in the area {area}", area=names) if len(place.areas) == 1
                     else ui_text(t, "in the areas {areas}", areas=names))
    if place.hexes is not None:
        hexes = [_hex(t, game, place, text) for text in place.hexes]
        if len(place.hexes) == 1 and "-" not in place.hexes[0]:
            parts.append(ui_text(t, "in hex {hex}", hex=hexes[0]))
        else:
            parts.append(ui_text(t, "in hexes {hexes}", hexes=", ".join(hexes)))
    if place.edges is not None:
        parts.append(ui_text(t, "on the {edges} edge of the map", edges=_either(t, [_side_word(t, e) for e in place.edges])))
    if place.coastal:
        parts.append(ui_text(t, "in a coastal hex"))
    if place.shore_of is not None:
        parts.append(ui_text(t, "on the {regions} shore", regions=_either(t, _names(t, game.regions, place.shore_of))))
    if place.near is not None:
        parts.append(near_words(t, game, place.near))
    if place.empty:
        parts.append(ui_text(t, "in an empty area") if _area_game(game) else ui_text(t, "in an empty hex"))
    for rule in place.beyond:
        if rule.line is not None:
            parts.append(ui_text(t, "{side} of the {line}", side=_side_word(t, rule.side), line=_line(t, game, rule.line)))
        elif rule.row is not None:
            parts.append(ui_text(t, "{side} of hex row {row}", side=_side_word(t, rule.side),
                                 row=_line_label(game, place, row=rule.row)))
        else:
            parts.append(ui_text(t, "{side} of hex column {column}", side=_side_word(t, rule.side),
                                 column=_line_label(game, place, column=rule.column)))
    if place.timed:
        parts.append(events_words(t, game, place.after_event, place.until_event))
    if place.limit is not None:
        parts.append(limit_words(t, game, place.limit))
    return ", ".join(parts)


def events_words(t, game: Game, after: str | None, until: str | None) -> str:
    """'from the Russian Amphibious Campaign until the Fall of the Tsar', 'until …', 'from … on'."""
    def name(event_id):
        event = game.events.get(event_id)
        return name_of(t, event) if event else event_id
    if after is not None and until is not None:
        return ui_text(t, "from {event} until {end}", event=name(after), end=name(until))
    if after is not None:
        return ui_text(t, "from {event} on", event=name(after))
    return ui_text(t, "until {event}", event=name(until))


def limit_words(t, game: Game, limit) -> str:
    """'at most 1 a turn', 'at most 3 by any one of them, all in one hex'."""
    text = ui_text(t, "at most {max} by any one of them", max=limit.max) if limit.per == "near" else \
        ui_text(t, "at most {max} a turn", max=limit.max)
    if limit.one_place:
        text += ", " + (ui_text(t, "all in one area") if _area_game(game) else ui_text(t, "all in one hex"))
    return text


def _hex(t, game: Game, place: Place, text: str) -> str:
    """A hex id with its name when one map of the place names it ("1728 (Damascus)"); a range as written."""
    if "-" in text:
        return text
    maps = place.maps or [spec.id for spec in game.spec.maps]
    named = [found for found in (game.hex_index.get((m, text)) for m in maps) if found is not None and found.name]
    if len(named) != 1:
        return text
    name = t.hex_name(named[0]) if t is not None else named[0].name
    return ui_text(t, "{hex} ({name})", hex=text, name=name)


def _area_game(game: Game) -> bool:
    return bool(game.spec.maps) and all(spec.is_area for spec in game.spec.maps)


def near_words(t, game: Game, near: Near) -> str:
    """'next to Headquarters units of their own nationality', 'within 2 hexes of its own hex in
    scenario S.1', 'in its own hex in scenario S.1'."""
    if near.start is not None:
        scenario = game.scenario_index.get(near.start)
        title = (name_of(t, scenario, "title") or near.start) if scenario is not None else near.start
        areas = _area_game(game)
        if near.hexes == 0:
            return ui_text(t, "in their area of scenario {scenario}", scenario=title) if areas else \
                ui_text(t, "in their hex of scenario {scenario}", scenario=title)
        what = ui_text(t, "their area of scenario {scenario}", scenario=title) if areas else \
            ui_text(t, "their hex of scenario {scenario}", scenario=title)
    else:
        what = who(t, game, near.units) if near.units is not None else ui_text(t, "a unit")
        for attribute in near.same:
            what += " " + {"side": ui_text(t, "of their own side"), "nationality": ui_text(t, "of their own nationality"),
                           "army": ui_text(t, "of their own army")}[attribute]
        for attribute in near.other:
            what += " " + {"side": ui_text(t, "of another side"), "nationality": ui_text(t, "of another nationality"),
                           "army": ui_text(t, "of another army")}[attribute]
    areas = _area_game(game)
    if near.hexes == 0:
        return ui_text(t, "in the area of {what}", what=what) if areas else ui_text(t, "in the hex of {what}", what=what)
    if near.hexes == 1 and near.exactly:
        return ui_text(t, "next to {what}", what=what)
    if near.exactly:
        return ui_text(t, "exactly {n} areas from {what}", n=near.hexes, what=what) if areas else \
            ui_text(t, "exactly {n} hexes from {what}", n=near.hexes, what=what)
    if near.hexes == 1:
        return ui_text(t, "in or next to the area of {what}", what=what) if areas else \
            ui_text(t, "in or next to the hex of {what}", what=what)
    return ui_text(t, "within {n} areas of {what}", n=near.hexes, what=what) if areas else \
        ui_text(t, "within {n} hexes of {what}", n=near.hexes, what=what)


def links_words(t, game: Game, chosen: Links) -> str:
    """'the link Warsaw–Płock', 'rail links', 'links that end in a place with Eastern Link'."""
    kinds = _either(t, _names(t, game.hexside_features, chosen.kinds)) if chosen.kinds is not None else ""
    if chosen.between is not None:
        a, b = _area_names(t, game, chosen.between)
        text = ui_text(t, "the {kinds} link {a}–{b}", kinds=kinds, a=a, b=b) if kinds else \
            ui_text(t, "the link {a}–{b}", a=a, b=b)
    else:
        text = ui_text(t, "{kinds} links", kinds=kinds) if kinds else ui_text(t, "links")
    if chosen.to is not None:
        text += " " + ui_text(t, "that end {places}", places=place_words(t, game, chosen.to))
    return text


def _line_label(game: Game, place: Place, row: int | None = None, column: int | None = None) -> str:
    """A row or column as the game's hex ids print it: row 20 of "{col:02d}{row:02d}" is "xx20"."""
    maps = [game.maps[m] for m in (place.maps or [s.id for s in game.spec.maps]) if m in game.maps]
    grid = next((m.grid for m in maps if m.grid is not None), None)
    if grid is None:
        return str(row if row is not None else column)
    keep, mask = ("row", "col") if row is not None else ("col", "row")
    text = re.sub(r"\{" + mask + r"(:0?(\d+)d)?\}", lambda m: "x" * int(m.group(2) or 2), grid.id_format)
    try:
        return text.format(**{keep: row if row is not None else column})
    except (KeyError, ValueError, IndexError):
        return str(row if row is not None else column)


def _box(t, game: Game, box_id: str) -> str:
    return t.box_title(box_id) if t is not None else (game.boxes[box_id].name if box_id in game.boxes else box_id)


def _area_names(t, game: Game, area_ids) -> list[str]:
    out = []
    for area_id in area_ids:
        found = next((a for a in game.areas if a.area_id == area_id), None)
        name = (t.area_name(found) if t is not None else found.name) if found is not None else ""
        out.append(name or area_id)
    return out


def _line(t, game: Game, line_id: str) -> str:
    for spec in game.spec.maps:
        for line in spec.lines:
            if line.id == line_id:
                return t.line_name(spec.id, line) if t is not None else line.name
    return line_id


def places_words(t, game: Game, places: list[Place]) -> str:
    """The places as alternatives: "A or B", or, when a place takes several words of its own,
    "A, in B; C, in D; or E"."""
    items = [place_words(t, game, p) for p in places]
    if len(items) > 1 and any(", " in item for item in items):
        return ui_text(t, "{items}; or {last}", items="; ".join(items[:-1]), last=items[-1])
    return _either(t, items)


def _turns(t, text: str) -> str:
    return ui_text(t, "turns {turns}", turns=text)


def cap_words(t, caps: list[Cap], game: Game, window=None) -> str:
    """'1 (turns 1-4); 3 (turns 5-24); 4 from the Brusilov Offensive on, and 1 more each turn after, up to 6'."""
    parts = []
    for cap in caps:
        if cap.after_event is not None:
            event = game.events.get(cap.after_event)
            text = ui_text(t, "{max} from {event} on", event=name_of(t, event) if event else cap.after_event,
                           max=cap.max)
            if cap.per_turn:
                text += ui_text(t, ", and {n} more each turn after", n=cap.per_turn)
            if cap.up_to is not None:
                text += ui_text(t, ", up to {up_to}", up_to=cap.up_to)
            parts.append(text)
        elif cap.turns is not None:
            parts.append(ui_text(t, "{max} ({turns})", max=cap.max, turns=(window or (lambda w: _turns(t, w)))(cap.turns)))
        else:
            parts.append(str(cap.max))
    return "; ".join(parts)


def rule_words(t, game: Game, rule: Restriction, name: str = "", window=None, capital: bool = True) -> str:
    """The restriction as one sentence; `name` (the data's own words, translated) wins;
    `window` says a turn window in words (default: "turns 1-4"); `capital` False: to go on
    after other words (a proper adjective keeps its capital: "German units never …")."""
    if name:
        return name if capital else name[:1].lower() + name[1:]
    window = window or (lambda text: _turns(t, text))
    units = who(t, game, rule.units)
    text = _sentence(t, game, rule, units, window)
    lead = []
    if rule.when == "setup":
        lead.append(ui_text(t, "At set-up"))
    elif rule.when == "arrival":
        lead.append(ui_text(t, "On arrival"))
    if rule.turns is not None:
        lead.append(window(rule.turns))
    if rule.after_event is not None or rule.until_event is not None:
        lead.append(events_words(t, game, rule.after_event, rule.until_event))
    if lead:
        when = " ".join(lead)
        text = ui_text(t, "{when}: {rule}", when=when if capital else when[:1].lower() + when[1:], rule=text)
    if capital:
        return text[:1].upper() + text[1:]
    return text if lead or _starts_proper(t, game, text) else text[:1].lower() + text[1:]


def _starts_proper(t, game: Game, text: str) -> bool:
    """Whether `text` starts with a side's or a nationality's adjective ("German units …")."""
    owners = (*game.sides.values(), *game.nationalities.values())
    return any(text.startswith(name_of(t, owner, "adjective")) for owner in owners if owner.adjective)


def _sentence(t, game: Game, rule: Restriction, units: str, window) -> str:
    unless = ""
    if rule.unless_with is not None:
        unless = " " + ui_text(t, "unless stacked with {others}", others=who(t, game, rule.unless_with))
    if rule.on_links and rule.only_in is not None:
        return ui_text(t, "{units} move only along {links}", units=units,
                       links=places_words(t, game, rule.only_in)) + unless
    if rule.on_links and rule.units.everyone:
        return ui_text(t, "no unit may move along {links}", links=places_words(t, game, rule.never_in or [])) + unless
    if rule.on_links:
        return ui_text(t, "{units} never move along {links}", units=units,
                       links=places_words(t, game, rule.never_in or [])) + unless
    if rule.only_in is not None:
        return ui_text(t, "{units} stand only {places}", units=units, places=places_words(t, game, rule.only_in)) + unless
    if rule.never_in is not None and rule.units.everyone:
        return ui_text(t, "no unit may stand {places}", places=places_words(t, game, rule.never_in)) + unless
    if rule.never_in is not None:
        return ui_text(t, "{units} never stand {places}", units=units, places=places_words(t, game, rule.never_in)) + unless
    if rule.never_with is not None:
        return ui_text(t, "{units} never stack with {others}", units=units, others=who(t, game, rule.never_with))
    if rule.not_used:
        return ui_text(t, "{units} are not used", units=units)
    if rule.as_printed:
        return ui_text(t, "{units} enter by the hex or edge printed on their counter", units=units)
    if rule.strength == "full":
        return ui_text(t, "{units} are at full strength", units=units)
    if rule.strength == "reduced":
        return ui_text(t, "{units} are reduced", units=units)
    if rule.min is not None:
        return _minimum(t, game, rule, units)
    count = cap_words(t, rule.caps, game, window)
    if rule.per == "total":
        return ui_text(t, "{units} {places} together: at most {count}", count=count, units=units,
                       places=places_words(t, game, rule.in_ or []))
    in_boxes = _boxes_only(t, game, rule)
    if in_boxes is not None and rule.stacked_with is None:
        return ui_text(t, "{units} {where}: at most {count}", units=units, where=in_boxes, count=count)
    if _one_spot(rule.in_) and rule.stacked_with is None:
        return ui_text(t, "{units} {where}: at most {count}", units=units, where=places_words(t, game, rule.in_),
                       count=count)
    kinds = {spec.is_area for spec in game.spec.maps}
    if kinds == {True}:
        where = ui_text(t, "in an area")
    elif kinds == {False}:
        where = ui_text(t, "in a hex")
    else:
        where = ui_text(t, "in a hex or area")
    if rule.stacked_with is not None:
        where += " " + ui_text(t, "that holds {others}", others=who(t, game, rule.stacked_with))
    if rule.in_:
        where += " " + places_words(t, game, rule.in_)
    return ui_text(t, "{units} {where}: at most {count}", units=units, where=where, count=count)


def _boxes_only(t, game: Game, rule: Restriction) -> str | None:
    """Where a per-spot count applies when every place named is a box (a box holds pieces, not
    hexes): 'in the box Dead pile', 'in each of the boxes Dead pile, Reserve'; None otherwise."""
    places = rule.in_ or []
    if not places or any(place.boxes is None for place in places):
        return None
    boxes = [box for place in places for box in place.boxes]
    if len(boxes) == 1:
        return places_words(t, game, places)
    return ui_text(t, "in each of the boxes {boxes}", boxes=", ".join(_box(t, game, box) for box in boxes))


def _one_spot(places: list[Place] | None) -> bool:
    """Whether the places are one hex or one area, so that a count per hex or area is a count
    there: "in hex 0303: at most 2", not "in a hex in hex 0303"."""
    if not places or len(places) != 1:
        return False
    place = places[0]
    if place.hexes is not None:
        return len(place.hexes) == 1 and "-" not in place.hexes[0]
    return place.areas is not None and len(place.areas) == 1


def _minimum(t, game: Game, rule: Restriction, units: str) -> str:
    """'garrison units in each area in a place with Key City: at least 1'."""
    places = places_words(t, game, rule.in_ or [])
    if rule.per == "total":
        return ui_text(t, "{units} {places} together: at least {count}", units=units, places=places, count=rule.min)
    in_boxes = _boxes_only(t, game, rule)
    if in_boxes is not None:
        return ui_text(t, "{units} {where}: at least {count}", units=units, where=in_boxes, count=rule.min)
    if _one_spot(rule.in_):
        return ui_text(t, "{units} {where}: at least {count}", units=units, where=places, count=rule.min)
    kinds = {spec.is_area for spec in game.spec.maps}
    if kinds == {True}:
        each = ui_text(t, "in each area")
    elif kinds == {False}:
        each = ui_text(t, "in each hex")
    else:
        each = ui_text(t, "in each hex or area")
    return ui_text(t, "{units} {where}: at least {count}", units=units, where=f"{each} {places}", count=rule.min)
