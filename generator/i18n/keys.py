"""The stable keys of a game's translatable strings: the one place that knows their shape.

A key names *what* a string is (`terrain.forest.name`, `turn.6.label`), never what it says,
so a translation stays attached when the English text is edited (it is then marked fuzzy
for review) and is not confused with another string that happens to read the same
("Retreat" the combat result, "Withdrawal" the scheduled removal: both "Retirada").

Both extraction (`strings.game_strings`) and lookup (`Translator`) build keys here.
"""

from __future__ import annotations

from generator.model.decks import Card, DeckSpec
from generator.model.mapdata import Box, MapSheet, MapSpec, NamedLine
from generator.model.restrictions import Event, Restriction
from generator.model.rules import FactorLayout, Nationality, Side, Size, UnitState, UnitType
from generator.model.scenario import Scenario
from generator.model.tables import AttritionTable, DiceTable, OddsCrt, ValueTable
from generator.model.terrain import HexFeature, HexsideFeature, Region, Terrain
from generator.model.track import NumberTrack, Phase, TrackPhase
from generator.model.units import Marker, Unit
from generator.model.variants import Parameter, ScenarioRule

# model class -> (key prefix, attribute holding its id)
KINDS: dict[type, tuple[str, str]] = {
    Side: ("side", "id"),
    Nationality: ("nationality", "id"),
    UnitType: ("unit_type", "id"),
    Size: ("size", "id"),
    Terrain: ("terrain", "id"),
    HexsideFeature: ("hexside_feature", "id"),
    HexFeature: ("hex_feature", "id"),
    Region: ("region", "id"),
    MapSpec: ("map", "id"),
    MapSheet: ("sheet", "id"),
    Phase: ("phase", "id"),
    TrackPhase: ("track_phase", "id"),
    NumberTrack: ("number_track", "id"),
    OddsCrt: ("table", "id"),
    DiceTable: ("table", "id"),
    ValueTable: ("table", "id"),
    AttritionTable: ("table", "id"),
    Scenario: ("scenario", "scenario_id"),
    Unit: ("unit", "unit_id"),
    Marker: ("marker", "marker_id"),
    ScenarioRule: ("scenario_rule", "id"),
    Parameter: ("parameter", "id"),
    DeckSpec: ("deck", "id"),
    UnitState: ("unit_state", "id"),
    Restriction: ("restriction", "id"),
    Event: ("event", "id"),
    FactorLayout: ("factor_layout", "id"),
}


def scenario_restriction(scenario_id: str, restriction_id: str) -> str:
    """A restriction's printed words as a scenario (re)writes it."""
    return f"scenario.{scenario_id}.restriction.{restriction_id}.name"


def of(obj, field: str = "name") -> str:
    """The key of a scalar field of a model object: of(terrain) -> 'terrain.forest.name'."""
    try:
        prefix, id_attr = KINDS[type(obj)]
    except KeyError:
        raise TypeError(f"{type(obj).__name__} has no translatable fields; see generator/i18n/keys.py") from None
    return f"{prefix}.{getattr(obj, id_attr)}.{field}"


def combat_item(entry, index: int, field: str) -> str:
    """The words of a terrain's or feature's combat effect: terrain.mountain.combat.1.condition."""
    return f"{of(entry, 'combat')}.{index}.{field}"


def game(field: str) -> str:
    return f"game.{field}"


def scale(name: str) -> str:
    return f"game.scale.{name}"


def annotation_value(turn: int, name: str) -> str:
    """The value of a turn-box annotation when it holds words ("Russian Guards corps")."""
    return f"turn.{turn}.annotation.{name}.value"


def entry(text: str) -> str:
    """Where a reinforcement enters, when that is words rather than a hex ("Zhukov card", "port")."""
    return f"entry.{text}"


def stacking_limit(index: int) -> str:
    return f"stacking.limit.{index}.name"


def stacking_note(index: int) -> str:
    return f"stacking.note.{index}"


def supply_summary(index: int) -> str:
    return f"supply.summary.{index}"


def box(map_id: str, box_or_id: Box | str) -> str:
    return f"box.{map_id}.{_id(box_or_id)}.name"


def box_notes(owner_id: str, box_or_id: Box | str) -> str:
    return f"box.{owner_id}.{_id(box_or_id)}.notes"


def setup_code(side: str | None, code: str) -> str:
    """A set-up code's description; codes of every side use 'all'."""
    return f"setup_code.{side or 'all'}.{code}.name"


