"""report.xlsx and report.ods: the report's tables as sheets, written by pandas (openpyxl for
.xlsx, odfpy for .ods), with the same bytes for the same game.

Both formats are zip files holding XML, and both writers stamp the time: the creation and
modification dates in the document properties and each zip entry's date. `steady` rewrites
the archive with those dates fixed (entries kept in the writer's order: an .ods must start
with its uncompressed `mimetype`)."""

from __future__ import annotations

import io
import re
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)
FIXED_DATE = "2000-01-01T00:00:00"
_DATES = re.compile(rb"(<(dcterms:created|dcterms:modified|meta:creation-date|dc:date)\b[^>]*>)[^<]*(</\2>)")
_GENERATOR = re.compile(rb"<meta:generator>[^<]*</meta:generator>")
MAX_SHEET_NAME = 31
_BAD_SHEET = re.compile(r"[\[\]:*?/\\]")


def sheet_names(titles: list[str]) -> list[str]:
    """Titles as sheet names: no [ ] : * ? / \\, at most 31 characters, all different."""
    names: list[str] = []
    for title in titles:
        base = _BAD_SHEET.sub("-", title).strip("' ") or "Sheet"
        name, number = base[:MAX_SHEET_NAME], 2
        while name.casefold() in {n.casefold() for n in names}:
            suffix = f" ({number})"
            name, number = base[:MAX_SHEET_NAME - len(suffix)] + suffix, number + 1
        names.append(name)
    return names


def workbook_bytes(sheets: list[tuple[str, object]], engine: str) -> bytes:
    """`sheets`: (title, DataFrame) in order; engine 'openpyxl' (.xlsx) or 'odf' (.ods)."""
    import pandas as pd

    if engine == "odf":
        _forget_namespaces()
    buffer = io.BytesIO()
    names = sheet_names([title for title, _ in sheets])
    with pd.ExcelWriter(buffer, engine=engine) as writer:
        for name, (_, frame) in zip(names, sheets):
            frame.to_excel(writer, sheet_name=name, index=False)
        if engine == "openpyxl":
            _no_formulas(writer.book)
    return steady(buffer.getvalue())


def _no_formulas(book) -> None:
    """openpyxl stores any text that starts with '=' as a formula: a unit named '=HYPERLINK(…)'
    must stay the text it is, not run in the designer's spreadsheet."""
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cell.data_type = "s"


def _forget_namespaces() -> None:
    """odfpy declares on the root every namespace any document of the process has used (a
    dict shared by all elements), so a second .ods would differ from the first: start each
    from none, as a fresh process does."""
    from odf.element import Element

    Element.namespaces.clear()


def steady(data: bytes) -> bytes:
    """The archive with fixed dates in its properties and its entries."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            content = source.read(entry.filename)
            if entry.filename in ("docProps/core.xml", "meta.xml"):
                content = _DATES.sub(rb"\g<1>" + FIXED_DATE.encode() + rb"\g<3>", content)
                content = _GENERATOR.sub(b"<meta:generator>warkit</meta:generator>", content)
            info = zipfile.ZipInfo(entry.filename, date_time=EPOCH)
            info.compress_type = entry.compress_type
            info.external_attr = 0o644 << 16
            info.create_system = 3
            target.writestr(info, content)
    return out.getvalue()
