"""Player aids: one per side with that side's phases, the charts, stacking and supply, in the
build's language, within the declared pages (shrunk, or reported), inside the margins; and
game templates: an override is used, runs sandboxed and may not leave its folder."""

from __future__ import annotations

import io
import logging
import os
import pathlib

import pypdf
import pytest
from typer.testing import CliRunner

from charts_game import context_for, drawn_boxes
from generator.cli.app import app
from generator.components import chart_style as cs
from generator.components.player_aid import aid_pages, build_player_aids, side_phases, stacking_points
from generator.errors import WarkitError
from generator.i18n.extract import ui_template
from test_charts_fit import GAMES, _context


def _text(files, name) -> str:
    data = next(f.data for f in files if f.name == name)
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def _squeezed(text: str) -> str:
    return "".join(text.split())


# -- the sides' aids --------------------------------------------------------------------

@pytest.mark.parametrize("game, mine, theirs, shared", [
    ("glorys-end", {"allied": ["Allied Player Turn", "Allied Victory Check"]},
     {"allied": ["German Player Turn", "Eastern Front withdrawal"]}, ["Mutual Victory Check"]),
    ("glorys-end", {"german": ["German Player Turn", "Eastern Front withdrawal"]},
     {"german": ["Allied Player Turn"]}, ["Mutual Victory Check"]),
    ("when-eagles-fight", {"russia": ["Russian new units", "Russian Player Turn"]},
     {"russia": ["Central Powers new units", "Central Powers Player Turn"]}, ["New Units and Withdrawals Phase"]),
    ("when-eagles-fight", {"cp": ["Central Powers new units", "Random Events Phase"]},
     {"cp": ["Russian new units"]}, ["Victory Check"]),
])
def test_each_side_has_an_aid_with_its_own_phases(game, mine, theirs, shared):
    context = _context(game, "en")
    files = build_player_aids(context)
    assert sorted(f.name for f in files if f.name.endswith(".pdf")) == sorted(
        [f"player-aid-{s.id}.pdf" for s in context.game.spec.sides] + ["player-aids.pdf"])
    (side,) = mine
    text = _squeezed(_text(files, f"player-aid-{side}.pdf"))
    for phase in mine[side] + shared:
        assert _squeezed(phase) in text, phase
    for phase in theirs[side]:
        assert _squeezed(phase) not in text, phase


def test_the_sequence_is_cut_to_the_side():
    context = _context("when-eagles-fight", "en")
    phases = side_phases(context.game.spec.sequence_of_play, "russia")
    names = [p.id for p in phases]
    assert names == ["new-units", "strategic-movement", "russian-player-turn", "victory-check"]
    assert [s.id for s in phases[0].steps] == ["ru-new-units"]  # the shared phase keeps only Russia's step
    assert "random-events" not in names  # the CP's phase


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_aids_fit_their_pages_and_margins(game, language, paper, caplog):
    context = _context(game, language, paper=paper)
    limit = context.game.spec.print.player_aid_pages
    with caplog.at_level(logging.WARNING):
        for side in context.game.spec.sides:
            pages, scale = aid_pages(context, side)
            assert 1 <= len(pages) <= limit and 0.75 <= scale <= 1.0, (side.id, len(pages), scale)
            for number, page in enumerate(pages, start=1):
                bad = [item for item, box in drawn_boxes(page, clips=True) if not _inside(box, page)]
                assert bad == [], (side.id, number, [getattr(i, "text", type(i).__name__) for i in bad][:5])
    assert caplog.records == []
    assert context.translator.missing == []


def _inside(box, page, margin=cs.MARGIN_MM, slack=0.25):
    left, top, right, bottom = box
    return (left >= margin - slack and top >= margin - slack and right <= page.width_mm - margin + slack
            and bottom <= page.height_mm - margin + slack)


