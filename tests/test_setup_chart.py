"""Setup charts: every starting unit of every scenario on the chart, labelled with its hex,
on the face for its step level; the setup map drawn by the map's code with every counter in
its hex and no two counters overlapping; boxes, markers, reinforcements and the stacking
check listed; everything inside the margins, in the build's language, byte-identical."""

from __future__ import annotations

import collections

import io
import re
import os
import pathlib
import subprocess
import sys

import pypdf
import pytest

from charts_game import context_for, drawn_boxes, texts_in
from generator.components import chart_style as cs
from generator.components.mapparts.drawing import map_body
from generator.components.mapparts.hexshape import HexShape
from generator.components.mapparts.mapview import build_view
from generator.components.scenario_sheet import sheet_blocks
from generator.components.setup_chart import build_setup, map_adds_information, setup_blocks, setup_pages
from generator.components.setup_content import stacking_issues, stacks
from generator.components.setup_map import stack_slots
from generator.layout.frame import box_contains, point_in_box
from generator.layout.primitives import Circle, Polygon, Text, Use
from test_charts_fit import GAMES, _context

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _scenarios(context):
    return list(context.game.scenarios)


def _texts_in_box(page, box):
    return [t.text for t, x, y in texts_in(page.items) if point_in_box(box, x, y, 0.3)]


@pytest.mark.parametrize("game", GAMES)
def test_every_starting_unit_is_on_the_chart_with_its_hex(game):
    context = _context(game, "en")
    for scenario in _scenarios(context):
        pages, anchors = setup_pages(context, scenario)
        placed = [p for p in scenario.setup if p.hex_id]
        assert placed, scenario.scenario_id
        for placement in placed:
            index, box = anchors[f"unit:{placement.unit_id}:text"]
            texts = _texts_in_box(pages[index], box)
            assert any(text.split()[0] == placement.hex_id for text in texts), (placement.unit_id, texts)


@pytest.mark.parametrize("game", GAMES)
def test_every_starting_unit_is_drawn_in_its_hex_on_the_setup_map(game):
    """On the map, each counter sits under the number of its own hex (the map's hex
    number, drawn by the map code, is found on the same page just above the counter)."""
    context = _context(game, "en")
    for scenario in _scenarios(context):
        pages, anchors = setup_pages(context, scenario)
        if not map_adds_information(scenario, stacks(context, scenario)):  # the players deploy most units
            assert not any(name.startswith("map:") for name in anchors), scenario.scenario_id
            continue
        hex_mm = context.game.maps[scenario.map_id].grid.hex_size_mm
        for placement in (p for p in scenario.setup if p.hex_id):
            index, box, hex_id, scale = anchors[f"map:unit:{placement.unit_id}"]
            assert hex_id == placement.hex_id
            numbers = [(x, y) for t, x, y in _texts_through_symbols(pages[index]) if t.text == hex_id]
            centre_x, size = (box[0] + box[2]) / 2, hex_mm * scale
            assert any(abs(centre_x - x) < 0.3 * size and 0 < box[1] - y < 0.9 * size for x, y in numbers), \
                (scenario.scenario_id, placement.unit_id, hex_id)


def _texts_through_symbols(page):
    """Every Text on the page with its anchor point, looking inside groups and the symbols
    placed with Use (the map's hex numbers are inside the map's symbol)."""
    from generator.layout.primitives import Group, Text, Use
    from generator.layout.transform import IDENTITY

    found = []

    def visit(items, transform):
        for item in items:
            if isinstance(item, Group):
                visit(item.items, item.transform.then(transform))
            elif isinstance(item, Use):
                visit(page.symbol(item.symbol_id).items, item.transform.then(transform))
            elif isinstance(item, Text):
                found.append((item, *transform.apply(item.x_mm, item.y_mm)))

    visit(page.items, IDENTITY)
    return found


