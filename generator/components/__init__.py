"""Printable components; importing this package registers them all."""
import generator.components.counters  # noqa: F401
