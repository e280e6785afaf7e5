"""warkit serve in a real headless Chromium: the page loads, an edit of units.csv updates
the counters' picture in the open page, the paint mode paints; no console errors."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from browser import Browser, chromium
from serving import serving

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def browser():
    found = chromium()
    if isinstance(found, str):
        pytest.skip(found)
    with Browser(found) as active:
        yield active


def wait(browser, script: str, timeout: float = 60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = browser.run(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for: {script}")


def test_load_edit_update_paint_without_console_errors(browser, tmp_path):
    game_dir = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", game_dir)
    with serving(game_dir, tmp_path / "out") as (url, session):
        browser.console()
        browser.open(url + "/")
        wait(browser, "return document.getElementById('status').textContent === 'up to date' || "
                      "document.getElementById('status').textContent.startsWith('up to date');")
        assert browser.run("return document.getElementById('summary').textContent;") == "ok: no errors, 0 warning(s)"
        old = wait(browser, "const f = document.querySelector('figure[data-path=\"counters.pdf\"]');"
                            "return f && f.querySelector('img').complete && f.querySelector('img').naturalWidth > 0 && f.dataset.sha;")
        units = game_dir / "units.csv"
        units.write_text(units.read_text(encoding="utf-8").replace("b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,9-7-4"),
                         encoding="utf-8")
        new = wait(browser, "const f = document.querySelector('figure[data-path=\"counters.pdf\"]');"
                            f"return f.dataset.sha !== '{old}' && f.querySelector('img').complete && f.dataset.sha;")
        assert new != old
        assert browser.run("return document.querySelector('figure[data-path=\"counters.pdf\"]').classList"
                           ".contains('updated');")  # the rebuilt sheet is marked for a while
        # an error shows in the page with its file and line
        units.write_text(units.read_text(encoding="utf-8").replace("b2,bl,inf,XX,2,3-3-4,0101", "b2,bl,inf,XX,2,3-3-4,9999"),
                         encoding="utf-8")
        text = wait(browser, "const li = document.querySelector('#issues li.error'); return li && li.textContent;")
        assert text.startswith("mini/units.csv:3:")
        assert wait(browser, "return document.getElementById('status').textContent.startsWith('check failed');")
        # paint mode: choose forest, click hex 0202, the file changes
        browser.run("document.getElementById('show-paint').click();")
        wait(browser, "return document.querySelectorAll('#mapview polygon').length > 0;")
        browser.run("document.querySelector('#legend button[data-terrain=\"forest\"]').click();"
                    "const p = document.querySelector('#mapview polygon[data-hex=\"0202\"]');"
                    "p.scrollIntoView(); const r = p.getBoundingClientRect();"
                    "const at = {clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true};"
                    "document.getElementById('mapview').dispatchEvent(new PointerEvent('pointerdown', at));"
                    "window.dispatchEvent(new PointerEvent('pointerup', at));")
        wait(browser, "return document.getElementById('paint-status').textContent.startsWith('painted 1 hex');")
        assert "0202,forest" in (game_dir / "map" / "hexes.csv").read_text(encoding="utf-8")
        errors = [entry for entry in browser.console() if entry.get("level") == "SEVERE"]
        assert errors == []
