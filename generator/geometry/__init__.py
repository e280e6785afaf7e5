"""Pure geometry (hex grids) shared by layout and validation; no I/O."""