def test_the_marne_fits_one_readable_map_page():
    """Alone, the Marne's map takes a landscape page at 99 %; its list's last page leaves room
    for it at 68 % (two thirds of that at least, half size at least), so it goes on there
    under its heading: three pages, not four, every counter on the list's last page."""
    context = _context("glorys-end", "en")
    marne = context.game.scenario_index["marne"]
    pages, anchors = setup_pages(context, marne)
    on_map = {name: value for name, value in anchors.items() if name.startswith("map:unit:")}
    assert len(on_map) == len([p for p in marne.setup if p.hex_id]) == 49
    assert len(pages) == 3 and {value[0] for value in on_map.values()} == {2}  # all on the list's last page
    assert {round(value[3], 2) for value in on_map.values()} == {0.68}
    page = pages[-1]
    assert page.width_mm < page.height_mm  # the list's portrait page
    assert min(value[1][2] - value[1][0] for value in on_map.values()) >= 4.5  # counters of a 4-stack
    texts = [t.text for t, _, _ in _texts_through_symbols(page)]
    assert "Setup map: Battle of the Marne" in texts and "Markers" in texts
    # the list's last page, its map and caption inside the margins
    boxes = [value[1] for value in on_map.values()]
    assert max(b[3] for b in boxes) <= 297.0 - cs.MARGIN_MM and min(b[1] for b in boxes) > 150.0


def test_a_setup_map_goes_under_its_list_only_at_two_thirds_of_its_size_alone():
    """The map under the list is held to two thirds of its scale alone and to half size: a
    list's last page with too little room keeps the map on a page of its own."""
    from generator.components.setup_chart import UNDER_LIST_SHARE, _map_under_list
    from generator.components.setup_content import stacks
    from generator.components.chart_document import content_frame
    from generator.layout.blocks import Placement, Block

    context = _context("glorys-end", "en")
    marne = context.game.scenario_index["marne"]
    by_map, frame = stacks(context, marne), content_frame(context)
    half = [Placement(Block(190.0, 120.0, ()), 10.0, 17.0)]  # a list page 120 mm full: room for 68 %
    assert UNDER_LIST_SHARE == pytest.approx(2 / 3)
    assert _map_under_list(context, by_map, {}, [marne], half, frame, 0.99)[1].scale == pytest.approx(0.679, abs=0.002)
    assert _map_under_list(context, by_map, {}, [marne], half, frame, 1.05) is None  # 0.68 < 2/3 of 1.05
    full = [Placement(Block(190.0, 180.0, ()), 10.0, 17.0)]  # 180 mm full: the room gives it under 2/3
    assert _map_under_list(context, by_map, {}, [marne], full, frame, 0.99) is None


@pytest.mark.parametrize("game", GAMES)
def test_no_two_counters_overlap_on_the_setup_map(game):
    context = _context(game, "en")
    for scenario in _scenarios(context):
        _, anchors = setup_pages(context, scenario)
        by_page: dict = {}
        for name, value in anchors.items():
            if name.startswith("map:"):
                by_page.setdefault(value[0], []).append((name, value[1]))
        for boxes in by_page.values():
            boxes.sort(key=lambda item: item[1][0])
            for i, (name, a) in enumerate(boxes):
                for other, b in boxes[i + 1:]:
                    if b[0] >= a[2]:
                        break
                    assert min(a[2], b[2]) - max(a[0], b[0]) <= 1e-6 or min(a[3], b[3]) - max(a[1], b[1]) <= 1e-6, \
                        (scenario.scenario_id, name, other)


def test_a_stack_of_four_fills_a_square_below_the_hex_number():
    from generator.components.mapparts.labels import number_box

    shape = HexShape("pointy", 17.5)
    size, slots = stack_slots(shape, "3036", 4, 0.0, 0.0)
    assert size == pytest.approx(0.4 * 17.5, abs=0.6)
    assert len({round(x, 3) for x, _ in slots}) == 2 and len({round(y, 3) for _, y in slots}) == 2
    assert min(y for _, y in slots) > number_box(shape, "3036", 0.0, 0.0)[3]
    one, (slot,) = stack_slots(shape, "3036", 1, 0.0, 0.0)
    assert one > size


@pytest.mark.parametrize("unit_id, steps, factors, dot", [("de-2", 3, "5-5-4", False), ("de-3", 2, "3-4-4", True),
                                                          ("bef-1", 4, "6-6-4", False)])
