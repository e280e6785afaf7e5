"""Code that Python compiles from text at every start, compiled once and kept, as Python
keeps a module's bytecode.

Python's `dataclasses` writes each class's `__init__`, `__repr__`, `__eq__`, `__setattr__` …
as source text and compiles that text whenever the class is created, and `typing` compiles
the text of every annotation written as a string (`from __future__ import annotations`)
that pydantic reads when it creates a model class: the ≈ 180 dataclasses and 90 models a
build creates (warkit's, pydantic's, annotated-types') cost ≈ 0.06 s of compiling, a fifth of
a small build's start-up, the same texts every time. `install()` has `dataclasses` and
`typing` compile through this module, which takes the code of a text a former run compiled
from a kept file (generator/kept.py) and compiles only texts it has not seen; `save()` keeps
what a run compiled for the next one.

Nothing else changes: a text's code is looked up by the whole text and how it is compiled
(a class whose fields, defaults or options changed writes another text, compiled afresh), is
compiled as those modules compile it (neither has future flags, nor passes this module's:
`dont_inherit`), and kept in a file per Python build (its version string, bytecode tag and
optimisation level in the name); a text that does not compile raises as before.
A damaged file (kept's digest) or an entry that is not code counts as absent. Since the file
holds code, it is used as Python uses a `__pycache__` folder's bytecode, only where no one but
the user running warkit could have written it: a folder and file of that user's own, which no
group or other user may write (POSIX; elsewhere nothing is kept). `WARKIT_CACHE=off` keeps
and reads nothing.
"""

from __future__ import annotations

import builtins
import hashlib
import marshal
import os
import sys
from types import CodeType

from generator import kept

_KIND = "code"
_MOST = 8000  # entries a file holds at most (each under 1 kB): beyond, only the last run's are kept

_known: dict[str, bytes] | None = None  # "mode:text" -> marshalled code, as read from the kept file
_used: set[str] = set()  # the keys of the texts this run compiled or took from the file
_new: dict[str, bytes] = {}  # what this run compiled, not yet kept


def _name() -> str:
    build = f"{sys.version}|{sys.implementation.cache_tag}|{sys.flags.optimize}"
    return f"code.{hashlib.sha256(build.encode()).hexdigest()[:16]}.marshal"


def _own(path) -> bool:
    """`path` belongs to the user running warkit, and no one else may write it."""
    try:
        found = os.stat(path)
    except OSError:
        return False
    return found.st_uid == os.getuid() and not found.st_mode & 0o022


def _trusted(where) -> bool:
    return hasattr(os, "getuid") and _own(where) and _own(where / _name())


def _load() -> dict[str, bytes]:
    global _known
    if _known is None:
        _known = {}
        where = kept.folder(_KIND)
        if where is not None and _trusted(where):
            content = kept.read(_KIND, _name())
            try:
                found = marshal.loads(content) if content is not None else None
            except Exception:  # noqa: BLE001 - unreadable: compiled afresh
                found = None
            if isinstance(found, dict):
                _known = found
    return _known


def code(source: str, mode: str = "exec") -> CodeType:
    """The code of `source` as `compile(source, "<string>", mode)` gives it in a module
    without future flags: kept, or compiled."""
    key = f"{mode}:{source}"
    _used.add(key)
    body = _load().get(key)
    if type(body) is bytes:
        try:
            found = marshal.loads(body)
        except Exception:  # noqa: BLE001 - unreadable: compiled afresh
            found = None
        if type(found) is CodeType:
            return found
    compiled = compile(source, "<string>", mode, dont_inherit=True)
    _new[key] = marshal.dumps(compiled)
    return compiled


def _exec(source, globals=None, locals=None, /):  # noqa: A002 - exec's own parameter names
    """`exec` for `dataclasses`: a text's code from what was kept."""
    if type(source) is str:
        source = code(source)
    return builtins.exec(source, globals, locals)


def _compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **more):
    """`compile` for `typing` (a forward reference's text, in "eval" mode): from what was kept."""
    if type(source) is str and filename == "<string>" and mode == "eval" and not flags and optimize == -1 \
            and not more:
        return code(source, mode)
    return builtins.compile(source, filename, mode, flags, dont_inherit, optimize, **more)


def install() -> None:
    """Have `dataclasses` and `typing` compile through the kept code (nothing when nothing is
    kept). Classes created before keep the code they have."""
    if not hasattr(os, "getuid") or kept.folder(_KIND) is None:
        return
    import atexit
    import dataclasses
    import typing

    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # a module's own name shadows the builtin for that module alone
        typing.compile = _compile
        atexit.register(save)


def save() -> None:
    """Keep what this run compiled, with what was kept before (only this run's texts once the
    file would hold more than `_MOST`): silently nothing when it cannot be."""
    if not _new:
        return
    where = kept.folder(_KIND)
    if where is None:
        return
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return
    if not _own(where):  # a folder others may write would never be read
        return
    entries = {**_load(), **_new}
    if len(entries) > _MOST:
        entries = {text: body for text, body in entries.items() if text in _used}
    kept.write(_KIND, _name(), marshal.dumps(entries))
    _known.update(_new)
    _new.clear()
