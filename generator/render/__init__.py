"""Render backends: the same pages of primitives drawn as PDF (reportlab) or SVG (svgwrite)."""
