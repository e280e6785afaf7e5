"""A chip's caption on a turn box is said whole: one line when it fits the chip's width,
two lines (or more at the smallest size) when it does not, never cut with an ellipsis."""

from generator.components.turn_box import CAPTION_MIN_PT, NOTE_PT, caption_lines
from generator.fonts.metrics import text_width_mm


def test_a_short_caption_stays_on_one_line_at_the_note_size():
    lines, size = caption_lines("E", 12.0)
    assert lines == ("E",)
    assert size == NOTE_PT


def test_a_long_caption_wraps_onto_two_lines_whole():
    caption = "[Ŕéîñƒóŕçéméñţš ƀý šéá]"
    lines, size = caption_lines(caption, 10.0)
    assert len(lines) == 2
    assert " ".join(lines) == caption
    assert "…" not in "".join(lines)
    assert CAPTION_MIN_PT <= size <= NOTE_PT
    assert all(text_width_mm(line, "condensed", size) <= 10.0 + 1e-6 for line in lines)


def test_a_caption_too_long_for_two_lines_keeps_every_word_at_the_smallest_size():
    caption = "arrives by sea at any port the side controls when the event is played"
    lines, size = caption_lines(caption, 10.0)
    assert size == CAPTION_MIN_PT
    assert len(lines) > 2
    assert " ".join(lines).split() == caption.split()
