"""warkit's printed headings and labels, marked once so every component says the same thing.

    from generator.i18n import vocabulary as v
    t.ui(v.TERRAIN_EFFECTS_CHART)     # "Tabla de Efectos del Terreno" in es
    v.counters(t, 12)                 # "12 fichas"

Components may also write t.ui("…") directly; `warkit i18n extract --ui` finds both.
"""

from __future__ import annotations

from generator.i18n.marks import N_

# kit, cover and print notices
CONTENTS = N_("Contents")
# a literal % breaks jinja's gettext (it %-formats every string): pass it in, localized,
# t.ui(v.PRINT_AT_100, scale=t.percent(1)) -> "Imprímase al 100 % (tamaño real) …"
PRINT_AT_100 = N_("Print at %(scale)s (actual size), never “fit to page”.")
CALIBRATION = N_("Calibration")
CALIBRATION_HINT = N_("This square must measure %(size)s mm on paper.")
ASSEMBLY = N_("Assembly")
ASSEMBLY_HINT = N_("Trim along the marks and glue the overlaps.")
CUT_HERE = N_("Cut here")
FOLD_HERE = N_("Fold here")
FRONTS = N_("Fronts")
BACKS = N_("Backs")
SHEET = N_("Sheet %(number)s")
TILE = N_("Tile %(row)s-%(column)s")
PAGE_OF = N_("Page %(page)s of %(pages)s")
GENERATED_BY = N_("Made with warkit from the game's data tables.")

# components
MAP = N_("Map")
COUNTERS = N_("Counters")
MARKERS = N_("Markers")
CARDS = N_("Cards")
CHITS = N_("Chits")
CARDS_AND_CHITS = N_("Cards and chits")
TURN_RECORD_TRACK = N_("Turn Record Track")
TURN = N_("Turn")
COMBAT_RESULTS_TABLE = N_("Combat Results Table")
TERRAIN_EFFECTS_CHART = N_("Terrain Effects Chart")
SEQUENCE_OF_PLAY = N_("Sequence of Play")
PLAYER_AID = N_("Player aid")
TABLES = N_("Tables")
SETUP = N_("Setup")
SETUP_CHART = N_("Setup chart")
REINFORCEMENTS = N_("Reinforcements")
SCENARIO = N_("Scenario")
SPECIAL_RULES = N_("Special rules")
VICTORY_CONDITIONS = N_("Victory conditions")
KEY = N_("Key")

# table and chart headings
TERRAIN = N_("Terrain")
MOVEMENT = N_("Movement")
MOVEMENT_COST = N_("Movement cost")
COMBAT = N_("Combat")
EFFECT_ON_COMBAT = N_("Effect on combat")
PROHIBITED = N_("Prohibited")
PROHIBITED_TO = N_("Prohibited to %(who)s")
IMPASSABLE = N_("Impassable")
DIE_ROLL = N_("Die roll")
MODIFIED_DIE_ROLL = N_("Modified die roll")
ODDS = N_("Odds")
RESULT = N_("Result")
DIE_ROLL_MODIFIERS = N_("Die roll modifiers")
NOTES = N_("Notes")
RULE = N_("Rule")
UNIT = N_("Unit")
HEX = N_("Hex")
BOX = N_("Box")
ENTRY = N_("Entry")
STEPS = N_("Steps")
STACKING = N_("Stacking")
SIDE = N_("Side")
NATIONALITY = N_("Nationality")
VICTORY_POINTS = N_("Victory points")
HEXSIDE_FEATURES = N_("Hexside features")
HEX_FEATURES = N_("Hex features")
ATTACKER = N_("Attacker")
DEFENDER = N_("Defender")
ALL_TURNS = N_("Every turn")
TURNS_RANGE = N_("Turns %(first)s-%(last)s")
OPTIONAL = N_("Optional")
BELOW_FIRST_COLUMN = N_("Odds below %(column)s: %(result)s")
ABOVE_LAST_COLUMN = N_("Odds above %(column)s: use %(column)s, %(drm)s per level")


# the names of game.yaml `scale:` entries printed on the cover and the map ("Turn: 3 days")
SCALE_NAMES = {"turn": N_("Turn"), "hex": N_("Hex"), "unit": N_("Unit"), "units": N_("Units"),
               "players": N_("Players"), "length": N_("Length"), "round": N_("Round"), "map": N_("Map")}


def scale_name(t, key: str) -> str:
    """A scale entry's name in `t`'s language (None: English); an unknown one as written."""
    name = SCALE_NAMES.get(key.lower())
    if name is None:
        return key[:1].upper() + key[1:]
    return t.ui(name) if t is not None else name


def counters(t, n: int) -> str:
    return t.ngettext("%(num)d counter", "%(num)d counters", n)


def cards(t, n: int) -> str:
    return t.ngettext("%(num)d card", "%(num)d cards", n)


def chits(t, n: int) -> str:
    return t.ngettext("%(num)d chit", "%(num)d chits", n)


def pages(t, n: int) -> str:
    return t.ngettext("%(num)d page", "%(num)d pages", n)


def turns(t, n: int) -> str:
    return t.ngettext("%(num)d turn", "%(num)d turns", n)


def steps(t, n: int) -> str:
    return t.ngettext("%(num)d step", "%(num)d steps", n)


def copies(t, n: int) -> str:
    return t.ngettext("%(num)d copy", "%(num)d copies", n)
