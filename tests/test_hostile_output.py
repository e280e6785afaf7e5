"""What a build writes, from the hostile side: data text is inert in every output (a unit
named `<script>` is text in index.html, the SVGs and the PDFs), and nothing is lost — no
write or deletion outside the output folder, no file someone else wrote or changed replaced
without --force, no translation dropped by `warkit i18n update`."""

from __future__ import annotations

import hashlib
import html.parser
import io
import json
import os
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pypdf
import pytest
from typer.testing import CliRunner

from generator.build.runner import build_game
from generator.build.writer import output_path
from generator.cli.app import app
from generator.errors import WarkitError

MINI = Path(__file__).parent / "fixtures" / "mini"
SCRIPT = "<script>alert(1)</script>"
IMAGE = '<img src=x onerror="alert(2)">'


def cli(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def hostile_kit(tmp_path_factory) -> Path:
    """The mini game with markup in every kind of name, built in English."""
    game = tmp_path_factory.mktemp("game") / "mini"
    shutil.copytree(MINI, game)

    def edit(name, old, new):
        text = (game / name).read_text(encoding="utf-8")
        assert old in text
        (game / name).write_text(text.replace(old, new, 1), encoding="utf-8")

    edit("game.yaml", "title: Mini War", f"title: '{SCRIPT} & War'")
    edit("game.yaml", "{id: inf, name: Infantry", f"{{id: inf, name: '{IMAGE}'")
    edit("game.yaml", "{id: forest, name: Forest", "{id: forest, name: '</text><script>alert(3)</script>'")
    edit("map/hexes.csv", "0101,clear,Blueton", '0101,clear,"<svg onload=alert(4)>"')
    edit("units.csv", "b1,bl,inf,XXX,1,", "b1,bl,inf,XXX,<b>1</b>,")
    edit("scenarios/opening.yaml", "title: Opening moves", "title: \"]]><script>alert(5)</script>\"")
    out = tmp_path_factory.mktemp("out")
    result = cli("build", game, "--out", out, "--lang", "en", "--jobs", "1", "--quiet", "--counter-images", "svg,png")
    assert result.exit_code == 0, result.output
    return out / "mini" / "en"


class _Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.handlers, self.scripts, self.text = [], [], [], []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)


def test_markup_in_the_data_is_text_in_the_preview(hostile_kit):
    page = _Elements()
    page.feed((hostile_kit / "index.html").read_text(encoding="utf-8"))
    assert page.tags.count("script") == 1 and "alert" not in "".join(page.scripts)  # only warkit's own script
    assert "svg" not in page.tags and "b" not in page.tags
    assert page.handlers == []
    text = "".join(page.text)
    assert f"{SCRIPT} & War" in text  # shown as the text it is
    assert "<b>1</b>" in text  # a unit's designation, under its counter


def test_markup_in_the_data_is_text_in_every_svg(hostile_kit):
    svgs = sorted(hostile_kit.glob("*.svg")) + sorted(hostile_kit.glob("counters/*.svg"))
    texts = []
    for svg in svgs:
        root = ElementTree.parse(svg).getroot()  # well-formed, whatever the names held
        for element in root.iter():
            assert element.tag.rsplit("}", 1)[-1] not in ("script", "foreignObject"), svg.name
            assert not [name for name in element.attrib if name.startswith("on")], svg.name
            texts.append("".join(element.itertext()) if element.tag.endswith("text") else "")
    joined = "\n".join(texts)
    assert "<svg onload=alert(4)>" in joined  # the place name on the map
    assert "</text><script>alert(3)</script>" in joined  # the terrain in the TEC


