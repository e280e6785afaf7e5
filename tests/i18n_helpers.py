"""Helpers for the i18n tests: load the mini game, read and edit its catalogs."""

from __future__ import annotations

from pathlib import Path

from generator.i18n.pofiles import read_catalog, write_catalog
from generator.io.loader import load_game


def load(folder):
    loaded = load_game(folder.path)
    assert loaded.game is not None, [i.format() for i in loaded.report.issues]
    return loaded.game


def es_po(folder) -> Path:
    return folder.path / "locales" / "es" / "LC_MESSAGES" / "game.po"


def entry(path: Path, key: str):
    """The active entry of a game catalog with msgctxt `key` (None if absent)."""
    return next((m for m in read_catalog(path) if m.context == key), None)


def obsolete_entry(path: Path, key: str):
    return next((m for m in read_catalog(path).obsolete.values() if m.context == key), None)


def edit_entry(path: Path, key: str, string=None, fuzzy=None) -> None:
    catalog = read_catalog(path)
    message = next(m for m in catalog if m.context == key)
    if string is not None:
        message.string = string
    if fuzzy is True:
        message.flags.add("fuzzy")
    elif fuzzy is False:
        message.flags.discard("fuzzy")
    write_catalog(path, catalog)


def declare(folder, *languages: str):
    """Add print.languages to the mini game.yaml."""
    return folder.append("game.yaml", f"print: {{languages: [{', '.join(languages)}]}}")
