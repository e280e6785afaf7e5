"""warkit serve over HTTP: the page, the outputs and nothing else, rebuilds of only the
components whose inputs changed, the check report with file:line, paint and undo."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build.dependencies import affected, input_kind
from generator.io.loader import load_game
from generator.maptools.paint import paint_table, paint_text
from serving import get, post, serving, wait_for

FIXTURES = Path(__file__).parent / "fixtures"
ROOT_DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    game_dir = tmp_path_factory.mktemp("game") / "mini"
    shutil.copytree(FIXTURES / "mini", game_dir)
    out = tmp_path_factory.mktemp("out")
    (out / "secret.txt").write_text("SECRET-CONTENT", encoding="utf-8")
    with serving(game_dir, out) as (url, session):
        yield url, session, game_dir, out


def state(url):
    return json.loads(get(url + "/api/state")[1])


def test_the_page_and_the_outputs_are_served(served):
    url, session, _, out = served
    status, page = get(url + "/")
    assert status == 200 and b"Mini War" in page and b"EventSource" in page
    snapshot = state(url)
    assert snapshot["ok"] is True and snapshot["summary"] == "ok: no errors, 0 warning(s)"
    paths = {o["path"] for o in snapshot["outputs"]["en"]}
    assert {"counters.pdf", "kit.pdf", "index.html"} <= paths
    status, pdf = get(url + "/en/counters.pdf")
    assert status == 200 and pdf.startswith(b"%PDF") and pdf == (out / "mini" / "en" / "counters.pdf").read_bytes()
    status, png = get(url + "/render/en/counters.pdf/1.png")
    assert status == 200 and png.startswith(b"\x89PNG")


@pytest.mark.parametrize("path", ["/en/../secret.txt", "/en/%2e%2e/%2e%2e/secret.txt", "/../secret.txt",
                                  "/en/..%2f..%2fsecret.txt", "/%2fetc%2fpasswd", "/en/.hidden", "/en/",
                                  "/render/en/../../secret.txt/1.png", "/render/en/manifest.json/1.png",
                                  "/en/counters.pdf%00.png", "/en\\..\\..\\secret.txt"])
def test_nothing_outside_the_output_folder_is_served(served, path):
    url = served[0]
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", path)  # sent as written, no client-side normalising
    answer = connection.getresponse()
    body = answer.read()
    assert answer.status == 404, (path, body)
    assert b"SECRET-CONTENT" not in body


def test_a_symbolic_link_out_of_the_output_folder_is_refused(served):
    url, _, _, out = served
    link = out / "mini" / "en" / "leak.txt"
    link.symlink_to(out / "secret.txt")
    try:
        assert get(url + "/en/leak.txt")[0] == 404
    finally:
        link.unlink()


def test_an_edit_of_units_rebuilds_the_counters_and_not_the_map(served):
    url, session, game_dir, out = served
    before = state(url)["version"]
    map_pdf = (out / "mini" / "en" / "map-main.pdf").stat().st_mtime_ns
    units = game_dir / "units.csv"
    units.write_text(units.read_text(encoding="utf-8").replace("b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,8-7-4"),
                     encoding="utf-8")
    step = wait_for(lambda: next((h for h in state(url)["history"]
                                  if h["version"] > before and h["components"] == ["counters"]), None))
    assert "en/counters.pdf" in step["files"]
    assert session.wait_idle(60)
    assert (out / "mini" / "en" / "map-main.pdf").stat().st_mtime_ns == map_pdf


def test_the_report_shows_failing_rows_as_file_and_line(served):
    url, session, game_dir, _ = served
    units = game_dir / "units.csv"
    good = units.read_text(encoding="utf-8")
    units.write_text(good.replace("b2,bl,inf,XX,2,3-3-4,0101", "b2,bl,inf,XX,2,3-3-4,9999"), encoding="utf-8")
    try:
        failed = wait_for(lambda: (s := state(url))["ok"] is False and s)
        texts = [i["text"] for i in failed["issues"] if i["severity"] == "error"]
        assert any(t.startswith("mini/units.csv:3:") for t in texts), texts
    finally:
        units.write_text(good, encoding="utf-8")
    wait_for(lambda: state(url)["ok"] is True)


def test_paint_writes_the_map_file_and_undo_restores_it(served):
    url, session, game_dir, _ = served
    hexes = game_dir / "map" / "hexes.csv"
    original = hexes.read_bytes()
    status, answer = post(url + "/api/paint", {"map": "main", "terrain": "forest", "hexes": ["0101", "0202"]})
    assert status == 200 and answer == {"ok": True, "painted": 2, "file": "map/hexes.csv", "undo": 1}
    lines = hexes.read_text(encoding="utf-8").splitlines()
    assert lines[1] == "0101,forest,Blueton,city,blueland,red=2"
    assert "0202,forest,,,," in lines
    view = json.loads(get(url + "/api/map")[1])
    terrain = {h["id"]: h["terrain"] for h in view["maps"][0]["hexes"]}
    assert terrain["0101"] == "forest" and terrain["0202"] == "forest"
    status, answer = post(url + "/api/undo", {})
    assert status == 200 and answer == {"ok": True, "undo": 0}
    assert hexes.read_bytes() == original
    status, answer = post(url + "/api/undo", {})
    assert status == 409 and answer["error"] == "nothing to undo"


def test_paint_refuses_unknown_terrain_and_hexes(served):
    url = served[0]
    assert post(url + "/api/paint", {"map": "main", "terrain": "lava", "hexes": ["0101"]}) == \
        (409, {"ok": False, "error": "unknown terrain 'lava'"})
    status, answer = post(url + "/api/paint", {"map": "main", "terrain": "forest", "hexes": ["9999"]})
    assert status == 409 and "not on map 'main'" in answer["error"]


def test_undo_refuses_when_the_file_was_edited_since(served):
    url, _, game_dir, _ = served
    hexes = game_dir / "map" / "hexes.csv"
    original = hexes.read_bytes()
    post(url + "/api/paint", {"map": "main", "terrain": "clear", "hexes": ["0303"]})
    edited = hexes.read_bytes() + b"0404,clear,,,,\n"
    hexes.write_bytes(edited)
    status, answer = post(url + "/api/undo", {})
    assert status == 409 and "was edited since the last stroke" in answer["error"]
    assert hexes.read_bytes() == edited
    hexes.write_bytes(original)


def test_a_post_from_another_site_is_refused(served):
    import urllib.request
    import urllib.error
    url = served[0]
    request = urllib.request.Request(url + "/api/rebuild", b"{}", {"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=10)
    assert caught.value.code == 403


def test_paint_text_changes_only_the_painted_cells():
    game = load_game(FIXTURES / "mini").game
    map_spec = game.spec.maps[0]
    from generator.maptools.text import to_text
    text = to_text(game, map_spec)
    painted = paint_text(text, game.spec, map_spec, {"0202": (2, 2)}, "forest")
    changed = [(a, b) for a, b in zip(text.splitlines(), painted.splitlines()) if a != b]
    assert len(changed) == 1
    before, after = changed[0]
    assert before.split("#")[1] == after.split("#")[1]  # the row comment kept
    assert len(text.splitlines()) == len(painted.splitlines())


def test_paint_text_adds_a_legend_symbol_for_a_new_terrain():
    game = load_game(FIXTURES / "mini").game
    map_spec = game.spec.maps[0]
    text = "[legend terrain]\n. clear\n\n[terrain]\n" + "\n".join(". " * map_spec.grid.columns for _ in range(map_spec.grid.rows)) + "\n"
    painted = paint_text(text, game.spec, map_spec, {"0101": (1, 1)}, "forest")
    assert painted.splitlines()[:3] == ["[legend terrain]", "f forest", ". clear"]
    from generator.io.textmap import parse_text_map
    from generator.validation.report import Report
    report = Report()
    hexes, _ = parse_text_map(painted, "m", game.spec, map_spec, report)
    assert report.issues == [] and {h.hex_id: h.terrain for h in hexes}["0101"] == "forest"


def test_paint_table_keeps_separator_quoting_and_line_ends():
    data = 'hex;terrain;name\r\n0101;clear;"A; B"\r\n0102;clear;x\r\n'.encode()
    assert paint_table(data, {"0102": (1, 2)}, "forest") == 'hex;terrain;name\r\n0101;clear;"A; B"\r\n0102;forest;x\r\n'.encode()


def test_inputs_fall_into_kinds_and_kinds_choose_components():
    spec = load_game(FIXTURES / "mini").game.spec
    assert input_kind(spec, "units.csv") == "units"
    assert input_kind(spec, "map/hexes.csv") == "map"
    assert input_kind(spec, "scenarios/opening.yaml") == "scenarios"
    assert input_kind(spec, "locales/es/LC_MESSAGES/game.po") == "catalog"
    assert input_kind(spec, "game.yaml") == "spec"
    names = ["map", "counters", "crt", "turn-track", "setup"]
    assert affected(names, {"units"}) == ["counters", "turn-track", "setup"]
    assert affected(names, {"map"}) == ["map", "turn-track", "setup"]
    assert affected(names, {"spec"}) == names


def _session(tmp_path):
    from generator.serve.session import Session

    game_dir = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", game_dir)
    session = Session(game_dir, tmp_path / "out", ("en",))
    session.initial()
    session.start()
    assert session.wait_idle(120)
    return session, game_dir, tmp_path / "out" / "mini" / "en"


def _replace(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edit_made_while_the_check_fails_is_built_once_another_file_fixes_it(tmp_path):
    session, game_dir, en = _session(tmp_path)
    try:
        counters = (en / "counters.pdf").read_bytes()
        scenario = game_dir / "scenarios" / "opening.yaml"
        _replace(scenario, "end_turn: 4", "end_turn: 9")  # past the turn track: the check fails
        session.changed({"scenarios/opening.yaml"})
        assert session.wait_idle(60) and session.state.ok is False
        _replace(game_dir / "units.csv", "b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,9-7-4")
        session.changed({"units.csv"})
        assert session.wait_idle(60) and session.state.ok is False
        assert (en / "counters.pdf").read_bytes() == counters  # nothing is built while the check fails
        _replace(scenario, "end_turn: 9", "end_turn: 4")
        session.changed({"scenarios/opening.yaml"})  # the fix touches only the scenario …
        assert session.wait_idle(120) and session.state.ok is True
        assert (en / "counters.pdf").read_bytes() != counters  # … and the units' edit is built too
        steps = [step["components"] for step in session.state.history]
        assert ["counters"] in steps and ["setup"] in steps
    finally:
        session.stop()


def test_an_edit_of_a_block_unit_shows_the_block_labels_first(tmp_path):
    from generator.build.dependencies import showing_edited_units

    game_dir = tmp_path / "strike-of-the-eagle"
    shutil.copytree(ROOT_DATA / "strike-of-the-eagle", game_dir)
    before = load_game(game_dir).game
    units = game_dir / "units.csv"
    lines = units.read_text(encoding="utf-8").splitlines(keepends=True)
    first = lines[1].split(",")
    first[4] += "x"  # the designation of the first block
    units.write_text("".join([lines[0], ",".join(first), *lines[2:]]), encoding="utf-8")
    after = load_game(game_dir).game
    assert showing_edited_units(before, after) == ("blocks",)
    names = ["map", "counters", "blocks", "turn-track"]
    assert affected(names, {"units"}, showing_edited_units(before, after)) == ["blocks", "counters", "turn-track"]
    assert showing_edited_units(before, before) == ()
    mini = load_game(FIXTURES / "mini").game
    assert affected(names, {"units"}, showing_edited_units(None, mini)) == ["counters", "blocks", "turn-track"]


def test_the_page_shown_of_a_rebuilt_pdf_is_the_first_one_whose_text_changed(tmp_path):
    from generator.layout.primitives import Page, Text
    from generator.render.pdf import render_pdf
    from generator.serve.renders import Renders

    def pdf(*words):
        path = tmp_path / "sheet.pdf"
        path.write_bytes(render_pdf([Page(100, 100, (Text(10, 10, word),)) for word in words], title="t"))
        return path

    renders = Renders()
    assert renders.prepare([pdf("alpha", "beta", "gamma")]) == {tmp_path / "sheet.pdf": 1}  # first sight
    assert renders.prepare([pdf("alpha", "beta", "delta")]) == {tmp_path / "sheet.pdf": 3}
    assert renders.prepare([pdf("alpha", "beta", "delta")]) == {tmp_path / "sheet.pdf": 3}  # unchanged: kept
    assert renders.prepare([pdf("omega", "beta", "delta")]) == {tmp_path / "sheet.pdf": 1}
    assert renders.prepare([pdf("omega", "beta", "delta", "new")]) == {tmp_path / "sheet.pdf": 4}
    assert renders.prepare([pdf("omega")]) == {tmp_path / "sheet.pdf": 1}  # the page shown is gone
    assert renders.page_png(tmp_path / "sheet.pdf", 1).startswith(b"\x89PNG")


def test_files_the_game_does_not_read_rebuild_nothing(tmp_path):
    """A README, notes or a script saved in the game folder change nothing the kit is made
    from: no reload, no rebuild; a new scenario file or a font licence still counts."""
    from generator.serve.session import unread_by

    session, game_dir, en = _session(tmp_path)
    try:
        counters = (en / "counters.pdf").stat().st_mtime_ns
        (game_dir / "README.md").write_text("# notes\n", encoding="utf-8")
        (game_dir / "tools").mkdir()
        (game_dir / "tools" / "make_map.py").write_text("print('map')\n", encoding="utf-8")
        session.changed({"README.md", "tools/make_map.py"})
        assert session.wait_idle(60)
        assert session.state.last == {"components": [], "files": [], "seconds": 0.0,
                                      "unread": ["README.md", "tools/make_map.py"]}
        assert (en / "counters.pdf").stat().st_mtime_ns == counters
        loaded = session._loaded
        assert unread_by(loaded, "README.md") is True
        assert unread_by(loaded, "units.csv") is False
        assert unread_by(loaded, "game.yaml") is False
        assert unread_by(loaded, "map/hexes.csv") is False
        assert unread_by(loaded, "scenarios/another.yaml") is False  # the scenarios' folder: a new scenario
        assert unread_by(loaded, "locales/de/LC_MESSAGES/game.po") is False
        assert unread_by(loaded, "fonts/OFL.txt") is False  # a font's licence
    finally:
        session.stop()


def test_after_a_load_error_every_file_counts(tmp_path):
    """units.csv names a file that is not there yet: once it appears it must be read."""
    from generator.serve.session import unread_by

    session, game_dir, _ = _session(tmp_path)
    try:
        _replace(game_dir / "game.yaml", "units: units.csv", "units: units2.csv")
        session.changed({"game.yaml"})
        assert session.wait_idle(60) and session.state.ok is False
        assert unread_by(session._loaded, "units2.csv") is False
    finally:
        session.stop()
