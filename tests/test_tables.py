"""The table loader: delimiters, encodings, real line numbers, spreadsheets, bad files."""

from __future__ import annotations

import pytest

from generator.errors import InputError
from generator.io.tables import read_table


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_delimiters_are_detected_and_hex_ids_keep_zeros(tmp_path, delimiter):
    text = delimiter.join(["hex", "terrain", "name"]) + "\n" + delimiter.join(["0712", "clear", "Łomża"]) + "\n"
    table = read_table(write(tmp_path, "hexes.csv", text), "hexes.csv")
    assert table.header == ("hex", "terrain", "name")
    assert table.rows[0].cells == {"hex": "0712", "terrain": "clear", "name": "Łomża"}


def test_bom_is_stripped(tmp_path):
    table = read_table(write(tmp_path, "t.csv", "\ufeffid;name\nx;Niño\n".encode("utf-8")), "t.csv")
    assert table.header == ("id", "name")
    assert table.warnings == ()


def test_cp1252_falls_back_with_a_warning(tmp_path):
    table = read_table(write(tmp_path, "t.csv", "id;name\nx;Espa\xf1a\n".encode("cp1252")), "t.csv")
    assert table.rows[0].cells["name"] == "España"
    assert table.warnings == ("t.csv: not UTF-8; read as Windows-1252 (save it as UTF-8 to be sure)",)


def test_line_numbers_count_blank_lines_and_multiline_cells(tmp_path):
    text = 'id,notes\na,"one\ntwo"\n\nb,x\n\n\nc,"3\n4\n5"\nd,y\n'
    table = read_table(write(tmp_path, "t.csv", text), "t.csv")
    assert [(r.cells["id"], r.where.line) for r in table.rows] == [("a", 2), ("b", 5), ("c", 8), ("d", 11)]
    assert table.rows[1].at("notes").column == 2


def test_quoted_delimiters_and_decimal_commas(tmp_path):
    table = read_table(write(tmp_path, "t.csv", 'id;weight;name\na;0,5;"Vitry; le-François"\n'), "t.csv")
    assert table.rows[0].cells == {"id": "a", "weight": "0,5", "name": "Vitry; le-François"}


@pytest.mark.parametrize(
    "content, message",
    [
        ("", "t.csv: is empty (expected a header line and rows)"),
        ("\n\n  \n", "t.csv: is empty (expected a header line and rows)"),
        (b"\x00\x01\x02PK", "t.csv:1:1: holds a NUL byte: a binary file, not a text table (expected CSV text)"),
        ("a,b\n1,2,3\n", "t.csv:2:3: has 3 cells but the header names 2 columns (a stray separator, or a decimal "
                         "comma in a ',' file without quotes?)"),
    ],
)
def test_unreadable_tables_raise_one_clear_error(tmp_path, content, message):
    with pytest.raises(InputError) as caught:
        read_table(write(tmp_path, "t.csv", content), "t.csv")
    assert str(caught.value) == message


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match=r"^units.csv: file not found$"):
        read_table(tmp_path / "units.csv", "units.csv")


def test_xlsx_rows_and_line_numbers(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["hex", "terrain"])
    sheet.append(["0712", "clear"])
    sheet.append([None, None])
    sheet.append([2419, "swamp"])  # typed as a number: the zero is lost before we see it
    book.save(tmp_path / "hexes.xlsx")
    table = read_table(tmp_path / "hexes.xlsx", "hexes.xlsx")
    assert [(r.cells["hex"], r.where.line) for r in table.rows] == [("0712", 2), ("2419", 4)]


def test_ods_is_read(tmp_path):
    pd = pytest.importorskip("pandas")
    pd.DataFrame({"hex": ["0712"], "name": ["Kraków"]}).to_excel(tmp_path / "h.ods", engine="odf", index=False)
    table = read_table(tmp_path / "h.ods", "h.ods")
    assert table.rows[0].cells == {"hex": "0712", "name": "Kraków"}
    assert table.rows[0].where.line == 2


def test_corrupt_xlsx_is_one_message(tmp_path):
    path = write(tmp_path, "units.xlsx", b"PK\x03\x04 this is not really a zip")
    with pytest.raises(InputError) as caught:
        read_table(path, "units.xlsx")
    assert str(caught.value) == ("units.xlsx: cannot be read as a .xlsx spreadsheet: it is not a ZIP archive "
                                 "(a CSV or an old .xls file under a new name?)")
