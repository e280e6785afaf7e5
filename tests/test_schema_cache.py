"""The validators of the data model kept between runs (generator/model/schemacache.py): a
kept schema gives the same messages as one built afresh, and a stale, damaged or foreign
file is never used."""

from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _read(path: Path):
    data = path.read_bytes()
    assert hashlib.sha256(data[32:]).digest() == data[:32]  # each kept file carries its digest
    return pickle.loads(data[32:])


def _write(path: Path, content) -> None:
    data = pickle.dumps(content)
    path.write_bytes(hashlib.sha256(data).digest() + data)


def _check(game: Path, cache: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WARKIT_CACHE": cache}
    env.pop("MUTANT_UNDER_TEST", None)
    return subprocess.run([sys.executable, "-m", "generator", "check", str(game)], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def _bad_game(mini) -> Path:
    mini.replace("game.yaml", "  - {id: XXX, name: Corps, mark: XXX, weight: 1}",
                 "  - {id: XXX, name: Corps, mark: XXX, weight: 1, colour: red}")
    mini.replace("game.yaml", "title: Mini War", "title: Mini War\nmax_stack: many")
    return mini.path


def test_a_kept_schema_gives_the_messages_of_a_fresh_one(mini, tmp_path):
    game = _bad_game(mini)
    fresh = _check(game, "off")
    assert fresh.returncode == 2 or fresh.returncode == 1
    assert "game.yaml" in fresh.stdout + fresh.stderr
    assert "colour" in fresh.stdout + fresh.stderr  # the unknown key, named where it stands
    first = _check(game, str(tmp_path / "cache"))  # builds and keeps
    kept = sorted(p.name.split(".pickle")[0].rsplit(".", 1)[0] for p in (tmp_path / "cache" / "schemas").iterdir())
    assert "generator.model.game.GameSpec" in kept
    second = _check(game, str(tmp_path / "cache"))  # from what was kept
    assert (first.returncode, first.stdout, first.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert (second.returncode, second.stdout, second.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)


class _Planted:
    """A pickle that would run a command when loaded."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_foreign_file_is_never_loaded(mini, tmp_path):
    game = _bad_game(mini)
    fresh = _check(game, "off")
    cache = tmp_path / "cache"
    _check(game, str(cache))
    [path] = (cache / "schemas").glob("generator.model.game.GameSpec.*.pickle")
    head, sources, _ = _read(path)
    marker = tmp_path / "ran"
    _write(path, (head, sources, pickle.dumps(_Planted(marker))))
    planted = _check(game, str(cache))
    assert not marker.exists()
    assert (planted.returncode, planted.stdout) == (fresh.returncode, fresh.stdout)
    path.write_bytes(b"not a pickle")
    damaged = _check(game, str(cache))
    assert (damaged.returncode, damaged.stdout) == (fresh.returncode, fresh.stdout)


def test_a_file_made_from_other_sources_is_not_used(tmp_path, monkeypatch):
    from generator.model import schemacache
    from generator.model.selectors import UnitSelector

    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    UnitSelector.model_rebuild(force=True)
    schemacache.keep(UnitSelector, UnitSelector.__pydantic_core_schema__)
    assert schemacache.load(UnitSelector) is not None
    [path] = (tmp_path / "schemas").glob("generator.model.selectors.UnitSelector.*.pickle")
    head, sources, body = _read(path)
    source = next(p for p in sources if p.endswith(os.path.join("model", "selectors.py")))
    size, mtime = sources[source]
    _write(path, (head, {**sources, source: (size + 1, mtime)}, body))
    assert schemacache.load(UnitSelector) is None  # its source changed since
    _write(path, ((0,) + head[1:], sources, body))
    assert schemacache.load(UnitSelector) is None  # another format, Python or pydantic
    _write(path, (head, sources, body))
    assert schemacache.load(UnitSelector) is not None  # as it was: used
    data = path.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert schemacache.load(UnitSelector) is None  # damaged: its digest does not match
    monkeypatch.setenv("WARKIT_CACHE", "off")
    from generator import kept

    assert kept.folder("schemas") is None


def test_a_font_cut_is_kept_and_read_back_the_same(tmp_path, monkeypatch):
    """The SVG files' font subsets (render/svgfonts.py) are kept too: a later run reads the
    very bytes fontTools cut, without cutting; a damaged file is cut again."""
    from generator.fonts.faces import face
    from generator.render import svgfonts

    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setenv("WARKIT_CACHE", "off")
    data = face("sans").path.read_bytes()
    fresh = svgfonts._cut(data, "Warkit 12", (1, 2))
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    svgfonts.subset.cache_clear()
    assert svgfonts.subset(data, "Warkit 12", (1, 2)) == fresh
    [kept_file] = (tmp_path / "fonts").iterdir()
    svgfonts.subset.cache_clear()

    def no_cut(*args):
        raise AssertionError("cut again")

    monkeypatch.setattr(svgfonts, "_cut", no_cut)
    assert svgfonts.subset(data, "Warkit 12", (1, 2)) == fresh  # read back, not cut
    svgfonts.subset.cache_clear()
    with pytest.raises(AssertionError, match="cut again"):
        svgfonts.subset(data, "Warkit 13", (1, 2))  # other characters: another file
    kept_file.write_bytes(kept_file.read_bytes()[:-1])
    svgfonts.subset.cache_clear()
    monkeypatch.undo()
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    assert svgfonts.subset(data, "Warkit 12", (1, 2)) == fresh  # damaged: cut again
    svgfonts.subset.cache_clear()


def test_a_decoded_picture_is_kept_and_read_back_the_same(tmp_path, monkeypatch):
    """A raster picture decoded once (io/pictures.py) is not decoded again by a later run: the
    file as it is, or its conversion (a palette PNG becomes RGB); a damaged file is never kept."""
    from PIL import Image as PilImage

    from generator.io import pictures
    from generator.model.source import Location
    from generator.validation.report import Report

    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    game = tmp_path / "game"
    game.mkdir()
    PilImage.new("P", (40, 30), 3).save(game / "palette.png")
    PilImage.new("RGB", (40, 30), (200, 10, 10)).save(game / "plain.png")
    (game / "broken.png").write_bytes((game / "plain.png").read_bytes()[:60])
    where = Location("game.yaml", 1)

    def read(name: str):
        report = Report()
        found = pictures.read_picture(game, name, where, report)
        return found, [issue.message for issue in report.errors]

    monkeypatch.setenv("WARKIT_CACHE", "off")
    fresh = {name: read(name) for name in ("palette.png", "plain.png", "broken.png")}
    assert fresh["palette.png"][0].data != (game / "palette.png").read_bytes()  # converted
    assert fresh["plain.png"][0].data == (game / "plain.png").read_bytes()
    assert fresh["broken.png"][0] is None and "cannot be decoded" in fresh["broken.png"][1][0]
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path / "kept"))
    assert {name: read(name) for name in fresh} == fresh  # decoded, and kept
    assert len(list((tmp_path / "kept" / "pictures").iterdir())) == 2  # not the damaged one

    def no_decoding(data):
        raise AssertionError("decoded again")

    monkeypatch.setattr(pictures, "_decoded", no_decoding)
    assert read("palette.png") == fresh["palette.png"]
    assert read("plain.png") == fresh["plain.png"]


def test_a_font_read_once_is_not_read_again(tmp_path, monkeypatch):
    """A game's TrueType face found whole once (io/fonts.py) gives the same family and bytes
    to a later run without fontTools or reportlab reading it."""
    from generator.fonts.faces import face
    from generator.io import fonts
    from generator.model.source import Location
    from generator.validation.report import Report

    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    game = tmp_path / "game"
    (game / "fonts").mkdir(parents=True)
    (game / "fonts" / "Face.ttf").write_bytes(face("sans").path.read_bytes())
    (game / "fonts" / "OFL.txt").write_text("licence")
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path / "kept"))
    first = fonts.read_font(game, "fonts/Face.ttf", Location("game.yaml", 1), Report())
    assert first.family == "DejaVu Sans"

    def no_reading(data):
        raise AssertionError("read again")

    monkeypatch.setattr(fonts, "truetype_outlines", no_reading)
    again = fonts.read_font(game, "fonts/Face.ttf", Location("game.yaml", 1), Report())
    assert (again.family, again.data, again.digest) == (first.family, first.data, first.digest)


def test_babels_findings_in_a_catalog_are_kept(tmp_path, monkeypatch):
    """What Babel's check finds in a catalog (i18n/status.py) is kept by the catalog's digest:
    a later run gives the same findings without Babel's checkers; a catalog whose messages
    cannot fail them is not checked at all."""
    from babel.messages.catalog import Catalog

    from generator.i18n import status

    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    # German: two plural forms in every CLDR release Babel has shipped (Spanish went from
    # two to three in Babel 2.19)
    catalog = Catalog(locale="de")
    catalog.add("%(num)d steps", "%(n)s Schritte", flags=["python-format"], context="a")
    catalog.add(("%(num)d step", "%(num)d steps"), ("%(num)d Schritt", "%(num)d Schritte", "x"), context="b")
    catalog.add("Clear", "Klar", context="c")
    expected = (("a", "%(num)d steps", ("unknown named placeholder 'n'",)),
                ("b", "%(num)d step", ("Wrong number of plural forms (expected 2)",)))
    assert status._checked(catalog, "digest-1") == expected
    assert len(list((tmp_path / "catalogs").iterdir())) == 1

    def no_check(self):
        raise AssertionError("checked again")

    monkeypatch.setattr(Catalog, "check", no_check)
    assert status._checked(catalog, "digest-1") == expected  # kept
    plain = Catalog(locale="de")
    plain.add("Clear", "Klar", context="c")
    assert status._checked(plain, "digest-2") == ()  # nothing Babel could find: not checked
    with pytest.raises(AssertionError, match="checked again"):
        status._checked(catalog, "")  # a catalog read without a digest is not kept


def test_the_consistency_findings_are_kept(tmp_path, monkeypatch):
    """i18n/consistency.deviations: the findings for the same entries, glossary and languages
    are read back; other entries are searched again."""
    from generator.i18n import consistency
    from generator.i18n.glossary import load_glossary

    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setenv("WARKIT_CACHE", str(tmp_path))
    entries = [("side.cp.name", "Central Powers", "Potencias Centrales"),
               ("rule.1", "The Central Powers move first.", "Los Poderes Centrales mueven primero.")]
    glossary = load_glossary()
    found = consistency.deviations(entries, glossary, "en", "es")
    assert [(d.key, d.term, d.expected, d.reference) for d in found] == [
        ("rule.1", "Central Powers", "Potencias Centrales", "side.cp.name"),  # the name's own entry
        ("rule.1", "Central Powers", "Potencias Centrales", "side.cp.name, one of the glossary's forms")]

    def no_search(*args):
        raise AssertionError("searched again")

    monkeypatch.setattr(consistency, "_deviations", no_search)
    assert consistency.deviations(entries, glossary, "en", "es") == found
    with pytest.raises(AssertionError, match="searched again"):
        consistency.deviations(entries[:1], glossary, "en", "es")
