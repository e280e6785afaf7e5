"""The kits of The Great War in the Near East and Strike of the Eagle read beside their Spanish
rulebooks: what a player looks up during play, as the built PDFs print it. Expected strings are
the rulebooks' facts, written by hand."""

from __future__ import annotations

import pathlib

import pypdfium2
import pytest

from kits import built, pdf_pages, report

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


def _text(path: pathlib.Path) -> str:
    return " ".join(" ".join(text.split()) for text in pdf_pages(path))


@pytest.fixture(scope="module")
def kits():
    """The folder of a sample game's kit in one language (the full kit, built once per run)."""
    return lambda game, lang="en": built(game) / lang


# -- The Great War in the Near East ---------------------------------------------------------

def test_gwne_movement_costs_are_the_rulebooks(kits):
    """12.9: only rough, mountain and alpine hexes cost 2 (a swamp costs 1); a river costs 1
    more only in wet weather (9.2); the Suez Canal takes a Central Powers unit's whole
    movement and costs the Allies nothing extra."""
    en = _text(kits("great-war-near-east") / "tec.pdf")
    assert "Swamp † 1 1 column left" in en
    assert "River † +1 in wet weather, else +0" in en
    assert "Suez Canal Central Powers: all their MP; Allies: +0" in en
    assert "every hex west of it is an Allied victory hex" in en
    es = _text(kits("great-war-near-east", "es") / "tec.pdf")
    assert "Pantano † 1 1 columna a la izquierda" in es
    assert "Río † +1 con tiempo húmedo; si no, +0" in es
    assert "Canal de Suez Potencias Centrales: todos sus PM; Aliados: +0" in es


def test_gwne_baghdad_and_jerusalem_score_turkish_surrender_points_not_vp(kits):
    """4.2: Baghdad in 1915 gives 3 permanent TS points, Jerusalem before 1918 one."""
    en = _text(kits("great-war-near-east") / "setup-campaign.pdf")
    assert "Turkish Surrender · Allies: Taking Baghdad at any time in 1915" in en
    assert "[Places: 1442 Baghdad; Markers: TS; 3 each]" in en
    assert "[Places: 2515 Jerusalem; Markers: TS; 1 each]" in en
    assert "VP each" not in en
    assert "Allied victory hexes (else they lose)" in en  # 4.4: the major effort
    es = _text(kits("great-war-near-east", "es") / "setup-campaign.pdf")
    assert "Rendición turca · Aliados: Tomar Bagdad en cualquier momento de 1915" in es
    assert "[Lugares: 1442 Bagdad; Marcadores: TS; 3 cada uno]" in es
    assert "PV cada uno" not in es
    assert "hexágonos de victoria aliados (si no, pierden)" in es


def test_gwne_spanish_kit_uses_the_rulebooks_abbreviations(kits):
    """The Spanish rulebook says TS, RP and FoC (6.1, 6.3, 4.2): the kit's markers, turn boxes
    and sheet say them alike, never RT, PR or CdZ beside them."""
    sheet = _text(kits("great-war-near-east", "es") / "setup-campaign.pdf")
    track = _text(kits("great-war-near-east", "es") / "turn-track.pdf")
    assert "[Marcadores: TS, RP rusos, RP británicos, RP turcos, PV PC, Reserva requerida; Registro general]" in sheet
    assert "A RP R3 B2 T3 FoC 6 Primera tirada de la Caída del Zar" in track
    for text in (sheet, track):
        for wrong in (" RT ", "RT,", "PR rusos", "CdZ", "hexágono RT"):
            assert wrong not in text


