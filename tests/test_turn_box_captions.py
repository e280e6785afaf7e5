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


def test_the_captions_of_neighbouring_chips_keep_a_space_between_them():
    """Two chips side by side, each captioned '1415 Cologne': chips 9 mm wide with 1 mm
    between them, so each caption is at most 9.5 mm wide and 0.5 mm at least separates them."""
    from generator.components.turn_box import BoxGeometry, Chip, chip_grid
    from generator.layout.primitives import Group, Text

    geo = BoxGeometry(width_mm=30.0, counter_mm=12.0)
    chips = tuple(Chip(key, lambda x, y, size: Group(()), "1415 Cologne") for key in ("a", "b"))
    items, _, anchors = chip_grid(chips, geo)
    texts = [item for item in items if isinstance(item, Text)]
    assert {text.text for text in texts} <= {"1415 Cologne", "1415", "Cologne"}
    spans = sorted((t.x_mm - text_width_mm(t.text, "condensed", t.size_pt) / 2,
                    t.x_mm + text_width_mm(t.text, "condensed", t.size_pt) / 2) for t in texts)
    left_of_b = anchors["b"][0]
    right_edge_of_a = max(right for left, right in spans if left < left_of_b - 0.5)
    left_edge_of_b = min(left for left, right in spans if left >= left_of_b - 0.5)
    assert left_edge_of_b - right_edge_of_a >= 0.5 - 1e-6
