"""index.html in a real headless Chromium: it loads without console errors or broken links,
shows every page and every counter, its viewer zooms, and data text cannot run as script.

Chromium comes from tests/browser.py (installed on first use when it can be); where it cannot
be installed these tests skip and say why.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdf
import pytest

from browser import Browser, chromium, file_url
from generator.build.runner import build_game

FIXTURES = Path(__file__).parent / "fixtures"
SCRIPT_NAME = "<script>window.pwned = 1</script>"
IMG_NAME = '<img src=x onerror="window.pwned = 2">'


@pytest.fixture(scope="module")
def browser():
    found = chromium()
    if isinstance(found, str):
        pytest.skip(found)
    with Browser(found) as active:
        yield active


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The mini game in English and Spanish, a unit and a marker named like markup."""
    folder = tmp_path_factory.mktemp("game") / "mini"
    shutil.copytree(FIXTURES / "mini", folder)
    units = (folder / "units.csv").read_text(encoding="utf-8").splitlines()
    units[0] += ",name"
    units[1:] = [line + "," for line in units[1:]]
    units[1] = units[1] + SCRIPT_NAME  # b1
    (folder / "units.csv").write_text("\n".join(units) + "\n", encoding="utf-8")
    markers = (folder / "markers.csv").read_text(encoding="utf-8")
    (folder / "markers.csv").write_text(markers.replace("control-red,Red control,", f"control-red,\"{IMG_NAME.replace(chr(34), chr(34) * 2)}\","),
                                        encoding="utf-8")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text(encoding="utf-8").replace(
        "title: Mini War", "title: Mini <b>War</b>") + "print: {languages: [en, es]}\n", encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    build_game(folder, out, {"counter_images": ("png",)}, jobs=2)  # the gallery shows the PNGs
    return out / "mini"


def load(browser, page: Path) -> None:
    browser.console()  # forget what earlier pages said
    browser.open(file_url(page))


def test_the_preview_loads_without_console_errors(browser, kit):
    load(browser, kit / "en" / "index.html")
    assert browser.run("return document.readyState") == "complete"
    assert browser.run("return document.body.dataset.viewer") == "ready"  # the script ran to its end
    problems = [entry for entry in browser.console() if entry["level"] in ("SEVERE", "WARNING")]
    assert problems == []


def test_every_kit_page_and_every_counter_is_shown(browser, kit):
    for language in ("en", "es"):
        folder = kit / language
        load(browser, folder / "index.html")
        pages = len(pypdf.PdfReader(io.BytesIO((folder / "kit.pdf").read_bytes())).pages)
        counters = len(list((folder / "counters").glob("*-front.png")))
        shown = browser.run("return [document.querySelectorAll('li.page img').length,"
                            " document.querySelectorAll('li.counter').length]")
        assert shown == [pages, counters]
        loaded = browser.run("return Array.from(document.querySelectorAll('li.page img'))"
                             ".every(img => img.complete && img.naturalWidth > 0)")
        assert loaded


def test_every_link_and_image_points_at_a_file_that_loads(browser, kit):
    load(browser, kit / "es" / "index.html")
    broken = browser.run_async("""
        const done = arguments[arguments.length - 1];
        const sources = new Set();
        document.querySelectorAll('img[src]').forEach(img => sources.add(img.src));
        document.querySelectorAll('a[href]').forEach(a => {
          const url = a.href.split('#')[0];
          if (/\\.(png|svg)$/.test(url)) sources.add(url);
        });
        const checks = Array.from(sources).map(src => new Promise(resolve => {
          const probe = new Image();
          probe.onload = () => resolve(null);
          probe.onerror = () => resolve(src);
          probe.src = src;
        }));
        Promise.all(checks).then(results => done(results.filter(Boolean)));
    """)
    assert broken == []
    links = browser.run("return Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))")
    targets = {link.split("#")[0] for link in links}
    for target in targets:
        assert (kit / "es" / target).resolve().is_file(), target
    assert {"kit.pdf", "manifest.json", "counters.pdf", "map-main.svg", "../en/index.html"} <= targets


def test_data_text_is_shown_never_run(browser, kit):
    load(browser, kit / "en" / "index.html")
    assert browser.run("return typeof window.pwned") == "undefined"
    texts = browser.run("return Array.from(document.querySelectorAll('li.counter span')).map(s => s.textContent)")
    assert SCRIPT_NAME in texts and IMG_NAME in texts
    assert browser.run("return document.querySelectorAll('li.counter script, li.counter span img').length") == 0
    assert browser.run("return document.querySelector('h1').textContent") == "Mini <b>War</b>"
    assert [e for e in browser.console() if e["level"] == "SEVERE"] == []


def test_the_map_viewer_zooms_and_pans(browser, kit):
    load(browser, kit / "en" / "index.html")
    browser.run_async("""
        const done = arguments[arguments.length - 1];
        const image = document.getElementById('viewer-image');
        if (image.complete) { done(); } else { image.addEventListener('load', () => done()); }
    """)
    fitted = browser.run("return document.getElementById('viewer-image').style.transform")
    browser.run("document.querySelector('[data-zoom=in]').click()")
    zoomed = browser.run("return document.getElementById('viewer-image').style.transform")
    assert fitted.startswith("translate(") and zoomed != fitted
    scale = lambda transform: float(transform.split("scale(")[1].rstrip(")"))  # noqa: E731
    assert scale(zoomed) == pytest.approx(scale(fitted) * 1.5, rel=1e-4)
    browser.run("""
        const viewer = document.getElementById('viewer');
        const at = (type, x, y) => viewer.dispatchEvent(new PointerEvent(type, {clientX: x, clientY: y, pointerId: 1, bubbles: true}));
        at('pointerdown', 100, 100); at('pointermove', 160, 130); at('pointerup', 160, 130);
    """)
    moved = browser.run("return document.getElementById('viewer-image').style.transform")
    assert moved != zoomed and scale(moved) == scale(zoomed)
    assert [e for e in browser.console() if e["level"] == "SEVERE"] == []