def test_spanish_aid_has_spanish_headings_and_english_aid_english():
    en = _squeezed(_text(build_player_aids(_context("glorys-end", "en")), "player-aid-allied.pdf"))
    es = _squeezed(_text(build_player_aids(_context("glorys-end", "es")), "player-aid-allied.pdf"))
    for english, spanish in [("Player aid: Allied", "Ayuda de juego: Aliados"), ("Sequence of play", "Secuencia de juego"),
                             ("Stacking", "Apilamiento"), ("Supply", "Suministro"), ("Other tables", "Otras tablas"),
                             ("Terrain Effects Chart", "Tabla de Efectos del Terreno"),
                             ("Combat Results Table", "Tabla de Resultados del Combate")]:
        assert _squeezed(english) in en and _squeezed(english) not in es, english
        assert _squeezed(spanish) in es and _squeezed(spanish) not in en, spanish


def test_stacking_and_supply_come_from_the_data():
    en, es = _context("glorys-end", "en"), _context("glorys-end", "es")
    points = stacking_points(en)
    assert points[:2] == ["At most 9 steps", "At most 2 corps"]
    assert "Units of different nationalities may not stack together (except Naval infantry)" in points
    assert "Never count against the limits: Siege guns" in points
    assert stacking_points(es)[:2] == ["9 pasos como máximo", "2 cuerpos como máximo"]
    text = _squeezed(_text(build_player_aids(es), "player-aid-german.pdf"))
    assert _squeezed("Una unidad está abastecida si puede trazar un camino de 5 hexágonos") in text


def test_a_game_without_supply_has_no_supply_section(mini):
    text = _text(build_player_aids(context_for(mini.path)), "player-aid-blue.pdf")
    assert "Supply" not in text and "Stacking" in text and "Blue player turn" in text
    red = _text(build_player_aids(context_for(mini.path)), "player-aid-red.pdf")
    assert "Blue player turn" not in red and "Events phase" in red


def _kit_pdfs(files) -> set[str]:
    return {f.name for f in files if f.name.endswith(".pdf") and f.in_kit}


def test_the_kit_prints_one_aid_for_every_side_with_the_whole_sequence(mini):
    """The sides' aids print the same tables and limits: kit.pdf takes them once, in the aid of
    every side (titled with both names), which holds every step of the sequence (Blue's turn
    and the events both players share) and so takes the sequence of play's place in the kit;
    each side's aid is still written, printed separately."""
    from generator.components.sequence_of_play import build_sequence

    context = context_for(mini.path)
    files = build_player_aids(context)
    assert _kit_pdfs(files) == {"player-aids.pdf"}
    text = _text(files, "player-aids.pdf")
    assert "Player aid: Blue and Red" in text and "Blue player turn" in text and "Events phase" in text
    assert "Every step of a turn" in text and "The steps your side" not in text
    assert "Blue player turn" not in _text(files, "player-aid-red.pdf")  # each side's aid as before
    assert _kit_pdfs(build_sequence(context)) == set()  # printed separately: whole in the aid


def test_a_side_with_a_template_of_its_own_keeps_each_sides_aid_in_the_kit(mini):
    from generator.components.player_aid import printed_in_every_aid
    from generator.components.sequence_of_play import build_sequence

    mini.write("templates/player-aid-red.xml.j2", "<aid><p>Only red sees this.</p></aid>")
    context = context_for(mini.path)
    files = build_player_aids(context)
    assert _kit_pdfs(files) == {"player-aid-blue.pdf", "player-aid-red.pdf"}
    assert _kit_pdfs(build_sequence(context)) == {"sequence-of-play.pdf"}  # no aid prints it whole
    assert printed_in_every_aid(context, "sequence", ["sequence"]) is False


