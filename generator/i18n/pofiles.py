"""Reading and writing .po/.pot files with Babel, and an index for lookups.

Babel's reader keeps `#| msgid "…"` (the previous source text of a fuzzy entry) as a
translator comment and would write it back as `# | msgid`, which no tool understands; we
turn it into `Message.previous_id` on reading and write it back as `#|` lines.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, denormalize, read_po, write_po

from generator.errors import InputError, shown
from generator.io.paths import read_limited

MAX_CATALOG_BYTES = 20_000_000
_DATE_HEADER = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"$', re.M)


def read_catalog(path: Path, display: str | None = None) -> Catalog:
    """Read a .po/.pot; a syntax error becomes an InputError naming the file and line.

    Only a regular file of at most MAX_CATALOG_BYTES is read; `\r\n` and a lone `\r` end
    lines as `\n` does (so line numbers are right whatever the editor wrote); the catalog
    must be UTF-8 (the only charset warkit writes), declared or not."""
    name = display or str(path)
    raw = read_limited(Path(path), name, MAX_CATALOG_BYTES, "catalogs")
    raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    _check_charset(raw, name)
    try:
        catalog = read_po(io.BytesIO(raw), abort_invalid=True, charset="utf-8")
    except PoFileError as exc:
        line = _line_of(str(exc))
        message = " ".join(str(exc).split())
        raise InputError(name, f"not a valid gettext catalog: {shown(message, 200)[1:-1]}", line) from None
    except (UnicodeDecodeError, ValueError, LookupError) as exc:
        message = " ".join(str(exc).split())
        raise InputError(name, f"cannot be read as a gettext catalog: {shown(message, 200)[1:-1]}") from None
    for message in list(catalog) + list(catalog.obsolete.values()):
        _restore_previous_id(message)
    return catalog


_CHARSET = re.compile(rb"charset=([^\s\\\"]*)", re.IGNORECASE)
_UTF8 = {b"utf-8", b"utf8", b"ascii", b"us-ascii", b"charset"}  # "CHARSET": a fresh template's placeholder


def _check_charset(raw: bytes, name: str) -> None:
    declared = _CHARSET.search(raw[:20_000])
    if declared and declared[1].lower() not in _UTF8:
        line = raw.count(b"\n", 0, declared.start()) + 1
        charset = declared[1].decode("ascii", "replace")
        raise InputError(name, f"declares the charset {shown(charset)}; warkit reads catalogs in UTF-8 (save it as "
                               "UTF-8 and write charset=UTF-8)", line)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(name, f"is not UTF-8 text: byte 0x{raw[exc.start]:02X} cannot be read (save it as UTF-8)",
                         line) from None


def _line_of(text: str) -> int | None:
    """Babel ends its messages with "on <offset>", the 0-based line number."""
    match = re.search(r" on (\d+)$", text)
    return int(match.group(1)) + 1 if match else None


def _restore_previous_id(message: Message) -> None:
    previous = [c[1:].strip() for c in message.user_comments if c.startswith("|")]
    if not previous:
        return
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    singular, plural, current = [], [], None
    for line in previous:
        if line.startswith("msgid_plural "):
            current = plural
            line = line[len("msgid_plural "):]
        elif line.startswith("msgid "):
            current = singular
            line = line[len("msgid "):]
        elif line.startswith("msgctxt "):
            current = None
            continue
        if current is not None:
            current.append(line)
    ids = [denormalize("\n".join(part)) for part in (singular, plural) if part]
    message.previous_id = ids


def render_catalog(catalog: Catalog) -> bytes:
    """The .po text: stable order, no line numbers (moving a row must not touch every catalog)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=True, include_lineno=False)
    return buffer.getvalue()


def write_catalog(path: Path, catalog: Catalog) -> bool:
    """Write atomically; False (file untouched) when only the header dates (or the version of
    Babel that wrote it) would change."""
    data = render_catalog(catalog)
    if path.is_file() and _DATE_HEADER.sub(b"", path.read_bytes()) == _DATE_HEADER.sub(b"", data):
        return False
    _write_atomic(path, data)
    return True


