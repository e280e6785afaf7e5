"""Read a data table (CSV, .xlsx, .ods) into rows of strings that know their source line.

CSV goes through the standard library's csv reader: it is the only way to know the physical
line of each record when cells hold line breaks or blank lines separate records, and it
keeps `warkit check` free of any spreadsheet library's import cost. Spreadsheets go through
`generator/io/sheets.py`, every cell read as text, so "0712" keeps its zero.

Tables come from spreadsheets exported on many machines, so the reader takes what those
exports really look like and refuses the rest with one message at a line and column
(docs/security.md, docs/data-format.md "Tables"):

- the separator is `,`, `;` (a Spanish or French Excel's CSV) or a tab, whichever the header
  line has most of, or the one an Excel `sep=;` first line names;
- UTF-8 with or without a BOM; otherwise Windows-1252 (Excel's "CSV" on Windows), with a
  warning; UTF-16 ("Unicode text"), binary files, workbooks saved under a .csv name and
  control characters are refused;
- `\\n`, `\\r\\n` and `\\r` line ends, mixed in one file, each count as one line;
- at most MAX_TABLE_BYTES bytes, MAX_ROWS rows, MAX_COLUMNS columns, MAX_CELL_CHARS
  characters in a cell.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.errors import InputError
from generator.io.paths import read_limited
from generator.model.source import Location

MAX_TABLE_BYTES = 20_000_000
MAX_ROWS = 100_000
MAX_COLUMNS = 200
MAX_CELL_CHARS = 10_000
DELIMITERS = (",", ";", "\t")
CSV_SUFFIXES = (".csv", ".tsv", ".txt")
SHEET_SUFFIXES = (".xlsx", ".xlsm", ".ods")

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 and C1 controls, DEL
_SEP_LINE = re.compile(r"sep=(.)[ \t]*(?:\r\n|\r|\n)", re.IGNORECASE)
# A formula exported as its text instead of its value: =SUM(A1:A3), =B2*2, =SUMA(…) in Spanish.
_FORMULA_TEXT = re.compile(r"=\s*(?:[A-Za-z_][\w.]*\s*\(|\$?[A-Za-z]{1,3}\$?[0-9]+\b)")


@dataclass(frozen=True)
class Row:
    """One record: its cells by header name, and where it stood."""

    where: Location
    cells: dict[str, str]
    columns: dict[str, int]

    def at(self, column: str) -> Location:
        """The location of one cell (1-based column number when known)."""
        return self.where.named(column, self.columns)


class BadCell(str):
    """A cell a spreadsheet reader could not turn into text (a date, a formula without its
    result …): empty text that carries the reason, reported at the cell and its row skipped."""

    def __new__(cls, message: str) -> "BadCell":
        cell = super().__new__(cls, "")
        cell.message = message
        return cell


@dataclass(frozen=True)
class Table:
    file: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]
    warnings: tuple[str, ...] = field(default=())
    header_line: int = 1
    problems: tuple[InputError, ...] = ()  # bad cells; their rows are not in `rows`

    def header_location(self, column: str | None = None) -> Location:
        index = self.header.index(column) + 1 if column in self.header else None
        return Location(self.file, self.header_line, index, column)


def read_table(path: Path, display: str) -> Table:
    """Read any supported table; raise InputError when the file cannot be read at all."""
    suffix = path.suffix.lower()
    if suffix not in CSV_SUFFIXES + SHEET_SUFFIXES:
        raise InputError(display, f"unsupported table type {suffix!r} (expected .csv, .xlsx or .ods)")
    raw = read_limited(path, display, MAX_TABLE_BYTES, "tables")
    if suffix in CSV_SUFFIXES:
        return _read_csv(raw, display)
    from generator.io.sheets import read_sheet  # spreadsheet libraries only when needed

    return table_from_records(read_sheet(raw, display, suffix), display)


# --- CSV ------------------------------------------------------------------------------------


def _read_csv(raw: bytes, display: str) -> Table:
    text, warnings = _decode(raw, display)
    if not text.strip():
        raise InputError(display, "is empty (expected a header line and rows)")
    delimiter, skipped = _delimiter(text)
    _refuse_controls(text, delimiter, display)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    reading = _CsvRecords(reader, skipped)
    try:
        table = table_from_records(reading, display)
    except csv.Error as exc:
        raise _malformed(exc, text, delimiter, reading.start, display) from None
    return replace(table, warnings=tuple(warnings))


class _CsvRecords:
    """(line, cells) of every record, `start` the line the record being read began on."""

    def __init__(self, reader, skipped: int):
        self.reader, self.skipped, self.start = reader, skipped, 1

    def __iter__(self):
        for _ in range(self.skipped):
            next(self.reader, None)
        previous = self.reader.line_num
        for fields in self.reader:
            yield previous + 1, fields
            previous = self.reader.line_num
            self.start = previous + 1


def _decode(raw: bytes, display: str) -> tuple[str, list[str]]:
    _refuse_binary(raw, display)
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError as exc:
        line, column = _cell_of_byte(raw, exc.start)
        raise InputError(display, f"is neither UTF-8 nor Windows-1252 text: byte 0x{raw[exc.start]:02X} cannot be "
                                  "read (save the table as CSV UTF-8)", line, column) from None
    return text, [f"{display}: not UTF-8; read as Windows-1252 (save it as UTF-8 to be sure)"]


_MAGIC = {b"\x89PNG": "a PNG image", b"\xff\xd8\xff": "a JPEG image", b"GIF8": "a GIF image", b"%PDF": "a PDF",
          b"\x1f\x8b": "a gzip archive", b"7z\xbc\xaf": "a 7-Zip archive", b"Rar!": "a RAR archive"}


def _refuse_binary(raw: bytes, display: str) -> None:
    kind = next((name for magic, name in _MAGIC.items() if raw.startswith(magic)), None)
    if kind:
        raise InputError(display, f"is {kind}, not CSV text (expected a table exported as CSV)")
    if raw.startswith(b"PK\x03\x04"):
        raise InputError(display, "is a ZIP archive, not CSV text: an .xlsx or .ods workbook saved under a .csv "
                                  "name? (rename it, or export it as CSV)")
    if raw.startswith(b"\xd0\xcf\x11\xe0"):
        raise InputError(display, "is an old Excel .xls workbook, not CSV text (save it as .xlsx, or as CSV UTF-8)")
    head = raw[:4096]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(head) >= 4 and head.count(0) * 3 >= len(head)):
        raise InputError(display, "is UTF-16 text (Excel's \"Unicode text\"), not UTF-8 (save it as CSV UTF-8)")
    nul = raw.find(b"\x00")
    if nul >= 0:
        line, column = _cell_of_byte(raw, nul)
        raise InputError(display, "holds a NUL byte: a binary file, not a text table (expected CSV text)",
                         line, column)


def _cell_of_byte(raw: bytes, offset: int) -> tuple[int, int]:
    """(line, cell) of the byte at `offset`, reading the bytes leniently."""
    text = raw[:offset].decode("utf-8", errors="replace")
    return _cell_of_offset(text, len(text), _delimiter(raw[:4096].decode("latin-1"))[0])


def _cell_of_offset(text: str, offset: int, delimiter: str) -> tuple[int, int]:
    """(line, cell) of the character at `offset`: line breaks as csv counts them, cells by
    the separators outside quotes since the last line break."""
    before = text[:offset]
    breaks = list(_LINE_BREAK.finditer(before))
    line_start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, _count_outside_quotes(before[line_start:], delimiter) + 1


def _delimiter(text: str) -> tuple[str, int]:
    """The separator, and how many lines precede the header for it (an Excel `sep=` line)."""
    declared = _SEP_LINE.match(text.lstrip("\ufeff"))
    if declared:
        return declared[1], 1
    return _sniff_delimiter(text), 0


def _sniff_delimiter(text: str) -> str:
    """The delimiter of the header line: the most frequent of , ; and tab outside quotes."""
    first = _LINE_BREAK.split(text.lstrip("\r\n"), maxsplit=1)[0]
    counts = {d: _count_outside_quotes(first, d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _count_outside_quotes(line: str, delimiter: str) -> int:
    count, quoted = 0, False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            count += 1
    return count


def _refuse_controls(text: str, delimiter: str, display: str) -> None:
    found = _CONTROL.search(text)
    if found:
        line, column = _cell_of_offset(text, found.start(), delimiter)
        raise InputError(display, f"holds the control character U+{ord(found[0]):04X} (expected printable text; "
                                  "was the file saved from a binary format?)", line, column)


def _malformed(exc: csv.Error, text: str, delimiter: str, start: int, display: str) -> InputError:
    """One message for a record the csv module refused: where the quote went wrong, else
    the csv module's own words at the record's first line."""
    problem = _quote_problem(text, start, delimiter)
    if problem:
        return InputError(display, problem[2], problem[0], problem[1])
    if "field larger than field limit" in str(exc):
        line = _LINE_BREAK.split(text, maxsplit=start)[start - 1]
        column = next((n for n, cell in enumerate(line.split(delimiter), start=1) if len(cell) > MAX_CELL_CHARS), None)
        return InputError(display, f"a cell holds more than {csv.field_size_limit()} characters; cells are "
                                   f"limited to {MAX_CELL_CHARS}", start, column)
    return InputError(display, f"malformed CSV: {exc}", start)


def _quote_problem(text: str, from_line: int, delimiter: str) -> tuple[int, int, str] | None:
    """(line, cell, message) of the first quoting mistake at or after line `from_line`."""
    breaks = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
    at = breaks[from_line - 1] if from_line - 1 < len(breaks) else len(text)
    line, cell, cell_start, quoted, closed, opened = from_line, 1, True, False, False, (0, 0)
    while at < len(text):
        char = text[at]
        if quoted:
            if char == '"' and text[at + 1:at + 2] == '"':
                at += 2
                continue
            if char == '"':
                quoted, closed = False, True
            elif char in "\r\n":
                line += 0 if text[at:at + 2] == "\r\n" else 1
        elif closed and char not in (delimiter, "\r", "\n"):
            return line, cell, (f"text follows the closing quote of a quoted cell (expected {delimiter!r} "
                                "or the end of the line after it)")
        elif char == delimiter:
            cell, cell_start, closed = cell + 1, True, False
            at += 1
            continue
        elif char in "\r\n":
            line += 0 if text[at:at + 2] == "\r\n" else 1
            cell, cell_start, closed = 1, True, False
            at += 1
            continue
        elif char == '"' and cell_start:
            quoted, opened = True, (line, cell)
        cell_start = False
        at += 1
    if quoted:
        return opened[0], opened[1], "the quote that opens this cell is never closed (expected a closing '\"')"
    return None


# --- records (CSV and spreadsheets) into rows ------------------------------------------------


def table_from_records(records: Iterable[tuple[int, list[str]]], display: str) -> Table:
    """Rows from (line, cells) records: the first non-blank record is the header."""
    iterator = iter(records)
    header_line, header = _header(iterator, display)
    columns = {name: i + 1 for i, name in enumerate(header)}
    rows, problems, count = [], [], 0
    for line, fields in iterator:
        if not any(cell.strip() or isinstance(cell, BadCell) for cell in fields):
            continue
        count += 1
        if count > MAX_ROWS:
            raise InputError(display, f"has more than {MAX_ROWS} rows (the limit of a table)", line)
        row, bad = _make_row(display, line, header, columns, fields)
        if bad:
            problems += bad
        else:
            rows.append(row)
    return Table(display, header, tuple(rows), header_line=header_line, problems=tuple(problems))


def _header(records, display: str) -> tuple[int, tuple[str, ...]]:
    for line, fields in records:
        bad = next((n for n, cell in enumerate(fields, start=1) if isinstance(cell, BadCell)), None)
        if bad is not None:
            raise InputError(display, f"header: {fields[bad - 1].message}", line, bad)
        if any(cell.strip() for cell in fields):
            header = [cell.strip() for cell in fields]
            while header and not header[-1]:
                header.pop()
            if len(header) > MAX_COLUMNS:
                raise InputError(display, f"has {len(header)} columns; tables are limited to {MAX_COLUMNS}",
                                 line, MAX_COLUMNS + 1)
            return line, tuple(header)
    raise InputError(display, "is empty (expected a header line and rows)")


def _make_row(display: str, line: int, header: tuple[str, ...], columns: dict[str, int],
              fields: list[str]) -> tuple[Row, list[InputError]]:
    """The row, and the problems of its cells (a row with any is skipped)."""
    extra = None
    if len(fields) > len(header):
        extra = next((i for i in range(len(header), len(fields)) if fields[i].strip()), None)
    if extra is not None:
        raise InputError(
            display,
            f"has {len(fields)} cells but the header names {len(header)} columns "
            "(a stray separator, or a decimal comma in a ',' file without quotes?)",
            line,
            extra + 1,
        )
    cells, problems = {}, []
    joined = "".join(fields)  # most rows hold no formula, no overlong cell and no unreadable one
    if "=" in joined or len(joined) > MAX_CELL_CHARS or {*map(type, fields)} != {str}:
        for index, (name, value) in enumerate(zip(header, fields), start=1):
            if "=" in value or len(value) > MAX_CELL_CHARS or isinstance(value, BadCell):
                problem = _cell_problem(value)
                if problem:
                    problems.append(InputError(display, problem, line, index, name or None))
    intern = sys.intern
    for name, value in zip(header, fields):
        value = value.strip()
        cells[name] = intern(value) if len(value) <= 24 else value  # a column's values repeat: kept once
    for name in header[len(fields):]:
        cells[name] = ""
    return Row(Location(display, line), cells, columns), problems


def _cell_problem(value: str) -> str | None:
    if isinstance(value, BadCell):
        return value.message
    if len(value) > MAX_CELL_CHARS:
        return f"the cell holds {len(value)} characters; cells are limited to {MAX_CELL_CHARS}"
    if "=" in value and _FORMULA_TEXT.match(value.strip()):
        return (f"the cell holds the formula {value.strip()!r}, not its value (export the values, or paste "
                "them as values in the spreadsheet)")
    return None
