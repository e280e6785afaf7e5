"""Printable components. Each registers itself (`build.components.component`) when its module
is imported; a build imports only the modules of the components it runs, found here by name."""

MODULES = {  # the --only name -> the module whose import registers it
    "map": "generator.components.map",
    "counters": "generator.components.counters.component",
    "blocks": "generator.components.blocks.component",
    "decks": "generator.components.decks.component",
    "deck-summary": "generator.components.decks.summary",
    "turn-track": "generator.components.turn_track",
    "crt": "generator.components.crt",
    "tec": "generator.components.tec",
    "tables": "generator.components.dice_tables",
    "sequence-of-play": "generator.components.sequence_of_play",
    "player-aids": "generator.components.player_aid",
    "setup": "generator.components.setup_chart",
    "setup-form": "generator.components.setup_form",
    "designer-notes": "generator.components.designer_notes",
}
