"""warkit's glossary of wargame terms (glossary/wargame.yaml): lookups for pre-filling
catalogs and for checking that translations use the agreed terms.

A catalog entry is pre-filled only when its whole source text is a glossary term (or the
abbreviation of one) with exactly one translation; a word with several senses (Retreat /
Withdrawal -> "Retirada", and back) is pre-filled fuzzy with the senses in a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from generator.i18n.languages import normalize

GLOSSARY_FILE = Path(__file__).resolve().parent / "glossary" / "wargame.yaml"


@dataclass(frozen=True)
class Term:
    forms: dict[str, tuple[str, ...]]  # language -> preferred form first, then accepted variants
    abbreviations: dict[str, str]
    sense: str | None = None
    rule: str | None = None

    def preferred(self, language: str) -> str | None:
        forms = self.forms.get(_base(language))
        return forms[0] if forms else None

    def describe(self, language: str) -> str:
        abbreviation = self.abbreviations.get(_base(language))
        short = f" [{abbreviation}]" if abbreviation else ""
        sense = f" ({self.sense})" if self.sense else ""
        return f"{self.preferred(language)}{short}{sense}"


@dataclass(frozen=True)
class Suggestion:
    text: str  # the translation to put in the catalog
    ambiguous: bool  # several terms with different translations: needs a human
    terms: tuple[Term, ...]

    def comment(self, target: str) -> str:
        senses = "; ".join(t.describe(target) for t in self.terms)
        return f"glossary: {senses}"


class Glossary:
    def __init__(self, terms: tuple[Term, ...]):
        self.terms = terms
        self._by_form: dict[str, dict[str, list[int]]] = {}  # language -> folded form -> terms
        self._by_abbreviation: dict[str, dict[str, list[int]]] = {}  # language -> abbreviation -> terms
        self._abbreviations: dict[tuple[str, str], list] = {}  # (source, target) -> what to look for

    def _indexes(self, lang: str) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """The terms by each of their folded forms and by their abbreviation in `lang`."""
        if lang not in self._by_form:
            forms: dict[str, list[int]] = {}
            abbreviations: dict[str, list[int]] = {}
            for number, term in enumerate(self.terms):
                for folded in dict.fromkeys(_fold(f) for f in term.forms.get(lang, ())):
                    forms.setdefault(folded, []).append(number)
                if term.abbreviations.get(lang):
                    abbreviations.setdefault(term.abbreviations[lang], []).append(number)
            self._by_form[lang], self._by_abbreviation[lang] = forms, abbreviations
        return self._by_form[lang], self._by_abbreviation[lang]

    def matches(self, text: str, source: str) -> tuple[tuple[Term, bool], ...]:
        """Terms whose form (or abbreviation, exactly) in `source` is the whole `text`."""
        forms, abbreviations = self._indexes(_base(source))
        by_form = set(forms.get(_fold(text), ()))
        found = sorted(by_form | set(abbreviations.get(text.strip(), ())))
        return tuple((self.terms[number], number not in by_form) for number in found)

    def suggest(self, text: str, source: str, target: str) -> Suggestion | None:
        """The glossary's translation of the whole `text`, or None when it is not a term."""
        options: dict[str, list[Term]] = {}
        for term, by_abbreviation in self.matches(text, source):
            wanted = term.abbreviations.get(_base(target)) if by_abbreviation else term.preferred(target)
            if wanted:
                options.setdefault(wanted if by_abbreviation else match_case(text, wanted), []).append(term)
        if not options:
            return None
        first = next(iter(options))
        terms = tuple(t for group in options.values() for t in group)
        return Suggestion(first, len(options) > 1, terms)

    def accepts(self, text: str, translation: str, source: str, target: str) -> list[Term] | None:
        """None when `text` is no term or `translation` is an accepted form of one of its
        terms; else the terms it should have followed."""
        found = self.matches(text, source)
        if not found:
            return None
        wanted = _fold(translation)
        for term, by_abbreviation in found:
            forms = (term.abbreviations.get(_base(target), ""),) if by_abbreviation else term.forms.get(_base(target), ())
            if any(_fold(f) == wanted for f in forms if f):
                return None
        return [t for t, _ in found if t.forms.get(_base(target))]

    def holds(self, term: Term, translation: str, target: str) -> bool:
        """Whether `translation` says one of the term's forms among other words ("de las
        Potencias Centrales" for an adjective that follows "unidades")."""
        wanted = _fold(translation)
        return any(_fold(f) in wanted for f in term.forms.get(_base(target), ()) if f)

    def abbreviation_misses(self, text: str, translation: str, source: str, target: str) -> list[tuple[str, str]]:
        """(source abbreviation, expected) for abbreviations in `text` whose agreed
        translation is missing from `translation` ("CRT" left as is where "TRC" is agreed);
        the term spelt out in full ("Cuartel general" for "HQ") is fine."""
        misses = []
        folded = None
        for mine, theirs, forms, word in self._abbreviation_pairs(_base(source), _base(target)):
            if mine not in text or not word.search(text):  # the substring first: most texts lack it
                continue
            if folded is None:
                folded = _fold(translation)
            if not _has_word(translation, theirs) and not any(form in folded for form in forms):
                misses.append((mine, theirs))
        return misses

    def _abbreviation_pairs(self, source: str, target: str) -> list:
        """(abbreviation in source, in target, the term's folded forms in target, the source
        abbreviation as a word) of each term abbreviated differently in the two languages,
        unless the source abbreviation stands for several terms."""
        key = (source, target)
        if key not in self._abbreviations:
            pairs = []
            for term in self.terms:
                mine, theirs = term.abbreviations.get(source), term.abbreviations.get(target)
                if not mine or not theirs or mine == theirs or _ambiguous_abbreviation(self, mine, source):
                    continue
                forms = tuple(_fold(form) for form in term.forms.get(target, ()))
                pairs.append((mine, theirs, forms, _word_pattern(mine)))
            self._abbreviations[key] = pairs
        return self._abbreviations[key]