def write_mo_file(path: Path, catalog: Catalog) -> None:
    """Compile to .mo; fuzzy entries are left out, as gettext expects."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    _write_atomic(path, buffer.getvalue())


def _write_atomic(path: Path, data: bytes) -> None:
    """Through a temporary file, keeping the catalog's permissions."""
    from generator.io.atomic import write_atomic

    write_atomic(path, data)


def is_translated(message: Message) -> bool:
    """Every form has a translation (an empty plural form counts as untranslated)."""
    if isinstance(message.string, (list, tuple)):
        return bool(message.string) and all(message.string)
    return bool(message.string)


def is_usable(message: Message) -> bool:
    """A translation the kit may print: complete and not fuzzy (fuzzy is never used)."""
    return is_translated(message) and not message.fuzzy


def singular_id(message: Message) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


@dataclass
class PoIndex:
    """A read catalog, indexed for lookups by (context, msgid) and by context alone."""

    path: Path | None
    catalog: Catalog
    by_id: dict[tuple[str | None, str], Message] = field(default_factory=dict)
    by_context: dict[str, Message] = field(default_factory=dict)

    @classmethod
    def of(cls, catalog: Catalog, path: Path | None = None) -> "PoIndex":
        index = cls(path, catalog)
        for message in catalog:
            if not message.id:
                continue  # the header
            index.by_id.setdefault((message.context, singular_id(message)), message)
            if message.context is not None:
                index.by_context.setdefault(message.context, message)
        return index

    def plural_index(self, n: int) -> int:
        return _plural_function(self.catalog.plural_expr)(n)


@lru_cache(maxsize=32)
def _plural_function(expression: str):
    return gettext.c2py(expression)


@lru_cache(maxsize=64)
def _load_index(path: str, _mtime_ns: int, _size: int) -> PoIndex:
    digest = content_digest(Path(path))
    if not digest:  # read_catalog says why it cannot be read
        return PoIndex.of(read_catalog(Path(path)), Path(path))
    return index_of_content(path, digest)


def content_digest(path: Path) -> str:
    """The SHA-256 of a catalog small enough to read ('' for none: too large or unreadable)."""
    try:
        small = path.is_file() and path.stat().st_size <= MAX_CATALOG_BYTES
        return hashlib.sha256(path.read_bytes()).hexdigest() if small else ""
    except OSError:
        return ""


_PARSED: dict[tuple[str, str], PoIndex] = {}  # (path, digest) -> its index; the last few only
_PARSED_KEPT = 16


def index_of_content(path: str, digest: str, display: str | None = None) -> PoIndex:
    """The catalog at `path` as it was when its bytes had `digest`, parsed once for every
    reader (the checks, the status, the translator); nobody changes what it holds. A
    catalog that cannot be read raises each time, naming it as `display`."""
    key = (path, digest)
    found = _PARSED.pop(key, None)
    if found is None:
        found = PoIndex.of(_catalog_of_content(path, digest, display), Path(path))
        while len(_PARSED) >= _PARSED_KEPT:
            del _PARSED[next(iter(_PARSED))]
    _PARSED[key] = found  # the latest last
    return found


def _catalog_of_content(path: str, digest: str, display: str | None) -> Catalog:
    """The catalog read from bytes of `digest`: as a former run kept it, else parsed (and kept)."""
    from generator.i18n import catalogcache

    catalog = catalogcache.load(digest)
    if catalog is None:
        catalog = read_catalog(Path(path), display)
        if content_digest(Path(path)) == digest:  # not edited while it was read
            catalogcache.keep(digest, catalog)
    return catalog


def load_index(path: Path) -> PoIndex | None:
    """The catalog at `path`, cached while the file is unchanged; None when there is none."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return _load_index(str(path), stat.st_mtime_ns, stat.st_size)
