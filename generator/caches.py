"""Caches owned by one build: what a build measured or drew once and reuses (the counters'
pictures and images, a designation's layout, the SVG font attributes) lives as long as that
build and no longer, so nothing one build worked out — with one game's fonts, at one size —
reaches the next one a process runs (`warkit serve`, the tests, a script building two games).

A build opens `build_caches()` around its work (the workers it forks inherit it); everything
cached inside goes to that build's `Caches` and is dropped when it ends. `warkit serve`'s
session opens one for its life, and the rebuilds it runs join it: an edit of one unit
redraws that unit's images only. Outside any build one
process-wide set serves (a test drawing a counter, a script). Either is emptied when other
fonts come into force (`fonts.faces.use_game_fonts` calls `clear`), since a measure taken
with one face is wrong with another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import TypeVar

T = TypeVar("T")


class Caches:
    """Named stores (plain dicts), made on first use."""

    def __init__(self) -> None:
        self._stores: dict[str, dict] = {}

    def store(self, name: str) -> dict:
        found = self._stores.get(name)
        if found is None:
            found = self._stores[name] = {}
        return found

    def clear(self) -> None:
        self._stores.clear()


_OUTSIDE = Caches()  # outside any build
_CURRENT: ContextVar[Caches | None] = ContextVar("warkit_build_caches", default=None)


def current() -> Caches:
    """The running build's caches (the process-wide ones outside a build)."""
    return _CURRENT.get() or _OUTSIDE


def store(name: str) -> dict:
    """The running build's store called `name`."""
    return current().store(name)


@contextmanager
def build_caches(*, join: bool = False) -> Iterator[Caches]:
    """Caches of their own for the work inside (a build), dropped when it ends; with `join`,
    the caches of the work already running if there is one (`warkit serve`'s session owns the
    caches its rebuilds share)."""
    running = _CURRENT.get()
    if join and running is not None:
        yield running
        return
    caches = Caches()
    token = _CURRENT.set(caches)
    try:
        yield caches
    finally:
        _CURRENT.reset(token)


def clear() -> None:
    """Empty the running build's caches and the process-wide ones (other fonts in force)."""
    _OUTSIDE.clear()
    running = _CURRENT.get()
    if running is not None:
        running.clear()


def memoised(function: Callable[..., T]) -> Callable[..., T]:
    """`function` remembered by its (hashable, positional) arguments in the running build's
    caches."""
    name = f"{function.__module__}.{function.__qualname__}"

    @wraps(function)
    def remembered(*args):
        found = store(name)
        try:
            return found[args]
        except KeyError:
            value = found[args] = function(*args)
            return value

    return remembered


def remembered_words(name: str, game, key, t, compute: Callable[[], T]) -> T:
    """`compute()` for `game`, remembered in the running build's store `name` by `key` and
    the language of `t` (the Translator it prints with, or None), with the strings it asked
    `t` for: a later call in the same language asks for them again (and falls back where it
    fell back). So what each document of a build printed (build/parity.py) does not depend on
    which other document, in the same process, worked the same thing out first. The store
    keeps one game's values (a session's rebuild of an edited game starts afresh)."""
    found = store(name)
    if found.get("game") is not game:
        found.clear()
        found["game"], found["values"] = game, {}
    values = found["values"]
    language = None if t is None else (t.language, t.keeps_citations)
    entry = values.get((key, language))
    if entry is None:
        if t is None:
            entry = (compute(), (), ())
        else:
            outer, missing = t.printed, len(t._missing)
            t.printed = type(outer)()  # what `compute` asks for, apart
            try:
                value = compute()
            finally:
                asked, t.printed = t.printed, outer
            outer.update(asked)
            entry = (value, tuple(asked.items()), tuple(t._missing.items())[missing:])
        values[(key, language)] = entry
    elif t is not None:
        _, asked, fell_back = entry
        t.printed.update(dict(asked))
        for which, missing in fell_back:
            t._missing.setdefault(which, missing)
    return entry[0]
