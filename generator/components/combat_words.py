"""Combat effects in words, in the build's language: "1 column left", "defence ×2",
"−1 DRM, only when every attacker attacks across such a hexside" — the one place the TEC,
the map's legend, the CRT and the player aids take them from; and the sentence that says how
the game resolves battles (the TEC's footnote), from the game's own tables and effects.
"""

from __future__ import annotations

from fractions import Fraction

from generator.i18n.marks import N_
from generator.model.combat import CombatEffect
from generator.model.selectors import UnitSelector
from generator.model.tables import AttritionTable, OddsCrt
from generator.validation.restriction_words import who

FRACTIONS = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼",
             Fraction(3, 4): "¾", Fraction(1, 8): "⅛"}
SHIFT_WORDS = {
    "left": ("%(num)d column left", "%(num)d columns left"),
    "right": ("%(num)d column right", "%(num)d columns right"),
    "down": ("%(num)d row down", "%(num)d rows down"),
    "up": ("%(num)d row up", "%(num)d rows up"),
}


def shift_words(t, direction: str, amount: int) -> str:
    """"1 column left", "2 rows down" in `t`'s language (None: English). The calls are
    spelt out so that extraction finds each plural."""
    if t is None:
        singular, plural = SHIFT_WORDS[direction]
        return (singular if amount == 1 else plural) % {"num": amount}
    if direction == "left":
        return t.ngettext("%(num)d column left", "%(num)d columns left", amount)
    if direction == "right":
        return t.ngettext("%(num)d column right", "%(num)d columns right", amount)
    if direction == "down":
        return t.ngettext("%(num)d row down", "%(num)d rows down", amount)
    return t.ngettext("%(num)d row up", "%(num)d rows up", amount)
MESSAGES = (
    N_("{value} DRM"), N_("defence ×{factor}"), N_("attack ×{factor}"), N_("defender's losses {value}"),
    N_("attacker's losses {value}"), N_("no attack into it"), N_("no attack across it"), N_("{effect} instead"),
    N_("for the units attacking across it"), N_("only when every attacker attacks across such a hexside"),
    N_("when {units} defend"), N_("when {units} attack"), N_("only for {units}"), N_("in {weather}"),
    N_("in {regions}"), N_("on the {tables}"), N_("{first} or {last}"),
)


