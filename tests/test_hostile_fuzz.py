"""Property-based tests and a bounded fuzz run of the loaders and the hex ids, with hypothesis.

Deterministic for CI: every test has a fixed `max_examples` and `derandomize=True`, so the
same examples run every time (and the whole file takes a few seconds).

- the table loader, fed any bytes, returns a table or raises InputError — nothing else;
- any table a spreadsheet could export (`,` `;` or tab, LF/CRLF/CR mixed, quotes and line
  breaks in cells, UTF-8 with or without BOM, Windows-1252) reads back cell for cell, each row
  at its physical line;
- the YAML loader, fed any text, returns plain data or raises InputError; any plain data
  dumped as YAML reads back with every scalar as text;
- hex ids: parsing any text raises only ValueError, and a zero-padded id that lost its
  leading zeros is recognised and the right id suggested.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.geometry.hexgrid import HexGrid
from generator.io.tables import read_table
from generator.io.yamlio import parse_yaml
from generator.validation.rules.hexes import malformed_text
from properties import examples
from test_hexgrid import grid_and_hex

FUZZ = settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROPERTY = settings(max_examples=examples(60))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _read(folder: Path, name: str, data: bytes):
    path = folder / name
    path.write_bytes(data)
    return read_table(path, name)


# --- the table loader --------------------------------------------------------------------------

_CSV_BYTES = st.one_of(
    st.binary(max_size=600),
    st.text(alphabet=st.sampled_from(list('ab;,\t"\r\n =\x00\x1b\xe9\u00f1') + ["\ufeff"]), max_size=300)
    .map(lambda text: text.encode("utf-8")),
    st.text(max_size=200).map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    st.builds(lambda head, tail: head + tail, st.sampled_from([b"PK\x03\x04", b"\xff\xfe", b"sep=;\n", b"\xef\xbb\xbf",
                                                               b"\x89PNG", b"id;name\r\n"]), st.binary(max_size=200)),
)


@FUZZ
@given(data=_CSV_BYTES)
def test_the_csv_loader_never_fails_any_other_way(scratch, data):
    try:
        table = _read(scratch, "fuzz.csv", data)
    except InputError as error:
        assert error.file == "fuzz.csv" and error.message and "\n" not in error.message
        return
    lines = [row.where.line for row in table.rows]
    assert lines == sorted(lines) and all(line > table.header_line for line in lines)
    assert all(set(row.cells) == set(table.header) for row in table.rows)


@FUZZ
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".xlsx", ".ods"]))
def test_the_spreadsheet_loader_never_fails_any_other_way(scratch, data, suffix):
    try:
        _read(scratch, f"fuzz{suffix}", b"PK\x03\x04" + data)
    except InputError as error:
        assert error.file == f"fuzz{suffix}" and "\n" not in error.message


_NAMES = st.lists(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), min_size=2, max_size=6, unique=True)


@st.composite
def exported_tables(draw):
    """(encoding, header, rows): cells of any printable text the encoding can hold, with the
    separators, quotes and line breaks a CSV writer must quote."""
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]))
    letters = st.characters(codec="cp1252" if encoding == "cp1252" else "utf-8",
                            exclude_categories=("Cc", "Cs", "Zl", "Zp"))
    cell = st.text(letters | st.sampled_from(["\n", "\r", '"', ",", ";", "\t"]), max_size=12).map(str.strip)
    header = draw(_NAMES)
    row = st.lists(cell.filter(lambda text: not text.startswith("=")), min_size=len(header), max_size=len(header))
    return encoding, header, draw(st.lists(row.filter(any), max_size=8))


@PROPERTY
@given(table=exported_tables(), delimiter=st.sampled_from([",", ";", "\t"]),
       endings=st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=4), blank_lines=st.booleans())
def test_any_exported_table_reads_back_cell_for_cell_at_its_line(scratch, table, delimiter, endings, blank_lines):
    encoding, header, rows = table
    text, starts = "", []
    for number, record in enumerate([header, *rows]):
        buffer = io.StringIO()  # "\r\n": the writer quotes a cell holding either (as spreadsheets do)
        csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerow(record)
        if blank_lines and number % 3 == 2:
            text += endings[0]  # blank lines between records are skipped, and counted
        starts.append(len(text))
        text += buffer.getvalue()[:-2] + endings[number % len(endings)]
    data = text.encode(encoding)
    guessed = encoding == "cp1252" and not _is_utf8(data)  # Windows-1252 is guessed for bytes that are not UTF-8
    assume(guessed or data.isascii() or encoding != "cp1252")
    read = _read(scratch, "exported.csv", data)
    assert read.header == tuple(header)
    assert [list(row.cells.values()) for row in read.rows] == rows
    breaks = re.compile(r"\r\n|\r|\n")
    assert [row.where.line for row in read.rows] == [len(breaks.findall(text[:start])) + 1 for start in starts[1:]]
    assert bool(read.warnings) == guessed


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# --- the YAML loader -----------------------------------------------------------------------------


@FUZZ
@given(text=st.one_of(st.text(max_size=300),
                      st.text(alphabet=st.sampled_from(list("[]{}-:,&*!<>|'\"#? \t\nab0")), max_size=200)))
def test_the_yaml_loader_never_fails_any_other_way(text):
    try:
        doc = parse_yaml(text, "fuzz.yaml")
    except InputError as error:
        assert error.file == "fuzz.yaml" and "\n" not in error.message
        return
    assert _plain(doc.data)


def _plain(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, str)


_TEXT = st.text(st.characters(exclude_categories=("Cc", "Cs")), max_size=10)  # libyaml refuses control characters
_SCALARS = st.one_of(st.none(), _TEXT, st.integers(-10**6, 10**6).map(str),
                     st.sampled_from(["0712", "yes", "no", "on", "~", "1e3", "0x1F", "2024-01-01", "- x", "a: b"]))
_DATA = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner,
                                                                                           max_size=4), max_leaves=20)


@PROPERTY
@given(data=_DATA, flow=st.booleans())
def test_plain_data_reads_back_with_every_scalar_as_text(data, flow):
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    assert parse_yaml(text, "data.yaml").data == data


@PROPERTY
@given(depth=st.integers(1, 300), kind=st.sampled_from(["[", "{a: ", "- "]))
def test_nesting_is_refused_past_the_limit_however_it_is_written(depth, kind):
    closing = {"[": "]", "{a: ": "}", "- ": ""}[kind]
    text = kind * depth + "x" + closing * depth + "\n" if kind != "- " else "".join(
        "  " * i + "- " + ("\n" if i < depth - 1 else "x\n") for i in range(depth))
    try:
        parse_yaml(text, "deep.yaml")
    except InputError as error:
        assert depth > 64 and error.message == "nested deeper than 64 levels"
    else:
        assert depth <= 64


# --- hex ids -------------------------------------------------------------------------------------


@FUZZ
@given(case=grid_and_hex(), text=st.text(max_size=12) | st.from_regex(r"[0-9.]{1,8}", fullmatch=True))
def test_parsing_any_text_as_a_hex_id_raises_only_value_error(case, text):
    grid, _ = case
    try:
        col, row = grid.parse_id(text)
    except ValueError as error:
        assert str(error)
    else:
        assert grid.hex_id(col, row) == text


class _Checks:
    def __init__(self, grid):
        self.grids = {"main": grid}


@PROPERTY
@given(id_format=st.sampled_from(["{col:02d}{row:02d}", "{row:02d}{col:02d}", "{col:03d}{row:03d}"]),
       col=st.integers(0, 9), row=st.integers(0, 60), orientation=st.sampled_from(["flat", "pointy"]))
def test_an_id_that_lost_its_leading_zeros_is_recognised(id_format, col, row, orientation):
    """A spreadsheet reads 0712 as the number 712; the check names the id it was."""
    grid = HexGrid(orientation=orientation, columns=10, rows=61, first_column=0, first_row=0, id_format=id_format,
                   size_mm=16)
    hex_id = grid.hex_id(col, row)
    assume(hex_id.startswith("0") and hex_id.strip("0"))
    shortened = hex_id.lstrip("0")
    with pytest.raises(ValueError):
        grid.parse_id(shortened)
    message = malformed_text(_Checks(grid), "main", shortened, "hex")
    assert f"a lost leading zero? did you mean {hex_id!r}?" in message
