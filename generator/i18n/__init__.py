"""Translations of printed text: warkit's own (warkit.po) and each game's (game.po).

Components call `Translator.for_game(game, language)` (or `BuildContext.translator`) and use
`t.ui()`, `t.ngettext()`, `t.game()` / `t.of()` / `t.turn_label()` …, and `t.number()`.
Every translatable game string, with its stable key, comes from `game_strings(game)`.
"""

from generator.i18n.strings import GameString, game_strings
from generator.i18n.translator import Missing, Translator

__all__ = ["GameString", "Missing", "Translator", "game_strings"]