class CombatWords:
    """Effects said in one language: `t` is the build's Translator (None: the source text)."""

    def __init__(self, game, translator=None) -> None:
        self.game = game
        self._t = translator

    def say(self, message: str, **fields) -> str:
        text = self._t.ui(message) if self._t is not None else message
        return text.format(**fields) if fields else text

    def entry(self, entry, hexside: bool = False) -> str:
        """Every effect of a terrain or feature, "; " between them; "" when it has none."""
        return "; ".join(self.effect(effect, hexside, entry) for effect in entry.effects)

    def effect(self, effect: CombatEffect, hexside: bool = False, entry=None) -> str:
        """One effect and its conditions: "1 column left, in wet or snow"."""
        text = self.what(effect, hexside, entry)
        if effect.instead:
            text = self.say("{effect} instead", effect=text)
        conditions = self.conditions(effect, entry)
        return ", ".join([text, *conditions])

    def what(self, effect: CombatEffect, hexside: bool = False, entry=None) -> str:
        kind = effect.kind
        if kind == "drm":
            return self.say("{value} DRM", value=signed(effect.drm))
        if kind == "shift":
            return shift_words(self._t, effect.direction, effect.shift)
        if kind == "multiply":
            whose = effect.whose("attack" if hexside else "defence")
            message = "attack ×{factor}" if whose == "attack" else "defence ×{factor}"
            return self.say(message, factor=factor_text(effect.factor))
        if kind == "losses":
            whose = effect.whose("attack" if hexside else "defence")
            message = "attacker's losses {value}" if whose == "attack" else "defender's losses {value}"
            return self.say(message, value=signed(effect.losses))
        if kind == "effect":
            return self._game_text(entry, effect, "effect")
        return self.say("no attack across it" if hexside else "no attack into it")

    def conditions(self, effect: CombatEffect, entry=None) -> list[str]:
        """The conditions in words: its own words first, then across, defender, attacker,
        units, weather, regions and tables."""
        out = [self._game_text(entry, effect, "condition")] if effect.condition else []
        if effect.across == "each":
            out.append(self.say("for the units attacking across it"))
        elif effect.across == "all":
            out.append(self.say("only when every attacker attacks across such a hexside"))
        if effect.defender:
            out.append(self.say("when {units} defend", units=self.units(effect.defender)))
        if effect.attacker:
            out.append(self.say("when {units} attack", units=self.units(effect.attacker)))
        if effect.units:
            out.append(self.say("only for {units}", units=self.units(effect.units)))
        if effect.weather:
            weather = [self._t.weather(w) if self._t is not None else w for w in effect.weather]
            out.append(self.say("in {weather}", weather=self.either(weather)))
        if effect.regions:
            regions = [self._region(r) for r in effect.regions]
            out.append(self.say("in {regions}", regions=self.either(regions)))
        if effect.tables:
            tables = [self._table(table_id) for table_id in effect.tables]
            out.append(self.say("on the {tables}", tables=self.either(tables)))
        return out

    def both(self, names: list[str]) -> str:
        """"a", "a and b", "a, b and c"."""
        if len(names) < 2:
            return "".join(names)
        return self.say("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])

    def either(self, names: list[str]) -> str:
        """"a", "a or b", "a, b or c"."""
        if len(names) < 2:
            return "".join(names)
        return self.say("{first} or {last}", first=", ".join(names[:-1]), last=names[-1])

    def units(self, ids: list[str]) -> str:
        """The units of any of these sides, nationalities or unit types, as the restrictions
        name them: "Russian units", "Armour units", "las unidades de Blindados"."""
        game = self.game
        groups = {"sides": [i for i in ids if i in game.sides],
                  "nationalities": [i for i in ids if i not in game.sides and i in game.nationalities],
                  "types": [i for i in ids if i not in game.sides and i not in game.nationalities]}
        return self.either([who(self._t, game, UnitSelector(**{key: found})) for key, found in groups.items() if found])

    def names(self, ids: list[str]) -> list[str]:
        game = self.game
        out = []
        for item_id in ids:
            found = game.sides.get(item_id) or game.nationalities.get(item_id) or game.unit_types.get(item_id)
            if found is None:
                out.append(item_id)
            else:
                out.append(self._t.of(found) if self._t is not None else found.name)
        return out

    def _table(self, table_id: str) -> str:
        table = self.game.tables.get(table_id)
        if table is None:
            return table_id
        return self._t.of(table) if self._t is not None else table.name

    def _region(self, region_id: str) -> str:
        region = self.game.regions.get(region_id)
        if region is None:
            return region_id
        return self._t.of(region) if self._t is not None else region.name

    def _game_text(self, entry, effect: CombatEffect, field: str) -> str:
        """An effect's own words (`condition`, `effect`), translated by its place in the
        entry's `combat` list."""
        text = getattr(effect, field)
        index = next((i for i, e in enumerate(getattr(entry, "combat", [])) if e is effect), None)
        if self._t is None or index is None:
            return text
        return self._t.combat_text(entry, index, field)


def signed(value: int) -> str:
    """−1, +2 (a true minus sign)."""
    return f"−{-value}" if value < 0 else f"+{value}"


def factor_text(value: Fraction) -> str:
    """2 -> "2", 1/2 -> "½", 5/2 -> "5/2"."""
    if value.denominator == 1:
        return str(value.numerator)
    return FRACTIONS.get(value, f"{value.numerator}/{value.denominator}")


# -- how the game resolves battles -------------------------------------------------------

SYSTEM = (
    N_("Battles are resolved on the {tables}: the odds of attack to defence, then a roll of {dice}."),
    N_("Battles are resolved on the {tables}: the strength of each side against the other's, without dice."),
    N_("Battles are resolved on the {tables}: each side's combat value, without dice."),
    N_("Battles are resolved on the {tables}, with a roll of {dice}."),
    N_("{first} and {last}"),
    N_("Combat: what the terrain does to a battle. {kinds}. Effects add up; the notes say when they apply."),
)
KIND_WORDS = {
    "drm": N_("DRM: a die-roll modifier added to the combat roll (a minus favours the defender)"),
    "columns": N_("Columns left or right: a shift along the combat table (left favours the defender)"),
    "rows": N_("Rows up or down: a shift along the combat table's rows"),
    "multiply": N_("×: the attack or the defence strength multiplied"),
    "losses": N_("Losses: added to or taken from the losses a side takes"),
    "no_attack": N_("No attack: the attack is not allowed"),
    "effect": N_("Other effects in words"),
}


def combat_tables_of(game) -> list:
    """The tables that resolve battles: odds CRTs, attrition tables, and any table marked
    `combat: true` (a value table read without dice), in the order of game.yaml."""
    return [t for t in game.spec.tables
            if isinstance(t, (OddsCrt, AttritionTable)) or getattr(t, "combat", False)]


def system_sentence(words: CombatWords) -> str:
    """"Battles are resolved on the Combat Results Table: the odds of attack to defence,
    then a roll of 1d6." — one sentence per kind of table; '' when the game has none."""
    t = words._t
    kinds: dict[tuple, list[str]] = {}
    for table in combat_tables_of(words.game):
        name = t.of(table) if t is not None else table.name
        if isinstance(table, OddsCrt):
            key = ("Battles are resolved on the {tables}: the odds of attack to defence, then a roll of {dice}.",
                   table.dice)
        elif isinstance(table, AttritionTable):
            key = ("Battles are resolved on the {tables}: the strength of each side against the other's, "
                   "without dice.", "")
        elif table.dice == "none":
            key = ("Battles are resolved on the {tables}: each side's combat value, without dice.", "")
        else:
            key = ("Battles are resolved on the {tables}, with a roll of {dice}.", table.dice)
        kinds.setdefault(key, []).append(name)
    return " ".join(words.say(message, tables=words.both(names), dice=dice) for (message, dice), names in kinds.items())


def effects_sentence(words: CombatWords, entries) -> str:
    """What the Combat column holds, by the kinds of effect the game's terrain has; ''
    when no entry has an effect on combat."""
    kinds: list[str] = []
    for entry in entries:
        for effect in entry.effects:
            kind = effect.kind
            if kind == "shift":
                kind = "rows" if effect.direction in ("up", "down") else "columns"
            if kind not in kinds:
                kinds.append(kind)
    if not kinds:
        return ""
    order = list(KIND_WORDS)
    phrases = [words.say(KIND_WORDS[kind]) for kind in sorted(kinds, key=order.index)]
    return words.say("Combat: what the terrain does to a battle. {kinds}. Effects add up; the notes say when they "
                     "apply.", kinds="; ".join(phrases))
