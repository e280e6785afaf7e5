"""Counter faces: no text leaves its counter at any size, pictures are shared, and a few
representative faces match golden SVGs in tests/golden/counters/.

After an intended change to the counter art, look at the new files and refresh them with:

    WARKIT_UPDATE_GOLDEN=1 pytest tests/test_counter_art.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.components.counters.art import draw_face
from generator.components.counters.images import face_page
from generator.components.counters.plan import plan_counters
from generator.io.loader import load_game
from generator.layout.primitives import Text
from generator.layout.text_fit import cap_mm
from generator.fonts.metrics import text_width_mm
from generator.layout.text_place import text_origin_mm
from generator.render.svg import render_svg

ROOT = Path(__file__).parent.parent
GAMES = [ROOT / "tests" / "fixtures" / "mini", ROOT / "tests" / "fixtures" / "showcase",
         *sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))]  # fmt: skip
GOLDEN = Path(__file__).parent / "golden" / "counters"


def all_faces(folder: Path):
    game = load_game(folder).game
    for section in plan_counters(game):
        for counter in section.counters:
            yield f"{counter.name}-front", counter.front
            yield f"{counter.name}-back", counter.back


def text_box(text: Text) -> tuple[float, float, float, float]:
    """Left, top (of the capitals), right, baseline of an unrotated text item, in mm."""
    assert not text.rotation_deg
    x, baseline = text_origin_mm(text)
    return x, baseline - cap_mm(text.size_pt), x + text_width_mm(text.text, text.font, text.size_pt), baseline


@pytest.mark.parametrize("size_mm", [12.7, 15.875, 25.4])
@pytest.mark.parametrize("folder", GAMES, ids=[g.name for g in GAMES])
def test_no_text_leaves_its_counter(folder: Path, size_mm: float) -> None:
    margin = 0.02 * size_mm
    for name, face in all_faces(folder):
        for item in draw_face(face, size_mm).text:
            left, top, right, bottom = text_box(item)
            assert left >= margin and right <= size_mm - margin, f"{name}: {item.text!r} runs off the side"
            assert top >= margin and bottom <= size_mm - margin, f"{name}: {item.text!r} runs off the top or bottom"


@pytest.mark.parametrize("folder", GAMES, ids=[g.name for g in GAMES])
def test_factors_stay_readable_at_five_eighths(folder: Path) -> None:
    """At 5/8" the factor line is at least 6 pt and the corner code at least 3 pt."""
    for name, face in all_faces(folder):
        texts = draw_face(face, 15.875).text
        factors = [t for t in texts if face.factors and t.text == face.factors]
        assert all(t.size_pt >= 6 for t in factors), name
        codes = [t for t in texts if face.code and t.text == face.code]
        assert all(t.size_pt >= 3 for t in codes), name


def test_faces_that_look_alike_share_one_picture() -> None:
    game = load_game(ROOT / "data" / "glorys-end").game
    faces = [face for section in plan_counters(game) for c in section.counters for face in (c.front, c.back)]
    pictures = {draw_face(face, 15.875).picture.id for face in faces}
    assert len(pictures) < len(faces) / 3  # designations and factors are text on top


@pytest.mark.parametrize("name", ["b1-front", "b1-back", "b3-back", "r2-front", "r3-B-front", "b4-front",
                                  "marker-control-red-front"])  # fmt: skip
def test_counter_face_matches_its_golden_svg(name: str) -> None:
    faces = dict(all_faces(ROOT / "tests" / "fixtures" / "mini"))
    svg = render_svg(face_page(faces[name], 15.875, name))
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("WARKIT_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(svg)
    assert path.is_file(), f"no golden file {path}; create it with WARKIT_UPDATE_GOLDEN=1 pytest {__file__}"
    assert svg.decode() == path.read_text(encoding="utf-8"), (
        f"counter {name!r} changed; if intended: WARKIT_UPDATE_GOLDEN=1 pytest tests/test_counter_art.py"
    )
