"""Layout: turn the model into pages of drawing primitives."""
