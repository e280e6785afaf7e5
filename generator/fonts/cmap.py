"""The characters a TrueType face maps to a glyph, read from its `cmap` table alone.

`warkit check` asks only which characters each face can draw; parsing the whole face with
reportlab (widths of every glyph, every table) cost 10-20 ms a face. This reads the table
directory and the one subtable reportlab would choose, and gives the same answer: the same
choice of subtable (the last Unicode one listed wins), the same arithmetic for formats 4 and
12, and the same space / no-break space pairing. Any other layout (a collection, another
format, a damaged table) returns None and the caller asks reportlab.
"""

from __future__ import annotations

import struct


def covered_codes(data: bytes) -> frozenset[int] | None:
    """Code points mapped to a glyph other than 0 (None: ask reportlab)."""
    try:
        return _covered(data)
    except (struct.error, IndexError, ValueError):
        return None


def _covered(data: bytes) -> frozenset[int] | None:
    version = data[:4]
    if version not in (b"\x00\x01\x00\x00", b"true"):
        return None  # a collection, or PostScript outlines: reportlab says what it makes of them
    (tables,) = struct.unpack_from(">H", data, 4)
    cmap_offset = None
    for n in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        return None
    version, count = struct.unpack_from(">HH", data, cmap_offset)
    if count == 0 and version != 0:
        count = version
    chosen = None
    for n in range(count):  # reportlab's choice, record by record
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap_offset + 4 + 8 * n)
        if platform == 3 or (platform == 1 and encoding in (0, 1)) or (platform == 0 and encoding != 5):
            if platform == 1 and encoding == 0 and chosen is not None and chosen[1] == 1:
                continue  # a Mac Roman table never replaces a Unicode one
            chosen = (offset, 2 if platform == 1 and encoding == 0 else 1)
    if chosen is None:
        return None
    start = cmap_offset + chosen[0]
    (fmt,) = struct.unpack_from(">H", data, start)
    if fmt == 4:
        codes = _format4(data, start)
    elif fmt == 12:
        codes = _format12(data, start)
    else:
        return None
    mapped = {code for code, glyph in codes.items() if glyph}
    if 0x20 in codes:  # reportlab draws a no-break space with the space's glyph, and back
        _pair(mapped, codes[0x20], 0xA0)
    elif 0xA0 in codes:
        _pair(mapped, codes[0xA0], 0x20)
    return frozenset(mapped)


def _pair(mapped: set[int], glyph: int, code: int) -> None:
    if glyph:
        mapped.add(code)
    else:
        mapped.discard(code)


def _format4(data: bytes, start: int) -> dict[int, int]:
    length, _, double_count = struct.unpack_from(">HHH", data, start + 2)
    limit = start + length
    segments = double_count // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
    ranges_at = start + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    codes: dict[int, int] = {}
    for n in range(segments):
        first, last, delta, range_offset = starts[n], ends[n], deltas[n], ranges[n]
        for code in range(first, last + 1):
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * n + (code - first) * 2 + range_offset
                if at >= limit:  # reportlab's reading of a damaged table
                    glyph = 0
                else:
                    (glyph,) = struct.unpack_from(">H", data, at)
                    if glyph:
                        glyph = (glyph + delta) & 0xFFFF
            codes[code] = glyph
    return codes


def _format12(data: bytes, start: int) -> dict[int, int]:
    (groups,) = struct.unpack_from(">L", data, start + 12)
    codes: dict[int, int] = {}
    for n in range(groups):
        first, last, glyph = struct.unpack_from(">LLL", data, start + 16 + 12 * n)
        for code in range(first, last + 1):
            codes[code] = glyph + code - first
    return codes
