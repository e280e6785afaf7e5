"""Where a value came from, so every message can name file, line and column."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Location:
    """A place in an input file: 1-based line and column, and the column's name in a table."""

    file: str
    line: int | None = None
    column: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        text = self.file
        if self.line is not None:
            text += f":{self.line}"
            if self.column is not None:
                text += f":{self.column}"
        return text

    def named(self, field: str, columns: dict[str, int] | None = None) -> "Location":
        """The same row, the cell of column `field`."""
        number = (columns or {}).get(field)
        return Location(self.file, self.line, number, field)


class FromRow:
    """A mixin for rows read from a table: `where` is the row, `columns` maps column names to
    their numbers, and `at(column)` is that cell's location."""

    __slots__ = ()  # rows read from tables may use slots
    where: Location
    columns: dict

    def at(self, column: str) -> Location:
        return self.where.named(column, self.columns)
