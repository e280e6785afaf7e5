"""Read a data table (CSV, .xlsx, .ods) into rows of strings that know their source line.

CSV goes through the standard library's csv reader: it is the only way to know the physical
line of each record when cells hold line breaks or blank lines separate records (pandas
renumbers them), and it keeps `warkit check` free of the pandas import cost. Spreadsheets go
through pandas (openpyxl / odfpy) with every cell read as text, so "0712" keeps its zero.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import InputError
from generator.model.source import Location

MAX_TABLE_BYTES = 20_000_000
MAX_ROWS = 100_000
MAX_CELL_CHARS = 10_000
DELIMITERS = (",", ";", "\t")


@dataclass(frozen=True)
class Row:
    """One record: its cells by header name, and where it stood."""

    where: Location
    cells: dict[str, str]
    columns: dict[str, int]

    def at(self, column: str) -> Location:
        """The location of one cell (1-based column number when known)."""
        return self.where.named(column, self.columns)


@dataclass(frozen=True)
class Table:
    file: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]
    warnings: tuple[str, ...] = field(default=())

    def header_location(self, column: str | None = None) -> Location:
        index = self.header.index(column) + 1 if column in self.header else None
        return Location(self.file, 1, index, column)


def read_table(path: Path, display: str) -> Table:
    """Read any supported table; raise InputError when the file cannot be read at all."""
    suffix = path.suffix.lower()
    if not path.is_file():
        raise InputError(display, "file not found")
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        raise InputError(display, f"is {size} bytes; tables are limited to {MAX_TABLE_BYTES}")
    if suffix in (".csv", ".tsv", ".txt"):
        return _read_csv(path.read_bytes(), display)
    if suffix in (".xlsx", ".xlsm", ".ods"):
        return _read_sheet(path, display, suffix)
    raise InputError(display, f"unsupported table type {suffix!r} (expected .csv, .xlsx or .ods)")


def _decode(raw: bytes, display: str) -> tuple[str, list[str]]:
    if b"\x00" in raw[:4096]:
        raise InputError(display, "is a binary file, not a text table (expected CSV text)")
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise InputError(display, f"is neither UTF-8 nor Windows-1252 text (byte {exc.start})") from None
    return text, [f"{display}: not UTF-8; read as Windows-1252 (save it as UTF-8 to be sure)"]


def _sniff_delimiter(text: str) -> str:
    """The delimiter of the header line: the most frequent of , ; and tab outside quotes."""
    header = next(iter(csv.reader(io.StringIO(text.lstrip("\r\n")), delimiter="\x1f")), [""])
    first = header[0] if header else ""
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


def _read_csv(raw: bytes, display: str) -> Table:
    text, warnings = _decode(raw, display)
    if not text.strip():
        raise InputError(display, "is empty (expected a header line and rows)")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text), strict=True)
    try:
        header, start = _first_record(reader)
        rows = list(_csv_rows(reader, header, start, display))
    except csv.Error as exc:
        raise InputError(display, f"malformed CSV: {exc}", reader.line_num) from None
    return Table(display, header, tuple(rows), tuple(warnings))


def _first_record(reader) -> tuple[tuple[str, ...], int]:
    for fields in reader:
        if any(cell.strip() for cell in fields):
            return tuple(cell.strip() for cell in fields), reader.line_num
    raise csv.Error("no header line")


def _csv_rows(reader, header: tuple[str, ...], previous_line: int, display: str):
    columns = {name: i + 1 for i, name in enumerate(header)}
    for count, fields in enumerate(reader):
        start, previous_line = previous_line + 1, reader.line_num
        if count >= MAX_ROWS:
            raise InputError(display, f"has more than {MAX_ROWS} rows", start)
        if not any(cell.strip() for cell in fields):
            continue
        yield _make_row(display, start, header, columns, fields)


def _make_row(display, line, header, columns, fields) -> Row:
    if len(fields) > len(header) and any(cell.strip() for cell in fields[len(header):]):
        raise InputError(
            display,
            f"has {len(fields)} cells but the header names {len(header)} columns "
            "(a stray separator, or a decimal comma in a ';' file without quotes?)",
            line,
        )
    cells = {}
    for name, value in zip(header, fields):
        if len(value) > MAX_CELL_CHARS:
            raise InputError(display, f"column {name!r} holds more than {MAX_CELL_CHARS} characters", line)
        cells[name] = value.strip()
    for name in header[len(fields):]:
        cells[name] = ""
    return Row(Location(display, line), cells, columns)


def _read_sheet(path: Path, display: str, suffix: str) -> Table:
    import pandas as pd  # imported here: pandas costs a noticeable start-up time

    engine = "odf" if suffix == ".ods" else "openpyxl"
    try:
        frame = pd.read_excel(path, sheet_name=0, dtype=str, keep_default_na=False, header=None, engine=engine)
    except Exception as exc:  # engines raise many types for corrupt files; all mean "unreadable"
        raise InputError(display, f"cannot be read as a {suffix} spreadsheet ({type(exc).__name__}: {exc})") from None
    records = [[_sheet_cell(v) for v in record] for record in frame.itertuples(index=False, name=None)]
    return _rows_from_records(records, display)


def _sheet_cell(value) -> str:
    text = "" if value is None else str(value)
    return "" if text.lower() == "nan" else text


def _rows_from_records(records: list[list[str]], display: str) -> Table:
    start = next((i for i, r in enumerate(records) if any(c.strip() for c in r)), None)
    if start is None:
        raise InputError(display, "is empty (expected a header row and rows)")
    header = tuple(c.strip() for c in records[start])
    while header and not header[-1]:
        header = header[:-1]
    columns = {name: i + 1 for i, name in enumerate(header)}
    rows = []
    for offset, record in enumerate(records[start + 1:], start=start + 2):
        if len(rows) >= MAX_ROWS:
            raise InputError(display, f"has more than {MAX_ROWS} rows", offset)
        if any(c.strip() for c in record):
            rows.append(_make_row(display, offset, header, columns, record[: max(len(header), 1)] + [
                c for c in record[len(header):] if c.strip()]))
    return Table(display, header, tuple(rows))
