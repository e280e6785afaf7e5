"""Printable components; importing this package registers them all."""

from generator.components import map  # noqa: F401
from generator.components import counters  # noqa: E402,F401
from generator.components import blocks  # noqa: E402,F401
from generator.components import crt  # noqa: E402,F401
from generator.components import turn_track  # noqa: E402,F401
from generator.components import tec  # noqa: E402,F401
from generator.components import player_aid  # noqa: E402,F401
from generator.components import dice_tables  # noqa: E402,F401
from generator.components import sequence_of_play  # noqa: E402,F401
from generator.components import setup_chart  # noqa: E402,F401
from generator.components import setup_form  # noqa: E402,F401
from generator.components import decks  # noqa: E402,F401
from generator.components import designer_notes  # noqa: E402,F401
