"""Build options as typed on the command line: every counter-size preset and length in mm
with the size it gives (written out by hand), back offsets, and each way of getting them
wrong refused with a message that says what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.build.options import options_for, parse_counter_size, parse_offset
from generator.model.printing import PrintSettings, SettingsError, with_overrides
from generator.cli.app import app

MINI = Path(__file__).parent / "fixtures" / "mini"


@pytest.mark.parametrize(("text", "mm"), [
    ('1/2"', 12.7),
    ('9/16"', 14.2875),
    ('5/8"', 15.875),
    ('3/4"', 19.05),
    ('1"', 25.4),
    ("15mm", 15.0),
    ("3/4in", 19.05),  # "in" for the inch mark
    ("3/4''", 19.05),  # two apostrophes for the inch mark
    (" 5/8\" ", 15.875),
    ("16", 16.0),
    ("16mm", 16.0),
    ("16.5 mm", 16.5),
    ("5", 5.0),  # the smallest size accepted
    ("60", 60.0),  # the largest
])
def test_counter_size_presets_and_lengths(text, mm):
    assert parse_counter_size(text) == pytest.approx(mm, abs=1e-9)


@pytest.mark.parametrize(("text", "message"), [
    ("big", "counter size 'big': expected one of 1/2\", 9/16\", 5/8\", 3/4\", 1\", 15mm or a size in mm such as 16"),
    ('7/8"', "counter size '7/8\"': expected one of"),
])
def test_unknown_counter_sizes_are_refused(text, message):
    with pytest.raises(ValueError) as raised:
        parse_counter_size(text)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(("text", "message"), [
    ("4.9", "--counter-size: expected at least 5 (print.counter_size_mm)"),
    ("60.5mm", "--counter-size: expected at most 60 (print.counter_size_mm)"),
    ("-16", "--counter-size: expected at least 5 (print.counter_size_mm)"),
])
def test_counter_sizes_out_of_range_are_refused_by_the_print_settings(text, message):
    with pytest.raises(SettingsError) as raised:
        with_overrides(PrintSettings(), {"counter_size_mm": parse_counter_size(text)})
    assert str(raised.value) == message


@pytest.mark.parametrize(("text", "offset"), [
    ("0.5,-0.3", (0.5, -0.3)),
    ("0,0", (0.0, 0.0)),
    ("20,-20", (20.0, -20.0)),
    (" 1 , 2 ", (1.0, 2.0)),
])
def test_back_offsets(text, offset):
    assert parse_offset(text) == offset


@pytest.mark.parametrize(("text", "message"), [
    ("1", "back offset '1': expected X,Y in mm, e.g. 0.5,-0.3"),
    ("1,2,3", "back offset '1,2,3': expected X,Y in mm, e.g. 0.5,-0.3"),
    ("a,b", "back offset 'a,b': expected X,Y in mm, e.g. 0.5,-0.3"),
])
def test_back_offsets_that_are_not_two_numbers_are_refused(text, message):
    with pytest.raises(ValueError) as raised:
        parse_offset(text)
    assert str(raised.value) == message


@pytest.mark.parametrize(("text", "message"), [
    ("20.5,0", "--back-offset: expected at most 20 (print.back_offset_mm)"),
    ("0,-21", "--back-offset: expected at least -20 (print.back_offset_mm)"),
])
def test_back_offsets_that_are_no_printer_misalignment_are_refused(text, message):
    with pytest.raises(SettingsError) as raised:
        with_overrides(PrintSettings(), {"back_offset_mm": parse_offset(text)})
    assert str(raised.value) == message


def test_command_line_overrides_win_over_the_games_print_settings():
    game = PrintSettings(languages=("en", "es"), paper="Letter", counter_size_mm=15.0, duplex="short",
                         back_offset_mm=(0.5, 0.25), bleed_mm=1.0, map_overlap_mm=8.0, counter_gutter_mm=0.5,
                         counter_dpi=150, counter_images=("svg",), counter_blank_backs="plain", block_size_mm=20.0)
    kept = options_for(game, Path("out"), {"paper": None, "counter_size_mm": None})
    assert (kept.out_dir, kept.languages, kept.paper, kept.counter_size_mm, kept.duplex, kept.back_offset_mm,
            kept.bleed_mm, kept.map_overlap_mm, kept.counter_gutter_mm, kept.counter_dpi, kept.counter_images,
            kept.counter_blank_backs, kept.block_size_mm) == (
        Path("out"), ("en", "es"), "Letter", 15.0, "short", (0.5, 0.25), 1.0, 8.0, 0.5, 150, ("svg",), "plain", 20.0)
    assert kept.paper_mm == (215.9, 279.4)
    changed = options_for(game, Path("out"), {"paper": "A3", "counter_size_mm": 19.05, "languages": ("es",)})
    assert (changed.paper, changed.paper_mm, changed.counter_size_mm, changed.languages, changed.duplex) == (
        "A3", (297.0, 420.0), 19.05, ("es",), "short")


@pytest.mark.parametrize(("args", "message"), [
    (["--counter-size", "huge"], "counter size 'huge': expected one of"),
    (["--counter-size", "70"], "expected at most 60 (print.counter_size_mm)"),
    (["--back-offset", "30,0"], "expected at most 20 (print.back_offset_mm)"),
    (["--paper", "B5"], "expected 'A4', 'Letter', 'A3' or 'Tabloid' (print.paper)"),
    (["--duplex", "sideways"], "expected 'long', 'short' or 'fold' (print.duplex)"),
])
def test_build_refuses_bad_options_before_building(tmp_path, args, message):
    result = CliRunner().invoke(app, ["build", str(MINI), "--out", str(tmp_path)] + args)
    assert result.exit_code == 2, result.output  # a usage error, not an internal one
    assert message in " ".join(result.output.replace("│", " ").split())
    assert not (tmp_path / "mini").exists()  # nothing half-written