def squares_name(map_id: str) -> str:
    return f"map.{map_id}.squares_name"


def line(map_id: str, line_or_id: NamedLine | str) -> str:
    return f"line.{map_id}.{_id(line_or_id)}.name"


def edge(map_id: str, edge_name: str) -> str:
    return f"edge.{map_id}.{edge_name}.label"


def hex_name(map_id: str, hex_id: str) -> str:
    return f"hex.{map_id}.{hex_id}.name"


def area_name(map_id: str, area_id: str) -> str:
    return f"area.{map_id}.{area_id}.name"


def turn_label(turn: int) -> str:
    return f"turn.{turn}.label"


def turn_annotation(turn: int, name: str) -> str:
    """The *name* of an annotation in a turn box ("Replacements"); values are data."""
    return f"turn.{turn}.annotation.{name}"


def turn_note(turn: int, index: int) -> str:
    return f"turn.{turn}.note.{index}"


def season(value: str) -> str:
    return f"season.{value}.name"


def weather(value: str) -> str:
    return f"weather.{value}.name"


def weather_effect(value: str, index: int) -> str:
    return f"weather.{value}.effect.{index}"


def table_field(table_id: str, field: str) -> str:
    """name, row_title, column_title, odds_rounding."""
    return f"table.{table_id}.{field}"


def table_item(table_id: str, kind: str, index_or_code) -> str:
    """kind: column, row, note, entry (dice-table result code), result (CRT code), drm."""
    return f"table.{table_id}.{kind}.{index_or_code}"


def drm_value(table_id: str, index: int) -> str:
    return f"table.{table_id}.drm.{index}.value"


def scenario_item(scenario_id: str, kind: str, index: int) -> str:
    """kind: special_rule, victory, withdrawal, arrival."""
    return f"scenario.{scenario_id}.{kind}.{index}"


def counter_code_entry(index: int, code: str) -> str:
    """What an entry code means (counter_codes[index].entries[code])."""
    return f"counter_code.{index}.entry.{code}"


def counter_code_name(index: int) -> str:
    """What a form of corner code is (counter_codes[index].name): "set-up hex"."""
    return f"counter_code.{index}.name"


def counter_code_arrival(index: int) -> str:
    """What an event code's arrival means to the players (counter_codes[index].arrival)."""
    return f"counter_code.{index}.arrival"


def annotation(name: str) -> str:
    """An annotation name a scenario gives on its track that no turn of the game has."""
    return f"annotation.{name}"


def scenario_turn_note(scenario_id: str, turn: int, index: int) -> str:
    """A note a scenario adds to one turn of its track."""
    return f"scenario.{scenario_id}.turn.{turn}.note.{index}"


def scenario_row_note(scenario_id: str, field: str, index: int) -> str:
    """The note on one row of a scenario's set-up or reinforcements (`field`: "setup" or
    "reinforcements"), by the row's place in the list."""
    return f"scenario.{scenario_id}.{field}.{index}.notes"


def face_mark(mark: str) -> str:
    """What a mark printed on a counter face means (`face_marks`): "*" on WEF's counters."""
    return f"face_mark.{mark}"


def deployment_group(scenario_id: str, group_id: str) -> str:
    """The name of a deployment group, under the scenario that declared the deployment."""
    return f"scenario.{scenario_id}.group.{group_id}.name"


def deck_back(deck: DeckSpec) -> str:
    return f"deck.{deck.id}.back_label"


def deck_flag(deck: DeckSpec, flag_id: str) -> str:
    return f"deck.{deck.id}.flag.{flag_id}.name"


def deck_flag_mark(deck: DeckSpec, flag_id: str) -> str:
    """A flag's short mark on the chits when it holds letters (an abbreviation: "U" for Unit)."""
    return f"deck.{deck.id}.flag.{flag_id}.mark"


def deck_field(deck: DeckSpec, field_id: str) -> str:
    return f"deck.{deck.id}.field.{field_id}.name"


def card(card: Card, field: str) -> str:
    """A card's or chit's title, text or text field: deck.<deck>.<card>.<field>."""
    return f"deck.{card.deck_id}.{card.card_id}.{field}"


def kind_of(key: str) -> str:
    """The first segment: 'terrain', 'turn', 'table' …"""
    return key.split(".", 1)[0]


def _id(obj_or_id) -> str:
    return obj_or_id if isinstance(obj_or_id, str) else obj_or_id.id
