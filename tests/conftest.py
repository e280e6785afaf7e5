"""Shared fixtures: a tiny valid game copied to a temp folder, editable per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


class GameFolder:
    """A copy of the mini game that a test can edit file by file."""

    def __init__(self, path: Path):
        self.path = path

    def read(self, name: str) -> str:
        return (self.path / name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> "GameFolder":
        target = self.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return self

    def replace(self, name: str, old: str, new: str) -> "GameFolder":
        text = self.read(name)
        assert old in text, f"{old!r} not in {name}"
        return self.write(name, text.replace(old, new, 1))

    def append(self, name: str, line: str) -> "GameFolder":
        text = self.read(name)
        return self.write(name, text.rstrip("\n") + "\n" + line + "\n")


@pytest.fixture
def mini(tmp_path) -> GameFolder:
    target = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", target)
    return GameFolder(target)