def match_case(source: str, translation: str) -> str:
    """Follow the source's capitals: 'retreat' -> 'retirada', 'Retreat' -> 'Retirada', and a
    source in sentence case ('Heavy artillery') gets a translation in sentence case
    ('Artillería pesada'); abbreviations and other all-capital words are left alone."""
    if not source or not translation:
        return translation
    words = translation.split(" ")
    if source[0].islower() and not words[0].isupper():
        words[0] = words[0][0].lower() + words[0][1:]
    elif source[0].isupper():
        words[0] = words[0][0].upper() + words[0][1:]
    later = source.split()[1:]
    if later and all(w == w.lower() for w in later):
        words[1:] = [w if w.isupper() else w.lower() for w in words[1:]]
    return " ".join(words)


def _ambiguous_abbreviation(glossary: Glossary, abbreviation: str, language: str) -> bool:
    lang = _base(language)
    return sum(1 for t in glossary.terms if t.abbreviations.get(lang) == abbreviation) > 1


def _has_word(text: str, word: str) -> bool:
    return word in text and _word_pattern(word).search(text) is not None


@cache
def _word_pattern(word: str) -> re.Pattern:
    return re.compile(rf"(?<![\w&]){re.escape(word)}(?![\w&])")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


@cache
def _base(language: str) -> str:
    return normalize(language).split("_")[0]


@cache
def load_glossary(path: Path = GLOSSARY_FILE) -> Glossary:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    terms = []
    for entry in data["terms"]:
        entry = dict(entry)
        abbreviations = {k: str(v) for k, v in (entry.pop("abbr", None) or {}).items()}
        sense, rule = entry.pop("sense", None), entry.pop("rule", None)
        forms = {lang: tuple(v) if isinstance(v, list) else (str(v),) for lang, v in entry.items()}
        terms.append(Term(forms, abbreviations, sense, rule))
    return Glossary(tuple(terms))
