"""game_strings: every translatable string of a game under its stable key."""

from __future__ import annotations

from generator.i18n import game_strings
from generator.i18n.extract import game_template
from i18n_helpers import load

MINI_KEYS = [
    ("game.title", "Mini War"),
    ("side.blue.name", "Blue"),
    ("side.red.name", "Red"),
    ("nationality.bl.name", "Blueland"),
    ("nationality.rd.name", "Redland"),
    ("nationality.gy.name", "Greyland"),
    ("unit_type.inf.name", "Infantry"),
    ("unit_type.cav.name", "Cavalry"),
    ("unit_type.art.name", "Heavy artillery"),
    ("size.XXX.name", "Corps"),
    ("size.XX.name", "Division"),
    ("size.II.name", "Battalion"),
    ("stacking.limit.0.name", "at most 2 corps"),
    ("stacking.limit.1.name", "at most 6 steps"),
    ("terrain.clear.name", "Clear"),
    ("terrain.forest.name", "Forest"),
    ("terrain.sea.name", "Sea"),
    ("hexside_feature.river.name", "River"),
    ("hex_feature.city.name", "City"),
    ("region.blueland.name", "Blueland"),
    ("region.redland.name", "Redland"),
    ("region.neutralia.name", "Neutralia"),
    ("factor_layout.adm.name", "Attack-defence-movement"),
    ("factor_layout.cav.name", "Cavalry"),
    ("counter_code.0.name", "set-up hex"),
    ("counter_code.1.name", "entry turn"),
    ("map.main.title", "Mini map"),
    ("box.main.dead.name", "Dead pile"),
    ("hex.main.0101.name", "Blueton"),
    ("hex.main.0505.name", "Redburg"),
    ("turn.1.label", "Spring"),
    ("turn.2.label", "Summer"),
    ("turn.3.label", "Autumn"),
    ("turn.3.annotation.Victory check", "Victory check"),
    ("turn.3.annotation.Victory check.value", "yes"),
    ("turn.4.label", "Winter"),
    ("table.crt.name", "Combat Results Table"),
    ("phase.events.name", "Events phase"),
    ("phase.blue-turn.name", "Blue player turn"),
    ("phase.blue-move.name", "Movement"),
    ("phase.blue-combat.name", "Combat"),
    ("scenario.opening.title", "Opening moves"),
    ("scenario.opening.special_rule.0", "Blue moves first."),
    ("scenario.opening.victory.0", "Hold Blueton at the end of turn 4."),
    ("marker.turn.name", "Game turn"),
    ("marker.turn.text", "Turn"),
    ("marker.control-red.name", "Red control"),
    ("marker.control-red.text", "Control"),
    ("deck.blue-events.name", "Blue event cards"),
    ("deck.blue-events.back_label", "Blue events"),
    ("deck.blue-events.flag.must_play.name", "Must be played"),
    ("deck.blue-events.flag.once.name", "Once per game"),
    ("deck.blue-events.field.turn.name", "Turn"),
    ("deck.blue-events.field.requires.name", "Requires"),
    ("deck.blue-events.ambush.title", "Ambush"),
    ("deck.blue-events.ambush.text", "Shift one combat a column to the left."),
    ("deck.blue-events.rally.title", "Rally"),
    ("deck.blue-events.rally.text", "Flip one reduced Blue unit back to its full side."),
    ("deck.blue-events.rally.requires", "Blueton"),  # a list field's words; the number fields are not extracted
    ("deck.blue-events.storm.title", "Storm"),
    ("deck.blue-events.storm.text", "Neither side may move this turn."),
    ("deck.supply.name", "Supply chits"),
    ("deck.supply.back_label", "Supply"),
    ("deck.supply.field.points.name", "Supply points"),
    ("deck.supply.depot.title", "Depot"),
    ("deck.supply.depot.text", "Keep this chit until used."),
    ("deck.supply.empty.title", "Empty"),
    ("designation.Cav", "Cav"),  # a word of a designation ("1 Cav"); "HA", "1" are codes
    ("game.source", "test fixture (illustrative values)"),  # the designer's prose of the appendix
    ("deck.blue-events.source", "illustrative"),
    ("unit.b1.source", "illustrative"),  # every unit gives it: once, keyed by the first
]


def test_extract_lists_every_translatable_string_of_mini(mini):
    assert [(s.key, s.source) for s in game_strings(load(mini))] == MINI_KEYS


