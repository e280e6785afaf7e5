"""What a scenario sets up, ready to print: cards for the units in hexes (grouped by side,
nationality and formation), in boxes and arriving later, and for the markers; the counters
stacked in each hex for the setup map; and the stacking checks run for the scenario."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from generator.components.counter_hook import marker_counter, unit_counter
from generator.components.setup_map import Piece
from generator.components.text import game_text, turn_name, turn_word, ui_text
from generator.i18n import keys
from generator.i18n.marks import N_
from generator.i18n.strings import entry_area, has_words
from generator.model.scenario import Scenario
from generator.model.units import Unit


@dataclass(frozen=True)
class Card:
    """One counter of the chart with its lines of text."""

    anchor: str  # "unit:<id>", "marker:<id>:<n>" or "arrival:<id>"
    draw: object  # (x, y, size) -> Group
    name: str
    where: str  # hex and place, box, turn or entry
    detail: str = ""


# -- what the scenario sets up ------------------------------------------------------------

def unit_name(context, unit: Unit) -> str:
    t = game_text(context)
    return t.of(unit) if unit.name else t.designation(unit.designation)


def place(context, map_id: str, hex_id: str) -> str:
    """'3036 Paris': the hex and its place name on that map, in the build's language; an
    area of an area map by its name alone (its id when it has none)."""
    found = context.game.place(map_id, hex_id)
    name = game_text(context).place_name(found) if found is not None else ""
    spec = context.game.maps.get(map_id)
    if spec is not None and spec.is_area:
        return name or hex_id
    return f"{hex_id} {name}" if name else hex_id


def entry_name(context, scenario: Scenario, entry: str) -> str:
    """Where a reinforcement enters, in the build's language: an area of the scenario's area
    map by its name (or its id, or its name as written), an entry code by what it means
    (`counter_codes[].entries`: "E", the east map edge), a hex of the scenario's map as
    '1415 Cologne', anything else (words: translated) as written."""
    game, t = context.game, game_text(context)
    area = entry_area(game, scenario, entry)
    if area is not None:
        return t.area_name(area) or entry
    meaning = entry_code(context, entry)
    if meaning is not None:
        return meaning
    if game.place(scenario.map_id, entry) is not None:
        return place(context, scenario.map_id, entry)
    return t.entry(entry)


def entry_code(context, entry: str) -> str | None:
    """What an entry code means (`counter_codes[].entries`), in the build's language; None
    when `entry` is not a code."""
    for n, form in enumerate(context.game.spec.counter_codes):
        if entry in form.entries:
            return game_text(context).game(keys.counter_code_entry(n, entry), form.entries[entry])
    return None


def short_code(context, entry: str) -> bool:
    """An entry code a turn box may print as itself: a code of letters too short to be a
    word in any language ("E", "P"), its meaning explained under the track."""
    return entry_code(context, entry) is not None and not has_words(entry)


def arrival_entry(context, scenario: Scenario, arrival, short: bool = False) -> str:
    """Where a reinforcement enters: its entry (entry_name) and the area it comes from along a
    link (`via`), else the box it arrives in (GWNE 6.1), else nothing. `short`: an entry code
    as the code itself (a turn box's label, the codes explained under the track), unless the
    code is a word ("port"), which is said in the build's language instead."""
    if arrival.entry and short and short_code(context, arrival.entry):
        return arrival.entry
    if arrival.entry and arrival.via:
        return ui_text(context, "{entry}, from {via}", entry=entry_name(context, scenario, arrival.entry),
                       via=entry_name(context, scenario, arrival.via))
    if arrival.entry:
        return entry_name(context, scenario, arrival.entry)
    return game_text(context).box_title(arrival.box) if arrival.box else ""


def steps_detail(context, unit: Unit, steps: int | None) -> str:
    if steps is None or steps >= unit.steps or unit.steps <= 1:
        return ""
    if context.game.is_block(unit):  # a block's strength is in strength points, shown by turning it
        return ui_text(context, "{steps} of {full} SP", steps=steps, full=unit.steps)
    return ui_text(context, "{steps} of {full} steps", steps=steps, full=unit.steps)


def unit_card(context, anchor: str, unit: Unit, steps: int | None, where: str, extra: str = "") -> Card:
    def draw(x, y, size, unit=unit, steps=steps):
        return unit_counter(context.game, unit, x, y, size, context.translator, steps)

    detail = " · ".join(x for x in (steps_detail(context, unit, steps), extra) if x)
    return Card(anchor, draw, unit_name(context, unit), where, detail)


def states(context, placement) -> str:
    """The unit states a unit starts in, by name ('Disorganised, Immobilised')."""
    known = context.game.unit_states
    return ", ".join(game_text(context).of(known[s]) for s in placement.state if s in known)


def arrival_phase(context, arrival) -> str:
    """The turn-track phase an arrival enters in, in the build's language ('' for none)."""
    phase = next((p for p in context.game.spec.turn_track.phases if p.id == arrival.phase), None)
    return game_text(context).of(phase) if phase is not None else ""


def row_note(context, scenario: Scenario, field: str, index: int) -> str:
    """The note on a row of the scenario's set-up or reinforcements (`field`), in the build's
    language ('' for none)."""
    return game_text(context).row_note(scenario, field, index)


def _and_note(*parts: str) -> str:
    return " · ".join(x for x in parts if x)


def formation(context, unit: Unit) -> str:
    """The formation a unit is grouped under inside its nationality ('' for none)."""
    if unit.army:
        return ui_text(context, "Army {army}", army=unit.army)
    if unit.parent:
        parent = unit.parent if unit.parent.startswith("/") else f"/{unit.parent}"
        return ui_text(context, "Formation {parent}", parent=parent)
    return ""


def deployment(context, scenario: Scenario):
    """Units set up in hexes, grouped: [(side, [(nationality, [(formation, [Card])])])],
    in the order of game.yaml; within a group, in the order of the scenario."""
    game = context.game
    grouped: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for n, placement in enumerate(scenario.setup):
        unit = game.unit_index.get(placement.unit_id)
        if unit is None or placement.place is None:
            continue
        where = place(context, placement.map_id or scenario.map_id, placement.place)
        card = unit_card(context, f"unit:{unit.unit_id}", unit, placement.steps, where,
                         _and_note(states(context, placement), row_note(context, scenario, "setup", n)))
        grouped[game.side_of(unit)][unit.nationality][formation(context, unit)].append(card)
    out = []
    for side in sorted(game.spec.sides, key=lambda s: s.id != scenario.first_side):  # who plays first, first
        nations = []
        for nationality in game.spec.nationalities:
            groups = grouped[side.id].get(nationality.id)
            if groups:
                nations.append((nationality, sorted(groups.items(), key=lambda item: _formation_order(item[0]))))
        if nations:
            out.append((side, nations))
    return out


def _formation_order(label: str):
    digits = re.findall(r"\d+", label)
    return (label == "", int(digits[0]) if digits else 0, label)


def boxed(context, scenario: Scenario) -> list[tuple[str, list[Card]]]:
    """Units set up in boxes, by box (in the map's order of boxes)."""
    game, t = context.game, game_text(context)
    by_box: dict[str, list[Card]] = defaultdict(list)
    for n, placement in enumerate(scenario.setup):
        unit = game.unit_index.get(placement.unit_id)
        if unit is not None and placement.box:
            extra = _and_note(states(context, placement), row_note(context, scenario, "setup", n))
            by_box[placement.box].append(unit_card(context, f"unit:{unit.unit_id}", unit, placement.steps,
                                                   t.box_title(placement.box), extra))
    order = list(game.boxes)
    return [(t.box_title(box), by_box[box]) for box in sorted(by_box, key=lambda b: order.index(b) if b in order else 0)]


def marker_cards(context, scenario: Scenario) -> list[Card]:
    game, t = context.game, game_text(context)
    cards = []
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if marker is None:
            continue
        if placed.track is not None:
            from generator.components.scenario_sheet import marker_start  # local: it imports this module
            where = marker_start(context, scenario, placed)
        elif placed.place:
            where = place(context, scenario.map_id, placed.place)
        elif placed.box:
            where = t.box_title(placed.box)
        else:
            where = _turn(context, placed.turn)

        back = placed.shows_back(marker)  # the scenario's face, else a two-sided marker's side's

        def draw(x, y, size, marker=marker, back=back):
            return marker_counter(game, marker, x, y, size, context.translator, back)

        face = t.marker_back_text(marker) if back and marker.back_text else t.marker_text(marker)
        if not back:  # its name ("Turkish Surrender"): the counter beside it shows its face ("TS")
            face = t.of(marker) or face
        cards.append(Card(f"marker:{marker.marker_id}:{number}", draw, face, where))
    return cards


def _turn(context, turn: int | None) -> str:
    if turn is None:
        return ""
    track = context.game.spec.turn_track
    found = next((x for x in track.turns if x.turn == turn), None)
    label = game_text(context).turn_label(found) if found is not None else ""
    word = turn_word(context)
    if found is not None and (found.letter or not track.show_numbers):  # GWNE 3.1: "Turn G"
        return f"{word} {turn_name(context, turn)}"
    return f"{word} {turn} ({label})" if label else f"{word} {turn}"


def arrivals(context, scenario: Scenario) -> list[tuple[str, list[Card]]]:
    """Reinforcements by turn of arrival."""
    game = context.game
    by_turn: dict[int, list[Card]] = defaultdict(list)
    for n, arrival in enumerate(scenario.reinforcements):
        unit = game.unit_index.get(arrival.unit_id)
        if unit is None:
            continue
        # SotE: the operation phase it enters in
        where = ", ".join(x for x in (arrival_entry(context, scenario, arrival), arrival_phase(context, arrival)) if x)
        entry = ui_text(context, "enters: {entry}", entry=where) if where else ""
        by_turn[arrival.turn].append(unit_card(context, f"arrival:{unit.unit_id}", unit, arrival.steps, entry,
                                               row_note(context, scenario, "reinforcements", n)))
    return [(_turn(context, turn), by_turn[turn]) for turn in sorted(by_turn)]


def waiting(context, scenario: Scenario) -> list[tuple[str, list[Card]]]:
    """Units that arrive when something happens (a card, an event, a marker), by trigger."""
    from generator.components.triggers import conditional_arrivals  # local: it imports panel drawing

    out = []
    for n, group in enumerate(conditional_arrivals(context, scenario)):
        cards = [unit_card(context, f"waiting:{n}:{unit.unit_id}", unit, None, "") for unit in group.units]
        if cards:
            out.append((ui_text(context, "Arrive {condition}", condition=group.when), cards))
    return out


def stacks(context, scenario: Scenario) -> dict[str, dict[str, list[Piece]]]:
    """map id -> hex (or area) id -> the counters set up there (units, then markers)."""
    game = context.game
    out: dict[str, dict[str, list[Piece]]] = defaultdict(lambda: defaultdict(list))
    for placement in scenario.setup:
        unit = game.unit_index.get(placement.unit_id)
        if unit is not None and placement.place:
            out[placement.map_id or scenario.map_id][placement.place].append(
                Piece(f"unit:{unit.unit_id}", unit=unit, steps=placement.steps))
    for number, placed in enumerate(scenario.markers):
        marker = game.marker_index.get(placed.marker_id)
        if marker is not None and placed.place:
            out[scenario.map_id][placed.place].append(Piece(f"marker:{marker.marker_id}:{number}", marker=marker))
    return {map_id: dict(hexes) for map_id, hexes in out.items() if map_id in game.maps}


# -- the stacking check -----------------------------------------------------------------

STACKING_WORDS = {
    "stacking.setup-limit": N_("over a stacking limit"),
    "stacking.type-limit": N_("too many units of one type"),
    "stacking.enemy": N_("units of both sides"),
    "stacking.nationalities": N_("nationalities that may not stack together"),
}


def stacking_issues(context, scenario: Scenario) -> list[tuple[str, str]]:
    """(hex id, what is wrong) for every issue the stacking checks find at set-up, in the
    build's language (warkit's own messages, in full, when it is English)."""
    import generator.validation.rules  # noqa: F401 - registers the checks
    from generator.validation.registry import RULES, Context

    check = Context(context.game, (scenario.scenario_id,))
    found = []
    for registered in RULES:
        if not registered.code.startswith("stacking."):
            continue
        for issue in registered.check(check):
            match = re.search(r"\b(?:hex|area) (\S+?)(?=[\s,;:]|$)", issue.message)
            hex_id = match.group(1) if match else ""
            if context.translator.translates_ui:
                words = ui_text(context, STACKING_WORDS[issue.code]) if issue.code in STACKING_WORDS else issue.code
                found.append((hex_id, f"{hex_id}: {words}" if hex_id else words))
            else:
                found.append((hex_id, issue.message))
    return found
