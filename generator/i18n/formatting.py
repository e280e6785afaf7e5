"""Locale-aware numbers and dates (Babel/CLDR), for components and the Translator.

Turn dates in game.yaml (`date:`) are ISO text: `1914`, `1914-08`, `1914-08-04`, or a range
`1914-09-04/1914-09-06`. Anything else ("Spring 1915") is not a real date and is printed as
its (translated) label.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal

from babel.dates import format_date as _babel_date
from babel.dates import format_interval, format_skeleton
from babel.numbers import format_decimal, format_percent

from generator.i18n.languages import locale_of

Number = int | float | Decimal

# precision -> CLDR skeleton: abbreviated month, as printed on turn tracks
SKELETONS = {"year": "y", "month": "yMMM", "day": "yMMMd"}
_ISO = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


def format_number(value: Number, language: str, decimals: int | None = None) -> str:
    """1.5 -> '1,5' (es), '1.5' (en); `decimals` fixes the number of decimals shown."""
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return _spelled_number("number", value, decimals, language,
                           lambda: format_decimal(value, format=pattern, locale=locale_of(language)))


def format_signed(value: Number, language: str) -> str:
    """Die-roll modifiers: always a sign, '+1', '-2', '+0,5' (es)."""
    return _spelled_number("signed", value, None, language,
                           lambda: format_decimal(value, format="+#,##0.###;-#,##0.###", locale=locale_of(language)))


def format_percentage(value: Number, language: str) -> str:
    """0.5 -> '50 %' (es), '50%' (en)."""
    return _spelled_number("percent", value, None, language, lambda: format_percent(value, locale=locale_of(language)))


def _spelled_number(kind: str, value, decimals: int | None, language: str, spell) -> str:
    """`spell()`, kept from one run to the next by the exact number (an int's or a float's
    repr) as the dates are: the first number a run spells loads Babel's data of the
    language (≈ 0.006 s of a build that prints one)."""
    if type(value) not in (int, float) or (decimals is not None and type(decimals) is not int):
        return spell()  # Decimal, bool …: spelled every time
    key = f"{kind}|{type(value).__name__}|{value!r}|{decimals!r}"
    spelled = _spelled(language, "numbers")
    found = spelled.get(key)
    if found is None:
        found = spelled[key] = spell()
        _keep_spelled(language, spelled, "numbers")
    return found


def format_date(value: dt.date | str, language: str, style: str = "medium") -> str:
    """A real date in the locale's style ('medium': '4 sept 1914' in es)."""
    if isinstance(value, str):
        value = dt.date.fromisoformat(value)
    return _babel_date(value, format=style, locale=locale_of(language))


@dataclass(frozen=True)
class TurnDate:
    start: dt.date
    end: dt.date | None
    precision: str  # year, month or day


def parse_turn_date(text: str | None) -> TurnDate | None:
    """A turn's `date:` as a real date (or range); None when it is not one."""
    if not text:
        return None
    first, _, last = str(text).strip().partition("/")
    start = _parse_iso(first)
    if start is None:
        return None
    if not last:
        return TurnDate(start[0], None, start[1])
    end = _parse_iso(last)
    if end is None or end[1] != start[1] or end[0] < start[0]:
        return None
    return TurnDate(start[0], end[0], start[1])


def _parse_iso(text: str) -> tuple[dt.date, str] | None:
    match = _ISO.match(text.strip())
    if not match:
        return None
    year, month, day = match.groups()
    try:
        value = dt.date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        return None
    return value, "day" if day else "month" if month else "year"


def format_turn_date(text: str | None, language: str) -> str | None:
    """'1914-08' -> 'Aug 1914' (en), 'ago 1914' (es); ranges as '4–6 sept 1914'; None if no date."""
    parsed = parse_turn_date(text)
    if parsed is None:
        return None
    key = f"{parsed.start.isoformat()}/{parsed.end.isoformat() if parsed.end else ''}/{parsed.precision}"
    spelled = _spelled(language)
    if key not in spelled:
        skeleton = SKELETONS[parsed.precision]
        locale = locale_of(language)
        if parsed.end is None or parsed.end == parsed.start:
            spelled[key] = format_skeleton(skeleton, parsed.start, locale=locale)
        else:
            spelled[key] = format_interval(parsed.start, parsed.end, skeleton, locale=locale)
        _keep_spelled(language, spelled)
    return spelled[key]


# Turn dates and numbers as each language spells them, kept from one run to the next
# (`generator/kept.py`, kinds "dates" and "numbers"): spelling the first date or number loads
# Babel's data of the language (≈ 0.01 s of a check).
_SPELLED: dict[tuple[str, str], dict[str, str]] = {}  # (kind, language) -> key -> spelling
_BABEL_OF = {"dates": "babel.dates", "numbers": "babel.numbers"}


def _spelled(language: str, kind: str = "dates") -> dict[str, str]:
    """The spellings kept for `language` (a dict of this call alone when nothing is kept)."""
    from generator import kept

    if kept.folder(kind) is None:
        return {}
    if (kind, language) not in _SPELLED:
        import json

        found = kept.read(kind, _kept_name(language, kind))
        try:
            loaded = json.loads(found) if found is not None else {}
        except ValueError:
            loaded = {}
        _SPELLED[kind, language] = {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, str)} \
            if isinstance(loaded, dict) else {}
    return _SPELLED[kind, language]


def _keep_spelled(language: str, spelled: dict[str, str], kind: str = "dates") -> None:
    import json

    from generator import kept

    if kept.folder(kind) is not None:
        kept.write(kind, _kept_name(language, kind), json.dumps(spelled, sort_keys=True).encode())


def _kept_name(language: str, kind: str = "dates") -> str:
    import hashlib

    from generator import kept

    stamp = kept.stamp(__name__, "generator.i18n.languages", "generator.i18n.pseudo", "babel", _BABEL_OF[kind],
                       "babel.core", "babel.localedata")
    return hashlib.sha256(repr((language, stamp)).encode()).hexdigest() + ".json"


def label_is_date(label: str | None, date_text: str | None, language: str) -> bool:
    """True when a turn's label just spells its date in `language` (then every locale can
    print its own spelling and the label needs no translation)."""
    if not label:
        return False
    spelled = format_turn_date(date_text, language)
    return spelled is not None and _loose(spelled) == _loose(label)


def _loose(text: str) -> str:
    return re.sub(r"[\s.\u2009\u202f]+", " ", text.replace("\u2013", "-")).strip().casefold()
