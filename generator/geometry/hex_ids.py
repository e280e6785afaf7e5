"""Printed hex ids ("0712", "16.32", …): formatting and strict parsing of one id convention.

Ids stay strings everywhere: "0712" keeps its zero. A format is a Python format string with
the fields `col` and `row`, each either zero-padded to a fixed width (`{col:02d}`) or plain
(`{col}`); parsing inverts it exactly, so a malformed id from a spreadsheet is reported
instead of being guessed at.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

_SPEC = re.compile(r"(?:0(?P<width>[1-9]))?d?")  # a width of one digit: ids are short


@dataclass(frozen=True)
class HexIdFormat:
    """One hex-id convention, e.g. `"{col:02d}{row:02d}"` (WEF) or `"{row:02d}{col:02d}"`."""

    pattern: str
    _regex: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _widths: dict[str, int | None] = field(init=False, repr=False, compare=False)
    # Each well-formed id read once: a map's rows, sides, set-ups and checks name the same ids.
    _parsed: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        regex, widths = _compile(self.pattern)
        object.__setattr__(self, "_regex", regex)
        object.__setattr__(self, "_widths", widths)
        object.__setattr__(self, "_parsed", {})

    @property
    def fixed_length(self) -> int | None:
        """Length of every id when all fields have a fixed width, else None."""
        if any(width is None for width in self._widths.values()):
            return None
        literal = "".join(part[0] for part in string.Formatter().parse(self.pattern))
        return len(literal) + sum(width or 0 for width in self._widths.values())

    def format(self, col: int, row: int) -> str:
        return self.pattern.format(col=col, row=row)

    def fits(self, number: int, field_name: str) -> bool:
        """Whether `number` prints within the field's fixed width (always true if unpadded)."""
        width = self._widths[field_name]
        return number >= 0 and (width is None or len(str(number)) <= width)

    def parse(self, text: object) -> tuple[int, int]:
        """(col, row) from an id; ValueError saying what was expected when it is malformed."""
        if not isinstance(text, str):
            # Spreadsheets turn "0712" into the number 712; say so rather than guess.
            raise ValueError(
                f"hex id must be a string like {self.format(7, 12)!r}, "
                f"got {type(text).__name__} {text!r}"
            )
        found = self._parsed.get(text)
        if found is not None:
            return found
        match = self._regex.fullmatch(text)
        if match is None:
            raise ValueError(self._explain(text))
        found = int(match["col"]), int(match["row"])
        if len(self._parsed) < 100_000:  # ids of hostile data do not grow it without bound
            self._parsed[text] = found
        return found

    def _explain(self, text: str) -> str:
        example = self.format(7, 12)
        expected = f"expected an id like {example!r} (format {self.pattern!r})"
        length = self.fixed_length
        if length is not None and len(text) != length:
            return f"malformed hex id {text!r}: {expected}, {length} characters, got {len(text)}"
        return f"malformed hex id {text!r}: {expected}"


def _compile(pattern: str) -> tuple[re.Pattern[str], dict[str, int | None]]:
    if len(pattern) > 40:
        raise ValueError(f"hex id format {pattern[:40]!r}…: at most 40 characters")
    parts: list[str] = []
    widths: dict[str, int | None] = {}
    previous_unpadded = False
    for literal, name, spec, conversion in string.Formatter().parse(pattern):
        parts.append(re.escape(literal))
        if literal:
            previous_unpadded = False
        if name is None:
            continue
        width = _field_width(pattern, name, spec or "", conversion, widths)
        if previous_unpadded:
            raise ValueError(
                f"hex id format {pattern!r} is ambiguous: an unpadded field must be "
                "followed by a separator"
            )
        # [0-9], not \d: \d also matches other scripts' digits.
        digits = "[0-9]+" if width is None else f"[0-9]{{{width}}}"
        parts.append(f"(?P<{name}>{digits})")
        widths[name] = width
        previous_unpadded = width is None
    if set(widths) != {"col", "row"}:
        raise ValueError(f"hex id format {pattern!r} must use both {{col}} and {{row}}")
    return re.compile("".join(parts)), widths


def _field_width(
    pattern: str, name: str, spec: str, conversion: str | None, seen: dict[str, int | None]
) -> int | None:
    if name not in ("col", "row") or name in seen:
        raise ValueError(f"hex id format {pattern!r}: unexpected or repeated field {name!r}")
    match = _SPEC.fullmatch(spec)
    if conversion or match is None:
        raise ValueError(
            f"hex id format {pattern!r}: field {name!r} must be plain or zero-padded "
            f"like {{{name}:02d}} (at most 9 digits), got {spec[:20]!r}"
        )
    return int(match["width"]) if match["width"] else None
