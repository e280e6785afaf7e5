"""Exports of a game to other tools' formats (a VASSAL module: `generator.export.vassal`)."""
