"""A playable VASSAL module (.vmod) from the same data as the paper kit.

`export_vassal` (export.py) checks the game and writes OUT/<game>/<lang>/<game>.vmod;
`module.py` gathers what goes in, `boards.py` the maps, `turntrack.py` the turn track's
board, `palette.py` and `counters.py` the pieces, `setups.py` and `savedgame.py` each
scenario as a saved game, `hexgrid.py` the grid and numbering, `identity.py` the module's
name, version and dates, `pieces.py` and `sequence.py` VASSAL's encodings.
"""

from generator.export.vassal.export import ExportResult, export_vassal

__all__ = ["ExportResult", "export_vassal"]
