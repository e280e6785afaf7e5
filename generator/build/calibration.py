"""`warkit calibrate`: the duplex calibration sheet as PDF bytes."""

from __future__ import annotations

from generator.build.options import PAPER_MM
from generator.layout.calibration import calibration_pages
from generator.render.pdf import render_pdf


def calibration_pdf(paper: str, duplex: str, back_offset_mm: tuple[float, float] = (0.0, 0.0),
                    language: str = "en") -> bytes:
    """In `language` (warkit's own catalog: `--lang es`, or the pseudo-locale qps)."""
    from generator.i18n import Translator

    t = Translator.for_language(language)
    pages = calibration_pages(paper, PAPER_MM[paper], duplex, back_offset_mm, t)
    return render_pdf(pages, title=t.ui("warkit duplex calibration"))
