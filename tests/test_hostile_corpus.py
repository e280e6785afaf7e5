"""The corpus of bad inputs: every case, put into a copy of the mini game, gets `warkit check`
to print one clear message — file, line, column, what was expected — and exit 1 (data
errors) or 2 (input that cannot be read), never a traceback or a hang. Spreadsheet exports
that are only unusual (Spanish Excel: BOM, ';', CRLF, Windows-1252, `sep=;`) pass.

Small cases are files in tests/fixtures/hostile/ (byte-exact: see its .gitattributes); big,
binary and spreadsheet cases are made here.
"""

from __future__ import annotations

import io
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.io import sheets, tables

CORPUS = Path(__file__).parent / "fixtures" / "hostile"
MINI = Path(__file__).parent / "fixtures" / "mini"
TARGETS = {"units": "units.csv", "markers": "markers.csv", "hexes": "map/hexes.csv",
           "scenario": "scenarios/opening.yaml"}
UNREADABLE = "input could not be read: 1 error(s), 0 warning(s)\n"
ONE_ERROR = "1 error(s), 0 warning(s)\n"


def check(game: Path, *options: str):
    result = CliRunner().invoke(app, ["check", str(game), *options])
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert result.exit_code in (0, 1, 2) and isinstance(result.exception, (SystemExit, type(None)))
    return result


@pytest.fixture
def game(tmp_path) -> Path:
    target = tmp_path / "mini"
    shutil.copytree(MINI, target)
    return target