def test_the_chart_shows_the_face_for_the_step_level(unit_id, steps, factors, dot):
    """Glory's End: a 4-step corps set up at 3 steps shows its A.back factors, at 2 steps
    the B counter (with its dot), at 4 its front."""
    context = _context("glorys-end", "en")
    marne = context.game.scenario_index["marne"]
    assert next(p.steps for p in marne.setup if p.unit_id == unit_id) == steps
    pages, anchors = setup_pages(context, marne)
    for name in (f"unit:{unit_id}", f"map:unit:{unit_id}"):
        index, box = anchors[name][:2]
        texts = _texts_in_box(pages[index], box)
        assert factors in texts, (name, texts)
        full = context.game.unit_index[unit_id].faces[0].text
        assert (full in texts) == (factors == full)
    card = _texts_in_box(pages[anchors[f"unit:{unit_id}:text"][0]], anchors[f"unit:{unit_id}:text"][1])
    assert (f"{steps} of 4 steps" in card) == (steps < 4)


def test_the_setup_map_is_the_maps_own_drawing():
    context = _context("glorys-end", "en")
    pages, _ = setup_pages(context, context.game.scenario_index["marne"])
    body = next(s for s in pages[-1].symbols if s.id == "setup-map-marne")
    view = build_view(context.game, context.game.maps["marne"], context.translator)
    whole = tuple(map_body(view, HexShape.of(view.grid)))
    # The map's own items, in their order, less hex symbols and texts far outside the crop
    # (the form is clipped to it: they would never show).
    rest = iter(whole)
    assert all(any(item is other or item == other for other in rest) for item in body.items)
    left_out = list((collections.Counter(whole) - collections.Counter(body.items)).elements())
    assert left_out  # Marne's set-up leaves out some of the map
    left, top, right, bottom = body.bbox_mm
    symbols = {symbol.id: symbol for symbol in pages[-1].symbols}
    for item in left_out:
        assert isinstance(item, (Use, Text)), item
        if isinstance(item, Use):  # the symbol's whole box, where it is placed, misses the crop
            assert (item.scale, item.rotation_deg) == (1.0, 0.0)
            x0, y0, x1, y1 = symbols[item.symbol_id].bbox_mm
            assert (item.x_mm + x1 < left or item.x_mm + x0 > right or item.y_mm + y1 < top
                    or item.y_mm + y0 > bottom), item
        else:  # a hex number or a name starting well outside
            assert not (left - 2 < item.x_mm < right + 2 and top - 2 < item.y_mm < bottom + 2), item
    assert len(body.items) + len(left_out) == len(whole)


def test_markers_boxes_reinforcements_and_the_stacking_check_are_listed(mini):
    mini.write("scenarios/opening.yaml", """title: Opening moves
map: main
start_turn: 1
end_turn: 4
first_side: red
setup:
  - {unit: b1, hex: "0303"}
  - {unit: b3, hex: "0303"}
  - {unit: b2, hex: "0303"}
  - {unit: r3, hex: "0505", steps: 3}
  - {unit: b4, box: dead}
reinforcements:
  - {unit: r2, turn: 2, entry: east edge}
markers:
  - {marker: control-red, hex: "0505"}
  - {marker: turn, turn: 1}
""")
    context = context_for(mini.path)
    scenario = context.game.scenario_index["opening"]
    assert [hex_id for hex_id, _ in stacking_issues(context, scenario)] == ["0303"]
    blocks = setup_blocks(context, scenario, 190.0)
    words = [t.text for b in blocks for t, _, _ in texts_in(b.items)]
    joined = " ".join(words)
    for expected in ("Red", "Blue", "Dead pile", "Markers", "Control", "Stacking check", "0303", "3 of 4 steps"):
        assert expected in joined, expected
    assert "overstacks hex 0303 in scenario 'opening': it holds 2.5 weight" in joined
    assert words.index("Red") < words.index("Blue")  # the side that plays first comes first
    pages, anchors = setup_pages(context, scenario)
    ring = [i for i in _walk(pages[-1].items) if isinstance(i, Polygon) and i.style.stroke == "#d01c1c"]
    assert len(ring) == 1
    assert "map:marker:control-red:0" in anchors and "map:unit:b4" not in anchors  # boxes are not on the map


