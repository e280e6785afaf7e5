"""How complete a catalog is, counted against the current strings (not the .po alone), so
the numbers are right even before `warkit i18n update` has been run.

Counted like `babel.messages.pofile.read_po` sees it, not like `pybabel compile --statistics`
(which counts fuzzy entries and empty plural forms as translated).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.i18n import paths
from generator.i18n.consistency import deviations
from generator.i18n.glossary import Glossary
from generator.i18n.languages import normalize
from generator.i18n.pofiles import PoIndex, content_digest, index_of_content, is_translated, read_catalog, singular_id
from generator.i18n.strings import game_strings

UNTRANSLATED, FUZZY, CHANGED = "untranslated", "fuzzy", "source changed"


@dataclass(frozen=True)
class Pending:
    key: str  # game key, or warkit msgid
    source: str
    state: str  # untranslated, fuzzy or source changed
    line: int | None = None  # where the entry stands in the .po


@dataclass
class CatalogStatus:
    domain: str  # game or warkit
    language: str
    path: Path
    exists: bool
    total: int = 0
    translated: int = 0
    pending: list[Pending] = field(default_factory=list)  # in template order
    obsolete: int = 0
    problems: list[str] = field(default_factory=list)  # placeholders that do not match …
    glossary: list[str] = field(default_factory=list)  # translations that ignore the glossary
    consistency: list[str] = field(default_factory=list)  # a term translated two ways (consistency.py)

    @property
    def fuzzy(self) -> list[Pending]:
        return [p for p in self.pending if p.state != UNTRANSLATED]

    @property
    def untranslated(self) -> list[Pending]:
        return [p for p in self.pending if p.state == UNTRANSLATED]

    @property
    def complete(self) -> bool:
        return self.exists and not self.pending and not self.problems

    def as_dict(self) -> dict:
        return {
            "catalog": self.domain, "language": self.language, "path": paths.display(self.path),
            "exists": self.exists, "total": self.total, "translated": self.translated,
            "fuzzy": len(self.fuzzy), "untranslated": len(self.untranslated), "obsolete": self.obsolete,
            "complete": self.complete,
            "pending": [{"key": p.key, "source": p.source, "state": p.state} for p in self.pending],
            "problems": self.problems, "glossary": self.glossary, "consistency": self.consistency,
        }


def game_status(game, language: str, glossary: Glossary | None = None) -> CatalogStatus:
    expected = [(s.key, s.source) for s in game_strings(game)]
    path = paths.game_catalog(game.folder, language)
    return _status("game", language, path, expected, True, game.spec.source_language, glossary)


def ui_status(language: str, glossary: Glossary | None = None, locale_dir: Path = paths.UI_LOCALE_DIR) -> CatalogStatus:
    template = _read(paths.ui_template(locale_dir))[0].catalog
    expected = [((m.context, singular_id(m)), singular_id(m)) for m in template if m.id]
    return _status("warkit", language, paths.ui_catalog(language, locale_dir), expected, False, "en", glossary)


def _status(domain, language, path, expected, by_key, source_language, glossary) -> CatalogStatus:
    status = CatalogStatus(domain, normalize(language), path, path.is_file(), total=len(expected))
    if not status.exists:
        status.pending = [Pending(_label(k), s, UNTRANSLATED) for k, s in expected]
        return status
    index, checked = _read(path)
    catalog = index.catalog
    lookup = index.by_context if by_key else index.by_id
    usable = []
    for key, source in expected:
        message = lookup.get(key)
        state = _state(message, source)
        if state is None:
            status.translated += 1
            _glossary(status, glossary, message, _label(key), source_language)
            if not isinstance(message.string, tuple):
                usable.append((_label(key), message.id, message.string))
        else:
            status.pending.append(Pending(_label(key), source, state, message.lineno if message else None))
    status.consistency = [d.message() for d in deviations(usable, glossary, source_language, language)]
    wanted = {k for k, _ in expected}
    status.obsolete = len(catalog.obsolete) + sum(1 for k in lookup if k not in wanted)
    status.problems = [f"{_label(context if by_key else (context, singular))}: {error}"
                       for context, singular, errors in checked for error in errors]
    return status


def _read(path: Path) -> tuple[PoIndex, tuple]:
    """The catalog at `path`, indexed, with what Babel's check finds in it; parsed again only
    when its bytes changed (`warkit serve` checks again after every edit)."""
    digest = content_digest(path)
    if not digest:  # read_catalog says why it cannot be read
        return _read_file.__wrapped__(str(path), digest)
    return _read_file(str(path), digest)


@lru_cache(maxsize=16)
def _read_file(path: str, _digest: str) -> tuple[PoIndex, tuple]:
    display = paths.display(Path(path))
    index = index_of_content(path, _digest, display) if _digest else PoIndex.of(read_catalog(Path(path), display), Path(path))
    return index, _checked(index.catalog, _digest)


def _checked(catalog, digest: str) -> tuple[tuple[str | None, str, tuple[str, ...]], ...]:
    """(context, singular id, errors) of each message Babel's check finds wrong: the number
    of plural forms, and the placeholders of a python-format message. Only a message with
    plural forms, the python-format flag or several translations can fail them, so a catalog
    without one is not checked; a catalog with some (warkit's own) is checked once per content
    and Babel's findings kept (`generator/kept.py`): loading its checkers, which it finds
    through `importlib.metadata`, cost every check 0.02 s."""
    if not any(m.id and (m.pluralizable or "python-format" in m.flags or not isinstance(m.string, str))
               for m in catalog):
        return ()
    import hashlib
    import json

    from generator import kept

    name = None
    if digest:
        stamp = kept.stamp(__name__, "babel", "babel.messages.checkers", "babel.messages.catalog")
        name = hashlib.sha256(repr((digest, stamp)).encode()).hexdigest() + ".json"
        found = kept.read("catalogs", name)
        if found is not None:
            return tuple((context, singular, tuple(errors)) for context, singular, errors in json.loads(found))
    checked = tuple((message.context, singular_id(message), tuple(str(error) for error in errors))
                    for message, errors in catalog.check())
    if name is not None:
        kept.write("catalogs", name, json.dumps(checked).encode())
    return checked


def _state(message, source: str) -> str | None:
    if message is None or not is_translated(message):
        return UNTRANSLATED
    if message.fuzzy:
        return FUZZY
    if singular_id(message) != source:
        return CHANGED
    return None


def _glossary(status: CatalogStatus, glossary: Glossary | None, message, key: str, source_language: str) -> None:
    if glossary is None or isinstance(message.string, tuple):
        return
    target = status.language
    terms = glossary.accepts(message.id, message.string, source_language, target)
    if terms and key.endswith(".adjective"):  # words that follow "units": the term among others
        terms = [t for t in terms if not glossary.holds(t, message.string, target)]
    if terms:
        wanted = " or ".join(repr(t.preferred(target)) for t in terms)
        status.glossary.append(f"{key}: {message.id!r} is translated {message.string!r}; the glossary says {wanted}")
    for mine, theirs in glossary.abbreviation_misses(message.id, message.string, source_language, target):
        status.glossary.append(f"{key}: {mine!r} in {message.id!r} should read {theirs!r} in the translation {message.string!r}")


def _label(key) -> str:
    """Game keys as they are; warkit's (context, msgid) as the msgid (with its context)."""
    if isinstance(key, tuple):
        context, msgid = key
        return f"{context}|{msgid}" if context else msgid
    return key


def target_languages(game, extra: list[str] | None = None) -> list[str]:
    """The languages a game is translated into: `print.languages` and every existing
    catalog, without the source language."""
    source = normalize(game.spec.source_language)
    found = [normalize(c) for c in game.spec.print.languages]
    found += paths.catalog_languages(paths.game_locale_dir(game.folder), paths.GAME_DOMAIN)
    found += [normalize(c) for c in extra or []]
    return [c for c in dict.fromkeys(found) if c != source]


def game_statuses(game, languages: list[str] | None = None, glossary: Glossary | None = None) -> list[CatalogStatus]:
    """For each language: the game's catalog, then warkit's own (unless the language is English)."""
    out = []
    for language in languages or target_languages(game):
        out.append(game_status(game, language, glossary))
        if normalize(language).split("_")[0] != "en":
            out.append(ui_status(language, glossary))
    return out


def ui_statuses(languages: list[str] | None = None, glossary: Glossary | None = None) -> list[CatalogStatus]:
    chosen = languages or paths.catalog_languages(paths.UI_LOCALE_DIR, paths.UI_DOMAIN)
    return [ui_status(language, glossary) for language in chosen]
