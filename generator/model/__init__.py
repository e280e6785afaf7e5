"""The rules model: frozen, typed, I/O-free objects describing one game."""
