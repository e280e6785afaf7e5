"""Watching the pages a build renders, for checks that need the drawing rather than the file.

    with observing(pages.extend):
        build_game(…)              # every Page given to render_pdf / render_svg is passed on

The pseudo-locale's tests use it to measure every text against its frame (layout/overflow.py).
Observers run in the process that renders: build with one job (`--jobs 1`) to see them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from generator.layout.primitives import Page

_OBSERVERS: list[Callable[[Sequence[Page]], None]] = []


@contextmanager
def observing(callback: Callable[[Sequence[Page]], None]) -> Iterator[None]:
    _OBSERVERS.append(callback)
    try:
        yield
    finally:
        _OBSERVERS.remove(callback)


def notify(pages: Sequence[Page]) -> None:
    for callback in list(_OBSERVERS):
        callback(pages)
