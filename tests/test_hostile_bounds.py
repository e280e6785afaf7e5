"""Hostile numbers, names and files, by category: every case gets one line naming the file,
line and column (or the option) and what was expected, with its exit code — never an
internal error, a hang, a corrupt kit or a value printed raw.

Categories: bounds before work (numbers in the data and the options, dice, budgets of
pieces, map size and pixels, text lengths), no internal errors (huge integers, hex id
formats, symbolic link loops, catalogs' charsets and line ends, the command line's own
refusals, escapes in names), spreadsheets (hidden sheets, amplification) and YAML aliases.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app, main
from test_hostile_corpus import MINI, ONE_ERROR, UNREADABLE, check, ods_bytes, ods_row, xlsx_game, HEXES


@pytest.fixture
def game(tmp_path) -> Path:
    target = tmp_path / "mini"
    shutil.copytree(MINI, target)
    return target


def edit(game: Path, name: str, old: str, new: str) -> None:
    text = (game / name).read_text(encoding="utf-8")
    assert old in text, (name, old)
    (game / name).write_text(text.replace(old, new, 1), encoding="utf-8")


GRID = "columns: 6, rows: 5, first_column: 1, first_row: 1, hex_size_mm: 20"
SCHEMA = "mini/game.yaml:{}: error: game.schema: "

# (file, old text, new text) -> (exit code, the whole output of `warkit check`)
DATA_CASES = {
    "nan back offset": (("game.yaml", "units: units.csv", "units: units.csv\nprint: {back_offset_mm: [nan, 0]}"), 1,
                        SCHEMA.format("109:26") + "print.back_offset_mm[0]: Input should be a finite number, found "
                        "'nan'\n" + ONE_ERROR),
    "infinite back offset": (("game.yaml", "units: units.csv", "units: units.csv\nprint: {back_offset_mm: [0, -inf]}"),
                             1, SCHEMA.format("109:29") + "print.back_offset_mm[1]: Input should be a finite number, "
                             "found '-inf'\n" + ONE_ERROR),
    "back offset past 20 mm": (("game.yaml", "units: units.csv", "units: units.csv\nprint: {back_offset_mm: [25, 0]}"),
                               1, SCHEMA.format("109:26") + "print.back_offset_mm[0]: Input should be less than or "
                               "equal to 20, found '25'\n" + ONE_ERROR),
    "nan stacking weight": (("game.yaml", "weight: 1}", "weight: NaN}"), 1, SCHEMA.format("28:39") + "sizes[0].weight: "
                            "Input should be a finite number, found 'NaN'\n" + ONE_ERROR),
    "huge stacking limit": (("game.yaml", "max: 6, name", "max: 1e300, name"), 1, SCHEMA.format("51:24") +
                            "stacking.limits[1].max: 1e+300 is out of bounds (numbers in the data lie between "
                            "-1000000 and 1000000), found '1e300'\n" + ONE_ERROR),
    "huge modifier": (("game.yaml", "combat_drm: -1}", "combat_drm: -100000000000000000000}"), 1,
                      SCHEMA.format("57:46") + "hexside_features[0].combat_drm: -1e+20 is out of bounds (numbers in "
                      "the data lie between -1000000 and 1000000), found '-100000000000000000000'\n" + ONE_ERROR),
    "5000-digit integer": (("game.yaml", "combat_drm: -1}", "combat_drm: " + "9" * 5000 + "}"), 1,
                           SCHEMA.format("57:46") + "hexside_features[0].combat_drm: Unable to parse input string as "
                           "an integer, exceeded maximum size, found '" + "9" * 60 + "'… (5000 characters)\n"
                           + ONE_ERROR),
    "a thousand dice": (("game.yaml", "dice: 1d6", "dice: 1000d1000"), 1, SCHEMA.format("83:5") + "tables[0].dice: "
                        "dice '1000d1000': expected 1 to 10 dice of 2 to 100 faces, found '1000d1000'\n" + ONE_ERROR),
    "a die of one face": (("game.yaml", "dice: 1d6", "dice: 3d1"), 1, SCHEMA.format("83:5") + "tables[0].dice: dice "
                          "'3d1': expected 1 to 10 dice of 2 to 100 faces, found '3d1'\n" + ONE_ERROR),
    "a roll of a billion": (("game.yaml", "roll_max: 6", "roll_max: 1000000000"), 1, SCHEMA.format("87:5") +
                            "tables[0].roll_max: Input should be less than or equal to 1000, found '1000000000'\n"
                            + ONE_ERROR),
    # 98 columns of 173.2 mm (¾ of a 230.9 mm hex) + a hex + 2 × 12 mm margins; 5 rows of 200 mm + a half + margins
    "a map seventeen metres wide": (("game.yaml", GRID, GRID.replace("columns: 6", "columns: 99").replace(
        "hex_size_mm: 20", "hex_size_mm: 200")), 1, "mini/game.yaml:67:5: error: budget.map-size: map 'main' would be "
        "17229 × 1124 mm; a map's page is at most 5000 mm a side (fewer columns or rows, or smaller hexes: "
        "hex_size_mm)\n" + ONE_ERROR),
    "an id format wider than any id": (("game.yaml", GRID, GRID + ", id_format: '{col:0999999999d}{row:02d}'"), 1,
                                       SCHEMA.format("67:5") + "maps[0].grid: id_format: '{col:0999999999d}{row:02d}'"
                                       ": field 'col' must be plain or zero-padded like {col:02d} (at most 9 digits), "
                                       "got '0999999999d'\n" + ONE_ERROR),
    "an id format reaching into Python": (("game.yaml", GRID, GRID + ", id_format: '{col.__class__}{row:02d}'"), 1,
                                          SCHEMA.format("67:5") + "maps[0].grid: id_format: '{col.__class__}"
                                          "{row:02d}': unexpected or repeated field 'col.__class__'\n" + ONE_ERROR),
    "an id format with a conversion": (("game.yaml", GRID, GRID + ", id_format: '{col!r}{row:02d}'"), 1,
                                       SCHEMA.format("67:5") + "maps[0].grid: id_format: '{col!r}{row:02d}': field "
                                       "'col' must be plain or zero-padded like {col:02d} (at most 9 digits), got "
                                       "''\n" + ONE_ERROR),
    # patterns that could match for hours: refused, and no pattern ever sees more than 100 characters
    "a repeat inside a repeat": (("game.yaml", "pattern: '(?P<hex>\\d{4})'", "pattern: '(?P<hex>(\\d+)+)'"), 1,
                                 SCHEMA.format("46:5") + "counter_codes[0]: pattern holds a repeat inside a repeat, "
                                 "such as (a+)+, which can take hours to match one cell (write it without)\n"
                                 + ONE_ERROR),
    "a back-reference": (("game.yaml", "result_pattern: '(?P<attacker>\\d|E)/(?P<defender>\\d|E)(?P<retreat>R)?'", "result_pattern: '(?P<attacker>\\d|E)/(?P<defender>\\1)(?P<retreat>R)?'"),
                         1, SCHEMA.format("80:5") + "tables[0]: result_pattern holds a back-reference (\\1), which "
                         "can take hours to match one cell (write it without)\n" + ONE_ERROR),
    "alternatives inside a repeat": (("game.yaml", "result_pattern: '(?P<attacker>\\d|E)/(?P<defender>\\d|E)(?P<retreat>R)?'",
                                      "result_pattern: '(?P<attacker>\\d|E)/(?P<defender>(1|12)*)(?P<retreat>R)?'"), 1, SCHEMA.format("80:5") +
                                     "tables[0]: result_pattern holds alternatives inside a repeat, such as (a|ab)*, "
                                     "which can take hours to match one cell (write it without)\n" + ONE_ERROR),
    "five open repeats": (("game.yaml", "result_pattern: '(?P<attacker>\\d|E)/(?P<defender>\\d|E)(?P<retreat>R)?'",
                           "result_pattern: '(?P<attacker>\\d*\\d*\\d*\\d*\\d*)/(?P<defender>\\d|E)(?P<retreat>R)?'"), 1, SCHEMA.format("80:5") +
                          "tables[0]: result_pattern holds 5 repeats of no fixed count (+, *, {1,3} …); at most 4\n"
                          + ONE_ERROR),
    "a code of 5,000 characters": (("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,"
                                    + "0" * 5000 + ","), 1, "mini/units.csv:2:7: error: units.code: [code] corner code "
                                   "'" + "0" * 60 + "'… (5000 characters) matches none of the game's forms ('set-up "
                                   "hex', 'entry turn')\n" + ONE_ERROR),
    "a title of a whole page": (("game.yaml", "title: Mini War", "title: " + "word " * 40), 1, SCHEMA.format("3:1") +
                                "title: String should have at most 150 characters, found '" + "word " * 12 +
                                "'… (199 characters)\n" + ONE_ERROR),
    "a value longer than a cell": (("game.yaml", "title: Mini War", "title: Mini War\nsubtitle: " + "x" * 10_001), 2,
                                   "mini/game.yaml:4:11: error: load.yaml: a value of 10001 characters; values are "
                                   "limited to 10000 (as table cells are)\n" + UNREADABLE),
    "a superscript digit": (("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,"
                             "\u00b2,"), 1, "mini/units.csv:2:8: error: units.copies: [copies] expected a whole number "
                            "from 1 to 1000000, found '²'\n" + ONE_ERROR),
    "an Arabic-Indic digit": (("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,"
                               "\u0663,"), 1, "mini/units.csv:2:8: error: units.copies: [copies] expected a whole "
                              "number from 1 to 1000000, found '٣'\n" + ONE_ERROR),
    "copies past any number": (("units.csv", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,1,", "b1,bl,inf,XXX,1,6-7-4|3-4-4,0101,"
                                + "9" * 30 + ","), 1, "mini/units.csv:2:8: error: units.copies: [copies] expected a "
                               "whole number from 1 to 1000000, found '" + "9" * 30 + "'\n" + ONE_ERROR),
    "an escape in a cell": (("units.csv", "b1,bl,inf,XXX,1,", "b1,bl,inf,XXX,\"1\u009b31m\","), 2,
                            "mini/units.csv:2:5: error: load.table: holds the control character U+009B (expected "
                            "printable text; was the file saved from a binary format?)\n" + UNREADABLE),
}


@pytest.mark.parametrize("case", sorted(DATA_CASES))
def test_hostile_data(game, case):
    (name, old, new), code, output = DATA_CASES[case]
    edit(game, name, old, new)
    result = check(game)
    assert (result.exit_code, result.output) == (code, output)


def test_a_text_repeated_by_aliases_is_not_multiplied(game):
    edit(game, "game.yaml", "title: Mini War", "title: Mini War\nsubtitle: &long \"" + "x" * 9_000 + "\"")
    edit(game, "game.yaml", "    below: \"E/0\"", "    below: \"E/0\"\n    notes: [" + ", ".join(["*long"] * 600) + "]")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/game.yaml:4:11: error: load.yaml: more than 5000000 "
                                                    "characters of text once aliases are expanded (a long text "
                                                    "repeated with '*'?)\n" + UNREADABLE)


def test_the_pieces_of_a_kit_are_counted_before_the_build(game, tmp_path):
    rows = "".join(f"z{i},bl,inf,XXX,1,6-7-4|3-4-4,,50,illustrative,,\n" for i in range(1100))
    (game / "units.csv").write_text((game / "units.csv").read_text(encoding="utf-8") + rows, encoding="utf-8")
    assert check(game).exit_code == 0  # the data is right: only its kit is too big to print
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "crt", "--jobs",
                                      "1", "--quiet"])
    assert (result.exit_code, result.output) == (2, "warkit: mini/units.csv:1008:8: the kit's counters, blocks and "
                                                    "cards reach 50008 at this row; a kit prints at most 50000 (fewer "
                                                    "copies, or split the game into several kits)\n")
    assert not (tmp_path / "out").exists()


def test_the_pixels_of_the_counter_images_are_counted_before_the_build(game, tmp_path):
    # 7 units (one of two counters), 2 markers and 300 new units: 310 counters, 620 faces of 60 mm at 1200 dpi
    edit(game, "game.yaml", "units: units.csv",
         "units: units.csv\nprint: {counter_dpi: 1200, counter_size_mm: 60, counter_images: [svg, png]}")
    rows = "".join(f"z{i},bl,inf,XXX,1,6-7-4|3-4-4,,1,illustrative,,\n" for i in range(300))
    (game / "units.csv").write_text((game / "units.csv").read_text(encoding="utf-8") + rows, encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "crt", "--jobs",
                                      "1", "--quiet"])
    assert (result.exit_code, result.output) == (2, "warkit: mini/game.yaml:109:9: the counter images would take "
                                                    "4,983,079,500 pixels (620 faces of 2835 × 2835); a build makes "
                                                    "at most 4,000,000,000 (a lower --dpi or print.counter_dpi, or "
                                                    "print.counter_images: [svg])\n")
    assert not (tmp_path / "out").exists()
    lower = CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "crt", "--dpi",
                                     "600", "--jobs", "1", "--quiet"])
    assert lower.exit_code == 0, lower.output
    svg_only = CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "crt",
                                        "--counter-images", "svg", "--jobs", "1", "--quiet"])
    assert svg_only.exit_code == 0, svg_only.output


# --- symbolic link loops ----------------------------------------------------------------------


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_symbolic_link_loops_are_named(game, tmp_path):
    (game / "units.csv").unlink()
    (game / "units.csv").symlink_to("units.csv")
    (game / "a").symlink_to("b")
    (game / "b").symlink_to("a")
    edit(game, "game.yaml", "markers: markers.csv", "markers: a/markers.csv")
    result = check(game)
    assert (result.exit_code, result.output) == (1, "mini/game.yaml:108:1: error: path.outside: path 'units.csv' "
                                                    "leads in a loop (a symbolic link?)\nmini/game.yaml:109:1: error: "
                                                    "path.outside: path 'a/markers.csv' leads in a loop (a symbolic "
                                                    "link?)\n2 error(s), 0 warning(s)\n")
    (game / "game.yaml").unlink()
    (game / "game.yaml").symlink_to("game.yaml")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/game.yaml: error: load.yaml: is a symbolic link that leads "
                                                    "round in a loop (expected a file)\n" + UNREADABLE)


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_template_that_loops_is_named(game, tmp_path):
    (game / "templates").mkdir()
    (game / "templates" / "player-aid.xml.j2").symlink_to("player-aid.xml.j2")
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "player-aids",
                                      "--jobs", "1", "--quiet"])
    assert (result.exit_code, result.output) == (2, "warkit: mini/templates/player-aid.xml.j2: refused: template "
                                                    "'player-aid.xml.j2' is a symbolic link that leads round in a "
                                                    "loop\n")


# --- catalogs -----------------------------------------------------------------------------------

CATALOG = Path("locales") / "es" / "LC_MESSAGES" / "game.po"


def build_spanish(game: Path, tmp_path: Path):
    return CliRunner().invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--only", "crt", "--lang", "es",
                                    "--jobs", "1", "--quiet"])


@pytest.mark.parametrize("charset", ["klingon", "utf-16", "latin-1"])
def test_a_catalog_in_another_charset_is_named(game, tmp_path, charset):
    text = (game / CATALOG).read_text(encoding="utf-8")
    (game / CATALOG).write_text(re.sub(r"charset=[\w-]+", f"charset={charset}", text, count=1), encoding="utf-8")
    result = build_spanish(game, tmp_path)
    line = text[:text.index("charset=")].count("\n") + 1
    assert (result.exit_code, result.output) == (2, f"warkit: {game / CATALOG}:{line}: declares the charset "
                                                    f"'{charset}'; warkit reads catalogs in UTF-8 (save it as UTF-8 and "
                                                    "write charset=UTF-8)\n")


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_a_catalog_with_other_line_ends_reads_with_true_line_numbers(game, tmp_path, ending):
    lines = (game / CATALOG).read_text(encoding="utf-8").split("\n")
    assert build_spanish(game, tmp_path).exit_code == 0
    (game / CATALOG).write_text(ending.join(lines), encoding="utf-8")
    result = build_spanish(game, tmp_path)
    assert (result.exit_code, result.output) == (0, "")  # every translation found, as with \n
    lines[29] = "msgid garbage"
    (game / CATALOG).write_text(ending.join(lines), encoding="utf-8")
    result = build_spanish(game, tmp_path)
    assert result.exit_code == 2 and result.output.startswith(f"warkit: {game / CATALOG}:30: not a valid gettext "
                                                              "catalog: ")
    assert result.output.count("\n") == 1


# --- the command line: one line for every refusal ------------------------------------------------


def run_main(monkeypatch, capsys, *args):
    monkeypatch.setattr(sys, "argv", ["warkit", *map(str, args)])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    return exited.value.code, out, err


@pytest.mark.parametrize("options, message", [
    (["--jobs", "-1"], "warkit build: Invalid value for '--jobs' / '-j': Input should be greater than or equal to 0 "
                       "(see warkit build --help)"),
    (["--bleed", "nan"], "warkit: Invalid value for --bleed: expected a finite number (print.bleed_mm) (see "
                         "warkit --help)"),
    (["--dpi", "9" * 30], "warkit: Invalid value for --dpi: expected at most 1200 (print.counter_dpi) (see "
                          "warkit --help)"),
    (["--counter-size", "nan"], "warkit: Invalid value for --counter-size: counter size 'nan': expected one of 1/2\", "
                                "9/16\", 5/8\", 3/4\", 1\", 15mm or a size in mm such as 16 (see warkit --help)"),
    (["--back-offset", "nan,0"], "warkit: Invalid value for --back-offset: back offset 'nan,0': expected X,Y in mm, "
                                 "e.g. 0.5,-0.3 (see warkit --help)"),
    (["--back-offset", "1e999,0"], "warkit: Invalid value for --back-offset: back offset '1e999,0': expected X,Y in "
                                   "mm, e.g. 0.5,-0.3 (see warkit --help)"),
    (["--only", ""], "warkit: Invalid value for --only: expected names separated by commas (see warkit --help)"),
    (["--lang", ",,"], "warkit: Invalid value for --lang: expected names separated by commas (see warkit --help)"),
    (["--paper", "A9"], "warkit: Invalid value for --paper: expected 'A4', 'Letter', 'A3' or 'Tabloid' (print.paper) "
                        "(see warkit --help)"),
    (["--map-files", ","], "warkit: Invalid value for --map-files: expected some of pdf, svg, tiles separated by "
                           "commas (see warkit --help)"),
    (["--map-files", "pdf,jpg"], "warkit: Invalid value for --map-files: expected some of pdf, svg, tiles separated "
                                 "by commas, not 'jpg' (see warkit --help)"),
    (["--counter-images", " , "], "warkit: Invalid value for --counter-images: expected none, or svg and/or png "
                                  "separated by commas (see warkit --help)"),
    (["--counter-images", "none,svg"], "warkit: Invalid value for --counter-images: expected none, or svg and/or png "
                                       "separated by commas, not 'none' (see warkit --help)"),
    (["--nonsense"], "warkit build: No such option: --nonsense (see warkit build --help)"),
    (["--scenario", "x\x1b[31mred"], "warkit: no scenario 'x\\x1b[31mred' (known: opening)"),
    (["--lang", "e\ns"], "warkit: unknown language code 'e\\ns' (expected only letters, got 'e\\ns')"),
])
def test_a_bad_option_is_one_line(game, tmp_path, monkeypatch, capsys, options, message):
    code, out, err = run_main(monkeypatch, capsys, "build", game, "--out", tmp_path / "out", "--only", "crt",
                              "--jobs", "1", "--quiet", *options)
    assert (code, out, err) == (2, "", message + "\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("options, message", [
    (["--duplex", "fold"], "warkit calibrate: Invalid value for --duplex: a fold-over sheet needs no calibration; use "
                           "long or short (see warkit calibrate --help)"),
    (["--duplex", "sideways"], "warkit calibrate: Invalid value for --duplex: expected 'long' or 'short', not "
                               "'sideways' (see warkit calibrate --help)"),
    (["--paper", "A5"], "warkit calibrate: Invalid value for --paper: expected 'A4', 'Letter', 'A3' or 'Tabloid' "
                        "(print.paper) (see warkit calibrate --help)"),
    (["--back-offset", "1,2,3"], "warkit calibrate: Invalid value for --back-offset: back offset '1,2,3': expected X,Y "
                                 "in mm, e.g. 0.5,-0.3 (see warkit calibrate --help)"),
    (["--back-offset", "30,0"], "warkit calibrate: Invalid value for --back-offset: expected at most 20 "
                                "(print.back_offset_mm) (see warkit calibrate --help)"),
    (["--lang", "xx"], "warkit: unknown language code 'xx' (unknown locale 'xx')"),
])
def test_a_refused_calibration_option_is_one_line_and_writes_nothing(tmp_path, monkeypatch, capsys, options, message):
    code, out, err = run_main(monkeypatch, capsys, "calibrate", "--out", tmp_path / "calibration.pdf", *options)
    assert (code, out, err) == (2, "", message + "\n")
    assert not (tmp_path / "calibration.pdf").exists()


def test_a_missing_argument_is_one_line(monkeypatch, capsys):
    assert run_main(monkeypatch, capsys, "build") == (2, "", "warkit build: Missing argument 'game_dir'. (see warkit "
                                                             "build --help)\n")


def test_a_folder_named_with_a_line_break_prints_as_its_escape(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "new\nok: forged"
    code, out, err = run_main(monkeypatch, capsys, "new", folder, "--title", "Border War")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == f"created {tmp_path}/new\\nok: forged (Border War, id new-ok-forged):"
    assert all(not line.startswith("ok: forged") for line in out.splitlines())


def test_an_internal_error_of_several_lines_is_one(monkeypatch, capsys, game):
    import generator.checking

    def broken(*args, **kwargs):
        raise RuntimeError("first line\nsecond line\x1b[2J")

    monkeypatch.setattr(generator.checking, "check_game", broken)
    assert run_main(monkeypatch, capsys, "check", game) == (3, "", "warkit: internal error: RuntimeError: first line "
                                                                   "(run with --debug for details)\n")


# --- warkit new --title ----------------------------------------------------------------------------


@pytest.mark.parametrize("title, message", [
    ("Evil\"\nunits: /etc/passwd", "warkit: --title holds the character U+000A (expected one line of printable text)"),
    ("Evil\u2028units: x", "warkit: --title holds the character U+2028 (expected one line of printable text)"),
    ("", "warkit: --title is empty (expected the game's title, e.g. --title \"Border War\")"),
    ("x" * 151, "warkit: --title has 151 characters; a title has at most 150"),
])
def test_new_refuses_a_title_that_is_not_one_line_and_writes_nothing(tmp_path, title, message):
    result = CliRunner().invoke(app, ["new", str(tmp_path / "game"), "--title", title])
    assert (result.exit_code, result.output) == (2, message + "\n")
    assert not (tmp_path / "game").exists()


@pytest.mark.parametrize("title", ["Evil\" # units: x", "a: b", "- [x]", "*alias", "&anchor x", "!!python/object x",
                                   "'quoted'", "{{ 7*7 }}", "$id ${title}", "\\\\ \\\" \\n"])
def test_new_writes_any_one_line_title_as_text(tmp_path, title):
    folder = tmp_path / "game"
    assert CliRunner().invoke(app, ["new", str(folder), "--title", title]).exit_code == 0
    from generator.io.yamlio import load_yaml

    doc = load_yaml(folder / "game.yaml")
    assert doc.data["title"] == title and doc.data["units"] == "units.csv"
    assert check(folder, "--strict").exit_code == 0


def test_new_leaves_nothing_when_it_fails(tmp_path, monkeypatch):
    import generator.scaffold as scaffold

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(scaffold, "_catalogs", broken)
    result = CliRunner().invoke(app, ["new", str(tmp_path / "game")])
    assert (result.exit_code, result.output) == (2, "warkit: No space left on device\n")
    assert not (tmp_path / "game").exists()
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(app, ["new", str(tmp_path / "empty")])
    assert result.exit_code == 2 and list((tmp_path / "empty").iterdir()) == []


# --- spreadsheets ------------------------------------------------------------------------------------


def test_a_hidden_first_sheet_is_refused(game):
    def hide(sheet):
        visible = sheet.parent.create_sheet("visible")
        visible.append(["hex", "terrain"])
        sheet.sheet_state = "hidden"
        sheet.parent.active = 1

    result = check(xlsx_game(game, HEXES, hide))
    assert (result.exit_code, result.output) == (2, "mini/map/hexes.xlsx: error: load.table: its first sheet 'Sheet' "
                                                    "is hidden: the table is read from the first sheet, so it must be "
                                                    "one a person sees (show it, or move the table to the first "
                                                    "sheet)\n" + UNREADABLE)


def test_a_hidden_first_ods_sheet_is_refused(game):
    data = ods_bytes(ods_row("hex", "terrain") + ods_row("0101", "clear"))
    data = data  # the table gets a style that hides it
    import io
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(data))
    content = source.read("content.xml").decode()
    content = content.replace('xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">',
                              'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
                              'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:automatic-styles>'
                              '<style:style style:name="ta1" style:family="table"><style:table-properties '
                              'table:display="false"/></style:style></office:automatic-styles>')
    content = content.replace('<table:table table:name="hexes">', '<table:table table:name="hexes" '
                                                                  'table:style-name="ta1">')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", source.read("mimetype"))
        archive.writestr("content.xml", content)
    (game / "map" / "hexes.ods").write_bytes(buffer.getvalue())
    edit(game, "game.yaml", "hexes: map/hexes.csv", "hexes: map/hexes.ods")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/map/hexes.ods: error: load.table: its first sheet 'hexes' "
                                                    "is hidden: the table is read from the first sheet, so it must be "
                                                    "one a person sees (show it, or move the table to the first "
                                                    "sheet)\n" + UNREADABLE)


def test_an_ods_cell_of_endless_spaces_stops_at_the_cell_limit(game):
    spaces = '<text:p><text:s text:c="10001"/></text:p>' * 2000  # would be 20 million spaces
    cell = f'<table:table-cell office:value-type="string">{spaces}</table:table-cell>'
    (game / "map" / "hexes.ods").write_bytes(ods_bytes(ods_row("hex", "terrain", "name") + ods_row("0101", "clear",
                                                                                                   cell)))
    edit(game, "game.yaml", "hexes: map/hexes.csv", "hexes: map/hexes.ods")
    result = check(game)
    assert result.output.startswith("mini/map/hexes.ods:2:3: error: load.cell: [name] cell C2 holds more than 10000 "
                                    "characters; cells are limited to 10000\n")


def test_a_long_shared_string_in_every_cell_is_refused_once_per_cell_without_scanning_it(game):
    long = "x" * 20_000

    def fill(sheet):
        for row in range(2, 200):
            sheet.cell(row=row, column=3, value=long)

    result = check(xlsx_game(game, HEXES, fill))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == ("mini/map/hexes.xlsx:2:3: error: load.cell: [name] cell C2 holds 20000 "
                                             "characters; cells are limited to 10000")


# --- long texts are fitted in a few measures, not one per character or per split -----------------


def test_a_long_text_is_shortened_to_fit_with_an_ellipsis():
    from generator.components.chart_document import shortened
    from generator.fonts.metrics import text_width_mm

    text = "Grand Campaign " * 600  # 9,000 characters
    short = shortened(text, "sans", 8.0, 50.0)
    assert short.endswith("…") and text.startswith(short[:-1])
    assert text_width_mm(short, "sans", 8.0) <= 50.0
    longer = text[:len(short)] + "…"  # one character more would not fit
    assert text_width_mm(longer, "sans", 8.0) > 50.0


def test_many_words_wrap_on_balanced_lines():
    from generator.layout.text_fit import balanced, wrap_to_fit, words

    parts = words("Army " * 2000)
    lines = balanced(parts, 3)
    assert len(lines) == 3 and " ".join(lines).split() == ["Army"] * 2000
    assert [len(line.split()) for line in lines] == [667, 667, 666]
    wrapped, size = wrap_to_fit("Army " * 2000, "sans-bold", 15.0, 10.0, 8.0)
    assert 1 <= len(wrapped) <= 3 and " ".join(wrapped).split() == ["Army"] * 2000 and size > 0


def test_a_word_longer_than_the_line_is_cut_into_pieces_that_fit():
    from generator.fonts.metrics import text_width_mm
    from generator.layout.wrap import wrap_text

    lines = wrap_text("x" * 9000, "sans", 8.0, 40.0)
    assert "".join(lines) == "x" * 9000
    assert all(text_width_mm(line, "sans", 8.0) <= 40.0 for line in lines)
    assert all(text_width_mm(line + "x", "sans", 8.0) > 40.0 for line in lines[:-1])  # each as long as fits
