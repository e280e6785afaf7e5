"""build/dependencies.py held to account: after an edit of one kind of input, every
component that does not read that kind writes the same bytes as before."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import dependencies as deps
from generator.build import manifest as mf
from generator.build.runner import build_game

FIXTURES = Path(__file__).parent / "fixtures"
EDITS = {
    "units": ("units.csv", "b1,bl,inf,XXX,1,6-7-4", "b1,bl,inf,XXX,1,9-7-4"),
    "map": ("map/hexes.csv", "0303,forest", "0303,clear"),
}


def outputs(folder: Path) -> dict[str, tuple[str, str]]:
    entries = mf.read_manifest(folder)
    return {path: (entry.component, entry.sha256) for path, entry in entries.items()}


@pytest.mark.parametrize("kind", sorted(EDITS))
def test_components_not_reading_an_edited_kind_do_not_change(tmp_path, kind):
    game_dir = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", game_dir)
    build_game(game_dir, tmp_path / "a", {"languages": ("en",)}, jobs=1)
    relative, old, new = EDITS[kind]
    path = game_dir / relative
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert deps.input_kind(__import__("generator.io.loader", fromlist=["x"]).load_game(game_dir).game.spec, relative) == kind
    build_game(game_dir, tmp_path / "b", {"languages": ("en",)}, jobs=1)
    before, after = outputs(tmp_path / "a" / "mini" / "en"), outputs(tmp_path / "b" / "mini" / "en")
    changed = {before[p][0] for p in before if p in after and before[p] != after[p]}
    changed.discard("kit")
    readers = {c for c in changed if kind in deps.reads(c)}
    assert changed == readers, f"changed without reading {kind}: {sorted(changed - readers)}"
    assert deps.FIRST[kind] in changed  # the edit did change something
