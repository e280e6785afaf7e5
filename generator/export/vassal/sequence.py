"""VASSAL's SequenceEncoder: many strings in one, joined by a delimiter, nested by escaping.

Every piece definition in a module is built from it (traits joined by TAB, fields by ';',
lists by ','), so it follows VASSAL's rules exactly (tools/SequenceEncoder.java):

- values are joined by the delimiter; a delimiter inside a value gets a backslash in front
  of it (nothing else is escaped, not even a backslash);
- a value that ends with a backslash, or starts and ends with a single quote, is wrapped in
  single quotes, so its last character cannot escape the next delimiter;
- None is written as nothing (read back as an empty string); no values at all is None.

Decoding reverses it: split at each delimiter not preceded by a backslash, drop that one
backslash, and strip one pair of wrapping quotes. A value nested k levels deep therefore
has k-1 backslashes before each of its TABs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def encode(values: Iterable[object | None], delimiter: str) -> str | None:
    """The values joined as VASSAL's `new SequenceEncoder(delimiter).append(v)…getValue()`.

    Numbers and booleans are written as Java writes them (`true`, `12`); None as nothing."""
    _check_delimiter(delimiter)
    parts = [_escaped(_java_text(value), delimiter) for value in values]
    return delimiter.join(parts) if parts else None


def decode(text: str | None, delimiter: str) -> list[str]:
    """Every value of an encoded sequence, as `SequenceEncoder.Decoder` reads them."""
    return list(iter_decode(text, delimiter))


def iter_decode(text: str | None, delimiter: str) -> Iterator[str]:
    _check_delimiter(delimiter)
    rest = text
    while rest is not None:
        value, rest = _next_token(rest, delimiter)
        yield value


def _next_token(text: str, delimiter: str) -> tuple[str, str | None]:
    """(the next value, what follows it or None when it was the last)."""
    end = text.find(delimiter)
    if end < 0:
        return _unquoted(text), None
    pieces, begin = [], 0
    # A delimiter right after a backslash belongs to the value: drop the backslash, go on.
    while begin < end and text[end - 1] == "\\":
        pieces.append(text[begin:end - 1])
        begin = end
        end = text.find(delimiter, end + 1)
        if end < 0:
            break
    if end < 0:
        pieces.append(text[begin:])
        return _unquoted("".join(pieces)), None
    pieces.append(text[begin:end])
    rest = "" if end >= len(text) - 1 else text[end + 1:]
    return _unquoted("".join(pieces)), rest


def _escaped(value: str | None, delimiter: str) -> str:
    if value is None:
        return ""
    body = value.replace(delimiter, "\\" + delimiter)
    if value.endswith("\\") or (value.startswith("'") and value.endswith("'")):
        return f"'{body}'"
    return body


def _unquoted(value: str) -> str:
    if len(value) > 1 and value.startswith("'") and value.endswith("'"):
        return value[1:-1]
    return value


def _java_text(value: object | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # Java's Double.toString for the values we write (1.0, 96.5)
    raise TypeError(f"cannot encode {type(value).__name__} {value!r}")


def _check_delimiter(delimiter: str) -> None:
    if len(delimiter) != 1:
        raise ValueError(f"a delimiter is one character, got {delimiter!r}")
