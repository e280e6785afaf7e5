"""Every word the map prints, in the build's language.

The game's own strings (terrain and feature names, place names, titles, boxes, lines, edge
labels) go through the build's Translator with their stable keys; headings shared with the
charts come from warkit's vocabulary. The map's few phrases that are not in the vocabulary
and the tile sheets' words are marked here with N_ and translated through warkit's catalog.
"""

from __future__ import annotations

from generator.i18n import keys
from generator.i18n import vocabulary as v
from generator.i18n.marks import N_

PHRASES = (
    N_("Lines"), N_("Border"), N_("between regions"), N_("Conditional victory points"),
    N_("{side} friendly edge"), N_("{edge} edge"), N_("holding box"), N_("off-map box"), N_("track"),
    N_("pool"), N_("transit box"), N_("edge of hex row {row}"), N_("edge of hex column {column}"),
    N_("{count} hexsides"), N_("Links"), N_("Area features"), N_("Regions"),
    N_("Movement ×{factor} on this map: multiply every printed movement factor by {factor}"),
    N_("Retreat compass"), N_("A unit retreats only in a direction of its side's rose."), N_("Square"),
)


class MapWords:
    """A translator's view for the map; without one, every string is the source text."""

    def __init__(self, translator=None) -> None:
        self._t = translator

    @property
    def translator(self):
        """The build's Translator (None: the source text)."""
        return self._t

    def of(self, obj, field: str = "name") -> str:
        return self._t.of(obj, field) if self._t else getattr(obj, field)

    def game_title(self, title: str) -> str:
        return self._t.game(keys.game("title"), title) if self._t else title

    def illustrative_note(self) -> str:
        """The note of a map some of whose data is illustrative (components/illustrative.py)."""
        from generator.components.illustrative import MARK, some_note

        if self._t is not None:
            return some_note(self._t)
        return (f"{MARK} Some values here are illustrative: the rulebook does not give them; the designer notes "
                "list them.")

    def scale_name(self, key: str) -> str:
        return v.scale_name(self._t, key)

    def scale(self, name: str, value: str) -> str:
        return self._t.game(keys.scale(name), value) if self._t else value

    def hex_name(self, map_id: str, hex_id: str, name: str) -> str:
        if not name or self._t is None:
            return name
        return self._t.game(keys.hex_name(map_id, hex_id), name)

    def area_name(self, map_id: str, area_id: str, name: str) -> str:
        if not name or self._t is None:
            return name
        return self._t.game(keys.area_name(map_id, area_id), name)

    def box(self, map_id: str, box) -> str:
        return self._t.box_name(map_id, box) if self._t else box.name

    def box_notes(self, owner_id: str, box) -> str:
        if not box.notes:
            return ""
        return self._t.box_notes(owner_id, box) if self._t else box.notes

    def number(self, value: float) -> str:
        return self._t.number(value) if self._t else f"{value:g}"

    def movement_factor(self, factor: float) -> str:
        return self.phrase("Movement ×{factor} on this map: multiply every printed movement factor by {factor}",
                           factor=self.number(factor))

    def squares_name(self, spec) -> str:
        """What an area map's squares stand for (its board's `squares_name`)."""
        name = spec.board.squares_name if spec.board else None
        if not name:
            return ""
        return self._t.game(keys.squares_name(spec.id), name) if self._t else name

    def line(self, map_id: str, line) -> str:
        return self._t.line_name(map_id, line) if self._t else line.name

    def edge(self, map_id: str, edge) -> str:
        return self._t.edge_label(map_id, edge) if self._t else (edge.label or "")

    def heading(self, message: str, **params) -> str:
        """A message of warkit's vocabulary (generator/i18n/vocabulary.py)."""
        return self._t.ui(message, **params) if self._t else (message % params if params else message)

    def phrase(self, english: str, **fields) -> str:
        """One of PHRASES (or a tile-sheet phrase) translated, then its {fields} filled in."""
        text = self._t.ui(english) if self._t else english
        return text.format(**fields) if fields else text

    def percent(self, value: float) -> str:
        return self._t.percent(value) if self._t else f"{value * 100:g} %"

    # headings shared with the charts
    @property
    def terrain(self) -> str:
        return self.heading(v.TERRAIN)

    @property
    def hexside_features(self) -> str:
        return self.heading(v.HEXSIDE_FEATURES)

    @property
    def hex_features(self) -> str:
        return self.heading(v.HEX_FEATURES)

    def movement(self, entry) -> str:
        return self._t.movement(entry) if self._t else entry.movement

    def combat(self, game, entry, hexside: bool = False) -> str:
        """A terrain's or feature's effects on combat in words ("1 column left")."""
        from generator.components.combat_words import CombatWords

        return CombatWords(game, self._t).entry(entry, hexside)

    def effects(self, movement: str, combat: str, barred: bool, impassable: bool = False,
                prohibited_to: tuple[str, ...] | list[str] = ()) -> str:
        """"Movement 2 · Combat: 1 column left", "Prohibited", "Impassable", "… · Prohibited
        to Axis"; "" when nothing to say. `combat`: the effects in words (`combat()`)."""
        if impassable:
            return self.heading(v.IMPASSABLE)
        if barred or movement == "P":
            return self.heading(v.PROHIBITED)
        parts = [] if movement in ("0", "+0", "") else [f"{self.heading(v.MOVEMENT)} {movement}"]
        if combat:
            parts.append(f"{self.heading(v.COMBAT)}: {combat}")
        if prohibited_to:
            who = self._t.barred(prohibited_to) if self._t else ", ".join(prohibited_to)
            parts.append(self.heading(v.PROHIBITED_TO, who=who))
        return " · ".join(parts)

    def victory_points(self, side_name: str) -> str:
        return f"{self.heading(v.VICTORY_POINTS)}: {side_name}"

