"""Build: check the game, run the requested components, write their files atomically."""