def test_stacking_problems_are_said_in_spanish(mini):
    mini.write("scenarios/opening.yaml", "title: Opening moves\nmap: main\nstart_turn: 1\nend_turn: 4\n"
                                         "setup:\n  - {unit: b1, hex: '0303'}\n  - {unit: b3, hex: '0303'}\n"
                                         "  - {unit: b2, hex: '0303'}\n")
    from generator.build.components import BuildContext

    en = context_for(mini.path)
    es = BuildContext(en.game, en.options, "es")
    scenario = en.game.scenario_index["opening"]
    assert stacking_issues(es, scenario) == [("0303", "0303: supera un límite de apilamiento")]


def _walk(items):
    for item in items:
        yield item
        if hasattr(item, "items") and not isinstance(item, Polygon):
            yield from _walk(item.items)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_setup_pages_keep_inside_the_margins(game, language):
    context = _context(game, language)
    for scenario in _scenarios(context):
        pages, _ = setup_pages(context, scenario)
        for number, page in enumerate(pages, start=1):
            inside = (cs.MARGIN_MM, cs.MARGIN_MM, page.width_mm - cs.MARGIN_MM, page.height_mm - cs.MARGIN_MM)
            bad = [getattr(item, "text", type(item).__name__) for item, box in drawn_boxes(page, clips=True)
                   if not box_contains(inside, box, 0.25)]
            assert bad == [], (scenario.scenario_id, number, bad[:5])
    assert context.translator.missing == []


def _pdf_text(data: bytes) -> str:
    return "".join("".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_spanish_and_english_charts():
    en = _pdf_text(next(f.data for f in build_setup(_context("glorys-end", "en")) if f.name == "setup-marne.pdf"))
    es = _pdf_text(next(f.data for f in build_setup(_context("glorys-end", "es")) if f.name == "setup-marne.pdf"))
    for english, spanish in [("Setup: Battle of the Marne", "Despliegue: Batalla del Marne"),
                             ("Reinforcements", "Refuerzos"), ("Stacking check", "Comprobación del apilamiento"),
                             ("3 of 4 steps", "3 de 4 pasos"), ("Setup map", "Mapa de despliegue")]:
        assert "".join(english.split()) in en and "".join(english.split()) not in es, english
        assert "".join(spanish.split()) in es and "".join(spanish.split()) not in en, spanish


def test_the_setup_files_of_every_scenario():
    context = _context("when-eagles-fight", "en")
    names = [f.name for f in build_setup(context)]
    assert names == [f"setup-{s.scenario_id}.pdf" for s in context.game.scenarios]


def test_a_build_in_another_process_is_byte_identical(tmp_path):
    """Same input, same bytes, whatever the hash seed (sets and dicts never order output)."""
    ours = {f.name: f.data for f in build_setup(_context("glorys-end", "es"))}
    env = {**os.environ, "PYTHONHASHSEED": "4242", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "generator", "build", str(ROOT / "data" / "glorys-end"), "--only",
                    "setup,tec,player-aids", "--lang", "es", "--out", str(tmp_path), "--quiet"],
                   check=True, env=env, cwd=ROOT)
    for name, data in ours.items():
        assert (tmp_path / "glorys-end" / "es" / name).read_bytes() == data, name
    from generator.components.player_aid import build_player_aids
    from generator.components.tec import build_tec

    for output in build_player_aids(_context("glorys-end", "es")) + build_tec(_context("glorys-end", "es")):
        assert (tmp_path / "glorys-end" / "es" / output.name).read_bytes() == output.data, output.name


def test_a_counter_on_the_chart_is_the_counter_sheets_art():
    """The chart's counters are drawn by the counters' own art: the B counter's dot is a
    Circle of the picture, the factors its text."""
    context = _context("glorys-end", "en")
    marne = context.game.scenario_index["marne"]
    pages, anchors = setup_pages(context, marne)
    index, box = anchors["unit:de-3"]
    circles = [i for i in _walk(pages[index].items) if isinstance(i, Circle)]
    assert circles


