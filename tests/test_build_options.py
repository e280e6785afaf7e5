"""Build options as typed on the command line: every counter-size preset and length in mm
with the size it gives (written out by hand), back offsets, and each way of getting them
wrong refused with a message that says what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.build.options import BuildOptions, options_for, parse_counter_size, parse_offset
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
    ("4.9", "counter size '4.9': expected between 5 and 60 mm"),
    ("60.5mm", "counter size '60.5mm': expected between 5 and 60 mm"),
    ("-16", "counter size '-16': expected between 5 and 60 mm"),
])
def test_counter_sizes_out_of_range_or_unknown_are_refused(text, message):
    with pytest.raises(ValueError) as raised:
        parse_counter_size(text)
    assert str(raised.value).startswith(message)


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
    ("20.5,0", "back offset '20.5,0': more than 20 mm is not a printer misalignment"),
    ("0,-21", "back offset '0,-21': more than 20 mm is not a printer misalignment"),
])
def test_back_offsets_that_are_no_printer_misalignment_are_refused(text, message):
    with pytest.raises(ValueError) as raised:
        parse_offset(text)
    assert str(raised.value) == message


def test_command_line_overrides_win_over_the_games_print_settings():
    class Print:  # game.yaml's `print`, as the model gives it
        languages, paper, counter_size_mm, duplex, back_offset_mm = ["en", "es"], "Letter", 15.0, "short", [0.5, 0.25]
        bleed_mm, map_overlap_mm, counter_gutter_mm, counter_dpi = 1.0, 8.0, 0.5, 150
        counter_images, counter_blank_backs, block_size_mm = ["svg"], "plain", 20.0

    kept = options_for(Print, Path("out"), {"paper": None, "counter_size_mm": None})
    assert kept == BuildOptions(out_dir=Path("out"), languages=("en", "es"), paper="Letter", counter_size_mm=15.0,
                                duplex="short", back_offset_mm=(0.5, 0.25), bleed_mm=1.0, map_overlap_mm=8.0,
                                counter_gutter_mm=0.5, counter_dpi=150, counter_images=("svg",),
                                counter_blank_backs="plain", block_size_mm=20.0)
    assert kept.paper_mm == (215.9, 279.4)
    changed = options_for(Print, Path("out"), {"paper": "A3", "counter_size_mm": 19.05, "languages": ("es",)})
    assert (changed.paper, changed.paper_mm, changed.counter_size_mm, changed.languages) == (
        "A3", (297.0, 420.0), 19.05, ("es",))


@pytest.mark.parametrize(("args", "message"), [
    (["--counter-size", "huge"], "counter size 'huge': expected one of"),
    (["--counter-size", "70"], "expected between 5 and 60 mm"),
    (["--back-offset", "30,0"], "more than 20 mm is not a printer misalignment"),
    (["--paper", "B5"], "expected one of A4, Letter, A3, Tabloid"),
    (["--duplex", "sideways"], "expected long, short or fold"),
])
def test_build_refuses_bad_options_before_building(tmp_path, args, message):
    result = CliRunner().invoke(app, ["build", str(MINI), "--out", str(tmp_path)] + args)
    assert result.exit_code == 2, result.output  # a usage error, not an internal one
    assert message in " ".join(result.output.replace("│", " ").split())
    assert not (tmp_path / "mini").exists()  # nothing half-written