def test_a_game_template_that_cannot_write_the_aid_of_every_side_keeps_each_sides_in_the_kit(mini, caplog):
    """A template written for one side (it reads `other_sides[0]`, which the aid of every side
    has none of) still builds: each side's aid in the kit, and the build says why."""
    mini.write("templates/player-aid.xml.j2", "<aid><p>Against {{ other_sides[0] }}.</p><chart name=\"crt\"/></aid>")
    context = context_for(mini.path)
    with caplog.at_level(logging.WARNING):
        files = build_player_aids(context)
    assert _kit_pdfs(files) == {"player-aid-blue.pdf", "player-aid-red.pdf"}
    assert "Against Red." in _text(files, "player-aid-blue.pdf")
    assert "cannot write the aid of every side" in caplog.text and "player-aid.xml.j2" in caplog.text


def test_a_game_template_whose_aid_of_every_side_names_no_table_keeps_each_sides_in_the_kit(mini, caplog):
    """The aid of every side is laid out before the kit takes it: a template whose charts work
    for a side but name no table there (a table named by the side's id, empty in the aid of
    every side) keeps each side's aid in the kit."""
    mini.write("templates/player-aid.xml.j2", '<aid>{% if side.id %}<chart name="crt"/>{% else %}'
                                             '<chart name="crt" table="{{ side.id }}x"/>{% endif %}</aid>')
    context = context_for(mini.path)
    with caplog.at_level(logging.WARNING):
        files = build_player_aids(context)
    assert _kit_pdfs(files) == {"player-aid-blue.pdf", "player-aid-red.pdf"}
    assert "cannot write the aid of every side" in caplog.text and "names table 'x'" in caplog.text


def test_an_aid_too_long_is_shrunk_to_its_pages(mini):
    paragraphs = "\n".join(f"<p>Paragraph {n}: {'words to fill the line ' * 12}</p>" for n in range(60))
    mini.write("templates/player-aid.xml.j2", f"<aid><title>Long</title>{paragraphs}</aid>")
    context = context_for(mini.path)
    pages, scale = aid_pages(context, context.game.spec.sides[0])
    assert len(pages) == 2 and scale < 1.0


def test_an_aid_that_cannot_fit_keeps_its_pages_and_says_so(mini, caplog):
    mini.replace("game.yaml", "units: units.csv", "units: units.csv\nprint: {player_aid_pages: 1}")
    paragraphs = "\n".join(f"<p>Paragraph {n}: {'words to fill the line ' * 12}</p>" for n in range(80))
    mini.write("templates/player-aid.xml.j2", f"<aid>{paragraphs}</aid>")
    context = context_for(mini.path)
    with caplog.at_level(logging.WARNING):
        pages, scale = aid_pages(context, context.game.spec.sides[0])
    assert len(pages) > 1 and scale == 0.75
    assert "the player aid of blue needs" in caplog.text and "player_aid_pages is 1" in caplog.text


def test_rebuilds_are_byte_identical():
    first = build_player_aids(_context("glorys-end", "es"))
    second = build_player_aids(_context("glorys-end", "es"))
    assert [(f.name, f.data) for f in first] == [(f.name, f.data) for f in second]


def test_template_words_are_in_warkits_catalog():
    ids = {m.id for m in ui_template() if m.id}
    assert {"Other tables", "Player aid: %(side)s", "The most one hex may hold, for either side:"} <= ids


# -- game templates ---------------------------------------------------------------------

def test_a_game_template_replaces_warkits(mini):
    mini.write("templates/player-aid.xml.j2",
               "<aid><title>{{ _('Player aid') }}: {{ side.name }}</title><h>House rules</h>"
               "<p>Keep {{ stacking | length }} stacking points in mind.</p><chart name=\"crt\"/></aid>")
    context = context_for(mini.path)
    text = _text(build_player_aids(context), "player-aid-red.pdf")
    count = len(stacking_points(context))
    assert "Player aid: Red" in text and "House rules" in text and f"Keep {count} stacking points in mind." in text
    assert "Combat Results Table" in text and "Sequence of play" not in text


