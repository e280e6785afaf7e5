"""`warkit build` as a whole: kit.pdf (cover, contents, print order, page sizes kept),
manifest.json, stale and foreign files, unchanged files, partial builds, the CLI's summary
formats, and byte-identical rebuilds of a whole sample game."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from generator.build import components
from generator.build.components import Component, OutputFile
from generator.build.runner import build_game
from generator.cli.app import app
from generator.errors import WarkitError
from generator.layout.primitives import Page, Text
from generator.render.pdf import render_pdf
import kits
from i18n_helpers import declare

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
runner = CliRunner()
PT_PER_MM = 72 / 25.4


def cli(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def build(game: Path, out: Path, *args: str) -> Path:
    result = cli("build", game, "--out", out, "--quiet", *args)
    assert result.exit_code == 0, result.output
    return out / "mini" / "en"


def reader(path: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(path.read_bytes()))


def digests(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}  # fmt: skip


@pytest.fixture(scope="module")
def mini_kit(tmp_path_factory) -> Path:
    return build(ROOT / "tests" / "fixtures" / "mini", tmp_path_factory.mktemp("kit"))


# --- kit.pdf


# Every component's PDFs in their `order`: map 10, counters 20 (the cups' chits and the mini
# game's four cards on the counter sheet), decks 25 (no cards.pdf: every card fits the counter
# sheet), turn-track 30, crt 40, (tec 42: printed separately, as both player aids print it whole;
# tables 45: the mini game has none), deck-summary 47, sequence-of-play 50, player-aids 60, setup 70.
# (the aid of both sides, not each side's: those and the sequence of play, whole in the aid,
# are printed separately)
KIT_PARTS = ["map-main-tiles-A4.pdf", "counters.pdf", "turn-track.pdf",
             "crt-chances.pdf", "deck-summary.pdf", "player-aids.pdf", "setup-opening.pdf"]
# The small charts that go on under the chart before them, on its last page (kit/joins.py):
# the CRT's chances (the aid prints its table: crt.pdf is printed separately) and the cards
# and chits, both under the turn track.
SHARED = {"crt-chances.pdf", "deck-summary.pdf"}


def test_the_kit_is_cover_contents_then_every_component_pdf_in_print_order(mini_kit):
    kit = reader(mini_kit / "kit.pdf")
    parts = KIT_PARTS
    pages = [len(reader(mini_kit / name).pages) for name in parts]
    assert len(kit.pages) == 1 + sum(pages) - len(SHARED)  # the cover holds the contents
    titles = [item.title for item in kit.outline if not isinstance(item, list)]
    assert titles == ["Mini War", "Mini map", "Counters", "Turn track: Opening moves",
                      "Combat results: chance of each result", "Cards and chits", "Player aid: Blue and Red",
                      "Setup: Opening moves"]
    # each document's first page is the one the component wrote, or, for a chart that shares
    # the page before, that page holds the chart's own title too
    first = 2
    for index, (name, count) in enumerate(zip(parts, pages)):
        own = reader(mini_kit / name).pages[0].extract_text()
        if name in SHARED:
            first -= 1
            title = own.splitlines()[2]  # under the running header's game and chart titles
            assert title in kit.pages[first - 1].extract_text(), name
        elif index + 1 < len(parts) and parts[index + 1] in SHARED and count == 1:  # its page, then the next chart
            assert kit.pages[first - 1].extract_text().startswith(own), name
        else:
            assert kit.pages[first - 1].extract_text() == own, name
        first += count


def test_the_cover_names_the_game_and_says_print_at_100_percent(mini_kit):
    cover = " ".join(reader(mini_kit / "kit.pdf").pages[0].extract_text().split())
    assert "Mini War" in cover
    assert "Print at 100% (actual size), never “fit to page”." in cover
    assert "This square must measure 40 mm on paper." in cover
    assert "Languages: English" in cover
    above = cover.partition("Contents")[0]  # the cover's own lines, before the contents under them
    assert "Mini War" in above and "Languages: English" in above
    assert not any(ch.isdigit() for ch in above.replace("100", "").replace("40 mm", ""))  # no date


def test_the_contents_list_each_document_with_its_pages(mini_kit):
    kit = reader(mini_kit / "kit.pdf")
    contents = kit.pages[0].extract_text()  # under the cover, on the same page
    counters = len(reader(mini_kit / "counters.pdf").pages)
    tiles = len(reader(mini_kit / "map-main-tiles-A4.pdf").pages)
    assert "Mini War" in contents and "Contents" in contents
    assert f"2–{1 + tiles}" in contents  # the map's tiles first
    assert f"{2 + tiles}–{1 + tiles + counters}" in contents
    assert "Printed separately" in contents and "map-main.pdf" in contents  # the true-size map


def test_contents_too_long_for_the_cover_run_on_to_a_page_of_their_own(mini):
    """Sixty documents: the cover's page lists the first ones under its title block, the
    rest go on to a second page headed "Contents"; none is lost or listed twice."""
    from charts_game import context_for, texts_in

    from generator.kit.front import ContentsLine, front_pages

    context = context_for(mini.path)
    lines = [ContentsLine(f"Document {n}", 3 + n, 1, f"doc-{n}.pdf") for n in range(60)]
    pages = front_pages(context.translator, context.game, (210.0, 297.0), ("en",), lines, [("Map", "map.pdf")])
    assert len(pages) == 2
    texts = [[item.text for item, _, _ in texts_in(page.items)] for page in pages]
    assert "Mini War" in texts[0] and "Contents" in texts[0] and "Contents" in texts[1]
    listed = [[t for t in page if t.startswith("Document ")] for page in texts]
    assert listed[0][0] == "Document 0" and listed[1][-1] == "Document 59"
    assert listed[0] + listed[1] == [f"Document {n}" for n in range(60)]
    assert 15 <= len(listed[0]) < len(listed[1])  # the cover's page holds fewer rows
    assert "Printed separately" in texts[1] and "map.pdf" in texts[1]
    assert (texts[0][-1], texts[1][-1]) == ("1", "2")  # page numbers


def test_page_sizes_are_kept(mini_kit):
    kit = reader(mini_kit / "kit.pdf")
    sizes = [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in kit.pages]
    a4 = (round(210 * PT_PER_MM), round(297 * PT_PER_MM))
    assert sizes[0] == a4
    originals = []
    for name in KIT_PARTS:
        own = reader(mini_kit / name).pages[1 if name in SHARED else 0:]
        originals += [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in own]
    assert sizes[1:] == originals


def test_letter_paper_from_the_command_line_makes_letter_kit_pages(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out", "--paper", "Letter")
    cover = reader(folder / "kit.pdf").pages[0]
    assert (round(float(cover.mediabox.width) / PT_PER_MM, 1), round(float(cover.mediabox.height) / PT_PER_MM, 1)) == (215.9, 279.4)
    assert (folder / "map-main-tiles-Letter.pdf").is_file()


def test_a_new_component_is_in_the_kit_by_its_order(mini, tmp_path, monkeypatch):
    def extra(context):
        page = Page(210, 297, (Text(20, 20, "Extra aid"),))
        return [OutputFile("extra.pdf", render_pdf([page], title="Mini War — Extra aid"), 1)]

    monkeypatch.setitem(components.COMPONENTS, "extra", Component("extra", 35, extra))
    build_game(mini.path, tmp_path / "out", {})
    kit = reader(tmp_path / "out" / "mini" / "en" / "kit.pdf")
    titles = [item.title for item in kit.outline if not isinstance(item, list)]
    # by its order (35) right after the turn track (30); the small charts after it (the CRT's
    # chances, the cards and chits) go on under the turn track's last page, before it
    at = titles.index("Turn track: Opening moves")
    assert titles[at:at + 4] == ["Turn track: Opening moves", "Combat results: chance of each result",
                                 "Cards and chits", "Extra aid"]
    pages = {item.title: kit.get_destination_page_number(item) for item in kit.outline if not isinstance(item, list)}
    assert pages["Extra aid"] == pages["Cards and chits"] + 1 == pages["Turn track: Opening moves"] + 1
    assert "Extra aid" in kit.pages[0].extract_text()  # in the contents, its title less the game's


# --- manifest.json


def test_the_manifest_lists_every_file_with_size_and_hash_and_the_inputs(mini_kit):
    manifest = json.loads((mini_kit / "manifest.json").read_text(encoding="utf-8"))
    on_disk = digests(mini_kit)
    del on_disk["manifest.json"]
    listed = {entry["path"]: entry for entry in manifest["outputs"]}
    assert set(listed) == set(on_disk)
    for path, digest in on_disk.items():
        assert listed[path]["sha256"] == digest
        assert listed[path]["size"] == (mini_kit / path).stat().st_size
    assert listed["kit.pdf"]["component"] == "kit" and listed["counters.pdf"]["component"] == "counters"
    assert listed["kit.pdf"]["pages"] == len(reader(mini_kit / "kit.pdf").pages)
    inputs = [entry["path"] for entry in manifest["inputs"]]
    assert inputs == sorted(inputs) == ["decks/blue-events.csv", "decks/supply.csv", "game.yaml", "map/hexes.csv",
                                        "map/hexsides.csv", "markers.csv", "scenarios/opening.yaml", "units.csv"]
    fixture = ROOT / "tests" / "fixtures" / "mini"
    for entry in manifest["inputs"]:
        assert entry["sha256"] == hashlib.sha256((fixture / entry["path"]).read_bytes()).hexdigest()
    assert (manifest["game"], manifest["language"]) == ("mini", "en")
    # Every print setting, whole: the mini game sets none, the build chose English.
    assert manifest["options"] == {"print": {
        "paper": "A4", "counter_size_mm": 15.875, "duplex": "long", "back_offset_mm": [0.0, 0.0], "bleed_mm": 0.0,
        "map_overlap_mm": 10.0, "counter_gutter_mm": 0.0, "counter_dpi": 300, "counter_images": [],
        "map_files": ["pdf", "svg", "tiles"],
        "counter_blank_backs": "colour", "languages": ["en"], "player_aid_pages": 2, "block_size_mm": 19.0,
        "counter_sheets": "packed", "block_labels": "with_counters", "ink": "full"}, "only": None, "scenarios": None}


def test_the_manifest_lists_the_languages_catalog_among_the_inputs(mini, tmp_path):
    declare(mini, "en", "es")
    build(mini.path, tmp_path / "out")
    manifest = json.loads((tmp_path / "out" / "mini" / "es" / "manifest.json").read_text(encoding="utf-8"))
    assert "locales/es/LC_MESSAGES/game.po" in [entry["path"] for entry in manifest["inputs"]]


# --- writing: unchanged, stale, foreign, failures


def test_a_second_build_rewrites_nothing(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out")
    before = {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in folder.rglob("*") if p.is_file()}
    result = cli("build", mini.path, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "(0 written, " in result.output
    after = {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in folder.rglob("*") if p.is_file()}
    assert after == before


def test_a_changed_unit_rewrites_only_what_shows_it(mini, tmp_path):
    images = {"counter_images": ("svg", "png")}
    folder = build(mini.path, tmp_path / "out", "--counter-images", "svg,png")
    before = digests(folder)
    mini.replace("units.csv", "b2,bl,inf,XX,2,", "b2,bl,inf,XX,22,")
    result = build_game(mini.path, tmp_path / "out", images)
    changed = {p.relative_to(folder).as_posix() for p in result.written}
    assert {"counters/b2-front.svg", "counters/b2-front.png", "counters.pdf", "kit.pdf", "manifest.json"} <= changed
    assert "counters/b1-front.png" not in changed and "map-main.pdf" not in changed
    assert {name for name, digest in digests(folder).items() if before[name] != digest} == changed


def test_stale_outputs_are_removed_but_nothing_else(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out", "--counter-images", "svg,png")
    assert (folder / "counters" / "b1-front.png").is_file()
    result = build_game(mini.path, tmp_path / "out", {"counter_images": ("svg",)})
    assert not list(folder.glob("counters/*.png"))
    assert folder / "counters" / "b1-front.png" in result.removed
    assert (folder / "counters" / "b1-front.svg").is_file()
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert not [e for e in manifest["outputs"] if e["path"].endswith(".png")]


def test_a_folder_with_files_warkit_did_not_write_is_refused_unless_forced(mini, tmp_path):
    folder = tmp_path / "out" / "mini" / "en"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    result = cli("build", mini.path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "notes.txt" in result.output and "--force" in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    forced = cli("build", mini.path, "--out", tmp_path / "out", "--force", "--quiet")
    assert forced.exit_code == 0, forced.output
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine" and (folder / "kit.pdf").is_file()
    build_game(mini.path, tmp_path / "out", {"counter_images": ()}, force=True)  # a stale sweep leaves it alone
    assert (folder / "notes.txt").is_file()


def test_an_old_kit_without_a_manifest_is_refused(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out")
    (folder / "manifest.json").unlink()
    with pytest.raises(WarkitError, match="did not write"):
        build_game(mini.path, tmp_path / "out", {})


def test_leftovers_of_a_killed_build_are_cleaned_but_anybody_elses_part_files_are_kept(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out")
    token = "0123456789abcdef"
    (folder.parent / ".warkit-lock").write_text(f'{{"pid": 1, "token": "{token}"}}', encoding="utf-8")  # unlocked
    (folder / f".kit.pdf.{token}.part").write_bytes(b"half")
    build_game(mini.path, tmp_path / "out", {})
    assert not list(folder.glob(".*.part")) and not (folder.parent / ".warkit-lock").exists()
    (folder / ".kit.pdf.abc123.part").write_bytes(b"somebody's")  # not a temporary of a build warkit knows of
    with pytest.raises(WarkitError, match=r"holds 1 file\(s\) warkit did not write \(.kit.pdf.abc123.part\)"):
        build_game(mini.path, tmp_path / "out", {})
    build_game(mini.path, tmp_path / "out", {}, force=True)
    assert (folder / ".kit.pdf.abc123.part").read_bytes() == b"somebody's"


def test_a_failing_component_changes_no_output(mini, tmp_path, monkeypatch):
    folder = build(mini.path, tmp_path / "out")
    before = digests(folder)
    mini.replace("units.csv", "b2,bl,inf,XX,2,", "b2,bl,inf,XX,22,")

    def broken(context):
        raise WarkitError("the aid cannot be drawn")

    monkeypatch.setitem(components.COMPONENTS, "broken", Component("broken", 99, broken))
    for jobs in (1, 2):
        with pytest.raises(WarkitError, match="cannot be drawn"):
            build_game(mini.path, tmp_path / "out", {}, jobs=jobs)
        assert digests(folder) == before  # no half-updated kit, no temporary files


def test_data_errors_stop_the_build_with_the_checks_report_and_write_nothing(mini, tmp_path):
    mini.replace("units.csv", "b2,bl,", "b2,bx,")
    checked = cli("check", mini.path)
    built = cli("build", mini.path, "--out", tmp_path / "out")
    assert built.exit_code == checked.exit_code == 1
    assert "mini/units.csv:3:2: error: ref.unknown-nationality:" in built.output
    assert built.output == checked.output
    assert not (tmp_path / "out").exists()


def test_a_partial_build_keeps_the_other_components_and_the_kit(mini, tmp_path):
    folder = build(mini.path, tmp_path / "out")
    kit = (folder / "kit.pdf").read_bytes()
    result = build_game(mini.path, tmp_path / "out", {"only": ("map",), "paper": "Letter"})
    assert (folder / "map-main-tiles-Letter.pdf").is_file()
    assert not (folder / "map-main-tiles-A4.pdf").exists()  # the map's own stale file goes
    assert (folder / "counters.pdf").is_file() and (folder / "kit.pdf").read_bytes() == kit
    assert folder / "map-main-tiles-A4.pdf" in result.removed
    listed = {e["path"] for e in json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["outputs"]}
    assert {"counters.pdf", "kit.pdf", "index.html", "map-main-tiles-Letter.pdf"} <= listed
    assert "map-main-tiles-A4.pdf" not in listed


def test_an_unknown_scenario_is_refused(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out", "--scenario", "nowhere")
    assert result.exit_code == 2 and "no scenario 'nowhere'" in result.output


# --- the command line's summaries


def test_the_summary_line_counts_files_and_pages(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out")
    assert result.exit_code == 0
    assert "built " in result.stdout and " written" in result.stdout and "kit.pdf en " in result.stdout


def test_quiet_prints_nothing_on_success(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 0 and result.output == ""


def test_json_summary_for_scripts(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out", "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["ok"] is True and summary["files"]["unchanged"] == 0
    assert "mini/en/kit.pdf" in summary["written"] and summary["kit_pages"]["en"] > 2
    again = json.loads(cli("build", mini.path, "--out", tmp_path / "out", "--json").stdout)
    assert again["files"]["written"] == 0 and again["written"] == []


def test_json_on_data_errors_is_the_check_report(mini, tmp_path):
    mini.replace("units.csv", "b2,bl,", "b2,bx,")
    result = cli("build", mini.path, "--out", tmp_path / "out", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["errors"] == 1


def test_json_on_a_refused_folder_is_an_error_document(mini, tmp_path):
    (tmp_path / "out" / "mini" / "en").mkdir(parents=True)
    (tmp_path / "out" / "mini" / "en" / "notes.txt").write_text("mine", encoding="utf-8")
    result = cli("build", mini.path, "--out", tmp_path / "out", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["ok"] is False


# --- determinism


def test_two_builds_of_a_sample_game_are_byte_identical(tmp_path):
    """Every file (kit.pdf, manifest.json, index.html, PNGs …) of When Eagles Fight in both
    languages: built by the CLI on two worker processes (the shared kit of `kits.py`), and in
    one process under another hash seed."""
    game = DATA / "when-eagles-fight"
    first = kits.built(game.name)  # `warkit build --jobs 2 --json`
    script = ("import sys; from pathlib import Path; from generator.build.runner import build_game; "
              "build_game(Path(sys.argv[1]), Path(sys.argv[2]), {}, jobs=1)")  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "4321", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script, str(game), str(tmp_path / "b")], check=True, env=env)
    a = {f"{game.name}/{name}": digest for name, digest in digests(first).items()}
    b = digests(tmp_path / "b")
    assert a == b
    names = set(a)
    for language in ("en", "es"):
        assert {f"when-eagles-fight/{language}/{n}" for n in ("kit.pdf", "manifest.json", "index.html")} <= names
    assert not any("/counters/" in n for n in names)  # per-counter images only when asked for


def test_an_unknown_language_is_refused_before_any_work(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out", "--lang", "xx")
    assert result.exit_code == 2 and "unknown language code 'xx'" in result.output
    assert not (tmp_path / "out").exists()


def test_command_line_options_override_game_yaml_and_are_recorded(mini, tmp_path):
    mini.append("game.yaml", "print: {paper: Letter, duplex: short, map_overlap_mm: 15}")
    folder = build(mini.path, tmp_path / "out", "--overlap", "12", "--bleed", "1", "--counter-size", "3/4\"")
    options = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["options"]["print"]
    assert (options["paper"], options["duplex"], options["map_overlap_mm"]) == ("Letter", "short", 12.0)
    assert (options["bleed_mm"], options["counter_size_mm"]) == (1.0, 19.05)


@pytest.mark.parametrize("option, value, message", [
    ("--bleed", "11", "--bleed: expected at most 10 (print.bleed_mm)"),
    ("--bleed", "nan", "--bleed: expected a finite number (print.bleed_mm)"),
    ("--overlap", "-1", "--overlap: expected at least 0 (print.map_overlap_mm)"),
    ("--dpi", "40", "--dpi: expected at least 50 (print.counter_dpi)"),
    ("--counter-size", "61", "--counter-size: expected at most 60 (print.counter_size_mm)"),
    ("--counter-size", "4mm", "--counter-size: expected at least 5 (print.counter_size_mm)"),
    ("--back-offset", "21,0", "--back-offset: expected at least -20|--back-offset: expected at most 20"),
    ("--paper", "A5", "--paper: expected 'A4', 'Letter', 'A3' or 'Tabloid' (print.paper)"),
    ("--duplex", "none", "--duplex: expected 'long', 'short' or 'fold' (print.duplex)"),
    ("--ink", "less", "--ink: expected 'full' or 'saving' (print.ink)"),
])
def test_command_line_settings_are_checked_by_the_print_settings_schema(mini, tmp_path, option, value, message):
    result = cli("build", mini.path, "--out", tmp_path / "out", option, value)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert any(part in text for part in message.split("|")), text
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("line, message", [
    ("print: {bleed_mm: 11}", "print.bleed_mm"),
    ("print: {counter_size_mm: .nan}", "print.counter_size_mm"),
    ("print: {ink: less}", "print.ink"),
    ("print: {counter_images: [png, png]}", "each image format once"),
])
def test_game_yaml_settings_are_checked_by_the_same_schema(mini, tmp_path, line, message):
    mini.append("game.yaml", line)
    result = cli("build", mini.path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and message in result.output, result.output


def test_many_untranslated_strings_are_summarised(mini, tmp_path):
    result = cli("build", mini.path, "--out", tmp_path / "out", "--lang", "fr", "--quiet")
    assert result.exit_code == 0
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 11 and "more untranslated string(s)" in warnings[-1]