def test_markup_in_the_data_is_text_in_the_pdfs(hostile_kit):
    kit = pypdf.PdfReader(io.BytesIO((hostile_kit / "kit.pdf").read_bytes()))
    assert f"{SCRIPT} & War" in " ".join(kit.pages[0].extract_text().split())  # the cover's title, wrapped
    assert kit.metadata.title.startswith(f"{SCRIPT} & War")
    setup = pypdf.PdfReader(io.BytesIO((hostile_kit / "setup-opening.pdf").read_bytes()))
    assert "]]><script>alert(5)</script>" in " ".join(setup.pages[0].extract_text().split())  # the scenario
    assert json.loads((hostile_kit / "manifest.json").read_text(encoding="utf-8"))["title"] == f"{SCRIPT} & War"


# --- nothing written or deleted outside the output folder --------------------------------------


@pytest.mark.parametrize("name", ["../escape.pdf", "/tmp/escape.pdf", "counters/../../x.svg", "a\\b.svg", "",
                                  "bad\nname.pdf"])
def test_an_output_name_cannot_leave_the_folder(tmp_path, name):
    with pytest.raises(WarkitError, match="refusing to write"):
        output_path(tmp_path / "out", name)


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_linked_subfolder_cannot_carry_writes_out_even_with_force(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = tmp_path / "out" / "mini" / "en"
    folder.mkdir(parents=True)
    (folder / "counters").symlink_to(elsewhere)
    with pytest.raises(WarkitError, match=r"refusing to write 'counters/b1-front.svg': .*/en/counters is a "
                                          r"symbolic link \(it could lead outside"):
        output_path(folder, "counters/b1-front.svg")
    result = cli("build", MINI, "--out", tmp_path / "out", "--force", "--only", "counters", "--lang", "en",
                 "--jobs", "1")
    assert (result.exit_code, result.output) == (2, f"warkit: {folder / 'counters'} is a symbolic link (to "
                                                    f"'{elsewhere}'); warkit writes only real folders and files into "
                                                    "its output: remove it, or choose another --out (even --force "
                                                    "does not write through it)\n")
    assert list(elsewhere.iterdir()) == [] and not (folder / "counters.pdf").exists()


def test_an_out_folder_that_is_a_file_is_one_message(tmp_path):
    (tmp_path / "out").write_text("not a folder", encoding="utf-8")
    result = cli("build", MINI, "--out", tmp_path / "out", "--only", "crt", "--lang", "en", "--jobs", "1")
    assert (result.exit_code, result.output) == (2, f"warkit: cannot build into {tmp_path / 'out' / 'mini'}: "
                                                    f"{tmp_path / 'out'} is a file, not a folder (--out names a "
                                                    "folder)\n")
    assert (tmp_path / "out").read_text(encoding="utf-8") == "not a folder"


@pytest.fixture
def built(tmp_path) -> Path:
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    build_game(game, tmp_path / "out", {"only": ("crt", "tec"), "languages": ("en",)})
    return tmp_path / "out" / "mini" / "en"


def test_a_changed_output_is_not_replaced_without_force(built, tmp_path):
    original = (built / "crt.pdf").read_bytes()
    edited = original.replace(b"Combat Results", b"Combat Rezults")  # same size: found by its hash
    assert len(edited) == len(original) and edited != original
    (built / "crt.pdf").write_bytes(edited)
    text = (tmp_path / "mini" / "game.yaml").read_text(encoding="utf-8")
    (tmp_path / "mini" / "game.yaml").write_text(text.replace("name: Combat Results Table", "name: CRT"),
                                                  encoding="utf-8")
    result = cli("build", tmp_path / "mini", "--out", tmp_path / "out", "--only", "crt,tec", "--lang", "en",
                 "--jobs", "1")
    assert result.exit_code == 2
    assert f"warkit: {built} holds 1 file(s) changed since warkit wrote them (crt.pdf); choose another --out, or " \
           "pass --force to build there anyway" in result.output
    assert (built / "crt.pdf").read_bytes() == edited and not list(built.glob(".*.part"))
    forced = cli("build", tmp_path / "mini", "--out", tmp_path / "out", "--only", "crt,tec", "--lang", "en",
                 "--jobs", "1", "--force")
    assert forced.exit_code == 0, forced.output
    assert (built / "crt.pdf").read_bytes() not in (edited, original)


def test_a_resized_output_is_refused_before_any_work(built, tmp_path):
    (built / "tec.svg").write_text("<svg/>", encoding="utf-8")
    with pytest.raises(WarkitError, match=r"holds 1 file\(s\) changed since warkit wrote them \(tec.svg\)"):
        build_game(tmp_path / "mini", tmp_path / "out", {"only": ("crt", "tec"), "languages": ("en",)})


def test_a_stale_output_someone_changed_is_kept(built, tmp_path):
    (built / "tec.svg").write_bytes((built / "tec.svg").read_bytes().replace(b"Forest", b"Bosque"))
    result = build_game(tmp_path / "mini", tmp_path / "out", {"only": ("crt", "tec"), "languages": ("en",),
                                                              "counter_images": ()}, force=True)
    assert (built / "tec.svg").is_file() and result.removed == []


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_forged_manifest_cannot_delete_outside_the_folder(built, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    outside = tmp_path / "out" / "mini" / "kept.txt"
    outside.write_text("keep me too", encoding="utf-8")
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    manifest["outputs"] += [{"path": "../../../victim.txt", "component": "crt", "size": 7,
                             "sha256": hashlib.sha256(b"keep me").hexdigest()},
                            {"path": "/" + str(victim).lstrip("/"), "component": "crt", "size": 7,
                             "sha256": hashlib.sha256(b"keep me").hexdigest()},
                            {"path": "../kept.txt", "component": "crt", "size": 11,
                             "sha256": hashlib.sha256(b"keep me too").hexdigest()}]
    (built / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = build_game(tmp_path / "mini", tmp_path / "out", {"only": ("crt",), "languages": ("en",)}, force=True)
    assert result.removed == []
    assert victim.read_text(encoding="utf-8") == "keep me" and outside.read_text(encoding="utf-8") == "keep me too"


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_link_in_the_output_is_refused_even_with_force(built, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (built / "link.txt").symlink_to(victim)
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    manifest["outputs"] += [{"path": "link.txt", "component": "crt", "size": 7,
                             "sha256": hashlib.sha256(b"keep me").hexdigest()}]
    (built / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(WarkitError, match=r"/en/link.txt is a symbolic link \(to '.*victim.txt'\); warkit writes "
                                          r"only real folders and files"):
        build_game(tmp_path / "mini", tmp_path / "out", {"only": ("crt",), "languages": ("en",)}, force=True)
    assert victim.read_text(encoding="utf-8") == "keep me" and (built / "link.txt").is_symlink()


# --- `warkit i18n update` never drops a translation --------------------------------------------


def test_i18n_update_keeps_every_translation_through_hostile_edits(tmp_path):
    from generator.i18n.pofiles import read_catalog

    def translations(path):
        catalog = read_catalog(path)
        return {m.context: m.string for m in [*catalog, *catalog.obsolete.values()] if m.id and m.string}

    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    catalog = game / "locales" / "es" / "LC_MESSAGES" / "game.po"
    before = translations(catalog)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    # a terrain removed, another renamed to markup
    text = text.replace("  - {id: forest, name: Forest, movement: \"2\"}\n", "")
    text = text.replace("{id: clear, name: Clear", "{id: clear, name: '<b>Open</b>'")
    (game / "game.yaml").write_text(text, encoding="utf-8")
    (game / "map" / "hexes.csv").write_text((game / "map" / "hexes.csv").read_text(encoding="utf-8")
                                            .replace("0303,forest", "0303,clear"), encoding="utf-8")
    for _ in range(2):  # twice: an obsolete entry must survive a second update too
        result = cli("i18n", "update", game)
        assert result.exit_code == 0, result.output
    after = translations(catalog)
    assert len(before) > 30 and before.items() <= after.items()
    assert ("Forest", "terrain.forest.name") in read_catalog(catalog).obsolete


# --- the output tree: links and special files anywhere, modes, files that are not ours -------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
@pytest.mark.parametrize("name", ["manifest.json", "crt.pdf", "counters/b1-front.svg", "notes.txt"])
def test_a_pipe_in_the_output_is_refused_without_reading_it(built, tmp_path, name):
    path = built / name
    path.parent.mkdir(exist_ok=True)
    path.unlink(missing_ok=True)
    os.mkfifo(path)  # reading it would wait for ever
    for force in ((), ("--force",)):
        result = cli("build", tmp_path / "mini", "--out", tmp_path / "out", "--only", "crt,tec", "--lang", "en",
                     "--jobs", "1", "--quiet", *force)
        assert (result.exit_code, result.output) == (2, f"warkit: {path} is a named pipe; warkit writes only real "
                                                        "folders and files into its output: remove it, or choose "
                                                        "another --out (even --force does not write through it)\n")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_a_manifest_linked_to_a_device_is_never_read(built, tmp_path):
    (built / "manifest.json").unlink()
    (built / "manifest.json").symlink_to("/dev/zero")
    result = cli("build", tmp_path / "mini", "--out", tmp_path / "out", "--only", "crt,tec", "--lang", "en", "--jobs",
                 "1", "--quiet", "--force")
    assert (result.exit_code, result.output) == (2, f"warkit: {built / 'manifest.json'} is a symbolic link (to "
                                                    "'/dev/zero'); warkit writes only real folders and files into its "
                                                    "output: remove it, or choose another --out (even --force does not "
                                                    "write through it)\n")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
@pytest.mark.parametrize("linked", ["mini", "mini/en"])
def test_a_linked_game_or_language_folder_is_refused(tmp_path, linked):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "out" / linked
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(elsewhere)
    result = cli("build", MINI, "--out", tmp_path / "out", "--only", "crt", "--lang", "en", "--jobs", "1", "--force")
    if linked == "mini":
        expected = (f"warkit: {link} is a symbolic link (to {elsewhere}); warkit writes only into real folders: "
                    "remove the link or choose another --out\n")
    else:
        expected = (f"warkit: {link} is a symbolic link (to '{elsewhere}'); warkit writes only real folders and files "
                    "into its output: remove it, or choose another --out (even --force does not write through it)\n")
    assert (result.exit_code, result.output) == (2, expected)
    assert list(elsewhere.iterdir()) == []


def test_replaced_outputs_keep_their_permissions(built, tmp_path):
    os.chmod(built / "crt.pdf", 0o640)
    os.chmod(built / "tec.svg", 0o444)
    text = (tmp_path / "mini" / "game.yaml").read_text(encoding="utf-8")
    (tmp_path / "mini" / "game.yaml").write_text(text.replace("Combat Results Table", "Combat Table")
                                                 .replace("name: Forest", "name: Woods"), encoding="utf-8")
    result = build_game(tmp_path / "mini", tmp_path / "out", {"only": ("crt", "tec"), "languages": ("en",)})
    assert {p.name for p in result.written} >= {"crt.pdf", "tec.svg"}
    assert (built / "crt.pdf").stat().st_mode & 0o777 == 0o640
    assert (built / "tec.svg").stat().st_mode & 0o777 == 0o444
    mask = os.umask(0)
    os.umask(mask)
    assert (built / "manifest.json").stat().st_mode & 0o777 == 0o666 & ~mask


def test_i18n_update_keeps_the_catalogs_permissions(tmp_path):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    catalog = game / "locales" / "es" / "LC_MESSAGES" / "game.po"
    os.chmod(catalog, 0o664)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("name: Forest", "name: Woods"), encoding="utf-8")
    result = cli("i18n", "update", game)
    assert result.exit_code == 0, result.output
    assert "Woods" in catalog.read_text(encoding="utf-8")
    assert catalog.stat().st_mode & 0o777 == 0o664