CASES = {
    # unusual but fine: what Spanish-locale Excel writes
    "units-excel-es.csv": (0, "ok: no errors, 0 warning(s)\n"),
    "units-sep-line.csv": (0, "ok: no errors, 0 warning(s)\n"),
    "markers-excel-es-cp1252.csv": (0, "mini/markers.csv: warning: load.encoding: not UTF-8; read as Windows-1252 "
                                       "(save it as UTF-8 to be sure)\nok: no errors, 1 warning(s)\n"),
    # data errors: exit 1, at the cell
    "units-mixed-endings.csv": (1, "mini/units.csv:6:2: error: ref.unknown-nationality: [nationality] unknown "
                                   "nationality 'xx' (known: bl, gy, rd)\n" + ONE_ERROR),
    "hexes-lost-zero.csv": (1, "mini/map/hexes.csv:3:1: error: hex.malformed: [hex] hex '303' is not a hex id of "
                               "map 'main' (expected the form '0101'); a lost leading zero? did you mean '0303'? "
                               "(format the column as text in the spreadsheet)\n" + ONE_ERROR),
    "units-formula.csv": (1, "mini/units.csv:4:8: error: load.cell: [copies] the cell holds the formula "
                             "'=SUMA(H2:H3)', not its value (export the values, or paste them as values in the "
                             "spreadsheet)\n" + ONE_ERROR),
    "units-unknown-column.csv": (1, "mini/units.csv:1:2: error: units.columns: [nationalty] unknown column "
                                    "'nationalty'; did you mean 'nationality'? (expected columns: id, nationality, "
                                    "type, size, designation, parent, name, steps, step_system, factors, code, army, "
                                    "flags, copies, source, notes, icon, back_designation, back_type, image, back_nationality, ability)\n" + ONE_ERROR),
    "units-duplicate-column.csv": (1, "mini/units.csv:1:10: error: units.columns: [steps] column 'steps' appears "
                                      "twice\n" + ONE_ERROR),
    "units-duplicate-id.csv": (1, "mini/units.csv:9:1: error: ids.duplicate: [id] duplicate unit id 'b1' (first "
                                  "defined at mini/units.csv:2:1)\n" + ONE_ERROR),
    "units-path-id.csv": (1, "mini/units.csv:3:1: error: units.id: [id] '../../b2' is not an id: ids start with a "
                             "letter or digit and hold only letters, digits and _ . + - (at most 64 characters)\n"
                             + ONE_ERROR),
    "scenario-unknown-key.yaml": (1, "mini/scenarios/opening.yaml:5:1: error: scenario.schema: unknown key "
                                     "'first_sid'; did you mean 'first_side'? (expected one of: changes, deployment, "
                                     "description, end_phase, end_turn, events, extends, first_side, id, map, markers, "
                                     "parameters, reinforcements, reinforcements_from_codes, restrictions, rules, "
                                     "seed, setup, "
                                     "setup_from_codes, source, special_rules, start_phase, start_turn, title, "
                                     "victory, withdrawals)\n"
                                     + ONE_ERROR),
    # unreadable: exit 2, at the line and cell where reading stopped
    "units-control-character.csv": (2, "mini/units.csv:4:5: error: load.table: holds the control character U+001B "
                                       "(expected printable text; was the file saved from a binary format?)\n"
                                       + UNREADABLE),
    "units-decimal-comma.csv": (2, "mini/units.csv:6:12: error: load.table: has 13 cells but the header names 11 "
                                   "columns (a stray separator, or a decimal comma in a ',' file without quotes?)\n"
                                   + UNREADABLE),
    "units-unclosed-quote.csv": (2, "mini/units.csv:5:5: error: load.table: the quote that opens this cell is never "
                                    "closed (expected a closing '\"')\n" + UNREADABLE),
    "units-text-after-quote.csv": (2, "mini/units.csv:3:5: error: load.table: text follows the closing quote of a "
                                      "quoted cell (expected ',' or the end of the line after it)\n" + UNREADABLE),
    "scenario-alias-bomb.yaml": (2, "mini/scenarios/opening.yaml:1:56: error: load.yaml: more than 200000 values "
                                    "(alias expansion or a huge file)\n" + UNREADABLE),
    "scenario-deep.yaml": (2, "mini/scenarios/opening.yaml:1:72: error: load.yaml: nested deeper than 64 levels\n"
                              + UNREADABLE),
    "scenario-duplicate-key.yaml": (2, "mini/scenarios/opening.yaml:11:1: error: load.yaml: duplicate key "
                                       "'end_turn'\n" + UNREADABLE),
    "scenario-merge-key.yaml": (2, "mini/scenarios/opening.yaml:2:1: error: load.yaml: merge keys ('<<') are not "
                                   "supported\n" + UNREADABLE),
    "scenario-python-tag.yaml": (2, "mini/scenarios/opening.yaml:1:8: error: load.yaml: tag "
                                    "'tag:yaml.org,2002:python/object/apply:os.system' is not allowed (plain values "
                                    "only)\n" + UNREADABLE),
    "scenario-control-character.yaml": (2, "mini/scenarios/opening.yaml:9:15: error: load.yaml: the character U+0007 "
                                           "is not allowed in YAML (expected printable text)\n" + UNREADABLE),
    # numbers past what print allows, digits that are not ASCII, text multiplied by aliases
    "units-superscript-digit.csv": (1, "mini/units.csv:3:8: error: units.copies: [copies] expected a whole number "
                                       "from 1 to 1000000, found '²'\n" + ONE_ERROR),
    "units-huge-number.csv": (1, "mini/units.csv:5:8: error: units.copies: [copies] expected a whole number from 1 "
                                 "to 1000000, found '" + "9" * 60 + "'… (5000 characters)\n" + ONE_ERROR),
    "units-c1-control.csv": (2, "mini/units.csv:4:5: error: load.table: holds the control character U+009B "
                                "(expected printable text; was the file saved from a binary format?)\n" + UNREADABLE),
    "scenario-nan-turn.yaml": (1, "mini/scenarios/opening.yaml:4:1: error: scenario.schema: end_turn: Input should "
                                  "be a valid integer, unable to parse string as an integer, found '.nan'\n"
                                  + ONE_ERROR),
    "scenario-cr-only.yaml": (1, "mini/scenarios/opening.yaml:4:1: error: scenario.schema: end_turn: Input should be "
                                 "a valid integer, unable to parse string as an integer, found 'four'\n" + ONE_ERROR),
    "scenario-alias-text.yaml": (2, "mini/scenarios/opening.yaml:9:5: error: load.yaml: more than 5000000 "
                                    "characters of text once aliases are expanded (a long text repeated with "
                                    "'*'?)\n" + UNREADABLE),
    "scenario-long-value.yaml": (2, "mini/scenarios/opening.yaml:1:8: error: load.yaml: a value of 10001 characters; "
                                    "values are limited to 10000 (as table cells are)\n" + UNREADABLE),
    "scenario-not-utf8.yaml": (2, "mini/scenarios/opening.yaml:1:22: error: load.yaml: is not UTF-8 text: byte 0xF1 "
                                  "cannot be read (save the file as UTF-8)\n" + UNREADABLE),
}


