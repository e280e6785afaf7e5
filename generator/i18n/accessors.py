"""Convenience lookups so components never build keys: `t.of(terrain)`, `t.turn_label(turn)`.

Each method pairs a model object with its key (from `keys`) and its source text, and asks
`Translator.game` for the text to print in the translator's language.
"""

from __future__ import annotations

from generator.i18n import designations, keys
from generator.i18n.formatting import format_turn_date, label_is_date
from generator.i18n.strings import has_letters, has_words, scenario_owner
from generator.model.clauses import CLAUSE_KINDS
from generator.model.decks import Card, DeckSpec
from generator.model.mapdata import Area, Box, Hex, NamedLine
from generator.model.scenario import Scenario
from generator.model.track import Turn
from generator.model.units import Marker


class GameText:
    """Mixed into Translator, which provides `game(key, source_text)`, `language`,
    `source_language` and `game_model` (the Game, for scenarios that extend others)."""

    def game(self, key: str, source_text: str) -> str:  # pragma: no cover - provided by Translator
        raise NotImplementedError

    def localized(self, text):  # pragma: no cover - provided by Translator
        raise NotImplementedError

    def of(self, obj, field: str = "name") -> str:
        """A scalar field of a side, nationality, unit type, size, terrain, feature, region,
        map (title), phase, table, scenario, unit or marker: t.of(terrain), t.of(phase, "notes")."""
        text = getattr(obj, field)
        if isinstance(obj, Scenario) and field in ("title", "description"):
            return self.game(keys.of(scenario_owner(self.game_model, obj, field), field), text)
        return self.game(keys.of(obj, field), text) if text else ""

    # --- maps
    def hex_name(self, hex_: Hex) -> str:
        return self.game(keys.hex_name(hex_.map_id, hex_.hex_id), hex_.name) if hex_.name else ""

    def area_name(self, area: Area) -> str:
        return self.game(keys.area_name(area.map_id, area.area_id), area.name) if area.name else ""

    def place_name(self, place: Hex | Area) -> str:
        """The name printed for a hex or an area ('' when it has none)."""
        return self.area_name(place) if isinstance(place, Area) else self.hex_name(place)

    def box_name(self, map_id: str, box: Box) -> str:
        return self.game(keys.box(map_id, box), box.name)

    def box_title(self, box_id: str) -> str:
        """The name of a box of any map or sheet, by id (the id itself when unknown)."""
        game = self.game_model
        box = game.boxes.get(box_id)
        return self.box_name(game.box_owner[box_id], box) if box is not None else box_id

    def box_notes(self, owner_id: str, box: Box) -> str:
        return self.game(keys.box_notes(owner_id, box), box.notes) if box.notes else ""

    def setup_code_name(self, code) -> str:
        return self.game(keys.setup_code(code.side, code.code), code.name)

    def line_name(self, map_id: str, line: NamedLine) -> str:
        return self.game(keys.line(map_id, line), line.name)

    def edge_label(self, map_id: str, edge) -> str:
        return self.game(keys.edge(map_id, edge.edge), edge.label) if edge.label else ""

    # --- turn track
    def turn_label(self, turn: Turn) -> str:
        """The label to print in a turn box: a date label in the locale's spelling ("ago
        1914"), else the translated label; the date alone when there is no label."""
        if turn.label is None or label_is_date(turn.label, turn.date, self.source_language):
            return self.localized(format_turn_date(turn.date, self.language)) or turn.label or ""
        return self.game(keys.turn_label(turn.turn), turn.label)

    def turn_annotation(self, turn: Turn, name: str) -> str:
        """The translated *name* of an annotation; its value is printed as given."""
        return self.game(keys.turn_annotation(turn.turn, name), name)

    def annotation_value(self, turn: Turn, name: str) -> str:
        """An annotation's value: as given ("G2/A2/R5"), translated when it holds words."""
        value = str(turn.annotations[name])
        return self.game(keys.annotation_value(turn.turn, name), value) if has_words(value) else value

    def turn_note(self, turn: Turn, index: int) -> str:
        return self.game(keys.turn_note(turn.turn, index), turn.note_texts[index])

    def season(self, value: str) -> str:
        return self.game(keys.season(value), value)

    def weather(self, value: str) -> str:
        return self.game(keys.weather(value), value)

    def weather_effect(self, value: str, index: int, text: str) -> str:
        return self.game(keys.weather_effect(value, index), text)

    # --- tables
    def table_title(self, table, field: str) -> str:
        """row_title, column_title or odds_rounding of a table ('' when absent)."""
        text = getattr(table, field, None)
        return self.game(keys.table_field(table.id, field), text) if text else ""

    def table_column(self, table, index: int) -> str:
        return self._heading(table, "column", index, table.columns[index])

    def table_row(self, table, index: int) -> str:
        return self._heading(table, "row", index, table.rows[index])

    def _heading(self, table, kind: str, index: int, text: str) -> str:
        return self.game(keys.table_item(table.id, kind, index), text) if has_words(text) else text

    def table_cell(self, table, row: int, column: int) -> str:
        """A dice table's cell: a result code as written, words ("frozen") translated."""
        text = table.cells[row][column]
        if not has_words(text) or text in table.entries:  # a result code, explained by the entries
            return self.result_code(text)
        return self.game(keys.table_item(table.id, "cell", f"{row}.{column}"), text)

    def result_code(self, code: str) -> str:
        """A table's result code as printed: the code that is the text of a marker (Glory's
        End's "OOC", the Out of Command marker) prints as that marker prints in this
        language ("SMN"), so that the table, its legend and the counter say the same."""
        markers = self.game_model.markers if self.game_model is not None else ()
        marker = next((m for m in markers if m.text == code and m.text != m.name), None)
        return self.marker_text(marker) if marker is not None else code

    def table_note(self, table, index: int) -> str:
        return self.game(keys.table_item(table.id, "note", index), table.notes[index])

    def table_entry(self, table, code: str) -> str:
        """What a dice-table result code means (`entries`)."""
        return self.game(keys.table_item(table.id, "entry", code), table.entries[code])

    def result_meaning(self, table, code: str) -> str:
        """What a CRT result code means (`results`)."""
        meaning = next(r.meaning for r in table.results if r.code == code)
        return self.game(keys.table_item(table.id, "result", code), meaning)

    def table_output(self, table, index: int) -> str:
        """What one number of an attrition result gives (`outputs`)."""
        return self.game(keys.table_item(table.id, "output", index), table.outputs[index].name)

    def shift_condition(self, table, index: int) -> str:
        return self.game(keys.table_item(table.id, "shift", index), table.shifts[index].condition)

    def modifier_condition(self, table, index: int) -> str:
        return self.game(keys.table_item(table.id, "modifier", index), table.modifiers[index].condition)

    def modifier_value(self, table, index: int) -> str:
        value = table.modifiers[index].value
        return self.game(keys.table_item(table.id, "modifier_value", index), value) if has_words(value) else value

    def drm_condition(self, table, index: int) -> str:
        return self.game(keys.table_item(table.id, "drm", index), table.drms[index].condition)

    def drm_value(self, table, index: int) -> str:
        value = table.drms[index].value
        return self.game(keys.drm_value(table.id, index), value) if has_words(value) else value

    def movement(self, entry) -> str:
        """A terrain's or hexside feature's movement cost: a number as written, words translated."""
        value = entry.movement
        return self.game(keys.of(entry, "movement"), value) if has_words(value) else value

    def combat_text(self, entry, index: int, field: str) -> str:
        """The words of effect `index` of a terrain's or feature's `combat` list: its
        `condition` or its `effect`."""
        return self.game(keys.combat_item(entry, index, field), getattr(entry.combat[index], field))

    def barred(self, ids) -> str:
        """The sides, nationalities or unit types of a `prohibited_to` list, by name:
        "Axis, Armour" (an unknown id as written)."""
        game = self.game_model
        names = []
        for item_id in ids:
            found = game.sides.get(item_id) or game.nationalities.get(item_id) or game.unit_types.get(item_id)
            names.append(self.of(found) if found is not None else item_id)
        return ", ".join(names)

    # --- rules model, scenarios, markers
    def restriction_name(self, placed) -> str:
        """A restriction's own words as the data gives them ('' when it gives none)."""
        spec = placed.spec
        if not spec.name:
            return ""
        key = keys.scenario_restriction(placed.scenario_id, spec.id) if placed.scenario_id else keys.of(spec)
        return self.game(key, spec.name)

    def stacking_limit(self, index: int, limit) -> str:
        return self.game(keys.stacking_limit(index), limit.name) if limit.name else ""

    def stacking_note(self, index: int) -> str:
        return self.game(keys.stacking_note(index), self.game_model.spec.stacking.notes[index])

    def supply_summary(self, index: int) -> str:
        return self.game(keys.supply_summary(index), self.game_model.spec.supply.summary[index])

    def scale(self, name: str, value: str) -> str:
        return self.game(keys.scale(name), value)

    def entry(self, text: str) -> str:
        """Where a reinforcement enters: words translated ("Zhukov card"), a hex or code as given."""
        return self.game(keys.entry(text), text) if has_words(text) else text

    def title(self) -> str:
        return self.game(keys.game("title"), self.game_model.spec.title)

    def subtitle(self) -> str:
        subtitle = self.game_model.spec.subtitle
        return self.game(keys.game("subtitle"), subtitle) if subtitle else ""

    def special_rule(self, scenario: Scenario, index: int) -> str:
        return self.clause(scenario, "special_rules", index)

    def victory(self, scenario: Scenario, index: int) -> str:
        return self.clause(scenario, "victory", index)

    def clause(self, scenario: Scenario, field: str, index: int) -> str:
        """The text of a scenario's victory condition, special rule, withdrawal or arrival (`field`)."""
        owner = scenario_owner(self.game_model, scenario, field)
        kind = CLAUSE_KINDS[field]
        return self.game(keys.scenario_item(owner.scenario_id, kind, index), getattr(scenario, field)[index].text)

    def scenario_turn_note(self, scenario: Scenario, turn: int, index: int, text: str) -> str:
        owner = scenario_owner(self.game_model, scenario, "turn_overlays")
        return self.game(keys.scenario_turn_note(owner.scenario_id, turn, index), text)

    def row_note(self, scenario: Scenario, field: str, index: int) -> str:
        """The note on row `index` of the scenario's `field` ("setup" or "reinforcements"), in
        the build's language ('' when the row has none)."""
        text = getattr(scenario, field)[index].notes
        if not text:
            return ""
        owner = scenario_owner(self.game_model, scenario, field)
        return self.game(keys.scenario_row_note(owner.scenario_id, field, index), text)

    def group_name(self, deployment, group) -> str:
        """A deployment group's name ('' when it has none)."""
        name = group.spec.name
        return self.game(keys.deployment_group(deployment.scenario_id, group.group_id), name) if name else ""

    def designation(self, text: str) -> str:
        """A unit's designation (or parent) as printed: its words translated, its codes,
        numbers and proper names as given (i18n/designations.py)."""
        return designations.say(self, text)

    def marker_text(self, marker: Marker) -> str:
        """What the front of a marker prints (its name when it has no separate text)."""
        if marker.text and marker.text != marker.name:
            return self.game(keys.of(marker, "text"), marker.text)
        return self.game(keys.of(marker), marker.name)

    def marker_back_text(self, marker: Marker) -> str:
        return self.game(keys.of(marker, "back_text"), marker.back_text) if marker.back_text else ""

    # --- decks of cards and cups of chits (t.of(deck) for the deck's name)
    def deck_back(self, deck: DeckSpec) -> str:
        return self.game(keys.deck_back(deck), deck.back.label) if deck.back.label else ""

    def deck_flag(self, deck: DeckSpec, flag) -> str:
        return self.game(keys.deck_flag(deck, flag.id), flag.name)

    def deck_flag_mark(self, deck: DeckSpec, flag) -> str:
        """A flag's mark on the chits: a letter abbreviation translated ("U"), a sign as given
        ("!"), the initial of the translated name when the data gives none."""
        if not flag.mark:
            return next((ch.upper() for ch in self.deck_flag(deck, flag) if ch.isalnum()), "•")
        return self.game(keys.deck_flag_mark(deck, flag.id), flag.mark) if has_letters(flag.mark) else flag.mark

    def deck_field(self, deck: DeckSpec, deck_field) -> str:
        return self.game(keys.deck_field(deck, deck_field.id), deck_field.name)

    def card_title(self, card: Card) -> str:
        return self.game(keys.card(card, "title"), card.title) if card.title else ""

    def card_text(self, card: Card) -> str:
        return self.game(keys.card(card, "text"), card.text) if card.text else ""

    def card_value(self, card: Card, deck_field) -> str:
        """A field's value as printed: numbers as written, words translated."""
        value = card.values.get(deck_field.id, "")
        if deck_field.kind in ("number", "squares") or not has_words(value):
            return value  # squares are drawn, not read
        return self.game(keys.card(card, deck_field.id), value)
