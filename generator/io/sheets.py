"""Spreadsheets (.xlsx, .ods) into (row number, cells as text) records.

Both formats are ZIP archives of XML. Before anything is parsed the archive's unpacked size
is checked (a few kilobytes can unpack to gigabytes), and XML goes through expat, whose
limits refuse entity-expansion bombs. Then every cell becomes text, as a CSV export would
have written it, and what a CSV export would have hidden is refused with the cell's place:

- **merged cells**: a data table needs one value per cell;
- **dates**: a spreadsheet turns `6-7-4` or `1-8` into a date as it is typed;
- **formulas without a saved result** (a file written by a program that does not
  calculate); a formula *with* a saved result is read as that result, deliberately: it is
  what the spreadsheet shows;
- **error values** (`#REF!`, `#DIV/0!`, `#N/A`) and control characters.

Numbers are written as a person would (`712`, `0.5`); a whole number shown with leading
zeros (a `0000` number format) keeps them, so a hex id column formatted that way reads
`0712`. The first sheet is the table.

.xlsx is read with openpyxl in read-only (streaming) mode; .ods with the standard library's
ElementTree, row by row, so a sheet of a million repeated empty rows costs nothing.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Iterator
from xml.etree import ElementTree

from generator.errors import InputError
from generator.model.base import whole_number
from generator.io.tables import MAX_CELL_CHARS, MAX_COLUMNS, BadCell

MAX_UNPACKED_BYTES = 100_000_000
Records = Iterator[tuple[int, list[str]]]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 and C1 controls, DEL
_ZEROS = re.compile(r"0+")


def read_sheet(raw: bytes, display: str, suffix: str) -> Records:
    """The first sheet's records; InputError naming the cell when one cannot be used."""
    archive = _archive(raw, display, suffix)
    if suffix == ".ods":
        return _checked(_ods_records(archive, display), display)
    return _checked(_xlsx_records(raw, archive, display), display)


def _archive(raw: bytes, display: str, suffix: str) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except zipfile.BadZipFile:
        raise InputError(display, f"cannot be read as a {suffix} spreadsheet: it is not a ZIP archive "
                                  "(a CSV or an old .xls file under a new name?)") from None
    unpacked = sum(item.file_size for item in archive.infolist())
    if unpacked > MAX_UNPACKED_BYTES:
        raise InputError(display, f"unpacks to {unpacked} bytes; spreadsheets are limited to {MAX_UNPACKED_BYTES}")
    return archive


def _checked(records: Records, display: str) -> Records:
    """Turns the XML and ZIP libraries' own errors, raised while streaming, into one message."""
    try:
        yield from records
    except InputError:
        raise
    except Exception as exc:  # corrupt archives raise many types (BadZipFile, KeyError, ParseError …)
        raise InputError(display, f"cannot be read as a spreadsheet ({type(exc).__name__}: {exc})") from None