def test_every_corpus_file_has_a_case():
    assert sorted(p.name for p in CORPUS.iterdir() if not p.name.startswith(".")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_corpus_case(game, name):
    code, output = CASES[name]
    shutil.copyfile(CORPUS / name, game / TARGETS[name.split("-")[0]])
    result = check(game)
    assert (result.exit_code, result.output) == (code, output)


def test_the_spanish_export_reads_as_the_original(game):
    shutil.copyfile(CORPUS / "units-excel-es.csv", game / "units.csv")
    table = tables.read_table(game / "units.csv", "units.csv")
    original = tables.read_table(MINI / "units.csv", "units.csv")
    assert [r.cells | {"notes": "peso 0,5"} for r in original.rows] == [r.cells for r in table.rows]
    assert [r.where.line for r in table.rows] == [r.where.line for r in original.rows]


# --- made here: binary, huge, encodings, files that are not files ----------------------------

UNITS = (MINI / "units.csv").read_text(encoding="utf-8")
BINARY = {
    "png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
            "mini/units.csv: error: load.table: is a PNG image, not CSV text (expected a table exported as CSV)\n"),
    "nul": (b"id,name\nx,\x00\x01\x02\x03\n" + bytes(range(256)),
            "mini/units.csv:2:2: error: load.table: holds a NUL byte: a binary file, not a text table (expected CSV "
            "text)\n"),
    "late nul": (UNITS.encode() + b"x" * 5000 + b"\x00\n",
                 "mini/units.csv:9:1: error: load.table: holds a NUL byte: a binary file, not a text table (expected "
                 "CSV text)\n"),
    "utf-16": (UNITS.encode("utf-16"), "mini/units.csv: error: load.table: is UTF-16 text (Excel's \"Unicode "
                                       "text\"), not UTF-8 (save it as CSV UTF-8)\n"),
    "utf-16 without BOM": (UNITS.encode("utf-16-le"), "mini/units.csv: error: load.table: is UTF-16 text (Excel's "
                                                      "\"Unicode text\"), not UTF-8 (save it as CSV UTF-8)\n"),
    "workbook as csv": (b"PK\x03\x04" + b"\x14" * 100, "mini/units.csv: error: load.table: is a ZIP archive, not "
                        "CSV text: an .xlsx or .ods workbook saved under a .csv name? (rename it, or export it as "
                        "CSV)\n"),
    "xls as csv": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x01" * 100, "mini/units.csv: error: load.table: is an "
                   "old Excel .xls workbook, not CSV text (save it as .xlsx, or as CSV UTF-8)\n"),
    "neither utf-8 nor cp1252": (UNITS.replace("b3,gy", "b3,g\x81y").encode("latin-1"),
                                 "mini/units.csv:4:2: error: load.table: is neither UTF-8 nor Windows-1252 text: "
                                 "byte 0x81 cannot be read (save the table as CSV UTF-8)\n"),
    "empty": (b"", "mini/units.csv: error: load.table: is empty (expected a header line and rows)\n"),
    "blank": (b"\r\n \n\t\n", "mini/units.csv: error: load.table: is empty (expected a header line and rows)\n"),
    "huge cell": (UNITS.encode() + b"b9,bl,inf,XX," + b"x" * 200_000 + b"\n",
                  "mini/units.csv:9:5: error: load.table: a cell holds more than 131072 characters; cells are "
                  "limited to 10000\n"),
    "too many columns": ((",".join(f"c{i}" for i in range(300)) + "\n").encode(),
                         "mini/units.csv:1:201: error: load.table: has 300 columns; tables are limited to 200\n"),
}


def test_a_table_over_the_row_limit(game, monkeypatch):
    monkeypatch.setattr(tables, "MAX_ROWS", 1000)  # the real limit (100,000) is as easy to pass, but slower
    (game / "units.csv").write_text(UNITS + "r9,rd,inf,XX,1,1-1-1,,1,,,\n" * 1001, encoding="utf-8")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/units.csv:1002: error: load.table: has more than 1000 rows "
                                                    "(the limit of a table)\n" + UNREADABLE)


