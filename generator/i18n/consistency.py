"""Terms translated one way throughout a catalog.

A game names its sides, nationalities, unit types, terrain, markers, tables and phases once
(`side.cp.name`: "Central Powers" -> "Potencias Centrales"); wherever that name comes back
inside a longer string (a note, a special rule, a card), the translation should use the same
words. `deviations()` lists the translations that do not ("Poderes Centrales" in one rule),
each with the name's own entry for reference, and so does the glossary's vocabulary: a
wargame term ("Combat Results Table") whose translations in one catalog use two of its
accepted forms is reported too.

Words are compared by stem (accents and case folded, a final vowel or plural dropped, words
of three letters or fewer skipped), at the start of a word, so "soviéticas" matches
"Soviético", "rusas" matches "Ruso" and "bosques" matches "Bosque", while "Iraq" does not
match "Irak".
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

# keys whose text is the name of a thing the other strings talk about
NAME_KINDS = ("side.", "nationality.", "unit_type.", "terrain.", "hexside_feature.", "hex_feature.", "region.",
              "size.")
MIN_LETTERS = 4


@dataclass(frozen=True)
class Deviation:
    key: str  # the entry whose translation deviates
    term: str  # the source term it contains
    expected: str  # the agreed translation
    reference: str  # where it was agreed: a key, or "the glossary"
    translation: str

    def message(self) -> str:
        return (f"{self.key}: {self.term!r} is {self.expected!r} ({self.reference}) but the translation "
                f"{self.translation!r} does not say so")


def deviations(entries: list[tuple[str, str, str]], glossary=None, source: str = "en",
               target: str = "es") -> list[Deviation]:
    """`entries`: (key, source text, translation) of the usable entries of one catalog. What
    a former run found for the very same entries, glossary and languages is read back
    (`generator/kept.py`): searching every entry for every name and glossary form is most of
    a check's translation checks."""
    import hashlib
    import json

    from generator import kept

    terms = repr(glossary.terms) if glossary is not None else None
    key = repr((list(entries), terms, source, target, kept.stamp(__name__)))
    name = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest() + ".json"
    found = kept.read("translations", name)
    if found is not None:
        return [Deviation(*fields) for fields in json.loads(found)]
    result = _deviations(entries, glossary, source, target)
    kept.write("translations", name, json.dumps([[d.key, d.term, d.expected, d.reference, d.translation]
                                                 for d in result]).encode("utf-8", "surrogatepass"))
    return result


def _deviations(entries, glossary, source: str, target: str) -> list[Deviation]:
    names = _names(entries)
    found: list[Deviation] = []
    for key, text, translation in entries:
        for term, (expected, reference) in names.items():
            if reference == key or not _contains(text, term):
                continue
            if not _says(translation, expected):
                found.append(Deviation(key, term, expected, reference, translation))
    if glossary is not None:
        found += _glossary_forms(entries, glossary, source, target)
    return found


def _names(entries) -> dict[str, tuple[str, str]]:
    """Source name -> (translation, key) for names worth checking: a name of one word is
    kept only when capitalised (a proper name), so "clear" in a sentence is not taken for
    the terrain "Clear"; the first entry of a name is its reference."""
    names: dict[str, tuple[str, str]] = {}
    for key, text, translation in entries:
        if not key.startswith(NAME_KINDS) or not key.endswith(".name"):
            continue
        words = text.split()
        if not words or len(words) > 4 or sum(c.isalpha() for c in text) < MIN_LETTERS:
            continue
        if len(words) == 1 and not (key.startswith(("side.", "nationality.", "region.")) and text[0].isupper()):
            continue
        if _fold(text) == _fold(translation):
            continue  # a name kept as it is (a card called "Zhukov") says nothing about inflections
        names.setdefault(text, (translation, key))
    return names


def _glossary_forms(entries, glossary, source: str, target: str) -> list[Deviation]:
    """A glossary term with several accepted translations should still get one per catalog:
    every use after the first form seen that uses another form is listed."""
    out = []
    senses = _senses(glossary, source)
    for term in glossary.terms:
        mine = term.forms.get(source.split("_")[0], ())
        theirs = term.forms.get(target.split("_")[0], ())
        if len(theirs) < 2 or not mine or senses[_fold(mine[0])] > 1:
            continue  # one form, or a word of several senses ("Clear": terrain or weather)
        first: tuple[str, str] | None = None
        for key, text, translation in entries:
            if not any(_contains(text, form) for form in mine):
                continue
            used = [form for form in theirs if _says(translation, form)]
            if len(used) != 1:
                continue
            if first is None:
                first = (used[0], key)
            elif used[0] != first[0]:
                out.append(Deviation(key, mine[0], first[0], f"{first[1]}, one of the glossary's forms", translation))
    return out


def _contains(text: str, term: str) -> bool:
    return _term_pattern(term).search(text) is not None


@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern:
    return re.compile(rf"(?<![\w-]){re.escape(term)}(?![\w-])", re.IGNORECASE)


def _senses(glossary, source: str) -> Counter:
    """Folded form in `source` -> how many of the glossary's terms have it."""
    language = source.split("_")[0]
    return Counter(form for term in glossary.terms for form in {_fold(f) for f in term.forms.get(language, ())})


def _says(translation: str, expected: str) -> bool:
    """Every word of `expected` (by stem) begins a word of `translation`."""
    said = _words(translation)
    return all(any(word.startswith(stem) for word in said) for stem in map(_stem, _words(expected)) if stem)


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", _fold(text)))


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    """'' for short words (articles, prepositions)."""
    if len(word) < MIN_LETTERS:
        return ""
    return re.sub(r"(?:[aeiou]s?|es)$", "", word) if len(word) > MIN_LETTERS else word[:-1] if word[-1] in "aeiou" else word


@lru_cache(maxsize=8192)
def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
