"""Language codes: one spelling for paths ("pt_BR") and a Babel Locale for formatting."""

from __future__ import annotations

from functools import cache

from babel import Locale, UnknownLocaleError

from generator.errors import WarkitError


class UnknownLanguage(WarkitError):
    """A language code Babel's CLDR data does not know."""


def normalize(code: str) -> str:
    """'es', 'pt-BR' or 'pt_br' -> the gettext folder spelling 'es', 'pt_BR'."""
    parts = code.strip().replace("-", "_").split("_")
    if not parts[0]:
        raise UnknownLanguage(f"empty language code {code!r}")
    return "_".join([parts[0].lower(), *(p.upper() if len(p) == 2 else p for p in parts[1:])])


@cache
def locale_of(code: str) -> Locale:
    from generator.i18n.pseudo import FORMATTING_LANGUAGE, is_pseudo

    if is_pseudo(normalize(code)):  # the pseudo-locale formats as English, then accents
        return Locale.parse(FORMATTING_LANGUAGE)
    try:
        return Locale.parse(normalize(code))
    except (UnknownLocaleError, ValueError) as exc:
        raise UnknownLanguage(f"unknown language code {code!r} ({exc})") from None


def display_name(code: str, in_language: str | None = None) -> str:
    """A language's name in `in_language` (its own name without one): 'español', 'Spanish';
    the pseudo-locale is called by its code, 'qps'."""
    from generator.i18n.pseudo import is_pseudo

    if is_pseudo(normalize(code)):
        return normalize(code)
    here = locale_of(in_language or code)
    return locale_of(code).get_display_name(here) or code


def same_language(a: str, b: str) -> bool:
    return normalize(a) == normalize(b)
