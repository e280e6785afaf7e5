"""Printable components; importing this package registers them all."""
