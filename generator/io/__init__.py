"""Reading a game's folder: YAML, CSV, spreadsheets, into rows that remember their source."""
