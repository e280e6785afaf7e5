"""The drawing vocabulary: validation, transforms, text measuring and placement."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import MissingGlyphError
from generator.layout.primitives import Page, Path, Polygon, Style, SymbolDef, Text, Use
from generator.fonts.metrics import fit_text_size, text_width_mm
from generator.layout.text_place import text_origin_mm
from generator.layout.transform import Transform
from generator.render.common import fmt, symbol_ref, symbols_in_definition_order
from generator.fonts.faces import cap_height_em, check_glyphs

# -- validation ------------------------------------------------------------------------------


def test_colours_are_checked_and_normalised() -> None:
    assert Style(fill="#AABBCC").fill == "#aabbcc"
    for bad in ("red", "#fff", "#12345g", "aabbcc"):
        with pytest.raises(ValueError, match="colour like"):
            Style(fill=bad)
    with pytest.raises(ValueError, match="text fill"):
        Text(0, 0, "x", fill="black")


def test_styles_that_paint_nothing_say_so() -> None:
    assert not Style(stroke=None).strokes and not Style(stroke=None).fills
    assert not Style(stroke_width_mm=0).strokes
    with pytest.raises(ValueError, match="dash"):
        Style(dash_mm=(0, 0))


def test_path_commands_are_checked() -> None:
    Path((("M", 0, 0), ("L", 1, 1), ("C", 1, 2, 3, 4, 5, 6), ("Z",)))
    with pytest.raises(ValueError, match="bad path command"):
        Path((("M", 0, 0), ("L", 1)))
    with pytest.raises(ValueError, match="start with an M"):
        Path((("L", 0, 0),))
    with pytest.raises(ValueError, match="three points"):
        Polygon([(0, 0), (1, 1)])


def test_page_symbols_must_be_unique_and_defined() -> None:
    square = SymbolDef("sq", (0, 0, 1, 1), ())
    with pytest.raises(ValueError, match="share an id"):
        Page(10, 10, (), symbols=(square, square))
    with pytest.raises(ValueError, match="does not define"):
        Page(10, 10, (Use("nope", 1, 1),)).symbol("nope")


def test_symbols_are_ordered_before_the_symbols_that_use_them() -> None:
    inner = SymbolDef("inner", (0, 0, 1, 1), ())
    outer = SymbolDef("outer", (0, 0, 2, 2), (Use("inner", 0, 0),))
    page = Page(10, 10, (), symbols=(outer, inner))
    assert [s.id for s in symbols_in_definition_order(page)] == ["inner", "outer"]
    loop_a = SymbolDef("a", (0, 0, 1, 1), (Use("b", 0, 0),))
    loop_b = SymbolDef("b", (0, 0, 1, 1), (Use("a", 0, 0),))
    with pytest.raises(ValueError, match="cycle"):
        symbols_in_definition_order(Page(10, 10, (), symbols=(loop_a, loop_b)))


def test_symbol_refs_are_safe_and_do_not_collide() -> None:
    refs = {symbol_ref(i) for i in ("hex 1", "hex_1", "hex-1", "Łąka/2")}
    assert len(refs) == 4
    assert all(ref.startswith("sym-") and ref.isascii() and " " not in ref for ref in refs)


def test_numbers_are_written_to_the_micrometre_without_minus_zero() -> None:
    assert [fmt(v) for v in (12.0, 0.5, -0.0001, 1 / 3, -2.5, 1000)] == [
        "12", "0.5", "0", "0.333", "-2.5", "1000",
    ]  # fmt: skip


# -- transforms ------------------------------------------------------------------------------


def test_quarter_turns_are_exact() -> None:
    assert Transform.rotate(90).matrix == (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)
    # Clockwise on a y-down page: east turns to south.
    assert Transform.rotate(90).apply(1, 0) == (0.0, 1.0)


@given(
    st.floats(-500, 500), st.floats(-500, 500), st.floats(-360, 360), st.floats(0.1, 5),
    st.floats(-50, 50), st.floats(-50, 50),
)  # fmt: skip
def test_placement_is_scale_then_rotate_then_move(
    x: float, y: float, angle: float, scale: float, px: float, py: float
) -> None:
    composed = Transform.scale(scale).then(Transform.rotate(angle)).then(Transform.translate(x, y))
    placed = Transform.placement(x, y, angle, scale).apply(px, py)
    assert placed == pytest.approx(composed.apply(px, py), abs=1e-9)


def test_rotation_about_a_point_keeps_it_fixed() -> None:
    assert Transform.rotate(37, 10, 20).apply(10, 20) == pytest.approx((10, 20))


# -- text --------------------------------------------------------------------------------


def test_text_width_uses_the_bundled_metrics() -> None:
    # DejaVu Sans digits advance 1303/2048 em.
    assert text_width_mm("0712", "sans", 10) == pytest.approx(4 * 1303 / 2048 * 10 * 25.4 / 72)
    assert text_width_mm("0712", "condensed", 10) < text_width_mm("0712", "sans", 10)
    assert text_width_mm("Paris", "sans", 20) == pytest.approx(2 * text_width_mm("Paris", "sans", 10))


def test_fit_text_size_fits_or_gives_up() -> None:
    size = fit_text_size("Przemyśl", "sans-bold", 12, max_size_pt=14, min_size_pt=4)
    assert size is not None and size < 14
    assert text_width_mm("Przemyśl", "sans-bold", size) <= 12
    assert text_width_mm("Przemyśl", "sans-bold", size + 0.02) > 12
    assert fit_text_size("Lille", "sans", 100, max_size_pt=8, min_size_pt=4) == 8
    assert fit_text_size("Constantinople", "sans", 5, max_size_pt=8, min_size_pt=6) is None


def test_anchor_and_baseline_rule() -> None:
    width_mm = text_width_mm("Metz", "sans", 12)
    cap_mm = cap_height_em("sans") * 12 * 25.4 / 72
    assert cap_height_em("sans") == pytest.approx(1493 / 2048)
    start = text_origin_mm(Text(50, 50, "Metz", size_pt=12))
    middle = text_origin_mm(Text(50, 50, "Metz", size_pt=12, anchor="middle", baseline="middle"))
    end = text_origin_mm(Text(50, 50, "Metz", size_pt=12, anchor="end", baseline="hanging"))
    assert start == (50, 50)
    assert middle == pytest.approx((50 - width_mm / 2, 50 + cap_mm / 2))
    assert end == pytest.approx((50 - width_mm, 50 + cap_mm))
    # Rotated a quarter turn clockwise, "along the text" is down the page.
    turned = text_origin_mm(Text(50, 50, "Metz", size_pt=12, anchor="end", rotation_deg=90))
    assert turned == pytest.approx((50, 50 - width_mm))


def test_missing_glyphs_are_named() -> None:
    check_glyphs("Łódź Przemyśl Göttingen ñandú İstanbul ığ", "sans")
    with pytest.raises(MissingGlyphError, match=r"U\+4E2D") as caught:
        check_glyphs("Zhong 中", "condensed-bold")
    assert caught.value.text == "Zhong 中" and caught.value.missing == "中"
    assert "DejaVuSansCondensed-Bold" in str(caught.value)


def test_a_parsed_face_answers_the_glyph_check_character_by_character() -> None:
    from generator.fonts import faces

    faces.use_game_fonts(None)
    faces.tt_font("sans")  # parsed: its character map answers, one character at a time
    faces._DRAWABLE.clear()
    check_glyphs("Łódź", "sans")
    assert {"Ł", "ó", "d", "ź"} <= faces._DRAWABLE["sans"]
    with pytest.raises(MissingGlyphError) as caught:
        check_glyphs("ŁX中文中", "sans")
    assert caught.value.missing == "中文" and caught.value.text == "ŁX中文中"
    assert "中" not in faces._DRAWABLE["sans"] and "X" not in faces._DRAWABLE["sans"]  # nothing of a refused text
    check_glyphs("X", "sans")
    assert "X" in faces._DRAWABLE["sans"]


def test_unknown_font_key_is_rejected() -> None:
    with pytest.raises(ValueError, match="font must be one of"):
        Text(0, 0, "x", font="Helvetica")  # type: ignore[arg-type]


def test_text_width_of_empty_string_is_zero() -> None:
    assert text_width_mm("", "sans", 10) == 0
    assert math.isclose(fit_text_size("", "sans", 1, 9, 4) or 0, 9)