def test_a_game_template_for_one_side(mini):
    mini.write("templates/player-aid-red.xml.j2", "<aid><p>Only red sees this.</p></aid>")
    files = build_player_aids(context_for(mini.path))
    assert "Only red sees this." in _text(files, "player-aid-red.pdf")
    assert "Only red sees this." not in _text(files, "player-aid-blue.pdf")


@pytest.mark.parametrize("body", ["{{ ''.__class__.__mro__ }}", "{{ ''.__class__.__mro__[1].__subclasses__() }}",
                                  "{{ cycler.__init__.__globals__ }}"])
def test_a_game_template_cannot_reach_python_internals(mini, body):
    mini.write("templates/player-aid.xml.j2", f"<aid><p>{body}</p></aid>")
    with pytest.raises(WarkitError) as raised:
        build_player_aids(context_for(mini.path))
    message = str(raised.value)
    assert message.startswith("mini/templates/player-aid.xml.j2:1: refused:") and "sandboxed" in message
    assert "\n" not in message


def test_a_game_template_does_not_get_the_translator(mini):
    mini.write("templates/player-aid.xml.j2", "<aid><p>{{ t.game_model.folder }}</p></aid>")
    with pytest.raises(WarkitError, match=r"player-aid\.xml\.j2:1: unknown name in the template: 't' is undefined"):
        build_player_aids(context_for(mini.path))


@pytest.mark.parametrize("include", ["../game.yaml", "../../mini/game.yaml", "/etc/hostname", "sub/../../game.yaml"])
def test_a_game_template_may_not_include_files_outside_its_folder(mini, include):
    mini.write("templates/player-aid.xml.j2", f"<aid><p>{{% include '{include}' %}}</p></aid>")
    with pytest.raises(WarkitError) as raised:
        build_player_aids(context_for(mini.path))
    message = str(raised.value)
    assert message.startswith("mini/templates/player-aid.xml.j2:1: refused: template name")
    assert "must be a plain path inside the game's templates/ folder" in message


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_symbolic_link_out_of_the_templates_folder_is_refused(mini, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("<aid><p>secret</p></aid>", encoding="utf-8")
    (mini.path / "templates").mkdir()
    (mini.path / "templates" / "part.xml.j2").symlink_to(secret)
    mini.write("templates/player-aid.xml.j2", "<aid><p>{% include 'part.xml.j2' %}</p></aid>")
    with pytest.raises(WarkitError, match="leads outside the game's templates/ folder"):
        build_player_aids(context_for(mini.path))
    (mini.path / "templates" / "player-aid.xml.j2").unlink()
    (mini.path / "templates" / "player-aid.xml.j2").symlink_to(secret)  # the override itself leads out
    with pytest.raises(WarkitError, match=r"player-aid\.xml\.j2: refused: .*leads outside"):
        build_player_aids(context_for(mini.path))


@pytest.mark.parametrize("markup, message", [
    ("<aid><script>x</script></aid>", "line 1: unknown element <script>"),
    ("<aid>\n<p>one</p>\n<chart name='map'/></aid>", "line 3: no chart named 'map'"),
    ("<aid><chart name='crt' table='nope'/></aid>", "names table 'nope', which is not a table of that kind (known: crt)"),
    ("<aid><p>open</aid>", "not well-formed markup"),
    ('<!DOCTYPE aid [<!ENTITY x "y">]><aid><p>&x;</p></aid>', "document type declarations and entities are not allowed"),
    ("<aid><list><p>x</p></list></aid>", "a <list> holds <item>s only"),
    ("<aid>loose words</aid>", "outside a text element"),
])
def test_bad_markup_is_one_clear_message(mini, markup, message):
    mini.write("templates/player-aid.xml.j2", markup)
    with pytest.raises(WarkitError, match="^mini/templates/player-aid.xml.j2: the rendered markup") as raised:
        build_player_aids(context_for(mini.path))
    assert message in str(raised.value)


def test_the_cli_reports_a_sandbox_escape_in_one_line(mini, tmp_path):
    mini.write("templates/player-aid.xml.j2", "<aid><p>{{ ''.__class__.__mro__ }}</p></aid>")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(mini.path), "--only", "player-aids", "--out", str(out)])
    assert result.exit_code != 0
    assert "refused" in result.output and "Traceback" not in result.output
    assert not out.exists()  # nothing written


