"""VASSAL's hex grid and its numbering, re-implemented from its source for the tests.

What VASSAL does with a board's HexGrid and HexGridNumbering attributes, rule for rule:
`snap` is HexGrid.snapToHex (hexX/hexY, with a sideways grid's x and y swapped) and `name`
is HexGridNumbering.getColumn/getRow with RegularGridNumbering.getName and the location
format. Java's integer casts truncate toward zero and Math.round is floor(x + 0.5); both
are spelt out so the arithmetic is VASSAL's, not Python's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def _trunc(value: float) -> int:
    return int(value)  # Java's (int) cast of a double


def _round(value: float) -> int:
    return math.floor(value + 0.5)  # Java's Math.round


def _even(value: int) -> bool:
    return value % 2 == 0  # Java's n % 2 == 0 holds for the same n


@dataclass(frozen=True)
class Grid:
    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool
    first: str
    sep: str
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    h_descend: bool
    v_descend: bool
    stagger: bool
    location_format: str
    board: tuple[int, int]  # the container's (board image's) width and height

    @classmethod
    def from_xml(cls, grid, numbering, board) -> "Grid":
        flag = {"true": True, "false": False}
        g, n = grid.attrib, numbering.attrib
        assert n["hType"] == n["vType"] == "N"
        return cls(int(g["x0"]), int(g["y0"]), float(g["dx"]), float(g["dy"]), flag[g["sideways"]],
                   n["first"], n["sep"], int(n["hLeading"]), int(n["vLeading"]), int(n["hOff"]), int(n["vOff"]),
                   flag[n["hDescend"]], flag[n["vDescend"]], flag[n["stagger"]], n["locationFormat"],
                   (int(board.attrib["width"]), int(board.attrib["height"])))

    # -- HexGrid ---------------------------------------------------------------------------

    def _rotated(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        """HexGrid.snapToHex: the nearest hex centre."""
        x, y = self._rotated(x, y)
        dx, dy = self.dx, self.dy
        hex_x = _trunc(dx * math.floor((x - self.x0 + dx / 2) / dx) + self.x0)
        nx = math.floor((x - self.x0 + dx / 2) / dx)
        if _even(nx):
            hex_y = _trunc(dy * math.floor((y - self.y0 + dy / 2) / dy) + self.y0)
        else:
            hex_y = _trunc(dy * math.floor((y - self.y0) / dy) + _trunc(dy / 2) + self.y0)
        return self._rotated(hex_x, hex_y)

    # -- HexGridNumbering ------------------------------------------------------------------

    def _raw_column(self, x: int, y: int) -> int:
        x, y = self._rotated(x, y)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def _raw_row(self, x: int, y: int) -> int:
        x, y = self._rotated(x, y)
        nx = _round((x - self.x0) / self.dx)
        if _even(nx):
            return _round((y - self.y0) / self.dy)
        return _round((y - self.y0 - self.dy / 2) / self.dy)

    def _max_rows(self) -> int:
        return math.floor(self.board[1] / self.dx + 0.5)

    def _max_columns(self) -> int:
        return math.floor(self.board[0] / self.dy + 0.5)

    def column(self, x: int, y: int) -> int:
        c = self._raw_column(x, y)
        if self.v_descend and self.sideways:
            c = self._max_rows() - c
        if self.h_descend and not self.sideways:
            c = self._max_columns() - c
        return c

    def row(self, x: int, y: int) -> int:
        r = self._raw_row(x, y)
        if self.v_descend and not self.sideways:
            r = self._max_rows() - r
        if self.h_descend and self.sideways:
            r = self._max_columns() - r
        if self.stagger and not _even(self._raw_column(x, y)):
            descending = self.h_descend if self.sideways else self.v_descend
            r += -1 if descending else 1
        return r

    # -- RegularGridNumbering --------------------------------------------------------------

    @staticmethod
    def _label(number: int, leading: int) -> str:
        text = "-" if number < 0 else ""
        number = abs(number)
        while leading > 0 and number < 10 ** leading:
            text += "0"
            leading -= 1
        return text + str(number)

    def name(self, x: int, y: int) -> str:
        """locationName: the location format with $gridLocation$, $row$ and $column$."""
        row, col = self.row(x, y), self.column(x, y)
        row_text = self._label(row + self.v_off, self.v_leading)
        col_text = self._label(col + self.h_off, self.h_leading)
        grid_location = col_text + self.sep + row_text if self.first == "H" else row_text + self.sep + col_text
        values = {"gridLocation": grid_location, "row": row_text, "column": col_text}
        parts = self.location_format.split("$")
        return "".join(values.get(part, part) if i % 2 else part for i, part in enumerate(parts))