def test_each_string_says_what_and_where_it_is(mini):
    strings = {s.key: s for s in game_strings(load(mini))}
    hex_name = strings["hex.main.0101.name"]
    assert hex_name.comment == "Place name in hex 0101 of map 'main'"
    assert (hex_name.where.file, hex_name.where.line) == ("map/hexes.csv", 2)
    annotation = strings["turn.3.annotation.Victory check"]
    assert annotation.comment == "Turn 3: name of an annotation in the turn box (its value: 'yes')"
    assert annotation.where.file == "game.yaml" and annotation.where.line == 77
    assert strings["phase.blue-move.name"].comment == "Sequence of play: step 'blue-move' of 'blue-turn'"


def test_template_uses_key_as_msgctxt_and_source_as_msgid(mini):
    template = game_template(load(mini))
    forest = next(m for m in template if m.context == "terrain.forest.name")
    assert forest.id == "Forest"
    assert forest.auto_comments == ["Terrain type (terrain effects chart, map key) 'forest'"]
    assert forest.locations == [("game.yaml", 54)]


def test_tables_give_titles_notes_entries_results_drms_and_worded_headings(mini):
    mini.replace("game.yaml", "    below: \"E/0\"\n", """    below: "E/0"
    row_title: Die roll
    results: [{code: E, meaning: Eliminated}]
    drms: [{value: "-1", condition: Defender in a city, rule: "13.13"}, {value: "+1 per level", condition: Odds above 3:1}]
    notes: [Roll one die.]
""")
    mini.replace("game.yaml", "sequence_of_play:", """  - id: weather
    kind: dice
    name: Weather Table
    columns: [Summer, "1915"]
    rows: [1, 2]
    cells: ["C M", "M S"]
    entries: {C: Clear, M: Mud, S: Snow}
sequence_of_play:""")
    keys = {s.key: s.source for s in game_strings(load(mini))}
    assert keys["table.crt.row_title"] == "Die roll"
    assert keys["table.crt.result.E"] == "Eliminated"
    assert keys["table.crt.drm.0"] == "Defender in a city"
    assert keys["table.crt.drm.1"] == "Odds above 3:1"
    assert keys["table.crt.drm.1.value"] == "+1 per level"
    assert "table.crt.drm.0.value" not in keys  # "-1" has no words
    assert keys["table.crt.note.0"] == "Roll one die."
    assert keys["table.weather.entry.M"] == "Mud"
    assert keys["table.weather.column.0"] == "Summer"
    assert "table.weather.column.1" not in keys and "table.crt.column.0" not in keys  # "1915", "1:1"


def test_a_turn_label_that_only_spells_its_date_is_not_extracted(mini):
    mini.replace("game.yaml", "{turn: 1, label: Spring}", "{turn: 1, label: Aug 1914, date: 1914-08}")
    mini.replace("game.yaml", "{turn: 2, label: Summer}", "{turn: 2, label: Nov/Dec 1914, date: 1914-11}")
    keys = {s.key: s for s in game_strings(load(mini))}
    assert "turn.1.label" not in keys
    assert keys["turn.2.label"].comment == "Label of turn 2 on the turn track (date 1914-11)"


def test_an_inherited_special_rule_is_keyed_by_the_scenario_that_wrote_it(mini):
    mini.write("scenarios/short.yaml", "extends: opening\ntitle: Short game\nend_turn: 2\n")
    keys = [s.key for s in game_strings(load(mini))]
    assert "scenario.short.title" in keys
    assert "scenario.opening.special_rule.0" in keys
    assert not any(k.startswith("scenario.short.special_rule") or k.startswith("scenario.short.victory") for k in keys)


def test_units_with_names_and_marker_backs(mini):
    mini.write("units.csv", mini.read("units.csv").replace("id,nationality,", "id,name,nationality,")
               .replace("\nb1,", "\nb1,First Blue Corps,").replace("\nb2,", "\nb2,,").replace("\nb3,", "\nb3,,")
               .replace("\nb4,", "\nb4,,").replace("\nr1,", "\nr1,,").replace("\nr2,", "\nr2,,").replace("\nr3,", "\nr3,,"))
    mini.replace("markers.csv", "turn,Game turn,Turn,,", "turn,Game turn,Turn,Turn (reverse),")
    keys = {s.key: s.source for s in game_strings(load(mini))}
    assert keys["unit.b1.name"] == "First Blue Corps"
    assert "unit.b2.name" not in keys
    assert keys["marker.turn.back_text"] == "Turn (reverse)"
