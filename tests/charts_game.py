"""The mini game made richer for the chart tests: a CRT with rows the die cannot roll, DRMs,
a results key and notes; two dice tables; a turn track with long notes; a scenario with
reinforcements and a marker on the track. The fragments live in tests/fixtures/charts/."""

from __future__ import annotations

import pathlib
import re

from generator.build.components import BuildContext
from generator.build.options import BuildOptions
from generator.io.loader import load_game

FRAGMENTS = pathlib.Path(__file__).parent / "fixtures" / "charts"


def enrich(folder) -> pathlib.Path:
    """Rewrite a copy of the mini game (conftest's GameFolder) in place; return its path."""
    text = folder.read("game.yaml")
    text = _swap_section(text, "turn_track", "tables", (FRAGMENTS / "track.yaml").read_text(encoding="utf-8"))
    text = _swap_section(text, "tables", "sequence_of_play", (FRAGMENTS / "tables.yaml").read_text(encoding="utf-8"))
    folder.write("game.yaml", text)
    folder.write("scenarios/opening.yaml", (FRAGMENTS / "opening.yaml").read_text(encoding="utf-8"))
    return folder.path


def _swap_section(text: str, key: str, next_key: str, replacement: str) -> str:
    pattern = re.compile(rf"^{key}:.*?(?=^{next_key}:)", re.S | re.M)
    assert pattern.search(text), f"no {key} section before {next_key}"
    return pattern.sub(lambda _: replacement, text, count=1)


def context_for(path, **options) -> BuildContext:
    loaded = load_game(pathlib.Path(path))
    assert loaded.game is not None and not loaded.report.errors, [str(i) for i in loaded.report.errors]
    defaults = dict(out_dir=pathlib.Path("unused"), paper=loaded.game.spec.print.paper,
                    counter_size_mm=loaded.game.spec.print.counter_size_mm)
    defaults.update(options)
    return BuildContext(loaded.game, BuildOptions(**defaults), "en")


def texts_in(items, transform=None):
    """Every Text under `items` with its anchor point after the groups' transforms:
    [(text item, x_mm, y_mm)] in drawing order."""
    from generator.layout.primitives import Group, Text
    from generator.layout.transform import IDENTITY

    transform = transform or IDENTITY
    found = []
    for item in items:
        if isinstance(item, Group):
            found += texts_in(item.items, item.transform.then(transform))
        elif isinstance(item, Text):
            x, y = transform.apply(item.x_mm, item.y_mm)
            found.append((item, x, y))
    return found


def pdf_words(data: bytes, page_number: int = 0):
    """The text runs of one PDF page with their start point in page millimetres, y down."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[page_number]
    height_pt = float(page.mediabox.height)
    words = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x_pt = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y_pt = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            words.append((text, x_pt * 25.4 / 72, (height_pt - y_pt) * 25.4 / 72))

    page.extract_text(visitor_text=visit)
    return words
