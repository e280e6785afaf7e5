"""Merging a fresh template (.pot) into a language's catalog (.po): `init` and `update`.

Rules, in order of importance:

1. A translation is never dropped. An entry whose key left the data is kept as obsolete
   (`#~`), and comes back to life if the key returns.
2. Game catalogs match entries by key (msgctxt): when the source text of a key changed, the
   translation is kept, marked fuzzy (fuzzy entries are never printed) and the old source
   text is kept as `#| msgid` so the translator sees what changed. warkit's own catalog
   matches by (msgctxt, msgid) as gettext does; a changed source text gets the closest old
   translation as a fuzzy suggestion and the old entry stays obsolete.
3. New, untranslated entries are pre-filled:
   - from an identical source text already translated in the same kind of string
     (another turn's "Replacements") — usable as is;
   - else from the glossary when the whole text is one term with one translation — usable
     as is (the glossary is reviewed terminology);
   - else, in a game catalog, a source that is nothing but citations ("rules 12.8, 13.14",
     "illustrative") said in the language's words ("reglas 12.8, 13.14") — usable as is;
   - else fuzzy, for review: a glossary word with several senses (the senses go in a
     comment), the same text translated in another kind of string, or a close match.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog, Message

from generator.i18n.citations import say_citation
from generator.i18n.glossary import Glossary
from generator.i18n.keys import kind_of
from generator.i18n.pofiles import singular_id


@dataclass
class MergeResult:
    catalog: Catalog
    kept: int = 0  # translations carried over as they were
    to_review: list[str] = field(default_factory=list)  # kept, but fuzzy: the source text changed
    reused: int = 0  # pre-filled from the same text in the same kind of string
    from_glossary: int = 0  # pre-filled from the glossary, usable
    from_citations: int = 0  # a source that is nothing but citations, said in the language's words, usable
    suggested: int = 0  # pre-filled fuzzy, for review
    still_fuzzy: int = 0  # kept as they were: fuzzy, awaiting review
    obsoleted: int = 0  # translated entries whose key left the template, kept as #~
    untranslated: int = 0


def has_text(message: Message) -> bool:
    if isinstance(message.string, (list, tuple)):
        return any(message.string)
    return bool(message.string)


def merge(template: Catalog, old: Catalog | None, language: str, *, by_key: bool,
          source_language: str = "en", glossary: Glossary | None = None, header_comment: str | None = None) -> MergeResult:
    """A catalog for `language` holding every entry of `template`, translated where `old`
    (or the glossary) allows; see the module docstring."""
    identity = (lambda m: m.context) if by_key else (lambda m: (m.context, singular_id(m)))
    new = _new_catalog(template, old, language, header_comment)
    result = MergeResult(new)
    active = {identity(m): m for m in (old if old is not None else []) if m.id}
    obsolete = {identity(m): m for m in (old.obsolete.values() if old is not None else [])}
    memory = _Memory(list(active.values()) + list(obsolete.values()), by_key)
    prefill = _Prefill(memory, glossary, source_language, language, by_key, new.num_plurals)
    for entry in template:
        if not entry.id:
            continue
        previous = active.pop(identity(entry), None)
        if previous is None:
            previous = obsolete.pop(identity(entry), None)  # a key that came back
        message = _fresh(entry, previous, new.num_plurals)
        if previous is not None and has_text(previous):
            _carry_over(message, previous, new.num_plurals, result)
        else:
            prefill.fill(message, result, leftovers=active)
        if not has_text(message):
            result.untranslated += 1
        new[message.id] = message
    for key, message in active.items():
        if has_text(message):  # an untranslated entry that left the data has nothing to keep
            new.obsolete[new._key_for(message.id, message.context)] = message
            result.obsoleted += 1
    for message in obsolete.values():
        new.obsolete[new._key_for(message.id, message.context)] = message
    return result


def _new_catalog(template: Catalog, old: Catalog | None, language: str, header_comment: str | None) -> Catalog:
    has_old = old is not None  # an empty Catalog is falsy
    catalog = Catalog(
        locale=language,
        domain=template.domain,
        header_comment=old.header_comment if has_old else header_comment,
        project=template.project,
        version=template.version,
        copyright_holder=template.copyright_holder,
        msgid_bugs_address=template.msgid_bugs_address,
        creation_date=template.creation_date,
        revision_date=old.revision_date if has_old else None,
        last_translator=old.last_translator if has_old else None,
        language_team=old.language_team if has_old else None,
        charset="utf-8",
        fuzzy=False,
    )
    if has_old:
        # the catalog keeps the plural forms its translator wrote for, whatever the installed
        # Babel's locale data says (Babel 2.19 gives Spanish three; the catalogs have two)
        catalog._num_plurals, catalog._plural_expr = old.num_plurals, old.plural_expr
    return catalog


def _fresh(entry: Message, previous: Message | None, plurals: int) -> Message:
    empty = tuple("" for _ in range(plurals)) if isinstance(entry.id, (list, tuple)) else ""
    return Message(
        entry.id,
        empty,
        locations=list(entry.locations),
        flags=set(entry.flags) - {"fuzzy"},
        auto_comments=list(entry.auto_comments),
        user_comments=list(previous.user_comments) if previous is not None else [],
        context=entry.context,
    )


def _carry_over(message: Message, previous: Message, plurals: int, result: MergeResult) -> None:
    message.string = _shape(previous.string, message.id, plurals)
    changed = _ids(previous) != _ids(message)
    if changed or previous.fuzzy:
        message.flags.add("fuzzy")
        keep_older = previous.fuzzy and previous.previous_id
        message.previous_id = list(previous.previous_id) if keep_older else (_ids(previous) if changed else [])
        if changed:
            result.to_review.append(message.context or singular_id(message))
        else:
            result.still_fuzzy += 1
        return
    result.kept += 1


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def _shape(string, msgid, plurals: int):
    """The old translation in the new entry's shape (singular text or a plural tuple)."""
    if isinstance(msgid, (list, tuple)):
        forms = list(string) if isinstance(string, (list, tuple)) else [string]
        return tuple((forms + [forms[-1]] * plurals)[:plurals])
    return string[0] if isinstance(string, (list, tuple)) else string