def test_reinforcements_are_listed_by_turn_of_arrival_whatever_the_files_order(mini, tmp_path):
    """The scenario lists its reinforcements out of turn order; the chart lists them turn by
    turn, earliest first, each unit under the turn it arrives on (read back from the PDF)."""
    mini.write("scenarios/opening.yaml", """title: Opening moves
map: main
start_turn: 1
end_turn: 4
setup:
  - {unit: b1, hex: "0303"}
reinforcements:
  - {unit: r3, turn: 4, entry: north edge, notes: "late"}
  - {unit: r2, turn: 2, entry: east edge, notes: "first"}
  - {unit: b3, turn: 3, entry: west edge, notes: "by rail"}
  - {unit: r1, turn: 2, entry: south edge, notes: "second"}
""")  # each with a note: the list prints them (the others are on the turn track only)
    from generator.components.setup_content import arrivals

    context = context_for(mini.path)
    scenario = context.game.scenario_index["opening"]
    listed = [(turn, [card.anchor for card in cards]) for turn, cards in arrivals(context, scenario)]
    assert listed == [("Turn 2 (Summer)", ["arrival:r2", "arrival:r1"]), ("Turn 3 (Autumn)", ["arrival:b3"]),
                      ("Turn 4 (Winter)", ["arrival:r3"])]
    from charts_game import pdf_words

    files = build_setup(context)
    pdf = next(f.data for f in files if f.name.endswith(".pdf"))
    words = [(text, (page, round(y, 1), x)) for page in range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages))
             for text, x, y in pdf_words(pdf, page)]
    # the chart's turn headings ("Turn 2 (Summer)"), not the scenario sheet's summary lines before it
    # (an entry's words may wrap in a narrow card: "enters: east" / "edge")
    order = [text for text, _ in words if re.fullmatch(r"Turn \d+ \(\w+\)", text) or text.startswith("enters: ")]
    assert [text.removesuffix(" edge") for text in order] == [
        "Turn 2 (Summer)", "enters: east", "enters: south", "Turn 3 (Autumn)", "enters: west", "Turn 4 (Winter)",
        "enters: north"]
    # turns bringing few units share a row, read left to right: 2 cards, then 1, then 1
    at = {text.removesuffix(" edge"): where for text, where in words}
    assert at["Turn 2 (Summer)"] < at["Turn 3 (Autumn)"] < at["Turn 4 (Winter)"]
    assert at["Turn 2 (Summer)"][:2] == at["Turn 3 (Autumn)"][:2] == at["Turn 4 (Winter)"][:2]  # one row
    assert at["Turn 2 (Summer)"][2] < at["enters: south"][2] < at["Turn 3 (Autumn)"][2]


def test_a_setup_map_over_several_pages_is_one_drawing_in_the_pdf():
    """When Eagles Fight's historical set-up shows its map over two pages: the map's body is
    one form XObject in the PDF, drawn by each of those pages (not drawn again per page), and
    the counters on it are the pages' own."""
    import kits

    for language in ("en", "es"):
        reader = pypdf.PdfReader(kits.built("when-eagles-fight") / language / "setup-historical.pdf")
        drawn = []
        for number, page in enumerate(reader.pages):
            xobjects = page["/Resources"].get("/XObject", {})
            drawn += [(number, xobjects.raw_get(name).idnum) for name in xobjects if "setup-map" in name]
        pages = [number for number, _ in drawn]
        assert len(pages) >= 2 and len(set(pages)) == len(pages), drawn
        assert len({form for _, form in drawn}) == 1, drawn


def test_arrivals_on_the_turn_track_are_not_listed_again_but_those_with_a_note(mini):
    mini.write("scenarios/opening.yaml", """title: Opening moves
map: main
start_turn: 1
end_turn: 4
setup:
  - {unit: b1, hex: "0303"}
reinforcements:
  - {unit: r2, turn: 2, entry: east edge}
  - {unit: r3, turn: 3, steps: 3}
""")
    scenario_of = lambda context: context.game.scenario_index["opening"]  # noqa: E731
    with_track = context_for(mini.path)  # the whole kit: the turn track shows every arrival
    joined = " ".join(t.text for b in setup_blocks(with_track, scenario_of(with_track), 190.0)
                      for t, _, _ in texts_in(b.items))
    assert "3 of 4 steps" in joined and "Turn 3" in joined  # a card saying more than the counter stays
    assert "Turn 2 (Summer)" not in joined and "enters: east edge" not in joined
    assert "every reinforcement is on the turn track" in joined
    sheet = " ".join(t.text for b in sheet_blocks(with_track, scenario_of(with_track), 190.0)
                     for t, _, _ in texts_in(b.items))
    assert "Reinforcements by turn: each counter is in the box of the turn it arrives on" in sheet
    assert "“Turn track: Opening moves” (turn-track.pdf)" in sheet
    assert "Turn 2 — " not in sheet  # the arrivals by turn are not listed a third time


