"""Rule citations in a game's text, kept out of the player's pages.

A designer writes where a figure comes from into the data ("Meuse (east/west boundary of
rule 3.8)", "counts as clear on Jan/Feb turns (12.8, 12.11)", "Players: 2 (rule 1.1)"); the
designer appendix prints it as written, the charts and aids without the citation:

    strip_citations("B advances stop on entering it (13.26)") -> "B advances stop on entering it"

What counts as a citation: a reference after the word rule/rules/regla/reglas ("rule 3.8",
"reglas 12.8, 12.11", "rule: Apilado"), with the words that lead to it ("of rule 3.8", "de
la regla 3.8"); and an aside in brackets that holds nothing but rule numbers ("(12.8,
12.11)", "(RO.2)"). A number in brackets without a dot ("(5, 14, 23)") is not a citation;
neither is an aside with anything else in it ("(3.7 = 3:1)").
"""

from __future__ import annotations

import re

# one rule number: 13.26, 7.1, RA.3, S.2, RO.5 (a section letter code, then numbers)
# and the entry of a table it may name: "7.2 G" (random event G of rule 7.2), never "7.2 A unit"
_NUMBER = r"(?:[A-Z]{1,3}\.)?\d+(?:\.\d+)*[a-z]?(?:\s[A-Z](?=[,;)]|$))?"
_DOTTED = r"(?:[A-Z]{1,3}\.\d+(?:\.\d+)*|\d+(?:\.\d+)+)[a-z]?"
_JOIN = r"\s*(?:,|;|-|–|&|\band\b|\by\b|\be\b|\bto\b|\bthrough\b|\ba\b|\bal\b)\s*"
_WORD = r"(?:rules?|reglas?|regla)"
_LIST = rf"{_NUMBER}(?:{_JOIN}{_NUMBER})*"
_LEAD = r"(?:(?:see|of|in|per|under|by|from|cf\.)\s+(?:the\s+)?|(?:véase|ver|según|de|en|por)\s+(?:la|las|el)?\s*)?"
# "rule 3.8", "of rule 3.8", "rules 12.8, 12.11", "rule: Apilado", "regla: Apilado"
_NAMED = re.compile(rf"\s*,?\s*\b{_LEAD}{_WORD}(?:\s+{_LIST}\b|\s*:\s*[^\s,;()]+(?:\s[^\s,;()]+)?)", re.IGNORECASE)
# "(12.8, 12.11)", "(RO.2)", "(13.11)"
_BARE = re.compile(rf"\s*\(\s*{_DOTTED}(?:{_JOIN}{_NUMBER})*\s*\)")
_EMPTY = re.compile(r"\s*\(\s*[,;]?\s*\)")
_SPACES = re.compile(r"[ \t]{2,}")
_BEFORE_PUNCT = re.compile(r"\s+([,.;:)])")


# words that cannot end a phrase: a citation right after one is what the phrase names
_ARTICLE = re.compile(r"(?:^|\s|\()(?:the|a|an|la|las|el|los|al|del|lo)\s*$", re.IGNORECASE)


def _unless_needed(match: re.Match) -> str:
    """Nothing in place of a citation, unless the sentence needs it: a citation that is the
    subject ("Rule 16.3 also says", "(La regla 16.3 también"), that an article leads to
    ("sujeto a la regla 11.2"), or that an aside in brackets explains ("rules 3.4 to 3.6 (the
    turn 1 restrictions) do not apply", "bound by rule 11.2 (strategic movement …)") stays, so
    that no sentence loses a word it needs."""
    before, after = match.string[:match.start()], match.string[match.end():]
    subject = re.match(rf"[\s,]*{_WORD}\b", match.group(0), re.IGNORECASE) is not None \
        and (not before.strip() or before.rstrip().endswith(("(", ".", ":", ";"))) and after[:1].isspace() \
        and after.strip()[:1].isalpha()
    if subject or _ARTICLE.search(before) or after.lstrip().startswith("("):
        return match.group(0)
    return ""


def strip_citations(text: str) -> str:
    """`text` without its rule citations (unchanged when it has none)."""
    if not text or not re.search(r"\d|\brules?\b|\breglas?\b", text, re.IGNORECASE):
        return text
    out = _BARE.sub("", text)
    out = _NAMED.sub(_unless_needed, out)
    out = _EMPTY.sub("", out)
    out = _SPACES.sub(" ", out)
    out = _BEFORE_PUNCT.sub(r"\1", out)
    out = re.sub(r"\(\s+", "(", out)
    out = re.sub(r"^[\s,;:\-–]+", "", out)
    return out.strip() if out.strip() else text


def has_citation(text: str) -> bool:
    """True when `text` holds a rule citation strip_citations would remove."""
    return strip_citations(text) != text


def cited(source: str) -> str:
    """The rule a check's message cites from a `source`: its first sentence, without the
    designer's remarks after it ("rules 8.1-8.6. Rule 13.15 says …" -> "rules 8.1-8.6")."""
    return re.split(r"\.\s+(?=[A-Z])", source.strip(), maxsplit=1)[0]


# The words of a bare citation in the languages warkit knows: (rule, rules, illustrative).
CITATION_WORDS = {"en": ("rule", "rules", "illustrative"), "es": ("regla", "reglas", "ilustrativo")}
_REFS = rf"{_NUMBER}(?:{_JOIN}{_NUMBER})*"
_PART = re.compile(rf"\s*(?:(?P<word>rules?|reglas?)\s+(?P<refs>{_REFS})|(?P<illustrative>illustrative|ilustrativos?|ilustrativas?))\s*",
                   re.IGNORECASE)


def say_citation(text: str, language: str) -> str | None:
    """A source that is nothing but citations ("rule 12.8", "rules 12.9, 13.14; illustrative")
    said in `language` ("regla 12.8", "reglas 12.9, 13.14; ilustrativo"); None when the text
    holds anything else or the language's words are unknown. Pre-fills catalogs (merge.py)."""
    words = CITATION_WORDS.get(language.split("_")[0])
    if words is None or not text.strip():
        return None
    out = []
    for part in text.split(";"):
        match = _PART.fullmatch(part)
        if match is None:
            return None
        if match["illustrative"]:
            out.append(words[2])
            continue
        refs = re.sub(r"\s+(?:and|y|e)\s+", f" {'y' if language.startswith('es') else 'and'} ", match["refs"])
        several = bool(re.search(_JOIN, match["refs"]))
        out.append(f"{words[1] if several else words[0]} {refs}")
    said = "; ".join(out)
    return said[0].upper() + said[1:] if text.lstrip()[0].isupper() else said
