"""Files warkit keeps from one run to the next, as Python keeps bytecode: what a run worked
out from warkit's own code and data alone, and would work out the same way again (the data
model's validators, the cuts of a font for the SVG files), so a later run reads it instead.

Where: `$WARKIT_CACHE`, else `$XDG_CACHE_HOME/warkit`, else `~/.cache/warkit`, one folder per
kind of file; `WARKIT_CACHE=off` keeps nothing. Each file carries the digest of its content,
and a file whose content does not match, or that cannot be read, counts as absent; a folder
that cannot be written only makes the next run slower. The users of this module put in a
file's name everything its content depends on.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_DIGEST = 32  # bytes of sha256 before the content


def folder(kind: str) -> Path | None:
    """The folder of the files of `kind`, or None when nothing is kept."""
    chosen = os.environ.get("WARKIT_CACHE")
    if chosen == "off" or "MUTANT_UNDER_TEST" in os.environ:  # a mutant must run its own code
        return None
    if chosen:
        return Path(chosen) / kind
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if not os.path.isabs(home):  # no home folder known: nothing is kept (never a folder named ~)
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "warkit" / kind


def read(kind: str, name: str) -> bytes | None:
    """The content kept as `name`, or None (none kept, unreadable, or damaged)."""
    where = folder(kind)
    if where is None:
        return None
    try:
        data = (where / name).read_bytes()
    except OSError:
        return None
    digest, content = data[:_DIGEST], data[_DIGEST:]
    return content if len(digest) == _DIGEST and hashlib.sha256(content).digest() == digest else None


def write(kind: str, name: str, content: bytes) -> None:
    """Keep `content` as `name`: whole or not at all, whoever writes it at the same time;
    silently nothing when it cannot be written. (Its own temporary file and rename, not
    `io.atomic.write_atomic`: the model keeps its schemas here, and the model sits below io.)"""
    where = folder(kind)
    if where is None:
        return
    import tempfile  # a run that only reads what was kept does without it

    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(hashlib.sha256(content).digest() + content)
            os.replace(temporary, where / name)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return


def stamp(*names: str) -> tuple:
    """What a kept file made with the code of `names` (modules of warkit or packages it uses,
    given as their file's module name, e.g. "fontTools.subset") depends on: each file's
    size and modification time, found without importing it (as Python checks bytecode
    against its source). ("unknown",) when one cannot be found: then nothing matches."""
    from importlib.util import find_spec

    stamps = []
    for name in names:
        top, _, rest = name.partition(".")
        spec = find_spec(top)  # the top package only: finding a submodule would import its package
        if spec is None or not spec.origin:
            return ("unknown",)
        base = os.path.dirname(spec.origin) if spec.origin.endswith("__init__.py") else spec.origin
        path = base if not rest else os.path.join(base, *rest.split("."))
        if os.path.isdir(path):
            path = os.path.join(path, "__init__.py")
        elif rest:
            path += ".py"
        try:
            found = os.stat(path)
        except OSError:
            return ("unknown",)
        stamps.append((name, found.st_size, found.st_mtime_ns))
    return tuple(stamps)


def pickled(value, unpickler) -> bytes | None:
    """`value` pickled, or None when it cannot be or when `unpickler` (the restricted
    unpickler that will read it back in a later run) refuses it: what a later run would
    refuse is never kept."""
    import io
    import pickle

    try:
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        unpickler(io.BytesIO(body)).load()
    except Exception:  # noqa: BLE001 - not kept: worked out again next time
        return None
    return body