@pytest.mark.parametrize("case", sorted(BINARY))
def test_unreadable_tables(game, case):
    data, message = BINARY[case]
    (game / "units.csv").write_bytes(data)
    result = check(game)
    assert (result.exit_code, result.output) == (2, message + UNREADABLE)


def test_a_long_cell_is_a_cell_error(game):
    (game / "units.csv").write_text(UNITS + "b9,bl,inf,XX," + "x" * 20_000 + ",1-1-1,,1,,,\n", encoding="utf-8")
    result = check(game)
    assert (result.exit_code, result.output) == (1, "mini/units.csv:9:5: error: load.cell: [designation] the cell "
                                                    "holds 20000 characters; cells are limited to 10000\n" + ONE_ERROR)


def test_a_table_over_the_size_limit(game, monkeypatch):
    monkeypatch.setattr(tables, "MAX_TABLE_BYTES", 1000)
    (game / "units.csv").write_text(UNITS + "# padding\n" * 100, encoding="utf-8")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/units.csv: error: load.table: is 1434 bytes; tables are "
                                                    "limited to 1000\n" + UNREADABLE)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_files_that_are_not_files_never_hang(game):
    (game / "units.csv").unlink()
    os.mkfifo(game / "units.csv")  # reading a pipe nobody writes to would wait for ever
    (game / "scenarios" / "opening.yaml").unlink()
    (game / "scenarios" / "opening.yaml").mkdir()
    result = check(game)
    assert (result.exit_code, result.output) == (2, (
        "mini/scenarios/opening.yaml: error: load.yaml: is a folder, not a file\n"
        "mini/units.csv: error: load.table: is not a regular file (a device, pipe or socket cannot be read as data)\n"
        "input could not be read: 2 error(s), 0 warning(s)\n"))


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_game_yaml_linked_to_a_device_is_refused(game):
    (game / "game.yaml").unlink()
    (game / "game.yaml").symlink_to("/dev/zero")
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/game.yaml: error: load.yaml: is a symbolic link leading "
                                                    "outside the game folder (to /dev/zero)\n" + UNREADABLE)


@pytest.mark.parametrize("old, new, code, message", [
    ("weight: 0.5", "weight: '0,5'", 1, "mini/game.yaml:29:40: error: game.schema: sizes[1].weight: Input should be a "
     "valid number, unable to parse string as a number, found '0,5' (write decimals with a point: '0.5')"),
    ("units: units.csv", "units: /etc/passwd", 1, "mini/game.yaml:108:1: error: path.outside: path '/etc/passwd' "
     "must be relative to the game folder (no absolute path)"),
    ("units: units.csv", "units: 'C:\\Users\\x\\units.csv'", 1, "mini/game.yaml:108:1: error: path.outside: path "
     "'C:\\\\Users\\\\x\\\\units.csv' must be relative to the game folder (no absolute path)"),
    ("units: units.csv", "units: 'map\\..\\..\\units.csv'", 1, "mini/game.yaml:108:1: error: path.outside: path "
     "'map\\\\..\\\\..\\\\units.csv' must not contain '..' (files stay inside the game folder)"),
    ("markers: markers.csv", "markers: markers.csv\nscenarios: ../../etc", 1, "mini/game.yaml:110:1: error: "
     "path.outside: path '../../etc' must not contain '..' (files stay inside the game folder)"),
    ("units: units.csv", "units: units.xls", 2, "mini/units.xls: error: load.table: unsupported table type '.xls' "
     "(expected .csv, .xlsx or .ods)"),
])
def test_game_yaml_cases(game, old, new, code, message):
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    result = check(game)
    summary = UNREADABLE if code == 2 else ONE_ERROR
    assert (result.exit_code, result.output) == (code, message + "\n" + summary)


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_links_leading_out_of_the_game_are_refused(game, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("title: the neighbour's diary\n", encoding="utf-8")
    (game / "scenarios" / "secret.yaml").symlink_to(secret)
    (game / "units.csv").unlink()
    (game / "units.csv").symlink_to(tmp_path / "elsewhere.csv")
    (tmp_path / "elsewhere.csv").write_text(UNITS, encoding="utf-8")
    result = check(game)
    assert result.exit_code == 2
    assert result.output == (
        "mini/game.yaml:108:1: error: path.outside: path 'units.csv' leads outside the game folder (a symbolic link?)\n"
        f"mini/scenarios/secret.yaml: error: load.yaml: is a symbolic link leading outside the game folder (to "
        f"{secret})\n"
        "input could not be read: 2 error(s), 0 warning(s)\n")
    assert "diary" not in result.output  # its content is never read, so never shown


# --- spreadsheets ------------------------------------------------------------------------------


def xlsx_game(game: Path, rows, edit=None) -> Path:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    if edit:
        edit(sheet)
    book.save(game / "map" / "hexes.xlsx")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("hexes: map/hexes.csv", "hexes: map/hexes.xlsx"), encoding="utf-8")
    return game


