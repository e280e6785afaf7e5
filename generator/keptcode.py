"""What Python compiles from text at every start, compiled once and kept, as Python keeps a
module's bytecode.

Python's `dataclasses` writes each class's `__init__`, `__repr__`, `__eq__`, `__setattr__` …
as source text and compiles that text whenever the class is created; `typing` compiles the
text of every annotation written as a string (`from __future__ import annotations`) that
pydantic reads when it creates a model class; `re` compiles every regular expression a
module declares into the engine's program, in Python. At a build's start that is ≈ 180
dataclasses, 90 models and 120 patterns (warkit's and its libraries'): ≈ 0.07 s of
compiling, the same texts every time. `install()` has `dataclasses`, `typing` and `re`
compile through this module, which takes what a former run compiled from a kept file
(generator/kept.py) and compiles only texts it has not seen; `save()` keeps what a run
compiled for the next one.

Nothing else changes: a text's code or program is looked up by the whole text and how it is
compiled (a class whose fields, defaults or options changed writes another text, compiled
afresh); code is compiled as those modules compile it (neither has future flags, nor
passes this module's: `dont_inherit`); a pattern's program is what `re` hands the engine
(plain numbers, which the engine checks as it takes them, refusing a malformed one); a text
that does not compile raises as before. The file is one per Python build (its version
string, bytecode tag and optimisation level in the name). A damaged file (kept's digest), or
an entry that is not code or a program, counts as absent. Since the file holds code, it is
used as Python uses a `__pycache__` folder's bytecode, only where no one but the user
running warkit could have written it: a folder and file of that user's own, which no group
or other user may write (POSIX; elsewhere nothing is kept). `WARKIT_CACHE=off` keeps and
reads nothing.
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
_FEW = 16  # a run that compiled fewer texts than this does not rewrite the file

# "mode:text" -> marshalled code, ("re", pattern, flags) -> marshalled program, as kept
_known: dict | None = None
_used: set = set()  # the keys of the texts this run compiled or took from the file
_new: dict = {}  # what this run compiled, not yet kept


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


def _load() -> dict:
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


_programs: dict[int, tuple] = {}  # id of a pattern just compiled -> what its program was made of
_sre_compile = None  # the regular expression engine's own constructor, once installed
_re_compile = None  # `re`'s own compiler, once installed


def _recording(pattern, *made):
    """The engine's constructor, noting what the pattern's program was made of."""
    compiled = _sre_compile(pattern, *made)
    _programs[id(compiled)] = made
    return compiled


def _regex(pattern, flags=0):
    """`re`'s compiler: a pattern's program (plain numbers, which the engine checks as it
    takes them) from what was kept, else compiled by `re` and kept."""
    if type(pattern) not in (str, bytes) or type(flags) is not int or flags & 128:  # 128: re.DEBUG prints
        compiled = _re_compile(pattern, flags)
        _programs.pop(id(compiled), None)
        return compiled
    key = ("re", pattern, flags)
    _used.add(key)
    body = _load().get(key)
    if type(body) is bytes:
        try:
            return _sre_compile(pattern, *marshal.loads(body))
        except Exception:  # noqa: BLE001 - unusable: compiled afresh
            pass
    compiled = _re_compile(pattern, flags)
    made = _programs.pop(id(compiled), None)
    if made is not None:
        try:
            _new[key] = marshal.dumps(_plain(made))
        except ValueError:  # not plain data in this Python: compiled at every run
            pass
    return compiled


def _plain(value):
    """`value` with its named numbers (`re`'s opcodes are ints with a name) as plain ints."""
    if isinstance(value, int) and type(value) is not bool:
        return int(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(item) for item in value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _install_regex() -> None:
    """Have `re` compile through `_regex` when its compiler has the shape this module knows
    (`re._compiler.compile` handing the engine's `_sre.compile` plain data); else leave it."""
    global _sre_compile, _re_compile
    import re
    import types

    compiler = getattr(re, "_compiler", None)
    engine = getattr(compiler, "_sre", None)
    if not isinstance(engine, types.ModuleType) or not callable(getattr(compiler, "compile", None)):
        return  # another Python's `re`, or installed already
    _sre_compile, _re_compile = engine.compile, compiler.compile
    recording = types.SimpleNamespace(**{name: getattr(engine, name) for name in dir(engine)
                                         if not name.startswith("__")})
    recording.compile = _recording
    compiler._sre = recording
    compiler.compile = _regex


def install() -> None:
    """Have `dataclasses`, `typing` and `re` compile through what was kept (nothing when
    nothing is kept). What was compiled before keeps the code it has."""
    if not hasattr(os, "getuid") or kept.folder(_KIND) is None:
        return
    import atexit
    import dataclasses
    import typing

    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # a module's own name shadows the builtin for that module alone
        typing.compile = _compile
        _install_regex()
        atexit.register(save)


def save() -> None:
    """Keep what this run compiled, with what was kept before (only this run's texts once the
    file would hold more than `_MOST`): silently nothing when it cannot be. A run that
    compiled fewer than `_FEW` texts leaves the file as it is: some patterns are written from
    a set, in an order that changes from run to run (reportlab's and Babel's), and would have
    every run rewrite the file for texts no later run asks for; a few texts cost a run well
    under a millisecond to compile."""
    if len(_new) < _FEW:
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
