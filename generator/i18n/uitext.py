"""warkit's own words in a translator's language: `ui_text(t, "…", **fields)`, where `t` is
a Translator (or None: the source language, English). `warkit i18n extract --ui` finds these
calls by name, like components.text.ui_text (i18n/extract.py)."""

from __future__ import annotations


def ui_text(translator, message: str, /, **fields) -> str:
    text = translator.ui(message) if translator is not None else message
    return text.format(**fields) if fields else text


def name_of(translator, obj, field: str = "name") -> str:
    """A model object's name in the translator's language (as written without one)."""
    if translator is None:
        return getattr(obj, field) or ""
    return translator.of(obj, field)