def cell_name(line: int, column: int) -> str:
    """The spreadsheet's name of a cell: (5, 3) -> 'C5'."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{line}"


def _refuse(display: str, line: int, column: int, message: str) -> InputError:
    return InputError(display, f"cell {cell_name(line, column)} {message}", line, column)


def _bad(line: int, column: int, message: str) -> BadCell:
    return BadCell(f"cell {cell_name(line, column)} {message}")


def _text(value: str, line: int, column: int) -> str:
    if len(value) > MAX_CELL_CHARS:  # before anything scans it: one long shared string may fill every cell
        return _bad(line, column, f"holds {len(value)} characters; cells are limited to {MAX_CELL_CHARS}")
    found = _CONTROL.search(value)
    if found:
        return _bad(line, column, f"holds the control character U+{ord(found[0]):04X} (expected printable text)")
    return value


def _date(value, line: int, column: int) -> BadCell:
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        value = value.date()
    shown = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return _bad(line, column, f"holds a date or time ({shown}), not text: the spreadsheet turned what was "
                              "typed (factors like 6-7-4, a turn like 1-8?) into a date; format the column as "
                              "Text and type it again")


def _number(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def _limit_columns(cells: list[str], display: str, line: int) -> list[str]:
    if len(cells) > MAX_COLUMNS:
        extra = next((i for i in range(MAX_COLUMNS, len(cells)) if cells[i]), None)
        if extra is not None:
            raise _refuse(display, line, extra + 1, f"lies beyond the {MAX_COLUMNS} columns a table may have")
        del cells[MAX_COLUMNS:]
    return cells


# --- .xlsx --------------------------------------------------------------------------------

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_MERGED = re.compile(rb'<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]+)([0-9]+)(?::[A-Z]+[0-9]+)?"')
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")


def _xlsx_records(raw: bytes, archive: zipfile.ZipFile, display: str) -> Records:
    import openpyxl  # only for spreadsheets

    first = _first_sheet(archive, display)
    sheet_xml = archive.read(first) if first in archive.namelist() else b""
    merged = _MERGED.search(sheet_xml)
    if merged:
        line, column = int(merged[2]), _column_number(merged[1].decode())
        ref = re.search(rb'ref="([^"]+)"', merged[0])[1].decode()
        raise _refuse(display, line, column, f"is merged with others ({ref}); a data table needs one value in "
                                             "every cell (unmerge them and fill each cell)")
    formulas = _formulas(raw) if _FORMULA.search(sheet_xml) else {}
    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a corrupt workbook
        raise InputError(display, f"cannot be read as a .xlsx spreadsheet ({type(exc).__name__}: {exc})") from None
    try:
        if not book.worksheets:
            raise InputError(display, "holds no worksheet (expected the table on the first sheet)")
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # a stale <dimension> would pad every row to it
        for line, row in enumerate(sheet.iter_rows(min_row=1), start=1):
            cells = [_xlsx_cell(cell, line, column, formulas) for column, cell in enumerate(row, start=1)]
            yield line, _limit_columns(cells, display, line)
    finally:
        book.close()


def _xlsx_cell(cell, line: int, column: int, formulas: dict) -> str:
    value = cell.value
    if value is None:
        formula = formulas.get((line, column))
        if formula:
            return _bad(line, column, f"holds the formula {formula} but no saved result (written by a program "
                                      "that does not calculate? open the file in a spreadsheet and save it again)")
        return ""
    if cell.data_type == "e":
        return _bad(line, column, f"holds the spreadsheet error {value} (expected a value: fix the formula or "
                                  "type the value)")
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return _date(value, line, column)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and len(getattr(cell, "number_format", "") or "") <= 20 and \
            _ZEROS.fullmatch(getattr(cell, "number_format", "") or ""):
        return str(value).zfill(len(cell.number_format))  # a "0000" format shows 712 as 0712
    if isinstance(value, (int, float)):
        return _number(value)
    return _text(str(value), line, column)


def _formulas(raw: bytes) -> dict[tuple[int, int], str]:
    """(row, column) -> formula of the first sheet's formula cells."""
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=False)
    try:
        sheet = book.worksheets[0]
        sheet.reset_dimensions()
        return {(cell.row, cell.column): str(cell.value)
                for row in sheet.iter_rows(min_row=1) for cell in row
                if getattr(cell, "data_type", None) == "f"}  # fmt: skip
    finally:
        book.close()


def _first_sheet(archive: zipfile.ZipFile, display: str = "") -> str:
    """The archive path of the workbook's first sheet (the one the table is read from); a
    hidden first sheet is refused (nobody editing the workbook would see the table)."""
    try:
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        first = book.find(f"{_MAIN}sheets/{_MAIN}sheet")
        if first is not None and first.get("state") in ("hidden", "veryHidden"):
            raise _hidden(display, first.get("name", ""))
        wanted = first.get(f"{_REL}id")
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        target = next(rel.get("Target") for rel in rels if rel.get("Id") == wanted)
    except (KeyError, AttributeError, StopIteration, ElementTree.ParseError):
        return "xl/worksheets/sheet1.xml"
    return target.lstrip("/") if target.startswith("/") else f"xl/{target}"


def _hidden(display: str, name: str) -> InputError:
    return InputError(display, f"its first sheet {name[:60]!r} is hidden: the table is read from the first sheet, "
                               "so it must be one a person sees (show it, or move the table to the first sheet)")


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


# --- .ods ---------------------------------------------------------------------------------

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"


