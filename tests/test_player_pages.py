"""No designer text on a player's pages: every PDF of every sample kit, in both languages,
is free of citations, file names and the designer's asides; they are in designer-notes.pdf,
which is kept out of the kit. Invented values carry the one illustrative mark (†) with its
note, in every language, on the components that hold them."""

from __future__ import annotations

import re

import pytest

from kits import GAMES, built, kit_pdfs, kit_text, pdf_text

DESIGNER = "designer-notes.pdf"

# Patterns of designer text, with what each catches.
CITATIONS = {
    "a source line": re.compile(r"\b(?:Sources?|Fuentes?):"),
    "a rule citation": re.compile(r"\b(?:rules?|reglas?|regla)\s+(?:\d|[A-Z]{1,3}\.\d)", re.IGNORECASE),
    "a rule number in brackets": re.compile(r"\(\s*(?:[A-Z]{1,3}\.)?\d+\.\d+(?:\s*[,;–-]\s*(?:[A-Z]{1,3}\.)?\d+(?:\.\d+)*)*\s*\)"),
    "a data file": re.compile(r"\b\w+\.(?:csv|yaml|xlsx|ods)\b"),
    "a designer's aside": re.compile(r"Not expressible|this data follows|Not modelled|no se puede expresar|the book has it|"
                                      r"printed in the book", re.IGNORECASE),
    "a hexside count": re.compile(r"\b\d+ (?:hexsides|lados de hexágono)\b"),
}
MARK_NOTES = ("Illustrative: the rulebook does not give this value", "Some values here are illustrative",
              "Ilustrativo: el reglamento no da este valor", "Algunos valores son ilustrativos")


def player_pdfs(game: str):
    return [(key, path) for key, path in kit_pdfs(game).items() if key[1] not in (DESIGNER, "kit.pdf")]


@pytest.mark.parametrize("game", GAMES)
def test_no_player_pdf_holds_designer_text(game):
    found = []
    for (language, name), path in player_pdfs(game):
        text = " ".join(pdf_text(path).split())
        for what, pattern in CITATIONS.items():
            for match in pattern.finditer(text):
                found.append(f"{language}/{name}: {what}: …{text[max(match.start() - 40, 0):match.end() + 20]}…")
        prose = text
        for note in MARK_NOTES:
            prose = prose.replace(note, "")
        for match in re.finditer(r"illustrative|ilustrativ", prose, re.IGNORECASE):
            found.append(f"{language}/{name}: the word outside the mark's note: …{prose[max(match.start() - 40, 0):match.end() + 20]}…")
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_the_designer_notes_are_printed_apart_and_left_out_of_the_kit(game):
    pdfs = kit_pdfs(game)
    for language in ("en", "es"):
        assert (language, DESIGNER) in pdfs
        kit = " ".join(pdf_text(built(game) / language / "kit.pdf").split())
        heading = "Illustrative values" if language == "en" else "Valores ilustrativos"
        assert heading in kit_text(game, language, DESIGNER) and heading not in kit
        assert DESIGNER in kit  # listed on the contents page, under the files printed separately


def test_designer_text_moved_rather_than_dropped():
    wef = kit_text("when-eagles-fight", "en", DESIGNER)
    assert "this data follows 8.5 (read as the specific rule)" in wef  # was a stacking note on the aid
    assert "only 3:1 roll 6 = 1/E (13.20)" in wef  # was the CRT's source line
    assert "Calendar inferred: nine turns a year" in wef  # was the turn track's "About the track"
    ge = kit_text("glorys-end", "en", DESIGNER)
    assert "Meuse (east/west boundary of rule 3.8): 68 hexsides" in ge  # was the legend's hexside count
    assert "the fortress modifiers but Verdun's (units.csv)" in ge  # was "(see units.csv, illustrative)"
    assert "Meuse (east/west boundary of rule 3.8)" in ge  # the text with its citation, as written


def test_the_illustrative_mark_is_on_every_component_holding_invented_values_in_both_languages():
    for language, note, some in (("en", "† Illustrative: the rulebook does not give this value",
                                  "† Some values here are illustrative"),
                                 ("es", "† Ilustrativo: el reglamento no da este valor",
                                  "† Algunos valores son ilustrativos")):
        crt = kit_text("when-eagles-fight", language, "crt.pdf")
        title = "Combat Results Table †" if language == "en" else "Tabla de Resultados del Combate †"
        assert title in crt and note in crt  # WEF: only 3:1 roll 6 of the CRT is in the rulebook
        tec = kit_text("great-war-near-east", language, "tec.pdf")
        assert ("Rough †" if language == "en" else "Terreno difícil †") in tec and note in tec
        assert "Mountain †" not in tec and "Montaña †" not in tec  # its shifts are the rulebook's (9.2, 9.3)
        assert some in kit_text("great-war-near-east", language, "counters.pdf")  # factors the rulebook omits
        assert some in kit_text("strike-of-the-eagle", language, "map-poland.pdf")  # the map is a reconstruction
        assert some in kit_text("blitz-in-the-east", language, "turn-track.pdf")  # the weather is invented
        assert some in kit_text("strike-of-the-eagle", language, "cards.pdf")  # every deck packed in cards.pdf
    assert "Production costs †" not in kit_text("blitz-in-the-east", "en", "tables.pdf")  # from the rulebook (1.5)
