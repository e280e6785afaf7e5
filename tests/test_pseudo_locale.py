"""The pseudo-locale qps: every translated string marked, accented and 40 % longer.

Every sample game is built in qps; no unmarked words may reach a PDF, SVG or HTML file (what
is left is printed as given by design: the codes of unit designations (capitals, single
letters) and the proper names the data lists in `as_given`, size marks, result codes, rule
numbers, hex numbers, the unit "mm", the languages' own names in the preview's language
switch), and no drawn text may leave its frame. The designer appendix (designer-notes.pdf)
is held to the same rule: its prose comes through the catalogs; it alone also prints the
ids of the rows it lists."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from babel import Locale

import kits
from generator.components.designer_notes import STEM as DESIGNER_NOTES
from generator.i18n import Translator
from generator.i18n.pseudo import pseudo
from generator.io.loader import load_game
from generator.layout.overflow import overflows
from generator.layout.primitives import Group, Text

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file())
WORD = re.compile(r"[^\W\d_]+")
FILE_NAME = re.compile(r"[\w./-]+\.(?:svg|pdf|png|html|json|zip|xlsx|ods)\b|\d+(?:[.,]\d+)? [KMG]?i?B\b")


# --- the transform -------------------------------------------------------------------


def test_pseudo_accents_brackets_and_lengthens_by_forty_percent():
    assert pseudo("Forest") == "[Fóŕéšţ~]"  # 6 letters: 3 more, the brackets count
    assert pseudo("Terrain Effects Chart") == "[Ţéŕŕáíñ Éƒƒéçţš Çĥáŕţ~~~~~~~]"
    assert len(pseudo("Combat Results Table")) >= 1.4 * len("Combat Results Table")


def test_pseudo_keeps_placeholders_markup_and_text_without_letters():
    assert pseudo("%(num)d counters") == "[%(num)d çóúñţéŕš~~~~~]"
    assert pseudo("Favours the {side}") == "[Fávóúŕš ţĥé {side}~~~~~~]"
    assert pseudo("<b>Turn</b>") == "[<b>Ţúŕñ</b>~~~]"
    assert pseudo("%(label)s: %(value)s") == "%(label)s: %(value)s"
    assert pseudo("2-1") == "2-1"
    assert pseudo("") == ""


def test_pseudo_marks_inside_surrounding_space():
    assert pseudo("  Turn\n") == "  [Ţúŕñ~]\n"


def test_translator_in_qps_marks_game_and_warkit_text_but_not_numbers():
    game = load_game(DATA / "glorys-end").game
    t = Translator.for_game(game, "qps")
    assert t.ui("Terrain Effects Chart") == "[Ţéŕŕáíñ Éƒƒéçţš Çĥáŕţ~~~~~~~]"
    assert t.game("terrain.forest.name", "Forest") == "[Fóŕéšţ~]"
    assert t.ngettext("%(num)d counter", "%(num)d counters", 3) == "[3 çóúñţéŕš~~~~~]"
    assert t.number(1.5) == "1.5"
    assert t.missing == []  # nothing falls back: every string is "translated"


# --- every sample game in qps ---------------------------------------------------------


@pytest.fixture(scope="module", params=GAMES)
def qps_build(request):
    folder, pages = kits.qps(request.param)  # built once per run, shared by the workers
    return request.param, folder, pages


def test_no_drawn_text_leaves_its_frame(qps_build):
    _, _, pages = qps_build
    assert pages
    found = [f"{page.title}: {o.message()}" for page in pages for o in overflows(page)]
    assert found == []


def test_no_string_is_cut_short(qps_build):
    """A string shortened to fit (an ellipsis) loses its closing mark: on every page the
    brackets pair up."""
    _, _, pages = qps_build
    for page in pages:
        text = "".join(item.text for item in _texts(page.items))
        assert text.count("[") == text.count("]"), (page.title, text[:400])


def test_no_unmarked_text_in_any_pdf_svg_or_html(qps_build):
    name, folder, _ = qps_build
    game = load_game(DATA / name).game
    allowed, ids = as_given(game), row_ids(game)
    leaks: dict[str, set[str]] = {}
    checked = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".pdf", ".svg", ".html") or path.name == "kit.pdf":
            continue
        checked.append(path.stem)
        for word in unmarked_words(_text_of(path)):
            if word not in allowed and not (path.stem == DESIGNER_NOTES and word in ids):
                leaks.setdefault(word, set()).add(path.relative_to(folder).as_posix())
    assert DESIGNER_NOTES in checked
    assert {word: sorted(files)[:3] for word, files in leaks.items()} == {}


def test_qps_kit_has_the_sections_of_the_english_one(qps_build):
    """The pseudo-translated kit is longer, never shorter: every marked string it draws is
    there, and the build's parity check passed (it would have stopped the build)."""
    _, folder, _ = qps_build
    text = _text_of(folder / "tec.pdf")
    assert "[Ţéŕŕáíñ Éƒƒéçţš Çĥáŕţ" in text