class _Memory:
    """Translations already in the catalog (current and obsolete), by source text."""

    def __init__(self, messages: list[Message], by_key: bool):
        self.by_key = by_key
        self.by_text: dict[str, list[Message]] = {}
        for message in messages:
            if has_text(message) and not isinstance(message.id, (list, tuple)):
                self.by_text.setdefault(message.id, []).append(message)

    def same_text(self, message: Message) -> tuple[Message | None, Message | None]:
        """(usable match of the same kind, any other match) for the message's source text."""
        same_kind = other = None
        for candidate in self.by_text.get(message.id, []):
            kindred = not self.by_key or kind_of(candidate.context or "") == kind_of(message.context or "")
            if kindred and not candidate.fuzzy and same_kind is None:
                same_kind = candidate
            elif other is None:
                other = candidate
        return same_kind, other


class _Prefill:
    def __init__(self, memory: _Memory, glossary: Glossary | None, source: str, target: str, by_key: bool, plurals: int):
        self.memory, self.glossary = memory, glossary
        self.source, self.target, self.by_key, self.plurals = source, target, by_key, plurals

    def fill(self, message: Message, result: MergeResult, leftovers: dict) -> None:
        if isinstance(message.id, (list, tuple)):
            return
        suggestion = self.glossary.suggest(message.id, self.source, self.target) if self.glossary else None
        same_kind, other = self.memory.same_text(message)
        citation = say_citation(message.id, self.target) if self.by_key else None
        if citation is not None and same_kind is None:
            message.string = citation
            result.from_citations += 1
        elif same_kind is not None and not (suggestion and suggestion.ambiguous):
            message.string = same_kind.string
            result.reused += 1
        elif suggestion and not suggestion.ambiguous:
            message.string = suggestion.text
            result.from_glossary += 1
        elif suggestion:
            self._suggest(message, suggestion.text, result)
            message.user_comments.append(suggestion.comment(self.target))
        elif same_kind is not None or other is not None:
            self._suggest(message, (same_kind or other).string, result)
        elif not self.by_key:
            self._close_match(message, leftovers, result)

    @staticmethod
    def _suggest(message: Message, text: str, result: MergeResult) -> None:
        message.string = text
        message.flags.add("fuzzy")
        result.suggested += 1

    def _close_match(self, message: Message, leftovers: dict, result: MergeResult) -> None:
        candidates = {singular_id(m): m for m in leftovers.values() if has_text(m) and not isinstance(m.id, (list, tuple))}
        close = difflib.get_close_matches(message.id, list(candidates), n=1, cutoff=0.7)
        if close:
            self._suggest(message, candidates[close[0]].string, result)
            message.previous_id = [close[0]]