def _chars(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    textpage = page.get_textpage()
    return [(textpage.get_text_range(i, 1), textpage.get_charbox(i)) for i in range(textpage.count_chars())]


def test_gwne_general_track_on_the_map_sheet_holds_a_counter_in_each_space(kits):
    """The general record track (0-20, rule 3.1) is printed on the map sheet, each space a
    12.7 mm counter wide: the 21 numbers in one row, each in the middle of its space, 14.7 mm
    (the counter and 1 mm round it) from the next. Its six markers start on 0: the turn-track
    sheet lists them rather than drawing them in a space."""
    pdf = pypdfium2.PdfDocument(str(kits("great-war-near-east") / "map-near-east.pdf"))
    chars = _chars(pdf[0])
    text = "".join(c for c, _ in chars)
    start = text.find("required reserve", text.find("General Record Track")) + len("required reserve")
    digits = [(c, box) for c, box in chars[start:start + 80] if c.strip()]
    zero, one, two = digits[0], digits[1], digits[2]
    assert (zero[0], one[0], two[0]) == ("0", "1", "2")
    centre = [(box[0] + box[2]) / 2 / 72 * 25.4 for _, box in (zero, one, two)]
    # (glyph boxes: "1" is narrower than "0", so the centres come within 0.1 mm of the spaces')
    assert centre[1] - centre[0] == pytest.approx(14.7, abs=0.1)
    assert centre[2] - centre[1] == pytest.approx(14.7, abs=0.1)
    row = {round(box[1]) for _, box in (zero, one, two)}
    assert len(row) == 1  # one row
    track = pypdfium2.PdfDocument(str(kits("great-war-near-east") / "turn-track.pdf"))
    sheet = "".join(page.get_textpage().get_text_range() for page in track)
    assert "General record track" in sheet and " 19 20" not in sheet  # named, its spaces not drawn


# -- Strike of the Eagle ---------------------------------------------------------------------

def test_sote_initiative_not_a_first_player(kits):
    """Rule: Initiative - on each front the initiative holder decides who places the first
    order: no scenario names a side that plays first (Warsaw gives the North to the Soviets
    and the South to Poland)."""
    for scenario in ("battle-of-warsaw", "kiev-offensive"):
        en = _text(kits("strike-of-the-eagle") / f"setup-{scenario}.pdf")
        assert "On each front the player with the initiative decides who places the first order and who " \
               "carries out each kind of order first." in en
        assert "Plays first" not in en and "plays first" not in en
        es = _text(kits("strike-of-the-eagle", "es") / f"setup-{scenario}.pdf")
        assert "En cada frente, el jugador con la iniciativa decide quién coloca la primera orden" in es
        assert "Juega primero" not in es


def test_sote_warsaw_starts_with_a_hand_of_six(kits):
    """Rule: Card replenishment - every round begins with 6 cards drawn: a scenario that starts
    at Operation phase 1 says the players draw them first (marked illustrative)."""
    en = _text(kits("strike-of-the-eagle") / "setup-battle-of-warsaw.pdf")
    assert "Starts with Operation phase 1" in en
    assert "each side first draws 6 cards from its event deck. †" in en
    es = _text(kits("strike-of-the-eagle", "es") / "setup-battle-of-warsaw.pdf")
    assert "cada bando roba primero 6 cartas de su mazo de eventos. †" in es


def test_sote_tracking_sheet_counts_rounds(kits):
    """A game whose turns are rounds says rounds in every heading, in both languages."""
    en = _text(kits("strike-of-the-eagle") / "turn-track.pdf")
    assert "Game tracking sheet: The Battle of Warsaw Round 5–6;" in en
    assert "Game tracking sheet: The Kiev Offensive Round 1–2" in en
    assert "Turns 5–6" not in en and "Turns 1–2" not in en
    es = _text(kits("strike-of-the-eagle", "es") / "turn-track.pdf")
    assert "Hoja de seguimiento: La batalla de Varsovia Ronda 5–6;" in es
    assert "Turnos 5–6" not in es


# -- The designer's report -------------------------------------------------------------------

@pytest.fixture(scope="module")
def gwne_report():
    """`warkit report` of the Near East in each language (run once per run, see tests/kits.py)."""
    texts = {lang: _text(report("great-war-near-east", lang) / "report.pdf") for lang in ("en", "es")}
    texts["folder"] = {lang: report("great-war-near-east", lang) for lang in ("en", "es")}
    return texts


def test_gwne_report_counts_the_resource_points_as_replacements(gwne_report):
    """RP R3 B2 T3 in every strategic turn (rule 6.1; one RP rebuilds a step, 6.2): the Allies
    receive 3 + 2 = 5 steps, B standing for both British nationalities, the Central Powers 3;
    none on an operational turn."""
    en = gwne_report["en"]
    assert "Allies with replacements received" in en
    assert "A 20 17 37 42 5 34 32 86 93 3" in en
    assert "Jan – Feb 1915 20 17 37 42 0 34 32 86 93 0" in en
    assert "Replacements on turn" not in en


def test_gwne_spanish_report_quotes_its_withdrawals_in_spanish(gwne_report):
    es = gwne_report["es"]
    assert "«Se juega en el acto: las divisiones indias 10.ª y 11.ª dejan la partida estén donde estén, " \
           "incluida la pila de eliminadas.»" in es
    assert "Played at once" not in es
    assert "Unidades: 133 · escenarios: 1 · tablas de combate: 2" in es
    assert "Aliados contra Potencias Centrales" in es and " ataca a " not in es
    assert "Units: 133 · scenarios: 1 · combat tables: 2" in gwne_report["en"]


def test_gwne_spanish_workbook_names_factors_and_turns_in_spanish(gwne_report):
    """The order of battle's factor columns are headed in the workbook's language, and a turn
    is named as the track names it (the strategic turn B, not "turn 5")."""
    import pandas as pd

    for name, engine in (("report.xlsx", "openpyxl"), ("report.ods", "odf")):
        sheets = pd.read_excel(gwne_report["folder"]["es"] / name, sheet_name=None, engine=engine)
        allies = sheets["Aliados"]
        assert {"Ataque", "Defensa", "Movimiento", "Combate", "Apoyo"} <= set(allies.columns)
        assert not {"attack", "defence", "movement", "combat", "support"} & set(allies.columns)
        arrives = allies.set_index("Id. de la unidad")["La Gran Guerra en Oriente Próximo, 1914-1918: llega"]
        assert arrives["ru-4ckr"] == "turno B"
        assert arrives["bi-hq-3in"] == "turno J"


def test_wef_spanish_report_names_the_outlying_factor_in_spanish(tmp_path):
    """An anomaly's factor ('attack') is said in the report's language."""
    from typer.testing import CliRunner

    from generator.cli.app import app
    result = CliRunner().invoke(app, ["report", str(DATA / "when-eagles-fight"), "--out", str(tmp_path),
                                      "--lang", "es"])
    assert result.exit_code == 0, result.output
    text = _text(tmp_path / "when-eagles-fight" / "es" / "report.pdf")
    assert "Reserva de Fortaleza (Königsberg) (Infantería): ataque 3, cuando al menos la mitad del tipo tiene 5" in text
    assert "): attack " not in text


def test_gwne_map_key_names_ts_hexes_and_allied_victory_hexes(kits):
    """Rules 4.2-4.3: a hex's value for the Allies is a Turkish surrender hex, for the Central
    Powers an Allied victory hex they take; the key says so rather than "victory points"."""
    en = _text(kits("great-war-near-east") / "map-near-east.pdf")
    assert "Turkish surrender (TS) hex (an Allied goal)" in en
    assert "Allied victory hex (a Central Powers goal)" in en
    assert "Victory points: Allies" not in en and "Victory points: Central Powers" not in en
    es = _text(kits("great-war-near-east", "es") / "map-near-east.pdf")
    assert "Hexágono de rendición turca (TS) (objetivo aliado)" in es
    assert "Hexágono de victoria aliado (objetivo de las Potencias Centrales)" in es
    assert "Puntos de victoria: Aliados" not in es


def test_gwne_initiative_markers_start_west_and_east(kits):
    """Rule 6.5: the Central Powers hold the initiative in the west, the Allies in the east; the
    sheet lists the Allies' marker on its East face and the set-up pages show it so."""
    en = _text(kits("great-war-near-east") / "setup-campaign.pdf")
    # the marker cards: West face by its name, the East face by its words, both in the Initiative box
    assert "Initiative West Initiative Initiative Initiative East Initiative / East Initiative" in en
    es = _text(kits("great-war-near-east", "es") / "setup-campaign.pdf")
    assert "Iniciativa Oeste Iniciativa Iniciativa Iniciativa Este Iniciativa / Este Iniciativa" in es


def test_gwne_every_ts_source_is_labelled_turkish_surrender(kits):
    """Rule 4.2: the Arabia garrison and a late Alpenkorps give the Allies TS hexes, not VP."""
    en = _text(kits("great-war-near-east") / "setup-campaign.pdf")
    assert "Turkish Surrender · Allies: The Arabia garrison below four units" in en
    assert "Turkish Surrender · Allies: The Alpenkorps entering play after strategic turn K" in en
    assert "Victory points · Allies" not in en