def test_warkits_own_template_is_not_sandboxed_and_games_are(mini):
    from generator.components.aid_templates import find_template

    context = context_for(mini.path)
    assert find_template(context, ["player-aid.xml.j2"]).origin == "warkit"
    mini.write("templates/player-aid.xml.j2", "<aid/>")
    found = find_template(context_for(mini.path), ["player-aid.xml.j2"])
    from jinja2.sandbox import SandboxedEnvironment

    assert found.origin == "game" and isinstance(found.template.environment, SandboxedEnvironment)


ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_a_game_template_may_extend_warkits_and_replace_a_block(mini):
    mini.write("templates/player-aid-blue.xml.j2",
               '{% extends "player-aid.xml.j2" %}{% block more %}<h>House rules</h>'
               '<p>Blue may not enter Redburg on turn 1.</p>{% endblock %}')
    files = build_player_aids(context_for(mini.path))
    blue = _text(files, "player-aid-blue.pdf")
    assert "Blue player turn" in blue and "Combat Results Table" in blue  # warkit's aid …
    assert blue.index("House rules") > blue.index("Stacking")  # … with the house rules at the end
    assert "House rules" not in _text(files, "player-aid-red.pdf")



# -- decks alike ------------------------------------------------------------------------

RED_EVENTS = """  - id: red-events
    name: Red event cards
    kind: card
    owner: red
    file: decks/red-events.csv
    size: mini
    orientation: portrait
    total: 4
    reference: true
    back: {label: Red events, colour: "#9c1f1f"}
    flags:
      - {id: must_play, name: Must be played}
      - {id: once, name: Once per game}
    fields:
      - {id: turn, name: Turn, kind: number}
      - {id: requires, name: Requires, kind: list}
    source: illustrative
"""


def _twin_decks(mini, red_csv: str) -> None:
    """Blue's events as a reference deck, and Red's from `red_csv`."""
    mini.replace("game.yaml", "    owner: blue\n", "    owner: blue\n    reference: true\n")
    mini.replace("game.yaml", "  - id: supply\n", RED_EVENTS + "  - id: supply\n")
    mini.write("decks/red-events.csv", red_csv)


def test_decks_of_two_sides_that_print_alike_are_printed_once_in_the_aid_of_every_side(mini):
    """Each side's order markers, card for card the same: the aid of every side prints the
    table once, naming both decks and '4 cards a side'; each side's own aid keeps its deck."""
    _twin_decks(mini, mini.read("decks/blue-events.csv"))
    files = build_player_aids(context_for(mini.path))
    both = _text(files, "player-aids.pdf")
    assert "Blue event cards and Red event cards" in both
    assert "4 cards a side" in both and "Blue, Red" in both
    assert both.count("Shift one combat a column to the left.") == 1
    assert both.count("Neither side may move this turn.") == 1
    red = _text(files, "player-aid-red.pdf")
    assert "Red event cards" in red and "Blue event cards" not in red and "4 cards ·" in red
    assert red.count("Neither side may move this turn.") == 1


def test_decks_that_differ_in_one_card_are_each_printed(mini):
    """One card's text differs: the two decks are not alike, each keeps its own table."""
    red = mini.read("decks/blue-events.csv").replace("Neither side may move this turn.",
                                                     "Only Red may move this turn.")
    _twin_decks(mini, red)
    both = _text(build_player_aids(context_for(mini.path)), "player-aids.pdf")
    assert "cards a side" not in both and "Blue event cards and Red event cards" not in both
    assert both.count("Shift one combat a column to the left.") == 2
    assert "Neither side may move this turn." in both and "Only Red may move this turn." in both
