"""Map tools: a hex map as a text map and back (`text`, `tables`), terrain traced from a
registered picture of a map (`trace`), strokes of the preview's paint mode (`paint`)."""
