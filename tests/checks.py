"""Helpers for check tests: run load + check and pick out issues by rule code."""

from __future__ import annotations

from generator.checking import check_game


def issues(folder, code_prefix: str = "") -> list[str]:
    """Formatted issues whose code starts with `code_prefix`."""
    report = check_game(folder.path)
    return [i.format() for i in report.sorted() if i.code.startswith(code_prefix)]


def assert_exact(folder, edit, code_prefix: str, expected) -> None:
    """Apply `edit` to the game folder and compare its issues under `code_prefix` with the
    exact message, or list of messages, the author should read."""
    edit(folder)
    assert issues(folder, code_prefix) == (expected if isinstance(expected, list) else [expected])
