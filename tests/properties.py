"""Helpers for property tests under the Hypothesis profiles of conftest.py."""

from __future__ import annotations

from hypothesis import settings


def examples(ci_count: int) -> int:
    """A test's own number of examples under the ci profile, scaled up by the thorough one."""
    return ci_count * max(1, settings.default.max_examples // 100)