HEXES = [["hex", "terrain", "name", "features", "region", "vp"], ["0101", "clear", "Blueton", "city", "blueland",
         "red=2"], ["0303", "forest"], ["0404", "sea"], ["0505", "clear", "Redburg", "city", "redland", "blue=3c"],
         ["0504", "clear", None, None, "redland"], ["0601", "clear", None, None, "neutralia"]]


def test_a_clean_xlsx_passes(game):
    assert check(xlsx_game(game, HEXES)).exit_code == 0


def _number_format(sheet):
    sheet["A3"] = 303
    sheet["A3"].number_format = "0000"  # shows 0303: the zero is kept


@pytest.mark.parametrize("edit, code, message", [
    (lambda s: s.__setitem__("A3", 303), 1, "mini/map/hexes.xlsx:3:1: error: hex.malformed: [hex] hex '303' is not "
     "a hex id of map 'main' (expected the form '0101'); a lost leading zero? did you mean '0303'? (format the "
     "column as text in the spreadsheet)"),
    (_number_format, 0, None),
    (lambda s: s.__setitem__("C5", "=B5&\"x\""), 1, "mini/map/hexes.xlsx:5:3: error: load.cell: [name] cell C5 "
     "holds the formula =B5&\"x\" but no saved result (written by a program that does not calculate? open the file "
     "in a spreadsheet and save it again)"),
    (lambda s: s.__setitem__("F2", __import__("datetime").date(2004, 7, 6)), 1, "mini/map/hexes.xlsx:2:6: error: "
     "load.cell: [vp] cell F2 holds a date or time (2004-07-06), not text: the spreadsheet turned what was typed "
     "(factors like 6-7-4, a turn like 1-8?) into a date; format the column as Text and type it again"),
    (lambda s: s.__setitem__("C3", "#REF!"), 1, "mini/map/hexes.xlsx:3:3: error: load.cell: [name] cell C3 holds the "
     "spreadsheet error #REF! (expected a value: fix the formula or type the value)"),
    (lambda s: s.merge_cells("B4:B5"), 2, "mini/map/hexes.xlsx:4:2: error: load.table: cell B4 is merged with others "
     "(B4:B5); a data table needs one value in every cell (unmerge them and fill each cell)"),
    (lambda s: s.__setitem__("GT2", "far"), 2, "mini/map/hexes.xlsx:2:202: error: load.table: cell GT2 lies beyond "
     "the 200 columns a table may have"),
])
def test_xlsx_cases(game, edit, code, message):
    result = check(xlsx_game(game, HEXES, edit))
    if message is None:
        assert (result.exit_code, result.output) == (0, "ok: no errors, 0 warning(s)\n")
    else:
        assert (result.exit_code, result.output) == (code, message + "\n" + (UNREADABLE if code == 2 else ONE_ERROR))


