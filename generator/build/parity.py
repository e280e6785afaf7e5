"""Parity: every language of a build prints the same things.

Each component (and the kit) records which of the game's strings it asked the Translator
for (`Translator.printed`, by stable key: `table.crt.note.2`, `stacking.note.0` …): every
section, item, row and note of a document is one of them. A string that one language prints
and another does not is content that one of the kits lost (a note, a row, an item, a
section) — whatever the reason, a string kept out of the catalogs or code that only runs in
one language — so the build stops with an error naming the document, the languages and the
strings, and writes nothing.

What is compared is *whether* a string is printed, not how often: a text fitted in two
tries may be asked for twice in one language and once in another. Warkit's own words are
not compared: some say where the text went ("notes below", "page 2 of 3"), which depends on
how long a translation runs; the rest follow from the same code in every language.
"""

from __future__ import annotations

from collections import Counter

from generator.errors import WarkitError

SHOWN = 6  # strings listed per document and language before "… and N more"


def printed_keys(printed: Counter) -> frozenset[tuple[str, str]]:
    """The game's strings a step printed (warkit's own words left out)."""
    return frozenset(key for key, count in printed.items() if count and key[0] == "game")


def parity_problems(printed: dict[tuple[str, str], Counter]) -> list[str]:
    """`printed`: (language, step) -> what that step asked for. One message per document
    whose languages differ, in step order."""
    languages = list(dict.fromkeys(language for language, _ in printed))
    steps = list(dict.fromkeys(step for _, step in printed))
    problems = []
    for step in steps:
        present = {lang: printed_keys(printed[(lang, step)]) for lang in languages if (lang, step) in printed}
        if len(present) < 2:
            continue
        union = frozenset().union(*present.values())
        for language, keys in present.items():
            lost = sorted(union - keys)
            if not lost:
                continue
            others = ", ".join(lang for lang, other in present.items() if lang != language and other - keys)
            shown = ", ".join(_name(key) for key in lost[:SHOWN])
            more = f" … and {len(lost) - SHOWN} more" if len(lost) > SHOWN else ""
            problems.append(f"{step} in {language} lacks {len(lost)} string(s) that {others} print(s): {shown}{more}")
    return problems


def check_parity(printed: dict[tuple[str, str], Counter]) -> None:
    problems = parity_problems(printed)
    if problems:
        raise WarkitError("the languages of this build differ in content (parity): " + "; ".join(problems))


def _name(key: tuple[str, str]) -> str:
    return key[1]
