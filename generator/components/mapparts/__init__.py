"""The pieces of a map drawing, one idea per module; `generator.components.map` assembles them."""
