"""Printable components; importing this package registers them all."""

from generator.components import map  # noqa: F401