def _ods_records(archive: zipfile.ZipFile, display: str) -> Records:
    line, depth, hidden_styles = 1, 0, set()
    with archive.open("content.xml") as stream:
        for event, element in ElementTree.iterparse(stream, events=("start", "end")):
            if event == "end" and element.tag == f"{_STYLE}style" and element.get(f"{_STYLE}family") == "table":
                properties = element.find(f"{_STYLE}table-properties")
                if properties is not None and properties.get(f"{_TABLE}display") == "false":
                    hidden_styles.add(element.get(f"{_STYLE}name"))
            if element.tag == f"{_TABLE}table" and event == "start" and depth == 0 \
                    and element.get(f"{_TABLE}style-name") in hidden_styles:
                raise _hidden(display, element.get(f"{_TABLE}name", ""))
            if element.tag == f"{_TABLE}table":
                depth += 1 if event == "start" else -1
                if depth == 0:
                    return  # the first sheet only
            elif event == "end" and element.tag == f"{_TABLE}table-row" and depth == 1:
                cells = _ods_row(element, display, line)
                repeat = int(element.get(f"{_TABLE}number-rows-repeated", "1"))
                for offset in range(repeat if cells else 0):  # repeated empty rows are only counted
                    yield line + offset, cells
                line += repeat
                element.clear()


def _ods_row(row, display: str, line: int) -> list[str]:
    cells: list[str] = []
    for cell in row:
        column = len(cells) + 1
        repeat = int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
        spans = (cell.get(f"{_TABLE}number-columns-spanned", "1"), cell.get(f"{_TABLE}number-rows-spanned", "1"))
        if spans != ("1", "1"):
            raise _refuse(display, line, column, "is merged with others; a data table needs one value in every cell "
                                                 "(unmerge them and fill each cell)")
        text = _ods_value(cell, line, column)
        if _blank(text):
            repeat = min(repeat, MAX_COLUMNS + 1 - len(cells))  # trailing empty cells repeat to column 1024
        elif len(cells) + repeat > MAX_COLUMNS:
            raise _refuse(display, line, MAX_COLUMNS + 1, f"lies beyond the {MAX_COLUMNS} columns a table may have")
        cells.extend([text] * max(repeat, 0))
    while cells and _blank(cells[-1]):
        cells.pop()
    return cells


def _blank(text: str) -> bool:
    return not text and not isinstance(text, BadCell)


def _ods_value(cell, line: int, column: int) -> str:
    kind = cell.get(f"{_OFFICE}value-type")
    paragraphs, size = [], 0
    for paragraph in cell.findall(f"{_TEXT}p"):  # not a comment's text:p
        paragraphs.append(_ods_paragraph(paragraph))
        size += len(paragraphs[-1]) + 1
        if size > MAX_CELL_CHARS:  # ten thousand paragraphs of ten thousand spaces: stop here
            return _bad(line, column, f"holds more than {MAX_CELL_CHARS} characters; cells are limited to "
                                      f"{MAX_CELL_CHARS}")
    shown = "\n".join(paragraphs)
    if kind in ("date", "time"):
        return _date(cell.get(f"{_OFFICE}{kind}-value", shown), line, column)
    if kind in ("float", "percentage", "currency"):
        value = float(cell.get(f"{_OFFICE}value", "0"))
        # A whole number shown with leading zeros (a 0000 format) keeps them: "0712".
        return shown if whole_number(shown) is not None and value == int(shown) else _number(value)
    if kind == "boolean":
        return cell.get(f"{_OFFICE}boolean-value", "false")
    formula = cell.get(f"{_TABLE}formula")
    if formula and not shown and kind is None:
        return _bad(line, column, f"holds the formula {formula} but no saved result (open the file in a "
                                  "spreadsheet and save it again)")
    return _text(shown, line, column)


def _ods_paragraph(element, depth: int = 0) -> str:
    """The text of a text:p, with text:s spaces, tabs and line breaks, spans flattened; no
    longer than a cell may be (MAX_CELL_CHARS + 1), however many spaces it asks for."""
    parts, size = [element.text or ""], len(element.text or "")
    for child in element:
        if size > MAX_CELL_CHARS or depth > 50:
            break
        if child.tag == f"{_TEXT}s":
            count = child.get(f"{_TEXT}c", "1")
            parts.append(" " * min(int(count) if count.isdecimal() and len(count) < 8 else 1, MAX_CELL_CHARS + 1))
        elif child.tag == f"{_TEXT}tab":
            parts.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            parts.append("\n")
        else:
            parts.append(_ods_paragraph(child, depth + 1))
        parts.append(child.tail or "")
        size += len(parts[-1]) + len(parts[-2])
    return "".join(parts)[:MAX_CELL_CHARS + 1]
