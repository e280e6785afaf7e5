"""reportlab's module-wide settings under which every PDF drawing of warkit is made.

Some of reportlab's code reads these globals rather than a canvas's arguments: renderPDF, for
one, writes a shape's graphics-state operators in sorted order only in invariant mode, and in
dictionary order otherwise. Whatever draws PDF content (a document, a picture's recorded
form) applies them first, so the bytes never depend on what ran before in the process.
"""

from __future__ import annotations

from reportlab import rl_config


def use_deterministic_settings() -> None:
    """Invariant mode (fixed dates, content-derived /ID, sorted state operators) and streams
    Flate-compressed only, not also ASCII85-encoded: a tenth smaller, and reportlab's
    pure-Python ASCII85 encoder took a fifth of the time of a big PDF."""
    rl_config.invariant = 1
    rl_config.useA85 = 0