# --- helpers ----------------------------------------------------------------------------


def unmarked_words(text: str) -> list[str]:
    """Words of two letters or more outside the pseudo-locale's brackets, all ASCII (an
    accented word is marked even when wrapped apart from its bracket)."""
    text = FILE_NAME.sub(" ", text)
    while True:
        stripped = re.sub(r"\[[^\[\]]*\]", " ", text)
        if stripped == text:
            break
        text = stripped
    return [w for w in WORD.findall(text) if len(w) >= 2 and w.isascii()]


def as_given(game) -> set[str]:
    """Words a kit prints as the data gives them, in every language: unit designations,
    size marks, result codes and cells, rule citations by number or section code, hex
    numbers; and the unit mm of the scale bars."""
    words: set[str] = {"mm"}

    def add(text) -> None:
        words.update(WORD.findall(str(text or "")))

    for unit in game.units:  # the codes a counter prints: in its designation, army, corner code, factors
        for value in (unit.designation, unit.back_designation, unit.parent, unit.army, unit.code, unit.icon,
                      *(face.text for face in unit.faces)):
            words.update(w for w in WORD.findall(value or "") if len(w) == 1 or not any(c.islower() for c in w))
    words.update(game.spec.as_given)  # proper names the data keeps in every language
    for card in getattr(game, "cards", ()):  # a chit's short code ("I"), capitals only
        for value in (card.title, *getattr(card, "values", {}).values()):
            if isinstance(value, str) and len(value) <= 5:
                words.update(w for w in WORD.findall(value) if not any(c.islower() for c in w))
    for feature in (*game.spec.hex_features, *game.spec.hexside_features):  # a feature's mark on the map
        add(getattr(feature, "mark", None))
    for unit_type in game.spec.unit_types:
        add(getattr(unit_type, "mark", None))
    for size in game.spec.sizes:
        add(size.mark)
    for table in game.spec.tables:
        for result in getattr(table, "results", []):
            add(result.code)
        for code in getattr(table, "entries", {}):
            add(code)
        for row in getattr(table, "cells", []):
            for cell in row:
                add(cell)
        for kind in ("drms", "shifts", "modifiers"):
            for item in getattr(table, kind, []):
                add(item.rule)
    for (map_id, hex_id) in getattr(game, "hex_index", {}):
        add(hex_id)
    for code in (game.spec.source_language, *game.spec.print.languages):  # "English" in the language switch
        add(Locale.parse(code).get_display_name(code))
    return words


def row_ids(game) -> set[str]:
    """The words of the ids of units, markers, places and scenarios: the designer appendix
    lists the rows behind a source by id."""
    words: set[str] = set()
    for row in (*game.units, *game.markers, *game.hexes, *game.areas, *game.scenarios):
        for attr in ("unit_id", "marker_id", "hex_id", "area_id", "scenario_id"):
            words.update(WORD.findall(str(getattr(row, attr, "") or "")))
    return words


def _texts(items):
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


def _text_of(path: Path) -> str:
    if path.suffix == ".pdf":
        document = pdfium.PdfDocument(str(path))
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    raw = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".svg":
        return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", m))
                         for m in re.findall(r"<text\b[^>]*>(.*?)</text>", raw, re.S))
    raw = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ", raw, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", raw))


def test_unmarked_words_sees_through_wrapping_and_nesting():
    assert unmarked_words("[Ţúŕñ ţŕáçķ: [Fŕéé Šéţúþ~~]~~~] Turn: 3") == ["Turn"]
    assert unmarked_words("[Óñé ţúŕñ\níš ţŵó~~] map-main.pdf 12 KiB") == []