def test_a_zip_bomb_is_refused_before_it_is_unpacked(game, monkeypatch):
    monkeypatch.setattr(sheets, "MAX_UNPACKED_BYTES", 1_000_000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<" + b"a" * 2_000_000 + b"/>")
    xlsx_game(game, HEXES)
    (game / "map" / "hexes.xlsx").write_bytes(buffer.getvalue())
    result = check(game)
    assert (result.exit_code, result.output) == (2, "mini/map/hexes.xlsx: error: load.table: unpacks to 2000003 "
                                                    "bytes; spreadsheets are limited to 1000000\n" + UNREADABLE)


def ods_bytes(rows_xml: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", (
            '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
            'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
            f'<table:table table:name="hexes">{rows_xml}</table:table>'
            '<table:table table:name="other"><table:table-row><table:table-cell office:value-type="string">'
            '<text:p>ignored</text:p></table:table-cell></table:table-row></table:table>'
            '</office:spreadsheet></office:body></office:document-content>'))
    return buffer.getvalue()


def ods_row(*cells: str, repeat: int = 1) -> str:
    inner = "".join(c if c.startswith("<") else f'<table:table-cell office:value-type="string"><text:p>{c}</text:p>'
                    f'</table:table-cell>' for c in cells)
    return f'<table:table-row table:number-rows-repeated="{repeat}">{inner}</table:table-row>'


def ods_game(game: Path, rows_xml: str) -> Path:
    (game / "map" / "hexes.ods").write_bytes(ods_bytes(rows_xml))
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("hexes: map/hexes.csv", "hexes: map/hexes.ods"), encoding="utf-8")
    return game


EMPTY_CELLS = '<table:table-cell table:number-columns-repeated="16000"/>'


def test_an_ods_sheet_with_a_million_empty_rows_reads_fast_with_true_row_numbers(game):
    rows = (ods_row("hex", "terrain", EMPTY_CELLS) + ods_row("", repeat=1_000_000)
            + ods_row("0101", "clear", EMPTY_CELLS) + ods_row("0303", "jungle") + ods_row(repeat=1_048_000))
    result = check(ods_game(game, rows))
    assert (result.exit_code, result.output) == (1, "mini/map/hexes.ods:1000003:2: error: ref.unknown-terrain: "
                                                    "[terrain] unknown terrain 'jungle' (known: clear, forest, sea)\n"
                                                    + ONE_ERROR)


@pytest.mark.parametrize("cell, code, message", [
    ('<table:table-cell office:value-type="float" office:value="303"><text:p>303</text:p></table:table-cell>', 1,
     "mini/map/hexes.ods:2:1: error: hex.malformed: [hex] hex '303' is not a hex id of map 'main' (expected the form "
     "'0101'); a lost leading zero? did you mean '0303'? (format the column as text in the spreadsheet)"),
    ('<table:table-cell office:value-type="date" office:date-value="2004-07-06"><text:p>06/07/04</text:p>'
     '</table:table-cell>', 1, "mini/map/hexes.ods:2:1: error: load.cell: [hex] cell A2 holds a date or time "
     "(2004-07-06), not text: the spreadsheet turned what was typed (factors like 6-7-4, a turn like 1-8?) into a "
     "date; format the column as Text and type it again"),
    ('<table:table-cell table:number-columns-spanned="2" office:value-type="string"><text:p>0303</text:p>'
     '</table:table-cell><table:covered-table-cell/>', 2, "mini/map/hexes.ods:2:1: error: load.table: cell A2 is "
     "merged with others; a data table needs one value in every cell (unmerge them and fill each cell)"),
    ('<table:table-cell table:formula="of:=[.B1]"/>', 1, "mini/map/hexes.ods:2:1: error: load.cell: [hex] cell A2 "
     "holds the formula of:=[.B1] but no saved result (open the file in a spreadsheet and save it again)"),
])
def test_ods_cases(game, cell, code, message):
    rows = ods_row("hex", "terrain") + ods_row(cell, "forest")
    result = check(ods_game(game, rows))
    assert (result.exit_code, result.output) == (code, message + "\n" + (UNREADABLE if code == 2 else ONE_ERROR))


def test_an_ods_number_shown_with_leading_zeros_keeps_them(game):
    cell = '<table:table-cell office:value-type="float" office:value="303"><text:p>0303</text:p></table:table-cell>'
    rows = ods_row("hex", "terrain") + ods_row(cell, "forest")
    table = tables.read_table(ods_game(game, rows) / "map" / "hexes.ods", "hexes.ods")
    assert table.rows[0].cells == {"hex": "0303", "terrain": "forest"}
