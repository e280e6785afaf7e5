"""GameText accessors: each pairs a model object with its stable catalog key and its source
text, and prints numbers and codes as written. Checked without a catalog: the translator
below answers every lookup with "key=source", so a case shows at once which key an accessor
asks for and which text it falls back to. Every expected key is written out by hand from
the key shapes of docs/translating.md."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace as NS

import pytest

from generator.i18n import Translator
from generator.i18n.accessors import GameText
from generator.io.loader import load_game
from generator.model.mapdata import Area, Box, NamedLine
from generator.model.restrictions import Restriction
from generator.model.rules import Side
from generator.model.terrain import Terrain
from generator.model.track import Turn

from conftest import FIXTURES


class Keyed(GameText):
    """A translator that prints "key=source" for every game string."""

    def __init__(self, game_model=None, language: str = "en", source_language: str = "en"):
        self.game_model = game_model
        self.language = language
        self.source_language = source_language
        self.asked: list[str] = []

    def game(self, key: str, source_text: str) -> str:
        self.asked.append(key)
        return f"{key}={source_text}"

    def localized(self, text):
        return text


@pytest.fixture(scope="module")
def game():
    loaded = load_game(FIXTURES / "mini")
    assert loaded.game is not None
    return loaded.game


def test_scalar_fields_by_kind_and_field():
    t = Keyed()
    forest = Terrain(id="forest", name="Forest", notes="Dense woods")
    assert t.of(forest) == "terrain.forest.name=Forest"
    assert t.of(forest, "notes") == "terrain.forest.notes=Dense woods"
    assert t.of(Terrain(id="clear", name="Clear"), "notes") == ""  # no text: nothing asked for
    assert t.of(Side(id="blue", name="Blue")) == "side.blue.name=Blue"
    assert t.asked == ["terrain.forest.name", "terrain.forest.notes", "side.blue.name"]


def test_a_maps_title_is_its_own_not_a_scenarios(game):
    t = Keyed(game)
    main = game.maps["main"]
    assert t.of(main, "title") == f"map.main.title={main.title}"


def test_an_inherited_scenario_title_is_translated_under_the_scenario_that_wrote_it(game):
    opening = game.scenario_index["opening"]
    same = dataclasses.replace(opening, scenario_id="replay", extends="opening")
    own = dataclasses.replace(opening, scenario_id="sequel", extends="opening", title="Second moves")
    model = NS(scenario_index={"opening": opening, "replay": same, "sequel": own})
    t = Keyed(model)
    assert t.of(same, "title") == "scenario.opening.title=Opening moves"
    assert t.of(own, "title") == "scenario.sequel.title=Second moves"
    assert t.of(opening, "title") == "scenario.opening.title=Opening moves"
    # a rule the child inherits unchanged keeps the parent's key; the victory text too
    assert t.special_rule(same, 0) == "scenario.opening.special_rule.0=Blue moves first."
    assert t.victory(same, 0) == "scenario.opening.victory.0=Hold Blueton at the end of turn 4."
    rule = opening.special_rules[0]
    red_first = dataclasses.replace(rule, spec=rule.spec.model_copy(update={"text": "Red moves first."}))
    changed = dataclasses.replace(same, special_rules=(red_first,))
    model.scenario_index["replay"] = changed
    assert t.special_rule(changed, 0) == "scenario.replay.special_rule.0=Red moves first."
    assert t.scenario_turn_note(same, 3, 1, "Rain") == "scenario.opening.turn.3.note.1=Rain"


def test_places_boxes_lines_and_edges(game):
    t = Keyed(game)
    blueton = game.hex_index[("main", "0101")]
    assert t.hex_name(blueton) == "hex.main.0101.name=Blueton"
    assert t.place_name(blueton) == "hex.main.0101.name=Blueton"
    assert t.hex_name(dataclasses.replace(blueton, name="")) == ""
    area = Area("board", "north", "Northern hills", 10.0, 20.0, "clear", (), None, (), blueton.where)
    assert t.area_name(area) == "area.board.north.name=Northern hills"
    assert t.place_name(area) == "area.board.north.name=Northern hills"
    assert t.area_name(dataclasses.replace(area, name="")) == ""
    assert t.box_title("dead") == "box.main.dead.name=Dead pile"
    assert t.box_title("nowhere") == "nowhere"  # an unknown box prints its id
    assert t.box_name("main", Box(id="pool", name="Pool")) == "box.main.pool.name=Pool"
    assert t.box_notes("main", Box(id="pool", name="Pool", notes="Face down")) == "box.main.pool.notes=Face down"
    assert t.box_notes("main", Box(id="pool", name="Pool")) == ""
    assert t.setup_code_name(NS(side=None, code="G", name="Garrison")) == "setup_code.all.G.name=Garrison"
    assert t.setup_code_name(NS(side="red", code="G", name="Guards")) == "setup_code.red.G.name=Guards"
    assert t.line_name("main", NamedLine(id="meuse", name="Meuse Line")) == "line.main.meuse.name=Meuse Line"
    assert t.edge_label("main", NS(edge="north", label="To Paris")) == "edge.main.north.label=To Paris"
    assert t.edge_label("main", NS(edge="north", label="")) == ""


def test_turn_track_words():
    t = Keyed(language="es")
    spring = Turn(turn=3, label="Spring", annotations={"Rev": "7", "Reinforcements": "Guards corps"},
                  notes=["Rain", "Mud"])
    assert t.turn_label(spring) == "turn.3.label=Spring"
    # a label that only spells the date is printed in the build's own spelling, untranslated
    assert t.turn_label(Turn(turn=1, label="Aug 1914", date="1914-08")) == "ago 1914"
    assert t.turn_label(Turn(turn=1, date="1914-08")) == "ago 1914"
    assert t.turn_label(Turn(turn=2)) == ""
    assert t.turn_annotation(spring, "Rev") == "turn.3.annotation.Rev=Rev"
    assert t.annotation_value(spring, "Rev") == "7"  # a number as written
    assert t.annotation_value(spring, "Reinforcements") == "turn.3.annotation.Reinforcements.value=Guards corps"
    assert t.turn_note(spring, 1) == "turn.3.note.1=Mud"
    assert t.season("winter") == "season.winter.name=winter"
    assert t.weather("mud") == "weather.mud.name=mud"
    assert t.weather_effect("mud", 2, "Halve movement") == "weather.mud.effect.2=Halve movement"


def _table():
    return NS(id="crt", row_title="Die roll", column_title=None,
              columns=["1:2", "Odds ratio"], rows=["1", "6 or more"],
              cells=[["AE", "frozen"], ["2", "DR"]], entries={"AE": "Attacker eliminated"},
              notes=["Round odds down."], results=[NS(code="DR", meaning="Defender retreats")],
              outputs=[NS(name="Steps lost")], shifts=[NS(condition="Attacking across a river")],
              modifiers=[NS(condition="Armour", value="+1"), NS(condition="Night", value="halve")],
              drms=[NS(condition="In a fort", value="-2"), NS(condition="Surprise", value="one column")])


@pytest.mark.parametrize("call, expected", [
    (lambda t, x: t.table_title(x, "row_title"), "table.crt.row_title=Die roll"),
    (lambda t, x: t.table_title(x, "column_title"), ""),
    (lambda t, x: t.table_title(x, "odds_rounding"), ""),  # a field the table does not have
    (lambda t, x: t.table_column(x, 0), "1:2"),
    (lambda t, x: t.table_column(x, 1), "table.crt.column.1=Odds ratio"),
    (lambda t, x: t.table_row(x, 0), "1"),
    (lambda t, x: t.table_row(x, 1), "table.crt.row.1=6 or more"),
    (lambda t, x: t.table_cell(x, 0, 0), "AE"),  # a result code the entries explain
    (lambda t, x: t.table_cell(x, 0, 1), "table.crt.cell.0.1=frozen"),
    (lambda t, x: t.table_cell(x, 1, 0), "2"),
    (lambda t, x: t.table_note(x, 0), "table.crt.note.0=Round odds down."),
    (lambda t, x: t.table_entry(x, "AE"), "table.crt.entry.AE=Attacker eliminated"),
    (lambda t, x: t.result_meaning(x, "DR"), "table.crt.result.DR=Defender retreats"),
    (lambda t, x: t.table_output(x, 0), "table.crt.output.0=Steps lost"),
    (lambda t, x: t.shift_condition(x, 0), "table.crt.shift.0=Attacking across a river"),
    (lambda t, x: t.modifier_condition(x, 1), "table.crt.modifier.1=Night"),
    (lambda t, x: t.modifier_value(x, 0), "+1"),
    (lambda t, x: t.modifier_value(x, 1), "table.crt.modifier_value.1=halve"),
    (lambda t, x: t.drm_condition(x, 1), "table.crt.drm.1=Surprise"),
    (lambda t, x: t.drm_value(x, 0), "-2"),
    (lambda t, x: t.drm_value(x, 1), "table.crt.drm.1.value=one column"),
])
def test_table_words_by_key_numbers_and_codes_as_written(call, expected):
    assert call(Keyed(), _table()) == expected


def test_dr_is_a_word_to_translate_when_no_entry_explains_it():
    # "DR" has two letters, so it is words; only codes the table's entries explain stay as written
    assert Keyed().table_cell(_table(), 1, 1) == "table.crt.cell.1.1=DR"


def test_movement_combat_and_barred(game):
    t = Keyed(game)
    assert t.movement(Terrain(id="forest", name="Forest", movement="2")) == "2"
    assert t.movement(Terrain(id="swamp", name="Swamp", movement="all")) == "terrain.swamp.movement=all"
    hills = Terrain(id="hills", name="Hills", combat=[{"condition": "Attacked", "effect": "Shift left"}])
    assert t.combat_text(hills, 0, "condition") == "terrain.hills.combat.0.condition=Attacked"
    assert t.combat_text(hills, 0, "effect") == "terrain.hills.combat.0.effect=Shift left"
    blue = game.sides["blue"].name
    assert t.barred(["blue", "cav", "zz"]) == (f"side.blue.name={blue}, "
                                                f"unit_type.cav.name={game.unit_types['cav'].name}, zz")
    assert t.barred(["bl"]) == f"nationality.bl.name={game.nationalities['bl'].name}"


def test_restrictions_stacking_supply_scale_and_titles():
    spec = Restriction(id="guards", max=1, name="One Guards unit a hex")
    t = Keyed(NS(spec=NS(title="Mini War", subtitle=None,
                         stacking=NS(notes=["Count corps only."]), supply=NS(summary=["Trace 4 hexes."]))))
    assert t.restriction_name(NS(spec=spec, scenario_id=None)) == "restriction.guards.name=One Guards unit a hex"
    assert t.restriction_name(NS(spec=spec, scenario_id="opening")) == (
        "scenario.opening.restriction.guards.name=One Guards unit a hex")
    assert t.restriction_name(NS(spec=Restriction(id="guards", max=1), scenario_id=None)) == ""
    assert t.stacking_limit(1, NS(name="at most 6 steps")) == "stacking.limit.1.name=at most 6 steps"
    assert t.stacking_limit(1, NS(name=None)) == ""
    assert t.stacking_note(0) == "stacking.note.0=Count corps only."
    assert t.supply_summary(0) == "supply.summary.0=Trace 4 hexes."
    assert t.scale("hex", "5 km") == "game.scale.hex=5 km"
    assert t.entry("Zhukov card") == "entry.Zhukov card=Zhukov card"
    assert t.entry("0507") == "0507"
    assert t.entry("E") == "E"  # one letter is a code
    assert t.title() == "game.title=Mini War"
    assert t.subtitle() == ""
    t.game_model.spec.subtitle = "Blue against Red"
    assert t.subtitle() == "game.subtitle=Blue against Red"


def test_groups_markers_decks_and_cards(game):
    t = Keyed(game)
    deployment = NS(scenario_id="opening")
    assert t.group_name(deployment, NS(group_id="north", spec=NS(name="Northern army"))) == (
        "scenario.opening.group.north.name=Northern army")
    assert t.group_name(deployment, NS(group_id="north", spec=NS(name=None))) == ""
    turn, control = game.marker_index["turn"], game.marker_index["control-red"]
    assert t.marker_text(turn) == "marker.turn.text=Turn"  # its own front text
    assert t.marker_text(dataclasses.replace(turn, text="Game turn")) == "marker.turn.name=Game turn"
    assert t.marker_text(dataclasses.replace(turn, text="")) == "marker.turn.name=Game turn"
    assert t.marker_back_text(control) == ""
    assert t.marker_back_text(dataclasses.replace(control, back_text="Blue")) == "marker.control-red.back_text=Blue"
    events = next(d for d in game.spec.decks if d.id == "blue-events")
    assert t.deck_back(events) == "deck.blue-events.back_label=Blue events"
    assert t.deck_back(NS(id="x", back=NS(label=None))) == ""
    assert t.deck_flag(events, NS(id="once", name="Once only")) == "deck.blue-events.flag.once.name=Once only"
    assert t.deck_field(events, NS(id="turn", name="Turn")) == "deck.blue-events.field.turn.name=Turn"
    rally = next(c for c in game.cards if c.card_id == "rally")
    assert t.card_title(rally) == "deck.blue-events.rally.title=Rally"
    assert t.card_text(rally) == "deck.blue-events.rally.text=Flip one reduced Blue unit back to its full side."
    blank = dataclasses.replace(rally, title="", text="")
    assert (t.card_title(blank), t.card_text(blank)) == ("", "")
    valued = dataclasses.replace(rally, values={"turn": "2", "requires": "Blueton", "cost": "Two armies"})
    assert t.card_value(valued, NS(id="turn", kind="number")) == "2"
    assert t.card_value(valued, NS(id="requires", kind="list")) == "deck.blue-events.rally.requires=Blueton"
    assert t.card_value(valued, NS(id="cost", kind="squares")) == "Two armies"  # drawn, never read
    assert t.card_value(valued, NS(id="missing", kind="text")) == ""


def test_the_real_translator_prints_the_spanish_of_each_key(game):
    t = Translator.for_game(game, "es")
    assert t.box_title("dead") == "Montón de fichas muertas"
    assert t.of(game.spec.tables[0]) == "Tabla de Resultados del Combate"
    assert t.warnings == []