def test_maps_that_fit_a_page_together_share_it():
    """GWNE's campaign sets up on three maps: the Caucasus (alone on a page at 102 %) and Iraq
    (alone at 70 %) share one page side by side at a common, still readable scale; Egypt,
    too spread out for one page, keeps its two pages at half size."""
    from generator.components.setup_chart import _map_frame
    from generator.components.setup_content import stacks
    from generator.components.setup_map_pages import map_pages

    context = _context("great-war-near-east", "en")
    scenario = context.game.scenario_index["campaign"]
    pages = map_pages(context, stacks(context, scenario), {}, _map_frame(context))
    assert [[s.map_id for s in page] for page in pages] == [["caucasus", "iraq"], ["egypt"], ["egypt"]]
    caucasus, iraq = pages[0]
    assert caucasus.scale == iraq.scale and 0.5 <= caucasus.scale <= 0.7
    assert caucasus.map_box[2] + 6.0 <= iraq.map_box[0] + 1e-6  # side by side, apart
    frame = _map_frame(context)(caucasus.page_mm)
    assert all(frame.x_mm - 1e-6 <= s.map_box[0] and s.map_box[2] <= frame.right_mm + 1e-6
               and s.map_box[3] <= frame.bottom_mm + 1e-6 for s in pages[0])
    assert [s.scale for page in pages[1:] for s in page] == [0.5, 0.5]
    assert len(setup_pages(context, scenario)[0]) == 6  # three pages of list, three of maps (four alone)


def test_small_nationalities_share_a_row():
    """Blitz's Beyond the Dnieper: Romania (2) and Hungary (2), then Finland (2) and Italy
    (1), have no formations and a row of cards at most each: two share a row, each under its
    own name, the cards in one column width for the whole list."""
    context = _context("blitz-in-the-east", "en")
    scenario = context.game.scenario_index["s0-dnieper"]
    pages, anchors = setup_pages(context, scenario)
    rows = {}
    for unit in ("ro-3", "ro-4", "hu-2", "hu-1", "fi-kr", "fi-air", "it-8"):
        page, box = anchors[f"unit:{unit}"]
        rows.setdefault((page, round(box[1], 1)), []).append((round(box[0], 1), unit))
    assert [[unit for _, unit in sorted(row)] for _, row in sorted(rows.items())] == [
        ["ro-3", "ro-4", "hu-2", "hu-1"], ["fi-kr", "fi-air", "it-8"]]
    words = [text.text for page in pages for text, _, _ in texts_in(page.items)]
    assert all(name in words for name in ("Romania (2)", "Hungary (2)", "Finland (2)", "Italy (1)"))


@pytest.mark.parametrize("language, pointer", [("en", "Set up as on “Setup: The Historical Campaign”"),
                                               ("es", "Despliegue como en «Despliegue: La campaña histórica»")])
def test_a_setup_list_the_same_for_two_scenarios_is_printed_once(language, pointer):
    """GE's short campaign sets up as the historical one: its setup PDF holds its own sheet
    (length, victory, rules) and points to the historical one's list, titled with both."""
    from generator.components.setup_chart import shared_lists

    context = _context("glorys-end", language)
    files = {f.name: f for f in build_setup(context)}
    short = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(files["setup-short-campaign.pdf"].data)).pages)
    historical = " ".join(p.extract_text() for p in pypdf.PdfReader(
        io.BytesIO(files["setup-historical.pdf"].data)).pages).replace("\n", " ")
    assert files["setup-short-campaign.pdf"].pages == 1 and pointer in short.replace("\n", " ")
    assert "2822" in historical and "2822" not in short  # the list (Verdun fortress): once
    both = "Setup: The Historical Campaign, Short Historical Campaign" if language == "en" else \
        "Despliegue: La campaña histórica, Campaña histórica corta"
    assert both in historical
    lists = shared_lists(context, list(context.game.scenarios))
    assert [s.scenario_id for s in lists["historical"]] == ["historical", "short-campaign"]
    assert set(lists) == {"free-setup", "historical", "marne"}
