"""What a mark printed on a counter face means (`face_marks` in game.yaml): printed under
"Reading the counters" on the player aid of each side whose counters show it, in the build's
language, with one of that side's marked counters as the example."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.build.runner import build_game
from generator.cli.app import app
from generator.i18n.strings import game_strings
from generator.io.loader import load_game
from kits import DATA


def _text(path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)
    finally:
        pdf.close()


def _aids(game_dir, out, languages=("en", "es")) -> dict:
    build_game(game_dir, out, {"only": ("player-aids",), "languages": languages})
    folder = out / game_dir.name
    return {(path.parent.name, path.stem): _text(path) for path in sorted(folder.glob("*/player-aid-*.pdf"))}


@pytest.fixture(scope="module")
def wef(tmp_path_factory):
    return _aids(DATA / "when-eagles-fight", tmp_path_factory.mktemp("wef"))


def test_wef_asterisk_of_rule_10_10_is_explained_on_both_sides_aids(wef):
    assert "Mark * on a counter: no replacement step may restore this face, as on Königsberg garrison" \
        in wef[("en", "player-aid-cp")]
    assert "Mark * on a counter: no replacement step may restore this face, as on Warsaw fortress" \
        in wef[("en", "player-aid-russia")]


def test_wef_asterisk_reads_in_spanish(wef):
    assert "Marca * en una ficha: ningún paso de reemplazo puede devolverle esta cara, como en Guarnición de Königsberg" \
        in wef[("es", "player-aid-cp")]
    assert "Marca * en una ficha: ningún paso de reemplazo puede devolverle esta cara, como en Fortaleza de Varsovia" \
        in wef[("es", "player-aid-russia")]
    assert "replacement step" not in wef[("es", "player-aid-cp")]


def test_gwne_dot_of_rule_6_2_is_explained_where_the_side_prints_it(tmp_path):
    aids = _aids(DATA / "great-war-near-east", tmp_path)
    assert "Mark • on a counter: this unit or step is never bought back with resource points, as on " \
           "10th Indian Division" in aids[("en", "player-aid-allied")]
    assert "Marca • en una ficha: esta unidad o paso nunca se recompra con puntos de recursos, como en " \
           "10.ª División india" in aids[("es", "player-aid-allied")]
    # no Central Powers counter carries the dot: their aid has nothing to explain
    assert "Mark •" not in aids[("en", "player-aid-cp")]
    assert "Marca •" not in aids[("es", "player-aid-cp")]


MARKED = "face_marks:\n  - {mark: \"•\", meaning: \"leaves play at the end of turn 3\"}\n"


def test_a_declared_mark_is_explained_only_on_the_aid_of_a_side_that_prints_it(mini, tmp_path):
    mini.replace("units.csv", "r1,rd,inf,XXX,1,5-6-4|2-3-4,", "r1,rd,inf,XXX,1,5-6-4•|2-3-4,")
    mini.replace("game.yaml", "counter_codes:", MARKED + "counter_codes:")
    aids = _aids(mini.path, tmp_path, ("en",))
    red = next(text for (lang, name), text in aids.items() if name.endswith("red"))
    blue = next(text for (lang, name), text in aids.items() if name.endswith("blue"))
    assert "Mark • on a counter: leaves play at the end of turn 3, as on " in red
    assert "Mark •" not in blue


def test_a_mark_without_a_meaning_adds_no_line(mini, tmp_path):
    mini.replace("units.csv", "r1,rd,inf,XXX,1,5-6-4|2-3-4,", "r1,rd,inf,XXX,1,5-6-4*|2-3-4,")
    aids = _aids(mini.path, tmp_path, ("en",))
    assert all("on a counter:" not in text for text in aids.values())


def test_the_meaning_is_a_catalog_entry_keyed_by_the_mark(mini):
    mini.replace("game.yaml", "counter_codes:", MARKED + "counter_codes:")
    strings = {s.key: s.source for s in game_strings(load_game(mini.path).game)}
    assert strings["face_mark.•"] == "leaves play at the end of turn 3"


def test_an_unknown_mark_is_one_clear_message(mini):
    mini.replace("game.yaml", "counter_codes:", "face_marks:\n  - {mark: \"#\", meaning: odd}\ncounter_codes:")
    result = CliRunner().invoke(app, ["check", str(mini.path)])
    assert result.exit_code != 0
    assert "game.yaml" in result.output and "face_marks" in result.output
    assert "Traceback" not in result.output


def test_check_warns_of_a_printed_mark_that_is_explained_nowhere(mini):
    mini.replace("units.csv", "r1,rd,inf,XXX,1,5-6-4|2-3-4,", "r1,rd,inf,XXX,1,5-6-4*|2-3-4,")
    result = CliRunner().invoke(app, ["check", str(mini.path), "--strict"])
    assert result.exit_code != 0
    assert "units.csv:6:" in result.output
    assert "units.marks" in result.output and "'*'" in result.output and "'r1'" in result.output


def test_check_is_quiet_once_the_mark_is_declared(mini):
    mini.replace("units.csv", "r1,rd,inf,XXX,1,5-6-4|2-3-4,", "r1,rd,inf,XXX,1,5-6-4*|2-3-4,")
    mini.replace("game.yaml", "counter_codes:", "face_marks:\n  - {mark: \"*\", meaning: never rebuilt}\ncounter_codes:")
    result = CliRunner().invoke(app, ["check", str(mini.path)])
    assert "units.marks" not in result.output


def test_a_mark_declared_twice_is_an_error(mini):
    twice = "face_marks:\n  - {mark: \"*\", meaning: never rebuilt}\n  - {mark: \"*\", meaning: elite}\n"
    mini.replace("game.yaml", "counter_codes:", twice + "counter_codes:")
    result = CliRunner().invoke(app, ["check", str(mini.path)])
    assert result.exit_code != 0
    assert "face mark '*' is declared twice" in result.output
