"""docs/tutorial.md: its `sh` blocks, run in order in an empty folder, all succeed and
leave the kit the tutorial promises."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

TUTORIAL = Path(__file__).parent.parent / "docs" / "tutorial.md"


def commands() -> str:
    blocks = re.findall(r"```sh\n(.*?)```", TUTORIAL.read_text(encoding="utf-8"), re.S)
    return "\n".join(blocks)


def test_the_tutorial_has_the_steps_from_new_to_print():
    script = commands()
    for step in ("warkit new", "warkit map to-text", "warkit check border-war --strict", "warkit build", "warkit calibrate"):
        assert step in script


def test_the_tutorial_commands_run(tmp_path):
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", commands()], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    assert "ok: no errors, 0 warning(s)" in result.stderr
    kit = tmp_path / "output" / "border-war" / "en" / "kit.pdf"
    assert kit.is_file() and kit.read_bytes().startswith(b"%PDF")
    text_map = (tmp_path / "border-war" / "map" / "main.txt").read_text(encoding="utf-8")
    shown = re.search(r"```text\n(\[legend terrain\].*?)…\n```", TUTORIAL.read_text(encoding="utf-8"), re.S).group(1)
    assert "\n".join(text_map.splitlines()[2:]).lstrip("\n").startswith(shown.rstrip("\n"))  # the tutorial shows what is there
    assert not (tmp_path / "border-war" / "map" / "hexes.csv").exists()
    assert (tmp_path / "calibration.pdf").is_file()
    assert "kit.pdf" in result.stdout
